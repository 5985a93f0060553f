#include "cpng.h"

#include <cisa.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* `fast`'s deflate, made for filtered PNG rows (docs/decisions.md, "PNG compression"): after a
   row filter what repeats is mostly a run of equal pixels (a flat area: residuals 0), so the only
   matches looked for are runs at distance one pixel (bpp), at pixel steps, at least MIN_MATCH
   bytes long; everything else is a literal. One dynamic Huffman block per piece, its codes fitted
   to the piece's own histogram (residuals cluster near 0, so literals take 2 to 6 bits instead of
   8). Two passes over a piece: the first finds the runs and counts the symbols, the second writes
   the codes. No hash table, no window search. Measured on the peer scenes' frames: matches at one
   row up, or runs of 4 bytes, made the files larger (their distance and length codes cost more
   than the literals they replace) and the encoder slower. The default level's LZ77 match finder
   (cpng_lz_deflate, below) shares the Huffman trees, the block header and the bit writer. */

#define MIN_MATCH 6
#define MIN_PROBE 4 /* bytes compared before a run is extended */
#define MAX_MATCH 258
#define LITLEN_SYMBOLS 286
#define DIST_SYMBOLS 30
#define CODELEN_SYMBOLS 19

/* A run of literals (read back from the input) followed by a match at distance bpp; the last one
   has length 0. */
typedef struct {
    uint32_t literals;
    uint32_t length;
} sequence;

static inline uint32_t load32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline void store64le(uint8_t *p, uint64_t v) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, 8);
}

/* ---- Deflate's symbol tables (RFC 1951, 3.2.5) ------------------------------------------------ */

static const uint16_t LENGTH_BASE[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t LENGTH_EXTRA[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t DIST_BASE[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t DIST_EXTRA[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t CODELEN_ORDER[CODELEN_SYMBOLS] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static uint8_t length_symbol[MAX_MATCH + 1]; /* length -> index into LENGTH_BASE */
static pthread_once_t length_symbol_once = PTHREAD_ONCE_INIT;

static void build_length_table(void) {
    for (int s = 0; s < 29; s++) {
        int end = s == 28 ? MAX_MATCH + 1 : LENGTH_BASE[s + 1];
        for (int l = LENGTH_BASE[s]; l < end && l <= MAX_MATCH; l++) {
            length_symbol[l] = (uint8_t)s;
        }
    }
    length_symbol[MAX_MATCH] = 28; /* 258 has a code of its own, not 227 + 31 */
}

static int distance_symbol(uint32_t d) {
    int s = 0;
    while (s < 29 && DIST_BASE[s + 1] <= d) {
        s++;
    }
    return s;
}

/* ---- Huffman code lengths ------------------------------------------------------------------- */

typedef struct {
    uint32_t freq;
    uint16_t symbol;
} leaf;

/* Sorts leaves by count, ties by symbol: a least-significant-digit radix sort on the count, 8 bits a
   pass, which keeps the symbols' order within a count (the leaves arrive in symbol order). With
   qsort through a comparison function the trees took a tenth of the deflate's time on the grid
   frames. */
static void sort_leaves(leaf *leaves, int used) {
    uint32_t most = 0;
    for (int i = 0; i < used; i++) {
        most |= leaves[i].freq;
    }
    leaf other[LITLEN_SYMBOLS];
    leaf *from = leaves, *to = other;
    for (unsigned shift = 0; shift < 32 && (most >> shift) != 0; shift += 8) {
        uint32_t start[257] = {0};
        for (int i = 0; i < used; i++) {
            start[((from[i].freq >> shift) & 255) + 1]++;
        }
        for (int b = 0; b < 256; b++) {
            start[b + 1] += start[b];
        }
        for (int i = 0; i < used; i++) {
            to[start[(from[i].freq >> shift) & 255]++] = from[i];
        }
        leaf *t = from;
        from = to;
        to = t;
    }
    if (from != leaves) {
        memcpy(leaves, from, sizeof(leaf) * (size_t)used);
    }
}

/* Huffman code lengths for `freq`, none longer than `limit`: the two-queue Huffman construction
   over the leaves sorted by count, then, when the tree is deeper than `limit`, the lengths beyond
   it are cut to `limit` and the code made complete again by moving leaves one level down from the
   deepest level that still has room (Kraft's sum back to exactly 1). Lengths go to the symbols
   in order of count, the rarest taking the longest. Symbols with count 0 get length 0. At least
   two symbols must be used (callers make sure), so every code is complete. */
static void huffman_lengths(const uint32_t *freq, int n, int limit, uint8_t *lengths) {
    leaf leaves[LITLEN_SYMBOLS];
    int used = 0;
    for (int s = 0; s < n; s++) {
        lengths[s] = 0;
        if (freq[s]) {
            leaves[used].freq = freq[s];
            leaves[used].symbol = (uint16_t)s;
            used++;
        }
    }
    sort_leaves(leaves, used);
    /* nodes 0..used-1 are the leaves, used.. the internal nodes in creation order */
    uint64_t weight[2 * LITLEN_SYMBOLS];
    int parent[2 * LITLEN_SYMBOLS];
    for (int i = 0; i < used; i++) {
        weight[i] = leaves[i].freq;
    }
    int next_leaf = 0, next_node = used, made = used;
    for (int k = 0; k < used - 1; k++) {
        int pick[2];
        for (int j = 0; j < 2; j++) {
            if (next_leaf < used && (next_node >= made || weight[next_leaf] <= weight[next_node])) {
                pick[j] = next_leaf++;
            } else {
                pick[j] = next_node++;
            }
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = made;
        made++;
    }
    int depth[2 * LITLEN_SYMBOLS];
    uint32_t count[LITLEN_SYMBOLS + 1] = {0}; /* leaves per depth */
    depth[made - 1] = 0;
    for (int i = made - 2; i >= 0; i--) {
        depth[i] = depth[parent[i]] + 1;
        if (i < used) {
            count[depth[i] > limit ? limit : depth[i]]++;
        }
    }
    uint64_t kraft = 0; /* in units of 2^-limit */
    for (int d = 1; d <= limit; d++) {
        kraft += (uint64_t)count[d] << (limit - d);
    }
    while (kraft > (1ull << limit)) { /* a leaf at the limit moves into a pair one level down */
        count[limit]--;
        for (int d = limit - 1; d > 0; d--) {
            if (count[d]) {
                count[d]--;
                count[d + 1] += 2;
                break;
            }
        }
        kraft--;
    }
    int i = 0;
    for (int d = limit; d >= 1; d--) {
        for (uint32_t k = 0; k < count[d]; k++) {
            lengths[leaves[i++].symbol] = (uint8_t)d;
        }
    }
}

/* Gives unused symbols a count of 1 until two are used, so that every code is complete (a
   one-symbol tree is a special case some inflaters refuse). */
static void at_least_two_used(uint32_t *freq, int n) {
    int used = 0;
    for (int s = 0; s < n; s++) {
        used += freq[s] != 0;
    }
    for (int s = 0; used < 2; s++) {
        if (!freq[s]) {
            freq[s] = 1;
            used++;
        }
    }
}

/* Canonical codes (RFC 1951, 3.2.2), bit-reversed for the LSB-first bit writer. */
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    uint16_t count[16] = {0}, next[16];
    for (int s = 0; s < n; s++) {
        count[lengths[s]]++;
    }
    count[0] = 0;
    uint16_t code = 0;
    for (int b = 1; b < 16; b++) {
        code = (uint16_t)((code + count[b - 1]) << 1);
        next[b] = code;
    }
    for (int s = 0; s < n; s++) {
        int len = lengths[s];
        if (!len) {
            codes[s] = 0;
            continue;
        }
        uint32_t r = next[len]++; /* reversed in 16 bits by swapping halves, then the top len bits */
        r = ((r & 0x5555u) << 1) | ((r >> 1) & 0x5555u);
        r = ((r & 0x3333u) << 2) | ((r >> 2) & 0x3333u);
        r = ((r & 0x0f0fu) << 4) | ((r >> 4) & 0x0f0fu);
        r = ((r & 0x00ffu) << 8) | ((r >> 8) & 0x00ffu);
        codes[s] = (uint16_t)(r >> (16 - len));
    }
}

/* ---- Bit writer ----------------------------------------------------------------------------- */

/* 64-bit accumulator; after each flush fewer than 8 bits are pending, so up to 56 bits may be put
   between flushes. A flush stores 8 bytes, hence the 8 bytes of slack cpng_fast_deflate_bound
   leaves. */
typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
} bit_writer;

#define PUT(w, code, len)                                                                                        \
    do {                                                                                                         \
        (w).bits |= (uint64_t)(code) << (w).count;                                                               \
        (w).count += (len);                                                                                      \
    } while (0)
#define FLUSH(w)                                                                                                 \
    do {                                                                                                         \
        store64le((w).out, (w).bits);                                                                            \
        (w).out += (w).count >> 3;                                                                               \
        (w).bits = (w).count >= 8 ? (w).bits >> ((w).count & ~7u) : (w).bits;                                   \
        (w).count &= 7;                                                                                          \
    } while (0)

/* ---- The encoder ---------------------------------------------------------------------------- */

size_t cpng_fast_deflate_bound(size_t n) {
    /* Stored blocks at worst (a dynamic block is written only when it is smaller), plus the empty
       stored block that byte-aligns a piece and the bit writer's 8 bytes of slack. */
    return n + (n / 65535 + 2) * 5 + 16;
}

/* Stored blocks for in[0..n) (starting byte-aligned), the final bit on the last when `last`. */
static uint8_t *write_stored(const uint8_t *in, size_t n, int last, uint8_t *o) {
    size_t done = 0;
    do {
        size_t k = n - done < 65535 ? n - done : 65535;
        int final = last && done + k == n;
        *o++ = (uint8_t)final; /* BFINAL, BTYPE 00, then padding to the byte */
        o[0] = (uint8_t)k;
        o[1] = (uint8_t)(k >> 8);
        o[2] = (uint8_t)~k;
        o[3] = (uint8_t)(~k >> 8);
        memcpy(o + 4, in + done, k);
        o += 4 + k;
        done += k;
    } while (done < n);
    return o;
}

/* The code-length sequence of the two trees, run-length coded with symbols 16, 17 and 18.
   Returns the number of entries; each is symbol | extra value << 8. */
static int codelen_runs(const uint8_t *lengths, int n, uint16_t *runs, uint32_t *freq) {
    int count = 0;
    for (int i = 0; i < n;) {
        uint8_t len = lengths[i];
        int run = 1;
        while (i + run < n && lengths[i + run] == len) {
            run++;
        }
        i += run;
        if (len == 0) {
            while (run >= 11) {
                int k = run > 138 ? 138 : run;
                runs[count++] = (uint16_t)(18 | (k - 11) << 8);
                freq[18]++;
                run -= k;
            }
            if (run >= 3) {
                runs[count++] = (uint16_t)(17 | (run - 3) << 8);
                freq[17]++;
                run = 0;
            }
        } else {
            runs[count++] = len;
            freq[len]++;
            run--;
            while (run >= 3) {
                int k = run > 6 ? 6 : run;
                runs[count++] = (uint16_t)(16 | (k - 3) << 8);
                freq[16]++;
                run -= k;
            }
        }
        while (run-- > 0) {
            runs[count++] = len;
            freq[len]++;
        }
    }
    return count;
}

#if defined(__x86_64__)
/* Bit k set where p[k] == p[k - bpp], for k = 0...63 (SSE2, which every x86-64 has). */
static inline __attribute__((always_inline)) uint64_t equal_mask64(const uint8_t *p, size_t bpp) {
    uint64_t m = 0;
    for (int k = 0; k < 4; k++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i b = _mm_loadu_si128((const __m128i *)(p + 16 * k - bpp));
        m |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) << (16 * k);
    }
    return m;
}
#endif

/* The length of the run at in + i, `len` bytes of which are known to repeat the pixel before
   them, up to `most` bytes: 16 bytes a step with `sse2`, else 8. */
static inline __attribute__((always_inline)) size_t run_length(const uint8_t *in, size_t i, size_t len,
                                                               size_t most, size_t bpp, int sse2) {
    for (;;) {
#if defined(__x86_64__)
        if (sse2 && len + 16 <= most) {
            __m128i a = _mm_loadu_si128((const __m128i *)(in + i + len));
            __m128i b = _mm_loadu_si128((const __m128i *)(in + i + len - bpp));
            const unsigned differ = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) ^ 0xffffu;
            if (differ) {
                return len + (size_t)__builtin_ctz(differ);
            }
            len += 16;
            continue;
        }
#else
        (void)sse2;
#endif
        if (len + 8 > most) {
            while (len < most && in[i + len] == in[i + len - bpp]) {
                len++;
            }
            return len;
        }
        uint64_t diff = load64(in + i + len) ^ load64(in + i + len - bpp);
        if (diff) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return len + ((size_t)__builtin_clzll(diff) >> 3);
#else
            return len + ((size_t)__builtin_ctzll(diff) >> 3);
#endif
        }
        len += 8;
    }
}

