//===- Broadcast.h - Broadcasting of operand shapes -------------*- C++ -*-===//
//
// NumPy's broadcast, which TensorFlow's elementwise ops use: shapes align on
// their trailing dimensions; two dimensions agree when equal or when one is
// 1, which stretches; otherwise the shapes are incompatible. (StableHLO's
// elementwise ops take operands of one shape, which broadcast trivially;
// its broadcast_in_dim maps dimensions explicitly.)
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

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_BROADCAST_H
