//===- DataType.h - TensorFlow DataType numbers and MLIR types --*- C++ -*-===//
//
// The one mapping between TensorFlow's DataType enum (types.proto numbers,
// the reference types at +100) and the element types tfg uses: f32,
// !tf_type.string, !tf_type.f32ref, ... The importers, the exporters and
// the passes that build nodes all use it; no protobuf is involved.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_DATATYPE_H
#define TFG_IR_DATATYPE_H

#include "mlir/IR/Types.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace tfg {

/// The element type of DataType `dtype` (a `*_REF` number gives the ref
/// type), or null when tfg has no type for it.
Type getTypeForDataType(MLIRContext *ctx, int32_t dtype);

/// The DataType number of element type `type` (a ref type gives the
/// `*_REF` number; subtyped resources and variants are DT_RESOURCE and
/// DT_VARIANT), or none when TensorFlow has no DataType for it.
std::optional<int32_t> getDataTypeOf(Type type);

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_DATATYPE_H
