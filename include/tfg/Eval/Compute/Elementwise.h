//===- Elementwise.h - Binary and unary elementwise compute -----*- C++ -*-===//
//
// Elementwise arithmetic over HostTensor, shared by TensorFlow's kernels
// (BinaryKernels.cpp, UnaryKernels.cpp, MathKernels.cpp) and StableHLO's
// elementwise ops. Operands have one element type; binary operands
// broadcast as NumPy does (tfg/Eval/Compute/Broadcast.h; StableHLO's
// operands have equal shapes, a trivial broadcast). A result whose operands
// are all splats (or single elements) is a splat.
//
// Numbers: f16, bf16 and float8 compute in double and round once to nearest
// even; f32 and f64 compute in their own type where the double result would
// round to the same value (add, subtract, multiply, divide, max, min).
// Integers wrap (two's complement); INT_MIN / -1 is INT_MIN and INT_MIN % -1
// is 0, as in TensorFlow and StableHLO (spec.md, "Errors": overflow is
// implementation-defined; XLA wraps).
//
// Where TensorFlow and StableHLO differ, ElementwiseSemantics says which
// answer to give: tensorflow() and stablehlo() give each one's.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_ELEMENTWISE_H
#define TFG_EVAL_COMPUTE_ELEMENTWISE_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// Integer `pow` with a negative exponent.
enum class NegativeIntPow {
  /// An error ("integers to negative integer powers are not allowed").
  /// TensorFlow: Pow on ints refuses a negative exponent.
  Error,
  /// The integer part of the real result: 1 for a base of 1, 1 or -1 (by
  /// the exponent's parity) for -1, and 0 for any other base (0 included).
  /// StableHLO: `power` is "integer exponentiation" (spec.md, "power"),
  /// which its reference interpreter and XLA compute this way.
  Truncate,
};

/// Integer division and remainder by zero.
enum class IntDivByZero {
  /// An error ("integer division by zero"). TensorFlow: its CPU kernels
  /// fail with "Integer division by zero".
  Error,
  /// x / 0 has every bit set (-1 signed, the maximum unsigned) and x % 0 is
  /// x. StableHLO: implementation-defined (spec.md, "Errors"); these are
  /// XLA's values.
  AllOnes,
};

/// maximum and minimum when the operands compare equal but differ in sign:
/// max(-0, +0) and min(-0, +0).
enum class SignedZeroOrder {
  /// The first operand: Eigen's max and min (TensorFlow's Maximum and
  /// Minimum on CPU) keep `a` unless `b` compares greater (less).
  FirstOperand,
  /// -0 < +0: max(-0, +0) = +0 and min(-0, +0) = -0 in either order.
  /// StableHLO: `maximum`/`minimum` are IEEE-754's (spec.md, "maximum").
  Ieee,
};

/// Shift amounts outside [0, bit width) (a negative amount included).
enum class ShiftOutOfRange {
  /// Clamped to [0, width - 1]: x << 40 on int32 is x << 31, a negative
  /// amount shifts by 0. TensorFlow: LeftShift and RightShift clamp.
  Clamp,
  /// The amount read as unsigned; at least the width shifts every bit out:
  /// 0 for shift_left and shift_right_logical, the sign (0 or -1) for
  /// shift_right_arithmetic. StableHLO: its reference interpreter.
  ShiftOut,
};

/// Rounding of `round` (a tie lies halfway between two integers).
enum class RoundingMode {
  /// Ties to even. TensorFlow: Round and Rint. StableHLO:
  /// round_nearest_even.
  NearestEven,
  /// Ties away from zero. StableHLO: round_nearest_afz.
  NearestAwayFromZero,
};

/// The semantics that differ between TensorFlow and StableHLO.
struct ElementwiseSemantics {
  NegativeIntPow negativeIntPow = NegativeIntPow::Error;
  IntDivByZero intDivByZero = IntDivByZero::Error;
  SignedZeroOrder signedZeroOrder = SignedZeroOrder::FirstOperand;
  /// Whether max and min of a NaN give NaN (true) or the other operand
  /// (IEEE-754's maxNum). TensorFlow: Maximum, Minimum propagate NaN.
  /// StableHLO: propagate (IEEE-754 `maximum`).
  bool propagateNaN = true;
  /// max and min of booleans: refused (false) or logical or / and (true).
  /// TensorFlow: Maximum and Minimum take no bool. StableHLO: or / and.
  bool logicalBoolMinMax = false;
  /// max and min of complex numbers: refused (false) or lexicographic on
  /// (real, imaginary) (true). TensorFlow: not defined on complex.
  /// StableHLO: lexicographic.
  bool lexicographicComplexMinMax = false;
  ShiftOutOfRange shiftOutOfRange = ShiftOutOfRange::Clamp;
  RoundingMode rounding = RoundingMode::NearestEven;
  /// sign(-0): +0 (false) or -0 (true). TensorFlow: Sign computes
  /// (x > 0) - (x < 0), so +0. StableHLO: `sign` keeps the zero's sign.
  bool signKeepsNegativeZero = false;

