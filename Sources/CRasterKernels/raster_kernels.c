// See include/raster_kernels.h; the source-over helpers (div255, over, blend_group) are in
// blend_avx2.h, shared with coverage_kernels.c.
#include "raster_kernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

bool flipbook_avx2_available(void) {
  // Called once, by the initializer of FlipbookRaster's global `avx2`.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}

#define AVX2 __attribute__((target("avx2")))
#include "blend_avx2.h"

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
  const __m256i solidInv = _mm256_set1_epi16((short)(255 - (packed >> 24)));
  long i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i cov = _mm256_loadu_si256((const __m256i *)(c + 4 * i));
    if (_mm256_testz_si256(cov, cov)) continue;  // all 0: nothing to draw
    __m256i d = _mm256_loadu_si256((const __m256i *)(p + 4 * i));
    _mm256_storeu_si256((__m256i *)(p + 4 * i), blend_group(d, cov, cLo, cHi, cA, solidInv));
  }
  if (i < count) {
    __m256i m = first_lanes(count - i);
    __m256i cov = _mm256_maskload_epi32((const int *)(c + 4 * i), m);
    __m256i d = _mm256_maskload_epi32((const int *)(p + 4 * i), m);
    _mm256_maskstore_epi32((int *)(p + 4 * i), m, blend_group(d, cov, cLo, cHi, cA, solidInv));
  }
}

/// 16 floats as two AVX registers.
typedef struct { __m256 a, b; } v16;

AVX2 static inline v16 v_add(v16 x, v16 y) { return (v16){_mm256_add_ps(x.a, y.a), _mm256_add_ps(x.b, y.b)}; }
AVX2 static inline v16 v_sub(v16 x, v16 y) { return (v16){_mm256_sub_ps(x.a, y.a), _mm256_sub_ps(x.b, y.b)}; }
AVX2 static inline v16 v_mul(float k, v16 x) {
  __m256 s = _mm256_set1_ps(k);
  return (v16){_mm256_mul_ps(s, x.a), _mm256_mul_ps(s, x.b)};
}
AVX2 static inline v16 v_zero(void) { return (v16){_mm256_setzero_ps(), _mm256_setzero_ps()}; }
AVX2 static inline v16 v_load(const float *p) { return (v16){_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8)}; }
AVX2 static inline void v_store(float *p, v16 x) { _mm256_storeu_ps(p, x.a); _mm256_storeu_ps(p + 8, x.b); }

AVX2 static inline v16 column_row(const float *rows, long inputLo, long inputHi, long stride, long y, long from) {
  if (y < inputLo || y >= inputHi) return v_zero();
  return v_load(rows + (y - inputLo) * stride + from);
}

AVX2 static inline v16 column_load(
    const float *rows, long inputLo, long inputHi, long stride, long y, long from, float f, float e) {
  v16 x = column_row(rows, inputLo, inputHi, stride, y, from);
  if (f > 0) x = v_add(v_mul(e, x), v_mul(f, column_row(rows, inputLo, inputHi, stride, y - 1, from)));
  return x;
}

