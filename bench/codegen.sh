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
models_dir="$here/../test/ImportExport/tfjs/Inputs"
# model:input:shape, as bench/models.sh.
models="antispoof:conv2d_input:1x128x128x3 blazeface:input:1x256x256x3
emotion:input_1:1x64x64x1 faceboxes:image_tensor:1x256x256x3
handtrack:input_tensor:1x320x320x3 movenet-lightning:input:1x192x192x3
selfie:input_1:1x256x256x3"
tfjs="$build/tfjs"
if [ ! -d "$tfjs/node_modules/@tensorflow/tfjs-backend-wasm" ]; then
  npm install --prefix "$tfjs" --no-save --no-package-lock --no-audit \
    --no-fund --loglevel=error @tensorflow/tfjs@4.22.0 \
    @tensorflow/tfjs-backend-wasm@4.22.0 >/dev/null 2>&1 ||
    echo "note: tfjs-backend-wasm could not be installed"
fi
cores=$(nproc)
run="$build/bin/tfg-run"
peak=$("$build/bin/tfg-peak-flops" 2>/dev/null | sed -n 's/^peak_gflops: //p')
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); cpu: $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $cores cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "peak float32 GFLOP/s of one core (tfg-peak-flops): ${peak:-?}"
printf "%-18s %9s %9s %9s %9s %9s %8s %8s %8s %14s\n" model "llvm 1t" \
  "llvm ${cores}t" "interp 1t" "interp ${cores}t" "wasm 1t" "jit s" \
  "int/llvm" "wasm/llvm" "conv GF/s (%)"
median() { sed -n 's/.*median_ms: \([0-9.]*\).*/\1/p' | head -1; }
ratio() { [ -n "$1" ] && [ -n "$2" ] &&
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }' || echo "-"; }
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
