//===- Combine.h - Combining an element into an accumulator -----*- C++ -*-===//
//
// The element combinations of scatters and segment reductions: dst[to] =
// combine(dst[to], src[from]) on real numbers of one type, as TensorFlow's
// kernels compute them (f32 in float, f64 in double, other floats in
// double rounded to the type; ints wrap). StableHLO's scatter combines by
// its update_computation region instead; a StableHLO interpreter may use
// these for the regions that are one add, multiply, maximum or minimum.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_COMBINE_H
#define TFG_EVAL_COMPUTE_COMBINE_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// How an element combines into an accumulator.
enum class Combine { Assign, Add, Sub, Mul, Max, Min };
/// dst[to] = combine(dst[to], src[from]) on real numbers of one type.
/// Assign copies any type. Max and Min compare with `<` (a NaN operand
/// leaves the accumulator as it is unless the accumulator is NaN).
void combineElement(Combine op, const HostTensor &src, int64_t from,
                    HostTensor &dst, int64_t to);
/// Sets every element of `dst` to the identity of `op`: 0 for Add/Sub, 1
/// for Mul, the lowest finite value for Max, the highest for Min.
void fillIdentity(Combine op, HostTensor &dst);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_COMBINE_H
