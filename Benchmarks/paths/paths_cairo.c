/* The path workload (Benchmarks/PATH-WORKLOAD.md) drawn with cairo's image backend from C.
 *
 *   paths_cairo OUTDIR REPS          time raster (whole frame and each part), encode+write and
 *                                    end to end; frames go to OUTDIR/cairo-C_write_to_png/ and
 *                                    OUTDIR/cairo-C_libpng-rgb-L1-none/
 *   paths_cairo OUTDIR REPS FRAMES   (tools/bench --quick) the whole frame's raster over frames
 *                                    0..FRAMES-1 only, nothing written
 *   paths_cairo info                 checksum and first values (compare: pathwork.py info)
 *
 * Prints one JSON line per measurement (the peer kit's format). Single-threaded; built by
 * tools/bench with `pkg-config cairo libpng zlib`. */
#include <cairo.h>
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <zlib.h>
#include "../bench_lines.h"

enum { W = 1920, H = 1080, FRAMES = 60, PERIOD = 60, NB = 100, NA = 100, NL = 50, BP = 6, MAXP = 10 };
#define SEED 20261123u
#define MITER_LIMIT 10.0
#define BOX 150.0
#define TAU (2 * M_PI)

typedef struct { double x, y, R, k[BP], rot0; int r, g, b; double a, vx, vy, spin; double px[BP], py[BP]; } Blob;
typedef struct { double x, y, rad, w; int r, g, b; double a, vx, vy, s, L, phase; } Arc;
typedef struct { double x, y; int n; double px[MAXP], py[MAXP]; double w, on, off; int r, g, b; double a, vx, vy, speed; } Line;

static Blob blobs[NB];
static Arc arcs[NA];
static Line lines[NL];

static uint32_t lcg = SEED;
static uint32_t next(void) { lcg = 1664525u * lcg + 1013904223u; return lcg; }
static double uni(double a, double b) { return a + (b - a) * ((next() >> 8) / 16777216.0); }
static int byte(void) { return (int)(next() >> 24); }

static void generate(void) {
  for (int i = 0; i < NB; i++) { /* one statement per draw: the order is the spec's */
    Blob *b = &blobs[i];
    b->x = uni(0, W); b->y = uni(0, H); b->R = uni(30, 90);
    for (int j = 0; j < BP; j++) b->k[j] = uni(0.45, 1.0);
    b->rot0 = uni(0, TAU);
    b->r = byte(); b->g = byte(); b->b = byte();
    b->a = uni(0.5, 1.0); b->vx = uni(-4, 4); b->vy = uni(-4, 4); b->spin = uni(-0.05, 0.05);
    for (int j = 0; j < BP; j++) {
      double phi = b->rot0 + TAU * j / BP;
      b->px[j] = b->R * b->k[j] * cos(phi);
      b->py[j] = b->R * b->k[j] * sin(phi);
    }
  }
  for (int i = 0; i < NA; i++) {
    Arc *c = &arcs[i];
    c->x = uni(0, W); c->y = uni(0, H); c->rad = uni(20, 80); c->w = uni(8, 24);
    c->r = byte(); c->g = byte(); c->b = byte();
    c->a = uni(0.5, 1.0); c->vx = uni(-4, 4); c->vy = uni(-4, 4);
    c->s = uni(0, 0.3); c->L = uni(0.2, 0.5); c->phase = uni(0, TAU);
  }
  for (int i = 0; i < NL; i++) {
    Line *p = &lines[i];
    p->x = uni(0, W); p->y = uni(0, H); p->n = 6 + byte() % 5;
    for (int k = 0; k < p->n; k++) { p->px[k] = uni(-BOX, BOX); p->py[k] = uni(-BOX, BOX); }
    p->w = uni(2, 6); p->on = uni(8, 20); p->off = uni(4, 10);
    p->r = byte(); p->g = byte(); p->b = byte();
    p->a = uni(0.5, 1.0); p->vx = uni(-4, 4); p->vy = uni(-4, 4); p->speed = uni(0.5, 3.0);
  }
}

