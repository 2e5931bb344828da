#!/usr/bin/env bash
# Builds the importer fuzzers with clang-22 under ASan+UBSan and runs each
# for FUZZ_SECONDS (default 600) from its seed corpus in fuzz/corpus.
# Crashes are written to build-fuzz/crashes/.
set -eu -o pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-fuzz}
seconds=${FUZZ_SECONDS:-600}
if ! command -v clang++-22 >/dev/null; then
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q clang-22 libclang-rt-22-dev
fi
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DTFG_ENABLE_SANITIZERS=ON -DTFG_ENABLE_FUZZERS=ON -DTFG_BUILD_UNITTESTS=OFF
cmake --build "$build" --target GraphDefBinaryFuzzer GraphDefTextFuzzer TFJSFuzzer \
  TFGParserFuzzer TFGPipelineFuzzer
mkdir -p "$build/crashes"
# LLVM's header-inlined allocators poison memory that the uninstrumented
# libMLIR/libLLVM then use: ignore manual poisoning (docs/Rationale.md).
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0}
status=0
for pair in GraphDefBinaryFuzzer:graphdef_binary GraphDefTextFuzzer:graphdef_text \
    TFJSFuzzer:tfjs TFGParserFuzzer:tfg_text TFGPipelineFuzzer:tfg_pipeline; do
  fuzzer=${pair%%:*}; corpus=${pair#*:}
  work="$build/corpus/$corpus"
  mkdir -p "$work"
  echo "== $fuzzer for ${seconds}s"
  "$build/fuzz/$fuzzer" "$work" "$root/fuzz/corpus/$corpus" \
    -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$build/crashes/$fuzzer-" -print_final_stats=1 \
    2>&1 | tail -n 12 || status=1
done
exit $status
