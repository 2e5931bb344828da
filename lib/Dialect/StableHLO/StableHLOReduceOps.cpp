//===- StableHLOReduceOps.cpp - ops with computation regions --------------===//
//
// The generated code of StableHLOReduceOps.td, the reduce op's syntax (the
// compact `applies` form and the `reducer` region form StableHLO prints),
// and the verifiers of reduce, reduce_window, select_and_scatter, sort and
// map, written from the spec's constraints.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "StableHLOVerify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOReduceOps.cpp.inc"

void StableHLODialect::registerReduceOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/StableHLO/StableHLOReduceOps.cpp.inc"
      >();
}

/// Element types of `values`' tensor types.
static SmallVector<Type> elementTypes(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(cast<ShapedType>(v.getType()).getElementType());
  return types;
}

/// (C1)/(C2)-style checks: every value of `values` has the shape of the
/// first one.
static LogicalResult verifySameShapes(Operation *op, ValueRange values,
                                      StringRef what) {
  if (values.empty())
    return op->emitOpError() << "needs at least one of " << what;
  auto first = cast<RankedTensorType>(values.front().getType());
  for (Value v : values.drop_front()) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != first.getRank() ||
        failed(verifyCompatibleShape(t.getShape(), first.getShape())))
      return op->emitOpError() << what << " must have the same shape";
  }
  return success();
}

/// Init values: 0-d tensors of the inputs' element types.
static LogicalResult verifyInitValues(Operation *op, ValueRange inputs,
                                      ValueRange inits) {
  if (inputs.size() != inits.size())
    return op->emitOpError("needs as many init_values as inputs");
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(inputs, inits))) {
    auto [input, init] = pair;
    auto t = cast<RankedTensorType>(init.getType());
    if (t.getRank() != 0)
      return op->emitOpError("init_values must be 0-d tensors, #")
             << i << " is " << t;
    if (!compatibleElementTypes(
            t.getElementType(),
            cast<ShapedType>(input.getType()).getElementType()))
      return op->emitOpError("init value #")
             << i << " has another element type than its input";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  ValueRange inputs = getInputs();
  // (C1), (C2), (C3)
  if (failed(verifySameShapes(*this, inputs, "inputs")) ||
      failed(verifyInitValues(*this, inputs, getInitValues())))
    return failure();
  if (getResults().size() != inputs.size())
    return emitOpError("must have as many results as inputs");
  auto input = cast<RankedTensorType>(inputs.front().getType());
  ArrayRef<int64_t> dims = getDimensions();
  // (C4), (C5)
  if (failed(checkDims(*this, "dimensions", dims, input.getRank())))
    return failure();
  // (C6)
  SmallVector<Type> bodyTypes;
  if (failed(verifyReducerRegion(*this, getBody(), elementTypes(inputs), "body",
                                 &bodyTypes)))
    return failure();
  // (C7), (C8)
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < input.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(input.getDimSize(d));
  for (auto [i, result] : llvm::enumerate(getResults())) {
    auto t = cast<RankedTensorType>(result.getType());
    if (t.getRank() != static_cast<int64_t>(shape.size()) ||
        failed(verifyCompatibleShape(t.getShape(), shape)) ||
        !compatibleElementTypes(t.getElementType(), bodyTypes[i]))
      return emitOpError("result #")
             << i << " must be " << RankedTensorType::get(shape, bodyTypes[i]);
  }
  return success();
}

/// The one op of a body `(a, b) { %r = op a, b; return %r }` that the
/// compact form can print, or null.
static Operation *compactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getBody().empty())
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || block.getOperations().size() != 2)
    return nullptr;
  Operation &inner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.back());
  auto argType = dyn_cast<RankedTensorType>(block.getArgument(0).getType());
  Type initType = op.getInitValues().front().getType();
  if (!ret || !argType ||
      argType != RankedTensorType::get(
                     {}, cast<ShapedType>(initType).getElementType()) ||
      block.getArgument(1).getType() != argType)
    return nullptr;
  if (inner.getDialect() != op->getDialect() || inner.getNumOperands() != 2 ||
      inner.getNumResults() != 1 || inner.getNumRegions() != 0 ||
      !inner.getAttrs().empty() ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      inner.getResult(0).getType() != argType || ret.getNumOperands() != 1 ||
      ret.getOperand(0) != inner.getResult(0))
    return nullptr;
  return &inner;
}

