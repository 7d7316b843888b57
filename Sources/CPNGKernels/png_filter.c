// PNG row filtering fused with the RGBA-to-RGB packing: each row of the frame is read once.
//
// For the adaptive choice a first pass counts, per row, the zero bytes Sub and Up would
// leave in a sample of the row (the row is then in L1 for the second pass, which writes the
// chosen filter). Zero bytes are what flipbook_deflate_block codes as runs, so the count is
// the cost it sees. The sample is every fourth group of 8 pixels from pixel 1 (pixels
// 1–8, 33–40, …): on the reference workload it chose nearly as well as every pixel (files
// 2 % larger) for a quarter of the scoring (the filtering went from 5.8 M to 3.4 M
// instructions per 1080p frame).
#include "png_kernels.h"

#include <string.h>

/// Zero bytes that Sub (`*sub`) and Up (`*up`) would leave in pixels [from, to) of the RGBA
/// rows. The alpha bytes count too: for RGB output the row is opaque (else it is not
/// written as RGB), and they then add nearly the same to both counts.
static void count_zeros_scalar(const uint8_t *row, const uint8_t *above, long from, long to, long *sub, long *up) {
  for (long i = from; i < to; i++) {
    for (int c = 0; c < 4; c++) {
      uint8_t v = row[i * 4 + c];
      uint8_t left = i > 0 ? row[i * 4 - 4 + c] : 0;
      *sub += v == left;
      *up += v == above[i * 4 + c];
    }
  }
}

/// Filters pixels [from, to) into `out` (the line after its type byte); returns the AND of
/// their alpha bytes.
static uint8_t filter_scalar(
    const uint8_t *row, const uint8_t *above, long from, long to, int bpp, int filter, uint8_t *out) {
  uint8_t alpha = 0xFF;
  for (long i = from; i < to; i++) {
    for (int c = 0; c < bpp; c++) {
      uint8_t v = row[i * 4 + c];
      uint8_t ref = 0;
      if (filter == FLIPBOOK_PNG_FILTER_SUB && i > 0) ref = row[i * 4 - 4 + c];
      if (filter == FLIPBOOK_PNG_FILTER_UP) ref = above[i * 4 + c];
      out[i * bpp + c] = (uint8_t)(v - ref);
    }
    alpha &= row[i * 4 + 3];
  }
  return alpha;
}

/// The filter type a line gets: Up without a row above is None, adaptive is decided by
/// `zeros` (called only then).
static int choose(const uint8_t *above, int filter, void (*zeros)(const uint8_t *, const uint8_t *, long, long *, long *),
                  const uint8_t *row, long pixels) {
  if (filter == FLIPBOOK_PNG_FILTER_UP && !above) return FLIPBOOK_PNG_FILTER_NONE;
  if (filter != FLIPBOOK_PNG_FILTER_ADAPTIVE) return filter;
  if (!above) return FLIPBOOK_PNG_FILTER_SUB;
  long sub = 0, up = 0;
  zeros(row, above, pixels, &sub, &up);
  return up > sub ? FLIPBOOK_PNG_FILTER_UP : FLIPBOOK_PNG_FILTER_SUB;
}

/// Sampled groups of pixels: SAMPLE_GROUP pixels every SAMPLE_STRIDE from pixel 1.
enum { SAMPLE_GROUP = 8, SAMPLE_STRIDE = 32 };

/// The zero counts of the sample: the whole groups that fit in the row, or every pixel of a
/// row too narrow for one.
static void zeros_portable(const uint8_t *row, const uint8_t *above, long pixels, long *sub, long *up) {
  if (pixels < 1 + SAMPLE_GROUP) {
    count_zeros_scalar(row, above, 0, pixels, sub, up);
    return;
  }
  for (long i = 1; i + SAMPLE_GROUP <= pixels; i += SAMPLE_STRIDE) {
    count_zeros_scalar(row, above, i, i + SAMPLE_GROUP, sub, up);
  }
}

uint8_t flipbook_png_filter_row_portable(
    const uint8_t *row, const uint8_t *above, long pixels, bool rgb, int filter, uint8_t *line) {
  int bpp = rgb ? 3 : 4;
  int f = choose(above, filter, zeros_portable, row, pixels);
  line[0] = (uint8_t)f;
  uint8_t alpha = filter_scalar(row, above, 0, pixels, bpp, f, line + 1);
  return rgb ? alpha : 0xFF;
}

#if defined(__x86_64__)
#include <immintrin.h>

bool flipbook_png_avx2_available(void) {
  // Called once, by the initializer of FlipbookPNG's global `pngAVX2`.
  // The deflate's scan also uses BMI1 (tzcnt, blsr), which every AVX2 CPU so far has.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
}

// Eight pixels per step from pixel 1 on (pixel 0 has no left neighbour in the row), the
// first pixel and the tail in scalar code.

__attribute__((target("avx2"))) static long sum_bytes(__m256i v) {
  __m256i sums = _mm256_sad_epu8(v, _mm256_setzero_si256());
  return _mm256_extract_epi64(sums, 0) + _mm256_extract_epi64(sums, 1) + _mm256_extract_epi64(sums, 2) +
         _mm256_extract_epi64(sums, 3);
}

