//===- TensorCompare.cpp - Comparing host tensors -------------------------===//
//
// expectEqual, expectAlmostEqual and expectClose
// (tfg/Eval/Compute/TensorCompare.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/TensorCompare.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

/// `[i, j, ...]`, the index of element `flat` of `shape`.
static std::string formatIndex(ArrayRef<int64_t> shape, int64_t flat) {
  SmallVector<int64_t, 4> index(shape.size(), 0);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] > 0) {
      index[d] = flat % shape[d];
      flat /= shape[d];
    }
  }
  return formatShape(index);
}

/// Element `i` of `t` as text.
static std::string formatElement(const HostTensor &t, int64_t i) {
  std::string s;
  llvm::raw_string_ostream os(s);
  switch (t.getKind()) {
  case HostElementKind::Bool:
    os << (t.getInt(i) ? "true" : "false");
    break;
  case HostElementKind::Signed:
    os << t.getInt(i);
    break;
  case HostElementKind::Unsigned:
    os << t.getUInt(i);
    break;
  case HostElementKind::Float:
    os << llvm::format("%.9g", t.getDouble(i));
    break;
  case HostElementKind::Complex: {
    std::complex<double> z = t.getComplex(i);
    os << llvm::format("(%.9g, %.9g)", z.real(), z.imag());
    break;
  }
  case HostElementKind::String:
    os << '"';
    os.write_escaped(t.getString(i));
    os << '"';
    break;
  }
  return s;
}

/// The mismatch at element `i`.
static llvm::Error reportMismatch(const HostTensor &actual,
                                  const HostTensor &expected, int64_t i,
                                  StringRef detail = "") {
  return computeError("element " + formatIndex(actual.getShape(), i) +
                      " differs: " + formatElement(actual, i) +
                      " (actual) vs " + formatElement(expected, i) +
                      " (expected)" + detail);
}

/// Fails unless both have one element type and shape (and, when
/// `floatsOnly`, float or complex elements).
static llvm::Error checkSameType(const HostTensor &actual,
                                 const HostTensor &expected, bool floatsOnly) {
  if (!actual || !expected)
    return computeError("a compared value is missing");
  if (actual.getType() != expected.getType()) {
    std::string a, e;
    llvm::raw_string_ostream as(a), es(e);
    as << actual.getType();
    es << expected.getType();
    return computeError("types differ: " + a + " (actual) vs " + e +
                        " (expected)");
  }
  HostElementKind kind = actual.getKind();
  if (floatsOnly && kind != HostElementKind::Float &&
      kind != HostElementKind::Complex)
    return computeError("the comparison takes float or complex tensors");
  return llvm::Error::success();
}

/// Whether element `i` of `a` and `b` (one type) has the same bits.
static bool bitEqual(const HostTensor &a, const HostTensor &b, int64_t i) {
  if (a.getKind() == HostElementKind::String)
    return a.getString(i) == b.getString(i);
  unsigned size = a.getElementInfo().byteSize;
  const char *pa = a.getRawData().data() + (a.isSplat() ? 0 : i) * size;
  const char *pb = b.getRawData().data() + (b.isSplat() ? 0 : i) * size;
  return std::memcmp(pa, pb, size) == 0;
}

llvm::Error mlir::tfg::expectEqual(const HostTensor &actual,
                                   const HostTensor &expected) {
  if (llvm::Error e = checkSameType(actual, expected, false))
    return e;
  for (int64_t i = 0, n = actual.getNumElements(); i < n; ++i)
    if (!bitEqual(actual, expected, i))
      return reportMismatch(actual, expected, i);
  return llvm::Error::success();
}

/// Whether `a` is within `tolerance` of `b` (NaN only NaN, an infinity
/// only itself).
static bool almostEqual(double a, double b, double tolerance) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b))
    return a == b;
  return std::fabs(a - b) <= tolerance;
}

