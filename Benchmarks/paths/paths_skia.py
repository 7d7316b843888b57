"""The path workload (Benchmarks/PATH-WORKLOAD.md) drawn with skia-python.

    python3 paths_skia.py OUTDIR REPS [FRAMES]     frames go to OUTDIR/skia/

FRAMES (tools/bench --quick): only the whole frame's raster and playback, over frames
0..FRAMES-1; nothing is written.

Prints one JSON line per measurement (the peer kit's format). Paths, paints and per-frame
draw lists are built before timing; the timed raster loop is clear + one draw call per shape
(plus save/translate/rotate/restore for blobs). "raster via SkPicture playback" replays each
frame recorded as an SkPicture: skia's drawing without Python's per-call cost.
Single-threaded.
"""
import json
import math
import os
import statistics
import sys
import time

import numpy as np
import skia

import pathwork as pw

PARTS = [("raster", (0, 1, 2)), ("raster part: clear + 100 blobs", (0,)), ("raster part: clear + 100 arcs", (1,)),
         ("raster part: clear + 50 dashed polylines", (2,))]


class Renderer:
    def __init__(self):
        self.arr = np.zeros((pw.H, pw.W, 4), np.uint8)
        self.surf = skia.Surface(self.arr, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
        self.canvas = self.surf.getCanvas()
        self.image = skia.Image.fromarray(self.arr, colorType=skia.kRGBA_8888_ColorType,
                                          alphaType=skia.kPremul_AlphaType, copy=False)

    def draw(self, frame, parts=(0, 1, 2), canvas=None):
        cv = canvas or self.canvas
        cv.clear(0xFFFFFFFF)
        blobs, arcs, lines = frame
        if 0 in parts:
            for x, y, deg, path, paint in blobs:
                cv.save()
                cv.translate(x, y)
                cv.rotate(deg)
                cv.drawPath(path, paint)
                cv.restore()
        if 1 in parts:
            for oval, start, sweep, paint in arcs:
                cv.drawArc(oval, start, sweep, False, paint)
        if 2 in parts:
            for path, paint in lines:
                cv.drawPath(path, paint)

    def record(self, frame, parts):
        rec = skia.PictureRecorder()
        cv = rec.beginRecording(skia.Rect.MakeWH(pw.W, pw.H))
        self.draw(frame, parts, cv)
        return rec.finishRecordingAsPicture()

    def save(self, path):  # SkPngEncoder defaults (zlib level 6, all filters), RGBA
        self.image.save(path, skia.kPNG)


def prepare():
    """Per-frame draw lists: (blobs, arcs, lines) of skia objects."""
    blobs, arcs, lines = pw.generate()
    color = lambda d: skia.Color4f(d["r"] / 255, d["g"] / 255, d["b"] / 255, d["a"])
    blob_paths, blob_paints = [], []
    for b in blobs:
        start, segs = pw.blob_segments(b)
        p = skia.Path()
        p.setFillType(skia.PathFillType.kWinding)
        p.moveTo(*start)
        for c1, c2, to in segs:
            p.cubicTo(c1[0], c1[1], c2[0], c2[1], to[0], to[1])
        p.close()
        blob_paths.append(p)
        blob_paints.append(skia.Paint(AntiAlias=True, Color4f=color(b)))
    arc_paints = [skia.Paint(AntiAlias=True, Color4f=color(c), Style=skia.Paint.kStroke_Style, StrokeWidth=c["w"],
                             StrokeCap=skia.Paint.kRound_Cap) for c in arcs]
    line_paths = []
    for p in lines:
        path = skia.Path()
        path.moveTo(*p["pts"][0])
        for q in p["pts"][1:]:
            path.lineTo(*q)
        line_paths.append(path)
    frames = []
    for f in range(pw.FRAMES):
        bs, cs, ls = pw.frame(blobs, arcs, lines, f)
        fb = [(x, y, math.degrees(a), blob_paths[i], blob_paints[i]) for i, (x, y, a) in enumerate(bs)]
        fc = []
        for i, (x, y, t0, t1) in enumerate(cs):
            r = arcs[i]["rad"]
            fc.append((skia.Rect.MakeLTRB(x - r, y - r, x + r, y + r), 360 * t0, 360 * (t1 - t0), arc_paints[i]))
        fl = []
        for i, (x, y, phase) in enumerate(ls):
            p = lines[i]
            paint = skia.Paint(AntiAlias=True, Color4f=color(p), Style=skia.Paint.kStroke_Style, StrokeWidth=p["w"],
                               StrokeCap=skia.Paint.kButt_Cap, StrokeJoin=skia.Paint.kMiter_Join,
                               StrokeMiter=pw.MITER_LIMIT, PathEffect=skia.DashPathEffect.Make([p["on"], p["off"]], phase))
            moved = skia.Path(line_paths[i])
            moved.offset(x, y)
            fl.append((moved, paint))
        frames.append((fb, fc, fl))
    return frames


def emit(name, metric, unit, vals, **extra):
    d = dict(impl=name, wl="paths", metric=metric, unit=unit, median=round(statistics.median(vals), 4),
             min=round(min(vals), 4), max=round(max(vals), 4), n=len(vals), **extra)
    print(json.dumps(d), flush=True)


def main():
    out, reps = sys.argv[1], int(sys.argv[2])
    quick = len(sys.argv) > 3
    name = f"skia-python {skia.__version__}"
    frames = prepare()[: int(sys.argv[3])] if quick else prepare()
    F = len(frames)
    R = Renderer()
    d = os.path.join(out, "skia")
    os.makedirs(d, exist_ok=True)
    paths = [os.path.join(d, f"frame_{f:04d}.png") for f in range(F)]
    pics = {parts: [R.record(fr, parts) for fr in frames] for _, parts in (PARTS[:1] if quick else PARTS)}
    ns = time.perf_counter_ns

    def raster(parts):
        t0 = ns()
        for fr in frames:
            R.draw(fr, parts)
        return (ns() - t0) / F / 1e6

    def playback(parts):
        t0 = ns()
        for pic in pics[parts]:
            R.canvas.drawPicture(pic)
        R.surf.flushAndSubmit()
        return (ns() - t0) / F / 1e6

    def encode():
        tot = 0
        for f, fr in enumerate(frames):
            R.draw(fr)
            t0 = ns()
            R.save(paths[f])
            tot += ns() - t0
        return tot / F / 1e6

    def e2e():
        t0 = ns()
        R2 = Renderer()
        for f, fr in enumerate(frames):
            R2.draw(fr)
            R2.save(paths[f])
        return (ns() - t0) / F / 1e6

    raster((0, 1, 2))  # warm-up
    if quick:
        emit(name, "raster", "ms/frame", [raster((0, 1, 2)) for _ in range(reps)])
        emit(name, "raster via SkPicture playback (no Python per shape)", "ms/frame",
             [playback(PARTS[0][1]) for _ in range(reps)])
        return
    t = {k: [] for k in ("raster", "encode", "e2e")}
    tp = {m: [] for m, _ in PARTS}
    for _ in range(reps):  # interleaved repetitions
        t["raster"].append(raster((0, 1, 2)))
        for metric, parts in PARTS:
            tp[metric].append(playback(parts))
        t["encode"].append(encode())
        t["e2e"].append(e2e())
    size = sum(os.path.getsize(q) for q in paths) / F
    emit(name, "raster", "ms/frame", t["raster"])
    for metric, _ in PARTS:
        label = "raster via SkPicture playback (no Python per shape)" if metric == "raster" else metric
        emit(name, label, "ms/frame", tp[metric])
    emit(name, "encode+write: skia default PNG", "ms/frame", t["encode"], bytes=round(size))
    emit(name, "end-to-end 60 frames: skia default PNG", "ms/frame", t["e2e"])
    emit(name, "end-to-end fps: skia default PNG", "fps", [1000 / v for v in t["e2e"]])


if __name__ == "__main__":
    main()
