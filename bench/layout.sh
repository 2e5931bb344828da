#!/usr/bin/env bash
# Times tfg-layout against tfg-toposort (the yardstick: one walk over the
# graph) on chains of NHWC Conv2D + Relu pairs (bench/gen_conv_chain.py), and
# the other issue-38 passes (tfg-remapper, tfg-memory-optimizer,
# tfg-loop-optimizer, tfg-grappler) on the largest chain and on a graph of
# bench/gen_tfg_graph.py. Each line gives the pass's seconds from
# --mlir-timing (wall) and the whole tfg-opt run's CPU seconds (user + system:
# bytecode in and out included), which a loaded machine disturbs less.
# usage: bench/layout.sh [build-dir] [sizes...]   (default 100000 300000 1000000)
set -eu
build=${1:-build}
shift || true
sizes=${*:-100000 300000 1000000}
here=$(cd "$(dirname "$0")" && pwd)
opt="$build/bin/tfg-opt"
work=${TMPDIR:-/tmp}/tfg-bench-layout
mkdir -p "$work"

# Prints "<pass seconds> <CPU seconds>" of one tfg-opt run on $1 with pass $2.
time_pass() {
  local log="$work/run.log"
  /usr/bin/time -f "cpu %U %S" "$opt" "$1" --"$2" --mlir-timing \
    --emit-bytecode -o /dev/null > "$log" 2>&1
  local pass cpu
  pass=$(grep "Pass$" "$log" | grep -v " VerifyPass$" | head -n1 | awk '{print $1}')
  cpu=$(sed -n 's/^cpu \([0-9.]*\) \([0-9.]*\)$/\1 \2/p' "$log" |
    awk '{printf "%.2f", $1 + $2}')
  echo "$pass $cpu"
}

echo "date: $(date -u '+%F %H:%M UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| nodes | tfg-toposort (pass, run CPU) | tfg-layout (pass, run CPU) |"
echo "|------:|------:|------:|"
last=""
for n in $sizes; do
  f="$work/conv_$n.bc"
  [ -f "$f" ] || python3 "$here/gen_conv_chain.py" "$n" |
    "$opt" --emit-bytecode -o "$f"
  read -r tp tc < <(time_pass "$f" tfg-toposort)
  read -r lp lc < <(time_pass "$f" \
    "tfg-layout=assume-gpu=true fetch=relu$((n / 2 - 1))")
  echo "| $n | $tp s, $tc s | $lp s, $lc s |"
  last=$n
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"

# The other passes at the largest size.
g="$work/graph_$last.bc"
[ -f "$g" ] || python3 "$here/gen_tfg_graph.py" "$last" \
  --fetch-out "$work/graph_$last.fetch" | "$opt" --emit-bytecode -o "$g"
gfetch=$(cat "$work/graph_$last.fetch")
echo "| pass | conv chain of $last (pass, run CPU) | gen_tfg_graph.py $last (pass, run CPU) |"
echo "|---|------:|------:|"
for p in tfg-toposort tfg-layout tfg-remapper tfg-memory-optimizer \
  tfg-loop-optimizer tfg-grappler; do
  opts="fetch=relu$((last / 2 - 1))"
  [ "$p" = tfg-layout ] && opts="assume-gpu=true $opts"
  [ "$p" = tfg-toposort ] && c=$(time_pass "$work/conv_$last.bc" "$p") ||
    c=$(time_pass "$work/conv_$last.bc" "$p=$opts")
  gopts="fetch=$gfetch"
  [ "$p" = tfg-layout ] && gopts="assume-gpu=true $gopts"
  [ "$p" = tfg-toposort ] && t=$(time_pass "$g" "$p") ||
    t=$(time_pass "$g" "$p=$gopts")
  set -- $c $t
  echo "| $p | $1 s, $2 s | $3 s, $4 s |"
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
