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

LogicalResult YieldOp::verify() {
  // The region ops check which terminator each of their regions ends with;
  // under another op that tfg knows (a graph, a function, a module) a yield
  // ends nothing. An unregistered parent's regions are its own business.
  Operation *parent = (*this)->getParentOp();
  if (!parent ||
      (parent->isRegistered() && !isa<RegionBranchOpInterface>(parent)))
    return emitOpError("must end a region of a region control-flow op");
  return verifyControlsLast(*this);
}

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
  Operation *parent = (*this)->getParentOp();
  if (!isa_and_nonnull<WhileRegionOp, StatelessWhileRegionOp,
                       StatefulWhileRegionOp>(parent) ||
      (*this)->getParentRegion()->getRegionNumber() != 0)
    return emitOpError("must end the condition region of a WhileRegion");
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

/// The data values `region`'s terminator passes on (a condition's without
/// the condition). The region was checked to end with a yield or condition.
static OperandRange getPassedValues(Region &region) {
  Operation *term = &region.front().back();
  if (auto cond = dyn_cast<ConditionOp>(term))
    return cond.getDataOperands();
  return getDataOperands(term);
}

/// Checks that each of `values` may flow where `targets` (as many) are
/// expected: `what` says where the values come from, `targetWhat` where
/// they go.
static LogicalResult verifyFlow(Operation *op, TypeRange values,
                                TypeRange targets, const Twine &what,
                                const Twine &targetWhat) {
  for (auto [i, pair] : llvm::enumerate(llvm::zip(values, targets))) {
    auto [from, to] = pair;
    if (!tf_type::areValueTypesCompatible(from, to))
      return op->emitOpError() << what << " #" << i << " of type " << from
                               << " is not compatible with " << targetWhat
                               << " #" << i << " of type " << to;
  }
  return success();
}

/// The data arguments of a loop region (checked by verifyLoopArgs).
static TypeRange loopArgTypes(Region &region) {
  Block &block = region.front();
  return TypeRange(
      block.getArguments().take_front(block.getNumArguments() / 2));
}

/// Checks the preserved attributes of the function `region` came from
/// (`attr`, named `attrName`, null if absent): an attribute dictionary per
/// result (1 for a loop condition), and per data argument of a loop region
/// (If and Case regions have none: their arguments' attributes are kept as
/// the function had them).
static LogicalResult verifyRegionAttrs(Operation *op, Region &region,
                                       bool isLoop, Attribute attr,
                                       const Twine &attrName) {
  auto attrs = dyn_cast_if_present<RegionAttr>(attr);
  if (!attrs)
    return success();
  auto dictionaries = [](ArrayAttr a) {
    return a && llvm::all_of(a, llvm::IsaPred<DictionaryAttr>);
  };
  if (!dictionaries(attrs.getArgAttrs()) || !dictionaries(attrs.getResAttrs()))
    return op->emitOpError()
           << attrName << ": argument and result attributes must be "
           << "dictionaries";
  Block &block = region.front();
  unsigned numArgs = block.getNumArguments() / 2;
  if (isLoop && attrs.getArgAttrs().size() != numArgs)
    return op->emitOpError()
           << attrName << " lists " << attrs.getArgAttrs().size()
           << " argument attributes for the region's " << numArgs
           << " arguments";
  unsigned numResults = isa<ConditionOp>(block.back())
                            ? 1
                            : getDataOperands(&block.back()).size();
  if (attrs.getResAttrs().size() != numResults)
    return op->emitOpError()
           << attrName << " lists " << attrs.getResAttrs().size()
           << " result attributes for the region's " << numResults
           << " results";
  return success();
}

