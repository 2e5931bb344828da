//===- OpSignature.cpp - What an OpDef says about a node ------------------===//

#include "tfg/IR/OpSignature.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfg;

FailureOr<OutputArgs>
mlir::tfg::inferOutputArgs(const OpDef &def, StringRef nodeName,
                           function_ref<Attribute(StringRef)> getNodeAttr,
                           Location loc) {
  auto getAttr = [&](StringRef name) -> Attribute {
    if (Attribute a = getNodeAttr(name))
      return a;
    // Defaults from the OpDef count for inference; they are not added.
    const OpDefAttr *attr = def.findAttr(name);
    return attr ? getOpDefDefaultAttr(loc.getContext(), *attr) : Attribute();
  };
  auto missingAttr = [&](StringRef kind, StringRef name) {
    return emitError(loc) << "node '" << nodeName << "' (" << def.name
                          << ") is missing the " << kind << " attribute '"
                          << name << "'";
  };
  OutputArgs outs;
  for (const OpDefArg &arg : def.outputs()) {
    SmallVector<Type> argTypes;
    if (!arg.typeListAttr.empty()) {
      auto list =
          llvm::dyn_cast_if_present<ArrayAttr>(getAttr(arg.typeListAttr));
      if (!list)
        return missingAttr("type list", arg.typeListAttr);
      for (Attribute t : list) {
        auto ta = llvm::dyn_cast<TypeAttr>(t);
        if (!ta)
          return missingAttr("type list", arg.typeListAttr);
        argTypes.push_back(ta.getValue());
      }
    } else {
      Type elt;
      if (!arg.typeAttr.empty()) {
        auto ta = llvm::dyn_cast_if_present<TypeAttr>(getAttr(arg.typeAttr));
        if (!ta)
          return missingAttr("type", arg.typeAttr);
        elt = ta.getValue();
      } else {
        elt = getTypeForDataType(loc.getContext(), arg.type);
        if (!elt)
          return emitError(loc) << "unsupported data type " << arg.type;
      }
      int64_t n = 1;
      if (!arg.numberAttr.empty()) {
        auto na =
            llvm::dyn_cast_if_present<IntegerAttr>(getAttr(arg.numberAttr));
        if (!na || na.getInt() < 0)
          return missingAttr("number", arg.numberAttr);
        n = na.getInt();
        if (n > kMaxNodeOutputs)
          return emitError(loc)
                 << "node '" << nodeName << "' attribute '" << arg.numberAttr
                 << "' = " << n << " asks for more than " << kMaxNodeOutputs
                 << " outputs";
      }
      argTypes.append(n, elt);
    }
    outs.args.push_back({arg.name.str(),
                         static_cast<unsigned>(outs.types.size()),
                         static_cast<unsigned>(argTypes.size())});
    for (Type t : argTypes) {
      if (arg.isRef)
        if (Type ref = tf_type::getRefTypeFor(t))
          t = ref;
      outs.types.push_back(UnrankedTensorType::get(t));
    }
  }
  return outs;
}
