//===- DataType.cpp - TensorFlow DataType numbers and MLIR types ----------===//

#include "tfg/IR/DataType.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;

// DataType numbers of types.proto (facts of the wire format).
enum : int32_t {
  kFloat = 1,
  kDouble = 2,
  kInt32 = 3,
  kUInt8 = 4,
  kInt16 = 5,
  kInt8 = 6,
  kString = 7,
  kComplex64 = 8,
  kInt64 = 9,
  kBool = 10,
  kQInt8 = 11,
  kQUInt8 = 12,
  kQInt32 = 13,
  kBFloat16 = 14,
  kQInt16 = 15,
  kQUInt16 = 16,
  kUInt16 = 17,
  kComplex128 = 18,
  kHalf = 19,
  kResource = 20,
  kVariant = 21,
  kUInt32 = 22,
  kUInt64 = 23,
  kFloat8E5M2 = 24,
  kFloat8E4M3FN = 25,
  kFloat8E4M3FNUZ = 26,
  kFloat8E4M3B11FNUZ = 27,
  kFloat8E5M2FNUZ = 28,
  kInt4 = 29,
  kUInt4 = 30,
  kInt2 = 31,
  kUInt2 = 32,
  kLastBase = 32,
  kRefOffset = 100,
};

static Type getBaseType(MLIRContext *ctx, int32_t dtype) {
  Builder b(ctx);
  switch (dtype) {
  case kFloat:
    return b.getF32Type();
  case kDouble:
    return b.getF64Type();
  case kHalf:
    return b.getF16Type();
  case kBFloat16:
    return b.getBF16Type();
  case kBool:
    return b.getI1Type();
  case kInt2:
    return b.getIntegerType(2);
  case kInt4:
    return b.getIntegerType(4);
  case kInt8:
    return b.getIntegerType(8);
  case kInt16:
    return b.getIntegerType(16);
  case kInt32:
    return b.getIntegerType(32);
  case kInt64:
    return b.getIntegerType(64);
  case kUInt2:
    return b.getIntegerType(2, false);
  case kUInt4:
    return b.getIntegerType(4, false);
  case kUInt8:
    return b.getIntegerType(8, false);
  case kUInt16:
    return b.getIntegerType(16, false);
  case kUInt32:
    return b.getIntegerType(32, false);
  case kUInt64:
    return b.getIntegerType(64, false);
  case kComplex64:
    return ComplexType::get(b.getF32Type());
  case kComplex128:
    return ComplexType::get(b.getF64Type());
  case kString:
    return tf_type::StringType::get(ctx);
  case kResource:
    return tf_type::ResourceType::get(ctx);
  case kVariant:
    return tf_type::VariantType::get(ctx);
  case kQInt8:
    return tf_type::Qint8Type::get(ctx);
  case kQInt16:
    return tf_type::Qint16Type::get(ctx);
  case kQInt32:
    return tf_type::Qint32Type::get(ctx);
  case kQUInt8:
    return tf_type::Quint8Type::get(ctx);
  case kQUInt16:
    return tf_type::Quint16Type::get(ctx);
  case kFloat8E5M2:
    return b.getType<Float8E5M2Type>();
  case kFloat8E4M3FN:
    return b.getType<Float8E4M3FNType>();
  case kFloat8E4M3FNUZ:
    return b.getType<Float8E4M3FNUZType>();
  case kFloat8E4M3B11FNUZ:
    return b.getType<Float8E4M3B11FNUZType>();
  case kFloat8E5M2FNUZ:
    return b.getType<Float8E5M2FNUZType>();
  default:
    return {};
  }
}

Type mlir::tfg::getTypeForDataType(MLIRContext *ctx, int32_t dtype) {
  if (dtype > kRefOffset && dtype <= 2 * kRefOffset) {
    if (Type base = getBaseType(ctx, dtype - kRefOffset))
      return tf_type::getRefTypeFor(base);
    return {};
  }
  return getBaseType(ctx, dtype);
}

std::optional<int32_t> mlir::tfg::getDataTypeOf(Type type) {
  MLIRContext *ctx = type.getContext();
  int32_t offset = 0;
  if (Type elt = tf_type::getRefElementType(type)) {
    type = elt;
    offset = kRefOffset;
  }
  if (llvm::isa<tf_type::ResourceType>(type))
    type = tf_type::ResourceType::get(ctx);
  if (llvm::isa<tf_type::VariantType>(type))
    type = tf_type::VariantType::get(ctx);
  for (int32_t dt = 1; dt <= kLastBase; ++dt)
    if (getBaseType(ctx, dt) == type)
      return dt + offset;
  return std::nullopt;
}
