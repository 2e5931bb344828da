//===- TFExecutorSyntax.cpp - tf_executor textual syntax ------------------===//
//
// The custom assembly of the tf_executor ops, as TensorFlow's tools print
// and read it:
//
//   %r = tf_executor.graph { ... tf_executor.fetch %v : T } {attrs}
//   %o, %c = tf_executor.island(%ctl) wraps "tf.Op"(%x) : (T) -> T
//   %o, %c = tf_executor.island { ... tf_executor.yield %v : T } {attrs}
//   %t, %f, %c = tf_executor.Switch %x, %p, %ctl : T {attrs}
//   %o:N, %c = tf_executor._SwitchN %x, %i of N (%ctl) : T
//   %v, %i, %c = tf_executor.Merge %a, %b, %ctl : T
//   %v, %c = tf_executor.Enter %x, %ctl frame "f" parallel_iterations 4
//   constant : T %v, %c = tf_executor.Exit %x : T            (LoopCond alike)
//   %v, %tok, %c = tf_executor.NextIteration.Source : T
//   tf_executor.NextIteration.Sink [%tok] %v, %ctl : T
//   %c = tf_executor.ControlTrigger %a, %b
//
// Where the types differ from what the single type implies (a data type T
// for data operands and results, tensor<i1> predicates, tensor<i32>
// indices), the functional type of all operands and results is printed.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tf_executor;

using UnresolvedOperand = OpAsmParser::UnresolvedOperand;

static Type getControlType(OpAsmParser &parser) {
  return ControlType::get(parser.getContext());
}

static Type scalarTensor(MLIRContext *ctx, unsigned width) {
  return RankedTensorType::get({}, IntegerType::get(ctx, width));
}

/// Parses `: type` then the attribute dictionary. With a functional type,
/// the operands take its inputs and the results are its results. Otherwise
/// `shortForm` gives the operand and result types for the single type.
static ParseResult
parseTypesAndAttrs(OpAsmParser &parser, OperationState &result,
                   ArrayRef<UnresolvedOperand> operands,
                   function_ref<ParseResult(Type, SmallVectorImpl<Type> &,
                                            SmallVectorImpl<Type> &)>
                       shortForm) {
  Type type;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseColonType(type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SmallVector<Type> operandTypes, resultTypes;
  if (auto fnType = llvm::dyn_cast<FunctionType>(type)) {
    llvm::append_range(operandTypes, fnType.getInputs());
    llvm::append_range(resultTypes, fnType.getResults());
  } else if (shortForm(type, operandTypes, resultTypes)) {
    return failure();
  }
  if (operandTypes.size() != operands.size())
    return parser.emitError(loc, "expected ")
           << operandTypes.size() << " operands for this type, got "
           << operands.size();
  result.addTypes(resultTypes);
  return parser.resolveOperands(operands, operandTypes, loc, result.operands);
}

/// Prints `: T` when `isShort`, else the functional type, then the
/// attributes but `elided`.
static void printTypesAndAttrs(OpAsmPrinter &p, Operation *op, Type shortType,
                               bool isShort, ArrayRef<StringRef> elided = {}) {
  p << " : ";
  if (isShort)
    p << shortType;
  else
    p.printFunctionalType(op);
  p.printOptionalAttrDict(op->getAttrs(), elided);
}

/// Short form operand types: the data types, then controls for the rest.
static void fillControls(OpAsmParser &parser, size_t total,
                         SmallVectorImpl<Type> &types) {
  while (types.size() < total)
    types.push_back(getControlType(parser));
}

//===----------------------------------------------------------------------===//
// graph
//===----------------------------------------------------------------------===//

ParseResult GraphOp::parse(OpAsmParser &parser, OperationState &result) {
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, /*arguments=*/{}))
    return failure();
  GraphOp::ensureTerminator(*body, parser.getBuilder(), result.location);
  Operation *terminator = body->front().getTerminator();
  if (!llvm::isa<FetchOp>(terminator))
    return parser.emitError(parser.getCurrentLocation(),
                            "expected tf_executor.fetch to end the graph");
  for (Type type : terminator->getOperandTypes())
    if (!isControl(type))
      result.addTypes(type);
  return parser.parseOptionalAttrDict(result.attributes);
}

void GraphOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  p.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// island
//===----------------------------------------------------------------------===//

