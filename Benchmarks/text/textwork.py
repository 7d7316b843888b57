"""The text workload (Benchmarks/TEXT-WORKLOAD.md): generator, per-frame values, scene file.

    python3 textwork.py info                 # checksum and first values (compare with text_cairo)
    python3 textwork.py scene OUT.json       # the workload as a Flipbook scene (render OUT.json)

The C twin is text_cairo.c. Pure Python, no packages needed.
"""
import json
import os
import sys

# The workloads share one generator (the peer kit's LCG), from the path workload's module.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "paths"))
from pathwork import LCG  # noqa: E402

W, H = 1920, 1080
FRAMES = 60                 # frames 0..59
SEED = 20261124
N = 200                     # labels
WORDS = ["Save", "changes", "Done", "Cancel", "Settings", "Profile", "Messages", "Photos", "Share",
         "Delete", "Upload", "complete", "Today", "Tomorrow", "Weather", "Sunny", "Battery", "Charging",
         "Wi-Fi", "Connected", "Downloads", "Library", "Search", "Recent", "Favorites", "Music", "Playing",
         "Next", "Volume", "Airplane", "mode", "Notifications", "Reminders", "Calendar", "Meeting", "at",
         "10:30", "Inbox", "3 new", "87%", "Updated", "just now", "AVATAR", "office", "Wave", "fjord"]


def generate():
    """The labels, in drawing order: text, size, start, velocity, color and alpha at both ends."""
    g = LCG(SEED)
    labels = []
    for _ in range(N):
        length = 10 + (g.next() >> 8) % 31
        s = ""
        while len(s) < length:
            w = WORDS[(g.next() >> 8) % len(WORDS)]
            s = w if not s else s + " " + w
        s = s[:length].rstrip()
        lab = {"text": s, "size": g.uni(11, 34), "x": g.uni(0, W - 300), "y": g.uni(0, H - 40),
               "vx": g.uni(-3, 3), "vy": g.uni(-3, 3)}
        lab["r"], lab["g"], lab["b"] = g.byte() // 2, g.byte() // 2, g.byte() // 2
        lab["a0"], lab["a1"] = g.uni(0.6, 1.0), g.uni(0.1, 1.0)
        labels.append(lab)
    return labels


def frame(labels, f):
    """(x, y, alpha) of every label at frame f: linear motion and fade over frames 0..59."""
    t = f / (FRAMES - 1)
    return [(l["x"] + l["vx"] * f, l["y"] + l["vy"] * f, l["a0"] + (l["a1"] - l["a0"]) * t) for l in labels]


def num(v):
    return float(f"{v:.6f}")


def scene():
    """A top-leading zstack of text nodes: each label's frame starts at (x, y) through `offset`;
    motion and fade are one linear animation from frame 0's values to frame 59's."""
    labels = generate()
    last = FRAMES - 1
    f0, f1 = frame(labels, 0), frame(labels, last)
    state, final, children = {}, {}, []
    for i, l in enumerate(labels):
        for k, (v0, v1) in {"x": (f0[i][0], f1[i][0]), "y": (f0[i][1], f1[i][1]), "a": (f0[i][2], f1[i][2])}.items():
            state[f"l{i}{k}"], final[f"l{i}{k}"] = num(v0), num(v1)
        children.append({"type": "text", "id": f"l{i}", "text": l["text"], "font": {"size": num(l["size"])},
                         "modifiers": [{"foregroundColor": "#%02X%02X%02X" % (l["r"], l["g"], l["b"])},
                                       {"opacity": f"$l{i}a"},
                                       {"offset": {"x": f"$l{i}x", "y": f"$l{i}y"}}]})
    return {"version": 1, "canvas": {"width": W, "height": H, "scale": 1, "background": "white"},
            "fps": FRAMES, "duration": last / FRAMES, "state": state,
            "root": {"type": "zstack", "alignment": "topLeading", "children": children,
                     "modifiers": [{"frame": {"width": W, "height": H, "alignment": "topLeading"}}]},
            "timeline": [{"at": 0, "set": final, "animation": {"linear": {"duration": last / FRAMES}}}]}


def info():
    labels = generate()
    checksum = sum(l["size"] + l["x"] + l["y"] + len(l["text"]) for l in labels)
    l0 = labels[0]
    print(f"checksum {checksum:.6f}")
    print(f"label[0] \"{l0['text']}\" size {l0['size']:.6f} x {l0['x']:.6f} y {l0['y']:.6f} rgb {l0['r']} {l0['g']} {l0['b']} a {l0['a0']:.6f} {l0['a1']:.6f}")
    print(f"chars {sum(len(l['text']) for l in labels)}")


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "info":
        info()
    elif len(sys.argv) == 3 and sys.argv[1] == "scene":
        with open(sys.argv[2], "w") as f:
            json.dump(scene(), f)
    else:
        sys.exit(__doc__)
