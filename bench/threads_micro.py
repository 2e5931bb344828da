#!/usr/bin/env python3
"""One large elementwise op on threads: sequential loops, MLIR's async
runtime, OpenMP.

usage: bench/threads_micro.py [build-dir] [calls] [threads]

The op is a bias add and sigmoid gate, x * sigmoid(x + b), over
[1, 128, 128, 64] float32 (1M elements, 4 MiB per buffer), as a
`linalg.generic` on buffers, tiled and vectorized by tfg-vectorize-linalg,
then lowered three ways in the same run:

  seq    convert-linalg-to-loops (the pipeline with --threads=1);
  async  convert-linalg-to-parallel-loops, tfg-async-parallel-loops
         (upstream async-parallel-for on the outermost loop), the async
         runtime passes; Debian's libmlir_async_runtime.so (the pipeline
         with --threads=N, docs/Codegen.md, "Threads");
  omp    convert-linalg-to-parallel-loops, convert-scf-to-openmp
         (num-threads=N), convert-openmp-to-llvm; libomp.so.5.

Each program calls the op once, then CALLS times between two `rtclock`s,
and prints the seconds; it runs under mlir-runner -O3. Per variant, best of
3 rounds (the variants alternate): wall milliseconds per call (rtclock) and
CPU milliseconds per call (user + system of the process with CALLS calls
minus that with 1 call, over CALLS - 1).
"""
import os
import subprocess
import sys
import tempfile

LLVM = "/usr/lib/llvm-22"
OMP = [p for p in ("/usr/lib/x86_64-linux-gnu/libomp.so.5",
                   "/usr/lib/llvm-14/lib/libomp.so.5") if os.path.exists(p)]

PROGRAM = """
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
func.func private @rtclock() -> f64
func.func @op(%a: memref<1x128x128x64xf32>, %b: memref<64xf32>,
              %o: memref<1x128x128x64xf32>)
    attributes {passthrough = ["noinline"]} {
  linalg.generic {indexing_maps = [#id, #ch, #id],
                  iterator_types = ["parallel", "parallel", "parallel",
                                    "parallel"]}
      ins(%a, %b : memref<1x128x128x64xf32>, memref<64xf32>)
      outs(%o : memref<1x128x128x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %one = arith.constant 1.0 : f32
    %s = arith.addf %x, %y : f32
    %n = arith.negf %s : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %g = arith.divf %x, %d : f32
    linalg.yield %g : f32
  }
  return
}
func.func @main() {
  %a = memref.alloc() : memref<1x128x128x64xf32>
  %b = memref.alloc() : memref<64xf32>
  %o = memref.alloc() : memref<1x128x128x64xf32>
  %h = arith.constant 0.5 : f32
  %t = arith.constant 0.1 : f32
  linalg.fill ins(%h : f32) outs(%a : memref<1x128x128x64xf32>)
  linalg.fill ins(%t : f32) outs(%b : memref<64xf32>)
  call @op(%a, %b, %o) : (memref<1x128x128x64xf32>, memref<64xf32>,
                          memref<1x128x128x64xf32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant CALLS : index
  %t0 = call @rtclock() : () -> f64
  scf.for %i = %c0 to %n step %c1 {
    func.call @op(%a, %b, %o) : (memref<1x128x128x64xf32>, memref<64xf32>,
                                 memref<1x128x128x64xf32>) -> ()
  }
  %t1 = call @rtclock() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  vector.print %dt : f64
  %c5 = arith.constant 5 : index
  %v = memref.load %o[%c0, %c5, %c5, %c5] : memref<1x128x128x64xf32>
  vector.print %v : f32
  memref.dealloc %a : memref<1x128x128x64xf32>
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %o : memref<1x128x128x64xf32>
  return
}
"""

