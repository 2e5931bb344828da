//===- TFGOps.cpp - tfg graph, function and terminator ops ----------------===//
//
// Graphs, functions (with their hidden control arguments), return and
// get_result. Control-flow operations are in ControlFlowOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "ControlFlowImpl.h"
#include "GenericSyntax.h"
#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/Verifier.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <deque>

using namespace mlir;
using namespace mlir::tfg;

#define GET_OP_CLASSES
#include "tfg/IR/TFGOps.cpp.inc"

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

void GraphOp::build(OpBuilder &builder, OperationState &state,
                    tf_type::VersionAttr version) {
  state.addAttribute(getVersionAttrName(state.name), version);
  state.addRegion()->emplaceBlock();
}

StringRef GraphOp::getDefaultDialect() { return "tfg"; }

LogicalResult GraphOp::verify() { return detail::verifyNestedNodes(*this); }

//===----------------------------------------------------------------------===//
// GraphFuncOp
//===----------------------------------------------------------------------===//

void GraphFuncOp::build(OpBuilder &builder, OperationState &state,
                        StringRef name, FunctionType type, bool generic) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  if (generic)
    state.addAttribute(getGenericAttrName(state.name), builder.getUnitAttr());
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  Type ctl = tf_type::ControlType::get(builder.getContext());
  for (Type t : type.getInputs()) {
    block->addArgument(t, state.location);
    block->addArgument(ctl, state.location);
  }
}

StringRef GraphFuncOp::getDefaultDialect() { return "tfg"; }

Region *GraphFuncOp::getCallableRegion() {
  return isExternal() ? nullptr : &getBody();
}
ArrayRef<Type> GraphFuncOp::getArgumentTypes() {
  return getFunctionType().getInputs();
}
ArrayRef<Type> GraphFuncOp::getResultTypes() {
  return getFunctionType().getResults();
}

ReturnOp GraphFuncOp::getReturnOp() {
  if (getBody().empty() || getBody().front().empty())
    return {};
  return dyn_cast<ReturnOp>(getBody().front().back());
}

/// The SSA name of an argument named `name`: as MLIR (and so TensorFlow's
/// tfg) prints it, other characters than letters, digits, `_`, `$` and `-`
/// made `_`, '.' too, so that `<name>.ctl` cannot collide with another
/// argument's name. Empty if `name` cannot start an SSA name.
static std::string getArgSSAName(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name[0]) || name[0] == '_'))
    return {};
  std::string ssaName = name.str();
  for (char &c : ssaName)
    if (!(llvm::isAlnum(c) || c == '_' || c == '$' || c == '-'))
      c = '_';
  return ssaName;
}

void GraphFuncOp::getAsmBlockArgumentNames(Region &region,
                                           OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  Block &block = region.front();
  unsigned n = block.getNumArguments() / 2;
  StringAttr tfgName = getTFGDialect(getContext())->getTfgNameAttrIdentifier();
  llvm::StringSet<> used;
  for (unsigned i = 0; i < n; ++i) {
    std::string name;
    if (DictionaryAttr attrs = getArgAttrDict(i))
      if (auto s = attrs.getAs<StringAttr>(tfgName))
        name = getArgSSAName(s.getValue());
    if (name.empty() || !used.insert(name).second) {
      name = "arg" + std::to_string(i);
      // Keep trying until free (a user name may be "arg3").
      while (!used.insert(name).second)
        name += "_";
    }
    setNameFn(block.getArgument(2 * i), name);
    setNameFn(block.getArgument(2 * i + 1), name + ".ctl");
  }
}

/// The resource argument ids print as TensorFlow's importer writes them,
/// `dense<[...]> : tensor<Nxi32>`; they are kept as DenseI32ArrayAttrs.
static bool isResourceIdsAttr(StringAttr name) {
  return name.getValue() == "resource_arg_unique_ids_keys" ||
         name.getValue() == "resource_arg_unique_ids_values";
}

