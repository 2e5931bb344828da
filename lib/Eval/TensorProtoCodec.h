//===- TensorProtoCodec.h - Host tensors as serialized TensorProtos -*- C++
//-*-//
//
// tfg keeps tensors with no dense MLIR form (strings, quantized and sub-byte
// ints, float8) as a serialized TensorProto (#tf_type<tensor_proto>).
// TFGEval may not link protobuf, so these functions read and write the few
// fields involved in protobuf's wire format directly (field numbers and
// wire types are those of TensorFlow's public tensor.proto).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_TENSORPROTOCODEC_H
#define TFG_LIB_EVAL_TENSORPROTOCODEC_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace tfg {
namespace detail {

/// Decodes the values of serialized TensorProto `bytes` whose type is
/// `type` (the attribute's; the proto's dtype and shape must agree with it
/// where given), as TensorFlow reads them: tensor_content, or the typed
/// values with the last one repeated (none means zeros). One value for
/// several elements gives a splat.
llvm::Expected<HostTensor>
decodeTensorProto(StringRef bytes, RankedTensorType type, int64_t maxBytes);

/// Encodes `tensor` as a TensorProto of DataType number `dtype`, fields in
/// number order (protobuf's deterministic order). A splat is written as
/// one typed value.
std::string encodeTensorProto(const HostTensor &tensor, int32_t dtype);

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_TENSORPROTOCODEC_H
