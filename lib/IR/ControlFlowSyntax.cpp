//===- ControlFlowSyntax.cpp - Syntax of region control flow --------------===//
//
// The custom syntax of IfRegion, CaseRegion, WhileRegion and ForRegion as
// TensorFlow's tfg prints them (tensorflow/core/ir/ops.td):
//
//   IfRegion %cond [%ctl] then {...} else {...} {attrs} : (tensor<i1>) -> R
//   CaseRegion %index [%ctl] {...}, {...} {attrs} : (tensor<i32>) -> R
//   WhileRegion(%init) [%ctl] {...} do {...} {attrs} : (T) -> R
//   ForRegion(%init) [%ctl] from %start to %limit by %delta {...} {attrs}
//       : (tensor<i32>, tensor<i32>, tensor<i32>, T) -> (R)
//
// where a single result R of a functional type prints without parentheses.
// Node names and devices are `_mlir_name`, `_mlir_device` and
// `_mlir_assigned_device` in the attribute dictionary. Also parsed: earlier
// tfg's `name(..)`/`device(..)` keywords before the dictionary and its
// `ForRegion(%start, %limit, %delta, %init)`, and earlier TensorFlow's loops
// typed by the list of their values' types (`: T1, T2`; ForRegion's bounds
// then are `tensor<i32>`).
//
//===----------------------------------------------------------------------===//

#include "ControlFlowImpl.h"
#include "GenericSyntax.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

using Operands = SmallVector<OpAsmParser::UnresolvedOperand, 4>;

/// `{attrs}`, after earlier tfg's `device(..) name(..)` keywords if any.
static ParseResult parseNodeAttributes(OpAsmParser &parser,
                                       OperationState &result) {
  return failure(parseNodeKeywords(parser, result) ||
                 parser.parseOptionalAttrDict(result.attributes));
}

/// Resolves `data` with `dataTypes` and `ctls` as control tokens; the
/// results are `resultTypes` and a control token.
static ParseResult resolveRegionOp(
    OpAsmParser &parser, OperationState &result, SMLoc loc,
    ArrayRef<Type> dataTypes, ArrayRef<OpAsmParser::UnresolvedOperand> data,
    ArrayRef<OpAsmParser::UnresolvedOperand> ctls, ArrayRef<Type> resultTypes) {
  if (dataTypes.size() != data.size())
    return parser.emitError(loc) << "expected " << data.size()
                                 << " operand types, got " << dataTypes.size();
  Type ctl = getTFGDialect(parser.getContext())->getControlType();
  if (parser.resolveOperands(data, dataTypes, loc, result.operands) ||
      parser.resolveOperands(ctls, ctl, result.operands))
    return failure();
  result.addTypes(resultTypes);
  result.addTypes(ctl);
  return success();
}

/// `{attrs} : (inputs) -> results`, of IfRegion and CaseRegion.
static ParseResult
parseFunctionalTail(OpAsmParser &parser, OperationState &result, SMLoc loc,
                    ArrayRef<OpAsmParser::UnresolvedOperand> data,
                    ArrayRef<OpAsmParser::UnresolvedOperand> ctls) {
  FunctionType type;
  if (parseNodeAttributes(parser, result) || parser.parseColonType(type))
    return failure();
  return resolveRegionOp(parser, result, loc, type.getInputs(), data, ctls,
                         type.getResults());
}

static void printFunctionalTail(Operation *op, OpAsmPrinter &p) {
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  p.printFunctionalType(getDataOperands(op).getTypes(),
                        getDataResults(op).getTypes());
}

//===----------------------------------------------------------------------===//
// IfRegion and CaseRegion
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::parseIfRegion(OpAsmParser &parser,
                                     OperationState &result) {
  OpAsmParser::UnresolvedOperand cond;
  Operands ctls;
  SMLoc loc = parser.getCurrentLocation();
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseOperand(cond) || parseControlOperands(parser, ctls) ||
      parser.parseKeyword("then") || parser.parseRegion(*thenRegion) ||
      parser.parseKeyword("else") || parser.parseRegion(*elseRegion))
    return failure();
  return parseFunctionalTail(parser, result, loc, cond, ctls);
}

void mlir::tfg::printIfRegion(Operation *op, OpAsmPrinter &p) {
  p << ' ';
  p.printOperand(op->getOperand(0));
  printControlOperands(p, getControlOperands(op));
  p << " then ";
  p.printRegion(op->getRegion(0));
  p << " else ";
  p.printRegion(op->getRegion(1));
  printFunctionalTail(op, p);
}

ParseResult mlir::tfg::parseCaseRegion(OpAsmParser &parser,
                                       OperationState &result) {
  OpAsmParser::UnresolvedOperand index;
  Operands ctls;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperand(index) || parseControlOperands(parser, ctls))
    return failure();
  do {
    if (parser.parseRegion(*result.addRegion()))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parseFunctionalTail(parser, result, loc, index, ctls);
}