ParseResult GraphFuncOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  // `[public|private|nested] [generic] @name(...)`, as TensorFlow orders them.
  StringRef visibility;
  if (succeeded(parser.parseOptionalKeyword(&visibility,
                                            {"public", "private", "nested"})))
    result.addAttribute(SymbolTable::getVisibilityAttrName(),
                        builder.getStringAttr(visibility));
  if (succeeded(parser.parseOptionalKeyword("generic")))
    result.addAttribute(getGenericAttrName(result.name), builder.getUnitAttr());
  StringAttr nameAttr;
  if (parser.parseSymbolName(nameAttr, SymbolTable::getSymbolAttrName(),
                             result.attributes))
    return failure();
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  bool isVariadic = false;
  SMLoc sigLoc = parser.getCurrentLocation();
  if (function_interface_impl::parseFunctionSignatureWithArguments(
          parser, /*allowVariadic=*/false, args, isVariadic, resultTypes,
          resultAttrs))
    return failure();
  SmallVector<Type> argTypes;
  for (OpAsmParser::Argument &arg : args) {
    if (arg.ssaName.name.empty())
      return parser.emitError(sigLoc, "function arguments must be named");
    argTypes.push_back(arg.type);
  }
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(builder.getFunctionType(argTypes, resultTypes)));
  call_interface_impl::addArgAndResultAttrs(builder, result, args, resultAttrs,
                                            getArgAttrsAttrName(result.name),
                                            getResAttrsAttrName(result.name));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  // TensorFlow's `dense<[...]> : tensor<Nxi32>` resource argument ids.
  for (NamedAttribute &attr : result.attributes) {
    auto elements = llvm::dyn_cast<DenseIntElementsAttr>(attr.getValue());
    if (isResourceIdsAttr(attr.getName()) && elements &&
        elements.getElementType().isSignlessInteger(32))
      attr.setValue(builder.getDenseI32ArrayAttr(
          llvm::to_vector(elements.getValues<int32_t>())));
  }

  // Interleave a control argument `%<name>.ctl` after each data argument.
  std::deque<std::string> names;
  SmallVector<OpAsmParser::Argument> blockArgs;
  Type ctl = tf_type::ControlType::get(builder.getContext());
  for (OpAsmParser::Argument &arg : args) {
    blockArgs.push_back(arg);
    OpAsmParser::Argument control = arg;
    names.push_back((arg.ssaName.name + ".ctl").str());
    control.ssaName.name = names.back();
    control.type = ctl;
    control.attrs = {};
    blockArgs.push_back(control);
  }
  Region *body = result.addRegion();
  return parser.parseRegion(*body, blockArgs, /*enableNameShadowing=*/false);
}

// As TensorFlow prints a function: one argument per line, aligned after the
// `(`; the results on the next line after `     -> (`, one per line; then,
// on a line of their own, the attributes and the body.
void GraphFuncOp::print(OpAsmPrinter &p) {
  Operation *op = *this;
  p << ' ';
  size_t indent = op->getName().getStringRef().size() + 3;
  if (auto visibility = getSymVisibilityAttr()) {
    p << visibility.getValue() << ' ';
    indent += visibility.getValue().size() + 1;
  }
  if (getGeneric())
    p << "generic ";
  p.printSymbolName(getSymName());
  indent += getSymName().size();
  p << '(';
  ArrayRef<Type> inputs = getFunctionType().getInputs();
  Block *entry = isExternal() ? nullptr : &getBody().front();
  for (unsigned i = 0; i < inputs.size(); ++i) {
    if (i) {
      p << ", ";
      p.printNewline();
      p.getStream().indent(indent);
    }
    ArrayRef<NamedAttribute> attrs;
    if (DictionaryAttr d = getArgAttrDict(i))
      attrs = d.getValue();
    if (entry && entry->getNumArguments() == 2 * inputs.size()) {
      p.printRegionArgument(entry->getArgument(2 * i), attrs);
    } else {
      p << inputs[i];
      p.printOptionalAttrDict(attrs);
    }
  }
  p << ')';
  ArrayRef<Type> results = getFunctionType().getResults();
  if (!results.empty()) {
    p.printNewline();
    p.getStream() << "     -> (";
    for (unsigned i = 0; i < results.size(); ++i) {
      if (i) {
        p << ", ";
        p.printNewline();
        p.getStream().indent(9);
      }
      p << results[i];
      if (DictionaryAttr d = getResultAttrDict(i))
        p.printOptionalAttrDict(d.getValue());
    }
    p << ')';
  }
  p.printNewline();
  SmallVector<NamedAttribute> attrs;
  Builder builder(getContext());
  for (NamedAttribute attr : op->getAttrs()) {
    auto ids = llvm::dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    if (ids && isResourceIdsAttr(attr.getName()))
      attr.setValue(builder.getI32TensorAttr(ids.asArrayRef()));
    attrs.push_back(attr);
  }
  p.printOptionalAttrDictWithKeyword(
      attrs,
      {SymbolTable::getSymbolAttrName(), SymbolTable::getVisibilityAttrName(),
       getGenericAttrName().getValue(), getFunctionTypeAttrName().getValue(),
       getArgAttrsAttrName().getValue(), getResAttrsAttrName().getValue()});
  if (entry) {
    p << ' ';
    p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/true);
  }
}

