//===- GenericOp.cpp - Generic TensorFlow nodes ---------------------------===//
//
// Every TensorFlow op without an ODS definition is an unregistered
// `tfg.<OpName>` operation. This file gives those nodes their custom syntax,
// their verifier and the node helpers of Utility.h.
//
//===----------------------------------------------------------------------===//

#include "GenericSyntax.h"
#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tfg;

TFGraphDialect *mlir::tfg::getTFGDialect(MLIRContext *context) {
  return context->getLoadedDialect<TFGraphDialect>();
}

TFGraphDialect *mlir::tfg::getTFGDialect(Operation *op) {
  // Nodes are tfg ops: their name holds the dialect, no map lookup needed.
  Dialect *dialect = op->getName().getDialect();
  if (dialect && dialect->getTypeID() == TypeID::get<TFGraphDialect>())
    return static_cast<TFGraphDialect *>(dialect);
  return getTFGDialect(op->getContext());
}

//===----------------------------------------------------------------------===//
// Node helpers
//===----------------------------------------------------------------------===//

unsigned mlir::tfg::getNumDataOperands(Operation *op) {
  // Control operands are last; scan from the back, which is short.
  unsigned n = op->getNumOperands();
  while (n > 0 && isControlType(op->getOperand(n - 1).getType()))
    --n;
  return n;
}

OperandRange mlir::tfg::getDataOperands(Operation *op) {
  return op->getOperands().take_front(getNumDataOperands(op));
}

OperandRange mlir::tfg::getControlOperands(Operation *op) {
  return op->getOperands().drop_front(getNumDataOperands(op));
}

Value mlir::tfg::getControlToken(Operation *op) {
  if (op->getNumResults() == 0)
    return {};
  Value last = op->getResult(op->getNumResults() - 1);
  return isControlType(last.getType()) ? last : Value();
}

ResultRange mlir::tfg::getDataResults(Operation *op) {
  return op->getResults().drop_back(getControlToken(op) ? 1 : 0);
}

Value mlir::tfg::getControlTokenOf(Value value) {
  if (auto result = llvm::dyn_cast<OpResult>(value))
    return getControlToken(result.getOwner());
  auto arg = llvm::cast<BlockArgument>(value);
  Block *block = arg.getOwner();
  Operation *parent = block->getParentOp();
  if (!parent || !block->isEntryBlock())
    return {};
  unsigned idx = arg.getArgNumber(), n = block->getNumArguments();
  if (isa<GraphFuncOp>(parent)) {
    if (idx % 2 || idx + 1 >= n)
      return {};
    return block->getArgument(idx + 1);
  }
  if (parent->getDialect() == getTFGDialect(parent)) {
    if (n % 2 || idx >= n / 2)
      return {};
    return block->getArgument(idx + n / 2);
  }
  return {};
}

Value mlir::tfg::getDataValueOfControl(Value control) {
  auto arg = llvm::dyn_cast<BlockArgument>(control);
  if (!arg || !isControlType(arg.getType()))
    return {};
  Block *block = arg.getOwner();
  Operation *parent = block->getParentOp();
  if (!parent || !block->isEntryBlock())
    return {};
  unsigned idx = arg.getArgNumber(), n = block->getNumArguments();
  if (isa<GraphFuncOp>(parent))
    return idx % 2 ? block->getArgument(idx - 1) : Value();
  if (parent->getDialect() == getTFGDialect(parent))
    return n % 2 == 0 && idx >= n / 2 ? block->getArgument(idx - n / 2)
                                      : Value();
  return {};
}

/// The string attribute `id` of a node, or null.
static StringAttr getNodeStringAttr(Operation *op, StringAttr id) {
  Attribute attr = op->isRegistered() ? op->getAttr(id)
                                      : op->getRawDictionaryAttrs().get(id);
  return llvm::dyn_cast_or_null<StringAttr>(attr);
}
static StringRef getStringAttrValue(Operation *op, StringAttr id) {
  if (StringAttr attr = getNodeStringAttr(op, id))
    return attr.getValue();
  return {};
}