AVX2 void flipbook_recursive_columns_avx2(
    const float *rows, long inputLo, long inputHi, long spanLo, long spanCount, long whole, float f, long stride,
    long length, bool clamp, const float *g, float *anti, float *out, long outLo, long outHi) {
  const float p1r = g[0], p1i = g[1], p2r = g[2], p2i = g[3], c1r = g[4], c1i = g[5], c2r = g[6], c2i = g[7];
  const float q1r = g[8], q1i = g[9], q2r = g[10], q2i = g[11], r1r = g[12], r1i = g[13], r2r = g[14], r2i = g[15];
  const float e = 1 - f;
  if (spanCount <= 0) return;
  for (long from = 0; from < length; from += 16) {
#define LOAD(i) column_load(rows, inputLo, inputHi, stride, spanLo + (i) - whole, from, f, e)
    // Backward: anti[i] = Re(c·w(i)), w(i) = Σ_{m≥1} pᵐ x(i + m).
    v16 w1r = v_zero(), w1i = v_zero(), w2r = v_zero(), w2i = v_zero();
    if (clamp) {
      v16 x = LOAD(spanCount - 1);
      w1r = v_mul(r1r, x); w1i = v_mul(r1i, x); w2r = v_mul(r2r, x); w2i = v_mul(r2i, x);
    }
    for (long i = spanCount - 1; i >= 0; i--) {
      v_store(anti + i * 16, v_add(v_sub(v_mul(c1r, w1r), v_mul(c1i, w1i)), v_sub(v_mul(c2r, w2r), v_mul(c2i, w2i))));
      v16 x = LOAD(i);
      v16 a1 = v_add(x, w1r), a2 = v_add(x, w2r);
      v16 n1r = v_sub(v_mul(p1r, a1), v_mul(p1i, w1i)), n1i = v_add(v_mul(p1r, w1i), v_mul(p1i, a1));
      v16 n2r = v_sub(v_mul(p2r, a2), v_mul(p2i, w2i)), n2i = v_add(v_mul(p2r, w2i), v_mul(p2i, a2));
      w1r = n1r; w1i = n1i; w2r = n2r; w2i = n2i;
    }
    // Forward: z(i) = x(i) + p·z(i − 1), y(i) = Re(c·z(i)) + anti[i].
    v16 z1r = v_zero(), z1i = v_zero(), z2r = v_zero(), z2i = v_zero();
    if (clamp) {
      v16 x = LOAD(0);
      z1r = v_mul(q1r, x); z1i = v_mul(q1i, x); z2r = v_mul(q2r, x); z2i = v_mul(q2i, x);
    }
    for (long i = 0; i < spanCount; i++) {
      v16 x = LOAD(i);
      v16 n1r = v_sub(v_add(x, v_mul(p1r, z1r)), v_mul(p1i, z1i)), n1i = v_add(v_mul(p1r, z1i), v_mul(p1i, z1r));
      v16 n2r = v_sub(v_add(x, v_mul(p2r, z2r)), v_mul(p2i, z2i)), n2i = v_add(v_mul(p2r, z2i), v_mul(p2i, z2r));
      z1r = n1r; z1i = n1i; z2r = n2r; z2i = n2i;
      long y = spanLo + i;
      if (y < outLo || y >= outHi) continue;
      v16 sum = v_add(v_sub(v_mul(c1r, z1r), v_mul(c1i, z1i)), v_sub(v_mul(c2r, z2r), v_mul(c2i, z2i)));
      v_store(out + (y - outLo) * stride + from, v_add(sum, v_load(anti + i * 16)));
    }
#undef LOAD
  }
}