void mlir::tfg::printCaseRegion(Operation *op, OpAsmPrinter &p) {
  p << ' ';
  p.printOperand(op->getOperand(0));
  printControlOperands(p, getControlOperands(op));
  p << ' ';
  llvm::interleaveComma(op->getRegions(), p,
                        [&](Region &region) { p.printRegion(region); });
  printFunctionalTail(op, p);
}

//===----------------------------------------------------------------------===//
// WhileRegion
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::parseWhileRegion(OpAsmParser &parser,
                                        OperationState &result) {
  Operands init, ctls;
  SMLoc loc = parser.getCurrentLocation();
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseOperandList(init, OpAsmParser::Delimiter::OptionalParen) ||
      parseControlOperands(parser, ctls) || parser.parseRegion(*cond) ||
      parser.parseKeyword("do") || parser.parseRegion(*body) ||
      parseNodeAttributes(parser, result))
    return failure();
  // `: (inputs) -> results`, or earlier TensorFlow's list of the values'
  // types (which the results have too); nothing without loop values.
  SmallVector<Type, 4> types;
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() == 1 && llvm::isa<FunctionType>(types.front())) {
    auto type = llvm::cast<FunctionType>(types.front());
    return resolveRegionOp(parser, result, loc, type.getInputs(), init, ctls,
                           type.getResults());
  }
  return resolveRegionOp(parser, result, loc, types, init, ctls, types);
}

void mlir::tfg::printWhileRegion(Operation *op, OpAsmPrinter &p) {
  OperandRange init = getDataOperands(op);
  if (!init.empty()) {
    p << '(';
    p.printOperands(init);
    p << ')';
  }
  printControlOperands(p, getControlOperands(op));
  p << ' ';
  p.printRegion(op->getRegion(0));
  p << " do ";
  p.printRegion(op->getRegion(1));
  p.printOptionalAttrDict(op->getAttrs());
  if (!init.empty() || !getDataResults(op).empty()) {
    p << " : ";
    p.printFunctionalType(init.getTypes(), getDataResults(op).getTypes());
  }
}

//===----------------------------------------------------------------------===//
// ForRegion
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::parseForRegion(OpAsmParser &parser,
                                      OperationState &result) {
  Operands list, ctls, data;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(list, OpAsmParser::Delimiter::OptionalParen) ||
      parseControlOperands(parser, ctls))
    return failure();
  // TensorFlow's `from %start to %limit by %delta` after the loop values, or
  // earlier tfg's bounds first in the operand list.
  bool bounds = succeeded(parser.parseOptionalKeyword("from"));
  if (bounds) {
    data.resize(3);
    if (parser.parseOperand(data[0]) || parser.parseKeyword("to") ||
        parser.parseOperand(data[1]) || parser.parseKeyword("by") ||
        parser.parseOperand(data[2]))
      return failure();
  }
  data.append(list.begin(), list.end());
  if (parser.parseRegion(*result.addRegion()) ||
      parseNodeAttributes(parser, result))
    return failure();
  SmallVector<Type, 4> ins, outs;
  Type index = RankedTensorType::get({}, parser.getBuilder().getI32Type());
  if (succeeded(parser.parseOptionalColon())) {
    if (succeeded(parser.parseOptionalLParen())) {
      // `(bounds, values) -> (results)`, the arrow left out without results.
      if (failed(parser.parseOptionalRParen()) &&
          (parser.parseTypeList(ins) || parser.parseRParen()))
        return failure();
      if (parser.parseOptionalArrowTypeList(outs))
        return failure();
    } else {
      // Earlier TensorFlow: the loop values' types; the bounds are scalars.
      if (parser.parseTypeList(outs))
        return failure();
      ins.assign(3, index);
      ins.append(outs.begin(), outs.end());
    }
  } else if (bounds) {
    // Earlier TensorFlow, without loop values.
    ins.assign(3, index);
  }
  return resolveRegionOp(parser, result, loc, ins, data, ctls, outs);
}

void mlir::tfg::printForRegion(Operation *op, OpAsmPrinter &p) {
  OperandRange data = getDataOperands(op);
  ResultRange results = getDataResults(op);
  // Without its three bounds (which the verifier rejects) the op prints in
  // earlier tfg's form, which holds any operand list.
  bool bounds = data.size() >= 3;
  OperandRange init = bounds ? data.drop_front(3) : data;
  if (!init.empty()) {
    p << '(';
    p.printOperands(init);
    p << ')';
  }
  printControlOperands(p, getControlOperands(op));
  if (bounds) {
    p << " from ";
    p.printOperand(data[0]);
    p << " to ";
    p.printOperand(data[1]);
    p << " by ";
    p.printOperand(data[2]);
  }
  p << ' ';
  p.printRegion(op->getRegion(0));
  p.printOptionalAttrDict(op->getAttrs());
  p << " : (";
  llvm::interleaveComma(data.getTypes(), p);
  p << ')';
  if (!results.empty()) {
    p << " -> (";
    llvm::interleaveComma(results.getTypes(), p);
    p << ')';
  }
}
