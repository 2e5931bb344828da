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

OperationName TFOpNames::get(Operation *node) {
  auto it = names.find(node->getName());
  if (it == names.end())
    it = names
             .try_emplace(
                 node->getName(),
                 OperationName(("tf." + getTFOpName(node)).str(), context))
             .first;
  return it->second;
}

NamedAttrList mlir::tfg::getTFOpAttributes(Operation *node) {
  return getTFOpAttributes(node, TFOpAttrNames(node->getContext()));
}

NamedAttrList mlir::tfg::getTFOpAttributes(Operation *node,
                                           const TFOpAttrNames &names) {
  return NamedAttrList(getTFOpAttrDictionary(node, names));
}

DictionaryAttr mlir::tfg::getTFOpAttrDictionary(Operation *node,
                                                const TFOpAttrNames &names) {
  // One pass over the node's (sorted) attributes: `_mlir_device` becomes
  // `device`, a generic node's name `_mlir_name`. What is kept stays
  // sorted, and the two are inserted at their places: the dictionary is
  // uniqued as it is, without sorting it again.
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
  auto insertSorted = [&](StringAttr key, Attribute value) {
    NamedAttribute attr(key, value);
    attrs.insert(llvm::upper_bound(attrs, attr), attr);
  };
  if (name)
    insertSorted(names.nodeName, name);
  insertSorted(names.device, device);
  return DictionaryAttr::getWithSorted(names.empty.getContext(), attrs);
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
  return createTFOp(builder, name, loc, operands, types,
                    attrs.getDictionary(builder.getContext()));
}

Operation *mlir::tfg::createTFOp(OpBuilder &builder, OperationName name,
                                 Location loc, ValueRange operands,
                                 TypeRange types, DictionaryAttr attrs) {
  // An op without properties (the tf ops of OpDefs, unregistered ops) takes
  // the dictionary as it is; the others get it through setAttrs, which
  // stores the inherent attributes of registered ops in their properties.
  bool plain = !name.isRegistered() || name.getOpPropertyByteSize() == 0;
  Operation *op = Operation::create(
      loc, name, types, operands, plain ? attrs : builder.getDictionaryAttr({}),
      /*properties=*/nullptr, /*successors=*/{},
      /*numRegions=*/0);
  builder.insert(op);
  if (!plain)
    op->setAttrs(attrs);
  return op;
}
