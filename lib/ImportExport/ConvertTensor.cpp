//===- ConvertTensor.cpp - TensorProto <-> ElementsAttr -------------------===//
//
// Numeric tensors become DenseElementsAttr built from their raw bytes (bit
// exact: -0.0, NaN payloads, half/bfloat16 bit patterns are kept; a tensor
// given by a single typed value stays a splat, so a large splat costs
// nothing). Every other tensor (strings, resources, variants, quantized and
// sub-byte types) is kept as its serialized TensorProto.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"

#include "mlir/IR/Diagnostics.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;
using tensorflow::DataType;
using tensorflow::TensorProto;

/// The first element of little-endian bytes as a T.
template <typename T> static T loadAs(const std::string &raw) {
  T value;
  std::memcpy(&value, raw.data(), sizeof(T));
  return value;
}

/// Bytes per element of the numeric dtypes with a dense MLIR form; 0 for
/// the others.
static unsigned numericElementSize(DataType dtype) {
  switch (dtype) {
  case tensorflow::DT_BOOL:
  case tensorflow::DT_INT8:
  case tensorflow::DT_UINT8:
    return 1;
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
  case tensorflow::DT_INT16:
  case tensorflow::DT_UINT16:
    return 2;
  case tensorflow::DT_FLOAT:
  case tensorflow::DT_INT32:
  case tensorflow::DT_UINT32:
    return 4;
  case tensorflow::DT_DOUBLE:
  case tensorflow::DT_INT64:
  case tensorflow::DT_UINT64:
  case tensorflow::DT_COMPLEX64:
    return 8;
  case tensorflow::DT_COMPLEX128:
    return 16;
  default:
    return 0;
  }
}

/// Largest tensor built by repeating the last of several given values (a
/// tensor given element by element or as a single splat value has no limit).
static constexpr int64_t kMaxExpandedBytes = int64_t(1) << 30;

namespace {
/// The elements of a numeric tensor in TensorFlow's little-endian layout:
/// either all of them, or one (a splat).
struct NumericData {
  std::string raw;
  bool splat = false;
};
} // namespace

template <typename T> static void appendValue(std::string &raw, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  raw.append(bytes, sizeof(T));
}

// Appends the typed values of `tensor` (truncated to the field's C type).
static int64_t appendTypedValues(const TensorProto &t, DataType dtype,
                                 std::string &raw) {
  switch (dtype) {
  case tensorflow::DT_FLOAT:
    for (float v : t.float_val())
      appendValue(raw, v);
    return t.float_val_size();
  case tensorflow::DT_DOUBLE:
    for (double v : t.double_val())
      appendValue(raw, v);
    return t.double_val_size();
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
    for (int32_t v : t.half_val())
      appendValue(raw, static_cast<uint16_t>(v));
    return t.half_val_size();
  case tensorflow::DT_INT8:
  case tensorflow::DT_UINT8:
    for (int32_t v : t.int_val())
      appendValue(raw, static_cast<uint8_t>(v));
    return t.int_val_size();
  case tensorflow::DT_INT16:
  case tensorflow::DT_UINT16:
    for (int32_t v : t.int_val())
      appendValue(raw, static_cast<uint16_t>(v));
    return t.int_val_size();
  case tensorflow::DT_INT32:
    for (int32_t v : t.int_val())
      appendValue(raw, v);
    return t.int_val_size();
  case tensorflow::DT_UINT32:
    for (uint32_t v : t.uint32_val())
      appendValue(raw, v);
    return t.uint32_val_size();
  case tensorflow::DT_INT64:
    for (int64_t v : t.int64_val())
      appendValue(raw, v);
    return t.int64_val_size();
  case tensorflow::DT_UINT64:
    for (uint64_t v : t.uint64_val())
      appendValue(raw, v);
    return t.uint64_val_size();
  case tensorflow::DT_BOOL:
    for (bool v : t.bool_val())
      appendValue(raw, static_cast<uint8_t>(v));
    return t.bool_val_size();
  case tensorflow::DT_COMPLEX64:
    for (float v : t.scomplex_val())
      appendValue(raw, v);
    return t.scomplex_val_size() / 2;
  case tensorflow::DT_COMPLEX128:
    for (double v : t.dcomplex_val())
      appendValue(raw, v);
    return t.dcomplex_val_size() / 2;
  default:
    return 0;
  }
}

