/* Writes the JPEG test fixtures (Tests/CodecsTests/Fixtures/jpeg) with libjpeg-turbo. Run once
   and commit the files; the tests never run it:
     cc scripts/make-jpeg-fixtures.c -ljpeg -o /tmp/make-jpeg-fixtures
     /tmp/make-jpeg-fixtures Tests/CodecsTests/Fixtures/jpeg fuzz/corpus/jpeg
   With a second folder (fuzz/corpus/jpeg) it also writes the fuzzer's extra seeds there:
   restart markers with 4:4:4 sampling, arithmetic coding, and a progressive gray file.
   quadrants*: 64 x 32, four 32 x 16 quadrants (red top left, green top right, blue bottom left,
   white bottom right), so each 16 x 16 chroma block of 4:2:0 lies in one colour. chroma-422.jpg:
   61 x 37, 4:2:2, colours that change every pixel (the chroma upsampling's test). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

static const unsigned char quadrant[4][3] = {{220, 30, 30}, {30, 200, 50}, {30, 50, 220}, {240, 240, 240}};

static unsigned char *buffer;
static unsigned long length;

/* Variations for the fuzz seeds. */
static int restart_444, arithmetic, sample_422;

static void encode(int w, int h, int comps, J_COLOR_SPACE in, J_COLOR_SPACE out, int progressive,
                   int quality, void (*pixel)(int x, int y, unsigned char *px)) {
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    free(buffer);
    buffer = NULL;
    length = 0;
    jpeg_mem_dest(&c, &buffer, &length);
    c.image_width = w;
    c.image_height = h;
    c.input_components = comps;
    c.in_color_space = in;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, out);
    jpeg_set_quality(&c, quality, TRUE);
    if (progressive) jpeg_simple_progression(&c);
    if (restart_444) {
        c.restart_interval = 1;
        c.comp_info[0].h_samp_factor = c.comp_info[0].v_samp_factor = 1;
    }
    if (sample_422) {
        c.comp_info[0].h_samp_factor = 2;
        c.comp_info[0].v_samp_factor = 1;
    }
    c.arith_code = arithmetic;
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc((size_t)w * comps);
    while (c.next_scanline < c.image_height) {
        for (int x = 0; x < w; x++) pixel(x, (int)c.next_scanline, row + x * comps);
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    free(row);
}

static void save(const char *dir, const char *name, const unsigned char *data, size_t n) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

static void quadrants(int x, int y, unsigned char *px) {
    memcpy(px, quadrant[(y >= 16) * 2 + (x >= 32)], 3);
}
static void gray(int x, int y, unsigned char *px) { px[0] = x < 16 ? 50 : 200; (void)y; }
static void solid(int x, int y, unsigned char *px) { px[0] = 200; px[1] = 100; px[2] = 50; (void)x; (void)y; }
static void busy(int x, int y, unsigned char *px) {
    px[0] = (unsigned char)(x * 7 + y * 3);
    px[1] = (unsigned char)(y * 5 + x * 2);
    px[2] = (unsigned char)(255 - x * 3 + y * y);
}
static void cmyk(int x, int y, unsigned char *px) { px[0] = 10; px[1] = 200; px[2] = 30; px[3] = (unsigned char)(x * 8 + y); }

/* The baseline quadrants file with an APP1 Exif block (IFD0: ImageWidth, then Orientation)
   right after SOI, in either byte order. */
