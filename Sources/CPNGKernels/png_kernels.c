#include "png_kernels.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

bool flipbook_png_avx2_available(void) {
  // Called once, by the initializer of FlipbookPNG's global `pngAVX2`.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}

__attribute__((target("avx2"))) uint8_t flipbook_pack_rgb_avx2(const void *src, void *dst, long pixels) {
  const uint8_t *s = (const uint8_t *)src;
  uint8_t *d = (uint8_t *)dst;
  // Within each 128-bit lane: r g b of the lane's 4 pixels into its first 12 bytes; then the
  // lanes' 3 + 3 dwords side by side (the last 8 bytes are don't-care, overwritten next).
  const __m256i shuffle = _mm256_setr_epi8(
      0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
      0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  const __m256i gather = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
  __m256i alpha = _mm256_set1_epi8((char)0xFF);
  long i = 0;
  for (; i + 8 <= pixels; i += 8) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(s + i * 4));
    alpha = _mm256_and_si256(alpha, v);
    __m256i rgb = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, shuffle), gather);
    _mm256_storeu_si256((__m256i *)(d + i * 3), rgb);
  }
  uint8_t lanes[32];
  _mm256_storeu_si256((__m256i *)lanes, alpha);
  uint8_t a = 0xFF;
  for (int k = 3; k < 32; k += 4) a &= lanes[k];
  for (; i < pixels; i++) {
    d[i * 3] = s[i * 4];
    d[i * 3 + 1] = s[i * 4 + 1];
    d[i * 3 + 2] = s[i * 4 + 2];
    a &= s[i * 4 + 3];
  }
  return a;
}

#else

bool flipbook_png_avx2_available(void) { return false; }
uint8_t flipbook_pack_rgb_avx2(const void *src, void *dst, long pixels) {
  (void)src; (void)dst; (void)pixels;
  return 0;
}

#endif