static double checksum(void) {
  double s = 0;
  for (int i = 0; i < NB; i++) {
    const Blob *b = &blobs[i];
    s += b->x + b->y + b->R;
    for (int j = 0; j < BP; j++) s += b->k[j];
    s += b->rot0 + b->r + b->g + b->b + b->a + b->vx + b->vy + b->spin;
  }
  for (int i = 0; i < NA; i++) {
    const Arc *c = &arcs[i];
    s += c->x + c->y + c->rad + c->w + c->r + c->g + c->b + c->a + c->vx + c->vy + c->s + c->L + c->phase;
  }
  for (int i = 0; i < NL; i++) {
    const Line *p = &lines[i];
    s += p->x + p->y + p->n;
    for (int k = 0; k < p->n; k++) s += p->px[k] + p->py[k];
    s += p->w + p->on + p->off + p->r + p->g + p->b + p->a + p->vx + p->vy + p->speed;
  }
  return s;
}

static void arc_trim(const Arc *c, int f, double *t0, double *t1) {
  double th = TAU * f / PERIOD + c->phase;
  *t0 = c->s + 0.1 * (1 + sin(th));
  *t1 = *t0 + c->L * (0.75 + 0.25 * cos(th));
}

enum { PART_BLOBS = 1, PART_ARCS = 2, PART_LINES = 4, PART_ALL = 7 };

static void draw_frame(cairo_t *cr, int f, int parts) {
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  if (parts & PART_BLOBS)
    for (int i = 0; i < NB; i++) {
      const Blob *b = &blobs[i];
      cairo_save(cr);
      cairo_translate(cr, b->x + b->vx * f, b->y + b->vy * f);
      cairo_rotate(cr, b->spin * f);
      cairo_move_to(cr, b->px[0], b->py[0]);
      for (int j = 0; j < BP; j++) { /* Catmull-Rom through the points, as cubics */
        int j0 = (j + BP - 1) % BP, j2 = (j + 1) % BP, j3 = (j + 2) % BP;
        cairo_curve_to(cr, b->px[j] + (b->px[j2] - b->px[j0]) / 6, b->py[j] + (b->py[j2] - b->py[j0]) / 6,
                       b->px[j2] - (b->px[j3] - b->px[j]) / 6, b->py[j2] - (b->py[j3] - b->py[j]) / 6,
                       b->px[j2], b->py[j2]);
      }
      cairo_close_path(cr);
      cairo_set_source_rgba(cr, b->r / 255.0, b->g / 255.0, b->b / 255.0, b->a);
      cairo_fill(cr); /* CAIRO_FILL_RULE_WINDING: non-zero */
      cairo_restore(cr);
    }
  if (parts & PART_ARCS) {
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    for (int i = 0; i < NA; i++) {
      const Arc *c = &arcs[i];
      double t0, t1;
      arc_trim(c, f, &t0, &t1);
      cairo_new_path(cr);
      cairo_arc(cr, c->x + c->vx * f, c->y + c->vy * f, c->rad, TAU * t0, TAU * t1);
      cairo_set_line_width(cr, c->w);
      cairo_set_source_rgba(cr, c->r / 255.0, c->g / 255.0, c->b / 255.0, c->a);
      cairo_stroke(cr);
    }
  }
  if (parts & PART_LINES) {
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
    cairo_set_miter_limit(cr, MITER_LIMIT);
    for (int i = 0; i < NL; i++) {
      const Line *p = &lines[i];
      double dash[2] = {p->on, p->off};
      double ox = p->x + p->vx * f, oy = p->y + p->vy * f;
      cairo_new_path(cr);
      for (int k = 0; k < p->n; k++) {
        if (k == 0) cairo_move_to(cr, ox + p->px[k], oy + p->py[k]);
        else cairo_line_to(cr, ox + p->px[k], oy + p->py[k]);
      }
      cairo_set_dash(cr, dash, 2, p->speed * f);
      cairo_set_line_width(cr, p->w);
      cairo_set_source_rgba(cr, p->r / 255.0, p->g / 255.0, p->b / 255.0, p->a);
      cairo_stroke(cr);
    }
    cairo_set_dash(cr, NULL, 0, 0);
  }
  cairo_surface_flush(cairo_get_target(cr));
}

