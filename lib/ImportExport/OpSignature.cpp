//===- OpSignature.cpp - FunctionDef signatures as registry records -------===//

#include "tfg/ImportExport/OpSignature.h"

#include "tfg/proto/op_def.pb.h"

#include "google/protobuf/text_format.h"

using namespace mlir;
using namespace mlir::tfg;

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
