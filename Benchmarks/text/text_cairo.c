/* The text workload (Benchmarks/TEXT-WORKLOAD.md) drawn with cairo's own text API from C.
 *
 *   text_cairo FONTFILE OUTDIR REPS   time raster (clear + 200 labels per frame, cairo_show_text
 *                                     with an unhinted FreeType face of FONTFILE, grey
 *                                     antialiasing, as Flipbook draws text) and write the 60
 *                                     frames to OUTDIR/cairo-C_write_to_png/ (untimed)
 *   text_cairo FONTFILE OUTDIR REPS FRAMES   (tools/bench --quick) the raster of frames
 *                                     0..FRAMES-1 only, nothing written
 *   text_cairo info                   checksum and first values (compare: textwork.py info)
 *
 * Prints one JSON line per measurement (the peer kit's format). Single-threaded; built by
 * tools/bench with `pkg-config cairo freetype2`. */
#include <cairo-ft.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "../bench_lines.h"

enum { W = 1920, H = 1080, FRAMES = 60, N = 200, MAXLEN = 64 };
#define SEED 20261124u

static const char *WORDS[] = {"Save", "changes", "Done", "Cancel", "Settings", "Profile", "Messages", "Photos", "Share",
                              "Delete", "Upload", "complete", "Today", "Tomorrow", "Weather", "Sunny", "Battery", "Charging",
                              "Wi-Fi", "Connected", "Downloads", "Library", "Search", "Recent", "Favorites", "Music", "Playing",
                              "Next", "Volume", "Airplane", "mode", "Notifications", "Reminders", "Calendar", "Meeting", "at",
                              "10:30", "Inbox", "3 new", "87%", "Updated", "just now", "AVATAR", "office", "Wave", "fjord"};
enum { NWORDS = sizeof WORDS / sizeof WORDS[0] };

typedef struct { char text[MAXLEN + 32]; double size, x, y, vx, vy; int r, g, b; double a0, a1; } Label;
static Label labels[N];

static uint32_t lcg = SEED;
static uint32_t next(void) { lcg = 1664525u * lcg + 1013904223u; return lcg; }
static double uni(double a, double b) { return a + (b - a) * ((next() >> 8) / 16777216.0); }
static int byte(void) { return (int)(next() >> 24); }

static void generate(void) {
  for (int i = 0; i < N; i++) { /* one statement per draw: the order is textwork.py's */
    Label *l = &labels[i];
    size_t length = 10 + (next() >> 8) % 31;
    l->text[0] = 0;
    while (strlen(l->text) < length) {
      const char *w = WORDS[(next() >> 8) % NWORDS];
      if (l->text[0]) strcat(l->text, " ");
      strcat(l->text, w);
    }
    l->text[length] = 0;
    for (size_t k = strlen(l->text); k > 0 && l->text[k - 1] == ' '; k--) l->text[k - 1] = 0;
    l->size = uni(11, 34); l->x = uni(0, W - 300); l->y = uni(0, H - 40);
    l->vx = uni(-3, 3); l->vy = uni(-3, 3);
    l->r = byte() / 2; l->g = byte() / 2; l->b = byte() / 2;
    l->a0 = uni(0.6, 1.0); l->a1 = uni(0.1, 1.0);
  }
}

static cairo_font_face_t *face;

/* Frame f: white, then every label at its place, its top-left corner at (x, y) and its
 * baseline the font's ascent below, as Flipbook's text frame places the first baseline. */
static void draw_frame(cairo_t *cr, int f) {
  cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
  cairo_set_font_face(cr, face);
  double t = (double)f / (FRAMES - 1);
  for (int i = 0; i < N; i++) {
    const Label *l = &labels[i];
    cairo_set_font_size(cr, l->size);
    cairo_font_extents_t e;
    cairo_font_extents(cr, &e);
    cairo_set_source_rgba(cr, l->r / 255.0, l->g / 255.0, l->b / 255.0, l->a0 + (l->a1 - l->a0) * t);
    cairo_move_to(cr, l->x + l->vx * f, l->y + l->vy * f + e.ascent);
    cairo_show_text(cr, l->text);
  }
}

static char impl[128];
static void emit(const char *metric, const char *unit, double *v, int n) {
  emit_line(impl, "text", metric, unit, v, n, 0);
}

int main(int argc, char **argv) {
  generate();
  snprintf(impl, sizeof impl, "cairo %s (C)", cairo_version_string());
  if (argc == 2 && !strcmp(argv[1], "info")) {
    double checksum = 0;
    int chars = 0;
    for (int i = 0; i < N; i++) {
      checksum += labels[i].size + labels[i].x + labels[i].y + strlen(labels[i].text);
      chars += (int)strlen(labels[i].text);
    }
    const Label *l = &labels[0];
    printf("checksum %.6f\n", checksum);
    printf("label[0] \"%s\" size %.6f x %.6f y %.6f rgb %d %d %d a %.6f %.6f\n", l->text, l->size, l->x, l->y, l->r,
           l->g, l->b, l->a0, l->a1);
    printf("chars %d\n", chars);
    return 0;
  }
  if (argc != 4 && argc != 5) {
    fprintf(stderr, "usage: text_cairo FONTFILE OUTDIR REPS [FRAMES] | text_cairo info\n");
    return 2;
  }
  int reps = atoi(argv[3]);
  if (reps < 1 || reps > 64) { fprintf(stderr, "REPS must be 1..64\n"); return 2; }
  /* FRAMES (tools/bench --quick): the raster of frames 0..FRAMES-1 only, nothing written. */
  int frames = argc == 5 ? atoi(argv[4]) : FRAMES;
  if (frames < 1 || frames > FRAMES) { fprintf(stderr, "FRAMES must be 1..%d\n", FRAMES); return 2; }
  FT_Library ft;
  FT_Face ftface;
  if (FT_Init_FreeType(&ft) || FT_New_Face(ft, argv[1], 0, &ftface)) { fprintf(stderr, "cannot load %s\n", argv[1]); return 1; }
  face = cairo_ft_font_face_create_for_ft_face(ftface, 0);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);

  char dir[2048], path[2200];
  snprintf(dir, sizeof dir, "%s/cairo-C_write_to_png", argv[2]);
  mkdir(argv[2], 0755); mkdir(dir, 0755);
  cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, H);
  cairo_t *cr = cairo_create(s);
  cairo_set_font_options(cr, options);
  for (int f = 0; f < FRAMES; f++) draw_frame(cr, f); /* warm-up: cairo's glyph caches fill */
  double tr[64];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    for (int f = 0; f < frames; f++) draw_frame(cr, f);
    tr[r] = (now_ms() - t0) / frames;
  }
  emit("raster", "ms/frame", tr, reps);
  for (int f = 0; f < FRAMES && frames == FRAMES; f++) {
    draw_frame(cr, f);
    snprintf(path, sizeof path, "%s/frame_%04d.png", dir, f);
    if (cairo_surface_write_to_png(s, path) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "write failed %s\n", path); return 1; }
  }
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  cairo_font_options_destroy(options);
  cairo_font_face_destroy(face);
  return 0;
}