/// 8 pixels of a glyph mask: the glyph blend (include/raster_kernels.h) of the 8 coverage
/// bytes in each 64-bit lane of `b` over `d`. `cLo` and `cHi` hold the color's (r, b) and
/// (g, a) channels times 256 in the (r, b) / (g, a) lane split, `cA` its alpha times 257.
/// Every multiply takes the high half of a 16 × 16-bit product, so the coverage words are
/// c · 256 (one shuffle puts c in each word's high byte): mulhi(c·256, v·256) = c·v exactly,
/// mulhi(c·256, α·257) = ⌊c·α·257/256⌋ and mulhi(d·256, inv) = ⌊d·inv/256⌋, and (d·256) is
/// d's (r, b) bytes shifted left and its (g, a) bytes masked in place. The sum is halved by
/// vpavgw (rounding up) and divided by 255/2 with rounding by vpmulhrsw: (h·257 + 2¹⁴) >> 15.
/// 15 vector operations and 7 multiplies per 8 pixels (the shapes' blend: 21 and 8).
AVX2 static inline __m256i glyph_group(__m256i d, __m256i b, __m256i cLo, __m256i cHi, __m256i cA) {
  const __m256i spread = _mm256_setr_epi8(
      -1, 0, -1, 0, -1, 1, -1, 1, -1, 2, -1, 2, -1, 3, -1, 3, -1, 4, -1, 4, -1, 5, -1, 5, -1, 6, -1, 6, -1, 7, -1, 7);
  __m256i cov = _mm256_shuffle_epi8(b, spread);
  __m256i inv = _mm256_sub_epi16(_mm256_set1_epi16((short)65280), _mm256_mulhi_epu16(cov, cA));
  __m256i dLo = _mm256_mulhi_epu16(_mm256_slli_epi16(d, 8), inv);
  __m256i dHi = _mm256_mulhi_epu16(_mm256_and_si256(d, _mm256_set1_epi16((short)0xFF00)), inv);
  __m256i hLo = _mm256_avg_epu16(_mm256_mulhi_epu16(cov, cLo), dLo);
  __m256i hHi = _mm256_avg_epu16(_mm256_mulhi_epu16(cov, cHi), dHi);
  const __m256i k = _mm256_set1_epi16(257);
  __m256i lo = _mm256_mulhrs_epi16(hLo, k), hi = _mm256_mulhrs_epi16(hHi, k);
  return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

/// The 8 coverage bytes at `c` (coverage words spread from them by glyph_group), blended over
/// the 8 pixels at `p`. Groups of coverage 0 are blended too (they leave the pixels as they
/// are): testing for them cost more in mispredicted branches than the 12 % of the text
/// workload's groups that they are (replayed, clear and blend of a frame: 0.330 → 0.316 ms).
AVX2 static inline void glyph_group8(uint8_t *p, const uint8_t *c, __m256i cLo, __m256i cHi, __m256i cA) {
  __m256i b = _mm256_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)c));
  __m256i dst = _mm256_loadu_si256((const __m256i *)p);
  _mm256_storeu_si256((__m256i *)p, glyph_group(dst, b, cLo, cHi, cA));
}

/// The pixels x0..<x1 × y0..<y1 of a mask whose rows the box cuts (at the buffer's edge):
/// whole groups of 8 and masked loads and stores for each row's last pixels.
AVX2 __attribute__((noinline)) static void blend_glyph_cut(
    uint8_t *base, long baseX0, long baseY0, long rowBytes, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *d, __m256i cLo, __m256i cHi, __m256i cA) {
  long stride = d->stride, n = x1 - x0;
  const uint8_t *c = d->coverage + (y0 - d->y) * stride + (x0 - d->x);
  uint8_t *p = base + (y0 - baseY0) * rowBytes + (x0 - baseX0) * 4;
  for (long y = y0; y < y1; y++, c += stride, p += rowBytes) {
    long i = 0;
    for (; i + 8 <= n; i += 8) glyph_group8(p + 4 * i, c + i, cLo, cHi, cA);
    if (i == n) continue;
    long k = n - i;
    uint64_t bytes = 0;
    for (long j = 0; j < k; j++) bytes |= (uint64_t)c[i + j] << (8 * j);
    if (bytes == 0) continue;
    __m256i m = first_lanes(k);
    __m256i dst = _mm256_maskload_epi32((const int *)(p + 4 * i), m);
    _mm256_maskstore_epi32((int *)(p + 4 * i), m, glyph_group(dst, _mm256_set1_epi64x((long long)bytes), cLo, cHi, cA));
  }
}

/// The 4 pixels at `p` and the 4 a row below (`rowBytes` on) with the 4 coverage bytes at
/// `c` and at `c2` (one 8-pixel group for the two rows' last few pixels).
AVX2 static inline void glyph_halves(
    uint8_t *p, long rowBytes, const uint8_t *c, const uint8_t *c2, __m256i cLo, __m256i cHi, __m256i cA) {
  uint32_t lo, hi;
  __builtin_memcpy(&lo, c, 4);
  __builtin_memcpy(&hi, c2, 4);
  __m256i b = _mm256_set1_epi64x((long long)((uint64_t)hi << 32 | lo));
  __m256i dst = _mm256_loadu2_m128i((const __m128i *)(p + rowBytes), (const __m128i *)p);
  _mm256_storeu2_m128i((__m128i *)(p + rowBytes), (__m128i *)p, glyph_group(dst, b, cLo, cHi, cA));
}

