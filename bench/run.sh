#!/usr/bin/env bash
# Benchmarks tfg-opt parse -> verify -> print on synthetic graphs of 1k, 100k
# and 1M nodes, with stock mlir-opt on the same graphs alongside. Prints wall
# time and peak memory per size.
# usage: bench/run.sh [build-dir] [sizes...]
set -eu
build=${1:-build}
shift || true
sizes=${*:-1000 100000 1000000}
here=$(cd "$(dirname "$0")" && pwd)
work=${TMPDIR:-/tmp}/tfg-bench
mkdir -p "$work"
# The yardstick, in the same run: stock mlir-opt on the same graph as
# unregistered generic ops (tf_type types and attributes replaced by
# builtin ones, each node's name in its attribute dictionary as
# `_mlir_name`, where TensorFlow's tfg keeps it), which is what the issue's
# reference figure measured.
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
printf "%-10s %-10s %-12s %-10s %-16s %-10s\n" nodes "MB in" "seconds" \
  "peak MB" "mlir-opt seconds" "peak MB"
for n in $sizes; do
  f="$work/graph_$n.mlir"
  [ -f "$f" ] || python3 "$here/gen_tfg_graph.py" "$n" > "$f"
  stock="$work/stock_$n.mlir"
  if [ ! -f "$stock" ]; then
    "$build/bin/tfg-opt" "$f" --mlir-print-op-generic |
      sed -e 's/) <\("[^"]*"\)> {/) {_mlir_name = \1, /' \
        -e 's/) <\("[^"]*"\)> :/) {_mlir_name = \1} :/' \
        -e 's/!tf_type\.control/none/g' \
        -e 's/#tf_type\.shape<\([^>]*\)>/"\1"/g' \
        -e 's/#tf_type\.version<[^>]*>/"version"/g' > "$stock"
  fi
  mb=$(( $(stat -c %s "$f") / 1048576 ))
  read -r secs peak < <(python3 "$here/measure.py" \
    "$build/bin/tfg-opt" "$f" -o "$work/out.mlir")
  read -r ssecs speak < <(python3 "$here/measure.py" \
    "$mlir_opt" --allow-unregistered-dialect "$stock" -o "$work/stock_out.mlir")
  printf "%-10s %-10s %-12s %-10s %-16s %-10s\n" "$n" "$mb" "$secs" "$peak" \
    "$ssecs" "$speak"
done

# GraphDef import/export against protobuf's own parse/serialize, on binary
# GraphDefs made from the same synthetic graphs with a function library
# (a tenth as many nodes again, in functions of 32 nodes), then with node
# names as long as real graphs' (scoped, 44 characters on average).
echo
for variant in graphlib scoped; do
  for n in $sizes; do
    f="$work/${variant}_$n.mlir"
    pb="$work/${variant}_$n.pb"
    scope=()
    [ "$variant" = scoped ] && scope=(--name-scope model/encoder/block_7/attention/)
    [ -f "$f" ] || python3 "$here/gen_tfg_graph.py" "$n" "${scope[@]}" \
      --library $(( n / 320 > 3 ? n / 320 : 3 )) > "$f"
    [ -f "$pb" ] || "$build/bin/tfg-translate" --mlir-to-graphdef --binary "$f" -o "$pb"
    echo "== $variant"
    "$build/bin/tfg-graphdef-bench" "$pb" --runs 3
  done
done
