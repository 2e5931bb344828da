//===- StableHLOToLinalg.cpp - the stablehlo-to-linalg pass ---------------===//
//
// Visits every StableHLO op outside StableHLO regions in program order and
// replaces it with the values its family's lowering builds in front of it
// (Lowering.h). Bodies of reduce, reduce_window, map, sort and scatter are
// lowered with their op. The regions of while, if and case move into scf
// ops; their StableHLO ops are queued behind the ops found so far (every
// value they use from outside is lowered by then). An op no family lowers
// is an error naming it. An error at an op whose location names a node (a
// NameLoc: a model's ops are at their node's) names that node too, since a
// model's locations print as the model file's.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_STABLEHLOTOLINALGPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;

void mlir::tfg::registerStableHLOToLinalgDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, linalg::LinalgDialect, math::MathDialect,
                  scf::SCFDialect, tensor::TensorDialect>();
}

static FailureOr<SmallVector<Value>> lowerOne(OpBuilder &b, Operation *op) {
  if (failed(checkTypes(op)))
    return failure();
  for (auto lower : {lowerDynamicOp, lowerElementwise, lowerShapeOp,
                     lowerGatherOp, lowerDotOp, lowerConvolution, lowerReduceOp,
                     lowerSortOp, lowerScatterOp, lowerControlFlowOp}) {
    Lowered result = lower(b, op);
    if (result)
      return *result;
  }
  return op->emitError("stablehlo-to-linalg: '")
         << op->getName() << "' is not supported";
}

/// `?` sizes (a data-dependent result: Where, NonMaxSuppression) are taken
/// by the ops whose lowering handles them (acceptsDynamicShapes); the first
/// other StableHLO op, nested ones included, with a `?` size is an error at
/// that op before anything is lowered.
static LogicalResult checkStaticShapes(Operation *root) {
  WalkResult r = root->walk([&](Operation *op) {
    if (!isa_and_nonnull<stablehlo::StableHLODialect>(op->getDialect()) ||
        acceptsDynamicShapes(op))
      return WalkResult::advance();
    auto check = [&](TypeRange types, StringRef what) {
      for (Type t : types) {
        auto shaped = dyn_cast<ShapedType>(t);
        if (shaped && !shaped.hasStaticShape()) {
          op->emitError("stablehlo-to-linalg: ")
              << what << " type " << t
              << " is not a static ranked tensor without bounds";
          return false;
        }
      }
      return true;
    };
    if (!check(op->getOperandTypes(), "operand") ||
        !check(op->getResultTypes(), "result"))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

/// Appends ` (node 'NAME')` to an error whose location holds a NameLoc,
/// then lets the next handler report it.
static LogicalResult nameNode(Diagnostic &diag) {
  if (diag.getSeverity() == DiagnosticSeverity::Error)
    if (auto name = LocationAttr(diag.getLocation()).findInstanceOf<NameLoc>())
      diag << " (node '" << name.getName().getValue() << "')";
  return failure();
}

LogicalResult mlir::tfg::lowerStableHLOToLinalg(Operation *root) {
  ScopedDiagnosticHandler naming(root->getContext(), nameNode);
  if (failed(checkStaticShapes(root)))
    return failure();
  // The StableHLO ops outside StableHLO regions, in program order.
  SmallVector<Operation *> ops;
  auto collect = [&ops](Operation *op) {
    if (isa_and_nonnull<stablehlo::StableHLODialect>(op->getDialect())) {
      ops.push_back(op);
      return WalkResult::skip();
    }
    return WalkResult::advance();
  };
  root->walk<WalkOrder::PreOrder>(collect);
  OpBuilder b(root->getContext());
  SmallVector<Operation *> nested;
  for (size_t i = 0; i < ops.size(); ++i) {
    Operation *op = ops[i];
    b.setInsertionPoint(op);
    // The ops of a control-flow op's regions, which its lowering moves.
    nested.clear();
    if (isControlFlowOp(op))
      for (Region &region : op->getRegions())
        region.walk<WalkOrder::PreOrder>([&](Operation *inner) {
          if (isa_and_nonnull<stablehlo::StableHLODialect>(
                  inner->getDialect()) &&
              !isa<stablehlo::ReturnOp>(inner)) {
            nested.push_back(inner);
            return WalkResult::skip();
          }
          return WalkResult::advance();
        });
    FailureOr<SmallVector<Value>> values = lowerOne(b, op);
    if (failed(values))
      return failure();
    if (values->size() != op->getNumResults())
      return op->emitError("stablehlo-to-linalg: the lowering of '")
             << op->getName() << "' built " << values->size() << " values for "
             << op->getNumResults() << " results";
    for (auto [from, to] : llvm::zip(op->getResults(), *values)) {
      if (from.getType() != to.getType())
        return op->emitError("stablehlo-to-linalg: the lowering of '")
               << op->getName() << "' built a value of type " << to.getType()
               << " for a result of type " << from.getType();
      from.replaceAllUsesWith(to);
    }
    op->erase();
    ops.append(nested.begin(), nested.end());
  }
  return success();
}

namespace {
struct StableHLOToLinalgPass
    : public tfg::impl::StableHLOToLinalgPassBase<StableHLOToLinalgPass> {
  void runOnOperation() override {
    if (failed(lowerStableHLOToLinalg(getOperation())))
      signalPassFailure();
  }
};
} // namespace
