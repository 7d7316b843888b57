// The AVX2 source-over helpers that the blend kernels (raster_kernels.c) and the fused
// resolve-and-blend of path coverage (coverage_kernels.c) share: one formula everywhere
// (FlipbookRaster's Kernels.swift). div255(v) = (t + (t >> 8)) >> 8 with t = v + 128 is
// computed as the high half of t · 257 (_mm256_mulhi_epu16), which is the same for every
// t ≤ 65025 + 128 (checked exhaustively). Included after <immintrin.h> by x86-64 builds only.
#ifndef FLIPBOOK_BLEND_AVX2_H
#define FLIPBOOK_BLEND_AVX2_H

__attribute__((target("avx2"))) static inline __m256i div255(__m256i v) {
  return _mm256_mulhi_epu16(_mm256_add_epi16(v, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

/// 8 pixels: out = (sLo | sHi << 8) + div255(dst · inv) in the (r, b) / (g, a) lane split.
__attribute__((target("avx2"))) static inline __m256i over(__m256i d, __m256i sLo, __m256i sHi, __m256i inv) {
  const __m256i low = _mm256_set1_epi16(0x00FF);
  __m256i lo = _mm256_add_epi16(sLo, div255(_mm256_mullo_epi16(_mm256_and_si256(d, low), inv)));
  __m256i hi = _mm256_add_epi16(sHi, div255(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inv)));
  return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

__attribute__((target("avx2"))) static inline __m256i first_lanes(long n) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/// 8 pixels of flipbook_blend_mask_avx2: the color (cLo, cHi, cA split; solidInv = 255 − its
/// alpha) scaled by the coverage words `cov`, over `d`.
__attribute__((target("avx2"))) static inline __m256i blend_group(
    __m256i d, __m256i cov, __m256i cLo, __m256i cHi, __m256i cA, __m256i solidInv) {
  if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(cov, _mm256_set1_epi32(0x00FF00FF))) == -1) {
    return over(d, cLo, cHi, solidInv);  // all 255
  }
  __m256i sLo = div255(_mm256_mullo_epi16(cLo, cov));
  __m256i sHi = div255(_mm256_mullo_epi16(cHi, cov));
  __m256i inv = _mm256_sub_epi16(_mm256_set1_epi16(255), div255(_mm256_mullo_epi16(cA, cov)));
  return over(d, sLo, sHi, inv);
}

#endif
