"""Scenes for the scaling study (tools/scaling): how Flipbook's time grows with the work.

    python3 scaling.py shapes N OUT.json          # N moving shapes on 1920x1080, 30 frames
    python3 scaling.py canvas W H OUT.json        # 250 moving shapes on a W x H canvas, 30 frames
    python3 scaling.py events E OUT.json          # one view, E animated transactions, 30 frames

Shapes are the reference workload's kind (circles, rectangles, rounded rectangles of 2-12 % of
the canvas's shorter side, translucent colors), placed and moved by the paths workload's LCG
so every run draws the same thing. Pure Python, no packages needed.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "paths"))
from pathwork import LCG  # noqa: E402

FRAMES = 30
FPS = 30.0
KINDS = ["circle", "rectangle", "roundedRectangle"]


def shapes_scene(n, width, height):
    rng = LCG(20261123)
    state, children, start, end = {}, [], {}, {}
    side = min(width, height)
    for i in range(n):
        kind = KINDS[rng.next() % 3]
        w = rng.uni(0.02, 0.12) * side
        h = w if kind == "circle" else rng.uni(0.02, 0.12) * side
        color = "#%02x%02x%02x%02x" % (rng.byte(), rng.byte(), rng.byte(), 128 + rng.byte() // 2)
        x0, y0 = rng.uni(-width / 2, width / 2), rng.uni(-height / 2, height / 2)
        x1, y1 = x0 + rng.uni(-0.1, 0.1) * width, y0 + rng.uni(-0.1, 0.1) * height
        start[f"x{i}"], start[f"y{i}"] = x0, y0
        end[f"x{i}"], end[f"y{i}"] = x1, y1
        node = {"type": kind, "modifiers": [{"fill": color}, {"frame": {"width": w, "height": h}},
                                             {"offset": {"x": f"$x{i}", "y": f"$y{i}"}}]}
        if kind == "roundedRectangle":
            node["cornerRadius"] = min(w, h) / 4
        children.append(node)
    state.update(start)
    return {
        "version": 1,
        "canvas": {"width": width, "height": height, "background": "white"},
        "fps": FPS, "duration": (FRAMES - 1) / FPS, "state": state,
        "root": {"type": "zstack", "children": children},
        "timeline": [{"at": 0, "set": end, "animation": {"linear": {"duration": (FRAMES - 1) / FPS}}}],
    }


def events_scene(e):
    # One circle whose offset is retargeted E times over the scene with a spring: every
    # transaction interrupts the running spring (the replay's costly case), 30 frames drawn.
    rng = LCG(20261124)
    duration = (FRAMES - 1) / FPS
    timeline = [{"at": duration * k / e, "set": {"x": rng.uni(-150, 150)},
                 "animation": {"spring": {"duration": 0.5, "bounce": 0.2}}} for k in range(e)]
    return {
        "version": 1,
        "canvas": {"width": 400, "height": 300, "background": "white"},
        "fps": FPS, "duration": duration, "state": {"x": 0},
        "root": {"type": "circle", "modifiers": [{"fill": "blue"}, {"frame": {"width": 40, "height": 40}},
                                                  {"offset": {"x": "$x", "y": 0}}]},
        "timeline": timeline,
    }


def main():
    what = sys.argv[1]
    if what == "shapes":
        scene, out = shapes_scene(int(sys.argv[2]), 1920, 1080), sys.argv[3]
    elif what == "canvas":
        scene, out = shapes_scene(250, int(sys.argv[2]), int(sys.argv[3])), sys.argv[4]
    elif what == "events":
        scene, out = events_scene(int(sys.argv[2])), sys.argv[3]
    else:
        sys.exit("scaling.py: shapes N OUT | canvas W H OUT | events E OUT")
    with open(out, "w") as f:
        json.dump(scene, f)


if __name__ == "__main__":
    main()
