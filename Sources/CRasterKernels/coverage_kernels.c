// See include/coverage_kernels.h. The accumulation mirrors the Swift method of the same name
// (in camel case) in Coverage.swift line for line, but for cell_line's row loop, which is cut
// into a first row, whole rows and a last row (the same operations on the same values in
// each row); keep them in step (AccumulationKernels, in RasterTests, compares every cell's
// bits). The fused resolve gives the bytes of Accumulator.resolve with a plain color's Paint
// (AccumulationKernels compares them too).
#include "raster_kernels.h"

void flipbook_outline_rows(const double *p, long n, double *rows) {
  if (n < 1) return;
  // The first chunk's lines start from the last point (the closing edge).
  double lo = p[(n - 1) * 2 + 1], hi = lo;
  for (long i = 0; i < n;) {
    const long e = i + FLIPBOOK_CHUNK_LINES < n ? i + FLIPBOOK_CHUNK_LINES : n;
    for (; i < e; i++) {
      const double y = p[i * 2 + 1];
      lo = y < lo ? y : lo;
      hi = y > hi ? y : hi;
    }
    *rows++ = lo;
    *rows++ = hi;
    // The next chunk's first line starts from this chunk's last point.
    lo = hi = p[(e - 1) * 2 + 1];
  }
}

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

/// x clamped onto [0, w]: the 0 first, then w, each a single min or max (w ≥ 0, so a
/// negative x still gives 0; NaN passes through as before).
AVX2 double clamp_x(const window *a, double x) {
  const double c = x < 0 ? 0 : x;
  return c > a->w ? a->w : c;
}

/// Marks the blocks holding cells lo…hi (lo ≤ hi) of a row whose block words are `row`: one
/// mask when they share a word (a single block is the mask of one bit).
AVX2 void mark(uint64_t *row, long lo, long hi) {
  const long b = lo >> 2, e = hi >> 2, wb = b >> 6;
  if (wb == e >> 6) {
    row[wb] |= (((uint64_t)2 << (e - b)) - 1) << (b & 63);
  } else {
    for (long k = b; k <= e; k++) row[k >> 6] |= (uint64_t)1 << (k & 63);
  }
}

/// One row of a line: the cells of `row` it crosses going from x to xnext, d its signed
/// height in the row; `bits` the row's block words.
AVX2 void row_step(float *row, uint64_t *bits, double x, double xnext, double d) {
  double lo = x < xnext ? x : xnext;
  double hi = x < xnext ? xnext : x;
  long loI = (long)__builtin_floor(lo);
  double lof = (double)loI;
  long hiI = (long)__builtin_ceil(hi);
  if (hiI <= loI + 1) {
    double xmf = 0.5 * (x + xnext) - lof;
    row[loI] += (float)(d - d * xmf);
    row[loI + 1] += (float)(d * xmf);
    // Cells loI and loI + 1: block loI >> 2, and the next one too when loI ends its block;
    // in one word unless loI ends the word's last block.
    const uint64_t m = (loI & 3) == 3 ? 3 : 1;
    if ((loI & 255) != 255) {
      bits[loI >> 8] |= m << ((loI >> 2) & 63);
    } else {
      bits[loI >> 8] |= (uint64_t)1 << 63;
      bits[(loI >> 8) + 1] |= 1;
    }
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
    mark(bits, loI, hiI);
  }
}

/// font-rs draw_line for a line with both x in [0, w]; rows clipped to [0, h). The rows the
/// line leaves through their bottom edge (yn < ye ≤ yb, so never at b: no test for xb, no
/// min with ye) are stepped before the last row, which ends at ye; after the first, each of
/// them is a whole row, dy = yn − ycur = 1 exactly (consecutive integers), so d = dir and
/// x + dxdy·dy = x + dxdy. The row and its block words are advanced by their strides. Per
/// row the same values as font-rs' single loop.
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
  const long stride = a->stride, wordsPerRow = a->wordsPerRow;
  float *row = a->cells + yi * stride;
  uint64_t *bits = a->bits + yi * wordsPerRow;
  if (yn < ye) {
    const double dy = yn - ys;
    const double xnext = clamp_x(a, x + dxdy * dy);
    row_step(row, bits, x, xnext, dy * dir);
    x = xnext;
    yn += 1;
    row += stride;
    bits += wordsPerRow;
    while (yn < ye) {
      const double xn = clamp_x(a, x + dxdy);
      row_step(row, bits, x, xn, dir);
      x = xn;
      yn += 1;
      row += stride;
      bits += wordsPerRow;
    }
    ycur = yn - 1;  // the last row's top, an integer
  }
  const double dy = ye - ycur;
  const double xnext = ye == yb ? xb : clamp_x(a, x + dxdy * dy);
  row_step(row, bits, x, xnext, dy * dir);
}