TAIL = ["--lower-affine", "--convert-scf-to-cf", "--expand-strided-metadata",
        "--lower-affine", "--convert-math-to-llvm", "--convert-vector-to-llvm",
        "--finalize-memref-to-llvm", "--convert-arith-to-llvm",
        "--convert-index-to-llvm", "--convert-func-to-llvm",
        "--convert-cf-to-llvm"]


def passes(variant, threads):
    vectorize = ["--tfg-vectorize-linalg=parallel-loops=%s" %
                 ("false" if variant == "seq" else "true"), "--canonicalize",
                 "--convert-vector-to-scf"]
    if variant == "seq":
        return vectorize + ["--convert-linalg-to-loops", "--canonicalize"] + \
            TAIL + ["--convert-ub-to-llvm", "--reconcile-unrealized-casts"]
    if variant == "async":
        return vectorize + [
            "--convert-linalg-to-parallel-loops", "--canonicalize",
            "--tfg-async-parallel-loops=num-workers=%d" % threads,
            "--canonicalize", "--async-to-async-runtime",
            "--async-runtime-ref-counting", "--async-runtime-ref-counting-opt",
            "--convert-async-to-llvm"] + TAIL + [
            "--convert-ub-to-llvm", "--reconcile-unrealized-casts"]
    return vectorize + [
        "--convert-linalg-to-parallel-loops", "--canonicalize",
        "--convert-scf-to-openmp=num-threads=%d" % threads] + TAIL + [
        "--convert-openmp-to-llvm", "--convert-ub-to-llvm",
        "--reconcile-unrealized-casts"]


def run(argv):
    """(stdout, user + system seconds) of argv."""
    pid_out = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:
        os.dup2(pid_out.fileno(), 1)
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    pid_out.seek(0)
    out = pid_out.read().decode()
    if status != 0:
        raise RuntimeError("failed: " + " ".join(argv))
    return out, usage.ru_utime + usage.ru_stime


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    tfg_opt = os.path.join(build, "bin", "tfg-opt")
    work = tempfile.mkdtemp(prefix="tfg-threads-micro-")
    variants = ["seq", "async"] + (["omp"] if OMP else [])
    libs = {"seq": [], "async": [LLVM + "/lib/libmlir_async_runtime.so"],
            "omp": OMP[:1]}
    programs = {}
    for variant in variants:
        for n in (calls, 1):
            src = os.path.join(work, "prog-%d.mlir" % n)
            with open(src, "w") as f:
                f.write(PROGRAM.replace("CALLS", str(n)))
            dst = os.path.join(work, "%s-%d.mlir" % (variant, n))
            subprocess.run([tfg_opt, src, "-o", dst] +
                           passes(variant, threads), check=True)
            programs[(variant, n)] = dst
    print("load: " + " ".join(open("/proc/loadavg").read().split()[0:3]) +
          "; %d calls, %d threads; omp: %s" % (calls, threads,
                                               OMP[0] if OMP else "none"))
    best = {v: [float("inf"), float("inf")] for v in variants}
    for _ in range(3):
        for variant in variants:
            def runner(n):
                argv = [LLVM + "/bin/mlir-runner", programs[(variant, n)],
                        "-e", "main", "-entry-point-result=void", "-O3",
                        "-shared-libs=%s/lib/libmlir_c_runner_utils.so" % LLVM,
                        "-shared-libs=%s/lib/libmlir_runner_utils.so" % LLVM]
                argv += ["-shared-libs=" + lib for lib in libs[variant]]
                return run(argv)
            out, cpu_many = runner(calls)
            _, cpu_one = runner(1)
            wall = float(out.split()[0]) / calls
            cpu = (cpu_many - cpu_one) / (calls - 1)
            best[variant][0] = min(best[variant][0], wall)
            best[variant][1] = min(best[variant][1], cpu)
    print("%-8s %12s %12s" % ("variant", "wall ms/call", "cpu ms/call"))
    for variant in variants:
        print("%-8s %12.3f %12.3f" % (variant, best[variant][0] * 1e3,
                                      best[variant][1] * 1e3))


if __name__ == "__main__":
    main()