/// One glyph draw of flipbook_blend_glyphs_avx2: its mask's rows within the box
/// x0..<x1 × y0..<y1, 8 pixels a step, all-zero groups skipped.
AVX2 static inline void blend_glyph(
    uint8_t *base, long baseX0, long baseY0, long rowBytes, long rowEnd, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *d, __m256i cLo, __m256i cHi, __m256i cA) {
  long dx = d->x, dy = d->y, stride = d->stride, width = d->width;
  long gy0 = dy > y0 ? dy : y0, gy1 = dy + d->height < y1 ? dy + d->height : y1;
  long gx0 = dx > x0 ? dx : x0, gx1 = dx + width < x1 ? dx + width : x1;
  if (gy1 <= gy0 || gx1 <= gx0) return;
  if (gx0 != dx || gx1 != dx + width || dx + stride > rowEnd) {
    blend_glyph_cut(base, baseX0, baseY0, rowBytes, gx0, gy0, gx1, gy1, d, cLo, cHi, cA);
    return;
  }
  // The rows are not cut and the pixels under their zero padding exist (coverage 0 leaves
  // them as they are): whole groups of 8, except that when a row's last group holds at most
  // 4 pixels of ink, two rows' last groups are blended as one.
  const uint8_t *c = d->coverage + (gy0 - dy) * stride;
  uint8_t *p = base + (gy0 - baseY0) * rowBytes + (dx - baseX0) * 4;
  long rows = gy1 - gy0;
  long tail = width & 7;
  if (tail == 0 || tail > 4) {
    for (long y = 0; y < rows; y++, c += stride, p += rowBytes) {
      for (long i = 0; i < stride; i += 8) glyph_group8(p + 4 * i, c + i, cLo, cHi, cA);
    }
    return;
  }
  long last = stride - 8;
  long y = 0;
  for (; y + 2 <= rows; y += 2, c += 2 * stride, p += 2 * rowBytes) {
    for (long i = 0; i < last; i += 8) {
      glyph_group8(p + 4 * i, c + i, cLo, cHi, cA);
      glyph_group8(p + rowBytes + 4 * i, c + stride + i, cLo, cHi, cA);
    }
    glyph_halves(p + 4 * last, rowBytes, c + last, c + stride + last, cLo, cHi, cA);
  }
  if (y < rows) {
    for (long i = 0; i < stride; i += 8) glyph_group8(p + 4 * i, c + i, cLo, cHi, cA);
  }
}

/// glyph_group's color constants for the premultiplied color `packed`: (r, b) and (g, a)
/// times 256, and the alpha times 257. Channels above the alpha (not premultiplied) are taken
/// at the alpha, so that the blend's sums stay below 2¹⁶.
AVX2 static inline void glyph_constants(uint32_t packed, __m256i *cLo, __m256i *cHi, __m256i *cA) {
  uint32_t a = packed >> 24, r = packed & 0xFF, g = (packed >> 8) & 0xFF, b = (packed >> 16) & 0xFF;
  r = r < a ? r : a; g = g < a ? g : a; b = b < a ? b : a;
  *cLo = _mm256_set1_epi32((int)((r | b << 16) << 8));
  *cHi = _mm256_set1_epi32((int)((g | a << 16) << 8));
  *cA = _mm256_set1_epi16((short)(a * 257));
}

/// How many draws ahead masks are asked for, and how many of their bytes at most (the text
/// workload, alternated: 4 and 1 KiB beat 2, 3 and 6 draws and 512 bytes).
#define MASKS_AHEAD 4
#define MASK_BYTES_AHEAD 1024

