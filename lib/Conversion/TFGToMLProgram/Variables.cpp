//===- Variables.cpp - TensorFlow variables as ml_program globals ---------===//
//
// Declares the globals of a module's variables and finds their initial
// values. A SavedModel's bundle keys are not the variables' names (a TF1
// saver may save `w` as `dense/kernel`, a TF2 one as
// `layer/kernel/.ATTRIBUTES/VARIABLE_VALUE`), so the keys are read from the
// restore graph the saver left: RestoreV2 (its `tensor_names` a string
// Const) whose output k is assigned to a variable, directly or inside the
// restore function a call is given the variables' handles.
//
//===----------------------------------------------------------------------===//

#include "Variables.h"

#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/ImportExport/SavedModelVariables.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::mlprogram;

bool mlprogram::isResourceVariableDecl(Operation *op) {
  return !op->isRegistered() && getTFOpName(op) == "VarHandleOp";
}

bool mlprogram::isRefVariableDecl(Operation *op) {
  if (op->isRegistered())
    return false;
  StringRef name = getTFOpName(op);
  return name == "VariableV2" || name == "Variable";
}

std::string mlprogram::getVariableSymbol(Operation *decl) {
  auto shared = decl->getAttrOfType<StringAttr>("shared_name");
  std::string name = shared && !shared.getValue().empty()
                         ? shared.str()
                         : getNodeName(decl).str();
  auto container = decl->getAttrOfType<StringAttr>("container");
  if (container && !container.getValue().empty())
    return (container.getValue() + "/" + name).str();
  return name;
}

/// The value `value` is through Identity nodes (a chain of at most the
/// block's size: iterative).
static Value lookThroughIdentity(Value value) {
  for (unsigned steps = 0; steps < (1u << 20); ++steps) {
    Operation *def = value.getDefiningOp();
    if (!def || def->isRegistered() || getTFOpName(def) != "Identity" ||
        getDataOperands(def).size() != 1)
      return value;
    value = getDataOperands(def)[0];
  }
  return value;
}

/// The bundle key of the tensor `value` holds when it is an output of a
/// RestoreV2 node whose tensor names are a string Const; empty otherwise.
static std::string getRestoreKey(Value value) {
  value = lookThroughIdentity(value);
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return "";
  Operation *restore = result.getOwner();
  if (restore->isRegistered() || getTFOpName(restore) != "RestoreV2" ||
      getDataOperands(restore).size() != 3)
    return "";
  Operation *names =
      lookThroughIdentity(getDataOperands(restore)[1]).getDefiningOp();
  if (!names || names->isRegistered() || getTFOpName(names) != "Const")
    return "";
  unsigned index = result.getResultNumber();
  Attribute stored = names->getAttr("value");
  if (auto strings = dyn_cast_or_null<DenseStringElementsAttr>(stored))
    return index < strings.getNumElements()
               ? strings.getRawStringData()[index].str()
               : "";
  // The importer's form of string tensors (#tf_type<tensor_proto>).
  if (!stored)
    return "";
  auto tensor = HostTensor::fromAttr(stored);
  if (!tensor) {
    llvm::consumeError(tensor.takeError());
    return "";
  }
  if (!isa<tf_type::StringType>(tensor->getElementType()) ||
      index >= tensor->getNumElements())
    return "";
  return tensor->getString(index).str();
}

/// Whether `op` assigns a whole variable (the handle or reference is
/// operand 0, the value operand 1).
static bool isWholeAssignment(Operation *op) {
  if (op->isRegistered() || getDataOperands(op).size() != 2)
    return false;
  StringRef name = getTFOpName(op);
  return name == "AssignVariableOp" || name == "Assign";
}

/// The function a call node calls: its `f` attribute (PartitionedCall,
/// StatefulPartitionedCall), else its op name.
static StringRef getCalleeName(Operation *op) {
  if (auto f = op->getAttrOfType<tf_type::FuncAttr>("f"))
    return f.getName().getLeafReference().getValue();
  return getTFOpName(op);
}

VariableTable::VariableTable(ModuleOp module)
    : module(module), builder(module.getContext()) {
  builder.setInsertionPointToStart(module.getBody());
  for (Operation &op : *module.getBody())
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      taken.insert(name.getValue());
}

