//===- Broadcast.h - Broadcasting of operand shapes -------------*- C++ -*-===//
//
// NumPy's broadcast, which TensorFlow's elementwise ops use: shapes align on
// their trailing dimensions; two dimensions agree when equal or when one is
// 1, which stretches; otherwise the shapes are incompatible. (StableHLO's
// elementwise ops take operands of one shape, which broadcast trivially;
// its broadcast_in_dim maps dimensions explicitly.) With StableHLO's other
// layout moves: pad (edge and interior padding) and strided slice.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_BROADCAST_H
#define TFG_EVAL_COMPUTE_BROADCAST_H

#include "tfg/Eval/Compute/Common.h"

namespace mlir {
namespace tfg {

/// The broadcast of operand shapes. `strides` gives, per operand and per
/// result dimension, the operand's row-major stride, 0 where it broadcasts.
struct Broadcast {
  SmallVector<int64_t, 4> shape;
  SmallVector<SmallVector<int64_t, 4>, 3> strides;
  SmallVector<bool, 3> identity;
  /// The element of operand `k` that result element `i` reads.
  int64_t operandIndex(unsigned k, int64_t i) const;
};
/// Broadcasts `shapes`; fails (message naming the shapes) when two
/// dimensions differ and neither is 1.
llvm::Expected<Broadcast> broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes);

/// StableHLO's broadcast_in_dim: dimension d of `operand` becomes dimension
/// `dims[d]` of a result of `shape` (`dims` distinct; operand dimension d
/// is 1 or shape[dims[d]]). A splat or one-element operand gives a splat.
llvm::Expected<HostTensor> computeBroadcastInDim(const ComputeEnv &env,
                                                 const HostTensor &operand,
                                                 ArrayRef<int64_t> shape,
                                                 ArrayRef<int64_t> dims);

/// StableHLO's pad: `low` and `high` elements of `padding` (a scalar of
/// the operand's type) at each end of each dimension (negative: elements
/// removed) and `interior` ones between neighbours (not negative).
llvm::Expected<HostTensor>
computePad(const ComputeEnv &env, const HostTensor &operand,
           const HostTensor &padding, ArrayRef<int64_t> low,
           ArrayRef<int64_t> high, ArrayRef<int64_t> interior);

/// StableHLO's slice: elements start, start + stride, ... below limit in
/// each dimension (0 <= start <= limit <= dim, stride >= 1).
llvm::Expected<HostTensor> computeSlice(const ComputeEnv &env,
                                        const HostTensor &operand,
                                        ArrayRef<int64_t> start,
                                        ArrayRef<int64_t> limit,
                                        ArrayRef<int64_t> strides);

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_BROADCAST_H