llvm::Error mlir::tfg::expectAlmostEqual(const HostTensor &actual,
                                         const HostTensor &expected,
                                         double tolerance) {
  if (llvm::Error e = checkSameType(actual, expected, true))
    return e;
  if (!(tolerance >= 0))
    return computeError("the tolerance must not be negative");
  bool isComplex = actual.getKind() == HostElementKind::Complex;
  for (int64_t i = 0, n = actual.getNumElements(); i < n; ++i) {
    bool ok;
    if (isComplex) {
      std::complex<double> a = actual.getComplex(i), e = expected.getComplex(i);
      ok = almostEqual(a.real(), e.real(), tolerance) &&
           almostEqual(a.imag(), e.imag(), tolerance);
    } else {
      ok = almostEqual(actual.getDouble(i), expected.getDouble(i), tolerance);
    }
    if (!ok)
      return reportMismatch(actual, expected, i);
  }
  return llvm::Error::success();
}

uint64_t mlir::tfg::getUlpDifference(Type elementType, double a, double b) {
  auto floatType = dyn_cast<FloatType>(elementType);
  if (!floatType)
    return std::numeric_limits<uint64_t>::max();
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  // The magnitude of `x` as a count of representable values above 0 (its
  // bits without the sign: IEEE-like formats order magnitudes as their
  // bits), and its sign.
  auto magnitude = [&](double x, bool &negative) {
    llvm::APFloat v(x);
    bool losesInfo = false;
    (void)v.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    negative = v.isNegative() && !v.isZero();
    if (v.isNegative())
      v.changeSign();
    return v.bitcastToAPInt().getZExtValue();
  };
  bool negA = false, negB = false;
  uint64_t ma = magnitude(a, negA), mb = magnitude(b, negB);
  if (negA != negB)
    return ma > std::numeric_limits<uint64_t>::max() - mb
               ? std::numeric_limits<uint64_t>::max()
               : ma + mb;
  return ma > mb ? ma - mb : mb - ma;
}

llvm::Error mlir::tfg::expectClose(const HostTensor &actual,
                                   const HostTensor &expected,
                                   uint64_t maxUlpDifference,
                                   uint64_t minUlpDifference) {
  if (llvm::Error e = checkSameType(actual, expected, true))
    return e;
  if (minUlpDifference > maxUlpDifference)
    return computeError("min_ulp_difference exceeds max_ulp_difference");
  Type partType = actual.getElementType();
  if (auto complexType = dyn_cast<ComplexType>(partType))
    partType = complexType.getElementType();
  bool isComplex = actual.getKind() == HostElementKind::Complex;
  for (int64_t i = 0, n = actual.getNumElements(); i < n; ++i) {
    double parts[2][2];
    int count = isComplex ? 2 : 1;
    if (isComplex) {
      std::complex<double> a = actual.getComplex(i), e = expected.getComplex(i);
      parts[0][0] = a.real();
      parts[0][1] = e.real();
      parts[1][0] = a.imag();
      parts[1][1] = e.imag();
    } else {
      parts[0][0] = actual.getDouble(i);
      parts[0][1] = expected.getDouble(i);
    }
    bool finite = true;
    uint64_t ulps = 0;
    for (int p = 0; p < count; ++p) {
      finite &= std::isfinite(parts[p][0]) && std::isfinite(parts[p][1]);
      ulps =
          std::max(ulps, getUlpDifference(partType, parts[p][0], parts[p][1]));
    }
    if (!finite) {
      // Each part equal, or NaN in both (whatever the payloads).
      bool same = true;
      for (int p = 0; p < count; ++p)
        same &= std::isnan(parts[p][0]) ? std::isnan(parts[p][1])
                                        : parts[p][0] == parts[p][1];
      if (!bitEqual(actual, expected, i) && !same)
        return reportMismatch(actual, expected, i);
      continue;
    }
    if (ulps < minUlpDifference || ulps > maxUlpDifference)
      return reportMismatch(actual, expected, i,
                            ", " + std::to_string(ulps) +
                                " ULPs apart, not in [" +
                                std::to_string(minUlpDifference) + ", " +
                                std::to_string(maxUlpDifference) + "]");
  }
  return llvm::Error::success();
}