/// Checks an array attribute holding one entry per region (CaseRegion's
/// `branch_attrs` and `region_attrs`), if present.
static LogicalResult verifyPerRegionArray(Operation *op, StringRef name) {
  auto array = op->getAttrOfType<ArrayAttr>(name);
  if (!array || array.size() == op->getNumRegions())
    return success();
  return op->emitOpError("'")
         << name << "' has " << array.size() << " entries for "
         << op->getNumRegions() << " branch regions";
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

/// Checks that the branch regions of an If or Case yield values that fit
/// the op's results (their number was checked).
static LogicalResult verifyBranchYields(Operation *op, Region &region,
                                        StringRef regionName) {
  return verifyFlow(
      op, getPassedValues(region).getTypes(), getDataResults(op).getTypes(),
      "region '" + regionName + "' yields value", "the op's result");
}

LogicalResult mlir::tfg::verifyIfRegion(Operation *op) {
  if (failed(verifyTFGNode(op)) || failed(verifySelector(op)))
    return failure();
  Type cond = op->getOperand(0).getType();
  if (!tf_type::holdsDataType(cond, IntegerType::get(op->getContext(), 1)))
    return op->emitOpError("condition must be a boolean (i1) tensor, got ")
           << cond;
  unsigned n = getDataResults(op).size();
  Region &thenRegion = op->getRegion(0), &elseRegion = op->getRegion(1);
  return failure(
      failed(verifyRegionTerminator<YieldOp>(op, thenRegion, "then", n)) ||
      failed(verifyRegionTerminator<YieldOp>(op, elseRegion, "else", n)) ||
      failed(verifyBranchYields(op, thenRegion, "then")) ||
      failed(verifyBranchYields(op, elseRegion, "else")) ||
      failed(verifyRegionAttrs(op, thenRegion, false,
                               op->getAttr("then_region_attrs"),
                               "then_region_attrs")) ||
      failed(verifyRegionAttrs(op, elseRegion, false,
                               op->getAttr("else_region_attrs"),
                               "else_region_attrs")));
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
  Type index = op->getOperand(0).getType();
  if (!tf_type::holdsDataType(index, IntegerType::get(op->getContext(), 32)))
    return op->emitOpError("branch index must be an int32 tensor, got ")
           << index;
  if (failed(verifyPerRegionArray(op, "branch_attrs")) ||
      failed(verifyPerRegionArray(op, "region_attrs")))
    return failure();
  unsigned n = getDataResults(op).size();
  auto regionAttrs = op->getAttrOfType<ArrayAttr>("region_attrs");
  for (auto [i, region] : llvm::enumerate(op->getRegions())) {
    std::string name = ("branch #" + Twine(i)).str();
    if (failed(verifyRegionTerminator<YieldOp>(op, region, name, n)) ||
        failed(verifyBranchYields(op, region, name)))
      return failure();
    if (regionAttrs &&
        failed(verifyRegionAttrs(op, region, false, regionAttrs[i],
                                 "region_attrs #" + Twine(i))))
      return failure();
  }
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
  Region &cond = op->getRegion(0), &body = op->getRegion(1);
  if (failed(verifyLoopArgs(op, cond, "cond", n)) ||
      failed(verifyLoopArgs(op, body, "body", n)) ||
      failed(verifyRegionTerminator<ConditionOp>(op, cond, "cond", n)) ||
      failed(verifyRegionTerminator<YieldOp>(op, body, "body", n)))
    return failure();
  // The loop values flow from the operands and the body's yield into the
  // condition, and from the condition into the body and the results.
  TypeRange condArgs = loopArgTypes(cond);
  TypeRange passed = getPassedValues(cond).getTypes();
  return failure(
      failed(verifyFlow(op, getDataOperands(op).getTypes(), condArgs, "operand",
                        "region 'cond' argument")) ||
      failed(verifyFlow(op, getPassedValues(body).getTypes(), condArgs,
                        "region 'body' yields value",
                        "region 'cond' argument")) ||
      failed(verifyFlow(op, passed, loopArgTypes(body),
                        "region 'cond' passes value",
                        "region 'body' argument")) ||
      failed(verifyFlow(op, passed, getDataResults(op).getTypes(),
                        "region 'cond' passes value", "the op's result")) ||
      failed(verifyRegionAttrs(op, cond, true, op->getAttr("cond_region_attrs"),
                               "cond_region_attrs")) ||
      failed(verifyRegionAttrs(op, body, true, op->getAttr("body_region_attrs"),
                               "body_region_attrs")));
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
  Region &body = op->getRegion(0);
  if (failed(verifyLoopArgs(op, body, "body", n + 1)) ||
      failed(verifyRegionTerminator<YieldOp>(op, body, "body", n)))
    return failure();
  // Argument 0 is the loop index (start, limit and delta are int32).
  TypeRange args = loopArgTypes(body);
  Type i32 = IntegerType::get(op->getContext(), 32);
  for (unsigned i = 0; i < 3; ++i)
    if (!tf_type::holdsDataType(op->getOperand(i).getType(), i32))
      return op->emitOpError("operand #")
             << i << " (start, limit, delta) must be an int32 tensor, got "
             << op->getOperand(i).getType();
  if (!tf_type::holdsDataType(args[0], i32))
    return op->emitOpError("region 'body' argument #0 (the loop index) must ")
           << "be an int32 tensor, got " << args[0];
  TypeRange values = args.drop_front();
  return failure(
      failed(verifyFlow(op, getDataOperands(op).drop_front(3).getTypes(),
                        values, "loop value", "region 'body' argument")) ||
      failed(verifyFlow(op, getPassedValues(body).getTypes(), values,
                        "region 'body' yields value",
                        "region 'body' loop argument")) ||
      failed(verifyFlow(op, getPassedValues(body).getTypes(),
                        getDataResults(op).getTypes(),
                        "region 'body' yields value", "the op's result")) ||
      failed(verifyRegionAttrs(op, body, true, op->getAttr("region_attrs"),
                               "region_attrs")));
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
