//===- ConvertAttrs.cpp - AttrValue <-> MLIR attributes -------------------===//
//
// s -> StringAttr, i -> i64, f -> f32, b -> BoolAttr, type -> TypeAttr,
// shape -> #tf_type.shape, tensor -> ElementsAttr or #tf_type.tensor_proto,
// func -> #tf_type.func, placeholder -> #tf_type.placeholder, list -> array,
// an unset AttrValue -> unit. Recursion is bounded by the nesting of func
// attributes, which the protobuf parser already limits.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "llvm/Support/JSON.h"

#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "mlir/IR/Diagnostics.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using tensorflow::AttrValue;

bool mlir::tfg::serializeDeterministically(
    const google::protobuf::MessageLite &message, std::string &bytes) {
  bytes.clear();
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream out(&stream);
  out.SetSerializationDeterministic(true);
  return message.SerializeToCodedStream(&out);
}

bool mlir::tfg::parseBinaryProto(StringRef bytes,
                                 google::protobuf::MessageLite &message) {
  return bytes.size() <= static_cast<size_t>(std::numeric_limits<int>::max()) &&
         message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

static FailureOr<Attribute> convertFunc(const tensorflow::NameAttrList &func,
                                        MLIRContext *ctx,
                                        EmitErrorFn emitError) {
  if (func.name().empty())
    return emitError() << "function attribute with an empty name";
  NamedAttrList attrs;
  for (const auto &[key, value] : func.attr()) {
    if (key.empty())
      return emitError() << "function attribute '" << func.name()
                         << "' has an attribute with an empty name";
    FailureOr<Attribute> attr = convertAttrValue(value, ctx, emitError);
    if (failed(attr))
      return failure();
    attrs.append(key, *attr);
  }
  return Attribute(
      tf_type::FuncAttr::get(ctx, func.name(), attrs.getDictionary(ctx)));
}

FailureOr<Attribute> mlir::tfg::convertAttrValue(const AttrValue &value,
                                                 MLIRContext *ctx,
                                                 EmitErrorFn emitError) {
  Builder b(ctx);
  switch (value.value_case()) {
  case AttrValue::kS:
    return Attribute(b.getStringAttr(value.s()));
  case AttrValue::kI:
    return Attribute(b.getI64IntegerAttr(value.i()));
  case AttrValue::kF:
    return Attribute(b.getF32FloatAttr(value.f()));
  case AttrValue::kB:
    return Attribute(b.getBoolAttr(value.b()));
  case AttrValue::kType: {
    FailureOr<Type> t = convertDataType(value.type(), ctx, emitError);
    if (failed(t))
      return failure();
    return Attribute(TypeAttr::get(*t));
  }
  case AttrValue::kShape:
    return convertShape(value.shape(), ctx, emitError);
  case AttrValue::kTensor:
    return convertTensor(value.tensor(), ctx, emitError);
  case AttrValue::kFunc:
    return convertFunc(value.func(), ctx, emitError);
  case AttrValue::kPlaceholder:
    return Attribute(tf_type::PlaceholderAttr::get(ctx, value.placeholder()));
  case AttrValue::kList: {
    const AttrValue::ListValue &list = value.list();
    SmallVector<Attribute> elts;
    for (const std::string &s : list.s())
      elts.push_back(b.getStringAttr(s));
    for (int64_t i : list.i())
      elts.push_back(b.getI64IntegerAttr(i));
    for (float f : list.f())
      elts.push_back(b.getF32FloatAttr(f));
    for (bool v : list.b())
      elts.push_back(b.getBoolAttr(v));
    for (int t : list.type()) {
      FailureOr<Type> type =
          convertDataType(static_cast<tensorflow::DataType>(t), ctx, emitError);
      if (failed(type))
        return failure();
      elts.push_back(TypeAttr::get(*type));
    }
    for (const auto &shape : list.shape()) {
      FailureOr<Attribute> s = convertShape(shape, ctx, emitError);
      if (failed(s))
        return failure();
      elts.push_back(*s);
    }
    for (const auto &tensor : list.tensor()) {
      FailureOr<Attribute> t = convertTensor(tensor, ctx, emitError);
      if (failed(t))
        return failure();
      elts.push_back(*t);
    }
    for (const auto &func : list.func()) {
      FailureOr<Attribute> f = convertFunc(func, ctx, emitError);
      if (failed(f))
        return failure();
      elts.push_back(*f);
    }
    return Attribute(b.getArrayAttr(elts));
  }
  case AttrValue::VALUE_NOT_SET:
    return Attribute(b.getUnitAttr());
  }
  return emitError() << "unknown attribute value kind";
}

LogicalResult mlir::tfg::convertAttrValue(Attribute attr, AttrValue &out,
                                          Location loc) {
  out.Clear();
  if (auto str = llvm::dyn_cast<StringAttr>(attr)) {
    out.set_s(str.getValue().str());
  } else if (auto boolean = llvm::dyn_cast<BoolAttr>(attr)) {
    out.set_b(boolean.getValue());
  } else if (auto integer = llvm::dyn_cast<IntegerAttr>(attr)) {
    out.set_i(integer.getValue().getSExtValue());
  } else if (auto fp = llvm::dyn_cast<FloatAttr>(attr)) {
    out.set_f(static_cast<float>(fp.getValueAsDouble()));
  } else if (auto type = llvm::dyn_cast<TypeAttr>(attr)) {
    FailureOr<tensorflow::DataType> dt =
        convertToDataType(type.getValue(), loc);
    if (failed(dt))
      return failure();
    out.set_type(*dt);
  } else if (llvm::isa<tf_type::ShapeAttr>(attr)) {
    convertShape(attr, *out.mutable_shape());
  } else if (llvm::isa<ElementsAttr, tf_type::TensorProtoAttr>(attr)) {
    return convertTensor(attr, *out.mutable_tensor(), loc);
  } else if (auto func = llvm::dyn_cast<tf_type::FuncAttr>(attr)) {
    tensorflow::NameAttrList *f = out.mutable_func();
    StringRef name = func.getName().getRootReference().getValue();
    if (failed(verifyProtoString(name, "function name", loc)))
      return failure();
    f->set_name(name.str());
    for (NamedAttribute a : func.getAttrs())
      if (failed(verifyProtoString(a.getName().getValue(), "attribute name",
                                   loc)) ||
          failed(convertAttrValue(
              a.getValue(), (*f->mutable_attr())[a.getName().str()], loc)))
        return failure();
  } else if (auto ph = llvm::dyn_cast<tf_type::PlaceholderAttr>(attr)) {
    if (failed(verifyProtoString(ph.getValue(), "placeholder", loc)))
      return failure();
    out.set_placeholder(ph.getValue().str());
  } else if (llvm::isa<UnitAttr>(attr)) {
    // An unset AttrValue.
  } else if (auto array = llvm::dyn_cast<ArrayAttr>(attr)) {
    AttrValue::ListValue *list = out.mutable_list();
    for (Attribute elt : array) {
      AttrValue one;
      if (llvm::isa<ArrayAttr, UnitAttr, tf_type::PlaceholderAttr>(elt))
        return emitError(loc) << "unsupported list element " << elt;
      if (failed(convertAttrValue(elt, one, loc)))
        return failure();
      switch (one.value_case()) {
      case AttrValue::kS:
        list->add_s(one.s());
        break;
      case AttrValue::kI:
        list->add_i(one.i());
        break;
      case AttrValue::kF:
        list->add_f(one.f());
        break;
      case AttrValue::kB:
        list->add_b(one.b());
        break;
      case AttrValue::kType:
        list->add_type(one.type());
        break;
      case AttrValue::kShape:
        *list->add_shape() = one.shape();
        break;
      case AttrValue::kTensor:
        *list->add_tensor() = one.tensor();
        break;
      case AttrValue::kFunc:
        *list->add_func() = one.func();
        break;
      default:
        return emitError(loc) << "unsupported list element " << elt;
      }
    }
  } else {
    return emitError(loc) << "cannot export attribute " << attr;
  }
  return success();
}

LogicalResult mlir::tfg::verifyProtoString(StringRef value,
                                           const llvm::Twine &what,
                                           Location loc) {
  if (llvm::json::isUTF8(value))
    return success();
  return emitError(loc) << what << " '" << llvm::json::fixUTF8(value)
                        << "' is not valid UTF-8, which a GraphDef's string "
                           "fields must be";
}
