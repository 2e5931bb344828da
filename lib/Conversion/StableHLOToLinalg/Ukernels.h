//===- Ukernels.h - Shared helpers of tfg-linalg-to-ukernels ----*- C++ -*-===//
//
// What LinalgToUkernels.cpp (the pass), PackedConvUkernel.cpp (the
// convolutions on filters packed at compile time), DepthwiseUkernel.cpp and
// UkernelEpilogue.cpp (the epilogues they fold) share: kernel declarations,
// the operands' casts, the buffer checks and the epilogue matcher.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_STABLEHLOTOLINALG_UKERNELS_H
#define TFG_LIB_CONVERSION_STABLEHLOTOLINALG_UKERNELS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

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

/// The buffer a value views (through view-like ops and casts).
Value rootOf(Value v);

/// Whether an op strictly between `begin` and `end` (same block, in that
/// order), or nested in one, has an operand that views `buffer` (views
/// themselves, which read and write nothing, do not count).
bool touchedBetween(Value buffer, Operation *begin, Operation *end);

/// Whether `v` is defined before `op` in its block (or is an argument of a
/// block that contains it).
bool availableBefore(Value v, Operation *op);

/// Whether `v` is a memref of static shape and identity layout.
bool staticRowMajor(Value v);

/// Whether `v` can be read before `op`: available there, or a global read
/// or a chain of reshapes and casts of such values that can be repeated
/// there (readBefore).
bool readableBefore(Value v, Operation *op);

/// `v` at `b`'s insertion point before `op`: itself when available there,
/// else a copy of the global read and views that define it.
Value readBefore(OpBuilder &b, Value v, Operation *op);

/// The zero `linalg.fill` of `acc` right before `product` in its block
/// when nothing touches `acc` in between (the kernel can overwrite
/// instead); null otherwise.
linalg::FillOp zeroFillBefore(Operation *product, Value acc);

/// An epilogue that folds into a kernel call: the generic, what the call
/// writes and reads, the epilogue word (TFG_RT_CONV_OVERWRITE and the
/// TFG_RT_STEP_* steps), an allocation of the output to move before the
/// product.
struct FusedEpilogue {
  linalg::GenericOp generic;
  Value out, bias, residual;
  int64_t word = 1; // TFG_RT_CONV_OVERWRITE
  memref::AllocOp hoist;
};

/// The first generic after `product` that reads its output buffer `acc`,
/// when it is an epilogue the kernel can apply in its place: all parallel
/// over the output (identity maps), inputs `acc`, at most one bias (of
/// rank `biasDims`, indexed by the last `biasDims` loops) and one residual
/// (identity), a body of steps, its output `acc`, the residual or a buffer
/// allocated before `product` (none of `inputs`), and no op between
/// `product` and it touching those buffers.
std::optional<FusedEpilogue> matchEpilogue(Operation *product, Value acc,
                                           ValueRange inputs,
                                           unsigned biasDims);

/// What a kernel call takes over around `product` writing `acc`: the zero
/// fill right before it (the call overwrites instead) and, only with that
/// fill, a chain epilogue after it (matchEpilogue); the buffers the call
/// writes and reads and its epilogue word (0: the call accumulates into
/// `acc`).
struct KernelFold {
  linalg::FillOp fill;
  std::optional<FusedEpilogue> epilogue;
  Value out, bias, residual;
  int64_t word = 0;
};
KernelFold matchFold(Operation *product, Value acc, ValueRange inputs,
                     unsigned biasDims);
/// Before the call, at `b`'s insertion point before `product`: the
/// epilogue's output allocation moved above `product`, the bias and
/// residual read there (readBefore).
void prepareFold(OpBuilder &b, KernelFold &fold, Operation *product);
/// After the call: the folded epilogue, `product` and the fill erased.
void eraseFolded(KernelFold &fold, Operation *product);

/// Replaces a float32 depthwise convolution on buffers (static, row-major
/// filter and output) with a call of tfg_rt_depthwise_f32: a zero fill
/// before it and a chain epilogue after it fold into the call, and so
/// does the zero-padded copy of its input (the kernel reads the padding as
/// zeros). False (nothing changed) when the operands do not allow it.
bool rewriteDepthwise(ModuleOp module, linalg::DepthwiseConv2DNhwcHwcmOp conv,
                      ArrayRef<int64_t> stridesAndDilations);

/// Replaces a float32 matmul on buffers (static row-major output) that is
/// zero-filled right before it with a call of tfg_rt_matmul_epilogue_f32
/// that overwrites the output; a chain epilogue after it folds into the
/// call. False (nothing changed) without such a fill.
bool rewriteMatmul(ModuleOp module, linalg::MatmulOp matmul);

} // namespace ukernels
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_STABLEHLOTOLINALG_UKERNELS_H