/// zeros_portable's counts, a group per step.
__attribute__((target("avx2"))) static void zeros_avx2(
    const uint8_t *row, const uint8_t *above, long pixels, long *sub, long *up) {
  if (pixels < 1 + SAMPLE_GROUP) {
    zeros_portable(row, above, pixels, sub, up);
    return;
  }
  // Equal bytes counted in byte lanes (cmpeq gives 0xFF, subtracted as −1), summed every
  // 255 steps before a lane can wrap.
  long groups = (pixels - 1 - SAMPLE_GROUP) / SAMPLE_STRIDE + 1;
  const uint8_t *r = row + 4, *a = above + 4;
  long s = 0, u = 0;
  while (groups > 0) {
    long steps = groups > 255 ? 255 : groups;
    groups -= steps;
    __m256i cs = _mm256_setzero_si256(), cu = _mm256_setzero_si256();
    for (; steps > 0; steps--, r += 4 * SAMPLE_STRIDE, a += 4 * SAMPLE_STRIDE) {
      __m256i v = _mm256_loadu_si256((const __m256i *)r);
      cs = _mm256_sub_epi8(cs, _mm256_cmpeq_epi8(v, _mm256_loadu_si256((const __m256i *)(r - 4))));
      cu = _mm256_sub_epi8(cu, _mm256_cmpeq_epi8(v, _mm256_loadu_si256((const __m256i *)a)));
    }
    s += sum_bytes(cs);
    u += sum_bytes(cu);
  }
  *sub = s;
  *up = u;
}

/// Pixels [1, 1 + 8k) of the line, 8 at a time, for one filter and layout (constants once
/// inlined, so the loop has no branch on them); returns the AND of the alpha bytes as a
/// vector and the first pixel not written.
__attribute__((target("avx2"), always_inline)) static inline long filter_avx2(
    const uint8_t *row, const uint8_t *above, long pixels, bool rgb, int f, uint8_t *out, __m256i *alphas) {
  // Within each 128-bit lane: r g b of the lane's 4 pixels into its first 12 bytes; then the
  // lanes' 3 + 3 dwords side by side (the last 8 bytes are don't-care, overwritten next).
  const __m256i shuffle = _mm256_setr_epi8(
      0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
      0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  const __m256i gather = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
  __m256i alpha = _mm256_set1_epi8((char)0xFF);
  long i = 1;
  for (; i + 8 <= pixels; i += 8) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(row + i * 4));
    alpha = _mm256_and_si256(alpha, v);
    __m256i d = v;
    if (f == FLIPBOOK_PNG_FILTER_SUB) d = _mm256_sub_epi8(v, _mm256_loadu_si256((const __m256i *)(row + i * 4 - 4)));
    if (f == FLIPBOOK_PNG_FILTER_UP) d = _mm256_sub_epi8(v, _mm256_loadu_si256((const __m256i *)(above + i * 4)));
    if (rgb) {
      _mm256_storeu_si256((__m256i *)(out + i * 3), _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(d, shuffle), gather));
    } else {
      _mm256_storeu_si256((__m256i *)(out + i * 4), d);
    }
  }
  *alphas = alpha;
  return i;
}

__attribute__((target("avx2"))) uint8_t flipbook_png_filter_row_avx2(
    const uint8_t *row, const uint8_t *above, long pixels, bool rgb, int filter, uint8_t *line) {
  int bpp = rgb ? 3 : 4;
  int f = choose(above, filter, zeros_avx2, row, pixels);
  line[0] = (uint8_t)f;
  uint8_t *out = line + 1;
  uint8_t alpha = filter_scalar(row, above, 0, pixels < 1 ? pixels : 1, bpp, f, out);
  __m256i alphas;
  long i;
  switch (f * 2 + rgb) {
  case FLIPBOOK_PNG_FILTER_SUB * 2 + 1: i = filter_avx2(row, above, pixels, true, FLIPBOOK_PNG_FILTER_SUB, out, &alphas); break;
  case FLIPBOOK_PNG_FILTER_SUB * 2: i = filter_avx2(row, above, pixels, false, FLIPBOOK_PNG_FILTER_SUB, out, &alphas); break;
  case FLIPBOOK_PNG_FILTER_UP * 2 + 1: i = filter_avx2(row, above, pixels, true, FLIPBOOK_PNG_FILTER_UP, out, &alphas); break;
  case FLIPBOOK_PNG_FILTER_UP * 2: i = filter_avx2(row, above, pixels, false, FLIPBOOK_PNG_FILTER_UP, out, &alphas); break;
  case 1: i = filter_avx2(row, above, pixels, true, FLIPBOOK_PNG_FILTER_NONE, out, &alphas); break;
  default: i = filter_avx2(row, above, pixels, false, FLIPBOOK_PNG_FILTER_NONE, out, &alphas); break;
  }
  uint8_t lanes[32];
  _mm256_storeu_si256((__m256i *)lanes, alphas);
  for (int k = 3; k < 32; k += 4) alpha &= lanes[k];
  if (i < pixels) alpha &= filter_scalar(row, above, i, pixels, bpp, f, out);
  return rgb ? alpha : 0xFF;
}

#else

bool flipbook_png_avx2_available(void) { return false; }

uint8_t flipbook_png_filter_row_avx2(
    const uint8_t *row, const uint8_t *above, long pixels, bool rgb, int filter, uint8_t *line) {
  return flipbook_png_filter_row_portable(row, above, pixels, rgb, filter, line);
}

#endif
