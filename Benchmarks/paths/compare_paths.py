"""Do the implementations draw the same path workload? Compares every frame of each folder of
OUTDIR with cairo's (OUTDIR/cairo-C_write_to_png, or the folder given by --ref) and prints a
Markdown table. The effects workload uses it with --ref skia (cairo draws no blur).

    python3 compare_paths.py [--ref FOLDER] OUTDIR [FOLDER ...]   (default: every folder with frame_0000.png)

Needs numpy and Pillow. The mean is over all pixels, RGB channels and compared frames.
"""
import os
import sys

import numpy as np
from PIL import Image

args = sys.argv[1:]
name = "cairo-C_write_to_png"
if args[:1] == ["--ref"]:
    name, args = args[1], args[2:]
out = args[0]
ref = os.path.join(out, name)
dirs = args[1:] or sorted(d for d in os.listdir(out)
                          if d != name and os.path.exists(os.path.join(out, d, "frame_0000.png")))
print(f"| impl dir | frames | PNG mode | mean abs diff vs {name} (0..255, RGB) | worst frame's mean | max abs diff"
      " | pixels differing by >16 |")
print("|---|---|---|---|---|---|---|")
for d in dirs:
    means, big, mx, n, mode = [], 0.0, 0, 0, "?"
    for f in range(60):
        p = os.path.join(out, d, f"frame_{f:04d}.png")
        q = os.path.join(ref, f"frame_{f:04d}.png")
        if not (os.path.exists(p) and os.path.exists(q)):
            continue
        im = Image.open(p)
        mode = im.mode
        a = np.asarray(im.convert("RGB"), dtype=np.int16)
        b = np.asarray(Image.open(q).convert("RGB"), dtype=np.int16)
        diff = np.abs(a - b)
        means.append(diff.mean())
        mx = max(mx, int(diff.max()))
        big += (diff.max(axis=2) > 16).mean()
        n += 1
    if n:
        print(f"| {d} | {n} | {mode} | {sum(means) / n:.3f} | {max(means):.3f} | {mx} | {100 * big / n:.2f} % |")
