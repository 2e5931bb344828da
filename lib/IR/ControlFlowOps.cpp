//===- ControlFlowOps.cpp - tfg control flow ------------------------------===//
//
// Functional control flow (If/Case/While/For calling library functions) and
// region control flow (IfRegion/CaseRegion/WhileRegion/ForRegion), with the
// yield and condition terminators. The syntax of the region ops is in
// ControlFlowSyntax.cpp.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowImpl.h"
#include "GenericSyntax.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

//===----------------------------------------------------------------------===//
// Functional control flow
//===----------------------------------------------------------------------===//

namespace {
/// A callee the op refers to and the signature it must have.
struct CalleeUse {
  StringRef attrName;
  tf_type::FuncAttr func;
  unsigned numArgs, numResults;
};
} // namespace

LogicalResult
mlir::tfg::verifyFunctionalCallees(Operation *op,
                                   SymbolTableCollection &symbolTable) {
  StringRef opName = getTFOpName(op);
  opName.consume_front("Stateless");
  opName.consume_front("Stateful");
  unsigned numData = getNumDataOperands(op);
  unsigned numResults = getDataResults(op).size();
  SmallVector<CalleeUse, 2> uses;
  // Missing or mistyped callee attributes are errors: the op cannot run.
  auto getFunc = [&](StringRef name, tf_type::FuncAttr &func) -> LogicalResult {
    func = op->getAttrOfType<tf_type::FuncAttr>(name);
    if (!func)
      return op->emitOpError("requires a #tf_type.func attribute '")
             << name << "'";
    return success();
  };
  auto needData = [&](unsigned n) -> LogicalResult {
    if (numData >= n)
      return success();
    return op->emitOpError("expects at least ") << n << " data operands";
  };
  tf_type::FuncAttr a, b;
  if (opName == "If") {
    if (failed(needData(1)))
      return failure();
    if (failed((getFunc("then_branch", a))) ||
        failed((getFunc("else_branch", b))))
      return failure();
    uses.push_back({"then_branch", a, numData - 1, numResults});
    uses.push_back({"else_branch", b, numData - 1, numResults});
  } else if (opName == "Case") {
    if (failed(needData(1)))
      return failure();
    auto branches = op->getAttrOfType<ArrayAttr>("branches");
    if (!branches || branches.empty() ||
        !llvm::all_of(branches, llvm::IsaPred<tf_type::FuncAttr>))
      return op->emitOpError(
          "requires a non-empty array of #tf_type.func attribute 'branches'");
    for (Attribute branch : branches)
      uses.push_back({"branches", llvm::cast<tf_type::FuncAttr>(branch),
                      numData - 1, numResults});
  } else if (opName == "While") {
    if (failed((getFunc("cond", a))) || failed((getFunc("body", b))))
      return failure();
    uses.push_back({"cond", a, numData, 1});
    uses.push_back({"body", b, numData, numData});
  } else if (opName == "For") {
    if (failed(needData(3)) || failed((getFunc("body", a))))
      return failure();
    uses.push_back({"body", a, numData - 2, numData - 3});
  }
  for (const CalleeUse &use : uses) {
    // A callee outside this module (a runtime-provided function, a library
    // imported separately) is allowed, as TensorFlow allows it; a callee
    // that is here must fit.
    Operation *callee =
        symbolTable.lookupNearestSymbolFrom(op, use.func.getName());
    if (!callee)
      continue;
    auto func = dyn_cast<GraphFuncOp>(callee);
    if (!func)
      return op->emitOpError("'")
             << use.attrName << "' must refer to a tfg.func, got "
             << callee->getName();
    // Generic callees may take lists whose length depends on attributes.
    if (func.getGeneric())
      continue;
    if (func.getNumArguments() != use.numArgs)
      return op->emitOpError("'")
             << use.attrName << "' function " << use.func.getName() << " takes "
             << func.getNumArguments() << " arguments, but " << use.numArgs
             << " are passed";
    if (func.getNumResults() != use.numResults)
      return op->emitOpError("'")
             << use.attrName << "' function " << use.func.getName()
             << " returns " << func.getNumResults() << " results, but "
             << use.numResults << " are expected";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp and ConditionOp
//===----------------------------------------------------------------------===//

// `(data) [ctls] attrs : types` shared by yield and condition.
static ParseResult
parseDataAndControls(OpAsmParser &parser, OperationState &result, SMLoc loc,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &data) {
  SmallVector<OpAsmParser::UnresolvedOperand> ctls;
  if (parser.parseOperandList(data, OpAsmParser::Delimiter::OptionalParen) ||
      parseControlOperands(parser, ctls) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return parseDataTypesAndResolve(parser, result, loc, data, ctls);
}

static void printDataAndControls(OpAsmPrinter &p, Operation *op,
                                 OperandRange data, OperandRange ctls) {
  if (!data.empty()) {
    p << '(';
    p.printOperands(data);
    p << ')';
  }
  printControlOperands(p, ctls);
  p.printOptionalAttrDict(op->getAttrs());
  if (!data.empty()) {
    p << " : ";
    llvm::interleaveComma(data.getTypes(), p);
  }
}

static LogicalResult verifyControlsLast(Operation *op, unsigned begin = 0) {
  if (getNumDataOperands(op) < begin)
    return op->emitOpError("control token given where a value is expected");
  return verifyControlOperandsLast(op);
}

ParseResult YieldOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> data;
  return parseDataAndControls(parser, result, parser.getCurrentLocation(),
                              data);
}

void YieldOp::print(OpAsmPrinter &p) {
  printDataAndControls(p, *this, getDataOperands(), getControlOperands());
}

LogicalResult YieldOp::verify() { return verifyControlsLast(*this); }

MutableOperandRange YieldOp::getMutableSuccessorOperands(RegionSuccessor) {
  return MutableOperandRange(*this, 0, tfg::getNumDataOperands(*this));
}

ParseResult ConditionOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand cond;
  Type condType;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperand(cond) || parser.parseColonType(condType) ||
      parser.resolveOperand(cond, condType, result.operands))
    return failure();
  SmallVector<OpAsmParser::UnresolvedOperand> data;
  return parseDataAndControls(parser, result, loc, data);
}

void ConditionOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperand(getCond());
  p << " : " << getCond().getType();
  if (!getDataOperands().empty())
    p << ' ';
  printDataAndControls(p, *this, getDataOperands(), getControlOperands());
}

LogicalResult ConditionOp::verify() {
  if (isControlType(getCond().getType()))
    return emitOpError("condition must be a tensor, not a control token");
  return verifyControlsLast(*this, 1);
}

MutableOperandRange ConditionOp::getMutableSuccessorOperands(RegionSuccessor) {
  return MutableOperandRange(*this, 1, tfg::getNumDataOperands(*this) - 1);
}

//===----------------------------------------------------------------------===//
// Region control flow: shared pieces
//===----------------------------------------------------------------------===//

/// Checks that `region` ends with a terminator of type `TermOp` passing
/// `numValues` data values.
template <typename TermOp>
static LogicalResult verifyRegionTerminator(Operation *op, Region &region,
                                            StringRef regionName,
                                            unsigned numValues) {
  if (region.empty() || region.front().empty())
    return op->emitOpError("region '") << regionName << "' must not be empty";
  auto term = dyn_cast<TermOp>(region.front().back());
  if (!term)
    return op->emitOpError("region '")
           << regionName << "' must end with " << TermOp::getOperationName();
  unsigned n = term.getDataOperands().size();
  if (n != numValues)
    return op->emitOpError("region '") << regionName << "' passes " << n
                                       << " values, expected " << numValues;
  return success();
}

/// Checks a loop region's block arguments: `numData` data values followed
/// by as many control tokens.
static LogicalResult verifyLoopArgs(Operation *op, Region &region,
                                    StringRef regionName, unsigned numData) {
  if (region.empty())
    return op->emitOpError("region '") << regionName << "' must not be empty";
  Block &block = region.front();
  if (block.getNumArguments() != 2 * numData)
    return op->emitOpError("region '")
           << regionName << "' must have " << 2 * numData
           << " arguments (values, then a control token for each), got "
           << block.getNumArguments();
  for (unsigned i = 0; i < 2 * numData; ++i)
    if (isControlType(block.getArgument(i).getType()) != (i >= numData))
      return op->emitOpError("region '")
             << regionName << "' argument #" << i << " must be "
             << (i >= numData ? "a control token" : "a value");
  return success();
}

void mlir::tfg::getSuccessorsFromRegion(
    Operation *op, Region &region, SmallVectorImpl<RegionSuccessor> &regions) {
  if (region.empty() || region.front().empty())
    return;
  auto term =
      dyn_cast<RegionBranchTerminatorOpInterface>(region.front().back());
  if (term)
    cast<RegionBranchOpInterface>(op).getSuccessorRegions(
        RegionBranchPoint(term), regions);
}

static OperandRange emptyOperands(Operation *op) {
  return OperandRange(op->operand_end(), op->operand_end());
}

//===----------------------------------------------------------------------===//
// IfRegion
//===----------------------------------------------------------------------===//

/// The condition or branch index must be a value, not a control token.
static LogicalResult verifySelector(Operation *op) {
  if (isControlType(op->getOperand(0).getType()))
    return op->emitOpError(
        "first operand must be a value, not a control token");
  return success();
}

LogicalResult mlir::tfg::verifyIfRegion(Operation *op) {
  if (failed(verifyTFGNode(op)) || failed(verifySelector(op)))
    return failure();
  unsigned n = getDataResults(op).size();
  return failure(
      failed(
          verifyRegionTerminator<YieldOp>(op, op->getRegion(0), "then", n)) ||
      failed(verifyRegionTerminator<YieldOp>(op, op->getRegion(1), "else", n)));
}

