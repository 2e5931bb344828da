//===- HostTensor.h - Tensors of every TensorFlow dtype on the host -*- C++
//-*-//
//
// A HostTensor is a tensor value in host memory: an element type (the MLIR
// type tfg uses for the dtype: f16, bf16, f32, f64, the float8 types, i1 for
// bool, signless iN for signed ints, uiN, complex<f32>/complex<f64>,
// !tf_type.string, and the quantized !tf_type.qint8... types, stored as
// their storage ints), a static shape, and row-major storage. Numbers live
// in one 64-byte aligned byte buffer in the host's byte order (one byte per
// bool and per sub-byte int); strings live in a vector of std::string.
//
// A splat keeps one element and the shape; element reads see every index,
// and the tensor is expanded only when asked (expandSplat). Every tensor is
// bounded: building one of more than `maxBytes` bytes (default 1 GiB) is an
// error, never an allocation. Conversions to and from attributes cover what
// tfg's importer builds: DenseElementsAttr (numbers; splats stay splats),
// DenseStringElementsAttr, DenseResourceElementsAttr, and
// #tf_type<tensor_proto> (strings, quantized and sub-byte ints, float8),
// which is read and written in protobuf's wire format without protobuf.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_HOSTTENSOR_H
#define TFG_EVAL_HOSTTENSOR_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cassert>
#include <complex>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// The default bound on the bytes one host tensor may hold.
inline constexpr int64_t kDefaultHostTensorMaxBytes = int64_t(1) << 30;
/// The highest rank of a host tensor (TensorFlow's shape limit).
inline constexpr int64_t kMaxHostTensorRank = 254;

/// How the elements of a host tensor are stored and read.
enum class HostElementKind {
  Bool,     ///< i1: one byte, 0 or 1.
  Signed,   ///< signless iN and the signed quantized types: two's complement.
  Unsigned, ///< uiN and the unsigned quantized types.
  Float,    ///< f16, bf16, f32, f64, float8: IEEE-like bits.
  Complex,  ///< complex<f32>, complex<f64>: real then imaginary part.
  String,   ///< !tf_type.string: bytes.
};

/// The storage layout of an element type.
struct HostElementInfo {
  HostElementKind kind;
  /// Bits of the value (1 for bool, 4 for i4, 32 for complex<f32>'s parts).
  unsigned bitWidth;
  /// Bytes of one element in the buffer (0 for strings).
  unsigned byteSize;
};

/// The storage layout of `elementType`; an error for types with no host
/// form (resources, variants, index, odd integer widths).
llvm::Expected<HostElementInfo> getHostElementInfo(Type elementType);

/// A tensor value in host memory. Copying copies the storage.
class HostTensor {
public:
  /// A null tensor (no type).
  HostTensor() = default;
  HostTensor(const HostTensor &other);
  HostTensor &operator=(const HostTensor &other);
  HostTensor(HostTensor &&) noexcept = default;
  HostTensor &operator=(HostTensor &&) noexcept = default;
  ~HostTensor() = default;

  /// A tensor of zeros (empty strings). Fails for a type with no host form,
  /// a negative dimension, a rank over kMaxHostTensorRank, an element count
  /// that overflows, or more than `maxBytes` bytes.
  static llvm::Expected<HostTensor>
  create(Type elementType, ArrayRef<int64_t> shape,
         int64_t maxBytes = kDefaultHostTensorMaxBytes);
  /// A splat of zeros (one stored element); bounded by the same checks
  /// except the total size, since nothing is expanded.
  static llvm::Expected<HostTensor> createSplat(Type elementType,
                                                ArrayRef<int64_t> shape);

  /// Reads an attribute: a DenseElementsAttr (splats stay splats), a
  /// DenseStringElementsAttr, a DenseResourceElementsAttr or a
  /// #tf_type<tensor_proto>. Fails on other attributes, on dtypes with no
  /// host form, on malformed tensor protos and beyond `maxBytes`.
  static llvm::Expected<HostTensor>
  fromAttr(Attribute attr, int64_t maxBytes = kDefaultHostTensorMaxBytes);

  /// The attribute tfg's importer builds for this value: a DenseElementsAttr
  /// for bool, 8- to 64-bit ints, f16, bf16, f32, f64 and complex (a splat
  /// gives a splat), and a #tf_type<tensor_proto> for strings, quantized
  /// and sub-byte ints and float8 (a splat gives one value, which TensorFlow
  /// repeats). Null for a null tensor.
  TypedAttr toAttr(MLIRContext *context) const;

