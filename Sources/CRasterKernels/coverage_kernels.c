// See include/coverage_kernels.h. The accumulation mirrors the Swift method of the same name
// (in camel case) in Coverage.swift line for line; keep them in step (AccumulationKernels, in
// RasterTests, compares every cell's bits). The fused resolve gives the bytes of
// Accumulator.resolve with a plain color's Paint (AccumulationKernels compares them too).
#include "raster_kernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#include "blend_avx2.h"

#pragma STDC FP_CONTRACT OFF

#define AVX2 __attribute__((target("avx2"))) static inline __attribute__((always_inline))

typedef struct {
  float *cells;
  uint64_t *bits;
  long stride, wordsPerRow;
  double w, h, sign;
} window;

AVX2 double clamp_x(const window *a, double x) { return x < 0 ? 0 : (x > a->w ? a->w : x); }

/// Marks the blocks holding cells lo…hi of row y.
AVX2 void mark(const window *a, long y, long lo, long hi) {
  uint64_t *row = a->bits + y * a->wordsPerRow;
  long b = lo >> 2, e = hi >> 2, wb = b >> 6;
  if (b == e) {
    row[wb] |= (uint64_t)1 << (b & 63);
  } else if (wb == e >> 6) {
    uint64_t n = (uint64_t)(e - b);
    row[wb] |= (((uint64_t)2 << n) - 1) << (b & 63);
  } else {
    for (long k = b; k <= e; k++) row[k >> 6] |= (uint64_t)1 << (k & 63);
  }
}

/// font-rs draw_line for a line with both x in [0, w]; rows clipped to [0, h).
AVX2 void cell_line(const window *a, double x0, double y0, double x1, double y1) {
  if (y0 == y1) return;
  double dir = a->sign;
  double xa = x0, ya = y0, xb = x1, yb = y1;
  if (ya > yb) {
    xa = x1; ya = y1; xb = x0; yb = y0;
    dir = -dir;
  }
  double ys = ya < 0 ? 0 : ya;
  double ye = yb > a->h ? a->h : yb;
  if (!(ys < ye)) return;
  double dxdy = (xb - xa) / (yb - ya);
  double x = ys == ya ? xa : clamp_x(a, xa + (ys - ya) * dxdy);
  long yi = (long)__builtin_floor(ys);
  double yn = (double)yi + 1;
  double ycur = ys;
  while (ycur < ye) {
    double ynext = yn < ye ? yn : ye;
    double dy = ynext - ycur;
    double xnext = ynext == yb ? xb : clamp_x(a, x + dxdy * dy);
    double d = dy * dir;
    double lo = x < xnext ? x : xnext;
    double hi = x < xnext ? xnext : x;
    long loI = (long)__builtin_floor(lo);
    double lof = (double)loI;
    long hiI = (long)__builtin_ceil(hi);
    float *row = a->cells + yi * a->stride;
    if (hiI <= loI + 1) {
      double xmf = 0.5 * (x + xnext) - lof;
      row[loI] += (float)(d - d * xmf);
      row[loI + 1] += (float)(d * xmf);
      mark(a, yi, loI, loI + 1);
    } else {
      double s = 1 / (hi - lo);
      double x0f = lo - lof;
      double a0 = 0.5 * s * (1 - x0f) * (1 - x0f);
      double x1f = hi - (double)hiI + 1;
      double am = 0.5 * s * x1f * x1f;
      row[loI] += (float)(d * a0);
      if (hiI == loI + 2) {
        row[loI + 1] += (float)(d * (1 - a0 - am));
      } else {
        double a1 = s * (1.5 - x0f);
        row[loI + 1] += (float)(d * (a1 - a0));
        float ds = (float)(d * s);
        for (long xi = loI + 2; xi < hiI - 1; xi++) row[xi] += ds;
        double a2 = a1 + (double)(hiI - loI - 3) * s;
        row[hiI - 1] += (float)(d * (1 - a2 - am));
      }
      row[hiI] += (float)(d * am);
      mark(a, yi, loI, hiI);
    }
    x = xnext;
    ycur = ynext;
    yn += 1;
    yi += 1;
  }
}