OperandRange mlir::tfg::getEntryOperandsIfRegion(Operation *op,
                                                 RegionSuccessor) {
  return emptyOperands(op);
}

void mlir::tfg::getSuccessorsIfRegion(
    Operation *op, RegionBranchPoint point,
    SmallVectorImpl<RegionSuccessor> &regions) {
  if (!point.isParent()) {
    regions.push_back(RegionSuccessor(op, getDataResults(op)));
    return;
  }
  for (Region &region : op->getRegions())
    regions.push_back(RegionSuccessor(&region));
}

//===----------------------------------------------------------------------===//
// CaseRegion
//===----------------------------------------------------------------------===//

LogicalResult mlir::tfg::verifyCaseRegion(Operation *op) {
  if (failed(verifyTFGNode(op)) || failed(verifySelector(op)))
    return failure();
  if (op->getNumRegions() == 0)
    return op->emitOpError("expects at least one branch region");
  unsigned n = getDataResults(op).size();
  for (auto [i, region] : llvm::enumerate(op->getRegions()))
    if (failed(verifyRegionTerminator<YieldOp>(
            op, region, ("branch #" + Twine(i)).str(), n)))
      return failure();
  return success();
}

OperandRange mlir::tfg::getEntryOperandsCaseRegion(Operation *op,
                                                   RegionSuccessor) {
  return emptyOperands(op);
}

void mlir::tfg::getSuccessorsCaseRegion(
    Operation *op, RegionBranchPoint point,
    SmallVectorImpl<RegionSuccessor> &regions) {
  getSuccessorsIfRegion(op, point, regions);
}

//===----------------------------------------------------------------------===//
// WhileRegion
//===----------------------------------------------------------------------===//

LogicalResult mlir::tfg::verifyWhileRegion(Operation *op) {
  if (failed(verifyTFGNode(op)))
    return failure();
  unsigned n = getNumDataOperands(op);
  if (getDataResults(op).size() != n)
    return op->emitOpError("expects as many results as loop values (")
           << n << ")";
  return failure(
      failed(verifyLoopArgs(op, op->getRegion(0), "cond", n)) ||
      failed(verifyLoopArgs(op, op->getRegion(1), "body", n)) ||
      failed(verifyRegionTerminator<ConditionOp>(op, op->getRegion(0), "cond",
                                                 n)) ||
      failed(verifyRegionTerminator<YieldOp>(op, op->getRegion(1), "body", n)));
}

OperandRange mlir::tfg::getEntryOperandsWhileRegion(Operation *op,
                                                    RegionSuccessor) {
  return getDataOperands(op);
}

static Block::BlockArgListType dataArgs(Region &region, unsigned begin,
                                        unsigned n) {
  return region.front().getArguments().slice(begin, n);
}

void mlir::tfg::getSuccessorsWhileRegion(
    Operation *op, RegionBranchPoint point,
    SmallVectorImpl<RegionSuccessor> &regions) {
  Region &cond = op->getRegion(0), &body = op->getRegion(1);
  unsigned n = getDataResults(op).size();
  Operation *from = point.getTerminatorPredecessorOrNull();
  if (!from || from->getParentRegion() == &body) {
    // Entry and the end of the body both go to the condition.
    regions.push_back(RegionSuccessor(&cond, dataArgs(cond, 0, n)));
    return;
  }
  // The condition continues into the body or leaves the loop.
  regions.push_back(RegionSuccessor(&body, dataArgs(body, 0, n)));
  regions.push_back(RegionSuccessor(op, getDataResults(op)));
}

//===----------------------------------------------------------------------===//
// ForRegion
//===----------------------------------------------------------------------===//

LogicalResult mlir::tfg::verifyForRegion(Operation *op) {
  if (failed(verifyTFGNode(op)))
    return failure();
  unsigned numData = getNumDataOperands(op);
  if (numData < 3)
    return op->emitOpError("expects start, limit and delta operands");
  unsigned n = numData - 3;
  if (getDataResults(op).size() != n)
    return op->emitOpError("expects as many results as loop values (")
           << n << ")";
  return failure(
      failed(verifyLoopArgs(op, op->getRegion(0), "body", n + 1)) ||
      failed(verifyRegionTerminator<YieldOp>(op, op->getRegion(0), "body", n)));
}

OperandRange mlir::tfg::getEntryOperandsForRegion(Operation *op,
                                                  RegionSuccessor) {
  return getDataOperands(op).drop_front(3);
}

void mlir::tfg::getSuccessorsForRegion(
    Operation *op, RegionBranchPoint point,
    SmallVectorImpl<RegionSuccessor> &regions) {
  Region &body = op->getRegion(0);
  unsigned n = getDataResults(op).size();
  // From the entry or the end of an iteration: another iteration (the
  // index argument is produced by the loop, not forwarded) or the exit.
  regions.push_back(RegionSuccessor(&body, dataArgs(body, 1, n)));
  regions.push_back(RegionSuccessor(op, getDataResults(op)));
}
