//===- TFGDialect.cpp - tfg dialect ---------------------------------------===//
//
// Dialect registration, the hooks that give generic TensorFlow nodes their
// custom syntax, result names, and the memory-effect model of generic nodes.
//
//===----------------------------------------------------------------------===//

#include "GenericSyntax.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;

#include "tfg/IR/TFGDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tfg/IR/TFGAttrs.cpp.inc"

namespace {
/// Memory effects of generic nodes: stateful or unknown ops read and write
/// memory (so stock passes keep and order them); other ops are pure.
struct GenericNodeEffects
    : public MemoryEffectOpInterface::FallbackModel<GenericNodeEffects> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    if (!isStatefulNode(op))
      return;
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
  }
};

/// Result names of TensorFlow nodes (generic and functional control flow):
/// `%<OpName>` for the data results, `%ctl` for the control token.
struct NodeAsmNames : public OpAsmOpInterface::FallbackModel<NodeAsmNames> {
  void getAsmResultNames(Operation *op, OpAsmSetValueNameFn setNameFn) const {
    if (getControlToken(op))
      nameNodeResults(op, setNameFn);
  }
  void getAsmBlockArgumentNames(Operation *, Region &,
                                OpAsmSetValueNameFn) const {}
  void getAsmBlockNames(Operation *, OpAsmSetBlockNameFn) const {}
  static StringRef getDefaultDialect() { return ""; }
};
} // namespace

void TFGraphDialect::initialize() {
  registerOps();
  registerAttributes();
  allowUnknownOperations();
  MLIRContext *ctx = getContext();
  nameId = StringAttr::get(ctx, "_mlir_name");
  deviceId = StringAttr::get(ctx, "_mlir_device");
  assignedDeviceId = StringAttr::get(ctx, "_mlir_assigned_device");
  fullTypeId = StringAttr::get(ctx, "_mlir_fulltype");
  tfgNameId = StringAttr::get(ctx, "tfg.name");
  controlType = tf_type::ControlType::get(ctx);
  registry = std::make_unique<OpRegistry>();
  memoryEffectsFallback = std::make_shared<GenericNodeEffects>();
  asmNamesFallback = std::make_shared<NodeAsmNames>();
}

void TFGraphDialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/IR/TFGOps.cpp.inc"
      >();
}

void TFGraphDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tfg/IR/TFGAttrs.cpp.inc"
      >();
}

/// Checks the kind of the tfg attributes that have one: `tfg.name` (of a
/// function's arguments and results) is a string and
/// `tfg.regenerate_output_shapes` a unit attribute. Other `tfg.` attributes
/// (the importer's) are checked where they are used.
static LogicalResult
verifyTFGAttribute(NamedAttribute attr,
                   function_ref<InFlightDiagnostic()> emitError) {
  StringRef name = attr.getName().getValue();
  if (name == "tfg.name" && !llvm::isa<StringAttr>(attr.getValue()))
    return emitError() << "'tfg.name' must be a string, got "
                       << attr.getValue();
  if (name == "tfg.regenerate_output_shapes" &&
      !llvm::isa<UnitAttr>(attr.getValue()))
    return emitError() << "'tfg.regenerate_output_shapes' must be a unit "
                       << "attribute, got " << attr.getValue();
  return success();
}

LogicalResult TFGraphDialect::verifyOperationAttribute(Operation *op,
                                                       NamedAttribute attr) {
  return verifyTFGAttribute(attr, [&] { return op->emitOpError(); });
}

LogicalResult TFGraphDialect::verifyRegionArgAttribute(Operation *op,
                                                       unsigned regionIndex,
                                                       unsigned argIndex,
                                                       NamedAttribute attr) {
  return verifyTFGAttribute(
      attr, [&] { return op->emitOpError("argument #") << argIndex << ": "; });
}

LogicalResult TFGraphDialect::verifyRegionResultAttribute(Operation *op,
                                                          unsigned regionIndex,
                                                          unsigned resultIndex,
                                                          NamedAttribute attr) {
  return verifyTFGAttribute(
      attr, [&] { return op->emitOpError("result #") << resultIndex << ": "; });
}

bool TFGraphDialect::isTFGOp(Operation *op) const {
  return op->getDialect() == this;
}

std::optional<Dialect::ParseOpHook>
TFGraphDialect::getParseOperationHook(StringRef opName) const {
  return ParseOpHook(parseGenericNode);
}

/// Whether `name` lexes as one bare identifier, as the custom form prints
/// an op name: a letter or `_`, then letters, digits, `_`, `$` and `.`.
static bool isBareIdentifier(StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_'))
    return false;
  return llvm::all_of(name.drop_front(), [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  });
}

/// Whether the custom form spells `op` whole: a node's operands and
/// results, no regions or successors, and no properties but its name.
/// (Verified nodes in graphs and functions always are; an unverified `tfg.`
/// op elsewhere may not be.)
static bool hasNodeShape(Operation *op) {
  return !op->getNumRegions() && !op->getNumSuccessors() &&
         getNodeShapeError(op).empty();
}

llvm::unique_function<void(Operation *, OpAsmPrinter &)>
TFGraphDialect::getOperationPrinter(Operation *op) const {
  if (!hasNodeShape(op))
    return nullptr;
  // MLIR prints the op name unquoted before the custom form (without the
  // `tfg.` prefix inside graphs and functions): a node whose op is a library
  // function named `my-func` (or any name a bare identifier cannot spell)
  // is printed in generic form, name quoted.
  if (!isBareIdentifier(op->getName().stripDialect()))
    return nullptr;
  return printGenericNode;
}

void *TFGraphDialect::getRegisteredInterfaceForOp(TypeID interfaceID,
                                                  OperationName opName) {
  if (interfaceID == TypeID::get<MemoryEffectOpInterface>() &&
      !opName.isRegistered())
    return memoryEffectsFallback.get();
  if (interfaceID == TypeID::get<OpAsmOpInterface>())
    return asmNamesFallback.get();
  return nullptr;
}
