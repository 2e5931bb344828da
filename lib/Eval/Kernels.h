//===- Kernels.h - The kernel families of TFGEval ---------------*- C++ -*-===//
//
// Each op family registers its kernels in the one table (Evaluator.cpp);
// the helpers here are shared by the families.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_KERNELS_H
#define TFG_LIB_EVAL_KERNELS_H

#include "tfg/Eval/Evaluator.h"

#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace mlir {
namespace tfg {

/// Const (SourceKernels.cpp).
void addSourceKernels(EvalKernelTable &table);
/// Shape, ShapeN, Size, Rank (ShapeKernels.cpp).
void addShapeKernels(EvalKernelTable &table);
/// Identity and the ops that forward their operand (ArrayKernels.cpp).
void addArrayKernels(EvalKernelTable &table);
/// Elementwise arithmetic (ElementwiseKernels.cpp).
void addElementwiseKernels(EvalKernelTable &table);

/// Registers `kernel` under each of `names`.
inline void addKernels(EvalKernelTable &table,
                       std::initializer_list<const char *> names,
                       EvalKernel kernel) {
  for (const char *name : names)
    table[name] = kernel;
}

/// The number of elements of a static tensor type; none if it is not one
/// or the count overflows int64.
std::optional<int64_t> getNumElements(Type type);

/// Sets a single result.
inline LogicalResult setSingleResult(EvalContext &ctx, ElementsAttr value) {
  ctx.results.assign(1, value);
  return success();
}

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_KERNELS_H
