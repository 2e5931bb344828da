#!/usr/bin/env python3
"""JIT compile time of every real model of the repository.

usage: bench/compile_time.py [build-dir ...] [--runs=N]

For each model (those of bench/codegen_cpu.py) and each build directory
given (default: build), one thread: `tfg-run MODEL --backend=llvm --no-cache
--print-compile-time --benchmark=1`, its user + system CPU seconds and wall
seconds as a whole process (import, legalization, compilation, one run) and
the compile time it prints (`compile_s`: the MLIR lowering and LLVM, wall
clock). Best of N runs (default 1); with several build directories the
builds run alternately, model by model, so that an A/B comparison sees the
same load (docs/Codegen.md, "Compile time").
"""
import os
import re
import sys
import time

MODELS = [("antispoof", "conv2d_input", "1x128x128x3"),
          ("blazeface", "input", "1x256x256x3"),
          ("emotion", "input_1", "1x64x64x1"),
          ("faceboxes", "image_tensor", "1x256x256x3"),
          ("handtrack", "input_tensor", "1x320x320x3"),
          ("movenet-lightning", "input", "1x192x192x3"),
          ("selfie", "input_1", "1x256x256x3")]

COMPILE = re.compile(r"compile_s: ([0-9.]+) \(lowering ([0-9.]+), "
                     r"llvm ([0-9.]+)\)")


def run_once(argv):
    """(cpu seconds, wall seconds, compile_s's three numbers) of argv, or
    None when it fails."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        out = os.open("/tmp/tfg-compile-time.%d" % os.getpid(),
                      os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(out, 1)
        os.dup2(null, 2)
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    path = "/tmp/tfg-compile-time.%d" % pid
    with open(path) as f:
        text = f.read()
    os.unlink(path)
    match = COMPILE.search(text)
    if status != 0 or not match:
        return None
    return (usage.ru_utime + usage.ru_stime, wall,
            tuple(float(g) for g in match.groups()))


def main():
    builds = [a for a in sys.argv[1:] if not a.startswith("--")] or ["build"]
    runs = 1
    for a in sys.argv[1:]:
        if a.startswith("--runs="):
            runs = int(a[len("--runs="):])
    here = os.path.dirname(os.path.abspath(__file__))
    inputs = os.path.join(here, "..", "test", "ImportExport", "tfjs", "Inputs")
    print("load: " + " ".join(open("/proc/loadavg").read().split()[0:3]))
    print("%-18s %-24s %8s %8s %9s %9s %9s" % (
        "model", "build", "cpu s", "wall s", "compile", "lowering", "llvm"))
    for name, node, shape in MODELS:
        for build in builds:
            argv = [os.path.join(build, "bin", "tfg-run"),
                    os.path.join(inputs, name + ".json"),
                    "--input-shape=%s=%s" % (node, shape), "--threads=1",
                    "--backend=llvm", "--no-cache", "--print-compile-time",
                    "--benchmark=1"]
            best = None
            for _ in range(runs):
                r = run_once(argv)
                if r is not None and (best is None or r[0] < best[0]):
                    best = r
            if best is None:
                print("%-18s %-24s failed" % (name, build[-24:]))
                continue
            cpu, wall, (total, lowering, llvm) = best
            print("%-18s %-24s %8.2f %8.2f %9.2f %9.2f %9.2f" % (
                name, build[-24:], cpu, wall, total, lowering, llvm))
            sys.stdout.flush()
    print("load: " + " ".join(open("/proc/loadavg").read().split()[0:3]))


if __name__ == "__main__":
    main()
