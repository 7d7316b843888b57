/* The effects workload (Benchmarks/EFFECTS-WORKLOAD.md) drawn with cairo from C, without the
 * effects: cairo has no blur, so it draws the circles sharp and the rounded rectangles' gradients
 * with no shadow. Its time is the floor of the scene's geometry and gradients, for scale only;
 * the pixels are compared with skia's, which draws the effects.
 *
 *   effects_cairo OUTDIR REPS   time raster (clear + 20 circles + 50 gradient rounded rectangles)
 *                               and write the 60 frames to OUTDIR/cairo-C_write_to_png/ (untimed)
 *   effects_cairo OUTDIR REPS FRAMES   (tools/bench --quick) the raster of frames 0..FRAMES-1
 *                               only, nothing written
 *   effects_cairo info          checksum and first values (compare: effectwork.py info)
 *
 * Prints one JSON line per measurement (the peer kit's format). Single-threaded; built by
 * tools/bench with `pkg-config cairo`. */
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "../bench_lines.h"

enum { W = 1920, H = 1080, FRAMES = 60, NC = 20, NR = 50 };
#define SEED 20261125u

typedef struct { double x, y, rad, blur; int r, g, b; double vx, vy; } Circle;
typedef struct {
  double x, y, w, h, corner;
  int r0, g0, b0, r1, g1, b1;
  double shadow, dx, dy, vx, vy;
} Rect;
static Circle circles[NC];
static Rect rects[NR];

static uint32_t lcg = SEED;
static uint32_t next(void) { lcg = 1664525u * lcg + 1013904223u; return lcg; }
static double uni(double a, double b) { return a + (b - a) * ((next() >> 8) / 16777216.0); }
static int byte(void) { return (int)(next() >> 24); }

static void generate(void) { /* one statement per draw: the order is effectwork.py's */
  for (int i = 0; i < NC; i++) {
    Circle *c = &circles[i];
    c->x = uni(0, W); c->y = uni(0, H); c->rad = uni(20, 80); c->blur = uni(2, 30);
    c->r = byte(); c->g = byte(); c->b = byte();
    c->vx = uni(-4, 4); c->vy = uni(-4, 4);
  }
  for (int i = 0; i < NR; i++) {
    Rect *q = &rects[i];
    q->x = uni(0, W); q->y = uni(0, H); q->w = uni(60, 240); q->h = uni(40, 160); q->corner = uni(4, 24);
    q->r0 = byte(); q->g0 = byte(); q->b0 = byte();
    q->r1 = byte(); q->g1 = byte(); q->b1 = byte();
    q->shadow = uni(4, 24); q->dx = uni(-8, 8); q->dy = uni(0, 12);
    q->vx = uni(-4, 4); q->vy = uni(-4, 4);
  }
}

/* A rounded rectangle with circular corners, the radius limited to half the shorter side. */
static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
  double m = fmin(w, h) / 2;
  if (r > m) r = m;
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
  cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
  cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
  cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

static cairo_pattern_t *gradients[NR];

static void draw_frame(cairo_t *cr, int f) {
  cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
  for (int i = 0; i < NC; i++) {
    const Circle *c = &circles[i];
    cairo_set_source_rgb(cr, c->r / 255.0, c->g / 255.0, c->b / 255.0);
    cairo_arc(cr, c->x + c->vx * f, c->y + c->vy * f, c->rad, 0, 2 * M_PI);
    cairo_fill(cr);
  }
  for (int i = 0; i < NR; i++) {
    const Rect *q = &rects[i];
    double x = q->x + q->vx * f - q->w / 2, y = q->y + q->vy * f - q->h / 2;
    cairo_save(cr);
    cairo_translate(cr, x, y); /* the gradient runs over the rectangle: top to bottom */
    cairo_set_source(cr, gradients[i]);
    rounded_rect(cr, 0, 0, q->w, q->h, q->corner);
    cairo_fill(cr);
    cairo_restore(cr);
  }
}

static char impl[128];
static void emit(const char *metric, const char *unit, double *v, int n) {
  emit_line(impl, "effects", metric, unit, v, n, 0);
}

int main(int argc, char **argv) {
  generate();
  snprintf(impl, sizeof impl, "cairo %s (C)", cairo_version_string());
  if (argc == 2 && !strcmp(argv[1], "info")) {
    double checksum = 0;
    for (int i = 0; i < NC; i++) {
      const Circle *c = &circles[i];
      checksum += c->x + c->y + c->rad + c->blur + c->r + c->g + c->b + c->vx + c->vy;
    }
    for (int i = 0; i < NR; i++) {
      const Rect *q = &rects[i];
      checksum += q->x + q->y + q->w + q->h + q->corner + q->r0 + q->g0 + q->b0 + q->r1 + q->g1 + q->b1 + q->shadow +
                  q->dx + q->dy + q->vx + q->vy;
    }
    const Circle *c = &circles[0];
    const Rect *q = &rects[0];
    printf("checksum %.6f\n", checksum);
    printf("circle[0] x %.6f y %.6f rad %.6f blur %.6f rgb %d %d %d\n", c->x, c->y, c->rad, c->blur, c->r, c->g, c->b);
    printf("rect[0] x %.6f y %.6f w %.6f h %.6f corner %.6f shadow %.6f %.6f %.6f\n", q->x, q->y, q->w, q->h, q->corner,
           q->shadow, q->dx, q->dy);
    return 0;
  }
  if (argc != 3 && argc != 4) { fprintf(stderr, "usage: effects_cairo OUTDIR REPS [FRAMES] | effects_cairo info\n"); return 2; }
  int reps = atoi(argv[2]);
  if (reps < 1 || reps > 64) { fprintf(stderr, "REPS must be 1..64\n"); return 2; }
  /* FRAMES (tools/bench --quick): the raster of frames 0..FRAMES-1 only, nothing written. */
  int frames = argc == 4 ? atoi(argv[3]) : FRAMES;
  if (frames < 1 || frames > FRAMES) { fprintf(stderr, "FRAMES must be 1..%d\n", FRAMES); return 2; }
  for (int i = 0; i < NR; i++) {
    const Rect *q = &rects[i];
    gradients[i] = cairo_pattern_create_linear(0, 0, 0, q->h);
    cairo_pattern_add_color_stop_rgb(gradients[i], 0, q->r0 / 255.0, q->g0 / 255.0, q->b0 / 255.0);
    cairo_pattern_add_color_stop_rgb(gradients[i], 1, q->r1 / 255.0, q->g1 / 255.0, q->b1 / 255.0);
  }
  char dir[2048], path[2200];
  snprintf(dir, sizeof dir, "%s/cairo-C_write_to_png", argv[1]);
  mkdir(argv[1], 0755); mkdir(dir, 0755);
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create(s);
  draw_frame(cr, 0); /* warm-up */
  double tr[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    for (int f = 0; f < frames; f++) draw_frame(cr, f);
    tr[r] = (now_ms() - t0) / frames;
  }
  emit("raster (no blur, no shadow)", "ms/frame", tr, reps);
  for (int f = 0; f < FRAMES && frames == FRAMES; f++) {
    draw_frame(cr, f);
    snprintf(path, sizeof path, "%s/frame_%04d.png", dir, f);
    if (cairo_surface_write_to_png(s, path) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "write failed %s\n", path); return 1; }
  }
  for (int i = 0; i < NR; i++) cairo_pattern_destroy(gradients[i]);
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  return 0;
}