/* Pass 1 with `bpp` a constant in each caller (3 or 4), so that a pixel's literals are counted
   without a loop. A run starts at the first pixel step from the end of the previous one (or from
   the piece's second pixel) where at least MIN_MATCH bytes repeat the pixel before them. With
   `windows` (SSE2, where the instruction-set ceiling allows it) the starts are found 64 bytes at a
   time from bit masks and runs measured 16 bytes a step; without, and for the last bytes, a pixel
   at a time: the same runs (tested). Returns the number of sequences. */
static inline __attribute__((always_inline)) size_t find_runs(const uint8_t *in, size_t n, const size_t bpp,
                                                              int windows, sequence *seqs,
                                                              uint32_t *litlen_freq, uint32_t *match_count) {
    size_t nseq = 0, i = bpp, run_start = 0;
    for (size_t k = 0; k < bpp && k < n; k++) {
        litlen_freq[in[k]]++;
    }
    /* A count per byte of the pixel: neighbouring residuals are often equal, and one counter
       incremented back to back waits for its own store each time. */
    uint32_t lane_freq[4][256] = {{0}};
#define COUNT_PIXEL(at)                                                                                          \
    do {                                                                                                         \
        for (size_t k = 0; k < bpp; k++) {                                                                       \
            lane_freq[k & 3][in[(at) + k]]++;                                                                    \
        }                                                                                                        \
    } while (0)
#define ADD_RUN(len)                                                                                             \
    do {                                                                                                         \
        seqs[nseq].literals = (uint32_t)(i - run_start);                                                         \
        seqs[nseq].length = (uint32_t)(len);                                                                     \
        nseq++;                                                                                                  \
        litlen_freq[257 + length_symbol[len]]++;                                                                 \
        (*match_count)++;                                                                                        \
        i += (len);                                                                                              \
        run_start = i;                                                                                           \
    } while (0)
    const size_t guard = n >= 8 ? n - 8 : 0; /* 8-byte loads stay inside the input */
#if defined(__x86_64__)
    /* Bit k of `e` says whether byte i + k repeats the pixel before it; `r` keeps the bits that
       start MIN_MATCH such bytes at a pixel step from i. Where r is 0 the window's pixels up to
       bit 58 are literals, decided without a branch a pixel (the branches at each probe were
       most of this pass's time). While i + 67 <= n, every start found is below `guard`, as in
       the loop below. */
    uint64_t starts = 0;
    for (size_t k = 0; k + MIN_MATCH <= 64; k += bpp) {
        starts |= 1ull << k;
    }
    const size_t window_pixels = (64 - MIN_MATCH) / bpp + 1;
    while (windows && i + 67 <= n) {
        const uint64_t e = equal_mask64(in + i, bpp);
        const uint64_t e2 = e & (e >> 1), e4 = e2 & (e2 >> 2), r = e4 & (e2 >> 4) & starts;
        if (!r) {
            for (size_t px = 0; px < window_pixels; px++, i += bpp) {
                COUNT_PIXEL(i);
            }
            continue;
        }
        const size_t j = (size_t)__builtin_ctzll(r);
        for (const size_t end = i + j; i < end; i += bpp) {
            COUNT_PIXEL(i);
        }
        const size_t most = n - i < MAX_MATCH ? n - i : MAX_MATCH;
        const uint64_t rest = ~(e >> j);
        size_t len = rest & (~0ull >> j) ? (size_t)__builtin_ctzll(rest) /* it ends in the window */
                                         : run_length(in, i, 64 - j, most, bpp, 1);
        len = len < most ? len : most;
        ADD_RUN(len);
    }
#else
    (void)windows;
#endif
    while (i < guard) {
        size_t len = 0;
        if (load32(in + i - bpp) == load32(in + i)) {
            const size_t most = n - i < MAX_MATCH ? n - i : MAX_MATCH;
            len = run_length(in, i, MIN_PROBE, most, bpp, windows);
        }
        if (len < MIN_MATCH) { /* a pixel's bytes as literals: runs start at pixel steps only */
            COUNT_PIXEL(i);
            i += bpp;
            continue;
        }
        ADD_RUN(len);
    }
#undef COUNT_PIXEL
#undef ADD_RUN
    for (; i < n; i++) {
        litlen_freq[in[i]]++;
    }
    for (int s = 0; s < 256; s++) {
        litlen_freq[s] += lane_freq[0][s] + lane_freq[1][s] + lane_freq[2][s] + lane_freq[3][s];
    }
    seqs[nseq].literals = (uint32_t)(n - run_start);
    seqs[nseq].length = 0;
    nseq++;
    return nseq;
}

/* A run of literals: three codes a flush (with `step` 3, a constant in the caller, an RGB pixel);
   with `step` 4 an RGBA pixel's four codes at once, two at a time where together they are longer
   than 56 bits; the rest one at a time. `step` 0 (the reference) writes every code on its own. */
static inline __attribute__((always_inline)) bit_writer write_literals(bit_writer w, const uint8_t *p,
                                                                       const uint8_t *end, const size_t step,
                                                                       const uint8_t *lengths,
                                                                       const uint16_t *code) {
    if (step == 4) {
        for (; p + 4 <= end; p += 4) {
            const unsigned la = lengths[p[0]], lb = lengths[p[1]], lc = lengths[p[2]], ld = lengths[p[3]];
            const uint64_t ab = (uint64_t)code[p[0]] | (uint64_t)code[p[1]] << la;
            const uint64_t cd = (uint64_t)code[p[2]] | (uint64_t)code[p[3]] << lc;
            if (la + lb + lc + ld > 56) { /* long codes, rare (so the branch predicts well) */
                PUT(w, ab, la + lb);
                FLUSH(w);
                PUT(w, cd, lc + ld);
            } else { /* 56 bits + 7 pending < 64 */
                PUT(w, ab | cd << (la + lb), la + lb + lc + ld);
            }
            FLUSH(w);
        }
    } else if (step == 3) { /* 3 x 15 bits + 7 pending < 64 */
        for (; p + 3 <= end; p += 3) {
            /* The three codes joined before they meet the accumulator, whose shift-or-add chain
               bounded the loop when each code went in on its own. */
            const unsigned la = lengths[p[0]], lb = lengths[p[1]], lc = lengths[p[2]];
            PUT(w, (uint64_t)code[p[0]] | (uint64_t)code[p[1]] << la | (uint64_t)code[p[2]] << (la + lb),
                la + lb + lc);
            FLUSH(w);
        }
    }
    for (; p < end; p++) {
        PUT(w, code[p[0]], lengths[p[0]]);
        FLUSH(w);
    }
    return w;
}