void ReduceOp::print(OpAsmPrinter &p) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    if (i)
      p << ", ";
    p << '(';
    p.printOperand(getInputs()[i]);
    p << " init: ";
    p.printOperand(getInitValues()[i]);
    p << ')';
  }
  Operation *compact = compactReducer(*this);
  if (compact)
    p << " applies " << compact->getName().getStringRef();
  p << " across dimensions = ";
  printIntList(p, getDimensions());
  p.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  p << " : ";
  p.printFunctionalType(*this);
  if (compact)
    return;
  p.printNewline();
  p << " reducer";
  if (getBody().empty()) {
    p << "() ";
    p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
    return;
  }
  Block &block = getBody().front();
  size_t args = block.getNumArguments();
  // Pairs (accumulator i, element i) when the body has 2N arguments.
  if (args == 2 * n) {
    for (size_t i = 0; i < n; ++i) {
      if (i)
        p << ' ';
      p << '(';
      p.printRegionArgument(block.getArgument(i));
      p << ", ";
      p.printRegionArgument(block.getArgument(i + n));
      p << ')';
    }
  } else {
    p << '(';
    llvm::interleaveComma(block.getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
    p << ')';
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand input, init;
        if (parser.parseLParen() || parser.parseOperand(input) ||
            parser.parseKeyword("init") || parser.parseColon() ||
            parser.parseOperand(init) || parser.parseRParen())
          return failure();
        inputs.push_back(input);
        inits.push_back(init);
        return success();
      }))
    return failure();
  std::optional<OperationName> applies;
  SMLoc appliesLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    appliesLoc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    applies = *name;
  }
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseIntList(parser, dims) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType fn;
  if (parser.parseType(fn))
    return failure();
  size_t n = inputs.size();
  if (fn.getNumInputs() != 2 * n)
    return parser.emitError(typeLoc, "expected ")
           << 2 * n << " operand types, got " << fn.getNumInputs();
  SmallVector<OpAsmParser::UnresolvedOperand> operands(inputs);
  llvm::append_range(operands, inits);
  if (parser.resolveOperands(operands, fn.getInputs(), loc, result.operands))
    return failure();
  result.addTypes(fn.getResults());
  result.getOrAddProperties<Properties>().dimensions =
      DenseI64ArrayAttr::get(parser.getContext(), dims);
  Region *body = result.addRegion();
  if (applies) {
    if (n != 1)
      return parser.emitError(appliesLoc, "'applies' needs exactly one input");
    auto init = dyn_cast<ShapedType>(fn.getInput(1));
    if (!init)
      return parser.emitError(typeLoc, "init value must be a tensor");
    Type scalar = RankedTensorType::get({}, init.getElementType());
    Location opLoc = parser.getEncodedSourceLoc(appliesLoc);
    OpBuilder builder(parser.getContext());
    Block *block = builder.createBlock(body);
    block->addArguments({scalar, scalar}, {opLoc, opLoc});
    OperationState state(opLoc, *applies);
    state.addOperands(block->getArguments());
    state.addTypes(scalar);
    Operation *inner = builder.create(state);
    ReturnOp::create(builder, opLoc, inner->getResults());
    return success();
  }
  if (parser.parseKeyword("reducer"))
    return failure();
  // (%acc: T, %elem: T) per input; arguments are accumulators then elements.
  SmallVector<OpAsmParser::Argument> accs, elems;
  for (size_t i = 0; i < n; ++i) {
    OpAsmParser::Argument acc, elem;
    if (parser.parseLParen() || parser.parseArgument(acc, /*allowType=*/true) ||
        parser.parseComma() || parser.parseArgument(elem, true) ||
        parser.parseRParen())
      return failure();
    accs.push_back(acc);
    elems.push_back(elem);
  }
  SmallVector<OpAsmParser::Argument> args(accs);
  llvm::append_range(args, elems);
  return parser.parseRegion(*body, args);
}

