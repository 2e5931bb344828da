//===- Common.h - What every compute function of TFGEval shares -*- C++ -*-===//
//
// TFGEval's compute functions (tfg/Eval/Compute/*.h) are typed functions over
// HostTensor: their inputs are tensors and plain parameters (dimensions,
// strides, padding, dimension numbers, element types), never an op's
// attributes, so that TensorFlow's kernels (lib/Eval/*Kernels.cpp, which
// decode a node's attributes) and a StableHLO interpreter (which reads an
// op's) both call them. Where TensorFlow and StableHLO give an op different
// semantics, a compute function takes the choice as an option, documented
// where it is declared with both answers; it never assumes one.
//
// Every compute function is bounded: it takes a ComputeEnv, fails (an
// llvm::Error with a message, never an abort) before it builds a result of
// more than `maxElements` elements, and never expands a splat unasked.
// This header holds what they share: the environment, errors, bounded
// result building, strides and strided walks.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_COMPUTE_COMMON_H
#define TFG_EVAL_COMPUTE_COMMON_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mlir {
class MLIRContext;
namespace tfg {

/// The default bound on the elements of one result.
inline constexpr int64_t kDefaultEvalMaxElements = int64_t(1) << 20;

/// Where a compute function runs: the context whose thread pool it may use
/// (null: the calling thread only) and the most elements one result may
/// have.
struct ComputeEnv {
  MLIRContext *context = nullptr;
  int64_t maxElements = kDefaultEvalMaxElements;
};

/// An error of a compute function, carrying `message`.
llvm::Error computeError(const Twine &message);

/// Calls `fn(task)` for each task in [0, tasks), on the context's threads
/// when there is a context and more than one task, else in order on the
/// calling thread.
void computeParallelFor(const ComputeEnv &env, int64_t tasks,
                        function_ref<void(int64_t)> fn);

/// `[2, 3]`.
std::string formatShape(ArrayRef<int64_t> shape);

/// A result under construction: `tensor` holds the elements to compute
/// (one, when the result is a splat; otherwise all of them).
struct ResultBuilder {
  HostTensor tensor;
  SmallVector<int64_t, 4> shape;
  bool splat = false;
  /// The elements to compute.
  int64_t size() const { return tensor.getNumElements(); }
};
/// Starts a result of `elementType` and `shape`; fails beyond the
/// environment's element bound. `splat` asks for a splat result (kept only
/// when the result has two elements or more).
llvm::Expected<ResultBuilder> startResult(const ComputeEnv &env,
                                          Type elementType,
                                          ArrayRef<int64_t> shape, bool splat);
/// The tensor that `builder` computed.
llvm::Expected<HostTensor> finishResult(ResultBuilder builder);

/// Whether `t` has at most one distinct element (a splat or <= 1 element).
inline bool isUniform(const HostTensor &t) {
  return t.isSplat() || t.getNumElements() <= 1;
}
/// Copies element `from` of `src` into element `to` of `dst` (same type;
/// `dst` is not a splat).
void copyElement(const HostTensor &src, int64_t from, HostTensor &dst,
                 int64_t to);
/// Copies `count` elements of `src` from `from` into `dst` at `to` (same
/// type; `dst` is not a splat).
void copyElements(const HostTensor &src, int64_t from, HostTensor &dst,
                  int64_t to, int64_t count);
/// Fails when `t` (`what`) stands for more elements than `maxElements`:
/// functions that walk every element of an operand (a splat may stand for
/// a huge shape) check it first.
llvm::Error checkElementBound(const HostTensor &t, StringRef what,
                              int64_t maxElements);

/// The row-major strides (in elements) of a tensor of `shape`.
inline SmallVector<int64_t, 4> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}
/// The product of `shape[begin, end)` (a sub-shape of a valid tensor, so
/// no overflow).
int64_t getSubSize(ArrayRef<int64_t> shape, size_t begin, size_t end);

/// Walks the first `count` positions of a strided view in row-major order
/// (an odometer): calls `fn(i, offset)` for position i, whose element lies
/// at `offset` in the viewed tensor. Dimension d of the view has
/// `lengths[d]` positions `steps[d]` elements apart; position 0 is at
/// `offset`.
template <typename Fn>
void forEachStridedOffset(ArrayRef<int64_t> lengths, ArrayRef<int64_t> steps,
                          int64_t offset, int64_t count, Fn fn) {
  int64_t rank = lengths.size();
  SmallVector<int64_t, 4> index(rank, 0);
  for (int64_t i = 0; i < count; ++i) {
    fn(i, offset);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < lengths[d]) {
        offset += steps[d];
        break;
      }
      offset -= (lengths[d] - 1) * steps[d];
      index[d] = 0;
    }
  }
}
/// Copies the elements of a strided view of `src` (see
/// forEachStridedOffset) into the result `out` is building.
inline void copyStridedView(const HostTensor &src, int64_t offset,
                            ArrayRef<int64_t> lengths, ArrayRef<int64_t> steps,
                            ResultBuilder &out) {
  forEachStridedOffset(
      lengths, steps, offset, out.size(),
      [&](int64_t i, int64_t from) { copyElement(src, from, out.tensor, i); });
}

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_COMPUTE_COMMON_H
