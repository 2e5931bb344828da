//===- KernelSupport.h - What TensorFlow's kernels share --------*- C++ -*-===//
//
// TensorFlow's kernels are adapters: each reads a node's operands and
// attributes from its EvalContext, calls a compute function
// (tfg/Eval/Compute/*.h) and sets the context's results. The helpers here
// read operands and attributes and bridge compute results and errors into
// the context; the compute functions know nothing of EvalContext.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_KERNELSUPPORT_H
#define TFG_LIB_EVAL_KERNELSUPPORT_H

#include "KernelRegistry.h"

#include "tfg/Eval/Compute/Broadcast.h"
#include "tfg/Eval/Compute/Combine.h"
#include "tfg/Eval/Compute/Common.h"
#include "tfg/Eval/Evaluator.h"

#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>

namespace mlir {
namespace tfg {

/// The compute environment of a kernel: the context's threads and element
/// bound.
inline ComputeEnv getComputeEnv(EvalContext &ctx) {
  return ComputeEnv{ctx.getContext(), ctx.getMaxElements()};
}
/// Records `error`'s message in `ctx` and fails.
LogicalResult failWith(EvalContext &ctx, llvm::Error error);
/// Sets a compute function's result as the single result, or fails with
/// its error.
LogicalResult setComputedResult(EvalContext &ctx,
                                llvm::Expected<HostTensor> value);

/// The number of elements of a static tensor type; none if it is not one
/// or the count overflows int64.
std::optional<int64_t> getNumElements(Type type);

/// Sets a single result.
inline LogicalResult setSingleResult(EvalContext &ctx, ElementsAttr value) {
  ctx.results.assign(1, value);
  return success();
}

/// Sets a single host result.
inline LogicalResult setSingleResult(EvalContext &ctx, HostTensor value) {
  ctx.results.clear();
  ctx.hostResults.clear();
  ctx.hostResults.push_back(std::move(value));
  return success();
}

/// broadcastShapes (tfg/Eval/Compute/Broadcast.h), failing in `ctx`.
FailureOr<Broadcast> broadcastShapes(EvalContext &ctx,
                                     ArrayRef<ArrayRef<int64_t>> shapes);

/// startResult (tfg/Eval/Compute/Common.h) bounded by the context's element
/// bound, failing in `ctx`.
FailureOr<ResultBuilder> startResult(EvalContext &ctx, Type elementType,
                                     ArrayRef<int64_t> shape, bool splat);
/// Sets the result that `builder` computed as the single result.
LogicalResult finishResult(EvalContext &ctx, ResultBuilder builder);
/// Operand `i`'s value, or a failure naming it.
FailureOr<const HostTensor *> getOperand(EvalContext &ctx, unsigned i);
/// Bounds the bytes of the strings a kernel builds: 64 bytes per element
/// of the context's element bound, at most the host tensor bound
/// (kDefaultHostTensorMaxBytes). A broadcast or repeated string could
/// otherwise ask for far more memory than the operands hold.
class StringBudget {
public:
  explicit StringBudget(EvalContext &ctx)
      : ctx(ctx), left(ctx.getMaxElements() > kDefaultHostTensorMaxBytes / 64
                           ? kDefaultHostTensorMaxBytes
                           : ctx.getMaxElements() * 64) {}
  /// Takes `bytes`; false (the context failed) once the budget is spent.
  bool take(size_t bytes) {
    if (bytes > static_cast<uint64_t>(left)) {
      if (left >= 0)
        (void)ctx.fail("the string results exceed the bound of " +
                       std::to_string(64 * ctx.getMaxElements()) + " bytes");
      left = -1;
      return false;
    }
    left -= static_cast<int64_t>(bytes);
    return true;
  }

private:
  EvalContext &ctx;
  int64_t left;
};

/// Fails when operand `t` (`what`) stands for more elements than the
/// context's element bound: kernels that walk every element of an operand
/// (a splat may stand for a huge shape) check it first.
inline LogicalResult checkOperandElements(EvalContext &ctx, const HostTensor &t,
                                          StringRef what) {
  if (t.getNumElements() <= ctx.getMaxElements())
    return success();
  return ctx.fail(what + " has " + std::to_string(t.getNumElements()) +
                  " elements, more than the bound of " +
                  std::to_string(ctx.getMaxElements()));
}

/// String operand `i`, or a failure when it is missing or not a string
/// (StringKernels.cpp).
FailureOr<const HostTensor *> getStringOperand(EvalContext &ctx, unsigned i);

/// A result of `elementType` of the shape of `in` (a splat when `in` is
/// uniform), element i set by `fn(result, i)`; string results are bounded
/// by a StringBudget.
template <typename Fn>
LogicalResult mapStrings(EvalContext &ctx, const HostTensor &in,
                         Type elementType, Fn fn) {
  FailureOr<ResultBuilder> out =
      startResult(ctx, elementType, in.getShape(), isUniform(in));
  if (failed(out))
    return failure();
  StringBudget budget(ctx);
  bool strings = out->tensor.getKind() == HostElementKind::String;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    if (failed(fn(out->tensor, i)))
      return failure();
    if (strings && !budget.take(out->tensor.getString(i).size()))
      return failure();
  }
  return finishResult(ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Helpers of the array, image and detection kernels (KernelSupport.cpp).
//===----------------------------------------------------------------------===//

/// Whether `t` holds int32 or int64 elements.
bool isIndexTensor(const HostTensor &t);
/// Whether `t` holds ints, unsigned ints or floats (not bool, complex or
/// strings).
bool isRealNumberTensor(const HostTensor &t);
/// The elements of integer operand `i` (int32 or int64, scalar or 1-D).
FailureOr<SmallVector<int64_t, 4>> getIntVector(EvalContext &ctx, unsigned i,
                                                StringRef what);
/// The one element of integer operand `i` (int32 or int64, scalar or one
/// element).
FailureOr<int64_t> getIntScalar(EvalContext &ctx, unsigned i, StringRef what);
/// `axis` in [-rank, rank) made non-negative, or a failure.
FailureOr<int64_t> normalizeAxis(EvalContext &ctx, int64_t axis, int64_t rank);
/// The first `n` operands' values, or a failure naming the unknown one.
FailureOr<SmallVector<const HostTensor *, 4>> getOperands(EvalContext &ctx,
                                                          unsigned n);
/// Node attributes with their defaults.
int64_t getIntAttr(EvalContext &ctx, StringRef name, int64_t defaultValue);
bool getBoolAttr(EvalContext &ctx, StringRef name, bool defaultValue);
double getFloatAttr(EvalContext &ctx, StringRef name, double defaultValue);
std::string getStringAttr(EvalContext &ctx, StringRef name,
                          StringRef defaultValue);
/// The type of a type attribute, or `defaultType`.
Type getTypeAttr(EvalContext &ctx, StringRef name, Type defaultType);
/// A zeroed non-splat tensor of `shape`, bounded by the context.
FailureOr<HostTensor> createResult(EvalContext &ctx, Type elementType,
                                   ArrayRef<int64_t> shape);
/// Sets several host results.
LogicalResult setResults(EvalContext &ctx, MutableArrayRef<HostTensor> values);
/// psi(x), the digamma function (MathKernels.cpp): +inf at the poles 0,
/// -1, ..., as Eigen's.
double digamma(double x);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_KERNELSUPPORT_H