  static ElementwiseSemantics tensorflow() { return {}; }
  static ElementwiseSemantics stablehlo() {
    ElementwiseSemantics s;
    s.negativeIntPow = NegativeIntPow::Truncate;
    s.intDivByZero = IntDivByZero::AllOnes;
    s.signedZeroOrder = SignedZeroOrder::Ieee;
    s.logicalBoolMinMax = true;
    s.lexicographicComplexMinMax = true;
    s.shiftOutOfRange = ShiftOutOfRange::ShiftOut;
    s.signKeepsNegativeZero = true;
    return s;
  }
};

/// Binary arithmetic.
enum class BinaryOp {
  Add,
  Sub,
  Mul,
  /// Ints truncate toward zero; floats and complex divide.
  Div,
  /// Floats and complex: 0 where the divisor is 0.
  DivNoNan,
  /// Floats and complex: 0 where the second operand is 0.
  MulNoNan,
  /// floor(a / b); ints round toward negative infinity.
  FloorDiv,
  /// The remainder of FloorDiv: the sign of the divisor.
  FloorMod,
  /// trunc(a / b).
  TruncDiv,
  /// The remainder of TruncDiv (fmod): the sign of the dividend
  /// (StableHLO's remainder).
  TruncMod,
  Max,
  Min,
  Pow,
  /// (a - b)^2; complex: (a - b) * conj(a - b).
  SquaredDifference,
  /// Floats only.
  Atan2,
};

/// `a op b`, with `a` read as of shape `shapeA` and `b` as of `shapeB`
/// (their own shapes, or shapes of as many elements that broadcast
/// differently, e.g. a bias aligned on a channel dimension). Fails on
/// operands of different element types, strings, bools (but for max/min
/// with logicalBoolMinMax), an op not defined on the type, shapes that do
/// not broadcast, and by the semantics' choices.
llvm::Expected<HostTensor>
computeBinary(const ComputeEnv &env, BinaryOp op, const HostTensor &a,
              ArrayRef<int64_t> shapeA, const HostTensor &b,
              ArrayRef<int64_t> shapeB, const ElementwiseSemantics &semantics);
inline llvm::Expected<HostTensor>
computeBinary(const ComputeEnv &env, BinaryOp op, const HostTensor &a,
              const HostTensor &b, const ElementwiseSemantics &semantics) {
  return computeBinary(env, op, a, a.getShape(), b, b.getShape(), semantics);
}

/// Unary arithmetic. Floats take all of them; signed ints Neg, Abs, Sign,
/// Square, Relu, Relu6 (Neg and Abs of INT_MIN wrap to INT_MIN); unsigned
/// ints Sign, Square; complex Neg, Square, Sqrt, Rsqrt, Reciprocal, Exp,
/// Log, Sin, Cos, Tan, Tanh, Sign (x / |x|, 0 for 0).
enum class UnaryOp {
  Neg,
  Abs,
  /// -1, 0 or 1; NaN stays NaN.
  Sign,
  Square,
  Sqrt,
  Rsqrt,
  Reciprocal,
  Exp,
  Expm1,
  Log,
  Log1p,
  Sin,
  Cos,
  Tan,
  Tanh,
  /// 1 / (1 + exp(-x)) (StableHLO's logistic).
  Sigmoid,
  Relu,
  Relu6,
  /// expm1(x) below 0.
  Elu,
  /// TensorFlow's scale and alpha.
  Selu,
  /// log(1 + exp(x)) without overflow.
  Softplus,
  Floor,
  Ceil,
  /// To an integer by ElementwiseSemantics::rounding.
  Round,
  Erf,
  /// alpha * x below 0.
  LeakyRelu,
  /// x * sigmoid(x) (oneDNN's _MklSwish, SiLU).
  Swish,
};

/// `op x`; `alpha` is LeakyRelu's slope.
llvm::Expected<HostTensor> computeUnary(const ComputeEnv &env, UnaryOp op,
                                        const HostTensor &x,
                                        const ElementwiseSemantics &semantics,
                                        double alpha = 0.2);

/// Classification of floats, giving bools.
enum class FloatClass { IsNan, IsInf, IsFinite };
llvm::Expected<HostTensor>
computeFloatClass(const ComputeEnv &env, FloatClass op, const HostTensor &x);

/// Bitwise ops on integers (signed and unsigned, 8 to 64 bits), operands
/// of one type, broadcast. Shifts read the amount per
/// ElementwiseSemantics::shiftOutOfRange. RightShift is arithmetic on
/// signed types and logical on unsigned ones (TensorFlow's RightShift);
/// LogicalRightShift and ArithmeticRightShift shift the element's bits
/// whatever its signedness (StableHLO's shift_right_logical and
/// shift_right_arithmetic: the top bit fills).
enum class BitwiseOp {
  And,
  Or,
  Xor,
  LeftShift,
  RightShift,
  LogicalRightShift,
  ArithmeticRightShift
};
llvm::Expected<HostTensor>
computeBitwise(const ComputeEnv &env, BitwiseOp op, const HostTensor &x,
               const HostTensor &y, const ElementwiseSemantics &semantics);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_ELEMENTWISE_H