static void save_oriented(const char *dir, int orientation, int big_endian) {
    unsigned char app1[2 + 2 + 6 + 8 + 2 + 24 + 4];
    unsigned char *t = app1 + 10;
    size_t n = 0;
    app1[n++] = 0xFF;
    app1[n++] = 0xE1;
    unsigned seg = sizeof app1 - 2;
    app1[n++] = seg >> 8;
    app1[n++] = seg & 0xFF;
    memcpy(app1 + n, "Exif\0\0", 6);
    n += 6;
#define U16(v) (big_endian ? (app1[n++] = (v) >> 8, app1[n++] = (v) & 0xFF) : (app1[n++] = (v) & 0xFF, app1[n++] = (v) >> 8))
#define U32(v) (big_endian ? (U16((v) >> 16), U16((v) & 0xFFFF)) : (U16((v) & 0xFFFF), U16((v) >> 16)))
    app1[n++] = big_endian ? 'M' : 'I';
    app1[n++] = big_endian ? 'M' : 'I';
    U16(42);
    U32(8);
    U16(2);
    U16(0x0100); U16(3); U32(1); U16(64); U16(0); /* ImageWidth = 64 */
    U16(0x0112); U16(3); U32(1); U16(orientation); U16(0);
    U32(0); /* no next IFD */
    (void)t;
    encode(64, 32, 3, JCS_RGB, JCS_YCbCr, 0, 95, quadrants);
    unsigned char *out = malloc(length + sizeof app1);
    memcpy(out, buffer, 2);
    memcpy(out + 2, app1, sizeof app1);
    memcpy(out + 2 + sizeof app1, buffer + 2, length - 2);
    char name[64];
    snprintf(name, sizeof name, "orientation-%d.jpg", orientation);
    save(dir, name, out, length + sizeof app1);
    free(out);
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: make-jpeg-fixtures DIR [FUZZ-SEED-DIR]\n");
        return 2;
    }
    const char *dir = argv[1];
    encode(64, 32, 3, JCS_RGB, JCS_YCbCr, 0, 95, quadrants);
    save(dir, "baseline.jpg", buffer, length);
    /* Cut in the middle of the scan data (the header whole): libjpeg would pad it with grey. */
    unsigned long sos = 2;
    while (sos + 1 < length && !(buffer[sos] == 0xFF && buffer[sos + 1] == 0xDA)) sos++;
    save(dir, "truncated.jpg", buffer, (sos + length) / 2);
    /* SOF0's height and width (after its length and precision) patched to 60000 x 60000. */
    unsigned char *huge = malloc(length);
    memcpy(huge, buffer, length);
    for (unsigned long i = 2; i + 9 < length; i++) {
        if (huge[i] == 0xFF && huge[i + 1] == 0xC0) {
            huge[i + 5] = 60000 >> 8; huge[i + 6] = 60000 & 0xFF;
            huge[i + 7] = 60000 >> 8; huge[i + 8] = 60000 & 0xFF;
            break;
        }
    }
    save(dir, "huge-declared-size.jpg", huge, length);
    free(huge);
    encode(64, 32, 3, JCS_RGB, JCS_YCbCr, 1, 95, quadrants);
    save(dir, "progressive.jpg", buffer, length);
    encode(64, 32, 3, JCS_RGB, JCS_RGB, 0, 95, quadrants);
    save(dir, "rgb-colorspace.jpg", buffer, length);
    encode(32, 16, 1, JCS_GRAYSCALE, JCS_GRAYSCALE, 0, 95, gray);
    save(dir, "gray.jpg", buffer, length);
    encode(16, 16, 4, JCS_CMYK, JCS_CMYK, 0, 90, cmyk);
    save(dir, "cmyk.jpg", buffer, length);
    encode(16, 16, 4, JCS_CMYK, JCS_YCCK, 0, 90, cmyk);
    save(dir, "ycck.jpg", buffer, length);
    encode(64, 64, 3, JCS_RGB, JCS_YCbCr, 0, 95, solid);
    save(dir, "solid-c86432.jpg", buffer, length);
    for (int o = 2; o <= 8; o++) save_oriented(dir, o, o % 2);
    sample_422 = 1;
    encode(61, 37, 3, JCS_RGB, JCS_YCbCr, 0, 90, busy);
    save(dir, "chroma-422.jpg", buffer, length);
    sample_422 = 0;
    if (argc == 3) {
        restart_444 = 1;
        encode(24, 24, 3, JCS_RGB, JCS_YCbCr, 0, 80, quadrants);
        save(argv[2], "restart-444.jpg", buffer, length);
        restart_444 = 0;
        arithmetic = 1;
        encode(24, 24, 3, JCS_RGB, JCS_YCbCr, 0, 80, quadrants);
        save(argv[2], "arithmetic.jpg", buffer, length);
        arithmetic = 0;
        encode(24, 16, 1, JCS_GRAYSCALE, JCS_GRAYSCALE, 1, 80, gray);
        save(argv[2], "progressive-gray.jpg", buffer, length);
    }
    return 0;
}
