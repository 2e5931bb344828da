//===- OpSignature.cpp - Output arguments of TensorFlow nodes -------------===//

#include "tfg/ImportExport/OpSignature.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "tfg/proto/op_def.pb.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfg;

Attribute mlir::tfg::getOpDefDefaultAttr(const OpDefAttr &attr, Location loc) {
  if (attr.defaultValue.empty())
    return {};
  tensorflow::AttrValue value;
  if (!google::protobuf::TextFormat::ParseFromString(attr.defaultValue.str(),
                                                     &value))
    return {};
  FailureOr<Attribute> converted = convertAttrValue(value, loc);
  return succeeded(converted) ? *converted : Attribute();
}

FailureOr<OutputArgs>
mlir::tfg::inferOutputArgs(const OpDef &def, StringRef nodeName,
                           function_ref<Attribute(StringRef)> getNodeAttr,
                           Location loc) {
  auto getAttr = [&](StringRef name) -> Attribute {
    if (Attribute a = getNodeAttr(name))
      return a;
    // Defaults from the OpDef count for inference; they are not added.
    const OpDefAttr *attr = def.findAttr(name);
    return attr ? getOpDefDefaultAttr(*attr, loc) : Attribute();
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
        FailureOr<Type> t =
            convertDataType(static_cast<tensorflow::DataType>(arg.type), loc);
        if (failed(t))
          return failure();
        elt = *t;
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

OpDefRecord mlir::tfg::convertOpDef(const tensorflow::OpDef &def) {
  OpDefRecord rec;
  rec.name = def.name();
  auto convertArgs = [](const auto &args, std::vector<OpDefArgRecord> &out) {
    for (const tensorflow::OpDef::ArgDef &a : args) {
      OpDefArgRecord r;
      r.name = a.name();
      r.type = a.type();
      r.typeAttr = a.type_attr();
      r.numberAttr = a.number_attr();
      r.typeListAttr = a.type_list_attr();
      r.isRef = a.is_ref();
      out.push_back(std::move(r));
    }
  };
  convertArgs(def.input_arg(), rec.inputs);
  convertArgs(def.output_arg(), rec.outputs);
  google::protobuf::TextFormat::Printer printer;
  printer.SetSingleLineMode(true);
  for (const tensorflow::OpDef::AttrDef &a : def.attr()) {
    OpDefAttrRecord r;
    r.name = a.name();
    r.type = a.type();
    if (a.has_default_value())
      printer.PrintToString(a.default_value(), &r.defaultValue);
    if (a.has_allowed_values())
      printer.PrintToString(a.allowed_values(), &r.allowedValues);
    r.hasMinimum = a.has_minimum();
    r.minimum = a.minimum();
    rec.attrs.push_back(std::move(r));
  }
  if (def.is_stateful())
    rec.flags |= kOpIsStateful;
  if (def.is_commutative())
    rec.flags |= kOpIsCommutative;
  if (def.is_aggregate())
    rec.flags |= kOpIsAggregate;
  if (def.allows_uninitialized_input())
    rec.flags |= kOpAllowsUninitializedInput;
  if (def.is_distributed_communication())
    rec.flags |= kOpIsDistributedCommunication;
  return rec;
}
