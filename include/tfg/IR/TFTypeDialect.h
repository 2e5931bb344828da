//===- TFTypeDialect.h - tf_type dialect, types and attributes --*- C++ -*-===//
//
// The tf_type dialect: TensorFlow element types (control, string, resource,
// variant, quantized, reference types) and attributes (version, func,
// placeholder, shape, full_type, tensor_proto).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFTYPEDIALECT_H
#define TFG_IR_TFTYPEDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeSupport.h"

namespace mlir {
namespace tf_type {
/// Trait of the reference types (DT_*_REF).
template <typename ConcreteType>
class RefTypeTrait : public TypeTrait::TraitBase<ConcreteType, RefTypeTrait> {};
} // namespace tf_type
} // namespace mlir

#include "tfg/IR/TFTypeDialect.h.inc"
#include "tfg/IR/TFTypeEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tfg/IR/TFTypeTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tfg/IR/TFTypeAttrs.h.inc"

namespace mlir {
namespace tf_type {

/// True for the reference types (`!tf_type.f32ref`, ...).
bool isRefType(Type type);
/// The element type a reference type refers to (f32 for f32ref); null if
/// `type` is not a reference type.
Type getRefElementType(Type type);
/// The reference type of an element type (f32ref for f32); null if none.
Type getRefTypeFor(Type elementType);

/// True for types that may be the element type of a TensorFlow tensor.
bool isValidTFElementType(Type type);

/// The data type of a value type: the element type of a tensor, or the type
/// itself; null for the opaque `!tf_type.tensor`.
Type getElementTypeOrSelf(Type type);

/// Whether a value of type `a` may flow where `b` is expected along region
/// control flow, as TensorFlow's tfg allows: equal types, the opaque
/// `!tf_type.tensor` and any tensor, or tensors of one element type (any
/// resources, any variants) whose shapes may be the same.
bool areCastCompatible(Type a, Type b);

/// areCastCompatible, a tensor of a reference type standing for a tensor of
/// the type it refers to (TensorFlow passes a variable's reference where its
/// value is expected): what a call or a region edge may pass.
bool areValueTypesCompatible(Type a, Type b);

/// Whether a value of type `type` may hold TensorFlow data type `dtype`
/// (an element type, as a `T` attribute holds it): its element type is
/// `dtype` (references stand for what they refer to; resources and variants
/// whatever their subtypes), or it is the opaque `!tf_type.tensor`.
bool holdsDataType(Type type, Type dtype);

} // namespace tf_type
} // namespace mlir

#endif // TFG_IR_TFTYPEDIALECT_H