LogicalResult GraphFuncOp::verifyType() {
  for (Type t : getFunctionType().getInputs())
    if (isControlType(t))
      return emitOpError("control types are implicit in the function type");
  for (Type t : getFunctionType().getResults())
    if (isControlType(t))
      return emitOpError("control types are implicit in the function type");
  return success();
}

LogicalResult GraphFuncOp::verifyBody() {
  if (isExternal())
    return success();
  Block &entry = getBody().front();
  ArrayRef<Type> inputs = getFunctionType().getInputs();
  if (entry.getNumArguments() != 2 * inputs.size())
    return emitOpError("entry block must have ")
           << 2 * inputs.size()
           << " arguments (a control token after each data argument), got "
           << entry.getNumArguments();
  for (unsigned i = 0; i < inputs.size(); ++i) {
    if (entry.getArgument(2 * i).getType() != inputs[i])
      return emitOpError("type of data argument #")
             << i << " (" << entry.getArgument(2 * i).getType()
             << ") does not match the function type (" << inputs[i] << ")";
    if (!isControlType(entry.getArgument(2 * i + 1).getType()))
      return emitOpError("block argument #")
             << 2 * i + 1 << " must be a !tf_type.control token";
  }
  return success();
}

/// Checks that no two of `count` arguments (`what` = "argument") or results
/// share a `tfg.name`: a FunctionDef refers to them by name.
static LogicalResult
verifyUniqueArgNames(GraphFuncOp func, unsigned count, StringRef what,
                     function_ref<DictionaryAttr(unsigned)> getAttrs) {
  StringAttr tfgName =
      getTFGDialect(func->getContext())->getTfgNameAttrIdentifier();
  llvm::SmallDenseMap<StringAttr, unsigned, 8> first;
  for (unsigned i = 0; i < count; ++i) {
    DictionaryAttr attrs = getAttrs(i);
    auto name = attrs ? attrs.getAs<StringAttr>(tfgName) : StringAttr();
    if (!name)
      continue;
    auto [it, inserted] = first.try_emplace(name, i);
    if (!inserted)
      return func.emitOpError("function @")
             << func.getSymName() << ": " << what << "s #" << it->second
             << " and #" << i << " are both named '" << name.getValue() << "'";
  }
  return success();
}