/// A line that crosses x = 0 or x = w: cut at the crossings, clamp each piece.
__attribute__((target("avx2"), noinline)) static void split_line(
    const window *a, double ax, double ay, double bx, double by) {
  double dx = bx - ax, dy = by - ay;
  double t0 = (0 - ax) / dx, t1 = (a->w - ax) / dx;
  if (t0 > t1) { double t = t0; t0 = t1; t1 = t; }
  double px = ax, py = ay;
  if (t0 > 0 && t0 < 1) {
    double x = ax + dx * t0, y = ay + dy * t0;
    cell_line(a, clamp_x(a, px), py, clamp_x(a, x), y);
    px = x; py = y;
  }
  if (t1 > 0 && t1 < 1) {
    double x = ax + dx * t1, y = ay + dy * t1;
    cell_line(a, clamp_x(a, px), py, clamp_x(a, x), y);
    px = x; py = y;
  }
  cell_line(a, clamp_x(a, px), py, clamp_x(a, bx), by);
}

/// Adds the line a→b: rows outside the window dropped, x left of it clamped onto its left
/// edge, right of it onto its right edge.
AVX2 void line(const window *a, double ax, double ay, double bx, double by) {
  if (ay == by) return;
  if ((ay <= 0 && by <= 0) || (ay >= a->h && by >= a->h)) return;
  double x0 = ax, x1 = bx;
  if (!(ax >= 0 && ax <= a->w && bx >= 0 && bx <= a->w)) {
    if (ax <= 0 && bx <= 0) {
      x0 = 0; x1 = 0;
    } else if (ax >= a->w && bx >= a->w) {
      x0 = a->w; x1 = a->w;
    } else {
      split_line(a, ax, ay, bx, by);
      return;
    }
  }
  cell_line(a, x0, ay, x1, by);
}

__attribute__((target("avx2"))) void flipbook_add_polygon_avx2(
    const flipbook_accumulator *acc, const double *p, long n, double sign) {
  if (n < 2) return;
  const window a = {acc->cells, acc->bits, acc->stride, acc->wordsPerRow, acc->w, acc->h, sign};
  const double ox = acc->ox, oy = acc->oy;
  double px = p[(n - 1) * 2] - ox, py = p[(n - 1) * 2 + 1] - oy;
  for (long i = 0; i < n; i++) {
    double x = p[i * 2] - ox, y = p[i * 2 + 1] - oy;
    line(&a, px, py, x, y);
    px = x;
    py = y;
  }
}

/// The first block at or after `from` whose bit is set (flip = 0) or clear (flip = ~0), or
/// `limit`: Coverage.swift's nextSet and nextClear.
AVX2 long next_block(const uint64_t *bits, long from, long limit, uint64_t flip) {
  long i = from;
  while (i < limit) {
    uint64_t word = (bits[i >> 6] ^ flip) >> (i & 63);
    if (word) {
      long r = i + __builtin_ctzll(word);
      return r < limit ? r : limit;
    }
    i = (i | 63) + 1;
  }
  return limit;
}

/// min(|sum|, 1) · 255 rounded to nearest (ties to even, by the 1.5·2²³ bias) per lane, as
/// coverage words (c · 0x00010001): Coverage.swift's resolveBlock after its running sum.
AVX2 __m256i coverage_words(__m256 sum) {
  __m256 a = _mm256_and_ps(sum, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF)));
  a = _mm256_min_ps(_mm256_set1_ps(1), a);  // 1 where a > 1 (a NaN stays, as in Swift)
  __m256 q = _mm256_add_ps(_mm256_mul_ps(a, _mm256_set1_ps(255)), _mm256_set1_ps(12582912.0f));
  __m256i c = _mm256_and_si256(_mm256_castps_si256(q), _mm256_set1_epi32(0xFF));
  return _mm256_or_si256(c, _mm256_slli_epi32(c, 16));
}

/// The running sums of the 8 cells at `p` (two blocks, each summed within itself in
/// resolveBlock's order, then the carry added, block by block), the cells zeroed; `carry`
/// (every lane the same) becomes the last sum.
AVX2 __m256 running_sums8(float *p, __m128 *carry) {
  __m256 v = _mm256_loadu_ps(p);
  _mm256_storeu_ps(p, _mm256_setzero_ps());
  v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 4)));
  v = _mm256_add_ps(v, _mm256_castsi256_ps(_mm256_slli_si256(_mm256_castps_si256(v), 8)));
  __m128 lo = _mm_add_ps(_mm256_castps256_ps128(v), *carry);
  __m128 hi = _mm_add_ps(_mm256_extractf128_ps(v, 1), _mm_shuffle_ps(lo, lo, 0xFF));
  *carry = _mm_shuffle_ps(hi, hi, 0xFF);
  return _mm256_set_m128(hi, lo);
}

