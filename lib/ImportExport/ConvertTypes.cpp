//===- ConvertTypes.cpp - DataType and shape conversions ------------------===//

#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfg;
using tensorflow::DataType;

static Type getBaseType(DataType dtype, MLIRContext *ctx) {
  Builder b(ctx);
  switch (dtype) {
  case tensorflow::DT_FLOAT:
    return b.getF32Type();
  case tensorflow::DT_DOUBLE:
    return b.getF64Type();
  case tensorflow::DT_HALF:
    return b.getF16Type();
  case tensorflow::DT_BFLOAT16:
    return b.getBF16Type();
  case tensorflow::DT_BOOL:
    return b.getI1Type();
  case tensorflow::DT_INT2:
    return b.getIntegerType(2);
  case tensorflow::DT_INT4:
    return b.getIntegerType(4);
  case tensorflow::DT_INT8:
    return b.getIntegerType(8);
  case tensorflow::DT_INT16:
    return b.getIntegerType(16);
  case tensorflow::DT_INT32:
    return b.getIntegerType(32);
  case tensorflow::DT_INT64:
    return b.getIntegerType(64);
  case tensorflow::DT_UINT2:
    return b.getIntegerType(2, false);
  case tensorflow::DT_UINT4:
    return b.getIntegerType(4, false);
  case tensorflow::DT_UINT8:
    return b.getIntegerType(8, false);
  case tensorflow::DT_UINT16:
    return b.getIntegerType(16, false);
  case tensorflow::DT_UINT32:
    return b.getIntegerType(32, false);
  case tensorflow::DT_UINT64:
    return b.getIntegerType(64, false);
  case tensorflow::DT_COMPLEX64:
    return ComplexType::get(b.getF32Type());
  case tensorflow::DT_COMPLEX128:
    return ComplexType::get(b.getF64Type());
  case tensorflow::DT_STRING:
    return tf_type::StringType::get(ctx);
  case tensorflow::DT_RESOURCE:
    return tf_type::ResourceType::get(ctx);
  case tensorflow::DT_VARIANT:
    return tf_type::VariantType::get(ctx);
  case tensorflow::DT_QINT8:
    return tf_type::Qint8Type::get(ctx);
  case tensorflow::DT_QINT16:
    return tf_type::Qint16Type::get(ctx);
  case tensorflow::DT_QINT32:
    return tf_type::Qint32Type::get(ctx);
  case tensorflow::DT_QUINT8:
    return tf_type::Quint8Type::get(ctx);
  case tensorflow::DT_QUINT16:
    return tf_type::Quint16Type::get(ctx);
  case tensorflow::DT_FLOAT8_E5M2:
    return b.getType<Float8E5M2Type>();
  case tensorflow::DT_FLOAT8_E4M3FN:
    return b.getType<Float8E4M3FNType>();
  case tensorflow::DT_FLOAT8_E4M3FNUZ:
    return b.getType<Float8E4M3FNUZType>();
  case tensorflow::DT_FLOAT8_E4M3B11FNUZ:
    return b.getType<Float8E4M3B11FNUZType>();
  case tensorflow::DT_FLOAT8_E5M2FNUZ:
    return b.getType<Float8E5M2FNUZType>();
  default:
    return {};
  }
}

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
  if (dtype > 100 && dtype <= 200) {
    if (Type base = getBaseType(static_cast<DataType>(dtype - 100), ctx))
      if (Type ref = tf_type::getRefTypeFor(base))
        return ref;
  } else if (Type base = getBaseType(dtype, ctx)) {
    return base;
  }
  return emitError() << "unsupported data type " << static_cast<int>(dtype);
}

FailureOr<DataType> mlir::tfg::convertToDataType(Type type, Location loc) {
  MLIRContext *ctx = type.getContext();
  int offset = 0;
  if (Type elt = tf_type::getRefElementType(type)) {
    type = elt;
    offset = 100;
  }
  // Subtyped resources and variants are still DT_RESOURCE / DT_VARIANT.
  if (llvm::isa<tf_type::ResourceType>(type))
    type = tf_type::ResourceType::get(ctx);
  if (llvm::isa<tf_type::VariantType>(type))
    type = tf_type::VariantType::get(ctx);
  for (int dt = 1; dt <= 32; ++dt)
    if (getBaseType(static_cast<DataType>(dt), ctx) == type)
      return static_cast<DataType>(dt + offset);
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
