//===- HostTensor.cpp - Tensors of every TensorFlow dtype on the host -----===//
//
// Storage, element access and the conversions to and from attributes. The
// tensor-proto form of strings and of the dtypes with no dense MLIR form is
// read and written by TensorProtoCodec.cpp.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/HostTensor.h"
#include "TensorProtoCodec.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <limits>
#include <new>

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Bytes counted for each string besides its characters.
static constexpr int64_t kStringOverhead = sizeof(std::string);

llvm::Expected<HostElementInfo> mlir::tfg::getHostElementInfo(Type type) {
  if (!type)
    return makeError("null element type");
  if (type.isInteger(1))
    return HostElementInfo{HostElementKind::Bool, 1, 1};
  if (auto intType = llvm::dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width > 64 || (width > 8 && !llvm::isPowerOf2_32(width)))
      return makeError("integers of " + llvm::Twine(width) +
                       " bits have no host form");
    auto kind = intType.isUnsigned() ? HostElementKind::Unsigned
                                     : HostElementKind::Signed;
    return HostElementInfo{kind, width, std::max(1u, width / 8)};
  }
  if (auto floatType = llvm::dyn_cast<FloatType>(type)) {
    unsigned width = floatType.getWidth();
    if (width != 8 && width != 16 && width != 32 && width != 64)
      return makeError("floats of " + llvm::Twine(width) +
                       " bits have no host form");
    return HostElementInfo{HostElementKind::Float, width, width / 8};
  }
  if (auto complexType = llvm::dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    if (!part.isF32() && !part.isF64())
      return makeError("only complex<f32> and complex<f64> have a host form");
    unsigned width = part.getIntOrFloatBitWidth();
    return HostElementInfo{HostElementKind::Complex, width, width / 4};
  }
  if (llvm::isa<tf_type::StringType>(type))
    return HostElementInfo{HostElementKind::String, 0, 0};
  if (llvm::isa<tf_type::Qint8Type>(type))
    return HostElementInfo{HostElementKind::Signed, 8, 1};
  if (llvm::isa<tf_type::Qint16Type>(type))
    return HostElementInfo{HostElementKind::Signed, 16, 2};
  if (llvm::isa<tf_type::Qint32Type>(type))
    return HostElementInfo{HostElementKind::Signed, 32, 4};
  if (llvm::isa<tf_type::Quint8Type>(type))
    return HostElementInfo{HostElementKind::Unsigned, 8, 1};
  if (llvm::isa<tf_type::Quint16Type>(type))
    return HostElementInfo{HostElementKind::Unsigned, 16, 2};
  std::string name;
  llvm::raw_string_ostream os(name);
  os << type;
  return makeError("element type " + name + " has no host form");
}

llvm::Expected<int64_t> mlir::tfg::getHostNumElements(ArrayRef<int64_t> shape) {
  if (static_cast<int64_t>(shape.size()) > kMaxHostTensorRank)
    return makeError("rank " + llvm::Twine(shape.size()) +
                     " is over the limit of " +
                     llvm::Twine(kMaxHostTensorRank));
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d < 0)
      return makeError("negative or unknown dimension " + llvm::Twine(d));
    if (d > 0 && n > std::numeric_limits<int64_t>::max() / d)
      return makeError("element count overflows");
    n *= d;
  }
  return n;
}

void HostTensor::AlignedDelete::operator()(char *p) const {
  ::operator delete[](p, std::align_val_t(64));
}

llvm::Error HostTensor::allocate(int64_t stored, int64_t maxBytes) {
  bytes.reset();
  strings.clear();
  if (info.kind == HostElementKind::String) {
    if (stored > maxBytes / kStringOverhead)
      return makeError("tensor of " + llvm::Twine(stored) +
                       " strings exceeds the limit of " +
                       llvm::Twine(maxBytes) + " bytes");
    strings.resize(stored);
    return llvm::Error::success();
  }
  if (stored > maxBytes / info.byteSize)
    return makeError("tensor of " + llvm::Twine(stored) + " elements of " +
                     llvm::Twine(info.byteSize) +
                     " bytes exceeds the limit of " + llvm::Twine(maxBytes) +
                     " bytes");
  size_t size = static_cast<size_t>(stored) * info.byteSize;
  // Round up so that an empty tensor has a buffer too.
  size_t alloc = std::max<size_t>(64, (size + 63) & ~size_t(63));
  char *p = static_cast<char *>(
      ::operator new[](alloc, std::align_val_t(64), std::nothrow));
  if (!p)
    return makeError("out of memory for a tensor of " + llvm::Twine(size) +
                     " bytes");
  std::memset(p, 0, alloc);
  bytes.reset(p);
  return llvm::Error::success();
}