/// cell_line out of line, for split_line's rare pieces.
__attribute__((target("avx2"), noinline)) static void cell_line_call(
    const window *a, double x0, double y0, double x1, double y1) {
  cell_line(a, x0, y0, x1, y1);
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
    cell_line_call(a, clamp_x(a, px), py, clamp_x(a, x), y);
    px = x; py = y;
  }
  if (t1 > 0 && t1 < 1) {
    double x = ax + dx * t1, y = ay + dy * t1;
    cell_line_call(a, clamp_x(a, px), py, clamp_x(a, x), y);
    px = x; py = y;
  }
  cell_line_call(a, clamp_x(a, px), py, clamp_x(a, bx), by);
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

__attribute__((target("avx2"))) void flipbook_add_polygon_rows_avx2(
    const flipbook_accumulator *acc, const double *p, long n, double sign, const double *rows) {
  if (n < 2) return;
  const window a = {acc->cells, acc->bits, acc->stride, acc->wordsPerRow, acc->w, acc->h, sign};
  const double ox = acc->ox, oy = acc->oy, top = oy, bottom = oy + acc->h;
  const long chunks = (n + FLIPBOOK_CHUNK_LINES - 1) / FLIPBOOK_CHUNK_LINES;
  for (long k = 0; k < chunks;) {
    // Every point of a chunk on or above the window's top, or on or below its bottom: each
    // of its lines is one that `line` drops (y − oy ≤ 0, or ≥ h: rounding is monotone).
    if (rows[k * 2 + 1] <= top || rows[k * 2] >= bottom) {
      k++;
      continue;
    }
    // A run of chunks that reach the window, walked as one.
    long k1 = k + 1;
    while (k1 < chunks && !(rows[k1 * 2 + 1] <= top || rows[k1 * 2] >= bottom)) k1++;
    const long i = k * FLIPBOOK_CHUNK_LINES;
    const long e = k1 * FLIPBOOK_CHUNK_LINES < n ? k1 * FLIPBOOK_CHUNK_LINES : n;
    const long j = i == 0 ? n - 1 : i - 1;
    double px = p[j * 2] - ox, py = p[j * 2 + 1] - oy;
    for (long l = i; l < e; l++) {
      double x = p[l * 2] - ox, y = p[l * 2 + 1] - oy;
      line(&a, px, py, x, y);
      px = x;
      py = y;
    }
    k = k1;
  }
}

_Static_assert(FLIPBOOK_CHUNK_LINES % 2 == 0, "flipbook_outline_rows_avx2 takes two points a step");

__attribute__((target("avx2"))) void flipbook_outline_rows_avx2(const double *p, long n, double *rows) {
  if (n < 1) return;
  // The least and greatest y of each chunk's points, two points (x, y, x, y) a step; the
  // x lanes are min-ed and max-ed along and left out. The order of a min or max over finite
  // values does not change it, so this is flipbook_outline_rows' table.
  double before = p[(n - 1) * 2 + 1];  // the y of the point the chunk's first line starts from
  long i = 0;
  for (; i + FLIPBOOK_CHUNK_LINES <= n; i += FLIPBOOK_CHUNK_LINES) {
    const double *q = p + i * 2;
    __m256d lo = _mm256_loadu_pd(q), hi = lo;
    for (long t = 2; t < FLIPBOOK_CHUNK_LINES; t += 2) {
      const __m256d v = _mm256_loadu_pd(q + t * 2);
      lo = _mm256_min_pd(lo, v);
      hi = _mm256_max_pd(hi, v);
    }
    const __m128d lo2 = _mm_min_pd(_mm256_castpd256_pd128(lo), _mm256_extractf128_pd(lo, 1));
    const __m128d hi2 = _mm_max_pd(_mm256_castpd256_pd128(hi), _mm256_extractf128_pd(hi, 1));
    const double l = _mm_cvtsd_f64(_mm_unpackhi_pd(lo2, lo2)), h = _mm_cvtsd_f64(_mm_unpackhi_pd(hi2, hi2));
    rows[0] = before < l ? before : l;
    rows[1] = before > h ? before : h;
    rows += 2;
    before = q[(FLIPBOOK_CHUNK_LINES - 1) * 2 + 1];
  }
  if (i < n) {
    double lo = before, hi = before;
    for (; i < n; i++) {
      const double y = p[i * 2 + 1];
      lo = y < lo ? y : lo;
      hi = y > hi ? y : hi;
    }
    rows[0] = lo;
    rows[1] = hi;
  }
}

