//===- TFOps.cpp - tf ops from tfg nodes ----------------------------------===//
//
// The node -> tf op step that the lowerings to tf_executor and to
// ml_program share: a node's attributes, name and device on a tf op.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

using namespace mlir;
using namespace mlir::tfg;

TFOpAttrNames::TFOpAttrNames(MLIRContext *context)
    : nodeName(StringAttr::get(context, kNodeNameAttr)),
      device(StringAttr::get(context, kDeviceAttr)),
      nodeDevice(StringAttr::get(context, "_mlir_device")),
      empty(StringAttr::get(context, "")) {}

NamedAttrList mlir::tfg::getTFOpAttributes(Operation *node) {
  return getTFOpAttributes(node, TFOpAttrNames(node->getContext()));
}

NamedAttrList mlir::tfg::getTFOpAttributes(Operation *node,
                                           const TFOpAttrNames &names) {
  // One pass over the node's (sorted) attributes: `_mlir_device` becomes
  // `device`, a generic node's name `_mlir_name`; one sort at the end.
  DictionaryAttr dict = getNodeAttrs(node);
  StringAttr name = node->isRegistered() ? StringAttr() : getNodeNameAttr(node);
  Attribute device = names.empty;
  SmallVector<NamedAttribute, 8> attrs;
  attrs.reserve((dict ? dict.size() : 0) + 2);
  for (NamedAttribute attr :
       dict ? dict.getValue() : ArrayRef<NamedAttribute>()) {
    StringAttr key = attr.getName();
    if (key == names.nodeDevice) {
      device = attr.getValue();
      continue;
    }
    if (key == names.device || (name && key == names.nodeName))
      continue;
    attrs.push_back(attr);
  }
  if (name)
    attrs.emplace_back(names.nodeName, name);
  attrs.emplace_back(names.device, device);
  llvm::sort(attrs);
  return NamedAttrList(attrs);
}

Operation *mlir::tfg::createTFOp(OpBuilder &builder,
                                 llvm::StringMap<OperationName> &names,
                                 Location loc, StringRef name,
                                 ValueRange operands, TypeRange types,
                                 const NamedAttrList &attrs) {
  auto it = names.try_emplace(name, name, builder.getContext()).first;
  return createTFOp(builder, it->second, loc, operands, types, attrs);
}

Operation *mlir::tfg::createTFOp(OpBuilder &builder, OperationName name,
                                 Location loc, ValueRange operands,
                                 TypeRange types, const NamedAttrList &attrs) {
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addTypes(types);
  Operation *op = builder.create(state);
  // setAttrs stores the inherent attributes of registered ops in their
  // properties, the others in the dictionary.
  op->setAttrs(attrs.getDictionary(builder.getContext()));
  return op;
}
