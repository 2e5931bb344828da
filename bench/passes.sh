#!/usr/bin/env bash
# Benchmarks the graph passes (issue #4): on synthetic graphs of 100k and 1M
# nodes (~30 % control edges, 10 % forward references, the last 16 nodes
# fetched) it reports tfg-grappler's time, peak memory and node/edge
# reduction per optimizer, each pass run alone, tfg-loop-optimizer on graphs
# of control-flow units (bench/gen_loop_graph.py), the transitive reduction
# alone, a 1M-node chain in reverse order (no recursion may depend on graph
# size), and tfg-grappler on the real models.
# usage: bench/passes.sh [build-dir] [sizes...]
set -eu
build=${1:-build}
shift || true
sizes=${*:-100000 1000000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
opt="$build/bin/tfg-opt"
translate="$build/bin/tfg-translate"
work=${TMPDIR:-/tmp}/tfg-bench
mkdir -p "$work"

# Seconds of one pass from --mlir-timing (the first line naming it).
pass_time() { grep -m1 "$1" | awk '{print $1}'; }
# Seconds of the one pass a run was given: its line of --mlir-timing, which
# also lists the VerifyPass that tfg-opt runs on its input first.
pass_alone_time() { grep "Pass$" | grep -v " VerifyPass$" | head -n1 | awk '{print $1}'; }

for n in $sizes; do
  f="$work/passes_$n.mlir"
  [ -f "$f" ] || python3 "$here/gen_tfg_graph.py" "$n" --fetch-out "$f.fetch" > "$f"
  # Parse once into bytecode so that the pass runs below read fast.
  "$opt" "$f" --emit-bytecode -o "$f.bc"
  fetch=$(cat "$f.fetch")
  echo "== $n nodes"
  read -r secs peak < <(python3 "$here/measure.py" "$opt" "$f.bc" \
    --tfg-grappler="fetch=$fetch print-statistics" --mlir-timing \
    --mlir-print-op-on-diagnostic=false --emit-bytecode -o "$work/out.bc" \
    2> "$work/grappler.log")
  echo "tfg-grappler: $(pass_time GrapplerPass < "$work/grappler.log") s in the pass, $secs s and $peak MB for the whole tfg-opt run (bytecode in and out)"
  sed -n 's/.*remark: /  /p' "$work/grappler.log"
  echo "each pass alone (seconds, on the unoptimized graph):"
  for p in "tfg-toposort" "tfg-prune=fetch=$fetch" "tfg-cse=fetch=$fetch" \
           "tfg-shape-inference" "tfg-dependency-optimizer=fetch=$fetch" \
           "tfg-dependency-optimizer" "tfg-name-compress=fetch=$fetch" \
           "tfg-loop-optimizer=fetch=$fetch" \
           "tfg-memory-optimizer=fetch=$fetch"; do
    t=$("$opt" "$f.bc" --"$p" --mlir-timing --verify-each=false \
          --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
    printf "  %-28s %s\n" "${p%%=fetch*}$( [ "$p" = tfg-dependency-optimizer ] && echo ' (no fetch: transitive reduction)')" "$t"
  done
done

echo "== tfg-loop-optimizer on graphs of control-flow units (yardstick: tfg-cse on the same graph)"
for n in $sizes; do
  f="$work/loops_$n.mlir"
  [ -f "$f" ] || python3 "$here/gen_loop_graph.py" "$n" > "$f"
  "$opt" "$f" --emit-bytecode -o "$f.bc"
  for p in "tfg-loop-optimizer=fetch=out loop-invariant-node-motion=true" \
           "tfg-cse=fetch=out"; do
    t=$("$opt" "$f.bc" --"$p" --mlir-timing --verify-each=false \
          --emit-bytecode -o /dev/null 2>&1 | pass_alone_time)
    printf "  %-8s nodes %-28s %s s\n" "$n" "${p%%=*}" "$t"
  done
done

echo "== 1M-node chain in reverse order (forward references only)"
chain="$work/chain.mlir"
# The same generator as the lit test test/Transforms/deep-chain.test.
[ -f "$chain" ] || python3 "$root/test/Transforms/Inputs/gen_chain.py" 1000000 > "$chain"
read -r secs peak < <(python3 "$here/measure.py" "$opt" "$chain" \
  --tfg-grappler="fetch=n999999" --tfg-toposort -o "$work/chain.out.mlir")
echo "tfg-grappler + tfg-toposort: $secs s, $peak MB (every node kept, shapes refined: $(grep -c 'tensor<8xf32>' "$work/chain.out.mlir") results)"

echo "== real models (fetching their signature outputs)"
for m in "$root"/test/ImportExport/tfjs/Inputs/{antispoof,blazeface,emotion,faceboxes,movenet-lightning,selfie}.json; do
  # Without fetches tfg-grappler fetches the model's signature outputs.
  "$translate" --tfjs-to-mlir "$m" -o "$work/model.mlir" 2>/dev/null
  "$opt" "$work/model.mlir" --tfg-grappler="print-statistics" \
    --mlir-print-op-on-diagnostic=false -o /dev/null 2> "$work/model.log"
  printf "  %-24s %s\n" "$(basename "$m")" "$(sed -n 's/.*remark: tfg-grappler: //p' "$work/model.log")"
done
