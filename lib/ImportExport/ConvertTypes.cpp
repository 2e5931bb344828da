//===- ConvertTypes.cpp - DataType and shape conversions ------------------===//

#include "tfg/IR/DataType.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfg;
using tensorflow::DataType;

void mlir::tfg::emitWarningInstead(EmitErrorFn emitError,
                                   const Twine &message) {
  InFlightDiagnostic error = emitError();
  Diagnostic *diag = error.getUnderlyingDiagnostic();
  if (!diag)
    return;
  Location loc = diag->getLocation();
  std::string prefix = diag->str();
  error.abandon();
  emitWarning(loc) << prefix << message;
}

FailureOr<Type> mlir::tfg::convertDataType(DataType dtype, MLIRContext *ctx,
                                           EmitErrorFn emitError) {
  if (Type type = getTypeForDataType(ctx, dtype))
    return type;
  return emitError() << "unsupported data type " << static_cast<int>(dtype);
}

FailureOr<DataType> mlir::tfg::convertToDataType(Type type, Location loc) {
  if (std::optional<int32_t> dtype = getDataTypeOf(type))
    return static_cast<DataType>(*dtype);
  return emitError(loc) << "type " << type << " has no TensorFlow data type";
}

FailureOr<Attribute>
mlir::tfg::convertShape(const tensorflow::TensorShapeProto &shape,
                        MLIRContext *ctx, EmitErrorFn emitError) {
  if (shape.unknown_rank()) {
    if (shape.dim_size())
      return emitError() << "shape of unknown rank with " << shape.dim_size()
                         << " dimension(s)";
    return Attribute(tf_type::ShapeAttr::getUnranked(ctx));
  }
  if (shape.dim_size() > kMaxShapeRank)
    return emitError() << "shape of " << shape.dim_size()
                       << " dimensions (TensorFlow's limit is " << kMaxShapeRank
                       << ")";
  SmallVector<int64_t> dims;
  SmallVector<StringAttr> names;
  dims.reserve(shape.dim_size());
  for (const auto &d : shape.dim()) {
    if (d.size() < -1)
      emitWarningInstead(emitError, "dimension size " + Twine(d.size()) +
                                        " read as unknown (-1)");
    dims.push_back(d.size() < 0 ? ShapedType::kDynamic : d.size());
    if (!d.name().empty()) {
      names.resize(shape.dim_size());
      names[dims.size() - 1] = StringAttr::get(ctx, d.name());
    }
  }
  if (!names.empty())
    for (StringAttr &name : names)
      if (!name)
        name = StringAttr::get(ctx, "");
  return Attribute(tf_type::ShapeAttr::getNamed(ctx, dims, names));
}

void mlir::tfg::convertShape(Attribute attr,
                             tensorflow::TensorShapeProto &out) {
  auto shape = llvm::cast<tf_type::ShapeAttr>(attr);
  out.Clear();
  if (!shape.hasRank()) {
    out.set_unknown_rank(true);
    return;
  }
  ArrayRef<StringAttr> names = shape.getNames();
  for (auto [i, d] : llvm::enumerate(shape.getShape())) {
    tensorflow::TensorShapeProto::Dim *dim = out.add_dim();
    dim->set_size(ShapedType::isDynamic(d) ? -1 : d);
    if (i < names.size())
      dim->set_name(names[i].getValue().str());
  }
}

// Recursion depth is bounded by protobuf's parse recursion limit (100).
Attribute mlir::tfg::convertFullType(const tensorflow::FullTypeDef &type,
                                     MLIRContext *ctx) {
  SmallVector<tf_type::FullTypeAttr> args;
  for (const tensorflow::FullTypeDef &arg : type.args())
    args.push_back(
        llvm::cast<tf_type::FullTypeAttr>(convertFullType(arg, ctx)));
  Attribute attr;
  if (type.attr_case() == tensorflow::FullTypeDef::kS)
    attr = StringAttr::get(ctx, type.s());
  else if (type.attr_case() == tensorflow::FullTypeDef::kI)
    attr = IntegerAttr::get(IntegerType::get(ctx, 64), type.i());
  return tf_type::FullTypeAttr::get(ctx, static_cast<uint32_t>(type.type_id()),
                                    args, attr);
}

void mlir::tfg::convertFullType(Attribute attr, tensorflow::FullTypeDef &out) {
  auto type = llvm::cast<tf_type::FullTypeAttr>(attr);
  out.set_type_id(static_cast<tensorflow::FullTypeId>(type.getTypeId()));
  for (tf_type::FullTypeAttr arg : type.getArgs())
    convertFullType(arg, *out.add_args());
  if (auto s = llvm::dyn_cast_if_present<StringAttr>(type.getAttr()))
    out.set_s(s.getValue().str());
  else if (auto i = llvm::dyn_cast_if_present<IntegerAttr>(type.getAttr()))
    out.set_i(i.getInt());
}