/// Zeroes `n` words at `p`: the rest of a row's block words past its first (rare).
__attribute__((noinline)) static void clear_more_words(uint64_t *p, long n) {
  for (long i = 0; i < n; i++) p[i] = 0;
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

/// Zeroes a row's block words that can hold set bits, those of blocks first…end−1: usually
/// one word, stored directly (as a loop, the compiler made it a memset call per row, with
/// the kernel's constants reloaded after it: ~35 instructions a row).
AVX2 void clear_words(uint64_t *rowBits, long first, long end) {
  const long w0 = first >> 6, wLast = (end - 1) >> 6;
  rowBits[w0] = 0;
  if (__builtin_expect(wLast > w0, 0)) clear_more_words(rowBits + w0 + 1, wLast - w0);
}

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

/// The paint over `n` > 0 pixels at `p` at full coverage: flipbook_fill_avx2 for an opaque
/// color, flipbook_blend_solid_avx2 otherwise (the same `over` of the same operands), inline.
/// As calls they cost, per solid span, a vzeroupper and every constant of the resolve spilled
/// and loaded again (~15,000 spans a frame of the path workload, the translucent blobs'
/// and arcs' insides).
AVX2 void solid_span(uint8_t *p, long n, const paint *c) {
  if ((c->packed >> 24) == 255) {
    const __m256i v = _mm256_set1_epi32((int)c->packed);
    for (; n >= 8; n -= 8, p += 32) _mm256_storeu_si256((__m256i *)p, v);
    if (n > 0) _mm256_maskstore_epi32((int *)p, first_lanes(n), v);
    return;
  }
  for (; n >= 8; n -= 8, p += 32) {
    const __m256i d = _mm256_loadu_si256((const __m256i *)p);
    _mm256_storeu_si256((__m256i *)p, over(d, c->cLo, c->cHi, c->solidInv));
  }
  if (n > 0) {
    const __m256i m = first_lanes(n);
    const __m256i d = _mm256_maskload_epi32((const int *)p, m);
    _mm256_maskstore_epi32((int *)p, m, over(d, c->cLo, c->cHi, c->solidInv));
  }
}

/// Blends `n` pixels at `p` with one coverage (`cov`, every word the same, not 0).
AVX2 void blend_span(uint8_t *p, long n, __m256i cov, const paint *c) {
  if (_mm256_extract_epi32(cov, 0) == 0x00FF00FF) {
    solid_span(p, n, c);
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
    clear_words(rowBits, first, b);
  }
}

// The same resolve and blend 16 cells (4 blocks) a step in 512 bits, for CPUs with AVX-512
// F, BW and VL. Every float sum is formed from the same two operands as above (each block's
// own prefix first, then the carry chained block by block), so the bytes are the same.
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl"))) static inline __attribute__((always_inline))

/// coverage_words for 16 lanes.
AVX512 __m512i coverage_words16(__m512 sum) {
  __m512 a = _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(sum), _mm512_set1_epi32(0x7FFFFFFF)));
  a = _mm512_min_ps(_mm512_set1_ps(1), a);  // vminps keeps the second operand's NaN, as above
  __m512 q = _mm512_add_ps(_mm512_mul_ps(a, _mm512_set1_ps(255)), _mm512_set1_ps(12582912.0f));
  __m512i c = _mm512_and_si512(_mm512_castps_si512(q), _mm512_set1_epi32(0xFF));
  return _mm512_or_si512(c, _mm512_slli_epi32(c, 16));
}

