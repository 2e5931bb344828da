//===- Shape.h - Reshape, concatenate, reverse, iota ------------*- C++ -*-===//
//
// Data movement over HostTensor that StableHLO's interpreter runs (spec.md,
// "reshape", "concatenate", "reverse", "iota"): typed compute functions in
// the style of tfg/Eval/Compute/Common.h, bounded by the ComputeEnv's
// element bound. A splat operand gives a splat result where the result's
// elements are all equal.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_SHAPE_H
#define TFG_EVAL_COMPUTE_SHAPE_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// `x`'s elements, row-major, as a tensor of `shape` (as many elements).
llvm::Expected<HostTensor> computeReshape(const ComputeEnv &env,
                                          const HostTensor &x,
                                          ArrayRef<int64_t> shape);

/// `inputs` (one element type and rank, equal shapes but along `dim`)
/// joined along `dim`.
llvm::Expected<HostTensor>
computeConcatenate(const ComputeEnv &env, ArrayRef<const HostTensor *> inputs,
                   int64_t dim);

/// `x` with the order of its elements reversed along each of `dims`
/// (distinct, in [0, rank)).
llvm::Expected<HostTensor> computeReverse(const ComputeEnv &env,
                                          const HostTensor &x,
                                          ArrayRef<int64_t> dims);

/// A tensor of `elementType` (a number or a bool) and `shape` whose
/// element at index i holds i[dim]: ints wrap to their width, floats round
/// to nearest even, complex numbers get it as their real part.
llvm::Expected<HostTensor> computeIota(const ComputeEnv &env, Type elementType,
                                       ArrayRef<int64_t> shape, int64_t dim);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_SHAPE_H