/* ---- timing, PNG writers, JSON lines ------------------------------------------------------ */

static char impl[128];
static void emit(const char *metric, const char *unit, double *v, int n, double bytes) {
  emit_line(impl, "paths", metric, unit, v, n, bytes);
}

/* libpng, RGB (the frames are opaque), level 1, no filter: the fast baseline. */
static void write_libpng_rgb_fast(cairo_surface_t *s, const char *path, uint8_t *row) {
  int stride = cairo_image_surface_get_stride(s);
  const uint8_t *data = cairo_image_surface_get_data(s);
  FILE *fp = fopen(path, "wb");
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, 0, 0, 0);
  png_infop info = png_create_info_struct(png);
  if (!fp || setjmp(png_jmpbuf(png))) { fprintf(stderr, "png write failed: %s\n", path); exit(1); }
  png_init_io(png, fp);
  png_set_IHDR(png, info, W, H, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 1);
  png_set_compression_strategy(png, Z_DEFAULT_STRATEGY);
  png_set_filter(png, 0, PNG_FILTER_NONE);
  png_write_info(png, info);
  for (int y = 0; y < H; y++) {
    const uint32_t *src = (const uint32_t *)(data + (size_t)y * stride);
    for (int x = 0; x < W; x++) { /* opaque: premultiplied = straight */
      row[3 * x] = (src[x] >> 16) & 255; row[3 * x + 1] = (src[x] >> 8) & 255; row[3 * x + 2] = src[x] & 255;
    }
    png_write_row(png, row);
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  fclose(fp);
}

static void save(cairo_surface_t *s, const char *path, int enc, uint8_t *row) {
  if (enc == 0) {
    if (cairo_surface_write_to_png(s, path) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "write failed %s\n", path); exit(1); }
  } else write_libpng_rgb_fast(s, path, row);
}

static long fsize(const char *p) {
  struct stat st;
  return stat(p, &st) ? -1 : (long)st.st_size;
}

