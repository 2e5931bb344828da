#!/usr/bin/env bash
# Times tfg-run on every real model in the repository against TensorFlow.js
# 4.22 in node (cpu and wasm backends) in the same run, on the same inputs'
# shapes (random values; unknown dimensions 1 for the batch, 64 otherwise).
# Prints one table: median milliseconds per model for tfg-run with one
# thread and with all cores, tfjs cpu and tfjs wasm, and the ratios.
# usage: bench/models.sh [build-dir] [runs]
# Installs @tensorflow/tfjs-backend-wasm beside tfjs in <build>/tfjs (common.sh).
set -u
build=${1:-build}
runs=${2:-10}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
cores=$(nproc)
printf "%-18s %10s %10s %10s %10s %9s %9s\n" model "tfg 1t" "tfg ${cores}t" \
  "tfjs cpu" "tfjs wasm" "cpu/tfg" "tfg/wasm"
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
  printf "%-18s %10s %10s %10s %10s %9s %9s\n" "$m" "${one:--}" "${all:--}" \
    "${cpu:--}" "${wasm:--}" "$(ratio "$cpu" "$all")" "$(ratio "$all" "$wasm")"
done
