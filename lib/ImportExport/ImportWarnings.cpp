//===- ImportWarnings.cpp - What import accepts but points out ------------===//

#include "ImportWarnings.h"

#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tfg;

/// The function a `#tf_type.func` names, when the module holds no function
/// of that name and it is no TensorFlow op (SymbolicGradient's `f` may name
/// one).
static StringAttr missingFunction(Attribute attr,
                                  const DenseSet<StringAttr> &functions) {
  auto func = dyn_cast<tf_type::FuncAttr>(attr);
  if (!func)
    return {};
  StringAttr name = func.getName().getRootReference();
  if (name.getValue().empty() || functions.contains(name) ||
      lookupBuiltinOpDef(name.getValue()))
    return {};
  return name;
}

void mlir::tfg::warnAcceptedButInvalid(ModuleOp module) {
  DenseSet<StringAttr> functions;
  for (auto func : module.getOps<GraphFuncOp>())
    functions.insert(func.getSymNameAttr());
  SmallVector<Block *> bodies;
  for (Operation &op : *module.getBody()) {
    if (auto graph = dyn_cast<GraphOp>(op))
      bodies.push_back(&graph.getBody());
    else if (auto func = dyn_cast<GraphFuncOp>(op))
      if (!func.getBody().empty())
        bodies.push_back(&func.getBody().front());
  }
  for (Block *body : bodies) {
    for (Operation &op : *body) {
      // The node's own dictionary: Operation::getAttrs would build and
      // unique a new one for every generic node (see getNodeAttrs).
      DictionaryAttr attrs = getNodeAttrs(&op);
      StringRef opName = getTFOpName(&op);
      if (opName == "Const" || opName == "HostConst") {
        auto dtype = attrs.getAs<TypeAttr>("dtype");
        auto value = attrs.getAs<ElementsAttr>("value");
        if (dtype && value && value.getElementType() != dtype.getValue())
          emitWarning(op.getLoc())
              << "node '" << getNodeName(&op) << "': its dtype "
              << dtype.getValue() << " differs from its value's type "
              << value.getElementType()
              << " (imported as it is; TensorFlow refuses it when run)";
      }
      for (NamedAttribute attr : attrs) {
        StringAttr missing = missingFunction(attr.getValue(), functions);
        if (auto list = dyn_cast<ArrayAttr>(attr.getValue()))
          for (Attribute element : list)
            if ((missing = missingFunction(element, functions)))
              break;
        if (missing)
          emitWarning(op.getLoc())
              << "node '" << getNodeName(&op) << "': attribute '"
              << attr.getName().getValue() << "' names function '"
              << missing.getValue()
              << "', which the library does not hold (imported as it is; "
                 "TensorFlow refuses it when the function is needed)";
      }
    }
  }
}
