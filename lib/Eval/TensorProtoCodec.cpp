//===- TensorProtoCodec.cpp - Host tensors as serialized TensorProtos -----===//
//
// A reader and a writer of TensorProto's wire format for the tensors tfg
// keeps as #tf_type<tensor_proto>. Every length and count is checked
// against the bytes that hold it and against the tensor's element count
// before anything is stored.
//
//===----------------------------------------------------------------------===//

#include "TensorProtoCodec.h"
#include "tfg/IR/DataType.h"

#include "llvm/ADT/StringExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "tensor proto: " + message);
}

// Field numbers of TensorProto, TensorShapeProto and its Dim.
enum : uint32_t {
  kDtype = 1,
  kTensorShape = 2,
  kTensorContent = 4,
  kFloatVal = 5,
  kDoubleVal = 6,
  kIntVal = 7,
  kStringVal = 8,
  kScomplexVal = 9,
  kInt64Val = 10,
  kBoolVal = 11,
  kDcomplexVal = 12,
  kHalfVal = 13,
  kUint32Val = 16,
  kUint64Val = 17,
  kFloat8Val = 18,
  kShapeDim = 2,
  kShapeUnknownRank = 3,
  kDimSize = 1,
};

enum : uint32_t { kVarint = 0, kFixed64 = 1, kBytes = 2, kFixed32 = 5 };
/// Not a wire type: a singular bytes field whose bytes are the values
/// (float8_val).
static constexpr uint32_t kByteValues = 100;

namespace {
/// Reads protobuf fields from [p, end).
struct Reader {
  const char *p, *end;

  bool varint(uint64_t &value) {
    value = 0;
    for (unsigned i = 0; i < 10 && p != end; ++i) {
      auto byte = static_cast<uint8_t>(*p++);
      value |= static_cast<uint64_t>(byte & 0x7f) << (7 * i);
      if (!(byte & 0x80))
        return true;
    }
    return false;
  }
  bool fixed(uint64_t &value, unsigned size) {
    if (static_cast<size_t>(end - p) < size)
      return false;
    value = 0;
    for (unsigned i = 0; i < size; ++i)
      value |= static_cast<uint64_t>(static_cast<uint8_t>(p[i])) << (8 * i);
    p += size;
    return true;
  }
  /// One field: its number, wire type, scalar value or payload.
  bool field(uint32_t &number, uint32_t &type, uint64_t &value,
             StringRef &payload) {
    uint64_t tag;
    if (!varint(tag) || tag > std::numeric_limits<uint32_t>::max() ||
        (tag >> 3) == 0)
      return false;
    number = static_cast<uint32_t>(tag >> 3);
    type = static_cast<uint32_t>(tag & 7);
    switch (type) {
    case kVarint:
      return varint(value);
    case kFixed64:
      return fixed(value, 8);
    case kFixed32:
      return fixed(value, 4);
    case kBytes: {
      uint64_t size;
      if (!varint(size) || size > static_cast<uint64_t>(end - p))
        return false;
      payload = StringRef(p, size);
      p += size;
      return true;
    }
    default:
      return false;
    }
  }
};

/// The typed-value field of an element type, with its scalar wire type.
struct ValueField {
  uint32_t number;
  uint32_t wireType;
  unsigned partsPerElement;
};
} // namespace

static ValueField getValueField(Type type, const HostElementInfo &info) {
  switch (info.kind) {
  case HostElementKind::Bool:
    return {kBoolVal, kVarint, 1};
  case HostElementKind::Signed:
  case HostElementKind::Unsigned:
    if (!llvm::isa<IntegerType>(type) || info.bitWidth <= 16 ||
        (info.bitWidth == 32 && info.kind == HostElementKind::Signed))
      return {kIntVal, kVarint, 1};
    if (info.bitWidth == 32)
      return {kUint32Val, kVarint, 1};
    return info.kind == HostElementKind::Signed
               ? ValueField{kInt64Val, kVarint, 1}
               : ValueField{kUint64Val, kVarint, 1};
  case HostElementKind::Float:
    if (info.bitWidth == 8)
      return {kFloat8Val, kByteValues, 1};
    if (info.bitWidth == 16)
      return {kHalfVal, kVarint, 1};
    return info.bitWidth == 32 ? ValueField{kFloatVal, kFixed32, 1}
                               : ValueField{kDoubleVal, kFixed64, 1};
  case HostElementKind::Complex:
    return info.bitWidth == 32 ? ValueField{kScomplexVal, kFixed32, 2}
                               : ValueField{kDcomplexVal, kFixed64, 2};
  case HostElementKind::String:
    return {kStringVal, kBytes, 1};
  }
  return {0, 0, 1};
}

