#!/usr/bin/env bash
# Runs check-tfg (lit IR tests + GoogleTest binaries through lit) and prints
# the totals as the last line: "N passed, N failed".
set -u
build=${1:-build}
jobs=${2:-2}
log=$(mktemp)
cmake --build "$build" --target check-tfg -j "$jobs" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# lit prints "  Passed: N", "  Failed: N", "  Expectedly Failed", ...
passed=$(grep -E '^ *(Passed|Expectedly Failed) *:' "$log" | awk -F: '{s+=$2} END {print s+0}')
failed=$(grep -E '^ *(Failed|Unexpectedly Passed|Unresolved|Timed Out) *:' "$log" | awk -F: '{s+=$2} END {print s+0}')
rm -f "$log"
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
  failed=1
fi
echo "$passed passed, $failed failed"
exit "$status"
