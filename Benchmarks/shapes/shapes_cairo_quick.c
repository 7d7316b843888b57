/* tools/bench --quick's cairo side of the peer kit's shapes workload: the kit's own drawing
 * (its cairo_bench.c, included unchanged), raster only, over frames 0..FRAMES-1.
 *   shapes_cairo_quick large|small REPS FRAMES      (built with -I PEERS_DIR)
 * Prints the kit's "raster" JSON line; writes nothing. The full run uses cairo_bench itself,
 * whose encoders take most of a minute per repetition. */
#define main kit_cairo_bench_main
#include "cairo_bench.c"
#undef main

int main(int argc, char **argv) {
    Workload w;
    if (argc != 4 || wl_init(&w, argv[1])) { fprintf(stderr, "usage: shapes_cairo_quick large|small REPS FRAMES\n"); return 2; }
    int reps = atoi(argv[2]), frames = atoi(argv[3]);
    if (reps < 1 || reps > 64 || frames < 1 || frames > w.frames) { fprintf(stderr, "REPS 1..64, FRAMES 1..%d\n", w.frames); return 2; }
    char impl[160];
    snprintf(impl, sizeof impl, "cairo %s (C)", cairo_version_string());
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w.W, w.H);
    cairo_t *cr = cairo_create(s);
    w.frames = frames; /* raster_rep draws frames 0..w.frames-1 */
    raster_rep(cr, &w); /* warm-up */
    double tr[64];
    for (int r = 0; r < reps; r++) tr[r] = raster_rep(cr, &w);
    emit(impl, argv[1], "raster", "ms/frame", tr, reps, "");
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    return 0;
}
