"""The path workload (Benchmarks/PATH-WORKLOAD.md): generator, per-frame values, scene file.

    python3 pathwork.py info                 # checksum and first values (compare with paths_cairo)
    python3 pathwork.py scene OUT.json       # the workload as a Flipbook scene (render OUT.json)

The C twin is paths_cairo.c; the skia driver (paths_skia.py) imports this module. Pure Python,
no packages needed.
"""
import json
import math
import sys

W, H = 1920, 1080
FRAMES = 60                 # frames 0..59
PERIOD = 60                 # period of the arcs' trim motion, in frames
SEED = 20261123
NB, NA, NL = 100, 100, 50   # blobs, arcs, polylines
BLOB_POINTS = 6
MITER_LIMIT = 10.0
BOX = 150.0                 # polyline points lie in [-BOX, BOX]^2 around the polyline's anchor
TAU = 2 * math.pi


class LCG:
    """32-bit LCG (Numerical Recipes constants), as the peer kit's WORKLOAD.md."""

    def __init__(self, seed=SEED):
        self.s = seed & 0xFFFFFFFF

    def next(self):
        self.s = (1664525 * self.s + 1013904223) & 0xFFFFFFFF
        return self.s

    def uni(self, a, b):
        return a + (b - a) * ((self.next() >> 8) / 16777216.0)

    def byte(self):
        return self.next() >> 24


def generate():
    """(blobs, arcs, polylines): dicts of the generated fields, in drawing order."""
    g = LCG()
    blobs, arcs, lines = [], [], []
    for _ in range(NB):
        b = {"x": g.uni(0, W), "y": g.uni(0, H), "R": g.uni(30, 90)}
        b["k"] = [g.uni(0.45, 1.0) for _ in range(BLOB_POINTS)]
        b["rot0"] = g.uni(0, TAU)
        b["r"], b["g"], b["b"] = g.byte(), g.byte(), g.byte()
        b["a"] = g.uni(0.5, 1.0)
        b["vx"], b["vy"] = g.uni(-4, 4), g.uni(-4, 4)
        b["spin"] = g.uni(-0.05, 0.05)
        blobs.append(b)
    for _ in range(NA):
        c = {"x": g.uni(0, W), "y": g.uni(0, H), "rad": g.uni(20, 80), "w": g.uni(8, 24)}
        c["r"], c["g"], c["b"] = g.byte(), g.byte(), g.byte()
        c["a"] = g.uni(0.5, 1.0)
        c["vx"], c["vy"] = g.uni(-4, 4), g.uni(-4, 4)
        c["s"], c["L"], c["phase"] = g.uni(0, 0.3), g.uni(0.2, 0.5), g.uni(0, TAU)
        arcs.append(c)
    for _ in range(NL):
        p = {"x": g.uni(0, W), "y": g.uni(0, H), "n": 6 + g.byte() % 5}
        p["pts"] = []
        for _ in range(p["n"]):
            px = g.uni(-BOX, BOX)
            py = g.uni(-BOX, BOX)
            p["pts"].append((px, py))
        p["w"], p["on"], p["off"] = g.uni(2, 6), g.uni(8, 20), g.uni(4, 10)
        p["r"], p["g"], p["b"] = g.byte(), g.byte(), g.byte()
        p["a"] = g.uni(0.5, 1.0)
        p["vx"], p["vy"] = g.uni(-4, 4), g.uni(-4, 4)
        p["speed"] = g.uni(0.5, 3.0)
        lines.append(p)
    return blobs, arcs, lines


def checksum(blobs, arcs, lines):
    s = 0.0
    for d in blobs + arcs + lines:
        for v in d.values():
            if isinstance(v, list):
                for e in v:
                    s += sum(e) if isinstance(e, tuple) else e
            else:
                s += v
    return s


def blob_points(b):
    """The blob's on-curve points around its center (0, 0)."""
    R = b["R"]
    out = []
    for j in range(BLOB_POINTS):
        phi = b["rot0"] + TAU * j / BLOB_POINTS
        out.append((R * b["k"][j] * math.cos(phi), R * b["k"][j] * math.sin(phi)))
    return out