int main(int argc, char **argv) {
  generate();
  snprintf(impl, sizeof impl, "cairo %s (C)", cairo_version_string());
  if (argc == 2 && !strcmp(argv[1], "info")) {
    double t0, t1;
    arc_trim(&arcs[0], 30, &t0, &t1);
    printf("checksum %.6f\n", checksum());
    printf("blob[0] x %.6f y %.6f R %.6f k0 %.6f rgb %d %d %d a %.6f spin %.6f\n", blobs[0].x, blobs[0].y, blobs[0].R,
           blobs[0].k[0], blobs[0].r, blobs[0].g, blobs[0].b, blobs[0].a, blobs[0].spin);
    printf("arc[0] x %.6f y %.6f rad %.6f w %.6f trim@30 %.6f %.6f\n", arcs[0].x, arcs[0].y, arcs[0].rad, arcs[0].w, t0, t1);
    printf("line[0] n %d p0 %.6f %.6f w %.6f dash %.6f %.6f speed %.6f\n", lines[0].n, lines[0].px[0], lines[0].py[0],
           lines[0].w, lines[0].on, lines[0].off, lines[0].speed);
    return 0;
  }
  if (argc != 3 && argc != 4) { fprintf(stderr, "usage: paths_cairo OUTDIR REPS [FRAMES] | paths_cairo info\n"); return 2; }
  int reps = atoi(argv[2]);
  if (reps < 1 || reps > 64) { fprintf(stderr, "REPS must be 1..64\n"); return 2; }
  /* FRAMES (tools/bench --quick): only the whole frame's raster, over frames 0..FRAMES-1, nothing written. */
  int quick = argc == 4 ? atoi(argv[3]) : 0;
  if (argc == 4 && (quick < 1 || quick > FRAMES)) { fprintf(stderr, "FRAMES must be 1..%d\n", FRAMES); return 2; }
  static const char *encName[2] = {"cairo_surface_write_to_png (RGB if opaque, L6, ALL, FILTERED)",
                                   "libpng RGB L1 NONE default"};
  char dir[2][2048], path[2200], metric[300];
  snprintf(dir[0], sizeof dir[0], "%s/cairo-C_write_to_png", argv[1]);
  snprintf(dir[1], sizeof dir[1], "%s/cairo-C_libpng-rgb-L1-none", argv[1]);
  mkdir(argv[1], 0755); mkdir(dir[0], 0755); mkdir(dir[1], 0755);
  uint8_t *row = malloc((size_t)W * 4);

  static const int partMask[4] = {PART_ALL, PART_BLOBS, PART_ARCS, PART_LINES};
  static const char *partName[4] = {"raster", "raster part: clear + 100 blobs", "raster part: clear + 100 arcs",
                                    "raster part: clear + 50 dashed polylines"};
  double tr[4][64], te[2][64], tx[2][64], fps[64], bytes[2] = {0, 0};
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create(s);
  for (int f = 0; f < FRAMES; f++) draw_frame(cr, f, PART_ALL); /* warm-up */
  if (quick) {
    for (int r = 0; r < reps; r++) {
      double t0 = now_ms();
      for (int f = 0; f < quick; f++) draw_frame(cr, f, PART_ALL);
      tr[0][r] = (now_ms() - t0) / quick;
    }
    emit(partName[0], "ms/frame", tr[0], reps, 0);
    return 0;
  }
  for (int r = 0; r < reps; r++) { /* repetitions of all measurements interleave */
    for (int p = 0; p < 4; p++) {
      double t0 = now_ms();
      for (int f = 0; f < FRAMES; f++) draw_frame(cr, f, partMask[p]);
      tr[p][r] = (now_ms() - t0) / FRAMES;
    }
    for (int e = 0; e < 2; e++) {
      double tot = 0;
      bytes[e] = 0;
      for (int f = 0; f < FRAMES; f++) {
        draw_frame(cr, f, PART_ALL);
        snprintf(path, sizeof path, "%s/frame_%04d.png", dir[e], f);
        double t0 = now_ms();
        save(s, path, e, row);
        tot += now_ms() - t0;
        bytes[e] += fsize(path);
      }
      bytes[e] /= FRAMES;
      te[e][r] = tot / FRAMES;
      double t0 = now_ms(); /* end to end: a fresh surface, then every frame drawn, encoded, written */
      cairo_surface_t *s2 = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
      cairo_t *cr2 = cairo_create(s2);
      for (int f = 0; f < FRAMES; f++) {
        draw_frame(cr2, f, PART_ALL);
        snprintf(path, sizeof path, "%s/frame_%04d.png", dir[e], f);
        save(s2, path, e, row);
      }
      cairo_destroy(cr2);
      cairo_surface_destroy(s2);
      tx[e][r] = (now_ms() - t0) / FRAMES;
    }
  }
  for (int p = 0; p < 4; p++) emit(partName[p], "ms/frame", tr[p], reps, 0);
  for (int e = 0; e < 2; e++) {
    snprintf(metric, sizeof metric, "encode+write: %s", encName[e]);
    emit(metric, "ms/frame", te[e], reps, bytes[e]);
    for (int r = 0; r < reps; r++) fps[r] = 1000.0 / tx[e][r];
    snprintf(metric, sizeof metric, "end-to-end 60 frames: %s", encName[e]);
    emit(metric, "ms/frame", tx[e], reps, 0);
    snprintf(metric, sizeof metric, "end-to-end fps: %s", encName[e]);
    emit(metric, "fps", fps, reps, 0);
  }
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  free(row);
  return 0;
}