//===----------------------------------------------------------------------===//
// reduce_window, select_and_scatter
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::verify() {
  ValueRange inputs = getInputs();
  // (C1), (C2), (C3)
  if (failed(verifySameShapes(*this, inputs, "inputs")) ||
      failed(verifyInitValues(*this, inputs, getInitValues())))
    return failure();
  auto input = cast<RankedTensorType>(inputs.front().getType());
  int64_t rank = input.getRank();
  // (C4)-(C12)
  WindowSpec window;
  if (failed(verifyWindow(*this, rank, getWindowDimensions(),
                          getWindowStrides(), getBaseDilations(),
                          getWindowDilations(), getPaddingAttr(), window)))
    return failure();
  // (C13)
  SmallVector<Type> bodyTypes;
  if (failed(verifyReducerRegion(*this, getBody(), elementTypes(inputs), "body",
                                 &bodyTypes)))
    return failure();
  if (getResults().size() != inputs.size())
    return emitOpError("must have as many results as inputs");
  // (C15), (C16)
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(
        windowCount(input.getDimSize(d), window.dims[d], window.strides[d],
                    window.baseDilations[d], window.windowDilations[d],
                    window.padding[d].first, window.padding[d].second));
  for (auto [i, result] : llvm::enumerate(getResults())) {
    auto t = cast<RankedTensorType>(result.getType());
    if (t.getRank() != rank ||
        failed(verifyCompatibleShape(t.getShape(), shape)) ||
        !compatibleElementTypes(t.getElementType(), bodyTypes[i]))
      return emitOpError("result #")
             << i << " must be " << RankedTensorType::get(shape, bodyTypes[i]);
  }
  return success();
}

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto source = cast<RankedTensorType>(getSource().getType());
  // (C1)
  if (!compatibleElementTypes(operand.getElementType(),
                              source.getElementType()))
    return emitOpError("operand and source must have the same element type");
  // (C3)
  if (failed(verifyInitValues(*this, getOperand(), getInitValue())))
    return failure();
  int64_t rank = operand.getRank();
  // (C4)-(C9)
  WindowSpec window;
  if (failed(verifyWindow(*this, rank, getWindowDimensions(),
                          getWindowStrides(), std::nullopt, std::nullopt,
                          getPaddingAttr(), window)))
    return failure();
  // (C2)
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(
        windowCount(operand.getDimSize(d), window.dims[d], window.strides[d], 1,
                    1, window.padding[d].first, window.padding[d].second));
  if (source.getRank() != rank ||
      failed(verifyCompatibleShape(source.getShape(), shape)))
    return emitOpError("source must have the window count shape ")
           << RankedTensorType::get(shape, source.getElementType());
  // (C10) select: (tensor<E>, tensor<E>) -> tensor<i1>.
  FailureOr<ReturnOp> selectRet = getReturn(*this, getSelect(), "select");
  if (failed(selectRet))
    return failure();
  Type scalar = RankedTensorType::get({}, operand.getElementType());
  Block &select = getSelect().front();
  auto pred = selectRet->getResults().size() == 1
                  ? dyn_cast<RankedTensorType>(
                        selectRet->getResults().front().getType())
                  : RankedTensorType();
  if (select.getNumArguments() != 2 ||
      select.getArgument(0).getType() != scalar ||
      select.getArgument(1).getType() != scalar || !pred ||
      pred.getRank() != 0 || !pred.getElementType().isInteger(1))
    return emitOpError("select must have type (")
           << scalar << ", " << scalar << ") -> tensor<i1>";
  // (C11)
  SmallVector<Type> bodyTypes;
  if (failed(verifyReducerRegion(*this, getScatter(), {source.getElementType()},
                                 "scatter", &bodyTypes)))
    return failure();
  // (C12)
  auto result = cast<RankedTensorType>(getResult().getType());
  if (result.getRank() != rank ||
      failed(verifyCompatibleShape(result.getShape(), operand.getShape())) ||
      !compatibleElementTypes(result.getElementType(), bodyTypes.front()))
    return emitOpError("result must have the operand's shape");
  return success();
}

