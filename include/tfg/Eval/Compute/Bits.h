//===- Bits.h - Bit counts, bitcasts and complex parts ----------*- C++ -*-===//
//
// Element functions over HostTensor that StableHLO's interpreter runs
// (spec.md, "popcnt", "count_leading_zeros", "bitcast_convert", "real",
// "imag", "complex"), in the style of tfg/Eval/Compute/Common.h: bounded by
// the ComputeEnv, a splat operand gives a splat result.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_BITS_H
#define TFG_EVAL_COMPUTE_BITS_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// What computeBitCount counts in each integer's bits (of its own width).
enum class BitCount {
  /// The bits set (popcnt).
  Ones,
  /// The zeros above the highest bit set: the width for 0
  /// (count_leading_zeros).
  LeadingZeros,
};
/// The bit count of each element of `x` (integers, signed or unsigned), of
/// `x`'s type.
llvm::Expected<HostTensor> computeBitCount(const ComputeEnv &env, BitCount op,
                                           const HostTensor &x);

/// `x`'s bits read as `elementType`, which has the bit width of `x`'s
/// element type (bools, strings and types of other widths are refused).
llvm::Expected<HostTensor>
computeBitcast(const ComputeEnv &env, const HostTensor &x, Type elementType);

/// The real (`imaginary` false) or imaginary part of each element of `x`
/// as `elementType` (a float type): a float's real part is itself and its
/// imaginary part 0.
llvm::Expected<HostTensor> computeComplexPart(const ComputeEnv &env,
                                              const HostTensor &x,
                                              bool imaginary, Type elementType);

/// The complex numbers re + im * i as `elementType` (a complex type), from
/// floats `re` and `im` of one type and shape.
llvm::Expected<HostTensor> computeMakeComplex(const ComputeEnv &env,
                                              const HostTensor &re,
                                              const HostTensor &im,
                                              Type elementType);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_BITS_H