/// The number of elements of a fully known shape; none if the shape is
/// unknown or the count overflows.
static std::optional<int64_t> getNumElements(const TensorProto &t) {
  if (t.tensor_shape().unknown_rank())
    return std::nullopt;
  int64_t n = 1;
  for (const auto &d : t.tensor_shape().dim()) {
    if (d.size() < 0 || (d.size() > 0 && n > INT64_MAX / d.size()))
      return std::nullopt;
    n *= d.size();
  }
  return n;
}

/// Decodes the values of a numeric tensor of `numElements` elements, as
/// TensorFlow reads them: tensor_content, or the typed values with the last
/// one repeated (none means zeros). On failure returns false and says why in
/// `error`. Shared by import and the round-trip comparison.
static bool decodeValues(const TensorProto &t, int64_t numElements,
                         NumericData &data, std::string &error) {
  unsigned size = numericElementSize(t.dtype());
  if (!t.tensor_content().empty()) {
    if (t.tensor_content().size() != size * static_cast<size_t>(numElements)) {
      error = "tensor_content has " +
              std::to_string(t.tensor_content().size()) + " bytes, expected " +
              std::to_string(size * numElements);
      return false;
    }
    data.raw = t.tensor_content();
    return true;
  }
  int64_t count = appendTypedValues(t, t.dtype(), data.raw);
  if (data.raw.size() != static_cast<size_t>(count) * size) {
    error = "tensor values do not fill whole elements";
    return false;
  }
  if (count > numElements) {
    error = "tensor has " + std::to_string(count) + " values for " +
            std::to_string(numElements) + " elements";
    return false;
  }
  if (numElements == 0) {
    data.raw.clear();
  } else if (count == 0) {
    data.raw.assign(size, '\0');
    data.splat = true;
  } else if (count == 1) {
    data.splat = true;
  } else if (count < numElements) {
    if (numElements > kMaxExpandedBytes / size) {
      error = "tensor of " + std::to_string(numElements) +
              " elements is too large to expand from " + std::to_string(count) +
              " values";
      return false;
    }
    std::string last = data.raw.substr(data.raw.size() - size);
    for (int64_t i = count; i < numElements; ++i)
      data.raw += last;
  }
  return true;
}

FailureOr<Attribute> mlir::tfg::convertTensor(const TensorProto &t,
                                              MLIRContext *ctx,
                                              EmitErrorFn emitError) {
  FailureOr<Type> elt = convertDataType(t.dtype(), ctx, emitError);
  if (failed(elt))
    return failure();
  if (t.tensor_shape().unknown_rank() ||
      llvm::any_of(t.tensor_shape().dim(),
                   [](const auto &d) { return d.size() < 0; }))
    return emitError() << "tensor with an unknown shape";
  if (t.tensor_shape().dim_size() > kMaxShapeRank)
    return emitError() << "tensor of " << t.tensor_shape().dim_size()
                       << " dimensions (TensorFlow's limit is " << kMaxShapeRank
                       << ")";
  SmallVector<int64_t> shape;
  for (const auto &d : t.tensor_shape().dim())
    shape.push_back(d.size());
  auto type = RankedTensorType::get(shape, *elt);
  // Only canonical numeric tensors become dense attributes; the rest (and
  // tensors with extra fields such as version_number) keep their bytes.
  // A complex tensor with an odd count of scalars has no element form.
  bool halfComplex =
      (t.dtype() == tensorflow::DT_COMPLEX64 && t.scomplex_val_size() % 2) ||
      (t.dtype() == tensorflow::DT_COMPLEX128 && t.dcomplex_val_size() % 2);
  // Dimension names have no place in a tensor type: such a tensor keeps
  // its encoding, names included.
  bool named = llvm::any_of(t.tensor_shape().dim(),
                            [](const auto &d) { return !d.name().empty(); });
  bool plain = !named && t.version_number() == 0 && t.string_val_size() == 0 &&
               t.resource_handle_val_size() == 0 && t.variant_val_size() == 0 &&
               t.float8_val().empty() && !halfComplex;
  if (numericElementSize(t.dtype()) && plain) {
    // The shape is known (checked above); only the count can overflow.
    std::optional<int64_t> n = getNumElements(t);
    if (!n)
      return emitError() << "tensor too large";
    NumericData data;
    std::string error;
    if (!decodeValues(t, *n, data, error))
      return emitError() << error;
    if (t.dtype() == tensorflow::DT_BOOL) {
      SmallVector<bool> values(data.raw.begin(), data.raw.end());
      return Attribute(DenseElementsAttr::get(type, values));
    }
    return Attribute(DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(data.raw.data(), data.raw.size())));
  }
  std::string bytes;
  if (!serializeDeterministically(t, bytes))
    return emitError() << "tensor cannot be serialized";
  return Attribute(tf_type::TensorProtoAttr::get(ctx, type, bytes));
}

