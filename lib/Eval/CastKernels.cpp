//===- CastKernels.cpp - The Cast kernel ----------------------------------===//
//
// Cast converts each element from SrcT to DstT (attributes; SrcT must be the
// operand's type when given). The rules:
// - float -> integer: NaN gives 0; values beyond the destination's range
//   saturate to its minimum or maximum; others truncate toward zero. (The
//   saturating rule of TensorFlow's CPU kernels for float-to-int casts.)
// - integer -> integer: the value wraps to the destination's width (two's
//   complement), as a C++ conversion does.
// - anything -> bool: value != 0 (a NaN is true; a complex is true unless
//   both parts are 0).
// - bool -> number: 0 or 1.
// - -> float: rounds to nearest even in the destination type (f32 -> f16
//   and f32 -> bf16 included; ints beyond 2^53 round twice, through f64).
// - complex -> real takes the real part; real -> complex has imaginary 0.
// `Truncate` = true asks TensorFlow to truncate instead of rounding when
// narrowing floats: such a cast to f16, bf16 or float8 from a wider float
// is refused here (an error) rather than rounded; other casts ignore it.
// Strings and the quantized dtypes are not cast.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

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

static LogicalResult castKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected one operand");
  auto dst = dyn_cast_if_present<TypeAttr>(ctx.getAttr("DstT"));
  if (!dst)
    return ctx.fail("missing DstT");
  FailureOr<const HostTensor *> operand = getOperand(ctx, 0);
  if (failed(operand))
    return failure();
  const HostTensor &x = **operand;
  if (auto src = dyn_cast_if_present<TypeAttr>(ctx.getAttr("SrcT")))
    if (src.getValue() != x.getElementType())
      return ctx.fail("SrcT differs from the operand's type");
  Type dstType = dst.getValue();
  llvm::Expected<HostElementInfo> info = getHostElementInfo(dstType);
  if (!info)
    return ctx.fail(llvm::toString(info.takeError()));
  HostElementKind from = x.getKind(), to = info->kind;
  auto isQuantized = [](Type t) {
    return !isa<IntegerType, FloatType, ComplexType>(t);
  };
  if (from == HostElementKind::String || to == HostElementKind::String ||
      isQuantized(x.getElementType()) || isQuantized(dstType))
    return ctx.fail("unsupported cast");
  if (auto truncate = dyn_cast_if_present<BoolAttr>(ctx.getAttr("Truncate")))
    if (truncate.getValue() && to == HostElementKind::Float &&
        from == HostElementKind::Float &&
        info->bitWidth < x.getElementInfo().bitWidth)
      return ctx.fail("Cast with Truncate=true to a narrower float is not "
                      "evaluated");
  FailureOr<ResultBuilder> out =
      startResult(ctx, dstType, x.getShape(), isUniform(x));
  if (failed(out))
    return failure();
  HostTensor &r = out->tensor;
  unsigned width = info->bitWidth;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    switch (to) {
    case HostElementKind::Bool:
      r.setInt(i, from == HostElementKind::Complex
                      ? x.getComplex(i) != std::complex<double>()
                  : from == HostElementKind::Float ? x.getDouble(i) != 0
                                                   : x.getUInt(i) != 0);
      break;
    case HostElementKind::Signed:
      if (from == HostElementKind::Float || from == HostElementKind::Complex)
        r.setInt(i, saturateSigned(x.getDouble(i), width));
      else if (from == HostElementKind::Unsigned)
        r.setUInt(i, x.getUInt(i));
      else
        r.setInt(i, x.getInt(i));
      break;
    case HostElementKind::Unsigned:
      if (from == HostElementKind::Float || from == HostElementKind::Complex)
        r.setUInt(i, saturateUnsigned(x.getDouble(i), width));
      else
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
      return ctx.fail("unsupported cast");
    }
  }
  return finishResult(ctx, std::move(*out));
}

void mlir::tfg::addCastKernels(EvalKernelTable &table) {
  addKernels(table, {"Cast"}, castKernel);
}