LogicalResult VariableTable::readInitialValues(Block *graphBody) {
  Attribute values = module->getAttr(kSavedModelVariablesAttr);
  if (!values)
    return success();
  savedValues = dyn_cast<DictionaryAttr>(values);
  if (!savedValues)
    return module.emitError()
           << "'" << kSavedModelVariablesAttr << "' is not a dictionary";
  if (!graphBody)
    return success();
  // The restore functions' assignments: argument -> bundle key.
  llvm::StringMap<llvm::DenseMap<unsigned, std::string>> functionKeys;
  for (auto func : module.getBody()->getOps<GraphFuncOp>()) {
    if (func.isExternal())
      continue;
    Block &body = func.getBody().front();
    llvm::DenseMap<unsigned, std::string> keys;
    for (Operation &op : body) {
      if (!isWholeAssignment(&op))
        continue;
      auto arg =
          dyn_cast<BlockArgument>(lookThroughIdentity(getDataOperands(&op)[0]));
      if (!arg || arg.getOwner() != &body || arg.getArgNumber() % 2 != 0)
        continue;
      std::string key = getRestoreKey(getDataOperands(&op)[1]);
      if (!key.empty())
        keys[arg.getArgNumber() / 2] = key;
    }
    if (!keys.empty())
      functionKeys[func.getSymName()] = std::move(keys);
  }
  auto declOf = [](Value handle) -> Operation * {
    Operation *def = lookThroughIdentity(handle).getDefiningOp();
    return def && (isResourceVariableDecl(def) || isRefVariableDecl(def))
               ? def
               : nullptr;
  };
  for (Operation &op : *graphBody) {
    if (isWholeAssignment(&op)) {
      Operation *decl = declOf(getDataOperands(&op)[0]);
      std::string key = getRestoreKey(getDataOperands(&op)[1]);
      if (decl && !key.empty())
        restoreKeys[getVariableSymbol(decl)] = key;
      continue;
    }
    if (functionKeys.empty() || op.isRegistered())
      continue;
    auto it = functionKeys.find(getCalleeName(&op));
    if (it == functionKeys.end())
      continue;
    for (auto [i, operand] : llvm::enumerate(getDataOperands(&op)))
      if (Operation *decl = declOf(operand)) {
        auto key = it->second.find(i);
        if (key != it->second.end())
          restoreKeys[getVariableSymbol(decl)] = key->second;
      }
  }
  return success();
}

/// The type of the values of variable node `decl` (its `dtype` and
/// `shape`), or null.
static TensorType getVariableType(Operation *decl) {
  auto dtype = decl->getAttrOfType<TypeAttr>("dtype");
  auto shape = decl->getAttrOfType<tf_type::ShapeAttr>("shape");
  if (!dtype || !shape || tf_type::isRefType(dtype.getValue()) ||
      !tf_type::isValidTFElementType(dtype.getValue()))
    return {};
  if (!shape.hasRank())
    return UnrankedTensorType::get(dtype.getValue());
  for (int64_t d : shape.getShape())
    if (d < 0 && !ShapedType::isDynamic(d))
      return {};
  return RankedTensorType::get(shape.getShape(), dtype.getValue());
}

FailureOr<Variable *> VariableTable::declare(Operation *decl) {
  if (Variable *known = byDecl.lookup(decl))
    return known;
  TensorType type = getVariableType(decl);
  if (!type)
    return decl->emitError("variable has no valid 'dtype' and 'shape' "
                           "attributes, which its global needs");
  std::string symbol = getVariableSymbol(decl);
  if (Variable *known = bySymbol.lookup(symbol)) {
    if (known->type != type)
      return decl->emitError("variable '")
             << symbol << "' is declared as " << type << " here and as "
             << known->type << " by node '" << getNodeName(known->decl) << "'";
    byDecl[decl] = known;
    return known;
  }
  if (taken.contains(symbol))
    return decl->emitError("variable '")
           << symbol << "' has the name of another symbol of the module";

  Attribute initial;
  if (savedValues) {
    auto key = restoreKeys.find(symbol);
    StringRef name =
        key != restoreKeys.end() ? StringRef(key->second) : StringRef(symbol);
    if (Attribute value = savedValues.get(name)) {
      auto typed = dyn_cast<ElementsAttr>(value);
      if (!typed ||
          typed.getShapedType().getElementType() != type.getElementType() ||
          failed(verifyCompatibleShape(typed.getShapedType(), type)))
        return decl->emitError("variable '")
               << symbol << "' of type " << type << " cannot take the "
               << "SavedModel's value '" << name << "' of type "
               << (typed ? Type(typed.getShapedType()) : Type());
      initial = value;
    }
  }
  auto variable = std::make_unique<Variable>();
  variable->symbol = symbol;
  variable->type = type;
  variable->decl = decl;
  variable->global = ml_program::GlobalOp::create(
      builder, decl->getLoc(), builder.getStringAttr(symbol),
      TypeAttr::get(type), builder.getUnitAttr(), initial,
      builder.getStringAttr("private"));
  builder.setInsertionPointAfter(variable->global);
  Variable *raw = variable.get();
  variables.push_back(std::move(variable));
  bySymbol[symbol] = raw;
  byDecl[decl] = raw;
  return raw;
}

void VariableTable::moveGlobalsToFront() {
  Block *body = module.getBody();
  for (auto it = variables.rbegin(); it != variables.rend(); ++it)
    (*it)->global->moveBefore(body, body->begin());
}