/// A generic node's name, kept as its properties; null otherwise.
static StringAttr getNameProperty(Operation *op) {
  if (op->isRegistered())
    return {};
  return llvm::dyn_cast_or_null<StringAttr>(op->getPropertiesAsAttribute());
}

StringAttr mlir::tfg::getNodeNameAttr(Operation *op) {
  if (StringAttr name = getNameProperty(op))
    return name;
  return getNodeStringAttr(op, getTFGDialect(op)->getNameAttrIdentifier());
}
StringRef mlir::tfg::getNodeName(Operation *op) {
  if (StringAttr name = getNodeNameAttr(op))
    return name.getValue();
  return {};
}
StringRef mlir::tfg::getNodeNamePrefix(Operation *op) {
  StringRef name = getNodeName(op);
  return name.empty() ? getTFOpName(op) : name;
}
StringRef mlir::tfg::getNodeDevice(Operation *op) {
  return getStringAttrValue(op, getTFGDialect(op)->getDeviceAttrIdentifier());
}
StringRef mlir::tfg::getNodeAssignedDevice(Operation *op) {
  return getStringAttrValue(
      op, getTFGDialect(op)->getAssignedDeviceAttrIdentifier());
}
void mlir::tfg::setNodeName(Operation *op, StringRef name) {
  StringAttr id = getTFGDialect(op)->getNameAttrIdentifier();
  StringAttr value = StringAttr::get(op->getContext(), name);
  if (op->isRegistered()) {
    op->setAttr(id, value);
    return;
  }
  (void)op->setPropertiesFromAttribute(value, /*emitError=*/nullptr);
  if (op->getRawDictionaryAttrs().get(id))
    op->removeAttr(id);
}
void mlir::tfg::addNodeName(OperationState &state, StringAttr name) {
  if (state.name.isRegistered())
    state.attributes.set(
        getTFGDialect(name.getContext())->getNameAttrIdentifier(), name);
  else
    state.propertiesAttr = name;
}
void mlir::tfg::setNodeDevice(Operation *op, StringRef device) {
  op->setAttr(getTFGDialect(op)->getDeviceAttrIdentifier(),
              StringAttr::get(op->getContext(), device));
}

/// Whether `c` may follow the first character of a node name's part.
static bool isNodeNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '-' || c == '.' || c == '/';
}

bool mlir::tfg::isValidNodeName(StringRef name) {
  // Parts separated by '>': each starts with a letter, digit or '.' (the
  // first may start with '_'), then any name characters.
  bool firstPart = true;
  while (true) {
    if (name.empty())
      return false;
    char c = name.front();
    if (!(llvm::isAlnum(c) || c == '.' || (firstPart && c == '_')))
      return false;
    size_t end = 1;
    while (end < name.size() && isNodeNameChar(name[end]))
      ++end;
    if (end == name.size())
      return true;
    if (name[end] != '>')
      return false;
    name = name.drop_front(end + 1);
    firstPart = false;
  }
}

StringRef mlir::tfg::getTFOpName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  name.consume_front("tfg.");
  return name;
}

/// What is wrong with the order of `op`'s operands, or empty.
static StringRef getControlOperandsOrderError(Operation *op) {
  bool seenControl = false;
  for (Type type : op->getOperandTypes()) {
    if (isControlType(type))
      seenControl = true;
    else if (seenControl)
      return "control operands must come after data operands";
  }
  return {};
}

