// Stand-alone timing of the path accumulation and fused resolve (paths7's harness, 2026-11-24):
// synthetic blobs, rings and 2,800 dashes in 68-row band windows, band by band as
// RasterBuffers draws, 2.7–2.8 ms of accumulation a frame like the path workload's. Prints the
// best of N repetitions; "resolve" includes the clear of each band. flipbook_blend_solid_avx2
// is a stub (runs of full coverage with a translucent color cost nothing here), so the resolve
// is understated where marks grow.
// fixed_point.patch turns a copy of the product kernel into the fixed-point probe (see its
// first lines and RESULTS.md, "the accumulation in fixed point"):
//   K=../../../Sources/CRasterKernels
//   clang -O2 -I$K -I$K/include -o h0 harness.c $K/coverage_kernels.c -lm        # product
//   cp $K/coverage_kernels.c /tmp/fixed_point.c && patch /tmp/fixed_point.c fixed_point.patch
//   clang -O2 -I$K -I$K/include -DIDIV=1 -DSHORT=0 -DPERLINE=0 -o hfx harness.c /tmp/fixed_point.c -lm
//   for i in 1 2 3; do taskset -c 1 ./h0 30; taskset -c 1 ./hfx 30; done
// BLACK=1 DUMP=file.raw writes the frame drawn in opaque black (RGBA) for comparing coverage.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include "coverage_kernels.h"
void flipbook_fill_avx2(void *dst, long count, uint32_t packed) { uint32_t *p = dst; for (long i = 0; i < count; i++) p[i] = packed; }
void flipbook_blend_solid_avx2(void *dst, long count, uint32_t packed) { (void)dst; (void)count; (void)packed; }
typedef struct { double *pts; long n; double sign; int x0, y0, w, h; } poly;
static unsigned st = 12345; static double u(void) { st = st * 1664525u + 1013904223u; return (st >> 8) / 16777216.0; }
#define MAXP 20000
poly polys[MAXP]; int np = 0;
static int kind, only = -1;  // ONLY=0, 1 or 2: blobs, arcs or dashes alone
static long lines, steps;    // lines that reach a window and their row steps there
static void add(double *p, long n, double sign) {
  if (only >= 0 && kind != only) return;
  double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
  for (long i = 0; i < n; i++) { minx = fmin(minx, p[2*i]); maxx = fmax(maxx, p[2*i]); miny = fmin(miny, p[2*i+1]); maxy = fmax(maxy, p[2*i+1]); }
  // one window per 68-row band, as RasterBuffers draws
  int y0 = (int)floor(miny), y1 = (int)ceil(maxy);
  for (int by = (y0 / 68) * 68; by < y1; by += 68) {
    int wy0 = by > y0 ? by : y0, wy1 = by + 68 < y1 ? by + 68 : y1;
    polys[np++] = (poly){p, n, sign, (int)floor(minx), wy0, (int)ceil(maxx) - (int)floor(minx), wy1 - wy0};
    for (long i = 0; i < n; i++) {
      double ya = p[2 * i + 1], yb = p[2 * ((i + 1) % n) + 1];
      double lo = fmax(fmin(ya, yb), wy0), hi = fmin(fmax(ya, yb), wy1);
      if (ya != yb && lo < hi) { lines++; steps += (long)ceil(hi) - (long)floor(lo); }
    }
  }
}
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 50;
  if (getenv("ONLY") && *getenv("ONLY")) only = atoi(getenv("ONLY"));
  // 100 blobs: wobbly circles R 30-90, chords sqrt(8 R 0.004)
  for (int i = 0; i < 100; i++) {
    double cx = 100 + u() * 1700, cy = 100 + u() * 880, R = 30 + 60 * u(), k = sqrt(8 * R * 0.004);
    long n = (long)(2 * M_PI * R / k); double *p = malloc(n * 16);
    for (long j = 0; j < n; j++) { double t = 2 * M_PI * j / n, r = R * (0.8 + 0.2 * sin(3 * t)); p[2*j] = cx + r * cos(t); p[2*j+1] = cy + r * sin(t); }
    add(p, n, 1);
  }
  kind = 1;
  // 100 arcs: ring outer + inner, width 8-24
  for (int i = 0; i < 100; i++) {
    double cx = 100 + u() * 1700, cy = 100 + u() * 880, R = 20 + 60 * u(), w = 8 + 16 * u(), L = 0.2 + 0.3 * u();
    double Ro = R + w / 2, Ri = R - w / 2; long n = (long)(2 * M_PI * Ro * L / sqrt(8 * Ro * 0.004)) + 2;
    double *p = malloc(2 * n * 16);
    for (long j = 0; j < n; j++) { double t = 2 * M_PI * L * j / (n - 1); p[2*j] = cx + Ro * cos(t); p[2*j+1] = cy + Ro * sin(t); }
    for (long j = 0; j < n; j++) { double t = 2 * M_PI * L * (n - 1 - j) / (n - 1); p[2*(n+j)] = cx + Ri * cos(t); p[2*(n+j)+1] = cy + Ri * sin(t); }
    add(p, 2 * n, 1);
  }
  kind = 2;
  // 2800 dashes: quads 14 x 4 rotated
  for (int i = 0; i < 2800; i++) {
    double cx = 20 + u() * 1880, cy = 20 + u() * 1040, a = u() * 2 * M_PI, l = 8 + 12 * u(), w = 2 + 4 * u();
    double c = cos(a), s = sin(a); double *p = malloc(4 * 16);
    double q[4][2] = {{0, -w/2}, {l, -w/2}, {l, w/2}, {0, w/2}};
    for (int j = 0; j < 4; j++) { p[2*j] = cx + c * q[j][0] - s * q[j][1]; p[2*j+1] = cy + s * q[j][0] + c * q[j][1]; }
    add(p, 4, 1);
  }
  // band-major, as RasterBuffers draws (a band's pixels stay in L2)
  { poly *sorted = malloc(sizeof(poly) * np); int k = 0;
    for (int band = 0; band < 1080; band += 68) for (int i = 0; i < np; i++) if (polys[i].y0 / 68 * 68 == band) sorted[k++] = polys[i];
    memcpy(polys, sorted, sizeof(poly) * k); np = k; }
  long cap = 400 * 72; float *cells = aligned_alloc(64, cap * 4 * 4); memset(cells, 0, cap * 16);
  uint64_t *bits = calloc(cap, 8);
  uint8_t *frame = aligned_alloc(64, 1920 * 1080 * 4); memset(frame, 255, 1920 * 1080 * 4);
  double best_a = 1e9, best_r = 1e9; unsigned long sum = 0;
  for (int r = 0; r < reps; r++) {
    struct timespec t0, t1, t2; double ta = 0, tr = 0;
    int band = -1;
    for (int i = 0; i < np; i++) {
      poly *q = &polys[i];
      if (q->y0 / 68 != band) { band = q->y0 / 68; clock_gettime(CLOCK_MONOTONIC, &t0); memset(frame + (long)band * 68 * 7680, 255, (band == 15 ? 1080 - 1020 : 68) * 7680L); clock_gettime(CLOCK_MONOTONIC, &t1); tr += (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) * 1e-6; }
      long stride = (q->w + 2 + 3) & ~3, wpr = ((stride >> 2) + 63) >> 6;
      flipbook_accumulator acc = {cells, bits, stride, wpr, q->x0, q->y0, q->w, q->h};
      clock_gettime(CLOCK_MONOTONIC, &t0);
      flipbook_add_polygon_avx2(&acc, q->pts, q->n, q->sign);
      clock_gettime(CLOCK_MONOTONIC, &t1);
      long x0 = q->x0 < 0 ? 0 : q->x0;
      flipbook_resolve_blend_avx2(&acc, frame + ((long)q->y0 * 1920 + x0) * 4, 1920 * 4, (getenv("BLACK") ? 0xFF000000u : 0x80402010u));
      clock_gettime(CLOCK_MONOTONIC, &t2);
      ta += (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) * 1e-6;
      tr += (t2.tv_sec - t1.tv_sec) * 1e3 + (t2.tv_nsec - t1.tv_nsec) * 1e-6;
    }
    if (ta < best_a) best_a = ta; if (tr < best_r) best_r = tr;
  }
  for (long i = 0; i < 1920 * 1080 * 4; i += 97) sum += frame[i];
  if (getenv("DUMP")) { FILE *f = fopen(getenv("DUMP"), "wb"); fwrite(frame, 1, 1920L * 1080 * 4, f); fclose(f); }
  printf("lines %ld steps %ld ", lines, steps);
  printf("windows %d accumulate %.3f ms resolve %.3f ms (checksum %lu)\n", np, best_a, best_r, sum);
}