ParseResult IslandOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> controls;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(controls) || parser.parseRParen())
      return failure();
  }
  if (parser.resolveOperands(controls, getControlType(parser), loc,
                             result.operands))
    return failure();
  Region *body = result.addRegion();
  OpBuilder builder(parser.getContext());
  if (succeeded(parser.parseOptionalKeyword("wraps"))) {
    auto *block = new Block();
    body->push_back(block);
    Operation *wrapped = parser.parseGenericOperation(block, block->begin());
    if (!wrapped)
      return failure();
    builder.setInsertionPointToEnd(block);
    YieldOp::create(builder, wrapped->getLoc(), wrapped->getResults());
    result.location = wrapped->getLoc();
  } else {
    if (parser.parseRegion(*body, /*arguments=*/{}))
      return failure();
    IslandOp::ensureTerminator(*body, builder, result.location);
    if (parser.parseOptionalAttrDict(result.attributes))
      return failure();
  }
  Operation *terminator = body->front().getTerminator();
  if (!llvm::isa<YieldOp>(terminator))
    return parser.emitError(loc,
                            "expected tf_executor.yield to end the island");
  result.addTypes(terminator->getOperandTypes());
  result.addTypes(getControlType(parser));
  return success();
}

void IslandOp::print(OpAsmPrinter &p) {
  if (!getControlInputs().empty()) {
    p << '(';
    p.printOperands(getControlInputs());
    p << ')';
  }
  // The short form has one location for the island, the op and the yield:
  // it is used when they agree and the island has no attributes.
  if ((*this)->getAttrs().empty() && wrapsSingleOp()) {
    Operation &wrapped = getBlock().front();
    if (wrapped.getLoc() == getLoc() && getYield()->getLoc() == getLoc()) {
      p << " wraps ";
      p.printGenericOp(&wrapped);
      return;
    }
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  p.printOptionalAttrDict((*this)->getAttrs());
}

//===----------------------------------------------------------------------===//
// Switch, _SwitchN, Merge
//===----------------------------------------------------------------------===//

ParseResult SwitchOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.size() < 2)
    return parser.emitError(loc, "expected a data operand and a predicate");
  return parseTypesAndAttrs(
      parser, result, operands,
      [&](Type type, SmallVectorImpl<Type> &ins, SmallVectorImpl<Type> &outs) {
        ins.assign({type, scalarTensor(parser.getContext(), 1)});
        fillControls(parser, operands.size(), ins);
        outs.assign({type, type, getControlType(parser)});
        return success();
      });
}

void SwitchOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(getOperands());
  Type type = getData().getType();
  bool isShort = getTrueOutput().getType() == type &&
                 getFalseOutput().getType() == type &&
                 getPredicate().getType() == scalarTensor(getContext(), 1);
  printTypesAndAttrs(p, *this, type, isShort);
}

ParseResult SwitchNOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.size() != 2)
    return parser.emitError(loc, "expected a data operand and an index");
  int64_t n = 0;
  llvm::SMLoc nLoc = parser.getCurrentLocation();
  if (parser.parseKeyword("of") || parser.parseInteger(n))
    return failure();
  // Real ops have a few outputs; the bound keeps a hostile count from
  // allocating types.
  if (n < 1 || n > (int64_t(1) << 16))
    return parser.emitError(nLoc,
                            "the number of outputs must be in [1, 65536]");
  result.getOrAddProperties<Properties>().num_outs =
      parser.getBuilder().getI64IntegerAttr(n);
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseOperandList(operands) || parser.parseRParen())
      return failure();
  }
  return parseTypesAndAttrs(
      parser, result, operands,
      [&](Type type, SmallVectorImpl<Type> &ins, SmallVectorImpl<Type> &outs) {
        ins.assign({type, scalarTensor(parser.getContext(), 32)});
        fillControls(parser, operands.size(), ins);
        outs.assign(n, type);
        outs.push_back(getControlType(parser));
        return success();
      });
}

void SwitchNOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperand(getData());
  p << ", ";
  p.printOperand(getIndex());
  p << " of " << getNumOuts();
  if (!getControlInputs().empty()) {
    p << " (";
    p.printOperands(getControlInputs());
    p << ')';
  }
  Type type = getData().getType();
  bool isShort =
      getIndex().getType() == scalarTensor(getContext(), 32) &&
      llvm::all_of(getOutputs().getTypes(), [&](Type t) { return t == type; });
  printTypesAndAttrs(p, *this, type, isShort, {"num_outs"});
}

ParseResult MergeOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.empty())
    return parser.emitError(loc, "expected at least one data operand");
  return parseTypesAndAttrs(
      parser, result, operands,
      [&](Type type, SmallVectorImpl<Type> &ins,
          SmallVectorImpl<Type> &outs) -> ParseResult {
        if (operands.size() < 2)
          return parser.emitError(loc, "the single-type form of "
                                       "tf_executor.Merge has two data "
                                       "operands");
        ins.assign({type, type});
        fillControls(parser, operands.size(), ins);
        outs.assign({type, scalarTensor(parser.getContext(), 32),
                     getControlType(parser)});
        return success();
      });
}

void MergeOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(getOperands());
  Type type = getOutput().getType();
  unsigned numData = 0;
  bool sameTypes = true;
  for (Type t : getOperandTypes()) {
    if (isControl(t))
      break;
    ++numData;
    sameTypes &= t == type;
  }
  bool isShort = sameTypes && numData == 2 &&
                 getValueIndex().getType() == scalarTensor(getContext(), 32);
  printTypesAndAttrs(p, *this, type, isShort);
}

