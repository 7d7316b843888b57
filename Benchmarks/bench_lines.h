/* Timing and result lines shared by this repository's C peer drivers (paths, text, effects).
 *
 * Each driver prints one JSON line per measurement, the format flipbook-bench's report reads:
 * {"impl", "wl", "metric", "unit", "median", "min", "max", "n"[, "bytes"]}. Header-only, so
 * tools/bench still builds each driver with one gcc call. */
#ifndef FLIPBOOK_BENCH_LINES_H
#define FLIPBOOK_BENCH_LINES_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts v[0..n) and prints its median, min and max as one result line; bytes > 0 adds them. */
static void emit_line(const char *impl, const char *wl, const char *metric, const char *unit, double *v, int n,
                      double bytes) {
  qsort(v, n, sizeof *v, cmp_d);
  double med = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  printf("{\"impl\": \"%s\", \"wl\": \"%s\", \"metric\": \"%s\", \"unit\": \"%s\", \"median\": %.4f, "
         "\"min\": %.4f, \"max\": %.4f, \"n\": %d",
         impl, wl, metric, unit, med, v[0], v[n - 1], n);
  if (bytes > 0) printf(", \"bytes\": %.0f", bytes);
  printf("}\n");
  fflush(stdout);
}
#endif