LogicalResult GraphFuncOp::verify() {
  if (failed(verifyUniqueArgNames(
          *this, getNumArguments(), "argument",
          [&](unsigned i) { return getArgAttrDict(i); })) ||
      failed(verifyUniqueArgNames(
          *this, getNumResults(), "result",
          [&](unsigned i) { return getResultAttrDict(i); })))
    return failure();
  auto keys = getResourceArgUniqueIdsKeysAttr();
  auto values = getResourceArgUniqueIdsValuesAttr();
  if ((keys || values) && (!keys || !values || values.size() != keys.size()))
    return emitOpError("resource_arg_unique_ids_keys and _values must have "
                       "the same size");
  // The keys are argument numbers.
  if (keys)
    for (int32_t key : keys.asArrayRef())
      if (key < 0 || static_cast<unsigned>(key) >= getNumArguments())
        return emitOpError("resource_arg_unique_ids_keys holds ")
               << key << ", not an argument number (the function has "
               << getNumArguments() << " arguments)";
  if (isExternal())
    return success();
  if (!getBody().hasOneBlock())
    return emitOpError("body must have exactly one block");
  if (!getReturnOp())
    return emitOpError("body must end with a tfg.return");
  return detail::verifyNestedNodes(*this);
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

void ReturnOp::build(OpBuilder &builder, OperationState &state,
                     ValueRange operands, ValueRange controls,
                     ArrayRef<Attribute> controlAttrs) {
  state.addOperands(operands);
  state.addOperands(controls);
  SmallVector<Attribute> attrs(controlAttrs);
  attrs.resize(controls.size(), builder.getDictionaryAttr({}));
  state.addAttribute(getControlRetAttrsAttrName(state.name),
                     builder.getArrayAttr(attrs));
}

OperandRange ReturnOp::getDataOperands() { return tfg::getDataOperands(*this); }
OperandRange ReturnOp::getControlOperands() {
  return tfg::getControlOperands(*this);
}

ParseResult ReturnOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  SmallVector<OpAsmParser::UnresolvedOperand> data, ctls;
  SmallVector<Attribute> ctlAttrs;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(data, OpAsmParser::Delimiter::OptionalParen))
    return failure();
  if (succeeded(parser.parseOptionalLSquare())) {
    if (failed(parser.parseOptionalRSquare())) {
      do {
        OpAsmParser::UnresolvedOperand operand;
        NamedAttrList attrs;
        if (parser.parseOperand(operand) || parser.parseOptionalAttrDict(attrs))
          return failure();
        ctls.push_back(operand);
        ctlAttrs.push_back(attrs.getDictionary(builder.getContext()));
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return failure();
    }
  }
  result.addAttribute(getControlRetAttrsAttrName(result.name),
                      builder.getArrayAttr(ctlAttrs));
  // TensorFlow's return reads the node keywords too.
  if (parseNodeKeywords(parser, result) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return parseDataTypesAndResolve(parser, result, loc, data, ctls);
}

void ReturnOp::print(OpAsmPrinter &p) {
  OperandRange data = getDataOperands();
  if (!data.empty()) {
    p << '(';
    p.printOperands(data);
    p << ')';
  }
  OperandRange ctls = getControlOperands();
  ArrayAttr attrs = getControlRetAttrs();
  if (!ctls.empty()) {
    p << " [";
    for (unsigned i = 0; i < ctls.size(); ++i) {
      if (i)
        p << ", ";
      p.printOperand(ctls[i]);
      if (i < attrs.size())
        if (auto d = llvm::dyn_cast<DictionaryAttr>(attrs[i]))
          p.printOptionalAttrDict(d.getValue());
    }
    p << ']';
  }
  printNodeKeywordsAndAttrs(*this, p,
                            {getControlRetAttrsAttrName().getValue()});
  if (!data.empty()) {
    p << " : ";
    llvm::interleaveComma(data.getTypes(), p);
  }
}

LogicalResult ReturnOp::verify() {
  if (failed(verifyControlOperandsLast(*this)))
    return failure();
  unsigned numData = tfg::getNumDataOperands(*this);
  unsigned numCtl = getNumOperands() - numData;
  if (getControlRetAttrs().size() != numCtl)
    return emitOpError("expected ")
           << numCtl << " control_ret_attrs (one per control operand), got "
           << getControlRetAttrs().size();
  if (!llvm::all_of(getControlRetAttrs(), llvm::IsaPred<DictionaryAttr>))
    return emitOpError("control_ret_attrs must be dictionaries");
  StringAttr tfgName = getTFGDialect(getContext())->getTfgNameAttrIdentifier();
  for (auto [i, attrs] : llvm::enumerate(getControlRetAttrs()))
    if (Attribute name = llvm::cast<DictionaryAttr>(attrs).get(tfgName);
        name && !llvm::isa<StringAttr>(name))
      return emitOpError("the 'tfg.name' of control result #")
             << i << " must be a string, got " << name;
  auto func = cast<GraphFuncOp>((*this)->getParentOp());
  unsigned numResults = func.getFunctionType().getNumResults();
  if (numData != numResults)
    return emitOpError("returns ") << numData << " values but the function has "
                                   << numResults << " results";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(
           getDataOperands().getTypes(), func.getFunctionType().getResults())))
    if (!tf_type::areValueTypesCompatible(std::get<0>(pair), std::get<1>(pair)))
      return emitOpError("value #")
             << i << " of type " << std::get<0>(pair)
             << " does not fit the function's result type "
             << std::get<1>(pair);
  return success();
}

