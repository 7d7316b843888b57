"""tools/bench --quick's skia side of the peer kit's shapes workload: the kit's own skia
renderer (its bench_py.py, imported unchanged), raster and SkPicture playback only, over
frames 0..FRAMES-1; nothing is written.

    python3 shapes_skia_quick.py PEERS_DIR large|small REPS FRAMES

The full run uses bench_py.py itself, whose PNG encoding takes most of the time.
"""
import sys
import time


def main():
    peers, wl, reps, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    sys.path.insert(0, peers)
    import bench_py
    import workload

    p, cs, rs = workload.generate(wl)
    R = bench_py.Skia(p["W"], p["H"])
    frames = [R.prepare(workload.frame(cs, rs, f)) for f in range(min(count, p["frames"]))]
    pics = [R.record(fr) for fr in frames]
    ns = time.perf_counter_ns

    def raster():
        t0 = ns()
        for fr in frames:
            R.draw(fr)
        return (ns() - t0) / len(frames) / 1e6

    def playback():
        t0 = ns()
        for pic in pics:
            R.play(pic)
        return (ns() - t0) / len(frames) / 1e6

    raster()  # warm-up
    tr, tp = [], []
    for _ in range(reps):
        tr.append(raster())
        tp.append(playback())
    bench_py.emit(R.name, wl, "raster", "ms/frame", tr)
    bench_py.emit(R.name, wl, "raster via SkPicture playback (no Python per shape)", "ms/frame", tp)


if __name__ == "__main__":
    main()