StringRef mlir::tfg::getNodeShapeError(Operation *op) {
  if (StringRef error = getControlOperandsOrderError(op); !error.empty())
    return error;
  if (op->getNumResults() == 0 ||
      !isControlType(op->getResults().back().getType()))
    return "must have a trailing !tf_type.control result";
  for (Value v : getDataResults(op))
    if (isControlType(v.getType()))
      return "must have exactly one control result, as the last result";
  if (op->isRegistered())
    return {};
  // A generic node's properties are its name (see getNodeNameAttr).
  if (Attribute props = op->getPropertiesAsAttribute()) {
    if (!llvm::isa<StringAttr>(props))
      return "properties must be the node's name, a string";
    if (op->getRawDictionaryAttrs().get(
            getTFGDialect(op)->getNameAttrIdentifier()))
      return "has a name both as properties and as '_mlir_name'";
  }
  return {};
}

LogicalResult mlir::tfg::verifyControlOperandsLast(Operation *op) {
  if (StringRef error = getControlOperandsOrderError(op); !error.empty())
    return op->emitOpError(error);
  return success();
}

LogicalResult mlir::tfg::verifyTFGNode(Operation *op) {
  if (StringRef error = getNodeShapeError(op); !error.empty())
    return op->emitOpError(error);
  // A node may have no name (TensorFlow's tfg allows it; export names it),
  // but a name, when given, is not empty.
  if (StringAttr name = getNodeNameAttr(op); name && name.empty())
    return op->emitOpError(
        "has an empty name (a node without a name has no name at all)");
  return success();
}

bool mlir::tfg::isStatefulNode(Operation *op) {
  StringRef name = getTFOpName(op);
  const OpDef *def = getTFGDialect(op)->getOpRegistry().lookup(name);
  if (!def)
    return true;
  if (def->isStateful())
    return true;
  // Graph inputs and outputs: removing them changes what the graph is.
  return isGraphBoundary(name);
}

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

ParseResult mlir::tfg::parseControlOperands(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ctls) {
  return parser.parseOperandList(ctls, OpAsmParser::Delimiter::OptionalSquare);
}

void mlir::tfg::printControlOperands(OpAsmPrinter &p, OperandRange ctls) {
  if (ctls.empty())
    return;
  p << " [";
  p.printOperands(ctls);
  p << ']';
}

ParseResult mlir::tfg::parseNodeKeywords(OpAsmParser &parser,
                                         OperationState &result) {
  auto *dialect = static_cast<TFGraphDialect *>(result.name.getDialect());
  while (true) {
    StringAttr id;
    if (succeeded(parser.parseOptionalKeyword("device")))
      id = dialect->getDeviceAttrIdentifier();
    else if (succeeded(parser.parseOptionalKeyword("assigned_device")))
      id = dialect->getAssignedDeviceAttrIdentifier();
    else if (succeeded(parser.parseOptionalKeyword("name")))
      id = dialect->getNameAttrIdentifier();
    else
      return success();
    std::string value;
    if (parser.parseLParen() || parser.parseString(&value) ||
        parser.parseRParen())
      return failure();
    auto str = StringAttr::get(parser.getContext(), value);
    if (id == dialect->getNameAttrIdentifier())
      addNodeName(result, str);
    else
      result.attributes.set(id, str);
  }
}

void mlir::tfg::printNodeKeywordsAndAttrs(Operation *op, OpAsmPrinter &p,
                                          ArrayRef<StringRef> elided) {
  TFGraphDialect *dialect = getTFGDialect(op);
  StringAttr ids[3] = {dialect->getDeviceAttrIdentifier(),
                       dialect->getAssignedDeviceAttrIdentifier(),
                       dialect->getNameAttrIdentifier()};
  static constexpr StringLiteral keywords[3] = {"device", "assigned_device",
                                                "name"};
  // One pass over the attributes: the keyword attributes are compared by
  // identifier (pointer equality), not by string.
  ArrayRef<NamedAttribute> attrs = getNodeAttrs(op).getValue();
  StringAttr values[3];
  SmallVector<StringRef, 6> skip(elided.begin(), elided.end());
  for (const NamedAttribute &attr : attrs) {
    for (unsigned k = 0; k < 3; ++k) {
      if (attr.getName() != ids[k])
        continue;
      // A non-string value under a keyword's name (possible in generic
      // form) stays in the dictionary.
      if (auto str = llvm::dyn_cast<StringAttr>(attr.getValue())) {
        values[k] = str;
        skip.push_back(ids[k].getValue());
      }
    }
  }
  // A generic node's name is its properties (then it has no `_mlir_name`).
  if (StringAttr name = getNameProperty(op))
    values[2] = name;
  for (unsigned k = 0; k < 3; ++k) {
    if (!values[k])
      continue;
    p << ' ' << keywords[k] << '(';
    p.printString(values[k].getValue());
    p << ')';
  }
  p.printOptionalAttrDict(attrs, skip);
}

