#!/usr/bin/env bash
# Times tfg-to-stablehlo (issue 36: linear, under 10 s on 1M nodes) on the
# synthetic graph of gen_tfg_graph.py, its 4x4 Conv2D nodes (which a
# convolution does not accept: they need rank 4) made Sub nodes, next to
# a yardstick in the same run: tfg-toposort (a linear pass over the same
# nodes and edges) on the same input, so that a busy machine shows in both.
# Fetches the last 16 nodes (every node they need is lowered), then all
# unused outputs.
# usage: bench/stablehlo.sh [build-dir] [sizes...]
set -eu
build=${1:-build}
shift || true
sizes=${*:-100000 1000000}
here=$(cd "$(dirname "$0")" && pwd)
opt="$build/bin/tfg-opt"
work=${TMPDIR:-/tmp}/tfg-bench
mkdir -p "$work"

pass_alone_time() { grep "Pass$" | grep -v " VerifyPass$" | head -n1 | awk '{print $1}'; }

for n in $sizes; do
  f="$work/stablehlo_$n.mlir"
  if [ ! -f "$f" ]; then
    python3 "$here/gen_tfg_graph.py" "$n" --fetch-out "$f.fetch" |
      sed -E 's/= Conv2D\(/= Sub(/; s/\{T = f32, data_format = "NHWC"[^}]*\}/{T = f32}/' > "$f"
  fi
  "$opt" "$f" --emit-bytecode -o "$f.bc"
  fetch=$(cat "$f.fetch")
  echo "== $n nodes"
  y=$("$opt" "$f.bc" --tfg-toposort --mlir-timing --verify-each=false \
        --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
  echo "yardstick tfg-toposort: $y s"
  t=$("$opt" "$f.bc" --tfg-to-stablehlo="fetch=$fetch" --mlir-timing \
        --verify-each=false --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
  echo "tfg-to-stablehlo (16 fetches): $t s"
  t=$("$opt" "$f.bc" --tfg-to-stablehlo --mlir-timing \
        --verify-each=false --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
  echo "tfg-to-stablehlo (every unused output): $t s"
done
