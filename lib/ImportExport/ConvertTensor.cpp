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

static FailureOr<int64_t> getNumElements(const TensorProto &t, Location loc) {
  if (t.tensor_shape().unknown_rank())
    return emitError(loc) << "tensor with unknown rank";
  int64_t n = 1;
  for (const auto &d : t.tensor_shape().dim()) {
    if (d.size() < 0)
      return emitError(loc) << "tensor with unknown dimension";
    if (d.size() > 0 && n > INT64_MAX / d.size())
      return emitError(loc) << "tensor too large";
    n *= d.size();
  }
  return n;
}

static FailureOr<NumericData> decodeNumeric(const TensorProto &t,
                                            int64_t numElements, Location loc) {
  unsigned size = numericElementSize(t.dtype());
  NumericData data;
  if (!t.tensor_content().empty()) {
    if (t.tensor_content().size() != size * static_cast<size_t>(numElements))
      return emitError(loc)
             << "tensor_content has " << t.tensor_content().size()
             << " bytes, expected " << size * numElements;
    data.raw = t.tensor_content();
    return data;
  }
  int64_t count = appendTypedValues(t, t.dtype(), data.raw);
  if (count > numElements)
    return emitError(loc) << "tensor has " << count << " values for "
                          << numElements << " elements";
  if (numElements == 0) {
    data.raw.clear();
    return data;
  }
  if (count == 0) {
    data.raw.assign(size, '\0');
    data.splat = true;
  } else if (count == 1) {
    data.splat = true;
  } else if (count < numElements) {
    if (numElements > kMaxExpandedBytes / size)
      return emitError(loc)
             << "tensor of " << numElements
             << " elements is too large to expand from " << count << " values";
    // TensorFlow repeats the last value to fill the tensor.
    std::string last = data.raw.substr(data.raw.size() - size);
    for (int64_t i = count; i < numElements; ++i)
      data.raw += last;
  }
  return data;
}

FailureOr<Attribute> mlir::tfg::convertTensor(const TensorProto &t,
                                              Location loc) {
  FailureOr<Type> elt = convertDataType(t.dtype(), loc);
  if (failed(elt))
    return failure();
  if (t.tensor_shape().unknown_rank() ||
      llvm::any_of(t.tensor_shape().dim(),
                   [](const auto &d) { return d.size() < 0; }))
    return emitError(loc) << "tensor with an unknown shape";
  SmallVector<int64_t> shape;
  for (const auto &d : t.tensor_shape().dim())
    shape.push_back(d.size());
  auto type = RankedTensorType::get(shape, *elt);
  // Only canonical numeric tensors become dense attributes; the rest (and
  // tensors with extra fields such as version_number) keep their bytes.
  bool plain = t.version_number() == 0 && t.string_val_size() == 0 &&
               t.resource_handle_val_size() == 0 && t.variant_val_size() == 0 &&
               t.float8_val().empty();
  if (numericElementSize(t.dtype()) && plain) {
    FailureOr<int64_t> n = getNumElements(t, loc);
    if (failed(n))
      return failure();
    FailureOr<NumericData> data = decodeNumeric(t, *n, loc);
    if (failed(data))
      return failure();
    if (t.dtype() == tensorflow::DT_BOOL) {
      SmallVector<bool> values(data->raw.begin(), data->raw.end());
      return Attribute(DenseElementsAttr::get(type, values));
    }
    return Attribute(DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(data->raw.data(), data->raw.size())));
  }
  std::string bytes;
  if (!t.SerializeToString(&bytes))
    return emitError(loc) << "tensor cannot be serialized";
  return Attribute(
      tf_type::TensorProtoAttr::get(loc.getContext(), type, bytes));
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
  if (!size || t.version_number() != 0 || t.tensor_shape().unknown_rank())
    return;
  int64_t n = 1;
  for (const auto &d : t.tensor_shape().dim()) {
    if (d.size() < 0 || (d.size() > 0 && n > INT64_MAX / d.size()))
      return;
    n *= d.size();
  }
  std::string raw;
  bool splat = false;
  if (!t.tensor_content().empty()) {
    raw = t.tensor_content();
  } else {
    int64_t count = appendTypedValues(t, t.dtype(), raw);
    if (count > n)
      return;
    if (count <= 1) {
      splat = true;
      if (count == 0)
        raw.assign(size, '\0');
    } else {
      if (n > kMaxExpandedBytes / size)
        return;
      std::string last = raw.substr(raw.size() - size);
      for (int64_t i = count; i < n; ++i)
        raw += last;
    }
  }
  // All elements equal: one element stands for all (no expansion of huge
  // splats).
  if (!splat && n > 1 && raw.size() == static_cast<size_t>(n) * size) {
    splat = true;
    for (size_t i = size; i < raw.size() && splat; i += size)
      splat = raw.compare(i, size, raw, 0, size) == 0;
    if (splat)
      raw.resize(size);
  }
  if (n == 0)
    raw.clear();
  DataType dtype = t.dtype();
  tensorflow::TensorShapeProto shape = t.tensor_shape();
  t.Clear();
  t.set_dtype(dtype);
  *t.mutable_tensor_shape() = shape;
  t.set_tensor_content(raw);
}