/// Stores scalar `bits` into bytes [p, p + size) (little-endian, truncated).
static void storeLE(char *p, unsigned size, uint64_t bits) {
  for (unsigned i = 0; i < size; ++i)
    p[i] = static_cast<char>(bits >> (8 * i));
}

/// Reads TensorShapeProto `payload` into `dims`.
static bool readShape(StringRef payload, SmallVectorImpl<int64_t> &dims,
                      bool &unknownRank) {
  Reader r{payload.begin(), payload.end()};
  while (r.p != r.end) {
    uint32_t number, type;
    uint64_t value = 0;
    StringRef dim;
    if (!r.field(number, type, value, dim))
      return false;
    if (number == kShapeUnknownRank && type == kVarint && value)
      unknownRank = true;
    if (number != kShapeDim || type != kBytes)
      continue;
    if (static_cast<int64_t>(dims.size()) >= kMaxHostTensorRank)
      return false;
    int64_t size = 0;
    Reader d{dim.begin(), dim.end()};
    while (d.p != d.end) {
      uint32_t n, t;
      uint64_t v = 0;
      StringRef unused;
      if (!d.field(n, t, v, unused))
        return false;
      if (n == kDimSize && t == kVarint)
        size = static_cast<int64_t>(v);
    }
    dims.push_back(size);
  }
  return true;
}

/// Decodes TensorFlow's string list in tensor_content: `n` varint lengths,
/// then the bytes of all strings.
static llvm::Error decodeStringList(StringRef content, HostTensor &t) {
  Reader r{content.begin(), content.end()};
  int64_t n = t.getNumElements();
  // Each length takes a byte at least.
  if (n > static_cast<int64_t>(content.size()))
    return makeError("string content shorter than its " + llvm::Twine(n) +
                     " lengths");
  std::vector<uint64_t> sizes(n);
  for (uint64_t &size : sizes)
    if (!r.varint(size) || size > std::numeric_limits<uint32_t>::max())
      return makeError("malformed string length");
  MutableArrayRef<std::string> strings = t.getMutableStrings();
  for (int64_t i = 0; i < n; ++i) {
    if (sizes[i] > static_cast<uint64_t>(r.end - r.p))
      return makeError("string content truncated");
    strings[i].assign(r.p, sizes[i]);
    r.p += sizes[i];
  }
  if (r.p != r.end)
    return makeError("string content has trailing bytes");
  return llvm::Error::success();
}