def blob_segments(b):
    """[(c1, c2, to)] for j = 0..5: the closed Catmull-Rom curve through the points, as cubics."""
    P = blob_points(b)
    n = len(P)
    segs = []
    for j in range(n):
        p0, p1, p2, p3 = P[(j - 1) % n], P[j], P[(j + 1) % n], P[(j + 2) % n]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        segs.append((c1, c2, p2))
    return P[0], segs


def arc_trim(c, f):
    th = TAU * f / PERIOD + c["phase"]
    t0 = c["s"] + 0.1 * (1 + math.sin(th))
    t1 = t0 + c["L"] * (0.75 + 0.25 * math.cos(th))
    return t0, t1


def frame(blobs, arcs, lines, f):
    """Frame f's per-shape values: blobs (cx, cy, angle), arcs (cx, cy, from, to), lines (ox, oy, phase)."""
    bs = [(b["x"] + b["vx"] * f, b["y"] + b["vy"] * f, b["spin"] * f) for b in blobs]
    cs = [(c["x"] + c["vx"] * f, c["y"] + c["vy"] * f) + arc_trim(c, f) for c in arcs]
    ls = [(p["x"] + p["vx"] * f, p["y"] + p["vy"] * f, p["speed"] * f) for p in lines]
    return bs, cs, ls


# ---- the scene file -----------------------------------------------------------------------

def hexcolor(d):
    return f"#{d['r']:02X}{d['g']:02X}{d['b']:02X}"


def num(v):
    return repr(float(v))