/// The masks lie all over the cache (15 MiB of them in the text workload): the rows from the
/// band's top (`top`) of the mask MASKS_AHEAD draws on, in this run or the next ones, are
/// fetched while this one blends.
AVX2 static inline void prefetch_draw(const flipbook_glyph_draw *draws, long k, long ahead, long top) {
  if (k + MASKS_AHEAD >= ahead) return;
  const flipbook_glyph_draw *next = &draws[k + MASKS_AHEAD];
  long dy = next->y, stride = next->stride;
  long r0 = dy > top ? dy : top, r1 = dy + next->height;
  if (r1 <= r0) return;
  const char *m = (const char *)next->coverage + (r0 - dy) * stride;
  long bytes = (r1 - r0) * stride;
  if (bytes > MASK_BYTES_AHEAD) bytes = MASK_BYTES_AHEAD;
  for (long o = 0; o < bytes; o += 64) _mm_prefetch(m + o, _MM_HINT_T0);
  _mm_prefetch(m + bytes - 1, _MM_HINT_T0);
}

AVX2 void flipbook_blend_glyphs_avx2(
    void *base, long baseX0, long baseY0, long bufferWidth, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *draws, long count, long ahead, uint32_t packed) {
  __m256i cLo, cHi, cA;
  glyph_constants(packed, &cLo, &cHi, &cA);
  long rowBytes = bufferWidth * 4, rowEnd = baseX0 + bufferWidth;
  for (long k = 0; k < count; k++) {
    prefetch_draw(draws, k, ahead, baseY0);
    blend_glyph((uint8_t *)base, baseX0, baseY0, rowBytes, rowEnd, x0, y0, x1, y1, &draws[k], cLo, cHi, cA);
  }
}

#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

bool flipbook_avx512_available(void) {
  // Called once, by the initializer of FlipbookRaster's global `avx512`.
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
}

