#!/usr/bin/env bash
# The demo: import a real TensorFlow.js model kept in examples/ (model.json
# and its weight shard), optimize it with stock MLIR passes that are safe on
# tfg (canonicalize, cse, symbol-dce; the tfg-grappler pipeline replaces
# them with issue #4), export it as a GraphDef, and report what changed.
set -eu
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
model="$root/examples/emotion.json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
translate="$build/bin/tfg-translate"
opt="$build/bin/tfg-opt"

# Nodes and edges of a printed tfg module: node ops carry a name("...").
count() {
  local nodes data ctl
  nodes=$(grep -c ' name("' "$1" || true)
  ctl=$(grep -o '\] name(\|\[%[^]]*\]' "$1" | grep -o '%' | wc -l)
  data=$(grep ' name("' "$1" | sed 's/ \[.*//' | grep -o '(%[^)]*)' | tr ',' '\n' | grep -c '%' || true)
  echo "$nodes nodes, $data data edges, $ctl control edges"
}

echo "== tfg demo: $(basename "$model") (+ $(basename "${model%.json}.bin"))"
start=$(date +%s%N)
"$translate" --tfjs-to-mlir "$model" -o "$work/imported.mlir" 2>"$work/import.log"
t1=$(date +%s%N)
"$opt" "$work/imported.mlir" --canonicalize --cse --symbol-dce -o "$work/optimized.mlir"
t2=$(date +%s%N)
"$translate" --mlir-to-graphdef --binary "$work/optimized.mlir" -o "$work/optimized.pb"
t3=$(date +%s%N)
"$translate" --test-graphdef-roundtrip "$work/optimized.pb" > "$work/rt.txt" 2>/dev/null
ms() { echo $(( ($2 - $1) / 1000000 )); }
echo "import:   $(ms "$start" "$t1") ms ($(grep -c remark "$work/import.log" || true) remarks: ops outside TensorFlow's registry)"
echo "optimize: $(ms "$t1" "$t2") ms"
echo "export:   $(ms "$t2" "$t3") ms -> $(stat -c %s "$work/optimized.pb") bytes of binary GraphDef"
echo "before:   $(count "$work/imported.mlir")"
echo "after:    $(count "$work/optimized.mlir")"
echo "check:    $(cat "$work/rt.txt")"
echo "== what changed (nodes removed or added)"
if diff <(grep -o ' name("[^"]*")' "$work/imported.mlir" | sort) \
        <(grep -o ' name("[^"]*")' "$work/optimized.mlir" | sort); then
  echo "(none: stock MLIR passes keep every TensorFlow node, as they must"
  echo " without knowing the fetches; fetch-aware pruning is tfg-grappler's job)"
fi