llvm::Expected<HostTensor>
mlir::tfg::detail::decodeTensorProto(StringRef bytes, RankedTensorType type,
                                     int64_t maxBytes) {
  Type elementType = type.getElementType();
  llvm::Expected<HostElementInfo> info = getHostElementInfo(elementType);
  if (!info)
    return info.takeError();
  llvm::Expected<int64_t> numElements = getHostNumElements(type.getShape());
  if (!numElements)
    return numElements.takeError();
  int64_t n = *numElements;
  ValueField field = getValueField(elementType, *info);
  int64_t maxValues = n * field.partsPerElement;
  if (n > std::numeric_limits<int64_t>::max() / field.partsPerElement)
    return makeError("element count overflows");

  StringRef content;
  std::vector<uint64_t> values;
  std::vector<StringRef> payloads;
  SmallVector<int64_t> dims;
  bool hasShape = false, unknownRank = false;
  Reader r{bytes.begin(), bytes.end()};
  while (r.p != r.end) {
    uint32_t number, wireType;
    uint64_t value = 0;
    StringRef payload;
    if (!r.field(number, wireType, value, payload))
      return makeError("malformed field");
    if (number == kDtype && wireType == kVarint) {
      std::optional<int32_t> expected = getDataTypeOf(elementType);
      if (value != 0 &&
          (!expected || static_cast<uint64_t>(*expected) != value))
        return makeError("dtype " + llvm::Twine(value) +
                         " does not match the attribute's element type");
      continue;
    }
    if (number == kTensorShape && wireType == kBytes) {
      hasShape = true;
      dims.clear();
      if (!readShape(payload, dims, unknownRank))
        return makeError("malformed tensor shape");
      continue;
    }
    if (number == kTensorContent && wireType == kBytes) {
      content = payload;
      continue;
    }
    if (number != field.number)
      continue;
    if (field.wireType == kByteValues) {
      // A singular field: the last one counts.
      if (wireType != kBytes)
        return makeError("field " + llvm::Twine(number) + " is not bytes");
      if (static_cast<int64_t>(payload.size()) > maxValues)
        return makeError("more values than the " + llvm::Twine(n) +
                         " elements");
      values.assign(payload.bytes_begin(), payload.bytes_end());
      continue;
    }
    if (field.wireType == kBytes) {
      if (wireType != kBytes)
        return makeError("field " + llvm::Twine(number) + " is not bytes");
      if (static_cast<int64_t>(payloads.size()) >= maxValues)
        return makeError("more values than the " + llvm::Twine(n) +
                         " elements");
      payloads.push_back(payload);
      continue;
    }
    auto push = [&](uint64_t v) -> llvm::Error {
      if (static_cast<int64_t>(values.size()) >= maxValues)
        return makeError("more values than the " + llvm::Twine(n) +
                         " elements");
      values.push_back(v);
      return llvm::Error::success();
    };
    if (wireType == field.wireType) {
      if (llvm::Error err = push(value))
        return std::move(err);
      continue;
    }
    if (wireType != kBytes)
      return makeError("field " + llvm::Twine(number) + " has wire type " +
                       llvm::Twine(wireType));
    // Packed values.
    Reader packed{payload.begin(), payload.end()};
    while (packed.p != packed.end) {
      uint64_t v;
      bool ok = field.wireType == kVarint    ? packed.varint(v)
                : field.wireType == kFixed32 ? packed.fixed(v, 4)
                                             : packed.fixed(v, 8);
      if (!ok)
        return makeError("malformed packed values");
      if (llvm::Error err = push(v))
        return std::move(err);
    }
  }
  if (hasShape && (unknownRank || ArrayRef<int64_t>(dims) != type.getShape()))
    return makeError("shape does not match the attribute's type");

  // tensor_content holds every element.
  if (!content.empty()) {
    llvm::Expected<HostTensor> t =
        HostTensor::create(elementType, type.getShape(), maxBytes);
    if (!t)
      return t.takeError();
    if (info->kind == HostElementKind::String) {
      if (llvm::Error err = decodeStringList(content, *t))
        return std::move(err);
      return t;
    }
    MutableArrayRef<char> raw = t->getMutableRawData();
    if (content.size() != raw.size())
      return makeError("tensor_content has " + llvm::Twine(content.size()) +
                       " bytes, expected " + llvm::Twine(raw.size()));
    std::memcpy(raw.data(), content.data(), raw.size());
    // Normalize bools and sub-byte ints as the element setters store them.
    for (int64_t i = 0; i < n; ++i) {
      if (info->kind == HostElementKind::Bool)
        raw[i] = raw[i] != 0;
      else if (info->bitWidth < 8)
        raw[i] = static_cast<char>(raw[i] & ((1 << info->bitWidth) - 1));
    }
    return t;
  }

  int64_t count = static_cast<int64_t>(
      field.wireType == kBytes ? payloads.size() : values.size());
  if (count % field.partsPerElement)
    return makeError("complex values come in pairs");
  count /= field.partsPerElement;
  llvm::Expected<HostTensor> t =
      count <= 1 ? HostTensor::createSplat(elementType, type.getShape())
                 : HostTensor::create(elementType, type.getShape(), maxBytes);
  if (!t)
    return t.takeError();
  if (count == 0 || n == 0)
    return t;
  int64_t stored = t->getNumStoredElements();
  if (info->kind == HostElementKind::String) {
    MutableArrayRef<std::string> strings = t->getMutableStrings();
    int64_t total = 0;
    for (int64_t i = 0; i < stored; ++i) {
      StringRef s = payloads[std::min(i, count - 1)];
      total += static_cast<int64_t>(sizeof(std::string) + s.size());
      if (total > maxBytes)
        return makeError("strings exceed the limit of " +
                         llvm::Twine(maxBytes) + " bytes");
      strings[i] = s.str();
    }
    return t;
  }
  MutableArrayRef<char> raw = t->getMutableRawData();
  unsigned partSize = info->byteSize / field.partsPerElement;
  for (int64_t i = 0; i < stored; ++i) {
    int64_t src = std::min(i, count - 1);
    char *element = raw.data() + i * info->byteSize;
    for (unsigned part = 0; part < field.partsPerElement; ++part) {
      uint64_t v = values[src * field.partsPerElement + part];
      if (info->kind == HostElementKind::Bool)
        v = v != 0;
      else if (info->bitWidth < 8)
        v &= (uint64_t(1) << info->bitWidth) - 1;
      storeLE(element + part * partSize, partSize, v);
    }
  }
  return t;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

static void putVarint(std::string &out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

static void putTag(std::string &out, uint32_t number, uint32_t wireType) {
  putVarint(out, (static_cast<uint64_t>(number) << 3) | wireType);
}

static void putBytes(std::string &out, uint32_t number, StringRef bytes) {
  putTag(out, number, kBytes);
  putVarint(out, bytes.size());
  out.append(bytes.data(), bytes.size());
}

static void putFixed(std::string &out, uint64_t v, unsigned size) {
  for (unsigned i = 0; i < size; ++i)
    out.push_back(static_cast<char>(v >> (8 * i)));
}

/// The scalar of element `i`'s part `part` as the typed field holds it.
static uint64_t typedValue(const HostTensor &t, const ValueField &field,
                           int64_t i, unsigned part) {
  const HostElementInfo &info = t.getElementInfo();
  unsigned partSize = info.byteSize / field.partsPerElement;
  const char *p = t.getRawData().data() +
                  (t.isSplat() ? 0 : i) * info.byteSize + part * partSize;
  uint64_t bits = 0;
  for (unsigned b = 0; b < partSize; ++b)
    bits |= static_cast<uint64_t>(static_cast<uint8_t>(p[b])) << (8 * b);
  if (info.kind == HostElementKind::Signed && field.wireType == kVarint)
    return static_cast<uint64_t>(t.getInt(i)); // sign-extended, as int32/64
  return bits;
}

std::string mlir::tfg::detail::encodeTensorProto(const HostTensor &t,
                                                 int32_t dtype) {
  std::string out;
  putTag(out, kDtype, kVarint);
  putVarint(out, static_cast<uint32_t>(dtype));
  std::string shape;
  for (int64_t d : t.getShape()) {
    std::string dim;
    putTag(dim, kDimSize, kVarint);
    putVarint(dim, static_cast<uint64_t>(d));
    putBytes(shape, kShapeDim, dim);
  }
  putBytes(out, kTensorShape, shape);
  if (t.getNumElements() == 0)
    return out;

  const HostElementInfo &info = t.getElementInfo();
  ValueField field = getValueField(t.getElementType(), info);
  if (info.kind == HostElementKind::String) {
    for (const std::string &s : t.getStrings())
      putBytes(out, kStringVal, s);
    return out;
  }
  // Every element of a tensor of whole bytes: tensor_content.
  if (!t.isSplat() && info.bitWidth >= 8) {
    ArrayRef<char> raw = t.getRawData();
    putBytes(out, kTensorContent, StringRef(raw.data(), raw.size()));
    return out;
  }
  // Typed values: the one value of a splat, or each sub-byte int.
  int64_t count = t.getNumStoredElements();
  if (field.wireType == kByteValues) {
    putBytes(out, field.number, StringRef(t.getRawData().data(), count));
    return out;
  }
  std::string packed;
  for (int64_t i = 0; i < count; ++i) {
    for (unsigned part = 0; part < field.partsPerElement; ++part) {
      uint64_t v = typedValue(t, field, i, part);
      if (field.wireType == kVarint)
        putVarint(packed, v);
      else
        putFixed(packed, v, field.wireType == kFixed32 ? 4 : 8);
    }
  }
  putBytes(out, field.number, packed);
  return out;
}