/// glyph_group for 16 pixels in 512 bits: the 16 coverage bytes `b` holds in each 128-bit
/// lane are spread as c · 256 to the lane's 4 pixels (lane j: bytes 4j…4j + 3), then the
/// same operations. Zen 4 runs each 512-bit operation as two 256-bit halves, so this is no
/// more arithmetic a pixel, but half the instructions to issue and retire.
AVX512 static inline __m512i glyph_group16(__m512i d, __m512i b, __m512i cLo, __m512i cHi, __m512i cA) {
  const __m512i spread = _mm512_set_epi8(
      15, -1, 15, -1, 14, -1, 14, -1, 13, -1, 13, -1, 12, -1, 12, -1, 11, -1, 11, -1, 10, -1, 10, -1, 9, -1, 9, -1,
      8, -1, 8, -1, 7, -1, 7, -1, 6, -1, 6, -1, 5, -1, 5, -1, 4, -1, 4, -1, 3, -1, 3, -1, 2, -1, 2, -1, 1, -1, 1, -1,
      0, -1, 0, -1);
  __m512i cov = _mm512_shuffle_epi8(b, spread);
  __m512i inv = _mm512_sub_epi16(_mm512_set1_epi16((short)65280), _mm512_mulhi_epu16(cov, cA));
  __m512i dLo = _mm512_mulhi_epu16(_mm512_slli_epi16(d, 8), inv);
  __m512i dHi = _mm512_mulhi_epu16(_mm512_and_si512(d, _mm512_set1_epi16((short)0xFF00)), inv);
  __m512i hLo = _mm512_avg_epu16(_mm512_mulhi_epu16(cov, cLo), dLo);
  __m512i hHi = _mm512_avg_epu16(_mm512_mulhi_epu16(cov, cHi), dHi);
  const __m512i k = _mm512_set1_epi16(257);
  __m512i lo = _mm512_mulhrs_epi16(hLo, k), hi = _mm512_mulhrs_epi16(hHi, k);
  return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

/// blend_glyph 16 pixels a step where it can: a mask 8 pixels wide two rows at a time (its
/// rows' coverage bytes lie together), wider ones 16 pixels of a row at a time and a last 8
/// in 256 bits; rows cut by the box as blend_glyph cuts them. (Blending the last group of
/// two rows as one, as blend_glyph does, was slower here: replayed, 0.31 ms against 0.28.)
AVX512 static inline void blend_glyph512(
    uint8_t *base, long baseX0, long baseY0, long rowBytes, long rowEnd, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *d, __m256i cLo, __m256i cHi, __m256i cA) {
  long dx = d->x, dy = d->y, stride = d->stride, width = d->width;
  long gy0 = dy > y0 ? dy : y0, gy1 = dy + d->height < y1 ? dy + d->height : y1;
  long gx0 = dx > x0 ? dx : x0, gx1 = dx + width < x1 ? dx + width : x1;
  if (gy1 <= gy0 || gx1 <= gx0) return;
  if (gx0 != dx || gx1 != dx + width || dx + stride > rowEnd) {
    blend_glyph_cut(base, baseX0, baseY0, rowBytes, gx0, gy0, gx1, gy1, d, cLo, cHi, cA);
    return;
  }
  const uint8_t *c = d->coverage + (gy0 - dy) * stride;
  uint8_t *p = base + (gy0 - baseY0) * rowBytes + (dx - baseX0) * 4;
  long rows = gy1 - gy0;
  __m512i zLo = _mm512_broadcast_i64x4(cLo), zHi = _mm512_broadcast_i64x4(cHi), zA = _mm512_broadcast_i64x4(cA);
  long y = 0;
  if (stride == 8) {
    for (; y + 2 <= rows; y += 2, c += 16, p += 2 * rowBytes) {
      __m512i dst = _mm512_inserti64x4(
          _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
          _mm256_loadu_si256((const __m256i *)(p + rowBytes)), 1);
      __m512i o = glyph_group16(dst, _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)c)), zLo, zHi, zA);
      _mm256_storeu_si256((__m256i *)p, _mm512_castsi512_si256(o));
      _mm256_storeu_si256((__m256i *)(p + rowBytes), _mm512_extracti64x4_epi64(o, 1));
    }
    if (y < rows) glyph_group8(p, c, cLo, cHi, cA);
    return;
  }
  for (; y < rows; y++, c += stride, p += rowBytes) {
    long i = 0;
    for (; i + 16 <= stride; i += 16) {
      __m512i dst = _mm512_loadu_si512((const void *)(p + 4 * i));
      __m512i b = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(c + i)));
      _mm512_storeu_si512((void *)(p + 4 * i), glyph_group16(dst, b, zLo, zHi, zA));
    }
    if (i < stride) glyph_group8(p + 4 * i, c + i, cLo, cHi, cA);
  }
}

AVX512 void flipbook_blend_glyphs_avx512(
    void *base, long baseX0, long baseY0, long bufferWidth, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *draws, long count, long ahead, uint32_t packed) {
  __m256i cLo, cHi, cA;
  glyph_constants(packed, &cLo, &cHi, &cA);
  long rowBytes = bufferWidth * 4, rowEnd = baseX0 + bufferWidth;
  for (long k = 0; k < count; k++) {
    prefetch_draw(draws, k, ahead, baseY0);
    blend_glyph512((uint8_t *)base, baseX0, baseY0, rowBytes, rowEnd, x0, y0, x1, y1, &draws[k], cLo, cHi, cA);
  }
}

AVX2 void flipbook_fill_avx2(void *dst, long count, uint32_t packed) {
  uint32_t *p = dst;
  const __m256i v = _mm256_set1_epi32((int)packed);
  long i = 0;
  for (; i + 32 <= count; i += 32) {
    _mm256_storeu_si256((__m256i *)(p + i), v);
    _mm256_storeu_si256((__m256i *)(p + i + 8), v);
    _mm256_storeu_si256((__m256i *)(p + i + 16), v);
    _mm256_storeu_si256((__m256i *)(p + i + 24), v);
  }
  for (; i + 8 <= count; i += 8) _mm256_storeu_si256((__m256i *)(p + i), v);
  for (; i < count; i++) p[i] = packed;
}