/* Pass 2's body for `fast`: each sequence's literals, then its match (at distance bpp). A
   sequence's literals are whole pixels but for the last one's tail. */
static inline __attribute__((always_inline)) bit_writer write_sequences(bit_writer w, const uint8_t *in,
                                                                        const sequence *seqs, size_t nseq,
                                                                        const size_t bpp,
                                                                        const uint8_t *lengths,
                                                                        const uint16_t *code,
                                                                        const uint64_t *match_bits,
                                                                        const uint8_t *match_count) {
    const uint8_t *p = in;
    for (size_t q = 0; q < nseq; q++) {
        const uint8_t *end = p + seqs[q].literals;
        w = write_literals(w, p, end, bpp, lengths, code);
        p = end;
        const uint32_t length = seqs[q].length; /* 37 bits + 7 pending */
        PUT(w, match_bits[length], match_count[length]);
        FLUSH(w);
        p += length;
    }
    return w;
}

/* One dynamic block's trees (RFC 1951, 3.2.7) from its symbol counts, their canonical codes, and
   the block's exact size in bits, header included. */
typedef struct {
    uint8_t lengths[LITLEN_SYMBOLS + DIST_SYMBOLS]; /* literal/length, then distance code lengths */
    uint16_t litlen_code[LITLEN_SYMBOLS], dist_code[DIST_SYMBOLS];
    uint8_t codelen_lengths[CODELEN_SYMBOLS];
    uint16_t codelen_code[CODELEN_SYMBOLS];
    uint16_t runs[LITLEN_SYMBOLS + DIST_SYMBOLS]; /* codelen_runs' entries */
    int nruns, hlit, hdist, hclen;
    uint64_t bits;
} block_plan;

/* Adds the end-of-block symbol to `litlen_freq` and makes both codes complete (at_least_two_used)
   before fitting them, the literal/length code to at most `limit` bits (deflate's 15, or less). */
static void plan_block(uint32_t *litlen_freq, uint32_t *dist_freq, int limit, block_plan *b) {
    litlen_freq[256] = 1;
    at_least_two_used(litlen_freq, LITLEN_SYMBOLS);
    at_least_two_used(dist_freq, DIST_SYMBOLS);
    huffman_lengths(litlen_freq, LITLEN_SYMBOLS, limit, b->lengths);
    huffman_lengths(dist_freq, DIST_SYMBOLS, 15, b->lengths + LITLEN_SYMBOLS);
    b->hlit = LITLEN_SYMBOLS;
    b->hdist = DIST_SYMBOLS;
    while (b->hlit > 257 && b->lengths[b->hlit - 1] == 0) {
        b->hlit--;
    }
    while (b->hdist > 1 && b->lengths[LITLEN_SYMBOLS + b->hdist - 1] == 0) {
        b->hdist--;
    }
    uint8_t packed[LITLEN_SYMBOLS + DIST_SYMBOLS];
    memcpy(packed, b->lengths, (size_t)b->hlit);
    memcpy(packed + b->hlit, b->lengths + LITLEN_SYMBOLS, (size_t)b->hdist);
    uint32_t codelen_freq[CODELEN_SYMBOLS] = {0};
    b->nruns = codelen_runs(packed, b->hlit + b->hdist, b->runs, codelen_freq);
    at_least_two_used(codelen_freq, CODELEN_SYMBOLS);
    huffman_lengths(codelen_freq, CODELEN_SYMBOLS, 7, b->codelen_lengths);
    b->hclen = CODELEN_SYMBOLS;
    while (b->hclen > 4 && b->codelen_lengths[CODELEN_ORDER[b->hclen - 1]] == 0) {
        b->hclen--;
    }
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)b->hclen;
    for (int r = 0; r < b->nruns; r++) {
        int sym = b->runs[r] & 0xff;
        bits += b->codelen_lengths[sym] + (sym == 16 ? 2 : sym == 17 ? 3 : sym == 18 ? 7 : 0);
    }
    for (int s = 0; s < LITLEN_SYMBOLS; s++) {
        bits += (uint64_t)litlen_freq[s] * (b->lengths[s] + (s > 256 ? LENGTH_EXTRA[s - 257] : 0));
    }
    for (int s = 0; s < DIST_SYMBOLS; s++) {
        bits += (uint64_t)dist_freq[s] * (b->lengths[LITLEN_SYMBOLS + s] + DIST_EXTRA[s]);
    }
    b->bits = bits;
    canonical_codes(b->lengths, LITLEN_SYMBOLS, b->litlen_code);
    canonical_codes(b->lengths + LITLEN_SYMBOLS, DIST_SYMBOLS, b->dist_code);
    canonical_codes(b->codelen_lengths, CODELEN_SYMBOLS, b->codelen_code);
}

/* The block's header: BFINAL, BTYPE 10, the three counts and the trees. */
static bit_writer write_block_header(bit_writer w, const block_plan *b, int final) {
    PUT(w, (final ? 1u : 0u) | 2u << 1, 3);
    PUT(w, b->hlit - 257, 5);
    PUT(w, b->hdist - 1, 5);
    PUT(w, b->hclen - 4, 4);
    FLUSH(w);
    for (int k = 0; k < b->hclen; k++) {
        PUT(w, b->codelen_lengths[CODELEN_ORDER[k]], 3);
        FLUSH(w);
    }
    for (int r = 0; r < b->nruns; r++) {
        int sym = b->runs[r] & 0xff, extra = b->runs[r] >> 8;
        PUT(w, b->codelen_code[sym], b->codelen_lengths[sym]);
        if (sym >= 16) {
            PUT(w, extra, sym == 16 ? 2 : sym == 17 ? 3 : 7);
        }
        FLUSH(w);
    }
    return w;
}

/* Whether stored blocks (5 bytes a 65535) for the n bytes would be no larger than `bits` of
   dynamic blocks, counting the empty stored block that ends a piece that is not the last. */
static int stored_is_smaller(uint64_t bits, size_t n, int last) {
    const size_t stored = n + (n / 65535 + 1) * 5;
    return bits / 8 + 1 + (last ? 0 : 5) >= stored;
}

/* Ends a piece after its last block's end-of-block code: a piece that is not the last gets an
   empty stored block, so that the next one starts on a byte. Returns the end of the output. */
static uint8_t *end_piece(bit_writer w, int last) {
    if (!last) {
        PUT(w, 0, 3); /* BFINAL 0, BTYPE 00 */
    }
    FLUSH(w);
    if (w.count) { /* to the byte */
        PUT(w, 0, 8 - w.count);
        FLUSH(w);
    }
    if (!last) { /* the stored block's LEN 0 and NLEN */
        PUT(w, 0xffff0000u, 32);
        FLUSH(w);
    }
    return w.out;
}

static int fast_deflate(const uint8_t *in, size_t n, size_t bpp, int last, uint8_t *out, size_t cap,
                        size_t *written, int reference) {
    if (!in || !out || !written || bpp == 0 || bpp > 8 || n > UINT32_MAX ||
        cap < cpng_fast_deflate_bound(n)) {
        return CPNG_ERROR_ARGUMENT;
    }
    pthread_once(&length_symbol_once, build_length_table);
    /* Pass 1: runs at distance bpp, symbol counts. */
    sequence *seqs = malloc(sizeof(sequence) * (n / MIN_MATCH + 2));
    if (!seqs) {
        return CPNG_ERROR_MEMORY;
    }
    const int distance_code = distance_symbol((uint32_t)bpp);
    uint32_t litlen_freq[LITLEN_SYMBOLS] = {0}, dist_freq[DIST_SYMBOLS] = {0}, matches = 0;
    const int windows = !reference && cisa_allows(CISA_SSE2);
    const size_t nseq = bpp == 3   ? find_runs(in, n, 3, windows, seqs, litlen_freq, &matches)
                        : bpp == 4 ? find_runs(in, n, 4, windows, seqs, litlen_freq, &matches)
                                   : find_runs(in, n, bpp, windows, seqs, litlen_freq, &matches);
    dist_freq[distance_code] = matches;

    /* The trees and the block's exact size, to fall back to stored blocks when they are smaller. */
    block_plan b;
    plan_block(litlen_freq, dist_freq, 15, &b);
    if (stored_is_smaller(b.bits, n, last)) {
        free(seqs);
        *written = (size_t)(write_stored(in, n, last, out) - out);
        return CPNG_OK;
    }

    /* Pass 2: the header, then each sequence's literals and match. */
    bit_writer w = write_block_header((bit_writer){0, 0, out}, &b, last);
    /* Each match length's code and extra bits, then the distance's (always bpp), as one string of
       at most 15 + 5 + 15 + 2 bits; length 0 (the last sequence's) writes nothing. */
    const uint8_t *lengths = b.lengths;
    uint64_t match_bits[MAX_MATCH + 1] = {0};
    uint8_t match_count[MAX_MATCH + 1] = {0};
    const uint32_t distance_bits = b.dist_code[distance_code] | (uint32_t)(bpp - DIST_BASE[distance_code])
                                                                    << lengths[LITLEN_SYMBOLS + distance_code];
    const unsigned distance_count = lengths[LITLEN_SYMBOLS + distance_code] + DIST_EXTRA[distance_code];
    for (int l = MIN_MATCH; l <= MAX_MATCH; l++) {
        const int s = length_symbol[l], sym = 257 + s;
        const unsigned count = lengths[sym] + LENGTH_EXTRA[s];
        match_bits[l] = b.litlen_code[sym] | (uint64_t)(l - LENGTH_BASE[s]) << lengths[sym] |
                        (uint64_t)distance_bits << count;
        match_count[l] = (uint8_t)(count + distance_count);
    }
    const uint16_t *code = b.litlen_code;
    w = bpp == 3 && !reference   ? write_sequences(w, in, seqs, nseq, 3, lengths, code, match_bits, match_count)
        : bpp == 4 && !reference ? write_sequences(w, in, seqs, nseq, 4, lengths, code, match_bits, match_count)
                                 : write_sequences(w, in, seqs, nseq, 0, lengths, code, match_bits, match_count);
    free(seqs);
    PUT(w, code[256], lengths[256]);
    *written = (size_t)(end_piece(w, last) - out);
    return CPNG_OK;
}

