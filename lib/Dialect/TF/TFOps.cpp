//===- TFOps.cpp - tf region control flow: verifiers ----------------------===//
//
// tf.IfRegion, tf.CaseRegion and tf.WhileRegion (TFOps.td), checked from
// their semantics: each region ends with a tf.Yield of as many values as
// the op has results (a loop condition: one i1 scalar), each compatible
// with the result's type (tf_type::areValueTypesCompatible); a loop's
// region arguments, operands and results agree in number and type.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/TF/TFOps.h"

#include "tfg/IR/TFTypeDialect.h"

using namespace mlir;
using namespace mlir::TF;

#define GET_OP_CLASSES
#include "tfg/Dialect/TF/TFOps.cpp.inc"

void TFDialect::registerODSOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/TF/TFOps.cpp.inc"
      >();
}

/// The tf.Yield ending `region` (region `index` of `op`, named `what`).
static FailureOr<YieldOp> getYield(Operation *op, Region &region,
                                   StringRef what) {
  if (region.empty() || region.front().empty())
    return op->emitOpError() << what << " is empty";
  auto yield = dyn_cast<YieldOp>(region.front().back());
  if (!yield)
    return op->emitOpError() << what << " must end with tf.Yield";
  return yield;
}

/// Checks that `types` (what `what` gives) are compatible one for one with
/// `expected` (`against`: "the op has" N, each a `noun`).
static LogicalResult verifyTypes(Operation *op, TypeRange types,
                                 TypeRange expected, StringRef what,
                                 StringRef against, StringRef noun) {
  if (types.size() != expected.size())
    return op->emitOpError() << what << " " << types.size() << " values, but "
                             << against << " " << expected.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(types, expected)))
    if (!tf_type::areValueTypesCompatible(std::get<0>(pair), std::get<1>(pair)))
      return op->emitOpError()
             << what << " value #" << i << " of type " << std::get<0>(pair)
             << ", incompatible with " << noun << " type " << std::get<1>(pair);
  return success();
}

/// A scalar (or unranked) tensor of `elementType`'s kind.
static LogicalResult verifyScalar(Operation *op, Type type, StringRef what,
                                  StringRef expected,
                                  function_ref<bool(Type)> isElement) {
  auto tensor = dyn_cast<TensorType>(type);
  if (!tensor || !isElement(tensor.getElementType()) ||
      (tensor.hasRank() && tensor.getRank() != 0))
    return op->emitOpError() << what << " must be a scalar tensor of "
                             << expected << ", got " << type;
  return success();
}

static bool isBool(Type t) { return t.isInteger(1); }
static bool isI32(Type t) { return t.isSignlessInteger(32); }

/// Each branch region yields values compatible with `op`'s results.
static LogicalResult
verifyBranches(Operation *op, MutableArrayRef<Region> regions, StringRef kind) {
  for (auto [i, region] : llvm::enumerate(regions)) {
    std::string what = (kind + " " + Twine(i)).str();
    FailureOr<YieldOp> yield = getYield(op, region, what);
    if (failed(yield) ||
        failed(verifyTypes(op, yield->getOperandTypes(), op->getResultTypes(),
                           what + " yields", "the op has", "its result")))
      return failure();
  }
  return success();
}

LogicalResult IfRegionOp::verify() {
  if (failed(verifyScalar(*this, getCond().getType(), "the condition", "i1",
                          isBool)))
    return failure();
  return verifyBranches(*this, getOperation()->getRegions(), "branch");
}

LogicalResult CaseRegionOp::verify() {
  if (failed(verifyScalar(*this, getBranchIndex().getType(), "the branch index",
                          "i32", isI32)))
    return failure();
  if (getBranches().empty())
    return emitOpError("needs at least one branch");
  return verifyBranches(*this, getOperation()->getRegions(), "branch");
}

LogicalResult WhileRegionOp::verify() {
  TypeRange inputs = getInput().getTypes();
  if (failed(verifyTypes(*this, getOperation()->getResultTypes(), inputs,
                         "returns", "it takes", "its operand")))
    return failure();
  for (Region *region : {&getCond(), &getBody()}) {
    StringRef what =
        region == &getCond() ? "the condition region" : "the body region";
    if (region->empty())
      return emitOpError() << what << " is empty";
    if (failed(verifyTypes(*this, region->front().getArgumentTypes(), inputs,
                           (what + " takes").str(), "the loop has",
                           "the loop value")))
      return failure();
    FailureOr<YieldOp> yield = getYield(*this, *region, what);
    if (failed(yield))
      return failure();
    if (region == &getCond()) {
      if (yield->getNumOperands() != 1)
        return emitOpError() << what << " must yield one value, got "
                             << yield->getNumOperands();
      if (failed(verifyScalar(*this, yield->getOperand(0).getType(),
                              "the condition", "i1", isBool)))
        return failure();
      continue;
    }
    if (failed(verifyTypes(*this, yield->getOperandTypes(), inputs,
                           (what + " yields").str(), "the loop has",
                           "the loop value")))
      return failure();
  }
  return success();
}