/// 8 sums rounded to levels as FlipbookRaster's `level` does: clamped to 0…255, then the
/// 1.5·2²³ bias leaves the nearest integer (ties to even) in the low byte.
AVX2 static inline __m256i levels8(__m256 v) {
  v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
  return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(v, _mm256_set1_ps(12582912.0f))), _mm256_set1_epi32(0xFF));
}

AVX2 static inline __m256i pack8(__m256 r, __m256 g, __m256 b, __m256 a) {
  return _mm256_or_si256(
      _mm256_or_si256(levels8(r), _mm256_slli_epi32(levels8(g), 8)),
      _mm256_or_si256(_mm256_slli_epi32(levels8(b), 16), _mm256_slli_epi32(levels8(a), 24)));
}

AVX2 void flipbook_shadow_row_avx2(
    const float *alpha, long count, const float *tint, const void *drawing, long drawnLo, long drawnHi, void *dst,
    uint32_t opacity, long nextRow) {
  const uint8_t *dr = drawing;
  uint8_t *p = dst;
  const __m256 tr = _mm256_set1_ps(tint[0]), tg = _mm256_set1_ps(tint[1]);
  const __m256 tb = _mm256_set1_ps(tint[2]), ta = _mm256_set1_ps(tint[3]);
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i byte = _mm256_set1_epi32(0xFF), alphaBits = _mm256_set1_epi32((int)0xFF000000);
  const __m256i low = _mm256_set1_epi32(0x00FF00FF), v255 = _mm256_set1_epi16(255);
  const __m256i op = _mm256_set1_epi16((short)opacity);
  for (long k = 0; k < count; k += 8) {
    // Masked loads and stores for the last 1-7 pixels only (a masked store is slow on AMD).
    long n = count - k < 8 ? count - k : 8;
    __m256i in = first_lanes(n);
    // The next row's frame pixels: on their way from memory by the time they are needed.
    if ((k & 15) == 0) _mm_prefetch((const char *)(p + 4 * k + nextRow), _MM_HINT_T0);
    __m256 s = n == 8 ? _mm256_loadu_ps(alpha + k) : _mm256_maskload_ps(alpha + k, in);
    __m256i px;
    long lo = drawnLo > k ? drawnLo : k, hi = drawnHi < k + n ? drawnHi : k + n;
    if (lo >= hi) {
      px = pack8(_mm256_mul_ps(tr, s), _mm256_mul_ps(tg, s), _mm256_mul_ps(tb, s), _mm256_mul_ps(ta, s));
    } else {
      // The drawing's pixels in lanes lo − k ..< hi − k, zero in the others.
      __m256i j = _mm256_add_epi32(lanes, _mm256_set1_epi32((int)k));
      __m256i m = _mm256_and_si256(
          _mm256_cmpgt_epi32(j, _mm256_set1_epi32((int)lo - 1)), _mm256_cmpgt_epi32(_mm256_set1_epi32((int)hi), j));
      __m256i c = lo == k && hi == k + 8 ? _mm256_loadu_si256((const __m256i *)(dr + (k - drawnLo) * 4))
                                          : _mm256_maskload_epi32((const int *)(dr + (k - drawnLo) * 4), m);
      if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(c, alphaBits), alphaBits)) == -1) {
        px = c;  // opaque drawing hides the shadow
      } else {
        __m256 ca = _mm256_cvtepi32_ps(_mm256_srli_epi32(c, 24));
        __m256 keep = _mm256_sub_ps(_mm256_set1_ps(1.0f), _mm256_div_ps(ca, _mm256_set1_ps(255.0f)));
#define CH(t, shift) \
  _mm256_add_ps(_mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(c, shift), byte)), \
                _mm256_mul_ps(_mm256_mul_ps(t, s), keep))
        px = pack8(CH(tr, 0), CH(tg, 8), CH(tb, 16), _mm256_add_ps(ca, _mm256_mul_ps(_mm256_mul_ps(ta, s), keep)));
