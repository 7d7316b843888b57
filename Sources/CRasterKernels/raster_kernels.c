// See include/raster_kernels.h. div255(v) = (t + (t >> 8)) >> 8 with t = v + 128 is computed
// as the high half of t · 257 (_mm256_mulhi_epu16), which is the same for every
// t ≤ 65025 + 128 (checked exhaustively).
#include "raster_kernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

bool flipbook_avx2_available(void) {
  // Called once, by the initializer of FlipbookRaster's global `avx2`.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}

#define AVX2 __attribute__((target("avx2")))

AVX2 static inline __m256i div255(__m256i v) {
  return _mm256_mulhi_epu16(_mm256_add_epi16(v, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// 8 pixels: out = (sLo | sHi << 8) + div255(dst · inv) in the (r, b) / (g, a) lane split.
AVX2 static inline __m256i over(__m256i d, __m256i sLo, __m256i sHi, __m256i inv) {
  const __m256i low = _mm256_set1_epi16(0x00FF);
  __m256i lo = _mm256_add_epi16(sLo, div255(_mm256_mullo_epi16(_mm256_and_si256(d, low), inv)));
  __m256i hi = _mm256_add_epi16(sHi, div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inv)));
  return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

AVX2 static inline __m256i first_lanes(long n) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

AVX2 void flipbook_blend_solid_avx2(void *dst, long count, uint32_t packed) {
  uint8_t *p = dst;
  const __m256i sLo = _mm256_set1_epi32((int)(packed & 0x00FF00FF));
  const __m256i sHi = _mm256_set1_epi32((int)((packed >> 8) & 0x00FF00FF));
  const __m256i inv = _mm256_set1_epi16((short)(255 - (packed >> 24)));
  long i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i d0 = _mm256_loadu_si256((const __m256i *)(p + 4 * i));
    __m256i d1 = _mm256_loadu_si256((const __m256i *)(p + 4 * i + 32));
    _mm256_storeu_si256((__m256i *)(p + 4 * i), over(d0, sLo, sHi, inv));
    _mm256_storeu_si256((__m256i *)(p + 4 * i + 32), over(d1, sLo, sHi, inv));
  }
  for (; i + 8 <= count; i += 8) {
    __m256i d = _mm256_loadu_si256((const __m256i *)(p + 4 * i));
    _mm256_storeu_si256((__m256i *)(p + 4 * i), over(d, sLo, sHi, inv));
  }
  if (i < count) {
    // The last 1-7 pixels: masked load and store touch only them.
    __m256i m = first_lanes(count - i);
    __m256i d = _mm256_maskload_epi32((const int *)(p + 4 * i), m);
    _mm256_maskstore_epi32((int *)(p + 4 * i), m, over(d, sLo, sHi, inv));
  }
}

AVX2 void flipbook_blend_mask_avx2(void *dst, const void *coverage, long count, uint32_t packed) {
  uint8_t *p = dst;
  const uint8_t *c = coverage;
  const __m256i cLo = _mm256_set1_epi32((int)(packed & 0x00FF00FF));
  const __m256i cHi = _mm256_set1_epi32((int)((packed >> 8) & 0x00FF00FF));
  const __m256i cA = _mm256_set1_epi16((short)(packed >> 24));
  const __m256i full = _mm256_set1_epi32(0x00FF00FF);
  const __m256i solidInv = _mm256_set1_epi16((short)(255 - (packed >> 24)));
  const __m256i v255 = _mm256_set1_epi16(255);
  long i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i cov = _mm256_loadu_si256((const __m256i *)(c + 4 * i));
    if (_mm256_testz_si256(cov, cov)) continue;  // all 0: nothing to draw
    __m256i d = _mm256_loadu_si256((const __m256i *)(p + 4 * i));
    __m256i out;
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(cov, full)) == -1) {
      out = over(d, cLo, cHi, solidInv);  // all 255
    } else {
      __m256i sLo = div255(_mm256_mullo_epi16(cLo, cov));
      __m256i sHi = div255(_mm256_mullo_epi16(cHi, cov));
      __m256i inv = _mm256_sub_epi16(v255, div255(_mm256_mullo_epi16(cA, cov)));
      out = over(d, sLo, sHi, inv);
    }
    _mm256_storeu_si256((__m256i *)(p + 4 * i), out);
  }
  if (i < count) {
    __m256i m = first_lanes(count - i);
    __m256i cov = _mm256_maskload_epi32((const int *)(c + 4 * i), m);
    __m256i d = _mm256_maskload_epi32((const int *)(p + 4 * i), m);
    __m256i sLo = div255(_mm256_mullo_epi16(cLo, cov));
    __m256i sHi = div255(_mm256_mullo_epi16(cHi, cov));
    __m256i inv = _mm256_sub_epi16(v255, div255(_mm256_mullo_epi16(cA, cov)));
    _mm256_maskstore_epi32((int *)(p + 4 * i), m, over(d, sLo, sHi, inv));
  }
}

#else

bool flipbook_avx2_available(void) { return false; }
void flipbook_blend_solid_avx2(void *dst, long count, uint32_t packed) { (void)dst; (void)count; (void)packed; }
void flipbook_blend_mask_avx2(void *dst, const void *coverage, long count, uint32_t packed) {
  (void)dst; (void)coverage; (void)count; (void)packed;
}

#endif
