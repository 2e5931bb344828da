//===- ControlFlow.cpp - while, if and case to scf ------------------------===//
//
// stablehlo.while becomes scf.while (the condition region the `before`
// region, its 0-d predicate extracted for scf.condition), stablehlo.if
// scf.if and stablehlo.case scf.index_switch (an index out of [0, N) takes
// the last branch, as the spec says). The regions move into the scf op with
// their StableHLO ops, which the driver lowers afterwards
// (StableHLOToLinalg.cpp); their stablehlo.return become scf terminators.
// All values stay tensors: one-shot bufferization gives the loop-carried
// tensors their buffers.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

/// Replaces the stablehlo.return ending `region`'s block by an scf.yield of
/// its operands.
static LogicalResult returnToYield(Operation *op, Region &region) {
  auto ret = dyn_cast<shlo::ReturnOp>(region.front().getTerminator());
  if (!ret)
    return op->emitError("stablehlo-to-linalg: a region of '")
           << op->getName() << "' does not end in stablehlo.return";
  OpBuilder b(ret);
  scf::YieldOp::create(b, ret.getLoc(), ret.getOperands());
  ret.erase();
  return success();
}

static Values results(Operation *op) {
  return SmallVector<Value>(op->getResults().begin(), op->getResults().end());
}

static Values lowerWhile(OpBuilder &b, shlo::WhileOp op) {
  auto loop = scf::WhileOp::create(b, op.getLoc(), op.getResultTypes(),
                                   op.getOperand());
  loop.getBefore().takeBody(op.getCond());
  loop.getAfter().takeBody(op.getBody());
  Block &before = loop.getBefore().front();
  auto ret = dyn_cast<shlo::ReturnOp>(before.getTerminator());
  if (!ret || ret.getNumOperands() != 1)
    return op.emitError("stablehlo-to-linalg: the condition of "
                        "'stablehlo.while' must return one predicate");
  OpBuilder tb(ret);
  Value pred = extractScalar(tb, ret.getLoc(), ret.getOperand(0));
  scf::ConditionOp::create(tb, ret.getLoc(), pred, before.getArguments());
  ret.erase();
  if (failed(returnToYield(op, loop.getAfter())))
    return failure();
  return results(loop);
}

static Values lowerIf(OpBuilder &b, shlo::IfOp op) {
  Value pred = extractScalar(b, op.getLoc(), op.getPred());
  auto branch = scf::IfOp::create(b, op.getLoc(), op.getResultTypes(), pred,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
  branch.getThenRegion().takeBody(op.getTrueBranch());
  branch.getElseRegion().takeBody(op.getFalseBranch());
  if (failed(returnToYield(op, branch.getThenRegion())) ||
      failed(returnToYield(op, branch.getElseRegion())))
    return failure();
  return results(branch);
}

static Values lowerCase(OpBuilder &b, shlo::CaseOp op) {
  Location loc = op.getLoc();
  unsigned n = op.getBranches().size();
  if (n == 0)
    return op.emitError("stablehlo-to-linalg: 'stablehlo.case' without "
                        "branches");
  Value index = extractScalar(b, loc, op.getIndex());
  index = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  // Branches 0 .. N-2 are cases; the last one is the default, which every
  // index outside [0, N-1) takes.
  SmallVector<int64_t> cases;
  for (unsigned i = 0; i + 1 < n; ++i)
    cases.push_back(i);
  auto sw = scf::IndexSwitchOp::create(b, loc, op.getResultTypes(), index,
                                       cases, n - 1);
  for (unsigned i = 0; i + 1 < n; ++i)
    sw.getCaseRegions()[i].takeBody(op.getBranches()[i]);
  sw.getDefaultRegion().takeBody(op.getBranches()[n - 1]);
  for (Region &region : sw->getRegions())
    if (failed(returnToYield(op, region)))
      return failure();
  return results(sw);
}

Lowered shlo_linalg::lowerControlFlowOp(OpBuilder &b, Operation *op) {
  if (auto w = dyn_cast<shlo::WhileOp>(op))
    return lowerWhile(b, w);
  if (auto i = dyn_cast<shlo::IfOp>(op))
    return lowerIf(b, i);
  if (auto c = dyn_cast<shlo::CaseOp>(op))
    return lowerCase(b, c);
  return std::nullopt;
}

bool shlo_linalg::isControlFlowOp(Operation *op) {
  return isa<shlo::WhileOp, shlo::IfOp, shlo::CaseOp>(op);
}
