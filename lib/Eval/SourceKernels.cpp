//===- SourceKernels.cpp - Kernels of ops without operands ----------------===//
//
// Const returns its `value` attribute as it is: nothing is copied, however
// large (the result bound is for what kernels build).
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

using namespace mlir;
using namespace mlir::tfg;

static LogicalResult constKernel(EvalContext &ctx) {
  auto value = dyn_cast_if_present<ElementsAttr>(ctx.getAttr("value"));
  if (!value)
    return failure();
  return setSingleResult(ctx, value);
}

void mlir::tfg::addSourceKernels(EvalKernelTable &table) {
  addKernels(table, {"Const"}, constKernel);
}