#undef CH
      }
    }
    if (_mm256_testz_si256(px, px)) continue;  // nothing over the frame here
    __m256i d = n == 8 ? _mm256_loadu_si256((const __m256i *)(p + 4 * k)) : _mm256_maskload_epi32((const int *)(p + 4 * k), in);
    __m256i out;
    if (opacity == 255 && _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(px, alphaBits), alphaBits)) == -1) {
      out = px;
    } else {
      __m256i sLo = _mm256_and_si256(px, low), sHi = _mm256_srli_epi16(px, 8);
      __m256i sa = _mm256_mullo_epi32(_mm256_srli_epi32(px, 24), _mm256_set1_epi32(0x00010001));
      if (opacity != 255) {
        sLo = div255(_mm256_mullo_epi16(sLo, op));
        sHi = div255(_mm256_mullo_epi16(sHi, op));
        sa = div255(_mm256_mullo_epi16(sa, op));
      }
      out = over(d, sLo, sHi, _mm256_sub_epi16(v255, sa));
    }
    if (n == 8) {
      _mm256_storeu_si256((__m256i *)(p + 4 * k), out);
    } else {
      _mm256_maskstore_epi32((int *)(p + 4 * k), in, out);
    }
  }
}

#else

bool flipbook_avx2_available(void) { return false; }
void flipbook_blend_solid_avx2(void *dst, long count, uint32_t packed) { (void)dst; (void)count; (void)packed; }
void flipbook_blend_mask_avx2(void *dst, const void *coverage, long count, uint32_t packed) {
  (void)dst; (void)coverage; (void)count; (void)packed;
}
void flipbook_recursive_columns_avx2(
    const float *rows, long inputLo, long inputHi, long spanLo, long spanCount, long whole, float f, long stride,
    long length, bool clamp, const float *g, float *anti, float *out, long outLo, long outHi) {
  (void)rows; (void)inputLo; (void)inputHi; (void)spanLo; (void)spanCount; (void)whole; (void)f; (void)stride;
  (void)length; (void)clamp; (void)g; (void)anti; (void)out; (void)outLo; (void)outHi;
}
void flipbook_shadow_row_avx2(
    const float *alpha, long count, const float *tint, const void *drawing, long drawnLo, long drawnHi, void *dst,
    uint32_t opacity, long nextRow) {
  (void)alpha; (void)count; (void)tint; (void)drawing; (void)drawnLo; (void)drawnHi; (void)dst; (void)opacity;
  (void)nextRow;
}

void flipbook_blend_glyphs_avx2(
    void *base, long baseX0, long baseY0, long bufferWidth, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *draws, long count, long ahead, uint32_t packed) {
  (void)base; (void)baseX0; (void)baseY0; (void)bufferWidth; (void)x0; (void)y0; (void)x1; (void)y1; (void)draws;
  (void)count; (void)ahead; (void)packed;
}
void flipbook_fill_avx2(void *dst, long count, uint32_t packed) { (void)dst; (void)count; (void)packed; }
bool flipbook_avx512_available(void) { return false; }
void flipbook_blend_glyphs_avx512(
    void *base, long baseX0, long baseY0, long bufferWidth, long x0, long y0, long x1, long y1,
    const flipbook_glyph_draw *draws, long count, long ahead, uint32_t packed) {
  (void)base; (void)baseX0; (void)baseY0; (void)bufferWidth; (void)x0; (void)y0; (void)x1; (void)y1; (void)draws;
  (void)count; (void)ahead; (void)packed;
}

#endif
