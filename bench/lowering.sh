#!/usr/bin/env bash
# Times each lowering pass of docs/Lowering.md (issue 36: linear, under
# 10 s on 1M nodes) on the synthetic graph of gen_tfg_graph.py, its 4x4
# Conv2D nodes (which a convolution does not accept: they need rank 4) made
# Sub nodes, next to a yardstick in the same run: tfg-toposort (a linear
# pass over the same nodes and edges) on the same input, so that a busy
# machine shows in both. Each line gives the pass's own time (MLIR's
# --mlir-timing, verification off) and its ratio to the yardstick.
# tfg-to-stablehlo fetches the last 16 nodes (every node they need is
# lowered), then all unused outputs; the tf_executor passes read the
# graph lowered by tfg-to-tf-executor.
# usage: bench/lowering.sh [build-dir] [sizes...]
set -eu
build=${1:-build}
shift || true
sizes=${*:-100000 1000000}
here=$(cd "$(dirname "$0")" && pwd)
opt="$build/bin/tfg-opt"
work=${TMPDIR:-/tmp}/tfg-bench
mkdir -p "$work"

pass_alone_time() { grep "Pass$" | grep -v " VerifyPass$" | head -n1 | awk '{print $1}'; }
# time_pass INPUT LABEL PASS-ARGS...: the pass's time and its ratio.
time_pass() {
  local input=$1 label=$2
  shift 2
  local t
  t=$("$opt" "$input" "$@" --mlir-timing --verify-each=false \
        --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
  awk -v l="$label" -v t="$t" -v y="$y" \
    'BEGIN { printf "%-40s %8.2f s  %5.2fx toposort\n", l, t, (y > 0 ? t / y : 0) }'
}

for n in $sizes; do
  f="$work/lowering_$n.mlir"
  if [ ! -f "$f" ]; then
    python3 "$here/gen_tfg_graph.py" "$n" --fetch-out "$f.fetch" |
      sed -E 's/= Conv2D\(/= Sub(/; s/\{T = f32, data_format = "NHWC"[^}]*\}/{T = f32}/' > "$f"
  fi
  "$opt" "$f" --emit-bytecode -o "$f.bc"
  "$opt" "$f.bc" --tfg-to-tf-executor --emit-bytecode -o "$f.tfe.bc"
  fetch=$(cat "$f.fetch")
  echo "== $n nodes"
  y=$("$opt" "$f.bc" --tfg-toposort --mlir-timing --verify-each=false \
        --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
  printf "%-40s %8.2f s\n" "yardstick tfg-toposort" "$y"
  time_pass "$f.bc" "tfg-to-tf-executor" --tfg-to-tf-executor
  time_pass "$f.tfe.bc" "tf-executor-to-tfg" --tf-executor-to-tfg
  time_pass "$f.tfe.bc" "tf-executor-to-tf (16 fetches)" \
    --tf-executor-to-tf="fetches=$fetch"
  time_pass "$f.bc" "tfg-to-ml-program (16 fetches)" \
    --tfg-to-ml-program="fetch=$fetch"
  time_pass "$f.bc" "tfg-to-stablehlo (16 fetches)" \
    --tfg-to-stablehlo="fetch=$fetch"
  time_pass "$f.bc" "tfg-to-stablehlo (every unused output)" \
    --tfg-to-stablehlo
done