ParseResult mlir::tfg::parseDataTypesAndResolve(
    OpAsmParser &parser, OperationState &result, SMLoc loc,
    ArrayRef<OpAsmParser::UnresolvedOperand> data,
    ArrayRef<OpAsmParser::UnresolvedOperand> ctls) {
  SmallVector<Type> types;
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() != data.size())
    return parser.emitError(loc) << "expected " << data.size()
                                 << " operand types, got " << types.size();
  Type ctl = tf_type::ControlType::get(parser.getContext());
  return failure(parser.resolveOperands(data, types, loc, result.operands) ||
                 parser.resolveOperands(ctls, ctl, result.operands));
}

ParseResult mlir::tfg::parseGenericNode(OpAsmParser &parser,
                                        OperationState &result) {
  Type controlType =
      static_cast<TFGraphDialect *>(result.name.getDialect())->getControlType();
  SmallVector<OpAsmParser::UnresolvedOperand, 4> data, ctls;
  SMLoc operandLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(data, OpAsmParser::Delimiter::OptionalParen) ||
      parseControlOperands(parser, ctls) || parseNodeKeywords(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  // `: (inputs) -> (outputs)`, or, as TensorFlow prints a node without data
  // results, the list of the input types alone.
  ArrayRef<Type> inputs, outputs;
  SmallVector<Type, 4> types;
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() == 1 && llvm::isa<FunctionType>(types.front())) {
    auto fnType = llvm::cast<FunctionType>(types.front());
    inputs = fnType.getInputs();
    outputs = fnType.getResults();
  } else {
    inputs = types;
  }
  if (inputs.size() != data.size())
    return parser.emitError(operandLoc)
           << "expected " << data.size() << " operand types, got "
           << inputs.size();
  for (Type t : llvm::concat<const Type>(inputs, outputs))
    if (isControlType(t))
      return parser.emitError(operandLoc)
             << "control types are implicit; list only data types";
  if (parser.resolveOperands(data, inputs, operandLoc, result.operands) ||
      parser.resolveOperands(ctls, controlType, result.operands))
    return failure();
  result.addTypes(outputs);
  result.addTypes(controlType);
  return success();
}

void mlir::tfg::printGenericNode(Operation *op, OpAsmPrinter &p) {
  unsigned numData = getNumDataOperands(op);
  OperandRange operands = op->getOperands();
  if (numData) {
    p << '(';
    p.printOperands(operands.take_front(numData));
    p << ')';
  }
  printControlOperands(p, operands.drop_front(numData));
  printNodeKeywordsAndAttrs(op, p);
  ResultRange results = getDataResults(op);
  if (results.empty()) {
    // As TensorFlow prints it: the input types alone.
    if (numData) {
      p << " : ";
      llvm::interleaveComma(operands.take_front(numData).getTypes(), p);
    }
    return;
  }
  p << " : (";
  llvm::interleaveComma(operands.take_front(numData).getTypes(), p);
  p << ") -> (";
  llvm::interleaveComma(results.getTypes(), p);
  p << ')';
}

void mlir::tfg::nameNodeResults(Operation *op, OpAsmSetValueNameFn setNameFn) {
  Value ctl = getControlToken(op);
  ResultRange data = getDataResults(op);
  if (!data.empty())
    setNameFn(data.front(), getTFOpName(op));
  if (ctl)
    setNameFn(ctl, "ctl");
}
