"""The effects workload (Benchmarks/EFFECTS-WORKLOAD.md): generator, per-frame values, scene file.

    python3 effectwork.py info               # checksum and first values (compare with effects_cairo)
    python3 effectwork.py scene OUT.json     # the workload as a Flipbook scene (render OUT.json)

The C twin is effects_cairo.c; the skia driver (effects_skia.py) imports this module. Pure Python,
no packages needed.
"""
import json
import os
import sys

# The workloads share one generator (the peer kit's LCG), from the path workload's module.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "paths"))
from pathwork import LCG  # noqa: E402

W, H = 1920, 1080
FRAMES = 60                 # frames 0..59
SEED = 20261125
NC, NR = 20, 50             # blurred circles, shadowed rounded rectangles
SHADOW_OPACITY = 0.33       # SwiftUI's default shadow color: black at 0.33


def generate():
    """(circles, rects): dicts of the generated fields, in drawing order."""
    g = LCG(SEED)
    circles, rects = [], []
    for _ in range(NC):
        c = {"x": g.uni(0, W), "y": g.uni(0, H), "rad": g.uni(20, 80), "blur": g.uni(2, 30)}
        c["r"], c["g"], c["b"] = g.byte(), g.byte(), g.byte()
        c["vx"], c["vy"] = g.uni(-4, 4), g.uni(-4, 4)
        circles.append(c)
    for _ in range(NR):
        q = {"x": g.uni(0, W), "y": g.uni(0, H), "w": g.uni(60, 240), "h": g.uni(40, 160), "corner": g.uni(4, 24)}
        q["r0"], q["g0"], q["b0"] = g.byte(), g.byte(), g.byte()
        q["r1"], q["g1"], q["b1"] = g.byte(), g.byte(), g.byte()
        q["shadow"], q["dx"], q["dy"] = g.uni(4, 24), g.uni(-8, 8), g.uni(0, 12)
        q["vx"], q["vy"] = g.uni(-4, 4), g.uni(-4, 4)
        rects.append(q)
    return circles, rects


def checksum(circles, rects):
    return sum(v for d in circles + rects for v in d.values())


def frame(circles, rects, f):
    """Frame f's centers: circles [(cx, cy)], rects [(cx, cy)]."""
    return ([(c["x"] + c["vx"] * f, c["y"] + c["vy"] * f) for c in circles],
            [(q["x"] + q["vx"] * f, q["y"] + q["vy"] * f) for q in rects])


def hexcolor(d, s=""):
    return f"#{d['r' + s]:02X}{d['g' + s]:02X}{d['b' + s]:02X}"


def scene():
    """The scene format (docs/scene-format.md), version 1: a center-aligned root zstack, one node per
    shape in drawing order, each centered on the canvas center by its frame and moved to its center by
    an `offset`, animated linearly from frame 0's value to frame 59's."""
    circles, rects = generate()
    last = FRAMES - 1
    f0, f1 = frame(circles, rects, 0), frame(circles, rects, last)
    state, final, children = {}, {}, []
    for kind, shapes, k in (("c", circles, 0), ("q", rects, 1)):
        for i in range(len(shapes)):
            for axis, half, j in (("x", W / 2, 0), ("y", H / 2, 1)):
                state[f"{kind}{i}{axis}"] = f0[k][i][j] - half
                final[f"{kind}{i}{axis}"] = f1[k][i][j] - half
    for i, c in enumerate(circles):
        children.append({"type": "circle", "id": f"c{i}", "modifiers": [
            {"fill": hexcolor(c)},
            {"frame": {"width": 2 * c["rad"], "height": 2 * c["rad"]}},
            {"blur": {"radius": c["blur"]}},
            {"offset": {"x": f"$c{i}x", "y": f"$c{i}y"}}]})
    for i, q in enumerate(rects):
        children.append({"type": "roundedRectangle", "id": f"q{i}", "cornerRadius": q["corner"], "modifiers": [
            {"fill": {"linearGradient": {"colors": [hexcolor(q, "0"), hexcolor(q, "1")],
                                         "startPoint": "top", "endPoint": "bottom"}}},
            {"frame": {"width": q["w"], "height": q["h"]}},
            {"shadow": {"color": {"red": 0, "green": 0, "blue": 0, "opacity": SHADOW_OPACITY},
                        "radius": q["shadow"], "x": q["dx"], "y": q["dy"]}},
            {"offset": {"x": f"$q{i}x", "y": f"$q{i}y"}}]})
    timeline = [{"at": 0, "set": final, "animation": {"linear": {"duration": last / FRAMES}}}]
    return {"version": 1, "canvas": {"width": W, "height": H, "scale": 1, "background": "white"},
            "fps": FRAMES, "duration": last / FRAMES, "state": state,
            "root": {"type": "zstack", "alignment": "center", "children": children},
            "timeline": timeline}


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "info"
    if cmd == "scene":
        sc = scene()
        text = json.dumps(sc, allow_nan=False, indent=1)
        with open(sys.argv[2], "w") as fh:
            fh.write(text + "\n")
        print(f"{sys.argv[2]}: {len(sc['root']['children'])} shapes, {len(text)} bytes", file=sys.stderr)
    elif cmd == "info":
        circles, rects = generate()
        c, q = circles[0], rects[0]
        print(f"checksum {checksum(circles, rects):.6f}")
        print(f"circle[0] x {c['x']:.6f} y {c['y']:.6f} rad {c['rad']:.6f} blur {c['blur']:.6f} "
              f"rgb {c['r']} {c['g']} {c['b']}")
        print(f"rect[0] x {q['x']:.6f} y {q['y']:.6f} w {q['w']:.6f} h {q['h']:.6f} corner {q['corner']:.6f} "
              f"shadow {q['shadow']:.6f} {q['dx']:.6f} {q['dy']:.6f}")
    else:
        sys.exit("usage: effectwork.py info | scene OUT.json")


if __name__ == "__main__":
    main()