/* ---- A match finder for levels 1 to 6 (docs/decisions.md, "PNG compression") ---------------- */

/* Filtered image rows repeat in two ways: runs (a flat area, residuals repeating the pixel before)
   and long copies of earlier rows' stretches (the same picture drawn twice, a border). Most short
   matches far back cost more bits than the literals they replace, and the long copies hide deep in
   hash chains flooded by the common short patterns, which is why zlib needs chains of 128 there.
   So: the pixel before first, then a single-entry table of 16-byte sequences (the long copies
   directly), then a chain of candidates sharing 6 bytes (12 at the default level, 1 to 4 below it),
   lazy matching (none at levels 1 and 2), and matches of 4 or 5 bytes only one pixel back or
   within LZ_NEAR. One dynamic block a piece, its codes fitted to it. */

#define LZ_WINDOW 32768
#define LZ_HASH_BITS 15
#define LZ_LONG_BITS 15
#define LZ_LONG 16    /* bytes hashed for the long-copy table */
#define LZ_MIN 4      /* the shortest match */
#define LZ_MIN_FAR 6  /* the shortest match farther back than LZ_NEAR */
#define LZ_NEAR 256
#define LZ_INSERT 16  /* a run longer than this enters the tables by its last 16 positions only */
#define LZ_TAIL 32    /* bytes before the end that are never hashed (the loads stay inside) */

/* A run of literals (read back from the input) followed by a match; the last one has length 0. */
typedef struct {
    uint32_t literals;
    uint16_t length;
    uint16_t distance;
} lz_sequence;

static uint8_t distance_symbol_table[512]; /* d - 1 < 256 at [d - 1], else at [256 + ((d - 1) >> 7)] */
static pthread_once_t lz_tables_once = PTHREAD_ONCE_INIT;

static void build_lz_tables(void) {
    build_length_table();
    for (uint32_t d = 1; d <= 256; d++) {
        distance_symbol_table[d - 1] = (uint8_t)distance_symbol(d);
    }
    for (uint32_t k = 2; k < 256; k++) {
        distance_symbol_table[256 + k] = (uint8_t)distance_symbol((k << 7) + 1);
    }
}

static inline uint32_t lz_distance_symbol(uint32_t d) {
    return d <= 256 ? distance_symbol_table[d - 1] : distance_symbol_table[256 + ((d - 1) >> 7)];
}

/* The chain's key is 6 bytes, not 4: matches that far back must be at least LZ_MIN_FAR bytes
   long, and shorter keys fill the chain with candidates that could never be used. */
static inline uint32_t lz_hash(const uint8_t *p) {
    return (uint32_t)(((load64(p) & 0xffffffffffffull) * 0x9E3779B97F4A7C15ull) >> (64 - LZ_HASH_BITS));
}

static inline uint32_t lz_long_hash(const uint8_t *p) {
    const uint64_t v = load64(p) ^ load64(p + LZ_LONG - 8) * 0xff51afd7ed558ccdull;
    return (uint32_t)((v * 0x9E3779B97F4A7C15ull) >> (64 - LZ_LONG_BITS));
}

/* The tables: the newest position per hash, the chain of earlier ones, the long-copy table. */
typedef struct {
    uint32_t head[1u << LZ_HASH_BITS];
    uint32_t prev[LZ_WINDOW];
    uint32_t longest[1u << LZ_LONG_BITS];
} lz_tables;

/* How many bytes from `a` on equal those from `b` (< a), from `len` (known equal) to `most`. */
static inline __attribute__((always_inline)) size_t lz_extend(const uint8_t *a, const uint8_t *b, size_t len,
                                                             size_t most) {
    while (len + 8 <= most) {
        uint64_t diff = load64(a + len) ^ load64(b + len);
        if (diff) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return len + ((size_t)__builtin_clzll(diff) >> 3);
#else
            return len + ((size_t)__builtin_ctzll(diff) >> 3);
#endif
        }
        len += 8;
    }
    while (len < most && a[len] == b[len]) {
        len++;
    }
    return len;
}

/* Position k into the tables (k + LZ_TAIL <= the input's end). */
static inline __attribute__((always_inline)) void lz_insert(const uint8_t *in, size_t k, lz_tables *t) {
    const uint32_t h = lz_hash(in + k);
    t->prev[k & (LZ_WINDOW - 1)] = t->head[h];
    t->head[h] = (uint32_t)k;
    t->longest[lz_long_hash(in + k)] = (uint32_t)k;
}

/* The longest match at in + i (which it inserts): one pixel back, the long-copy table's
   candidate, then the chain, newest first. Table entries start as UINT32_MAX, which is never
   within the window. */
static inline __attribute__((always_inline)) size_t lz_best(const uint8_t *in, size_t i, size_t n, size_t bpp,
                                                           const cpng_lz_params *p, lz_tables *t,
                                                           uint32_t *distance) {
    const uint32_t cur = load32(in + i);
    const uint32_t h = lz_hash(in + i), hl = lz_long_hash(in + i);
    size_t cand = t->head[h];
    const size_t long_cand = t->longest[hl];
    t->head[h] = (uint32_t)i;
    t->prev[i & (LZ_WINDOW - 1)] = (uint32_t)cand;
    t->longest[hl] = (uint32_t)i;
    const size_t most = n - i < MAX_MATCH ? n - i : MAX_MATCH;
    size_t best = 0;
    if (i >= bpp && load32(in + i - bpp) == cur) {
        best = lz_extend(in + i, in + i - bpp, 4, most);
        *distance = (uint32_t)bpp;
    }
    if (i - long_cand < LZ_WINDOW && best < most && load64(in + long_cand) == load64(in + i)) {
        const size_t len = lz_extend(in + i, in + long_cand, 8, most);
        if (len > best) {
            best = len;
            *distance = (uint32_t)(i - long_cand);
        }
    }
    const size_t nice = (size_t)p->nice;
    for (int depth = p->depth; depth > 0 && best < nice && best < most; depth--) {
        const size_t d = i - cand;
        if (d >= LZ_WINDOW) {
            break;
        }
        if (in[cand + best] == in[i + best] && load32(in + cand) == cur) {
            const size_t len = lz_extend(in + i, in + cand, 4, most);
            if (len > best && (len >= LZ_MIN_FAR || d <= LZ_NEAR)) {
                best = len;
                *distance = (uint32_t)d;
            }
        }
        cand = t->prev[cand & (LZ_WINDOW - 1)];
    }
    return best;
}

/* Pass 1: the sequences of in[i..n) and their symbol counts. Returns the number of sequences. */
static size_t lz_find(const uint8_t *in, size_t i, size_t n, size_t bpp, const cpng_lz_params *p, lz_tables *t,
                      lz_sequence *seqs, uint32_t *litlen_freq, uint32_t *dist_freq) {
    size_t nseq = 0, lit_start = i;
    const size_t limit = n >= LZ_TAIL ? n - LZ_TAIL : 0;
    while (i < limit) {
        uint32_t distance = 0;
        size_t len = lz_best(in, i, n, bpp, p, t, &distance);
        if (len < LZ_MIN) {
            litlen_freq[in[i]]++;
            i++;
            continue;
        }
        while (len < (size_t)p->lazy && i + 1 < limit) { /* a longer match one byte on wins */
            uint32_t next_distance = 0;
            const size_t next = lz_best(in, i + 1, n, bpp, p, t, &next_distance);
            if (next <= len) {
                break;
            }
            litlen_freq[in[i]]++;
            i++;
            len = next;
            distance = next_distance;
        }
        seqs[nseq].literals = (uint32_t)(i - lit_start);
        seqs[nseq].length = (uint16_t)len;
        seqs[nseq].distance = (uint16_t)distance;
        nseq++;
        litlen_freq[257 + length_symbol[len]]++;
        dist_freq[lz_distance_symbol(distance)]++;
        const size_t end = i + len;
        /* A run (a short period) hashes to the same few buckets all along: its end suffices; the
           shallow settings skip the inside of every long match likewise. */
        const int tail_only = len > LZ_INSERT && (distance <= 16 || len > (size_t)p->insert);
        for (size_t k = tail_only ? end - LZ_INSERT : i + 1; k < end && k < limit; k++) {
            lz_insert(in, k, t);
        }
        i = end;
        lit_start = i;
    }
    for (; i < n; i++) {
        litlen_freq[in[i]]++;
    }
    seqs[nseq].literals = (uint32_t)(i - lit_start);
    seqs[nseq].length = 0;
    seqs[nseq].distance = 0;
    return nseq + 1;
}

