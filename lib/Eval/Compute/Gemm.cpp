//===- Gemm.cpp - The threaded GEMM of the heavy kernels ------------------===//
//
// The threaded GEMM: an m x n product split into tiles over the context's
// thread pool, each computed by the single-threaded packed GEMM of
// GemmKernel.cpp (blocking and micro-kernel described there).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Gemm.h"

#include "mlir/IR/Threading.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;

void mlir::tfg::forEachGemmTile(
    MLIRContext *context, int64_t m, int64_t n, int64_t maxRows,
    function_ref<void(int64_t, int64_t, int64_t, int64_t)> fn) {
  if (m <= 0 || n <= 0)
    return;
  int64_t threads = context && context->isMultithreadingEnabled()
                        ? std::max<int64_t>(context->getNumThreads(), 1)
                        : 1;
  // Enough tiles for the threads to balance (4 per thread), but tiles no
  // smaller than one packed block of rows unless the product is small.
  int64_t want = threads > 1 ? threads * 4 : 1;
  int64_t rows = (m + want - 1) / want;
  rows = std::max(rows, kGemmMC);
  rows = std::min(rows, std::max(maxRows, kGemmMR));
  rows = (rows + kGemmMR - 1) / kGemmMR * kGemmMR;
  int64_t rowTiles = (m + rows - 1) / rows;
  int64_t panels = (n + kGemmNR - 1) / kGemmNR;
  int64_t colTiles = 1;
  if (rowTiles < want)
    colTiles = std::min(panels, (want + rowTiles - 1) / rowTiles);
  int64_t panelsPerTile = (panels + colTiles - 1) / colTiles;
  colTiles = (panels + panelsPerTile - 1) / panelsPerTile;
  auto run = [&](size_t t) {
    int64_t rt = static_cast<int64_t>(t) / colTiles;
    int64_t ct = static_cast<int64_t>(t) % colTiles;
    int64_t r0 = rt * rows, c0 = ct * panelsPerTile * kGemmNR;
    fn(r0, std::min(m, r0 + rows), c0,
       std::min(n, c0 + panelsPerTile * kGemmNR));
  };
  size_t tiles = static_cast<size_t>(rowTiles * colTiles);
  if (threads == 1 || tiles == 1) {
    for (size_t t = 0; t < tiles; ++t)
      run(t);
    return;
  }
  parallelFor(context, 0, tiles, run);
}

template <typename T>
void mlir::tfg::gemm(MLIRContext *context, MatrixView<T> a, MatrixView<T> b,
                     int64_t m, int64_t n, int64_t k, T *c, int64_t ldc) {
  if (m <= 0 || n <= 0)
    return;
  PackedPanels<T> packed = packPanels(b, k, n);
  forEachGemmTile(
      context, m, n, INT64_MAX,
      [&](int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
        MatrixView<T> rows{a.data + r0 * a.rowStride, a.rowStride, a.colStride};
        gemmPacked(rows, r1 - r0, packed, c0, c1, c + r0 * ldc, ldc);
      });
}

template void mlir::tfg::gemm(MLIRContext *, MatrixView<float>,
                              MatrixView<float>, int64_t, int64_t, int64_t,
                              float *, int64_t);
template void mlir::tfg::gemm(MLIRContext *, MatrixView<double>,
                              MatrixView<double>, int64_t, int64_t, int64_t,
                              double *, int64_t);
