# Shared setup of the model benchmarks (bench/models.sh, bench/codegen.sh),
# sourced by them: the repository's real models with their inputs' names and
# shapes, TensorFlow.js 4.22 with its wasm backend in <build>/tfjs, and the
# helpers that read a median and divide two times.
# Expects `build` to be set; sets here-relative `models_dir`, `models`, `tfjs`.
models_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../test/ImportExport/tfjs/Inputs"
# model:input:shape (the models' own input sizes; faceboxes takes any);
# TFG_BENCH_MODELS="model:input:shape ..." runs a subset.
models=${TFG_BENCH_MODELS:-"antispoof:conv2d_input:1x128x128x3 blazeface:input:1x256x256x3
emotion:input_1:1x64x64x1 faceboxes:image_tensor:1x256x256x3
handtrack:input_tensor:1x320x320x3 movenet-lightning:input:1x192x192x3
selfie:input_1:1x256x256x3"}
tfjs="$build/tfjs"
if [ ! -d "$tfjs/node_modules/@tensorflow/tfjs-backend-wasm" ]; then
  npm install --prefix "$tfjs" --no-save --no-package-lock --no-audit \
    --no-fund --loglevel=error @tensorflow/tfjs@4.22.0 \
    @tensorflow/tfjs-backend-wasm@4.22.0 >/dev/null 2>&1 ||
    echo "note: tfjs-backend-wasm could not be installed"
fi
# The median milliseconds a `median_ms:` line reports.
median() { sed -n 's/.*median_ms: \([0-9.]*\).*/\1/p' | head -1; }
# $1 / $2 to two decimals, or "-" when either is missing.
ratio() { [ -n "$1" ] && [ -n "$2" ] &&
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }' || echo "-"; }
