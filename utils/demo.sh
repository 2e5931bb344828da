#!/usr/bin/env bash
# The demo: import a real TensorFlow.js model kept in examples/ (model.json
# and its weight shard), optimize it with the tfg-grappler pipeline fetching
# the model's outputs, export it as a binary GraphDef, check the export by
# importing it again, run the model before and after with tfg-run (the host
# interpreter) on the same input to show the outputs agree, and report what
# changed (nodes by op: what constant folding and the arithmetic optimizer
# rewrote) and how long each step took; then run every real model of the
# repository optimized, and lowered to each stage of tfg-run --stage.
# Pictures of the model before and after tfg-grappler (and of what it
# changed) are drawn with tfg-translate --mlir-to-dot and Graphviz into
# BUILD/demo/.
set -eu
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
model="$root/examples/selfie.json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
translate="$build/bin/tfg-translate"
opt="$build/bin/tfg-opt"

# Nodes, data edges and control edges of a module, counted on its generic
# form: each node is one `"tfg.X"(operands)` line.
count() {
  "$opt" --mlir-print-op-generic "$1" | python3 -c '
import re, sys
nodes = data = ctl = 0
for line in sys.stdin:
    m = re.match(r"\s*%\S+ = \"tfg\.(\w+)\"\((.*?)\)", line)
    if not m or m.group(1) in ("graph", "return", "yield"):
        continue
    nodes += 1
    # The operand types say which operands are control tokens.
    types = line[line.rfind(": (") + 3:line.rfind(") ->")]
    for t in re.findall(r"!tf_type\.control|tensor<[^>]*>|!tf_type\.\w+", types):
        if t == "!tf_type.control":
            ctl += 1
        else:
            data += 1
print("%d nodes, %d data edges, %d control edges" % (nodes, data, ctl))'
}

ms() { echo $(( ($2 - $1) / 1000000 )); }
echo "== tfg demo: $(basename "$model") (+ $(basename "${model%.json}.bin"))"
t0=$(date +%s%N)
"$translate" --tfjs-to-mlir "$model" -o "$work/imported.mlir" 2>"$work/import.log"
t1=$(date +%s%N)
# Without fetches tfg-grappler fetches the model's signature outputs.
"$opt" "$work/imported.mlir" --tfg-grappler="print-statistics" \
  --mlir-print-op-on-diagnostic=false -o "$work/optimized.mlir" 2>"$work/grappler.log"
t2=$(date +%s%N)
"$translate" --mlir-to-graphdef --binary "$work/optimized.mlir" -o "$work/optimized.pb"
t3=$(date +%s%N)
"$translate" --graphdef-to-mlir "$work/optimized.pb" -o "$work/reimported.mlir"
"$translate" --test-graphdef-roundtrip "$work/optimized.pb" > "$work/rt.txt" 2>/dev/null
echo "fetches:  $(sed -n "s/.*remark: fetching the outputs recorded with the model: //p" "$work/grappler.log")"
echo "import:   $(ms "$t0" "$t1") ms"
echo "optimize: $(ms "$t1" "$t2") ms (tfg-grappler: prune, inline, cse, constant folding, arithmetic optimizer, shape inference, dependency optimizer)"
echo "export:   $(ms "$t2" "$t3") ms -> $(stat -c %s "$work/optimized.pb") bytes of binary GraphDef"
echo "before:   $(count "$work/imported.mlir")"
echo "after:    $(count "$work/optimized.mlir")"
echo "check:    exported GraphDef re-imports and verifies; $(cat "$work/rt.txt")"
echo "== per optimizer"
grep -v "remark: fetching" "$work/grappler.log" | sed -n 's/.*remark: /  /p'
echo "== nodes removed"
comm -23 <(grep -o ' name("[^"]*")' "$work/imported.mlir" | sort) \
         <(grep -o ' name("[^"]*")' "$work/optimized.mlir" | sort) |
  sed 's/ name("\(.*\)")/  \1/' | head -20
removed=$(comm -23 <(grep -o ' name("[^"]*")' "$work/imported.mlir" | sort) \
                   <(grep -o ' name("[^"]*")' "$work/optimized.mlir" | sort) | wc -l)
[ "$removed" -gt 20 ] && echo "  ... ($removed in all)"
echo "== node count by op (changed ones): before -> after"
ops() { grep -o '= [A-Za-z_][A-Za-z0-9_]*[( ]' "$1" | sed 's/= \(.*\).$/\1/' | sort | uniq -c |
  awk '{ print $2, $1 }'; }
join -a1 -a2 -e0 -o 0,1.2,2.2 <(ops "$work/imported.mlir") <(ops "$work/optimized.mlir") |
  awk '$2 != $3 { printf "  %-28s %5d -> %d\n", $1, $2, $3 }'
echo "== result types refined by shape inference: $(grep -c 'tensor<\*x' "$work/imported.mlir") unranked before, $(grep -c 'tensor<\*x' "$work/optimized.mlir") after"

# Run both with the graph interpreter on the same random input (tfg-run's
# random:1) and compare: the optimizations must not change the outputs.
run="$build/bin/tfg-run"
echo "== run (tfg-run, the host interpreter; same random input before and after)"
"$run" "$work/imported.mlir" --output="$work/before.npz" --benchmark=3 > "$work/run-before.txt" 2>&1 ||
  { cat "$work/run-before.txt"; exit 1; }
"$run" "$work/optimized.mlir" --expect="$work/before.npz" --benchmark=3 > "$work/run-after.txt" 2>&1 ||
  { cat "$work/run-after.txt"; exit 1; }