def scene():
    """The scene format (docs/scene-format.md), version 1: a center-aligned root zstack, one node per shape in drawing order.
    Every shape's layout frame is centered on the canvas center, so `offset` (c - canvas center)
    puts its center at c. Linear motion (offsets, blob rotation, dash phase) is one linear
    animation from frame 0's value to frame 59's; the arcs' trim ends (sinusoids) are set by one
    event per frame, half a frame before it."""
    blobs, arcs, lines = generate()
    last = FRAMES - 1
    f0, f1 = frame(blobs, arcs, lines, 0), frame(blobs, arcs, lines, last)
    state, final, children = {}, {}, []
    for i, b in enumerate(blobs):
        R = b["R"]
        start, segs = blob_segments(b)
        d = [f"M{num(start[0] + R)} {num(start[1] + R)}"]
        for c1, c2, p in segs:
            d.append("C" + " ".join(num(v + R) for v in (c1[0], c1[1], c2[0], c2[1], p[0], p[1])))
        d.append("Z")
        for k, (v0, v1) in {"x": (f0[0][i][0] - W / 2, f1[0][i][0] - W / 2),
                            "y": (f0[0][i][1] - H / 2, f1[0][i][1] - H / 2),
                            "r": (math.degrees(f0[0][i][2]), math.degrees(f1[0][i][2]))}.items():
            state[f"b{i}{k}"], final[f"b{i}{k}"] = v0, v1
        children.append({"type": "path", "id": f"b{i}", "d": " ".join(d), "modifiers": [
            {"fill": hexcolor(b)},
            {"frame": {"width": 2 * R, "height": 2 * R}},
            {"rotationEffect": f"$b{i}r"},
            {"opacity": b["a"]},
            {"offset": {"x": f"$b{i}x", "y": f"$b{i}y"}}]})
    for i, c in enumerate(arcs):
        for k, (v0, v1) in {"x": (f0[1][i][0] - W / 2, f1[1][i][0] - W / 2),
                            "y": (f0[1][i][1] - H / 2, f1[1][i][1] - H / 2)}.items():
            state[f"a{i}{k}"], final[f"a{i}{k}"] = v0, v1
        state[f"a{i}f"], state[f"a{i}t"] = f0[1][i][2], f0[1][i][3]
        children.append({"type": "circle", "id": f"a{i}", "modifiers": [
            {"trim": {"from": f"$a{i}f", "to": f"$a{i}t"}},
            {"stroke": {"color": hexcolor(c), "lineWidth": c["w"], "lineCap": "round"}},
            {"frame": {"width": 2 * c["rad"], "height": 2 * c["rad"]}},
            {"opacity": c["a"]},
            {"offset": {"x": f"$a{i}x", "y": f"$a{i}y"}}]})
    for i, p in enumerate(lines):
        d = " ".join(("M" if k == 0 else "L") + f"{num(x + BOX)} {num(y + BOX)}" for k, (x, y) in enumerate(p["pts"]))
        for k, (v0, v1) in {"x": (f0[2][i][0] - W / 2, f1[2][i][0] - W / 2),
                            "y": (f0[2][i][1] - H / 2, f1[2][i][1] - H / 2),
                            "d": (f0[2][i][2], f1[2][i][2])}.items():
            state[f"p{i}{k}"], final[f"p{i}{k}"] = v0, v1
        children.append({"type": "path", "id": f"p{i}", "d": d, "modifiers": [
            {"stroke": {"color": hexcolor(p), "lineWidth": p["w"], "lineCap": "butt", "lineJoin": "miter",
                        "miterLimit": MITER_LIMIT, "dash": [p["on"], p["off"]], "dashPhase": f"$p{i}d"}},
            {"frame": {"width": 2 * BOX, "height": 2 * BOX}},
            {"opacity": p["a"]},
            {"offset": {"x": f"$p{i}x", "y": f"$p{i}y"}}]})
    timeline = [{"at": 0, "set": final, "animation": {"linear": {"duration": last / FRAMES}}}]
    for f in range(1, FRAMES):
        fr = frame(blobs, arcs, lines, f)
        ch = {}
        for i in range(NA):
            ch[f"a{i}f"], ch[f"a{i}t"] = fr[1][i][2], fr[1][i][3]
        timeline.append({"at": (f - 0.5) / FRAMES, "set": ch})
    return {"version": 1, "canvas": {"width": W, "height": H, "scale": 1, "background": "white"},
            "fps": FRAMES, "duration": last / FRAMES, "state": state,
            "root": {"type": "zstack", "alignment": "center", "children": children},
            "timeline": timeline}


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "info"
    if cmd == "scene":
        sc = scene()
        j = lambda v: json.dumps(v, allow_nan=False)
        kids = ",\n".join(f"    {j(c)}" for c in sc["root"]["children"])
        tl = ",\n".join(f"    {j(e)}" for e in sc["timeline"])
        head = ",\n".join(f'  "{k}": {j(sc[k])}' for k in ("version", "canvas", "fps", "duration", "state"))
        text = (f'{{\n{head},\n  "root": {{"type": "zstack", "alignment": "center", "children": [\n{kids}\n  ]}},\n'
                f'  "timeline": [\n{tl}\n  ]\n}}\n')
        assert json.loads(text) == sc
        with open(sys.argv[2], "w") as fh:
            fh.write(text)
        print(f"{sys.argv[2]}: {len(sc['root']['children'])} shapes, {len(text)} bytes", file=sys.stderr)
    elif cmd == "info":
        blobs, arcs, lines = generate()
        print(f"checksum {checksum(blobs, arcs, lines):.6f}")
        b, c, p = blobs[0], arcs[0], lines[0]
        print(f"blob[0] x {b['x']:.6f} y {b['y']:.6f} R {b['R']:.6f} k0 {b['k'][0]:.6f} rgb {b['r']} {b['g']} {b['b']} "
              f"a {b['a']:.6f} spin {b['spin']:.6f}")
        print(f"arc[0] x {c['x']:.6f} y {c['y']:.6f} rad {c['rad']:.6f} w {c['w']:.6f} trim@30 "
              f"{arc_trim(c, 30)[0]:.6f} {arc_trim(c, 30)[1]:.6f}")
        print(f"line[0] n {p['n']} p0 {p['pts'][0][0]:.6f} {p['pts'][0][1]:.6f} w {p['w']:.6f} dash {p['on']:.6f} "
              f"{p['off']:.6f} speed {p['speed']:.6f}")
    else:
        sys.exit("usage: pathwork.py info | scene OUT.json")


if __name__ == "__main__":
    main()