//===----------------------------------------------------------------------===//
// Enter, Exit, LoopCond
//===----------------------------------------------------------------------===//

/// The single-type form of an op with one data operand and one data
/// result of the same type.
static ParseResult parseUnaryNode(OpAsmParser &parser, OperationState &result,
                                  ArrayRef<UnresolvedOperand> operands) {
  return parseTypesAndAttrs(
      parser, result, operands,
      [&](Type type, SmallVectorImpl<Type> &ins, SmallVectorImpl<Type> &outs) {
        ins.assign({type});
        fillControls(parser, operands.size(), ins);
        outs.assign({type, getControlType(parser)});
        return success();
      });
}

static ParseResult
parseOperandsAtLeastOne(OpAsmParser &parser,
                        SmallVectorImpl<UnresolvedOperand> &operands) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.empty())
    return parser.emitError(loc, "expected a data operand");
  return success();
}

static void printUnaryNode(OpAsmPrinter &p, Operation *op,
                           ArrayRef<StringRef> elided = {}) {
  Type type = op->getOperand(0).getType();
  printTypesAndAttrs(p, op, type, op->getResult(0).getType() == type, elided);
}

ParseResult EnterOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  if (parseOperandsAtLeastOne(parser, operands))
    return failure();
  Builder &b = parser.getBuilder();
  Properties &props = result.getOrAddProperties<Properties>();
  std::string frame;
  if (parser.parseKeyword("frame") || parser.parseString(&frame))
    return failure();
  props.frame_name = b.getStringAttr(frame);
  if (succeeded(parser.parseOptionalKeyword("parallel_iterations"))) {
    int64_t n = 0;
    if (parser.parseInteger(n))
      return failure();
    props.parallel_iterations = b.getI64IntegerAttr(n);
  }
  if (succeeded(parser.parseOptionalKeyword("constant")))
    props.is_constant = b.getBoolAttr(true);
  return parseUnaryNode(parser, result, operands);
}

void EnterOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(getOperands());
  p << " frame ";
  p.printString(getFrameName());
  if (auto n = getParallelIterationsAttr(); n && n.getInt() != 10)
    p << " parallel_iterations " << n.getInt();
  if (auto c = getIsConstantAttr(); c && c.getValue())
    p << " constant";
  printUnaryNode(p, *this,
                 {"frame_name", "parallel_iterations", "is_constant"});
}

ParseResult ExitOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  if (parseOperandsAtLeastOne(parser, operands))
    return failure();
  return parseUnaryNode(parser, result, operands);
}

void ExitOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(getOperands());
  printUnaryNode(p, *this);
}

ParseResult LoopCondOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  if (parseOperandsAtLeastOne(parser, operands))
    return failure();
  return parseUnaryNode(parser, result, operands);
}

void LoopCondOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printOperands(getOperands());
  printUnaryNode(p, *this);
}

//===----------------------------------------------------------------------===//
// NextIteration.Source / .Sink, ControlTrigger
//===----------------------------------------------------------------------===//

ParseResult NextIterationSourceOp::parse(OpAsmParser &parser,
                                         OperationState &result) {
  Type type;
  if (parser.parseColonType(type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(
      {type, TokenType::get(parser.getContext()), getControlType(parser)});
  return success();
}

void NextIterationSourceOp::print(OpAsmPrinter &p) {
  p << " : " << getOutput().getType();
  p.printOptionalAttrDict((*this)->getAttrs());
}

ParseResult NextIterationSinkOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  UnresolvedOperand token;
  SmallVector<UnresolvedOperand> operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLSquare() || parser.parseOperand(token) ||
      parser.parseRSquare() || parseOperandsAtLeastOne(parser, operands))
    return failure();
  Type type;
  if (parser.parseColonType(type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  SmallVector<Type> types{type};
  fillControls(parser, operands.size(), types);
  if (parser.resolveOperand(token, TokenType::get(parser.getContext()),
                            result.operands) ||
      parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  return success();
}

void NextIterationSinkOp::print(OpAsmPrinter &p) {
  p << " [";
  p.printOperand(getToken());
  p << "] ";
  p.printOperand(getInput());
  for (Value control : getControlInputs()) {
    p << ", ";
    p.printOperand(control);
  }
  p << " : " << getInput().getType();
  p.printOptionalAttrDict((*this)->getAttrs());
}

ParseResult ControlTriggerOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<UnresolvedOperand> operands;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands) ||
      parser.resolveOperands(operands, getControlType(parser), loc,
                             result.operands) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(getControlType(parser));
  return success();
}

void ControlTriggerOp::print(OpAsmPrinter &p) {
  if (!getControlInputs().empty()) {
    p << ' ';
    p.printOperands(getControlInputs());
  }
  p.printOptionalAttrDict((*this)->getAttrs());
}
