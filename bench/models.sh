#!/usr/bin/env bash
# Times tfg-run on every real model in the repository against TensorFlow.js
# 4.22 in node (cpu and wasm backends) in the same run, on the same inputs'
# shapes (random values; unknown dimensions 1 for the batch, 64 otherwise).
# Prints one table: median milliseconds per model for tfg-run with one
# thread and with all cores, tfjs cpu and tfjs wasm, and the ratios.
# usage: bench/models.sh [build-dir] [runs]
# Installs @tensorflow/tfjs-backend-wasm beside tfjs in <build>/tfjs.
set -u
build=${1:-build}
runs=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
models_dir="$here/../test/ImportExport/tfjs/Inputs"
# model:input:shape (the models' own input sizes; faceboxes takes any).
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
printf "%-18s %10s %10s %10s %10s %9s %9s\n" model "tfg 1t" "tfg ${cores}t" \
  "tfjs cpu" "tfjs wasm" "cpu/tfg" "tfg/wasm"
median() { sed -n 's/.*median_ms: \([0-9.]*\).*/\1/p' | head -1; }
for spec in $models; do
  m=${spec%%:*}
  rest=${spec#*:}
  input=${rest%%:*}
  shape=${rest#*:}
  json="$models_dir/$m.json"
  one=$("$build/bin/tfg-run" "$json" --input-shape="$input=$shape" --threads=1 \
    --benchmark="$runs" 2>&1 | median)
  all=$("$build/bin/tfg-run" "$json" --input-shape="$input=$shape" \
    --threads="$cores" --benchmark="$runs" 2>&1 | median)
  js=$(NODE_PATH="$tfjs/node_modules" node "$here/tfjs_bench.js" \
    --runs="$runs" "$json:$shape" 2>&1)
  cpu=$(echo "$js" | grep " cpu " | median)
  wasm=$(echo "$js" | grep " wasm " | median)
  ratio() { [ -n "$1" ] && [ -n "$2" ] &&
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }' || echo "-"; }
  printf "%-18s %10s %10s %10s %10s %9s %9s\n" "$m" "${one:--}" "${all:--}" \
    "${cpu:--}" "${wasm:--}" "$(ratio "$cpu" "$all")" "$(ratio "$all" "$wasm")"
done
