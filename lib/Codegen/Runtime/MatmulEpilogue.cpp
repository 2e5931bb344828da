//===- MatmulEpilogue.cpp - Matrix products with fused epilogues ----------===//
//
// tfg_rt_matmul_epilogue_f32 (tfg/Codegen/Runtime.h): c = a * b (or +=)
// on the packed GEMM of tfg/Eval/Compute/GemmKernel.h, then the epilogue's
// steps (bias by column, residual add, relu, min 6) on each tile of rows
// of C right after its product, while the tile is in cache. B is packed
// once per call; the tiles of rows go over the threads. With OVERWRITE the
// GEMM stores its product (no zero fill of C before it).
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/Runtime.h"
#include "tfg/Eval/Compute/GemmKernel.h"

#include "Descriptors.h"
#include "Epilogue.h"
#include "Parallel.h"
#include "Stats.h"

#include <algorithm>
#include <vector>

using namespace mlir::tfg;
using namespace tfg_rt;

extern "C" {

void _mlir_ciface_tfg_rt_matmul_epilogue_f32(
    TfgRtMemRef2F32 *a, TfgRtMemRef2F32 *b, TfgRtMemRef2F32 *c,
    TfgRtMemRef1F32 *bias, TfgRtMemRef2F32 *residual, int64_t epilogue) {
  EpilogueSteps steps;
  int64_t m = a->sizes[0], k = a->sizes[1], n = b->sizes[1];
  bool ok = steps.decode(epilogue) && nonNegativeSizes(a, 2) &&
            nonNegativeSizes(b, 2) && b->sizes[0] == k && c->sizes[0] == m &&
            c->sizes[1] == n && rowMajor(c, 2);
  if (ok && steps.uses(TFG_RT_STEP_BIAS))
    ok = bias->sizes[0] == n;
  if (ok && steps.uses(TFG_RT_STEP_RESIDUAL)) {
    ok = residual->sizes[0] == m && residual->sizes[1] == n &&
         rowMajor(residual, 2);
    // The residual is C itself, or apart from it.
    const float *r = base(residual), *o = base(c);
    if (ok && r != o)
      ok = !(r < o + m * n && o < r + m * n);
  }
  if (!ok) {
    rejectedCalls().fetch_add(1);
    return;
  }
  Timed timed(gemmCounters(), 2 * m * n * k);
  if (m == 0 || n == 0)
    return;
  float *out = base(c);
  const float *biasData = steps.uses(TFG_RT_STEP_BIAS) ? base(bias) : nullptr;
  int64_t biasStride = biasData ? bias->strides[0] : 1;
  const float *res =
      steps.uses(TFG_RT_STEP_RESIDUAL) ? base(residual) : nullptr;
  bool residualInPlace = res == out;
  PackedPanels<float> packed =
      packPanels<float>({base(b), b->strides[0], b->strides[1]}, k, n);
  MatrixView<float> av{base(a), a->strides[0], a->strides[1]};
  int64_t tiles = (m + kGemmMC - 1) / kGemmMC;
  parallelFor(tiles, [&](int64_t t) {
    int64_t r0 = t * kGemmMC, rows = std::min(m, r0 + kGemmMC) - r0;
    float *tile = out + r0 * n;
    const float *tileResidual = res ? res + r0 * n : nullptr;
    // The residual is C: keep the tile's values before the product.
    thread_local std::vector<float> saved;
    if (residualInPlace) {
      saved.assign(tileResidual, tileResidual + rows * n);
      tileResidual = saved.data();
    }
    if (k == 0) {
      if (steps.overwrite)
        std::fill(tile, tile + rows * n, 0.0f);
    } else {
      MatrixView<float> at{av.data + r0 * av.rowStride, av.rowStride,
                           av.colStride};
      gemmPacked<float>(at, rows, packed, 0, n, tile, n,
                        /*accumulate=*/!steps.overwrite);
    }
    steps.apply(tile, rows, n, n, biasData, biasStride, tileResidual);
  });
}

} // extern "C"