int cpng_lz_deflate(const uint8_t *in, size_t start, size_t end, size_t bpp, const cpng_lz_params *params, int last,
                    uint8_t *out, size_t cap, size_t *written) {
    if (!in || !out || !written || !params || bpp == 0 || bpp > 8 || end < start || end > UINT32_MAX ||
        params->depth < 0 || params->nice < LZ_MIN || params->lazy < 0 || params->insert < LZ_INSERT ||
        cap < cpng_fast_deflate_bound(end - start)) {
        return CPNG_ERROR_ARGUMENT;
    }
    pthread_once(&lz_tables_once, build_lz_tables);
    const size_t n = end - start;
    lz_sequence *seqs = malloc(sizeof(lz_sequence) * (n / LZ_MIN + 2));
    lz_tables *t = malloc(sizeof(lz_tables));
    if (!seqs || !t) {
        free(seqs);
        free(t);
        return CPNG_ERROR_MEMORY;
    }
    memset(t->head, 0xff, sizeof(t->head));
    memset(t->longest, 0xff, sizeof(t->longest));
    /* The window before the piece enters the tables, so that matches reach back into the rows
       before it as they would in one stream, and the bytes do not depend on how pieces are
       spread over threads. */
    for (size_t k = start > LZ_WINDOW ? start - LZ_WINDOW : 0; k < start && k + LZ_TAIL <= end; k++) {
        lz_insert(in, k, t);
    }
    uint32_t litlen_freq[LITLEN_SYMBOLS] = {0}, dist_freq[DIST_SYMBOLS] = {0};
    const size_t nseq = lz_find(in, start, end, bpp, params, t, seqs, litlen_freq, dist_freq);
    free(t);
    block_plan b;
    plan_block(litlen_freq, dist_freq, 15, &b);
    if (stored_is_smaller(b.bits, n, last)) {
        free(seqs);
        *written = (size_t)(write_stored(in + start, n, last, out) - out);
        return CPNG_OK;
    }
    bit_writer w = write_block_header((bit_writer){0, 0, out}, &b, last);
    const uint8_t *lengths = b.lengths;
    const uint16_t *code = b.litlen_code;
    const uint8_t *p = in + start;
    for (size_t q = 0; q < nseq; q++) {
        const uint8_t *lit_end = p + seqs[q].literals;
        w = bpp == 4 ? write_literals(w, p, lit_end, 4, lengths, code)
                     : write_literals(w, p, lit_end, 3, lengths, code);
        p = lit_end;
        const uint32_t len = seqs[q].length;
        if (len) { /* 15 + 5 + 15 + 13 bits + 7 pending < 64 */
            const uint32_t s = length_symbol[len], d = seqs[q].distance, ds = lz_distance_symbol(d);
            const unsigned ll = lengths[257 + s], dl = lengths[LITLEN_SYMBOLS + ds];
            PUT(w, code[257 + s] | (uint64_t)(len - LENGTH_BASE[s]) << ll, ll + LENGTH_EXTRA[s]);
            PUT(w, b.dist_code[ds] | (uint64_t)(d - DIST_BASE[ds]) << dl, dl + DIST_EXTRA[ds]);
            FLUSH(w);
            p += len;
        }
    }
    free(seqs);
    PUT(w, code[256], lengths[256]);
    *written = (size_t)(end_piece(w, last) - out);
    return CPNG_OK;
}

/* ---- One strip, filtered and compressed while it is in cache --------------------------------- */

int cpng_fast_deflate(const uint8_t *in, size_t n, size_t bpp, int last, uint8_t *out, size_t cap,
                      size_t *written) {
    return fast_deflate(in, n, bpp, last, out, cap, written, 0);
}

int cpng_fast_deflate_reference(const uint8_t *in, size_t n, size_t bpp, int last, uint8_t *out, size_t cap,
                                size_t *written) {
    return fast_deflate(in, n, bpp, last, out, cap, written, 1);
}

/* ---- `fastest` (docs/decisions.md, "PNG compression") ----------------------------------------- */

/* The piece is read in 32-byte blocks from its start. A block of zeros (a flat area under the
   Paeth filter) joins the zero blocks after it into a run, coded as matches at distance one after
   a literal 0 (none when the byte before the run is already 0); every other byte is a literal,
   the last partial block's too. So the only decision a block is one 32-byte compare, and a literal
   block's 32 codes are looked up and packed together (AVX-512 or AVX2 where the CPU has it, the
   same bytes without). Literal codes are at most 14 bits, so that four fit the 56 bits the bit writer takes
   between flushes. The literal counts come from every FASTEST_SAMPLE-th block (each literal
   counted FASTEST_SAMPLE times, plus one, so that every byte value has a code): counting them all
   cost as much as writing the codes. Against `fast`, whose runs are pixel repeats found at any
   pixel step: files 3-15% larger in 0.5-0.8 of its time (docs/decisions.md). */

#define FASTEST_BLOCK 32
#define FASTEST_SAMPLE 8
#define FASTEST_LIMIT 14

static inline int block_is_zero(const uint8_t *p) {
    return (load64(p) | load64(p + 8) | load64(p + 16) | load64(p + 24)) == 0;
}

static inline int is_zero_block(const uint64_t *zero, size_t b) { return (int)(zero[b >> 6] >> (b & 63) & 1); }

/* The end of the run of zero blocks that starts at block `b` (of `blocks`), from the bitmap. */
static inline size_t run_end(const uint64_t *zero, size_t b, size_t blocks) {
    while (b < blocks) {
        const uint64_t other = ~zero[b >> 6] >> (b & 63); /* from b on, 1 where a block is not zero */
        if (other) {
            const size_t end = b + (size_t)__builtin_ctzll(other);
            return end < blocks ? end : blocks;
        }
        b = (b | 63) + 1;
    }
    return blocks;
}

/* The first zero block at or after block `b` (`blocks` if none), from the bitmap: the blocks
   between runs are skipped a word at a time, not tested one by one (a branch each). */
static inline size_t next_zero_block(const uint64_t *zero, size_t b, size_t blocks) {
    while (b < blocks) {
        const uint64_t bits = zero[b >> 6] >> (b & 63);
        if (bits) {
            const size_t next = b + (size_t)__builtin_ctzll(bits);
            return next < blocks ? next : blocks;
        }
        b = (b | 63) + 1;
    }
    return blocks;
}

/* The zero bytes of the run of blocks [b, end) that its matches cover: all but the first when
   that one is a literal 0 (`literal`: the run starts the piece or follows a byte that is not 0). */
static inline size_t run_bytes(const uint8_t *in, size_t b, size_t end, int *literal) {
    *literal = b == 0 || in[b * FASTEST_BLOCK - 1] != 0;
    return (end - b) * FASTEST_BLOCK - (size_t)*literal;
}

/* The next match's length with `m` (at least 3) bytes of the run left: 258 while more are left,
   but 255 where 258 would leave one or two. */
static inline size_t next_match(size_t m) {
    return m <= MAX_MATCH ? m : m - MAX_MATCH >= 3 ? MAX_MATCH : MAX_MATCH - 3;
}

/* A block's 32 literal codes, four a flush. */
static inline __attribute__((always_inline)) bit_writer fastest_literals(bit_writer w, const uint8_t *p,
                                                                         const uint8_t *lengths,
                                                                         const uint16_t *code) {
    for (int k = 0; k < FASTEST_BLOCK; k += 4) {
        const unsigned la = lengths[p[k]], lb = lengths[p[k + 1]], lc = lengths[p[k + 2]];
        PUT(w,
            (uint64_t)code[p[k]] | (uint64_t)code[p[k + 1]] << la | (uint64_t)code[p[k + 2]] << (la + lb) |
                (uint64_t)code[p[k + 3]] << (la + lb + lc),
            la + lb + lc + lengths[p[k + 3]]);
        FLUSH(w);
    }
    return w;
}

#if defined(__x86_64__)
/* The literal codes as three byte planes for the vector paths' byte lookups: entry k of each is
   symbol k + first (mod 256), its length and its code's low and high byte. */
static void fastest_planes(const uint8_t *lengths, const uint16_t *code, int first, uint8_t *l, uint8_t *lo,
                           uint8_t *hi) {
    for (int k = 0; k < 256; k++) {
        const uint8_t s = (uint8_t)(k + first);
        l[k] = lengths[s];
        lo[k] = (uint8_t)code[s];
        hi[k] = (uint8_t)(code[s] >> 8);
    }
}

#define FASTEST_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi")))

/* The literal code as three 256-entry byte tables (length, low and high byte of the code), each
   in four 64-byte registers for vpermi2b. */
typedef struct {
    __m512i length[4], low[4], high[4];
    /* vpermb indices of the low bytes of every 64-bit lane, and of every other one */
    __m512i every_lane, every_other_lane;
    /* put4's constants: where its strings' offsets go (bytes 0 and 1, then 2 and 3, of a number,
       each into four 64-bit lanes) and the first bit of each of the four words */
    __m512i offsets_01, offsets_23, word_bits;
} fastest_tables;

