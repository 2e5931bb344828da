//===- Convert.h - Element type conversion ----------------------*- C++ -*-===//
//
// Converting each element of a HostTensor to another element type:
// TensorFlow's Cast (CastKernels.cpp) and StableHLO's convert. The rules
// both share: ints wrap to a narrower width (two's complement); floats
// round to nearest even into a narrower float (ints beyond 2^53 round
// twice, through f64); a float converts to an int by truncating toward
// zero; bool -> number gives 0 or 1; number -> bool is value != 0 (NaN is
// true); complex -> real takes the real part, real -> complex has
// imaginary 0. Strings and the quantized types are not converted.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_CONVERT_H
#define TFG_EVAL_COMPUTE_CONVERT_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// A float (or complex's real part) that truncates to no value of the
/// destination integer type, NaN included.
enum class FloatToIntOutOfRange {
  /// NaN gives 0; beyond the range gives the type's minimum or maximum.
  /// TensorFlow: the saturating rule of its CPU Cast kernel.
  Saturate,
  /// An error naming the value. StableHLO: "the behavior is TBD"
  /// (spec.md, "convert"), which an interpreter may refuse this way.
  Error,
};

/// The conversion rules that differ.
struct ConvertSemantics {
  FloatToIntOutOfRange floatToInt = FloatToIntOutOfRange::Saturate;
  /// complex -> bool: true unless both parts are 0 (true; TensorFlow), or
  /// the real part != 0 (false; StableHLO converts complex to any other
  /// type through its real part, spec.md "convert").
  bool complexToBoolReadsImaginary = true;

  static ConvertSemantics tensorflow() { return {}; }
  static ConvertSemantics stablehlo() {
    return {FloatToIntOutOfRange::Error, false};
  }
};

/// `x` converted to `elementType`. Fails on strings, quantized types and
/// by the semantics' choices.
llvm::Expected<HostTensor> computeConvert(const ComputeEnv &env,
                                          const HostTensor &x, Type elementType,
                                          const ConvertSemantics &semantics);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_CONVERT_H