  explicit operator bool() const { return static_cast<bool>(elementType); }
  Type getElementType() const { return elementType; }
  const HostElementInfo &getElementInfo() const { return info; }
  HostElementKind getKind() const { return info.kind; }
  ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return static_cast<int64_t>(shape.size()); }
  /// The number of elements the tensor stands for (splats included).
  int64_t getNumElements() const { return numElements; }
  /// Whether one stored element stands for all of them (never for a tensor
  /// of fewer than two elements).
  bool isSplat() const { return splat; }
  /// The number of elements actually stored.
  int64_t getNumStoredElements() const { return splat ? 1 : numElements; }
  /// Bytes held by the storage (strings: their bytes plus a per-string
  /// overhead).
  int64_t getStorageBytes() const;
  /// The ranked tensor type of the value.
  Type getType() const;

  /// Stores every element of a splat (no-op otherwise); fails beyond
  /// `maxBytes`.
  llvm::Error expandSplat(int64_t maxBytes = kDefaultHostTensorMaxBytes);
  /// Makes a splat of a tensor whose elements are all equal (bit-equal for
  /// numbers); returns whether it is one now.
  bool compactToSplat();

  /// The stored elements as T (which must match the element's byte size;
  /// not for strings). A splat gives its one element.
  template <typename T> MutableArrayRef<T> data() {
    assert(sizeof(T) == info.byteSize && "element size mismatch");
    return {reinterpret_cast<T *>(bytes.get()),
            static_cast<size_t>(getStoredBytes() / sizeof(T))};
  }
  template <typename T> ArrayRef<T> data() const {
    assert(sizeof(T) == info.byteSize && "element size mismatch");
    return {reinterpret_cast<const T *>(bytes.get()),
            static_cast<size_t>(getStoredBytes() / sizeof(T))};
  }
  /// The stored bytes (empty for strings).
  ArrayRef<char> getRawData() const {
    return {bytes.get(), static_cast<size_t>(getStoredBytes())};
  }
  MutableArrayRef<char> getMutableRawData() {
    return {bytes.get(), static_cast<size_t>(getStoredBytes())};
  }
  /// The stored strings (one for a splat).
  ArrayRef<std::string> getStrings() const { return strings; }
  MutableArrayRef<std::string> getMutableStrings();

  /// Element `i` (row-major, 0 <= i < getNumElements(); splats read their
  /// one element). Numbers convert as a C++ cast would: bool is 0/1, a float
  /// read as an int truncates (saturating, NaN gives 0), a complex read as
  /// a real gives its real part. uint64 values above INT64_MAX read by
  /// getInt wrap; use getUInt.
  int64_t getInt(int64_t i) const;
  uint64_t getUInt(int64_t i) const;
  double getDouble(int64_t i) const;
  std::complex<double> getComplex(int64_t i) const;
  /// Strings only.
  StringRef getString(int64_t i) const;

  /// Sets element `i` of a tensor that is not a splat (expand it first),
  /// converting to the element type (floats round to nearest even, ints
  /// wrap to their width, a bool is value != 0).
  void setInt(int64_t i, int64_t value);
  void setUInt(int64_t i, uint64_t value);
  void setDouble(int64_t i, double value);
  void setComplex(int64_t i, std::complex<double> value);
  void setString(int64_t i, std::string value);

  /// Whether both have the same type, shape and elements (bit-equal for
  /// numbers; a splat equals its expansion).
  bool isBitEqual(const HostTensor &other) const;

private:
  struct AlignedDelete {
    void operator()(char *p) const;
  };
  int64_t getStoredBytes() const {
    return info.kind == HostElementKind::String
               ? 0
               : getNumStoredElements() * info.byteSize;
  }
  const char *elementPtr(int64_t i) const {
    return bytes.get() + (splat ? 0 : i) * info.byteSize;
  }
  char *elementPtr(int64_t i) { return bytes.get() + i * info.byteSize; }
  /// Allocates storage for `stored` elements (zeroed).
  llvm::Error allocate(int64_t stored, int64_t maxBytes);

  Type elementType;
  HostElementInfo info{HostElementKind::Bool, 0, 0};
  SmallVector<int64_t, 4> shape;
  int64_t numElements = 0;
  bool splat = false;
  std::unique_ptr<char[], AlignedDelete> bytes;
  std::vector<std::string> strings;
};

/// The number of elements of `shape`; an error for a negative dimension or
/// a count that overflows int64.
llvm::Expected<int64_t> getHostNumElements(ArrayRef<int64_t> shape);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_HOSTTENSOR_H