//===----------------------------------------------------------------------===//
// sort, map
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  ValueRange inputs = getInputs();
  // (C1)
  if (failed(verifySameShapes(*this, inputs, "inputs")))
    return failure();
  // (C2)
  if (getResults().getTypes() != inputs.getTypes())
    return emitOpError("results must have the inputs' types");
  int64_t rank = cast<RankedTensorType>(inputs.front().getType()).getRank();
  // (C4)
  if (static_cast<int64_t>(getDimension()) < -rank ||
      static_cast<int64_t>(getDimension()) >= rank)
    return emitOpError("dimension ")
           << static_cast<int64_t>(getDimension()) << " is out of range ["
           << -rank << ", " << rank << ")";
  // (C5) comparator: (tensor<E0>, tensor<E0>, ..., tensor<EN-1>,
  // tensor<EN-1>) -> tensor<i1>.
  FailureOr<ReturnOp> ret = getReturn(*this, getComparator(), "comparator");
  if (failed(ret))
    return failure();
  Block &block = getComparator().front();
  if (block.getNumArguments() != 2 * inputs.size())
    return emitOpError("comparator must take ")
           << 2 * inputs.size() << " arguments";
  for (auto [i, type] : llvm::enumerate(elementTypes(inputs))) {
    Type scalar = RankedTensorType::get({}, type);
    if (block.getArgument(2 * i).getType() != scalar ||
        block.getArgument(2 * i + 1).getType() != scalar)
      return emitOpError("comparator arguments ")
             << 2 * i << " and " << 2 * i + 1 << " must be " << scalar;
  }
  auto pred =
      ret->getResults().size() == 1
          ? dyn_cast<RankedTensorType>(ret->getResults().front().getType())
          : RankedTensorType();
  if (!pred || pred.getRank() != 0 || !pred.getElementType().isInteger(1))
    return emitOpError("comparator must return one tensor<i1>");
  return success();
}

LogicalResult MapOp::verify() {
  ValueRange inputs = getInputs();
  // (C1), (C2)
  if (failed(verifySameShapes(*this, inputs, "inputs")))
    return failure();
  auto input = cast<RankedTensorType>(inputs.front().getType());
  // (C3)
  ArrayRef<int64_t> dims = getDimensions();
  if (static_cast<int64_t>(dims.size()) != input.getRank())
    return emitOpError("dimensions must be [0, ..., rank - 1]");
  for (auto [i, d] : llvm::enumerate(dims))
    if (d != static_cast<int64_t>(i))
      return emitOpError("dimensions must be [0, ..., rank - 1]");
  // (C4) computation: (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'>.
  FailureOr<ReturnOp> ret = getReturn(*this, getComputation(), "computation");
  if (failed(ret))
    return failure();
  Block &block = getComputation().front();
  if (block.getNumArguments() != inputs.size())
    return emitOpError("computation must take ")
           << inputs.size() << " arguments";
  for (auto [i, type] : llvm::enumerate(elementTypes(inputs)))
    if (block.getArgument(i).getType() != RankedTensorType::get({}, type))
      return emitOpError("computation argument #")
             << i << " must be " << RankedTensorType::get({}, type);
  auto out =
      ret->getResults().size() == 1
          ? dyn_cast<RankedTensorType>(ret->getResults().front().getType())
          : RankedTensorType();
  if (!out || out.getRank() != 0)
    return emitOpError("computation must return one 0-d tensor");
  // (C5), (C6)
  auto result = cast<RankedTensorType>(getResult().getType());
  if (result.getRank() != input.getRank() ||
      failed(verifyCompatibleShape(result.getShape(), input.getShape())) ||
      !compatibleElementTypes(result.getElementType(), out.getElementType()))
    return emitOpError("result must be ") << input.clone(out.getElementType());
  return success();
}