LogicalResult mlir::tfg::convertTensor(Attribute attr, TensorProto &out,
                                       Location loc) {
  out.Clear();
  if (auto proto = llvm::dyn_cast<tf_type::TensorProtoAttr>(attr)) {
    if (!out.ParseFromString(proto.getValue().str()))
      return emitError(loc) << "invalid serialized tensor";
    return success();
  }
  auto dense = llvm::dyn_cast<DenseElementsAttr>(attr);
  if (!dense)
    return emitError(loc) << "cannot export tensor attribute " << attr;
  FailureOr<DataType> dtype =
      convertToDataType(dense.getType().getElementType(), loc);
  if (failed(dtype))
    return failure();
  out.set_dtype(*dtype);
  for (int64_t d : dense.getType().getShape())
    out.mutable_tensor_shape()->add_dim()->set_size(d);
  std::string raw;
  if (*dtype == tensorflow::DT_BOOL) {
    for (bool v : dense.getValues<bool>()) {
      raw.push_back(static_cast<char>(v));
      if (dense.isSplat())
        break;
    }
  } else {
    ArrayRef<char> data = dense.getRawData();
    raw.assign(data.begin(), data.end());
  }
  if (!dense.isSplat() || dense.getNumElements() <= 1) {
    out.set_tensor_content(raw);
    if (dense.getNumElements() == 0)
      out.clear_tensor_content();
    return success();
  }
  // A splat: one typed value, read from the element's bytes.
  switch (*dtype) {
  case tensorflow::DT_FLOAT:
    out.add_float_val(loadAs<float>(raw));
    break;
  case tensorflow::DT_DOUBLE:
    out.add_double_val(loadAs<double>(raw));
    break;
  case tensorflow::DT_BOOL:
    out.add_bool_val(raw[0] != 0);
    break;
  case tensorflow::DT_INT64:
    out.add_int64_val(loadAs<int64_t>(raw));
    break;
  case tensorflow::DT_UINT64:
    out.add_uint64_val(loadAs<uint64_t>(raw));
    break;
  case tensorflow::DT_UINT32:
    out.add_uint32_val(loadAs<uint32_t>(raw));
    break;
  case tensorflow::DT_INT32:
    out.add_int_val(loadAs<int32_t>(raw));
    break;
  case tensorflow::DT_INT16:
    out.add_int_val(loadAs<int16_t>(raw));
    break;
  case tensorflow::DT_UINT16:
    out.add_int_val(loadAs<uint16_t>(raw));
    break;
  case tensorflow::DT_INT8:
    out.add_int_val(static_cast<int8_t>(raw[0]));
    break;
  case tensorflow::DT_UINT8:
    out.add_int_val(static_cast<uint8_t>(raw[0]));
    break;
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
    out.add_half_val(loadAs<uint16_t>(raw));
    break;
  default: {
    // Complex splats: write the content out in full.
    std::string full;
    for (int64_t i = 0; i < dense.getNumElements(); ++i)
      full += raw;
    out.set_tensor_content(full);
    break;
  }
  }
  return success();
}

void mlir::tfg::canonicalizeTensor(TensorProto &t) {
  unsigned size = numericElementSize(t.dtype());
  std::optional<int64_t> n = getNumElements(t);
  NumericData data;
  std::string error;
  if (!size || t.version_number() != 0 || !n ||
      !decodeValues(t, *n, data, error))
    return;
  // All elements equal: one element stands for all (no expansion of huge
  // splats).
  if (!data.splat && *n > 1) {
    data.splat = true;
    for (size_t i = size; i < data.raw.size() && data.splat; i += size)
      data.splat = data.raw.compare(i, size, data.raw, 0, size) == 0;
    if (data.splat)
      data.raw.resize(size);
  }
  DataType dtype = t.dtype();
  tensorflow::TensorShapeProto shape = t.tensor_shape();
  t.Clear();
  t.set_dtype(dtype);
  *t.mutable_tensor_shape() = shape;
  t.set_tensor_content(data.raw);
}
