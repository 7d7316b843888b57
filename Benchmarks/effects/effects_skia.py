"""The effects workload (Benchmarks/EFFECTS-WORKLOAD.md) drawn with skia-python, effects included.

    python3 effects_skia.py OUTDIR REPS [FRAMES]   frames go to OUTDIR/skia/ and OUTDIR/skia-imagefilters/

FRAMES (tools/bench --quick): only the mask filters' raster and playback, over frames
0..FRAMES-1; nothing is written.

Prints one JSON line per measurement (the peer kit's format). Two ways skia draws a blur, each
timed: mask filters (`MaskFilter.MakeBlur`: the circle's and the shadow's coverage mask blurred;
skia's fast path for shapes, which also caches blurred round-rect masks as nine-patches) and image
filters (`ImageFilters.Blur` and `ImageFilters.DropShadow`: the drawing rendered to a layer and
blurred, as Flipbook does). Paints, shaders and round rects are built before timing; the timed
loop is clear + one draw call per shape (two per rectangle with mask filters: shadow, then fill).
"raster via SkPicture playback" replays each frame recorded as an SkPicture: skia's drawing
without Python's per-call cost. Single-threaded.
"""
import json
import os
import statistics
import sys
import time

import numpy as np
import skia

import effectwork as ew

SHADOW = skia.Color4f(0, 0, 0, ew.SHADOW_OPACITY)


class Renderer:
    def __init__(self):
        self.arr = np.zeros((ew.H, ew.W, 4), np.uint8)
        self.surf = skia.Surface(self.arr, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
        self.canvas = self.surf.getCanvas()
        self.image = skia.Image.fromarray(self.arr, colorType=skia.kRGBA_8888_ColorType,
                                          alphaType=skia.kPremul_AlphaType, copy=False)

    def save(self, path):
        self.image.save(path, skia.kPNG)


def prepare():
    """Per shape: (circles, rects) of skia objects, for both ways; and per-frame centers."""
    circles, rects = ew.generate()
    color = lambda d, s="": skia.Color4f(d["r" + s] / 255, d["g" + s] / 255, d["b" + s] / 255, 1)
    cs = []
    for c in circles:
        mask = skia.Paint(AntiAlias=True, Color4f=color(c),
                          MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, c["blur"]))
        image = skia.Paint(AntiAlias=True, Color4f=color(c),
                           ImageFilter=skia.ImageFilters.Blur(c["blur"], c["blur"], skia.TileMode.kDecal))
        cs.append((c["rad"], mask, image))
    rs = []
    for q in rects:
        rrect = skia.RRect.MakeRectXY(skia.Rect.MakeWH(q["w"], q["h"]), q["corner"], q["corner"])
        shader = skia.GradientShader.MakeLinear([skia.Point(0, 0), skia.Point(0, q["h"])],
                                                [color(q, "0").toColor(), color(q, "1").toColor()])
        fill = skia.Paint(AntiAlias=True, Shader=shader)
        shadow = skia.Paint(AntiAlias=True, Color4f=SHADOW,
                            MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, q["shadow"]))
        dropped = skia.Paint(AntiAlias=True, Shader=shader, ImageFilter=skia.ImageFilters.DropShadow(
            q["dx"], q["dy"], q["shadow"], q["shadow"], SHADOW.toColor()))
        rs.append((q, rrect, fill, shadow, dropped))
    frames = [ew.frame(circles, rects, f) for f in range(ew.FRAMES)]
    return cs, rs, frames


def draw(cv, shapes, centers, filters):
    cs, rs = shapes
    cc, rc = centers
    cv.clear(0xFFFFFFFF)
    for (rad, mask, image), (x, y) in zip(cs, cc):
        cv.drawCircle(x, y, rad, image if filters else mask)
    for (q, rrect, fill, shadow, dropped), (x, y) in zip(rs, rc):
        cv.save()
        cv.translate(x - q["w"] / 2, y - q["h"] / 2)
        if filters:
            cv.drawRRect(rrect, dropped)
        else:
            cv.save()
            cv.translate(q["dx"], q["dy"])
            cv.drawRRect(rrect, shadow)
            cv.restore()
            cv.drawRRect(rrect, fill)
        cv.restore()


def emit(name, metric, unit, vals):
    d = dict(impl=name, wl="effects", metric=metric, unit=unit, median=round(statistics.median(vals), 4),
             min=round(min(vals), 4), max=round(max(vals), 4), n=len(vals))
    print(json.dumps(d), flush=True)


def main():
    out, reps = sys.argv[1], int(sys.argv[2])
    name = f"skia-python {skia.__version__}"
    cs, rs, frames = prepare()
    quick = len(sys.argv) > 3
    if quick:
        frames = frames[: int(sys.argv[3])]
    shapes = (cs, rs)
    R = Renderer()
    ns = time.perf_counter_ns
    F = len(frames)

    def record(centers):
        rec = skia.PictureRecorder()
        draw(rec.beginRecording(skia.Rect.MakeWH(ew.W, ew.H)), shapes, centers, False)
        return rec.finishRecordingAsPicture()

    pics = [record(c) for c in frames]

    def raster(filters):
        t0 = ns()
        for c in frames:
            draw(R.canvas, shapes, c, filters)
        return (ns() - t0) / F / 1e6

    def playback():
        t0 = ns()
        for pic in pics:
            R.canvas.drawPicture(pic)
        R.surf.flushAndSubmit()
        return (ns() - t0) / F / 1e6

    raster(False)  # warm-up
    if quick:
        emit(name, "raster (mask filters)", "ms/frame", [raster(False) for _ in range(reps)])
        emit(name, "raster via SkPicture playback (mask filters, no Python per shape)", "ms/frame",
             [playback() for _ in range(reps)])
        return
    t = {"mask": [], "image": [], "play": []}
    for _ in range(reps):  # interleaved repetitions
        t["mask"].append(raster(False))
        t["play"].append(playback())
        t["image"].append(raster(True))
    emit(name, "raster (mask filters)", "ms/frame", t["mask"])
    emit(name, "raster via SkPicture playback (mask filters, no Python per shape)", "ms/frame", t["play"])
    emit(name, "raster (image filters)", "ms/frame", t["image"])
    for filters, sub in ((False, "skia"), (True, "skia-imagefilters")):
        d = os.path.join(out, sub)
        os.makedirs(d, exist_ok=True)
        for f, c in enumerate(frames):
            draw(R.canvas, shapes, c, filters)
            R.save(os.path.join(d, f"frame_{f:04d}.png"))


if __name__ == "__main__":
    main()