/// running_sums8 for the 16 cells at `p`: the four blocks' prefixes at once (within each
/// 128-bit lane), then the carry through them one add after another, as running_sums8 does.
AVX512 __m512 running_sums16(float *p, __m128 *carry) {
  __m512 v = _mm512_loadu_ps(p);
  _mm512_storeu_ps(p, _mm512_setzero_ps());
  v = _mm512_add_ps(v, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(v), 4)));
  v = _mm512_add_ps(v, _mm512_castsi512_ps(_mm512_bslli_epi128(_mm512_castps_si512(v), 8)));
  __m512 t = _mm512_permute_ps(v, 0xFF);  // each block's total in its 4 lanes
  __m128 c0 = *carry;
  __m128 c1 = _mm_add_ps(_mm512_castps512_ps128(t), c0);
  __m128 c2 = _mm_add_ps(_mm512_extractf32x4_ps(t, 1), c1);
  __m128 c3 = _mm_add_ps(_mm512_extractf32x4_ps(t, 2), c2);
  *carry = _mm_add_ps(_mm512_extractf32x4_ps(t, 3), c3);
  __m512 cs = _mm512_insertf32x4(_mm512_castps128_ps512(c0), c1, 1);
  cs = _mm512_insertf32x4(cs, c2, 2);
  cs = _mm512_insertf32x4(cs, c3, 3);
  return _mm512_add_ps(v, cs);
}

typedef struct {
  uint32_t packed;
  __m512i cLo, cHi, cA, solidInv;
} paint16;

AVX512 __m512i div255_16(__m512i v) {
  return _mm512_mulhi_epu16(_mm512_add_epi16(v, _mm512_set1_epi16(128)), _mm512_set1_epi16(257));
}

