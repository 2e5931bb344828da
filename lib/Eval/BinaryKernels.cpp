//===- BinaryKernels.cpp - Kernels of binary arithmetic -------------------===//
//
// TensorFlow's binary arithmetic, adapters over computeBinary
// (tfg/Eval/Compute/Elementwise.h) with TensorFlow's semantics
// (ElementwiseSemantics::tensorflow()), following its CPU kernels:
// - Operands have the same dtype and broadcast; bool and string operands
//   are refused. A result whose operands are all splats (or single
//   elements) is a splat.
// - Floats (f16, bf16, float8 computed in double and rounded to nearest
//   even; f32 and f64). Maximum and Minimum propagate NaN and keep the
//   first operand when the two compare equal (max(-0, +0) is -0, as
//   Eigen's). FloorDiv is floor(a / b); FloorMod is fmod adjusted to the
//   sign of the divisor; Mod and TruncateMod are fmod. DivNoNan and
//   MulNoNan give 0 where the divisor (second operand) is 0.
// - Integers wrap (two's complement), so INT_MIN / -1 is INT_MIN and
//   INT_MIN % -1 is 0. Div, RealDiv and TruncateDiv truncate toward zero;
//   FloorDiv rounds toward negative infinity and FloorMod has the sign of
//   the divisor; Mod and TruncateMod have the sign of the dividend. A zero
//   divisor is an error, as it is in TensorFlow ("Integer division by
//   zero"). Pow by a negative exponent is an error; Atan2, DivNoNan and
//   MulNoNan take floats only.
// - complex64/complex128: Add, AddV2, Sub, Mul, Div, RealDiv, DivNoNan,
//   MulNoNan, Pow, SquaredDifference ((a - b) * conj(a - b)).
// - BiasAdd adds a rank-1 bias along the channel dimension: the last one
//   for data_format NHWC (the default), dimension 1 for NCHW.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/Eval/Compute/Elementwise.h"

using namespace mlir;
using namespace mlir::tfg;

template <BinaryOp Op> static LogicalResult binary(EvalContext &ctx) {
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  FailureOr<const HostTensor *> a = getOperand(ctx, 0);
  if (failed(a))
    return failure();
  FailureOr<const HostTensor *> b = getOperand(ctx, 1);
  if (failed(b))
    return failure();
  return setComputedResult(ctx,
                           computeBinary(getComputeEnv(ctx), Op, **a, **b,
                                         ElementwiseSemantics::tensorflow()));
}

static LogicalResult biasAddKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  FailureOr<const HostTensor *> value = getOperand(ctx, 0);
  if (failed(value))
    return failure();
  FailureOr<const HostTensor *> bias = getOperand(ctx, 1);
  if (failed(bias))
    return failure();
  ArrayRef<int64_t> shape = (*value)->getShape();
  if (shape.size() < 2 || (*bias)->getRank() != 1)
    return ctx.fail("BiasAdd needs a value of rank >= 2 and a rank-1 bias");
  StringRef format = "NHWC";
  if (auto attr = dyn_cast_if_present<StringAttr>(ctx.getAttr("data_format")))
    format = attr.getValue();
  if (format != "NHWC" && format != "NCHW")
    return ctx.fail("unsupported data_format '" + format + "'");
  size_t channel = format == "NCHW" ? 1 : shape.size() - 1;
  int64_t channels = (*bias)->getShape()[0];
  if (shape[channel] != channels)
    return ctx.fail("bias of shape " + formatShape((*bias)->getShape()) +
                    " does not match the channels of " + formatShape(shape));
  // The bias, seen as [C, 1, ..., 1] aligned on the channel dimension.
  SmallVector<int64_t, 4> biasShape(shape.size() - channel, 1);
  biasShape[0] = channels;
  return setComputedResult(ctx,
                           computeBinary(getComputeEnv(ctx), BinaryOp::Add,
                                         **value, shape, **bias, biasShape,
                                         ElementwiseSemantics::tensorflow()));
}

void mlir::tfg::addBinaryKernels(EvalKernelTable &table) {
  // Add on strings concatenates: the kernel takes numbers only.
  addKernels(table, {"Add", "AddV2"}, binary<BinaryOp::Add>);
  addKernels(table, {"Sub"}, binary<BinaryOp::Sub>);
  addKernels(table, {"Mul"}, binary<BinaryOp::Mul>);
  addKernels(table, {"Div", "RealDiv"}, binary<BinaryOp::Div>);
  addKernels(table, {"DivNoNan"}, binary<BinaryOp::DivNoNan>);
  addKernels(table, {"MulNoNan"}, binary<BinaryOp::MulNoNan>);
  addKernels(table, {"FloorDiv"}, binary<BinaryOp::FloorDiv>);
  addKernels(table, {"FloorMod"}, binary<BinaryOp::FloorMod>);
  addKernels(table, {"TruncateDiv"}, binary<BinaryOp::TruncDiv>);
  addKernels(table, {"TruncateMod", "Mod"}, binary<BinaryOp::TruncMod>);
  addKernels(table, {"Maximum"}, binary<BinaryOp::Max>);
  addKernels(table, {"Minimum"}, binary<BinaryOp::Min>);
  addKernels(table, {"Pow"}, binary<BinaryOp::Pow>);
  addKernels(table, {"SquaredDifference"}, binary<BinaryOp::SquaredDifference>);
  addKernels(table, {"Atan2"}, binary<BinaryOp::Atan2>);
  addKernels(table, {"BiasAdd"}, biasAddKernel);
}