FASTEST_AVX512 static void fastest_fill_tables(fastest_tables *t, const uint8_t *lengths, const uint16_t *code) {
    uint8_t l[256], lo[256], hi[256];
    fastest_planes(lengths, code, 0, l, lo, hi);
    for (int q = 0; q < 4; q++) {
        t->length[q] = _mm512_loadu_si512(l + 64 * q);
        t->low[q] = _mm512_loadu_si512(lo + 64 * q);
        t->high[q] = _mm512_loadu_si512(hi + 64 * q);
    }
    uint8_t every[64] = {0}, other[64] = {0};
    for (int k = 0; k < 8; k++) {
        every[k] = (uint8_t)(8 * k);
        other[k] = (uint8_t)(16 * (k % 4));
    }
    t->every_lane = _mm512_loadu_si512(every);
    t->every_other_lane = _mm512_loadu_si512(other);
    uint8_t first[64] = {0}, second[64] = {0};
    for (int k = 0; k < 8; k++) {
        first[8 * k] = (uint8_t)(k / 4);
        second[8 * k] = (uint8_t)(2 + k / 4);
    }
    t->offsets_01 = _mm512_loadu_si512(first);
    t->offsets_23 = _mm512_loadu_si512(second);
    t->word_bits = _mm512_set_epi64(192, 128, 64, 0, 192, 128, 64, 0);
}

/* A 256-entry lookup: vpermi2b picks from 128 entries by the low 7 bits, the top bit the half. */
FASTEST_AVX512 static inline __attribute__((always_inline)) __m256i fastest_lookup(const __m512i *table, __m512i index, __mmask64 top) {
    const __m512i lower = _mm512_permutex2var_epi8(table[0], index, table[1]);
    const __m512i upper = _mm512_permutex2var_epi8(table[2], index, table[3]);
    return _mm512_castsi512_si256(_mm512_mask_blend_epi8(top, lower, upper));
}

/* Four strings (the 64-bit lanes of `codes` that `pick_01` and `pick_23` name, two each, their
   lengths the bytes of `counts`, together at most 248 bits) written at once, without the bit
   writer's chain of shifts a string, which bounded the literal loop: the strings' offsets are
   prefix sums of their lengths (one multiply, the bytes' sums fit a byte), each string is shifted
   into the four 64-bit words it may touch (a shift out of range gives 0), and the words are
   joined with ORs and stored. Only the byte the pending bits share is merged in a register; the
   bits left pending are read back from the stored words (at least 2 bytes on: each string has at
   least 4 codes), which do not depend on the pending ones, so a block waits for the one before
   only through the count. Camera-photo frames 1.1x faster than the writer's chain, the same bytes. */
FASTEST_AVX512 static inline __attribute__((always_inline)) bit_writer put4(bit_writer w, __m512i codes,
                                                                            __m512i pick_01, __m512i pick_23,
                                                                            uint32_t counts,
                                                                            const fastest_tables *t) {
    const uint32_t sums = counts * 0x01010101u; /* byte k: the first k + 1 lengths */
    const uint32_t offsets = (sums << 8) + w.count * 0x01010101u;
    const unsigned total = w.count + (sums >> 24);
    const __m512i o = _mm512_castsi128_si512(_mm_cvtsi32_si128((int)offsets));
    const __mmask64 low = 0x0101010101010101ull;
    const __m512i o01 = _mm512_maskz_permutexvar_epi8(low, t->offsets_01, o);
    const __m512i o23 = _mm512_maskz_permutexvar_epi8(low, t->offsets_23, o);
    const __m512i s01 = _mm512_permutexvar_epi64(pick_01, codes), s23 = _mm512_permutexvar_epi64(pick_23, codes);
    const __m512i a = _mm512_sllv_epi64(s01, _mm512_sub_epi64(o01, t->word_bits));
    const __m512i b = _mm512_srlv_epi64(s01, _mm512_sub_epi64(t->word_bits, o01));
    const __m512i c = _mm512_sllv_epi64(s23, _mm512_sub_epi64(o23, t->word_bits));
    const __m512i d = _mm512_srlv_epi64(s23, _mm512_sub_epi64(t->word_bits, o23));
    const __m512i words = _mm512_or_si512(_mm512_ternarylogic_epi64(a, b, c, 0xfe), d);
    const __m256i r = _mm256_or_si256(_mm512_castsi512_si256(words), _mm512_extracti64x4_epi64(words, 1));
    _mm256_storeu_si256((__m256i *)w.out, r);
    w.out[0] = (uint8_t)(w.bits | (uint64_t)_mm256_cvtsi256_si32(r));
    w.out += total >> 3;
    w.count = total & 7;
    w.bits = w.out[0];
    return w;
}

/* The low bytes of the 64-bit lanes of `v` that `picks` (vpermb indices) names, as one number:
   byte k is the k-th lane picked. */
FASTEST_AVX512 static inline __attribute__((always_inline)) uint64_t low_bytes(__m512i v, const __m512i *picks) {
    return (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(_mm512_permutexvar_epi8(*picks, v)));
}

/* fastest_literals' bits: the codes looked up at once, joined in pairs (16 -> 32-bit lanes) and
   pairs of pairs (64-bit lanes of at most 56 bits), which put4 writes four at a time. */
FASTEST_AVX512 static inline __attribute__((always_inline)) bit_writer fastest_literals_avx512(bit_writer w, const uint8_t *p,
                                                                const fastest_tables *t) {
    const __m512i bytes = _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)p));
    const __mmask64 top = _mm512_movepi8_mask(bytes);
    const __m512i len16 = _mm512_cvtepu8_epi16(fastest_lookup(t->length, bytes, top));
    const __m512i code16 = _mm512_or_si512(_mm512_cvtepu8_epi16(fastest_lookup(t->low, bytes, top)),
                                           _mm512_slli_epi16(_mm512_cvtepu8_epi16(fastest_lookup(t->high, bytes, top)), 8));
    const __m512i low16 = _mm512_set1_epi32(0xffff);
    const __m512i len_even16 = _mm512_and_si512(len16, low16);
    const __m512i code32 = _mm512_or_si512(_mm512_and_si512(code16, low16),
                                           _mm512_sllv_epi32(_mm512_srli_epi32(code16, 16), len_even16));
    const __m512i len32 = _mm512_add_epi32(len_even16, _mm512_srli_epi32(len16, 16));
    const __m512i low32 = _mm512_set1_epi64(0xffffffff);
    const __m512i len_even32 = _mm512_and_si512(len32, low32);
    const __m512i code64 = _mm512_or_si512(_mm512_and_si512(code32, low32),
                                           _mm512_sllv_epi64(_mm512_srli_epi64(code32, 32), len_even32));
    const __m512i len64 = _mm512_add_epi64(len_even32, _mm512_srli_epi64(len32, 32));
    /* Where every two neighbouring groups fit 62 bits together (short codes: most of a photo's
       residuals), join them too and write four strings instead of eight. */
    const __m512i odd = _mm512_set_epi64(7, 7, 5, 5, 3, 3, 1, 1);
    const __m512i code_odd = _mm512_permutexvar_epi64(odd, code64), len_odd = _mm512_permutexvar_epi64(odd, len64);
    const __m512i len128 = _mm512_add_epi64(len64, len_odd);
    if (!_mm512_mask_cmpgt_epu64_mask(0x55, len128, _mm512_set1_epi64(62))) {
        const __m512i code128 = _mm512_or_si512(code64, _mm512_sllv_epi64(code_odd, len64));
        return put4(w, code128, _mm512_set_epi64(2, 2, 2, 2, 0, 0, 0, 0), _mm512_set_epi64(6, 6, 6, 6, 4, 4, 4, 4),
                    (uint32_t)low_bytes(len128, &t->every_other_lane), t);
    }
    const uint64_t counts = low_bytes(len64, &t->every_lane);
    w = put4(w, code64, _mm512_set_epi64(1, 1, 1, 1, 0, 0, 0, 0), _mm512_set_epi64(3, 3, 3, 3, 2, 2, 2, 2),
             (uint32_t)counts, t);
    return put4(w, code64, _mm512_set_epi64(5, 5, 5, 5, 4, 4, 4, 4), _mm512_set_epi64(7, 7, 7, 7, 6, 6, 6, 6),
                (uint32_t)(counts >> 32), t);
}

/* fastest_literals' bits with AVX2, which has no byte permute wider than 16 entries (and whose
   gathers cost more than the scalar loads on this project's AMD EPYC: grid 1170 x 2532 1.2x
   slower than them): the lengths and the codes' low and high bytes are looked up as three byte
   planes, each in sixteen 16-entry vpshufb tables chosen by the residual's high bits in a tree
   of blends. A block whose 32 residuals all lie in -32...31 (69-100 %
   of the literal blocks of the peer and photo frames) needs only the four tables of that range.
   The codes are joined as the AVX-512 path joins them (16 -> 32 -> 64-bit lanes, four codes a
   string of at most 56 bits) and written by the bit writer, two strings at once where together
   they fit its 56 bits. */
#define FASTEST_AVX2 __attribute__((target("avx2,bmi2")))

typedef struct {
    /* entry k of the 256 is symbol k - 32 (mod 256), so that -32...31 are the first 64; 16 entries a
       table, each in both 128-bit lanes */
    __m256i length[16], low[16], high[16];
} fastest_avx2_tables;

FASTEST_AVX2 static void fastest_fill_avx2_tables(fastest_avx2_tables *t, const uint8_t *lengths,
                                                  const uint16_t *code) {
    uint8_t l[256], lo[256], hi[256];
    fastest_planes(lengths, code, -32, l, lo, hi);
    for (int q = 0; q < 16; q++) {
        t->length[q] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(l + 16 * q)));
        t->low[q] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(lo + 16 * q)));
        t->high[q] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(hi + 16 * q)));
    }
}

