#!/usr/bin/env python3
"""CPU time per inference of compiled code and of the interpreter.

usage: bench/codegen_cpu.py [build-dir] [runs]

For each real model of the repository that compiles (as bench/codegen.sh),
one thread: the user + system CPU time of `tfg-run MODEL --benchmark=RUNS`
minus that of `--benchmark=1`, over RUNS - 1, best of 3, for
`--backend=llvm` (compile cache warmed first) and for the interpreter, the
two measured alternately. On a machine shared with other work the wall
clock of bench/codegen.sh moves with the load; CPU time counts only the
time the process ran (docs/Performance.md, "Compiled code"). The
compiled code is also measured with `--no-vectorize` (the generated loops
left scalar: docs/Codegen.md, "Tiling and vectorization") and with
`--threads=2 --loop-threads=2` (the micro-kernels and the large generated
loop nests on two threads: docs/Codegen.md, "Threads"); for the compiled code with 1 and 2
threads the wall time per inference is printed too (same difference).
"""
import os
import sys
import tempfile
import time

MODELS = [("antispoof", "conv2d_input", "1x128x128x3"),
          ("blazeface", "input", "1x256x256x3"),
          ("emotion", "input_1", "1x64x64x1"),
          ("faceboxes", "image_tensor", "1x256x256x3"),
          ("handtrack", "input_tensor", "1x320x320x3"),
          ("movenet-lightning", "input", "1x192x192x3"),
          ("selfie", "input_1", "1x256x256x3")]


WALL = {}


def cpu_seconds(argv):
    """User + system seconds of one run of argv, its output discarded; its
    wall seconds in WALL[tuple(argv)]."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    WALL[tuple(argv)] = time.monotonic() - start
    if status != 0:
        return None
    return usage.ru_utime + usage.ru_stime


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    here = os.path.dirname(os.path.abspath(__file__))
    inputs = os.path.join(here, "..", "test", "ImportExport", "tfjs", "Inputs")
    tool = os.path.join(build, "bin", "tfg-run")
    cache = tempfile.mkdtemp(prefix="tfg-bench-cache-")
    print("load: " + " ".join(open("/proc/loadavg").read().split()[0:3]))
    print("%-18s %12s %12s %12s %9s %9s %13s %13s %13s" % (
        "model", "llvm ms cpu", "scalar ms cpu", "interp ms cpu", "int/llvm",
        "scal/llvm", "llvm ms wall", "llvm2t ms cpu", "llvm2t ms wall"))
    ratios = []
    for name, node, shape in MODELS:
        base = [tool, os.path.join(inputs, name + ".json"),
                "--input-shape=%s=%s" % (node, shape), "--threads=1"]
        llvm = base + ["--backend=llvm", "--cache-dir=" + cache]
        if cpu_seconds(llvm + ["--benchmark=1"]) is None:
            print("%-18s not compiled" % name)
            continue
        scalar = llvm + ["--no-vectorize"]
        cpu_seconds(scalar + ["--benchmark=1"])
        llvm2 = [a if a != "--threads=1" else "--threads=2" for a in llvm]
        llvm2.append("--loop-threads=2")
        cpu_seconds(llvm2 + ["--benchmark=1"])
        best = {"llvm": float("inf"), "scalar": float("inf"),
                "interp": float("inf"), "llvm2": float("inf")}
        wall = {"llvm": float("inf"), "llvm2": float("inf")}
        for _ in range(3):
            for key, argv in (("llvm", llvm), ("scalar", scalar),
                              ("interp", base), ("llvm2", llvm2)):
                many = cpu_seconds(argv + ["--benchmark=%d" % runs])
                one = cpu_seconds(argv + ["--benchmark=1"])
                if many is not None and one is not None:
                    best[key] = min(best[key], (many - one) / (runs - 1))
                    if key in wall:
                        w = (WALL[tuple(argv + ["--benchmark=%d" % runs])] -
                             WALL[tuple(argv + ["--benchmark=1"])])
                        wall[key] = min(wall[key], w / (runs - 1))
        ratio = best["interp"] / best["llvm"]
        # Under a heavy load a difference of two runs can be negative.
        if ratio > 0:
            ratios.append(ratio)
        print("%-18s %12.2f %12.2f %12.2f %9.2f %9.2f %13.2f %13.2f %13.2f" % (
            name, best["llvm"] * 1e3, best["scalar"] * 1e3,
            best["interp"] * 1e3, ratio, best["scalar"] / best["llvm"],
            wall["llvm"] * 1e3, best["llvm2"] * 1e3, wall["llvm2"] * 1e3))
    if ratios:
        product = 1.0
        for r in ratios:
            product *= r
        print("geomean int/llvm: %.2f" % product ** (1.0 / len(ratios)))


if __name__ == "__main__":
    main()
