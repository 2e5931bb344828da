//===- CastKernels.cpp - The Cast kernel ----------------------------------===//
//
// Cast converts each element from SrcT to DstT (attributes; SrcT must be the
// operand's type when given), an adapter over computeConvert
// (tfg/Eval/Compute/Convert.h) with TensorFlow's semantics. The rules:
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

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Convert.h"

using namespace mlir;
using namespace mlir::tfg;

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
  if (auto truncate = dyn_cast_if_present<BoolAttr>(ctx.getAttr("Truncate")))
    if (truncate.getValue() && x.getKind() == HostElementKind::Float &&
        isa<FloatType>(dstType) &&
        cast<FloatType>(dstType).getWidth() < x.getElementInfo().bitWidth)
      return ctx.fail("Cast with Truncate=true to a narrower float is not "
                      "evaluated");
  return setComputedResult(ctx, computeConvert(getComputeEnv(ctx), x, dstType,
                                               ConvertSemantics::tensorflow()));
}

void mlir::tfg::addCastKernels(EvalKernelTable &table) {
  addKernels(table, {"Cast"}, castKernel);
}