/* Entry `index` of the first 1 << `levels` tables: vpshufb takes the low 4 bits (`nibble`), and
   bit[k] carries bit 4 + k of each byte in its top bit, which vpblendvb reads. */
FASTEST_AVX2 static inline __attribute__((always_inline)) __m256i fastest_avx2_lookup(const __m256i *table,
                                                                                     __m256i nibble,
                                                                                     const __m256i *bit,
                                                                                     int levels) {
    __m256i v[16];
    const int count = 1 << levels;
    for (int k = 0; k < count; k++) {
        v[k] = _mm256_shuffle_epi8(table[k], nibble);
    }
    for (int level = 0; level < levels; level++) {
        for (int k = 0; k < count >> (level + 1); k++) {
            v[k] = _mm256_blendv_epi8(v[2 * k], v[2 * k + 1], bit[level]);
        }
    }
    return v[0];
}

/* 16-bit lanes of codes and lengths joined into 64-bit lanes of four codes each. */
FASTEST_AVX2 static inline __attribute__((always_inline)) __m256i fastest_join_avx2(__m256i code16, __m256i len16,
                                                                                   __m256i *len64) {
    const __m256i low16 = _mm256_set1_epi32(0xffff);
    const __m256i len_even16 = _mm256_and_si256(len16, low16);
    const __m256i code32 = _mm256_or_si256(_mm256_and_si256(code16, low16),
                                           _mm256_sllv_epi32(_mm256_srli_epi32(code16, 16), len_even16));
    const __m256i len32 = _mm256_add_epi32(len_even16, _mm256_srli_epi32(len16, 16));
    const __m256i low32 = _mm256_set1_epi64x(0xffffffff);
    const __m256i len_even32 = _mm256_and_si256(len32, low32);
    *len64 = _mm256_add_epi64(len_even32, _mm256_srli_epi64(len32, 32));
    return _mm256_or_si256(_mm256_and_si256(code32, low32),
                           _mm256_sllv_epi64(_mm256_srli_epi64(code32, 32), len_even32));
}

FASTEST_AVX2 static inline __attribute__((always_inline)) bit_writer fastest_literals_avx2(
    bit_writer w, const uint8_t *p, const fastest_avx2_tables *t) {
    const __m256i index = _mm256_add_epi8(_mm256_loadu_si256((const __m256i *)p), _mm256_set1_epi8(32));
    const __m256i nibble = _mm256_and_si256(index, _mm256_set1_epi8(15));
    const __m256i bit[4] = {_mm256_slli_epi16(index, 3), _mm256_slli_epi16(index, 2), _mm256_slli_epi16(index, 1),
                            index};
    __m256i len8, low8, high8;
    if (_mm256_testz_si256(index, _mm256_set1_epi8((char)0xc0))) {
        len8 = fastest_avx2_lookup(t->length, nibble, bit, 2);
        low8 = fastest_avx2_lookup(t->low, nibble, bit, 2);
        high8 = fastest_avx2_lookup(t->high, nibble, bit, 2);
    } else {
        len8 = fastest_avx2_lookup(t->length, nibble, bit, 4);
        low8 = fastest_avx2_lookup(t->low, nibble, bit, 4);
        high8 = fastest_avx2_lookup(t->high, nibble, bit, 4);
    }
    /* vpunpck works within 128-bit lanes: `a` holds symbols 0-7 and 16-23, `b` 8-15 and 24-31,
       so a's 64-bit lanes are strings 0, 1, 4, 5 and b's 2, 3, 6, 7. */
    const __m256i zero = _mm256_setzero_si256();
    __m256i len_a, len_b;
    const __m256i a = fastest_join_avx2(_mm256_unpacklo_epi8(low8, high8), _mm256_unpacklo_epi8(len8, zero), &len_a);
    const __m256i b = fastest_join_avx2(_mm256_unpackhi_epi8(low8, high8), _mm256_unpackhi_epi8(len8, zero), &len_b);
    /* Where each neighbouring pair of strings fits 56 bits (short codes: most of a photo's
       residuals), the pairs are joined here and the block is four strings. */
    const __m256i a2 = _mm256_or_si256(a, _mm256_sllv_epi64(_mm256_bsrli_epi128(a, 8), len_a));
    const __m256i b2 = _mm256_or_si256(b, _mm256_sllv_epi64(_mm256_bsrli_epi128(b, 8), len_b));
    const __m256i len_a2 = _mm256_add_epi64(len_a, _mm256_bsrli_epi128(len_a, 8));
    const __m256i len_b2 = _mm256_add_epi64(len_b, _mm256_bsrli_epi128(len_b, 8));
    const __m256i limit = _mm256_set1_epi64x(56);
    const __m256i over = _mm256_or_si256(_mm256_cmpgt_epi64(len_a2, limit), _mm256_cmpgt_epi64(len_b2, limit));
    if (!(_mm256_movemask_pd(_mm256_castsi256_pd(over)) & 5)) {
        uint64_t strings[4], counts[4];
        _mm256_storeu_si256((__m256i *)strings, _mm256_blend_epi32(a2, _mm256_bslli_epi128(b2, 8), 0xcc));
        _mm256_storeu_si256((__m256i *)counts, _mm256_blend_epi32(len_a2, _mm256_bslli_epi128(len_b2, 8), 0xcc));
        for (int k = 0; k < 4; k++) {
            PUT(w, strings[k], counts[k]);
            FLUSH(w);
        }
        return w;
    }
    uint64_t strings[8], counts[8];
    _mm256_storeu_si256((__m256i *)strings, a);
    _mm256_storeu_si256((__m256i *)(strings + 4), b);
    _mm256_storeu_si256((__m256i *)counts, len_a);
    _mm256_storeu_si256((__m256i *)(counts + 4), len_b);
    for (int k = 0; k < 8; k += 2) {
        const int i = k == 2 ? 4 : k == 4 ? 2 : k; /* strings 0, 1, 4, 5, 2, 3, 6, 7 in order */
        if (counts[i] + counts[i + 1] <= 56) {
            PUT(w, strings[i] | strings[i + 1] << counts[i], counts[i] + counts[i + 1]);
            FLUSH(w);
        } else {
            PUT(w, strings[i], counts[i]);
            FLUSH(w);
            PUT(w, strings[i + 1], counts[i + 1]);
            FLUSH(w);
        }
    }
    return w;
}

/* The zero-block bitmap, a block a test, a word at a time. */
__attribute__((target("avx2"))) static void fastest_zero_blocks_avx2(const uint8_t *in, size_t blocks,
                                                                    uint64_t *zero) {
    for (size_t w = 0; w * 64 < blocks; w++) {
        uint64_t bits = 0;
        const size_t count = blocks - w * 64 < 64 ? blocks - w * 64 : 64;
        for (size_t k = 0; k < count; k++) {
            const __m256i v = _mm256_loadu_si256((const __m256i *)(in + (w * 64 + k) * FASTEST_BLOCK));
            bits |= (uint64_t)_mm256_testz_si256(v, v) << k;
        }
        zero[w] = bits;
    }
}
#endif

/* What pass 2 reads: the piece, its zero-block bitmap, the code, and each match length's bits
   (its length code and extra bits, then distance 1's code). */
typedef struct {
    const uint8_t *in;
    const uint64_t *zero;
    size_t blocks;
    const uint8_t *out;
    size_t cap;
    const uint8_t *lengths;
    const uint16_t *code;
    uint64_t match_bits[MAX_MATCH + 1];
    uint8_t match_count[MAX_MATCH + 1];
} fastest_pass;

/* Pass 2 over the blocks as a function NAME (with ATTRIBUTES) whose literal blocks are written
   by LITERALS (a block at `p`, after SETUP); sets `overflow` and stops when the codes would
   outgrow `cap`, which the sampled counts cannot rule out. */
#define FASTEST_BLOCKS(NAME, ATTRIBUTES, SETUP, LITERALS)                                                      \
    ATTRIBUTES static bit_writer NAME(bit_writer w, const fastest_pass *f, int *overflow) {                     \
        SETUP;                                                                                                   \
        const uint8_t *lengths = f->lengths;                                                                     \
        const uint16_t *code = f->code;                                                                          \
        for (size_t b = 0; b < f->blocks;) {                                                                     \
            const uint8_t *p = f->in + b * FASTEST_BLOCK;                                                        \
            if (!is_zero_block(f->zero, b)) {                                                                    \
                if ((size_t)(w.out - f->out) + 128 > f->cap) {                                                   \
                    *overflow = 1;                                                                               \
                    return w;                                                                                    \
                }                                                                                                \
                w = LITERALS;                                                                                    \
                b++;                                                                                             \
                continue;                                                                                        \
            }                                                                                                    \
            const size_t end = run_end(f->zero, b, f->blocks);                                                   \
            int literal;                                                                                         \
            size_t m = run_bytes(f->in, b, end, &literal);                                                       \
            if (literal) {                                                                                       \
                PUT(w, code[0], lengths[0]);                                                                     \
            }                                                                                                    \
            for (size_t l; m; m -= l) {                                                                          \
                if ((size_t)(w.out - f->out) + 128 > f->cap) {                                                   \
                    *overflow = 1;                                                                               \
                    return w;                                                                                    \
                }                                                                                                \
                l = next_match(m);                                                                               \
                PUT(w, f->match_bits[l], f->match_count[l]);                                                     \
                FLUSH(w);                                                                                        \
            }                                                                                                    \
            b = end;                                                                                             \
        }                                                                                                        \
        return w;                                                                                                \
    }