/// Checks that a tensor of `elementType` and `shape` can exist.
static llvm::Error checkTensorType(Type elementType, ArrayRef<int64_t> shape) {
  if (llvm::Expected<HostElementInfo> info = getHostElementInfo(elementType);
      !info)
    return info.takeError();
  if (llvm::Expected<int64_t> n = getHostNumElements(shape); !n)
    return n.takeError();
  return llvm::Error::success();
}

llvm::Expected<HostTensor> HostTensor::create(Type elementType,
                                              ArrayRef<int64_t> shape,
                                              int64_t maxBytes) {
  if (llvm::Error err = checkTensorType(elementType, shape))
    return std::move(err);
  HostTensor t;
  t.elementType = elementType;
  t.info = cantFail(getHostElementInfo(elementType));
  t.shape.assign(shape.begin(), shape.end());
  t.numElements = cantFail(getHostNumElements(shape));
  if (llvm::Error err = t.allocate(t.numElements, maxBytes))
    return std::move(err);
  return t;
}

llvm::Expected<HostTensor> HostTensor::createSplat(Type elementType,
                                                   ArrayRef<int64_t> shape) {
  if (llvm::Error err = checkTensorType(elementType, shape))
    return std::move(err);
  HostTensor t;
  t.elementType = elementType;
  t.info = cantFail(getHostElementInfo(elementType));
  t.shape.assign(shape.begin(), shape.end());
  t.numElements = cantFail(getHostNumElements(shape));
  t.splat = t.numElements > 1;
  if (llvm::Error err = t.allocate(std::min<int64_t>(t.numElements, 1),
                                   std::numeric_limits<int64_t>::max()))
    return std::move(err);
  return t;
}

HostTensor::HostTensor(const HostTensor &other)
    : elementType(other.elementType), info(other.info), shape(other.shape),
      numElements(other.numElements), splat(other.splat),
      strings(other.strings) {
  if (other.bytes) {
    // Copying what exists cannot pass a bound the original passed.
    if (llvm::Error err = allocate(getNumStoredElements(),
                                   std::numeric_limits<int64_t>::max())) {
      llvm::consumeError(std::move(err));
      *this = HostTensor();
      return;
    }
    strings = other.strings;
    std::memcpy(bytes.get(), other.bytes.get(), getStoredBytes());
  }
}

HostTensor &HostTensor::operator=(const HostTensor &other) {
  if (this != &other) {
    HostTensor copy(other);
    *this = std::move(copy);
  }
  return *this;
}

int64_t HostTensor::getStorageBytes() const {
  if (info.kind != HostElementKind::String)
    return getStoredBytes();
  int64_t total = 0;
  for (const std::string &s : strings)
    total += kStringOverhead + static_cast<int64_t>(s.size());
  return total;
}

Type HostTensor::getType() const {
  if (!elementType)
    return {};
  return RankedTensorType::get(shape, elementType);
}

llvm::Error HostTensor::expandSplat(int64_t maxBytes) {
  if (!splat)
    return llvm::Error::success();
  if (info.kind == HostElementKind::String) {
    int64_t per = kStringOverhead + static_cast<int64_t>(strings[0].size());
    if (numElements > maxBytes / per)
      return makeError("expanding a splat of " + llvm::Twine(numElements) +
                       " strings exceeds the limit of " +
                       llvm::Twine(maxBytes) + " bytes");
    std::string value = strings[0];
    strings.assign(numElements, value);
    splat = false;
    return llvm::Error::success();
  }
  std::unique_ptr<char[], AlignedDelete> one = std::move(bytes);
  if (llvm::Error err = allocate(numElements, maxBytes)) {
    bytes = std::move(one);
    return err;
  }
  for (int64_t i = 0; i < numElements; ++i)
    std::memcpy(bytes.get() + i * info.byteSize, one.get(), info.byteSize);
  splat = false;
  return llvm::Error::success();
}

bool HostTensor::compactToSplat() {
  if (splat)
    return true;
  if (numElements < 2 || !elementType)
    return false;
  if (info.kind == HostElementKind::String) {
    for (int64_t i = 1; i < numElements; ++i)
      if (strings[i] != strings[0])
        return false;
    strings.resize(1);
    splat = true;
    return true;
  }
  for (int64_t i = 1; i < numElements; ++i)
    if (std::memcmp(bytes.get() + i * info.byteSize, bytes.get(),
                    info.byteSize) != 0)
      return false;
  // Keep the first element; the buffer shrinks when the tensor is copied.
  splat = true;
  return true;
}

