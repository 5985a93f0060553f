#include "ckernels.h"

/* Texture.reduce's taps: none to do on an axis that stays, a pair for an even one, a tent for an
   odd one; `shift` is log2 of the weights' sum. */
static void taps(int64_t from, int64_t to, int *count, uint32_t w[3], int *shift) {
    if (from == to) {
        *count = 1, w[0] = 1, w[1] = 0, w[2] = 0, *shift = 0;
    } else if (from % 2 == 0) {
        *count = 2, w[0] = 1, w[1] = 1, w[2] = 0, *shift = 1;
    } else {
        *count = 3, w[0] = 1, w[1] = 2, w[2] = 1, *shift = 2;
    }
}

void ckernels_reduce_level(const uint8_t *src, int64_t sw, int64_t sh, uint8_t *dst, int64_t dw, int64_t dh) {
    int cx, cy, shx, shy;
    uint32_t wx[3], wy[3];
    taps(sw, dw, &cx, wx, &shx);
    taps(sh, dh, &cy, wy, &shy);
    const int shift = shx + shy;
    const uint32_t half = shift ? 1u << (shift - 1) : 0;
    const int64_t stepx = sw == dw ? 1 : 2, stepy = sh == dh ? 1 : 2;
    for (int64_t y = 0; y < dh; y++) {
        uint8_t *out = dst + y * dw * 4;
        for (int64_t x = 0; x < dw; x++) {
            uint32_t sum[4] = {0, 0, 0, 0};
            for (int j = 0; j < cy; j++) {
                const uint8_t *row = src + ((y * stepy + j) * sw + x * stepx) * 4;
                for (int i = 0; i < cx; i++) {
                    const uint32_t w = wx[i] * wy[j];
                    sum[0] += row[i * 4] * w;
                    sum[1] += row[i * 4 + 1] * w;
                    sum[2] += row[i * 4 + 2] * w;
                    sum[3] += row[i * 4 + 3] * w;
                }
            }
            out[x * 4] = (uint8_t)((sum[0] + half) >> shift);
            out[x * 4 + 1] = (uint8_t)((sum[1] + half) >> shift);
            out[x * 4 + 2] = (uint8_t)((sum[2] + half) >> shift);
            out[x * 4 + 3] = (uint8_t)((sum[3] + half) >> shift);
        }
    }
}
