//===- Ukernels.h - Shared helpers of tfg-linalg-to-ukernels ----*- C++ -*-===//
//
// What LinalgToUkernels.cpp (the pass) and PackedConvUkernel.cpp (the
// convolutions on filters packed at compile time) share: kernel
// declarations and the operands' casts.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_STABLEHLOTOLINALG_UKERNELS_H
#define TFG_LIB_CONVERSION_STABLEHLOTOLINALG_UKERNELS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace tfg {
namespace ukernels {

/// memref<?x...xf32, strided<[?, ...], offset: ?>> of rank `rank`.
MemRefType dynamicF32(MLIRContext *context, int64_t rank);

/// The private declaration of kernel `name` (`llvm.emit_c_interface`)
/// taking `ranks` float32 memrefs and `ints` i64 values; created once.
func::FuncOp declareKernel(ModuleOp module, StringRef name,
                           ArrayRef<int64_t> ranks, unsigned ints);

/// Replaces a float32 convolution on buffers whose filter is a constant
/// global with a call of tfg_rt_conv2d_packed_f32 on a global holding the
/// filter packed (created once per filter); a zero fill before it and an
/// elementwise epilogue after it (bias, residual add, relu, min 6) fold
/// into the call when the buffers allow. False (nothing changed) when the
/// filter is not such a constant or the output is not row-major.
/// `packedFilters` collects the filter globals that were packed.
bool rewritePackedConv(ModuleOp module, linalg::Conv2DNhwcHwcfOp conv,
                       ArrayRef<int64_t> stridesAndDilations,
                       SmallVectorImpl<Operation *> &packedFilters);

} // namespace ukernels
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_STABLEHLOTOLINALG_UKERNELS_H
