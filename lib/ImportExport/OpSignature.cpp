//===- OpSignature.cpp - Output arguments of TensorFlow nodes -------------===//

#include "tfg/ImportExport/OpSignature.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "google/protobuf/text_format.h"
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
    if (!attr || attr->defaultValue.empty())
      return {};
    tensorflow::AttrValue value;
    if (!google::protobuf::TextFormat::ParseFromString(attr->defaultValue.str(),
                                                       &value))
      return {};
    FailureOr<Attribute> converted = convertAttrValue(value, loc);
    return succeeded(converted) ? *converted : Attribute();
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
      auto list = llvm::dyn_cast_if_present<ArrayAttr>(getAttr(arg.typeListAttr));
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
        FailureOr<Type> t =
            convertDataType(static_cast<tensorflow::DataType>(arg.type), loc);
        if (failed(t))
          return failure();
        elt = *t;
      }
      int64_t n = 1;
      if (!arg.numberAttr.empty()) {
        auto na = llvm::dyn_cast_if_present<IntegerAttr>(getAttr(arg.numberAttr));
        if (!na || na.getInt() < 0)
          return missingAttr("number", arg.numberAttr);
        n = na.getInt();
      }
      argTypes.append(n, elt);
    }
    outs.args.push_back({arg.name.str(), static_cast<unsigned>(outs.types.size()),
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