//===----------------------------------------------------------------------===//
// GetResultOp
//===----------------------------------------------------------------------===//

// TensorFlow's `(%node) "name" : k attributes {..}` (operand and result
// opaque tensors), or `(%ctl) "name" : k {..} : type` (the node's control
// token).
ParseResult GetResultOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  OpAsmParser::UnresolvedOperand value;
  std::string name;
  int32_t number;
  if (parser.parseLParen() || parser.parseOperand(value) ||
      parser.parseRParen() || parser.parseString(&name) ||
      parser.parseColon() || parser.parseInteger(number) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getNameAttrName(result.name),
                      builder.getStringAttr(name));
  result.addAttribute(getNumberAttrName(result.name),
                      builder.getI32IntegerAttr(number));
  Type type;
  Type operandType = tf_type::OpaqueTensorType::get(builder.getContext());
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseType(type))
      return failure();
    operandType = tf_type::ControlType::get(builder.getContext());
  } else {
    type = operandType;
  }
  result.addTypes(type);
  return parser.resolveOperand(value, operandType, result.operands);
}

void GetResultOp::print(OpAsmPrinter &p) {
  p << '(';
  p.printOperand(getValue());
  p << ") ";
  p.printString(getName());
  p << " : " << getNumberAttr().getInt();
  SmallVector<StringRef, 2> elided = {getNameAttrName().getValue(),
                                      getNumberAttrName().getValue()};
  if (!isControlType(getValue().getType())) {
    p.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
    return;
  }
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : " << getType();
}

/// The number of values output argument `arg` of `node` stands for, if
/// `node`'s attributes say (a generic function's placeholders do not).
static std::optional<int64_t> getOutputArgSize(Operation *node,
                                               const OpDefArg &arg) {
  if (!arg.numberAttr.empty()) {
    if (auto n = node->getAttrOfType<IntegerAttr>(arg.numberAttr))
      return n.getInt();
    return std::nullopt;
  }
  if (!arg.typeListAttr.empty()) {
    if (auto list = node->getAttrOfType<ArrayAttr>(arg.typeListAttr))
      return list.size();
    return std::nullopt;
  }
  return 1;
}

/// Checks that the node `get_result` names has the output it asks for,
/// when the op registry knows the node's op.
static LogicalResult verifyOutputOfNode(GetResultOp op) {
  Operation *node = op.getValue().getDefiningOp();
  if (!node || node->getDialect() != op->getDialect())
    return success();
  const OpDef *def =
      getTFGDialect(node)->getOpRegistry().lookup(getTFOpName(node));
  if (!def)
    return success();
  StringRef name = op.getName();
  const OpDefArg *arg = llvm::find_if(
      def->outputs(), [&](const OpDefArg &a) { return a.name == name; });
  if (arg == def->outputs().end()) {
    InFlightDiagnostic diag = op.emitOpError("op ")
                              << def->name << " has no output named '" << name
                              << "'";
    diag.attachNote(node->getLoc()) << "the node is here";
    return diag;
  }
  int64_t index = op.getNumberAttr().getInt();
  std::optional<int64_t> size = getOutputArgSize(node, *arg);
  if (size && index >= *size) {
    InFlightDiagnostic diag = op.emitOpError("output '")
                              << name << "' of the node has " << *size
                              << " values, index " << index
                              << " is out of range";
    diag.attachNote(node->getLoc()) << "the node is here";
    return diag;
  }
  return success();
}

LogicalResult GetResultOp::verify() {
  if (getNumberAttr().getValue().isNegative())
    return emitOpError("output index must not be negative, got ")
           << getNumberAttr().getInt();
  if (!isControlType(getValue().getType()) &&
      (!llvm::isa<tf_type::OpaqueTensorType>(getValue().getType()) ||
       !llvm::isa<tf_type::OpaqueTensorType>(getType())))
    return emitOpError("takes a node's control token, or its !tf_type.tensor "
                       "result and returns a !tf_type.tensor");
  return verifyOutputOfNode(*this);
}
