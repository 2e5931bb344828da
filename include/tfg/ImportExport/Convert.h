//===- Convert.h - TensorFlow proto <-> MLIR value conversions --*- C++ -*-===//
//
// Conversions of the leaf pieces of GraphDefs: data types, shapes, tensors
// and attribute values. Shared by the GraphDef and FunctionDef importers and
// exporters. Errors are reported through the given location's diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_CONVERT_H
#define TFG_IMPORTEXPORT_CONVERT_H

#include "tfg/proto/attr_value.pb.h"
#include "tfg/proto/full_type.pb.h"
#include "tfg/proto/tensor.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

namespace mlir {
namespace tfg {

/// The message's encoding with map entries in key order, so that one
/// message always gives the same bytes (and so the same attribute when the
/// bytes are kept in the IR). False if protobuf cannot serialize it.
bool serializeDeterministically(const google::protobuf::MessageLite &message,
                                std::string &bytes);

/// Parses the binary encoding `bytes` into `message`. False when they do
/// not parse, or are over 2 GB, which protobuf cannot parse.
bool parseBinaryProto(StringRef bytes, google::protobuf::MessageLite &message);

/// Emits an error where a conversion reports it (MLIR's `getChecked`
/// convention): the importers start the message with the node and the
/// attribute being converted, without a location per node.
using EmitErrorFn = function_ref<InFlightDiagnostic()>;

/// A warning where `emitError` would put an error, its message starting as
/// the error's would (the node and the attribute), followed by `message`.
void emitWarningInstead(EmitErrorFn emitError, const Twine &message);

/// DataType -> element type (f32, !tf_type.string, !tf_type.f32ref, ...).
FailureOr<Type> convertDataType(tensorflow::DataType dtype,
                                MLIRContext *context, EmitErrorFn emitError);
inline FailureOr<Type> convertDataType(tensorflow::DataType dtype,
                                       Location loc) {
  return convertDataType(dtype, loc.getContext(),
                         [loc] { return mlir::emitError(loc); });
}
/// Element type -> DataType.
FailureOr<tensorflow::DataType> convertToDataType(Type type, Location loc);

/// The most dimensions a TensorFlow shape has (TensorShape::MaxDimensions()).
constexpr int kMaxShapeRank = 254;

/// TensorShapeProto -> #tf_type.shape, dimension names included. Fails on
/// dimensions of an unknown rank and on more than 254 dimensions, which
/// TensorFlow's PartialTensorShape::IsValid refuses; a size below -1 (which
/// TensorFlow's importers read as unknown) is read as unknown with a
/// warning.
FailureOr<Attribute> convertShape(const tensorflow::TensorShapeProto &shape,
                                  MLIRContext *context, EmitErrorFn emitError);
/// #tf_type.shape -> TensorShapeProto.
void convertShape(Attribute shape, tensorflow::TensorShapeProto &out);

/// FullTypeDef -> #tf_type.full_type, and back.
Attribute convertFullType(const tensorflow::FullTypeDef &type,
                          MLIRContext *context);
void convertFullType(Attribute type, tensorflow::FullTypeDef &out);

/// TensorProto -> DenseElementsAttr (numeric dtypes, bit-exact, splats kept
/// compact) or #tf_type.tensor_proto (anything else, byte-exact).
FailureOr<Attribute> convertTensor(const tensorflow::TensorProto &tensor,
                                   MLIRContext *context, EmitErrorFn emitError);
inline FailureOr<Attribute> convertTensor(const tensorflow::TensorProto &tensor,
                                          Location loc) {
  return convertTensor(tensor, loc.getContext(),
                       [loc] { return mlir::emitError(loc); });
}
/// The inverse of convertTensor.
LogicalResult convertTensor(Attribute attr, tensorflow::TensorProto &out,
                            Location loc);
/// Rewrites a TensorProto into one canonical encoding (tensor_content for
/// numeric dtypes; a tensor whose elements are all equal keeps one element,
/// so huge splats are never expanded) so that two encodings of the same
/// value compare equal.
void canonicalizeTensor(tensorflow::TensorProto &tensor);

/// Fails, with an error at `loc` naming `what`, when `value` is not valid
/// UTF-8: protobuf's string fields (names, ops, devices, attribute keys,
/// function names) must be, or the GraphDef does not parse back.
LogicalResult verifyProtoString(StringRef value, const llvm::Twine &what,
                                Location loc);

/// AttrValue -> attribute.
FailureOr<Attribute> convertAttrValue(const tensorflow::AttrValue &value,
                                      MLIRContext *context,
                                      EmitErrorFn emitError);
inline FailureOr<Attribute> convertAttrValue(const tensorflow::AttrValue &value,
                                             Location loc) {
  return convertAttrValue(value, loc.getContext(),
                          [loc] { return mlir::emitError(loc); });
}
/// Attribute -> AttrValue.
LogicalResult convertAttrValue(Attribute attr, tensorflow::AttrValue &out,
                               Location loc);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_CONVERT_H
