// See include/coverage_kernels.h. Each function mirrors the Swift method of the same name (in
// camel case) in Coverage.swift line for line; keep them in step (AccumulationKernels, in
// RasterTests, compares every cell's bits).
#include "coverage_kernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))

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

#else

void flipbook_add_polygon_avx2(const flipbook_accumulator *acc, const double *p, long n, double sign) {
  (void)acc; (void)p; (void)n; (void)sign;
}

#endif
