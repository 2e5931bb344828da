#!/usr/bin/env bash
# Compiled code (tfg-run --backend=llvm) against the interpreter (tfg-run)
# and TensorFlow.js 4.22's wasm backend (XNNPACK, one thread) on every real
# model of the repository, in the same run (docs/Performance.md, "Compiled
# code"). Per model: median warm milliseconds per inference of compiled code
# with 1 thread and all cores, the interpreter with 1 thread and all cores,
# tfjs wasm; the JIT compile time; the ratios of the single-threaded times;
# and the GFLOP/s of the 2-d convolutions' micro-kernel (1 thread) against
# the core's peak (tfg-peak-flops).
# usage: bench/codegen.sh [build-dir] [runs]
set -u
build=${1:-build}
runs=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
cores=$(nproc)
run="$build/bin/tfg-run"
peak=$("$build/bin/tfg-peak-flops" 2>/dev/null | sed -n 's/^peak_gflops: //p')
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); cpu: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $cores cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "peak float32 GFLOP/s of one core (tfg-peak-flops): ${peak:-?}"
printf "%-18s %9s %9s %9s %9s %9s %8s %8s %8s %14s\n" model "llvm 1t" \
  "llvm ${cores}t" "interp 1t" "interp ${cores}t" "wasm 1t" "jit s" \
  "int/llvm" "wasm/llvm" "conv GF/s (%)"
for spec in $models; do
  m=${spec%%:*}
  rest=${spec#*:}
  input=${rest%%:*}
  shape=${rest#*:}
  json="$models_dir/$m.json"
  common=("$json" --input-shape="$input=$shape" --benchmark="$runs")
  out1=$("$run" "${common[@]}" --backend=llvm --threads=1 \
    --print-compile-time --print-kernel-stats 2>&1)
  llvm1=$(echo "$out1" | median)
  jit=$(echo "$out1" | sed -n 's/^compile_s: \([0-9.]*\).*/\1/p')
  conv=$(echo "$out1" | sed -n 's/^kernel_stats: conv2d .*gflops=\([0-9.]*\).*/\1/p')
  llvmN=$("$run" "${common[@]}" --backend=llvm --threads="$cores" 2>&1 | median)
  int1=$("$run" "${common[@]}" --threads=1 2>&1 | median)
  intN=$("$run" "${common[@]}" --threads="$cores" 2>&1 | median)
  wasm=$(NODE_PATH="$tfjs/node_modules" node "$here/tfjs_bench.js" \
    --backends=wasm --runs="$runs" "$json:$shape" 2>&1 | grep " wasm " | median)
  pct=""
  if [ -n "$conv" ] && [ -n "$peak" ]; then
    pct="$conv ($(awk -v a="$conv" -v b="$peak" 'BEGIN { printf "%.0f", 100 * a / b }'))"
  fi
  if [ -z "$llvm1" ]; then
    why=$(echo "$out1" | grep -m1 "error" | cut -c1-100)
    echo "$m: not compiled: ${why:-no result}" >&2
  fi
  printf "%-18s %9s %9s %9s %9s %9s %8s %8s %8s %14s\n" "$m" "${llvm1:--}" \
    "${llvmN:--}" "${int1:--}" "${intN:--}" "${wasm:--}" "${jit:--}" \
    "$(ratio "$int1" "$llvm1")" "$(ratio "$wasm" "$llvm1")" "${pct:--}"
done