FASTEST_BLOCKS(fastest_blocks, , (void)0, fastest_literals(w, p, lengths, code))
#if defined(__x86_64__)
FASTEST_BLOCKS(fastest_blocks_avx512, FASTEST_AVX512, fastest_tables tables; fastest_fill_tables(&tables, f->lengths, f->code),
               fastest_literals_avx512(w, p, &tables))
FASTEST_BLOCKS(fastest_blocks_avx2, FASTEST_AVX2,
               fastest_avx2_tables tables; fastest_fill_avx2_tables(&tables, f->lengths, f->code),
               fastest_literals_avx2(w, p, &tables))
#endif
#undef FASTEST_BLOCKS

static int fastest_deflate(const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap, size_t *written,
                           int portable) {
    if (!in || !out || !written || n > UINT32_MAX || cap < cpng_fast_deflate_bound(n)) {
        return CPNG_ERROR_ARGUMENT;
    }
    pthread_once(&length_symbol_once, build_length_table);
    const size_t blocks = n / FASTEST_BLOCK, tail = blocks * FASTEST_BLOCK;
    uint64_t *zero = calloc(blocks / 64 + 1, sizeof(uint64_t));
    if (!zero) {
        return CPNG_ERROR_MEMORY;
    }
    /* Pass 1: which blocks are zero, the sampled literal counts, the runs' symbols. */
#if defined(__x86_64__)
    if (!portable && cisa_allows(CISA_AVX2)) {
        fastest_zero_blocks_avx2(in, blocks, zero);
    } else
#endif
    {
        for (size_t w = 0; w * 64 < blocks; w++) {
            uint64_t bits = 0;
            const size_t count = blocks - w * 64 < 64 ? blocks - w * 64 : 64;
            for (size_t k = 0; k < count; k++) {
                bits |= (uint64_t)block_is_zero(in + (w * 64 + k) * FASTEST_BLOCK) << k;
            }
            zero[w] = bits;
        }
    }
    uint32_t lane_freq[4][256] = {{0}};
    for (size_t b = 0; b < blocks; b += FASTEST_SAMPLE) {
        if (is_zero_block(zero, b)) {
            continue;
        }
        const uint8_t *p = in + b * FASTEST_BLOCK;
        for (int k = 0; k < FASTEST_BLOCK; k += 4) {
            lane_freq[0][p[k]]++;
            lane_freq[1][p[k + 1]]++;
            lane_freq[2][p[k + 2]]++;
            lane_freq[3][p[k + 3]]++;
        }
    }
    uint32_t litlen_freq[LITLEN_SYMBOLS] = {0}, dist_freq[DIST_SYMBOLS] = {0};
    for (int s = 0; s < 256; s++) {
        litlen_freq[s] =
            (lane_freq[0][s] + lane_freq[1][s] + lane_freq[2][s] + lane_freq[3][s]) * FASTEST_SAMPLE + 1;
    }
    for (size_t i = tail; i < n; i++) {
        litlen_freq[in[i]]++;
    }
    for (size_t b = next_zero_block(zero, 0, blocks); b < blocks; ) {
        const size_t end = run_end(zero, b, blocks);
        int literal;
        /* next_match's lengths counted at once: 258 while at least 261 bytes are left, then the
           rest, as 255 and 4 or 5 where it is 259 or 260 (a match a counter increment, each
           waiting for the one before, had been a tenth of this pass on long runs). */
        size_t m = run_bytes(in, b, end, &literal);
        const size_t longest = m >= MAX_MATCH + 3 ? (m - MAX_MATCH - 3) / MAX_MATCH + 1 : 0;
        m -= longest * MAX_MATCH;
        litlen_freq[257 + length_symbol[MAX_MATCH]] += (uint32_t)longest;
        dist_freq[0] += (uint32_t)longest + 1;
        if (m > MAX_MATCH) {
            litlen_freq[257 + length_symbol[MAX_MATCH - 3]]++;
            dist_freq[0]++;
            m -= MAX_MATCH - 3;
        }
        litlen_freq[257 + length_symbol[m]]++;
        litlen_freq[0] += (uint32_t)literal;
        b = next_zero_block(zero, end, blocks);
    }

    block_plan plan;
    plan_block(litlen_freq, dist_freq, FASTEST_LIMIT, &plan);
    int overflow = stored_is_smaller(plan.bits, n, last);
    if (!overflow) {
        bit_writer w = write_block_header((bit_writer){0, 0, out}, &plan, last);
        fastest_pass f = {in, zero, blocks, out, cap, plan.lengths, plan.litlen_code, {0}, {0}};
        for (int l = 3; l <= MAX_MATCH; l++) {
            const int s = length_symbol[l], sym = 257 + s;
            const unsigned count = plan.lengths[sym] + LENGTH_EXTRA[s];
            f.match_bits[l] = plan.litlen_code[sym] | (uint64_t)(l - LENGTH_BASE[s]) << plan.lengths[sym] |
                              (uint64_t)plan.dist_code[0] << count;
            f.match_count[l] = (uint8_t)(count + plan.lengths[LITLEN_SYMBOLS]);
        }
#if defined(__x86_64__)
        w = portable                     ? fastest_blocks(w, &f, &overflow)
            : cisa_allows(CISA_AVX512) ? fastest_blocks_avx512(w, &f, &overflow)
            : cisa_allows(CISA_AVX2)   ? fastest_blocks_avx2(w, &f, &overflow)
                                       : fastest_blocks(w, &f, &overflow);
#else
        w = fastest_blocks(w, &f, &overflow);
#endif
        (void)portable;
        const uint8_t *lengths = plan.lengths;
        const uint16_t *code = plan.litlen_code;
        if (!overflow) {
            for (size_t i = tail; i < n; i++) {
                PUT(w, code[in[i]], lengths[in[i]]);
                FLUSH(w);
            }
            PUT(w, code[256], lengths[256]);
            uint8_t *end = end_piece(w, last);
            overflow = (size_t)(end - out) > n + (n / 65535 + 1) * 5 + (last ? 0 : 5);
            *written = (size_t)(end - out);
        }
    }
    free(zero);
    if (overflow) { /* stored blocks are smaller */
        *written = (size_t)(write_stored(in, n, last, out) - out);
    }
    return CPNG_OK;
}

int cpng_fastest_deflate(const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap, size_t *written) {
    return fastest_deflate(in, n, last, out, cap, written, 0);
}

int cpng_fastest_deflate_portable(const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap,
                                  size_t *written) {
    return fastest_deflate(in, n, last, out, cap, written, 1);
}

/* Filters rows y0..<y1 into a strip-sized buffer and compresses them with `fastest` (or `fast`)
   while they are still in cache. */
static int strip(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int out_channels,
                 int premultiplied, int filters, uint32_t y0, uint32_t y1, int last, uint8_t *out, size_t cap,
                 size_t *written, uint32_t *adler, int fastest) {
    if (!adler || !written || y0 > y1 || (out_channels != 3 && out_channels != 4)) {
        return CPNG_ERROR_ARGUMENT;
    }
    const size_t n = (size_t)(y1 - y0) * ((size_t)width * (size_t)out_channels + 1);
    uint8_t *filtered = malloc(n ? n : 1);
    if (!filtered) {
        return CPNG_ERROR_MEMORY;
    }
    int status = cpng_filter_rows(rows, width, height, stride, 4, out_channels, premultiplied, filters, y0, y1,
                                  filtered);
    if (status == CPNG_OK) {
        *adler = cpng_adler32(1, filtered, n);
        status = fastest ? cpng_fastest_deflate(filtered, n, last, out, cap, written)
                         : cpng_fast_deflate(filtered, n, (size_t)out_channels, last, out, cap, written);
    }
    free(filtered);
    return status;
}

int cpng_fast_strip(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int out_channels,
                    int premultiplied, int filters, uint32_t y0, uint32_t y1, int last, uint8_t *out, size_t cap,
                    size_t *written, uint32_t *adler) {
    return strip(rows, width, height, stride, out_channels, premultiplied, filters, y0, y1, last, out, cap, written,
                 adler, 0);
}

int cpng_fastest_strip(const uint8_t *rows, uint32_t width, uint32_t height, size_t stride, int out_channels,
                       int premultiplied, int filters, uint32_t y0, uint32_t y1, int last, uint8_t *out, size_t cap,
                       size_t *written, uint32_t *adler) {
    return strip(rows, width, height, stride, out_channels, premultiplied, filters, y0, y1, last, out, cap, written,
                 adler, 1);
}

uint32_t cpng_adler32_combine(uint32_t first, uint32_t second, size_t second_length) {
    /* zlib's adler32_combine: the sums of the second part shifted by the first's. */
    const uint32_t base = 65521;
    uint32_t rem = (uint32_t)(second_length % base);
    uint32_t sum1 = first & 0xffff;
    uint32_t sum2 = (uint32_t)(((uint64_t)rem * sum1) % base);
    sum1 += (second & 0xffff) + base - 1;
    sum2 += ((first >> 16) & 0xffff) + ((second >> 16) & 0xffff) + base - rem;
    if (sum1 >= base) sum1 -= base;
    if (sum1 >= base) sum1 -= base;
    if (sum2 >= ((uint32_t)base << 1)) sum2 -= ((uint32_t)base << 1);
    if (sum2 >= base) sum2 -= base;
    return sum1 | (sum2 << 16);
}