/// blend_avx2.h's `over` for 16 pixels.
AVX512 __m512i over16(__m512i d, __m512i sLo, __m512i sHi, __m512i inv) {
  const __m512i low = _mm512_set1_epi16(0x00FF);
  __m512i lo = _mm512_add_epi16(sLo, div255_16(_mm512_mullo_epi16(_mm512_and_si512(d, low), inv)));
  __m512i hi = _mm512_add_epi16(sHi, div255_16(_mm512_mullo_epi16(_mm512_srli_epi16(d, 8), inv)));
  return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

/// blend_avx2.h's `blend_group` for 16 pixels.
AVX512 __m512i blend_group16(__m512i d, __m512i cov, const paint16 *c) {
  if (_mm512_cmpeq_epi32_mask(cov, _mm512_set1_epi32(0x00FF00FF)) == 0xFFFF) {
    return over16(d, c->cLo, c->cHi, c->solidInv);  // all 255
  }
  __m512i sLo = div255_16(_mm512_mullo_epi16(c->cLo, cov));
  __m512i sHi = div255_16(_mm512_mullo_epi16(c->cHi, cov));
  __m512i inv = _mm512_sub_epi16(_mm512_set1_epi16(255), div255_16(_mm512_mullo_epi16(c->cA, cov)));
  return over16(d, sLo, sHi, inv);
}

/// Blends `n` > 0 pixels at `p` (16 at most) with the coverage words `cov` (none if all are
/// 0). A pixel with coverage 0 comes out as it was, so blending all 16 where blend8 would skip
/// a half gives the same bytes.
AVX512 void blend16(uint8_t *p, long n, __m512i cov, const paint16 *c) {
  if (!_mm512_test_epi32_mask(cov, cov)) return;
  if (n >= 16) {
    __m512i d = _mm512_loadu_si512(p);
    _mm512_storeu_si512(p, blend_group16(d, cov, c));
  } else {
    __mmask16 m = (__mmask16)((1u << n) - 1);
    __m512i d = _mm512_maskz_loadu_epi32(m, p);
    _mm512_mask_storeu_epi32(p, m, blend_group16(d, cov, c));
  }
}

/// solid_span 16 pixels a step.
AVX512 void solid_span16(uint8_t *p, long n, const paint16 *c) {
  if ((c->packed >> 24) == 255) {
    const __m512i v = _mm512_set1_epi32((int)c->packed);
    for (; n >= 16; n -= 16, p += 64) _mm512_storeu_si512(p, v);
    if (n > 0) _mm512_mask_storeu_epi32(p, (__mmask16)((1u << n) - 1), v);
    return;
  }
  for (; n >= 16; n -= 16, p += 64) {
    _mm512_storeu_si512(p, over16(_mm512_loadu_si512(p), c->cLo, c->cHi, c->solidInv));
  }
  if (n > 0) {
    const __mmask16 m = (__mmask16)((1u << n) - 1);
    _mm512_mask_storeu_epi32(p, m, over16(_mm512_maskz_loadu_epi32(m, p), c->cLo, c->cHi, c->solidInv));
  }
}

/// blend_span 16 pixels a step.
AVX512 void blend_span16(uint8_t *p, long n, __m512i cov, const paint16 *c) {
  if (_mm_cvtsi128_si32(_mm512_castsi512_si128(cov)) == 0x00FF00FF) {
    solid_span16(p, n, c);
    return;
  }
  for (; n > 0; n -= 16, p += 64) blend16(p, n, cov, c);
}

__attribute__((target("avx2,avx512f,avx512bw,avx512vl"))) void flipbook_resolve_blend_avx512(
    const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed) {
  const long nb = acc->stride >> 2, width = (long)acc->w, rows = (long)acc->h;
  const paint c8 = {
      packed, _mm256_set1_epi32((int)(packed & 0x00FF00FF)), _mm256_set1_epi32((int)((packed >> 8) & 0x00FF00FF)),
      _mm256_set1_epi16((short)(packed >> 24)), _mm256_set1_epi16((short)(255 - (packed >> 24)))};
  const paint16 c = {
      packed, _mm512_set1_epi32((int)(packed & 0x00FF00FF)), _mm512_set1_epi32((int)((packed >> 8) & 0x00FF00FF)),
      _mm512_set1_epi16((short)(packed >> 24)), _mm512_set1_epi16((short)(255 - (packed >> 24)))};
  for (long r = 0; r < rows; r++) {
    uint64_t *rowBits = acc->bits + r * acc->wordsPerRow;
    const long first = next_block(rowBits, 0, nb, 0);
    if (first >= nb) continue;
    float *cells = acc->cells + r * acc->stride;
    uint8_t *row = (uint8_t *)dst + r * rowBytes;
    __m128 carry = _mm_setzero_ps();
    long b = first;
    for (;;) {
      // Block b is touched: resolve it and the next three (or one, or none, at the row's end).
      const long px = b << 2;
      if (b + 3 < nb) {
        __m512i cov = coverage_words16(running_sums16(cells + px, &carry));
        if (px < width) blend16(row + px * 4, width - px, cov, &c);
        b += 4;
      } else if (b + 1 < nb) {
        __m256i cov = coverage_words(running_sums8(cells + px, &carry));
        if (px < width) blend8(row + px * 4, width - px, cov, &c8);
        b += 2;
      } else {
        __m256i cov = coverage_words(running_sums4(cells + px, &carry));
        if (px < width) blend8(row + px * 4, width - px < 4 ? width - px : 4, cov, &c8);
        b += 1;
      }
      if (b >= nb) break;
      if ((rowBits[b >> 6] >> (b & 63)) & 1) continue;
      const long t = next_block(rowBits, b, nb, 0);
      if (t >= nb) break;
      // Blocks b..<t are untouched: their running sum is the carry.
      __m256i cov8 = coverage_words(_mm256_set_m128(carry, carry));
      const long ps = b << 2, pe = (t << 2) < width ? (t << 2) : width;
      if (pe > ps && !_mm256_testz_si256(cov8, cov8)) {
        blend_span16(row + ps * 4, pe - ps, _mm512_broadcast_i64x4(cov8), &c);
      }
      b = t;
    }
    clear_words(rowBits, first, b);
  }
}

#else

void flipbook_resolve_blend_avx2(const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed) {
  (void)acc; (void)dst; (void)rowBytes; (void)packed;
}

void flipbook_resolve_blend_avx512(const flipbook_accumulator *acc, void *dst, long rowBytes, uint32_t packed) {
  (void)acc; (void)dst; (void)rowBytes; (void)packed;
}

void flipbook_add_polygon_avx2(const flipbook_accumulator *acc, const double *p, long n, double sign) {
  (void)acc; (void)p; (void)n; (void)sign;
}

void flipbook_add_polygon_rows_avx2(
    const flipbook_accumulator *acc, const double *p, long n, double sign, const double *rows) {
  (void)acc; (void)p; (void)n; (void)sign; (void)rows;
}

void flipbook_outline_rows_avx2(const double *p, long n, double *rows) { flipbook_outline_rows(p, n, rows); }

#endif
