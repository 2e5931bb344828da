#!/usr/bin/env bash
# The demo: parse and verify a graph, optimize it with stock MLIR passes
# (canonicalize, cse, symbol-dce, which are safe on tfg), print it back and
# report what changed. Import/export of GraphDefs joins with issue #3 and
# the tfg-grappler pipeline with issue #4.
set -eu
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
in="$root/examples/dense_relu.mlir"
out=$(mktemp --suffix=.mlir)
opt="$build/bin/tfg-opt"

count() { # nodes and control edges of a printed graph
  local nodes edges
  nodes=$(grep -cE '^ +%.* = [A-Za-z_]+[(\[ ]' "$1" || true)
  edges=$(grep -oE '\[%[^]]*\]' "$1" | tr ',' '\n' | grep -c '%' || true)
  echo "$nodes nodes, $edges control edges"
}

"$opt" "$in" > "$out.before"
start=$(date +%s.%N)
"$opt" "$in" --canonicalize --cse --symbol-dce -o "$out"
end=$(date +%s.%N)
echo "== tfg demo: $(basename "$in")"
echo "before: $(count "$out.before")"
echo "after:  $(count "$out")"
echo "time:   $(python3 -c "print(f'{$end - $start:.3f} s')")"
echo "== what changed"
diff "$out.before" "$out" || true
rm -f "$out" "$out.before"
