//===- ShapeInference.cpp - Refine result shapes --------------------------===//

#include "ShapeFunctions.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_DROPOUTPUTSHAPESPASS
#define GEN_PASS_DEF_SHAPEINFERENCEPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// Replaces the type of `value` by a more precise one agreeing with `shape`;
/// returns true if it changed. Conflicting information leaves it alone.
static bool refineValueType(Value value, const Shape &shape) {
  auto tensor = dyn_cast<TensorType>(value.getType());
  if (!tensor || !shape.ranked)
    return false;
  for (int64_t d : shape.dims)
    if (d < 0 && d != ShapedType::kDynamic)
      return false;
  Shape current = Shape::ofType(tensor);
  Shape merged = shape;
  if (current.ranked) {
    if (current.rank() != shape.rank())
      return false;
    for (auto [m, c] : llvm::zip(merged.dims, current.dims)) {
      if (c == ShapedType::kDynamic)
        continue;
      if (m != ShapedType::kDynamic && m != c)
        return false;
      m = c;
    }
    if (merged.dims == current.dims)
      return false;
  }
  value.setType(RankedTensorType::get(merged.dims, tensor.getElementType()));
  return true;
}

int64_t mlir::tfg::inferShapes(Block &body) {
  if (auto func = dyn_cast<GraphFuncOp>(body.getParentOp()))
    if (func.getGeneric())
      return 0;
  int64_t refined = 0;
  GraphView view(body);
  for (unsigned i : view.topologicalOrder()) {
    Operation *op = view.getNode(i);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        refined += inferShapes(block);
    if (!getControlToken(op))
      continue;
    ShapeFunction fn = lookupShapeFunction(getTFOpName(op));
    if (!fn)
      continue;
    InferenceContext ctx(op);
    if (failed(fn(ctx)))
      continue;
    for (auto [result, shape] : llvm::zip(getDataResults(op), ctx.results))
      refined += refineValueType(result, shape);
  }
  return refined;
}

int64_t mlir::tfg::dropOutputShapes(Operation *root) {
  int64_t removed = 0;
  root->walk([&](Operation *op) {
    if (op->removeAttr("_output_shapes"))
      ++removed;
  });
  return removed;
}

namespace {
struct ShapeInferencePass : tfg::impl::ShapeInferencePassBase<ShapeInferencePass> {
  void runOnOperation() override {
    for (Block *body : getGraphBodies(getOperation()))
      numRefined += inferShapes(*body);
  }
};
struct DropOutputShapesPass
    : tfg::impl::DropOutputShapesPassBase<DropOutputShapesPass> {
  void runOnOperation() override {
    numAttrsRemoved += dropOutputShapes(getOperation());
  }
};
} // namespace