/// The same for the 4 cells of a row's last block (the upper lanes are 0 and not used).
AVX2 __m256 running_sums4(float *p, __m128 *carry) {
  __m128 v = _mm_loadu_ps(p);
  _mm_storeu_ps(p, _mm_setzero_ps());
  v = _mm_add_ps(v, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 4)));
  v = _mm_add_ps(v, _mm_castsi128_ps(_mm_slli_si128(_mm_castps_si128(v), 8)));
  __m128 lo = _mm_add_ps(v, *carry);
  *carry = _mm_shuffle_ps(lo, lo, 0xFF);
  return _mm256_castps128_ps256(lo);
}

typedef struct {
  uint32_t packed;
  __m256i cLo, cHi, cA, solidInv;
} paint;

/// Blends `n` ≤ 8 pixels at `p` with the coverage words `cov` (none if all are 0).
AVX2 void blend8(uint8_t *p, long n, __m256i cov, const paint *c) {
  if (_mm256_testz_si256(cov, cov)) return;
  if (n >= 8) {
    __m256i d = _mm256_loadu_si256((const __m256i *)p);
    _mm256_storeu_si256((__m256i *)p, blend_group(d, cov, c->cLo, c->cHi, c->cA, c->solidInv));
  } else {
    __m256i m = first_lanes(n);
    __m256i d = _mm256_maskload_epi32((const int *)p, m);
    _mm256_maskstore_epi32((int *)p, m, blend_group(d, cov, c->cLo, c->cHi, c->cA, c->solidInv));
  }
}

/// Blends `n` pixels at `p` with one coverage (`cov`, every word the same, not 0).
AVX2 void blend_span(uint8_t *p, long n, __m256i cov, const paint *c) {
  if (_mm256_extract_epi32(cov, 0) == 0x00FF00FF) {
    if ((c->packed >> 24) == 255) {
      flipbook_fill_avx2(p, n, c->packed);
    } else {
      flipbook_blend_solid_avx2(p, n, c->packed);
    }
    return;
  }
  for (; n > 0; n -= 8, p += 32) blend8(p, n, cov, c);
}

__attribute__((target("avx2"))) void flipbook_resolve_blend_avx2(
    const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed) {
  const long nb = acc->stride >> 2, width = (long)acc->w, rows = (long)acc->h;
  const paint c = {
      packed, _mm256_set1_epi32((int)(packed & 0x00FF00FF)), _mm256_set1_epi32((int)((packed >> 8) & 0x00FF00FF)),
      _mm256_set1_epi16((short)(packed >> 24)), _mm256_set1_epi16((short)(255 - (packed >> 24)))};
  for (long r = 0; r < rows; r++) {
    uint64_t *rowBits = acc->bits + r * acc->wordsPerRow;
    const long first = next_block(rowBits, 0, nb, 0);
    if (first >= nb) continue;
    float *cells = acc->cells + r * acc->stride;
    uint8_t *row = (uint8_t *)dst + r * rowBytes;
    __m128 carry = _mm_setzero_ps();
    long b = first;
    for (;;) {
      // Block b is touched: resolve it and the next (touched or not, its sums are right).
      const long px = b << 2;
      if (b + 1 < nb) {
        __m256i cov = coverage_words(running_sums8(cells + px, &carry));
        if (px < width) blend8(row + px * 4, width - px, cov, &c);
        b += 2;
      } else {
        __m256i cov = coverage_words(running_sums4(cells + px, &carry));
        if (px < width) blend8(row + px * 4, width - px < 4 ? width - px : 4, cov, &c);
        b += 1;
      }
      if (b >= nb) break;
      if ((rowBits[b >> 6] >> (b & 63)) & 1) continue;
      const long t = next_block(rowBits, b, nb, 0);
      if (t >= nb) break;
      // Blocks b..<t are untouched: their running sum is the carry.
      __m256i cov = coverage_words(_mm256_set_m128(carry, carry));
      const long ps = b << 2, pe = (t << 2) < width ? (t << 2) : width;
      if (pe > ps && !_mm256_testz_si256(cov, cov)) blend_span(row + ps * 4, pe - ps, cov, &c);
      b = t;
    }
    // Only words first…b−1 can hold set bits.
    const long wLast = (b - 1) >> 6;
    for (long wi = first >> 6; wi <= wLast; wi++) rowBits[wi] = 0;
  }
}

#else

void flipbook_resolve_blend_avx2(const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed) {
  (void)acc; (void)dst; (void)rowBytes; (void)packed;
}

void flipbook_add_polygon_avx2(const flipbook_accumulator *acc, const double *p, long n, double sign) {
  (void)acc; (void)p; (void)n; (void)sign;
}

#endif