echo "  before: $(sed -n 's/^median_ms: /median /p' "$work/run-before.txt") ms"
echo "  after:  $(sed -n 's/^median_ms: /median /p' "$work/run-after.txt") ms"
grep "max_abs_diff" "$work/run-after.txt" | sed 's/^/  /'

# Every real model of the repository through tfg-grappler, each with its
# input's shape pinned (tfg-set-input-shapes) so that constant folding can
# work from it, and run before and after on the same input.
echo "== tfg-grappler on every real model (input shape pinned; outputs compared with tfg-run)"
printf "  %-18s %-13s %-19s %-19s %s\n" model input "nodes" \
  "without folding" "outputs after vs before"
for spec in antispoof:conv2d_input:1x128x128x3 blazeface:input:1x256x256x3 \
    emotion:input_1:1x64x64x1 faceboxes:image_tensor:1x256x256x3 \
    handtrack:input_tensor:1x320x320x3 movenet-lightning:input:1x192x192x3 \
    selfie:input_1:1x256x256x3; do
  m=${spec%%:*}; rest=${spec#*:}; input=${rest%%:*}; shape=${rest#*:}
  json="$root/test/ImportExport/tfjs/Inputs/$m.json"
  pipeline="tfg-set-input-shapes{shapes=$input=$shape},tfg-grappler"
  "$translate" --tfjs-to-mlir "$json" -o "$work/$m.mlir" 2>/dev/null
  nodes=$("$opt" "$work/$m.mlir" --pass-pipeline="builtin.module(tfg-set-input-shapes{shapes=$input=$shape},tfg-grappler{print-statistics})" \
    --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 |
    sed -n 's/.*tfg-grappler: \([0-9]* -> [0-9]* nodes\).*/\1/p')
  nofold=$("$opt" "$work/$m.mlir" --pass-pipeline="builtin.module(tfg-set-input-shapes{shapes=$input=$shape},tfg-grappler{print-statistics disable=tfg-constant-folding,tfg-arithmetic-optimizer})" \
    --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 |
    sed -n 's/.*tfg-grappler: \([0-9]* -> [0-9]* nodes\).*/\1/p')
  diff=$("$run" "$work/$m.mlir" --input-shape="$input=$shape" --check-pipeline="$pipeline" 2>&1 |
    awk '/max_abs_diff/ { split($2, a, "="); if (a[2] + 0 > m) m = a[2] + 0; n++ }
         /MISMATCH|error/ { bad = 1 }
         END { if (bad || !n) print "DIFFERENT"; else printf "max abs diff %g\n", m }')
  printf "  %-18s %-13s %-19s %-19s %s\n" "$m" "$shape" "$nodes" "$nofold" "$diff"
done

# Every model lowered to each stage tfg-run has (tf_executor, tf, stablehlo,
# ml_program) and run there, against the graph's outputs on the same input.
stages=$("$run" --list-stages | awk '$1 != "tfg" { print $1 }')
echo "== lowered and run at each stage (tfg-run --stage; outputs against the graph's, rtol/atol 1e-4)"
printf "  %-18s" model
for st in $stages; do printf " %-12s" "$st"; done
echo
for spec in antispoof:conv2d_input:1x128x128x3 blazeface:input:1x256x256x3 \
    emotion:input_1:1x64x64x1 faceboxes:image_tensor:1x256x256x3 \
    handtrack:input_tensor:1x320x320x3 movenet-lightning:input:1x192x192x3 \
    selfie:input_1:1x256x256x3; do
  m=${spec%%:*}; rest=${spec#*:}; input=${rest%%:*}; shape=${rest#*:}
  args=("$work/$m.mlir" --input="$input=random:1" --input-shape="$input=$shape")
  "$run" "${args[@]}" --output="$work/$m.graph.npz" >/dev/null 2>&1 || true
  printf "  %-18s" "$m"
  for st in $stages; do
    if out=$("$run" "${args[@]}" --stage="$st" --expect="$work/$m.graph.npz" \
        --rtol=1e-4 --atol=1e-4 2>&1); then
      printf " %-12s" equal
    elif grep -q "outputs differ" <<<"$out"; then
      printf " %-12s" DIFFERENT
    else # Not lowered: an error names the node (v1 loops, data-dependent shapes).
      printf " %-12s" refused
    fi
  done
  echo
done

# Pictures: the model before and after tfg-grappler, and the optimized model
# drawn against the imported one (removed nodes red and dashed, added green).
pictures="$(cd "$build" && pwd)/demo"
mkdir -p "$pictures"
name=$(basename "$model" .json)
"$translate" --mlir-to-dot "$work/imported.mlir" -o "$pictures/$name-before.dot"
"$translate" --mlir-to-dot "$work/optimized.mlir" -o "$pictures/$name-after.dot"
"$translate" --mlir-to-dot "$work/optimized.mlir" --dot-diff="$work/imported.mlir" \
  -o "$pictures/$name-changes.dot"
echo "== pictures (tfg-translate --mlir-to-dot)"
if command -v dot >/dev/null; then
  for kind in before after changes; do
    dot -Tsvg "$pictures/$name-$kind.dot" -o "$pictures/$name-$kind.svg"
    echo "  $pictures/$name-$kind.svg"
  done
else
  echo "  Graphviz's dot is not installed (make deps installs it): DOT only"
  for kind in before after changes; do echo "  $pictures/$name-$kind.dot"; done
fi
