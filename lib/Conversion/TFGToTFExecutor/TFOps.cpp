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

NamedAttrList mlir::tfg::getTFOpAttributes(Operation *node) {
  Builder builder(node->getContext());
  NamedAttrList attrs(getNodeAttrs(node));
  if (!node->isRegistered())
    if (StringAttr name = getNodeNameAttr(node))
      attrs.set(kNodeNameAttr, name);
  Attribute device = attrs.erase("_mlir_device");
  attrs.set(kDeviceAttr, device ? device : builder.getStringAttr(""));
  return attrs;
}

Operation *mlir::tfg::createTFOp(OpBuilder &builder,
                                 llvm::StringMap<OperationName> &names,
                                 Location loc, StringRef name,
                                 ValueRange operands, TypeRange types,
                                 const NamedAttrList &attrs) {
  auto it = names.try_emplace(name, name, builder.getContext()).first;
  OperationState state(loc, it->second);
  state.addOperands(operands);
  state.addTypes(types);
  Operation *op = builder.create(state);
  // setAttrs stores the inherent attributes of registered ops in their
  // properties, the others in the dictionary.
  op->setAttrs(attrs.getDictionary(builder.getContext()));
  return op;
}
