#!/usr/bin/env bash
# Builds the importer fuzzers with clang-22 under ASan+UBSan and runs each
# for FUZZ_SECONDS (default 600) from its seed corpus in fuzz/corpus,
# FUZZ_JOBS (default 2) at a time; FUZZ_TARGETS (space-separated fuzzer
# names) picks some; fuzz/<corpus>.dict, when there, is the fuzzer's
# dictionary. Crashes are written to build-fuzz/crashes/, each
# fuzzer's output to build-fuzz/logs/.
set -eu -o pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-fuzz}
seconds=${FUZZ_SECONDS:-600}
jobs=${FUZZ_JOBS:-2}
if ! command -v clang++-22 >/dev/null; then
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q clang-22 libclang-rt-22-dev
fi
all="GraphDefBinaryFuzzer:graphdef_binary GraphDefTextFuzzer:graphdef_text
  TFJSFuzzer:tfjs TFGParserFuzzer:tfg_text TFGPipelineFuzzer:tfg_pipeline
  TFJSDirFuzzer:tfjs_dir NumPyFuzzer:numpy
  TensorProtoFuzzer:tensor_proto RegexFuzzer:regex
  TFGRunFuzzer:tfg_run TFGBytecodeFuzzer:tfg_bytecode
  StableHLOParserFuzzer:stablehlo_text StableHLOCodegenFuzzer:stablehlo_codegen
  TensorBundleFuzzer:tensor_bundle TFGLoweringFuzzer:tfg_lowering"
pairs=()
for pair in $all; do
  if [ -z "${FUZZ_TARGETS:-}" ] || [[ " $FUZZ_TARGETS " == *" ${pair%%:*} "* ]]; then
    pairs+=("$pair")
  fi
done
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DTFG_ENABLE_SANITIZERS=ON -DTFG_ENABLE_FUZZERS=ON -DTFG_BUILD_UNITTESTS=OFF
cmake --build "$build" --target "${pairs[@]%%:*}"
mkdir -p "$build/crashes" "$build/logs"
# LLVM's header-inlined allocators poison memory that the uninstrumented
# libMLIR/libLLVM then use: ignore manual poisoning (docs/rationale/Tools.md,
# "Fuzzing").
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0}

run() {
  local fuzzer=${1%%:*} corpus=${1#*:}
  local work="$build/corpus/$corpus" dict=()
  mkdir -p "$work"
  [ -f "$root/fuzz/$corpus.dict" ] && dict=(-dict="$root/fuzz/$corpus.dict")
  "$build/fuzz/$fuzzer" "$work" "$root/fuzz/corpus/$corpus" "${dict[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=4096 -max_len=65536 \
    -artifact_prefix="$build/crashes/$fuzzer-" -print_final_stats=1 \
    >"$build/logs/$fuzzer.log" 2>&1
}

# FUZZ_JOBS fuzzers at a time (they all run FUZZ_SECONDS), each reported
# when its batch is done.
status=0
for ((first = 0; first < ${#pairs[@]}; first += jobs)); do
  batch=("${pairs[@]:first:jobs}")
  pids=()
  for pair in "${batch[@]}"; do
    echo "== ${pair%%:*} for ${seconds}s"
    run "$pair" &
    pids+=($!)
  done
  for i in "${!batch[@]}"; do
    fuzzer=${batch[$i]%%:*}
    if ! wait "${pids[$i]}"; then
      status=1
      echo "== $fuzzer FAILED (log: $build/logs/$fuzzer.log)"
    fi
    echo "== $fuzzer"
    tail -n 12 "$build/logs/$fuzzer.log"
  done
done
exit $status