//===----------------------------------------------------------------------===//
// Element access
//===----------------------------------------------------------------------===//

/// The low `byteSize` bytes at `p` as an unsigned number.
static uint64_t loadBits(const char *p, unsigned byteSize) {
  switch (byteSize) {
  case 1:
    return static_cast<uint8_t>(*p);
  case 2: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case 4: {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  default: {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  }
}

static void storeBits(char *p, unsigned byteSize, uint64_t bits) {
  switch (byteSize) {
  case 1:
    *p = static_cast<char>(bits);
    return;
  case 2: {
    auto v = static_cast<uint16_t>(bits);
    std::memcpy(p, &v, 2);
    return;
  }
  case 4: {
    auto v = static_cast<uint32_t>(bits);
    std::memcpy(p, &v, 4);
    return;
  }
  default:
    std::memcpy(p, &bits, 8);
    return;
  }
}

/// The value of float bits of type `type`.
static double floatFromBits(Type type, uint64_t bits) {
  if (type.isF32())
    return llvm::bit_cast<float>(static_cast<uint32_t>(bits));
  if (type.isF64())
    return llvm::bit_cast<double>(bits);
  auto floatType = llvm::cast<FloatType>(type);
  llvm::APFloat value(floatType.getFloatSemantics(),
                      llvm::APInt(floatType.getWidth(), bits));
  bool lost;
  value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
  return value.convertToDouble();
}

static uint64_t floatToBits(Type type, double v) {
  if (type.isF32())
    return llvm::bit_cast<uint32_t>(static_cast<float>(v));
  if (type.isF64())
    return llvm::bit_cast<uint64_t>(v);
  auto floatType = llvm::cast<FloatType>(type);
  llvm::APFloat value(v);
  bool lost;
  value.convert(floatType.getFloatSemantics(),
                llvm::APFloat::rmNearestTiesToEven, &lost);
  return value.bitcastToAPInt().getZExtValue();
}

/// A double converted to an int64 as a saturating cast (NaN gives 0).
static int64_t saturatingToInt(double v) {
  if (std::isnan(v))
    return 0;
  if (v >= 9223372036854775808.0)
    return std::numeric_limits<int64_t>::max();
  if (v <= -9223372036854775808.0)
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

static uint64_t saturatingToUInt(double v) {
  if (std::isnan(v) || v <= 0)
    return 0;
  if (v >= 18446744073709551616.0)
    return std::numeric_limits<uint64_t>::max();
  return static_cast<uint64_t>(v);
}

int64_t HostTensor::getInt(int64_t i) const {
  switch (info.kind) {
  case HostElementKind::Bool:
    return *elementPtr(i) != 0;
  case HostElementKind::Signed: {
    uint64_t bits = loadBits(elementPtr(i), info.byteSize);
    return llvm::SignExtend64(bits, info.bitWidth);
  }
  case HostElementKind::Unsigned:
    return static_cast<int64_t>(getUInt(i));
  case HostElementKind::Float:
  case HostElementKind::Complex:
    return saturatingToInt(getDouble(i));
  case HostElementKind::String:
    return 0;
  }
  return 0;
}

uint64_t HostTensor::getUInt(int64_t i) const {
  switch (info.kind) {
  case HostElementKind::Unsigned: {
    uint64_t bits = loadBits(elementPtr(i), info.byteSize);
    return info.bitWidth < 64 ? bits & ((uint64_t(1) << info.bitWidth) - 1)
                              : bits;
  }
  case HostElementKind::Float:
  case HostElementKind::Complex:
    return saturatingToUInt(getDouble(i));
  default:
    return static_cast<uint64_t>(getInt(i));
  }
}

double HostTensor::getDouble(int64_t i) const {
  switch (info.kind) {
  case HostElementKind::Bool:
  case HostElementKind::Signed:
    return static_cast<double>(getInt(i));
  case HostElementKind::Unsigned:
    return static_cast<double>(getUInt(i));
  case HostElementKind::Float:
    return floatFromBits(elementType, loadBits(elementPtr(i), info.byteSize));
  case HostElementKind::Complex:
    return getComplex(i).real();
  case HostElementKind::String:
    return 0;
  }
  return 0;
}

std::complex<double> HostTensor::getComplex(int64_t i) const {
  if (info.kind != HostElementKind::Complex)
    return {getDouble(i), 0.0};
  const char *p = elementPtr(i);
  unsigned part = info.byteSize / 2;
  Type partType = llvm::cast<ComplexType>(elementType).getElementType();
  return {floatFromBits(partType, loadBits(p, part)),
          floatFromBits(partType, loadBits(p + part, part))};
}

StringRef HostTensor::getString(int64_t i) const {
  if (info.kind != HostElementKind::String)
    return {};
  return strings[splat ? 0 : i];
}

void HostTensor::setInt(int64_t i, int64_t value) {
  assert(!splat && i >= 0 && i < numElements && "bad element index");
  switch (info.kind) {
  case HostElementKind::Bool:
    *elementPtr(i) = value != 0;
    return;
  case HostElementKind::Signed:
  case HostElementKind::Unsigned:
    setUInt(i, static_cast<uint64_t>(value));
    return;
  case HostElementKind::Float:
  case HostElementKind::Complex:
    setComplex(i, {static_cast<double>(value), 0.0});
    return;
  case HostElementKind::String:
    return;
  }
}

void HostTensor::setUInt(int64_t i, uint64_t value) {
  assert(!splat && i >= 0 && i < numElements && "bad element index");
  switch (info.kind) {
  case HostElementKind::Signed:
  case HostElementKind::Unsigned:
    // Sub-byte ints keep their low bits only, as MLIR stores them.
    if (info.bitWidth < 8)
      value &= (uint64_t(1) << info.bitWidth) - 1;
    storeBits(elementPtr(i), info.byteSize, value);
    return;
  case HostElementKind::Float:
  case HostElementKind::Complex:
    setComplex(i, {static_cast<double>(value), 0.0});
    return;
  default:
    setInt(i, static_cast<int64_t>(value));
    return;
  }
}

void HostTensor::setDouble(int64_t i, double value) {
  assert(!splat && i >= 0 && i < numElements && "bad element index");
  switch (info.kind) {
  case HostElementKind::Bool:
    *elementPtr(i) = value != 0;
    return;
  case HostElementKind::Signed:
    setInt(i, saturatingToInt(value));
    return;
  case HostElementKind::Unsigned:
    setUInt(i, saturatingToUInt(value));
    return;
  case HostElementKind::Float:
    storeBits(elementPtr(i), info.byteSize, floatToBits(elementType, value));
    return;
  case HostElementKind::Complex:
    setComplex(i, {value, 0.0});
    return;
  case HostElementKind::String:
    return;
  }
}

void HostTensor::setComplex(int64_t i, std::complex<double> value) {
  assert(!splat && i >= 0 && i < numElements && "bad element index");
  if (info.kind != HostElementKind::Complex) {
    setDouble(i, value.real());
    return;
  }
  char *p = elementPtr(i);
  unsigned part = info.byteSize / 2;
  Type partType = llvm::cast<ComplexType>(elementType).getElementType();
  storeBits(p, part, floatToBits(partType, value.real()));
  storeBits(p + part, part, floatToBits(partType, value.imag()));
}

void HostTensor::setString(int64_t i, std::string value) {
  assert(!splat && i >= 0 && i < numElements && "bad element index");
  if (info.kind == HostElementKind::String)
    strings[i] = std::move(value);
}

bool HostTensor::isBitEqual(const HostTensor &other) const {
  if (elementType != other.elementType || shape != other.shape)
    return false;
  if (!elementType)
    return true;
  for (int64_t i = 0; i < numElements; ++i) {
    if (info.kind == HostElementKind::String) {
      if (getString(i) != other.getString(i))
        return false;
    } else if (std::memcmp(elementPtr(i), other.elementPtr(i), info.byteSize) !=
               0) {
      return false;
    }
    // Two splats: one comparison says it all.
    if (splat && other.splat)
      break;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// Whether tfg's importer builds a DenseElementsAttr for `type`.
static bool hasDenseForm(Type type, const HostElementInfo &info) {
  switch (info.kind) {
  case HostElementKind::Bool:
  case HostElementKind::Complex:
    return true;
  case HostElementKind::Signed:
  case HostElementKind::Unsigned:
    return llvm::isa<IntegerType>(type) && info.bitWidth >= 8;
  case HostElementKind::Float:
    return info.bitWidth >= 16;
  case HostElementKind::String:
    return false;
  }
  return false;
}

llvm::Expected<HostTensor> HostTensor::fromAttr(Attribute attr,
                                                int64_t maxBytes) {
  auto typed = llvm::dyn_cast_or_null<TypedAttr>(attr);
  auto type = typed ? llvm::dyn_cast<RankedTensorType>(typed.getType())
                    : RankedTensorType();
  if (!type || !type.hasStaticShape())
    return makeError("not a tensor attribute of a static shape");
  Type elementType = type.getElementType();

  if (auto proto = llvm::dyn_cast<tf_type::TensorProtoAttr>(attr))
    return detail::decodeTensorProto(proto.getValue(), type, maxBytes);

  if (auto strs = llvm::dyn_cast<DenseStringElementsAttr>(attr)) {
    if (!llvm::isa<tf_type::StringType>(elementType))
      return makeError("string elements of a type other than "
                       "!tf_type.string");
    ArrayRef<StringRef> values = strs.getRawStringData();
    bool isSplat = strs.isSplat() && strs.getNumElements() > 1;
    llvm::Expected<HostTensor> t =
        isSplat ? createSplat(elementType, type.getShape())
                : create(elementType, type.getShape(), maxBytes);
    if (!t)
      return t.takeError();
    int64_t bytes = 0;
    for (auto [i, s] : llvm::enumerate(values)) {
      bytes += kStringOverhead + static_cast<int64_t>(s.size());
      if (bytes > maxBytes)
        return makeError("strings exceed the limit of " +
                         llvm::Twine(maxBytes) + " bytes");
      if (static_cast<int64_t>(i) < t->getNumStoredElements())
        t->strings[i] = s.str();
    }
    return t;
  }

  llvm::Expected<HostElementInfo> info = getHostElementInfo(elementType);
  if (!info)
    return info.takeError();
  if (info->kind == HostElementKind::String)
    return makeError("a string tensor must be dense strings or a tensor "
                     "proto");

  if (auto dense = llvm::dyn_cast<DenseElementsAttr>(attr)) {
    bool isSplat = dense.isSplat() && dense.getNumElements() > 1;
    llvm::Expected<HostTensor> t =
        isSplat ? createSplat(elementType, type.getShape())
                : create(elementType, type.getShape(), maxBytes);
    if (!t)
      return t.takeError();
    if (info->kind == HostElementKind::Bool) {
      if (isSplat) {
        t->bytes[0] = dense.getSplatValue<bool>();
      } else {
        int64_t i = 0;
        for (bool v : dense.getValues<bool>())
          t->bytes[i++] = v;
      }
      return t;
    }
    ArrayRef<char> raw = dense.getRawData();
    if (static_cast<int64_t>(raw.size()) != t->getStoredBytes())
      return makeError("dense attribute of " + llvm::Twine(raw.size()) +
                       " bytes, expected " + llvm::Twine(t->getStoredBytes()));
    if (!raw.empty())
      std::memcpy(t->bytes.get(), raw.data(), raw.size());
    // Sub-byte ints keep their low bits only, as the setters store them.
    if (info->bitWidth < 8)
      for (char &c : t->getMutableRawData())
        c = static_cast<char>(c & ((1 << info->bitWidth) - 1));
    return t;
  }

  if (auto resource = llvm::dyn_cast<DenseResourceElementsAttr>(attr)) {
    const AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return makeError("dense resource without data");
    ArrayRef<char> raw = blob->getData();
    llvm::Expected<HostTensor> t =
        create(elementType, type.getShape(), maxBytes);
    if (!t)
      return t.takeError();
    if (static_cast<int64_t>(raw.size()) != t->getStoredBytes())
      return makeError("dense resource of " + llvm::Twine(raw.size()) +
                       " bytes, expected " + llvm::Twine(t->getStoredBytes()));
    if (!raw.empty())
      std::memcpy(t->bytes.get(), raw.data(), raw.size());
    if (info->kind == HostElementKind::Bool)
      for (char &c : t->getMutableRawData())
        c = c != 0;
    return t;
  }
  return makeError("unsupported tensor attribute");
}

TypedAttr HostTensor::toAttr(MLIRContext *context) const {
  if (!elementType)
    return {};
  auto type = RankedTensorType::get(shape, elementType);
  if (!hasDenseForm(elementType, info)) {
    std::optional<int32_t> dtype = getDataTypeOf(elementType);
    return tf_type::TensorProtoAttr::get(
        context, type, detail::encodeTensorProto(*this, dtype.value_or(0)));
  }
  if (info.kind == HostElementKind::Bool) {
    SmallVector<bool> values;
    values.reserve(getNumStoredElements());
    for (char c : getRawData())
      values.push_back(c != 0);
    return DenseElementsAttr::get(type, values);
  }
  // One stored element is a splat to getFromRawBuffer.
  return DenseElementsAttr::getFromRawBuffer(type, getRawData());
}

MutableArrayRef<std::string> HostTensor::getMutableStrings() { return strings; }
