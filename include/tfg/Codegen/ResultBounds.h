//===- ResultBounds.h - bounds of a function's `?`-sized results -*- C++
//-*-===//
//
// A compiled function's result of `?` size (a NonMaxSuppression's count,
// a Where's) crosses the C entry point as a caller buffer of a bound shape
// plus the actual sizes the callee writes (docs/Codegen.md, "Outputs of `?`
// size"). The bound comes from a forward analysis of the StableHLO body:
// static sizes are their own bounds; small integer tensors (sizes, pads)
// are tracked as intervals through arithmetic, min/max, clamp, select,
// reshape, slice, concatenate and get_dimension_size, each with a linear
// form in one `?` size where it has one (so that `K - size(t)` pads t to
// exactly K), and bound the sizes
// of dynamic_iota, dynamic_reshape, dynamic_broadcast_in_dim and
// dynamic_pad; a dynamic_pad that cuts a buffer by an unknown amount (no
// low or interior padding) is bounded by the buffer, elementwise ops by
// their smallest operand, gather by its indices, concatenate by the sum.
// A bound is a capacity:
// the entry point checks the actual sizes against it at run time before
// reporting success, and the copy into the bound-sized result is cut at
// the bound, so nothing is written outside the caller's buffer.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_RESULTBOUNDS_H
#define TFG_CODEGEN_RESULTBOUNDS_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace tfg {

/// The bound shape of each result of `func` (a static result: its shape).
/// A `?` size without a bound is an error at the function naming the
/// result; so is a bound of more than 1 GiB.
FailureOr<SmallVector<SmallVector<int64_t>>>
computeResultBounds(func::FuncOp func);

/// Rewrites `func` so that each result of `?` size is returned in a static
/// tensor of its bound shape (its elements dense, row-major, first; the
/// rest zeros) and, appended after all results in order, a tensor<R x i64>
/// of its actual sizes. `bounds` is computeResultBounds's answer.
void boundDynamicResults(func::FuncOp func,
                         ArrayRef<SmallVector<int64_t>> bounds);

/// Result `index` of a call, returned in `bounded` (a dense tensor of its
/// bound's shape, the elements first), cut to the actual `sizes` the
/// compiled code returned: a tensor of those sizes holding `bounded`'s first
/// elements. The sizes are checked before anything is copied: an error when
/// they are not of the result's rank, one is negative, or together they hold
/// more elements than the bound (the code grew past its buffer).
llvm::Expected<HostTensor> cutToActualSizes(const HostTensor &bounded,
                                            ArrayRef<int64_t> sizes,
                                            unsigned index);

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_RESULTBOUNDS_H
