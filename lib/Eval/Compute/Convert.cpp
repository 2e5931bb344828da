//===- Convert.cpp - Element type conversion ------------------------------===//
//
// computeConvert (tfg/Eval/Compute/Convert.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Convert.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

/// `x` converted to a signed integer of `width` bits, saturating.
static int64_t saturateSigned(double x, unsigned width) {
  if (std::isnan(x))
    return 0;
  double hi = std::ldexp(1.0, width - 1); // 2^(w-1), exact.
  if (x >= hi)
    return width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
  if (x <= -hi)
    return width >= 64 ? INT64_MIN : -(int64_t(1) << (width - 1));
  return static_cast<int64_t>(x);
}

/// `x` converted to an unsigned integer of `width` bits, saturating.
static uint64_t saturateUnsigned(double x, unsigned width) {
  if (std::isnan(x) || x <= 0)
    return 0;
  double hi = std::ldexp(1.0, width); // 2^w, exact.
  if (x >= hi)
    return width >= 64 ? UINT64_MAX : (uint64_t(1) << width) - 1;
  return static_cast<uint64_t>(x);
}

/// Whether `x` truncates to a signed integer of `width` bits.
static bool fitsSigned(double x, unsigned width) {
  double hi = std::ldexp(1.0, width - 1);
  return !std::isnan(x) && std::trunc(x) < hi && std::trunc(x) >= -hi;
}

/// Whether `x` truncates to an unsigned integer of `width` bits.
static bool fitsUnsigned(double x, unsigned width) {
  return !std::isnan(x) && std::trunc(x) < std::ldexp(1.0, width) &&
         std::trunc(x) >= 0;
}

llvm::Expected<HostTensor>
mlir::tfg::computeConvert(const ComputeEnv &env, const HostTensor &x,
                          Type dstType, const ConvertSemantics &semantics) {
  llvm::Expected<HostElementInfo> info = getHostElementInfo(dstType);
  if (!info)
    return info.takeError();
  HostElementKind from = x.getKind(), to = info->kind;
  auto isQuantized = [](Type t) {
    return !isa<IntegerType, FloatType, ComplexType>(t);
  };
  if (from == HostElementKind::String || to == HostElementKind::String ||
      isQuantized(x.getElementType()) || isQuantized(dstType))
    return computeError("unsupported cast");
  bool strict = semantics.floatToInt == FloatToIntOutOfRange::Error;
  auto outOfRange = [&](double v) {
    return computeError("the value " + std::to_string(v) +
                        " does not fit the destination integer type");
  };
  llvm::Expected<ResultBuilder> out =
      startResult(env, dstType, x.getShape(), isUniform(x));
  if (!out)
    return out.takeError();
  HostTensor &r = out->tensor;
  unsigned width = info->bitWidth;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    switch (to) {
    case HostElementKind::Bool:
      r.setInt(i, from == HostElementKind::Complex &&
                          semantics.complexToBoolReadsImaginary
                      ? x.getComplex(i) != std::complex<double>()
                  : from == HostElementKind::Float ||
                          from == HostElementKind::Complex
                      ? x.getDouble(i) != 0
                      : x.getUInt(i) != 0);
      break;
    case HostElementKind::Signed:
      if (from == HostElementKind::Float || from == HostElementKind::Complex) {
        double v = x.getDouble(i);
        if (!fitsSigned(v, width) && strict)
          return outOfRange(v);
        r.setInt(i, saturateSigned(v, width));
      } else if (from == HostElementKind::Unsigned)
        r.setUInt(i, x.getUInt(i));
      else
        r.setInt(i, x.getInt(i));
      break;
    case HostElementKind::Unsigned:
      if (from == HostElementKind::Float || from == HostElementKind::Complex) {
        double v = x.getDouble(i);
        if (!fitsUnsigned(v, width) && strict)
          return outOfRange(v);
        r.setUInt(i, saturateUnsigned(v, width));
      } else
        r.setUInt(i, x.getUInt(i));
      break;
    case HostElementKind::Float:
      r.setDouble(i, from == HostElementKind::Unsigned
                         ? static_cast<double>(x.getUInt(i))
                         : x.getDouble(i));
      break;
    case HostElementKind::Complex:
      r.setComplex(i, from == HostElementKind::Unsigned
                          ? std::complex<double>(x.getUInt(i))
                          : x.getComplex(i));
      break;
    default:
      return computeError("unsupported cast");
    }
  }
  return finishResult(std::move(*out));
}
