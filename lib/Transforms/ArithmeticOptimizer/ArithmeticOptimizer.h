//===- ArithmeticOptimizer.h - Stages of tfg-arithmetic-optimizer -*- C++ -*-//
//
// The internal interface between the pass (ArithmeticOptimizer.cpp) and the
// files holding its stages: which stages are enabled, the shared helpers the
// patterns use to look at producers, types, shapes and constants, and one
// populate function per group of stages. Grappler's ArithmeticOptimizer is
// the model; docs/ArithmeticOptimizer.md lists every stage and its safety.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_ARITHMETICOPTIMIZER_H
#define TFG_LIB_TRANSFORMS_ARITHMETICOPTIMIZER_H

#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir {
namespace tfg {
namespace arith_opt {

/// The stages enabled are the pass's options, ArithmeticOptimizerPassOptions
/// (generated from Passes.td, which documents each). The populate functions
/// also take whether rewrites may remove nodes (bypass a node by an
/// existing value, erase the producers they leave unused): false in a
/// graph without fetches, where any node might be an output the user
/// fetches later, so only replacements by new nodes (which keep the name)
/// are done.

//===----------------------------------------------------------------------===//
// Helpers (Helpers.cpp)
//===----------------------------------------------------------------------===//

/// The tfg node producing `value` (null for block arguments and values of
/// non-tfg ops).
Operation *getProducerNode(Value value);
/// True if `op` is the TensorFlow op `name` (`tfg.<name>`).
bool isNode(Operation *op, StringRef name);
/// The node producing `value` if it is the op `name`, else null.
Operation *getProducerOf(Value value, StringRef name);
/// The type held by the type attribute `name` of `op` (`T`), or null.
Type getTypeAttr(Operation *op, StringRef name = "T");
/// Element type classes (of a `T` attribute's type).
bool isFloatLike(Type t);   // floating point (not complex)
bool isComplexType(Type t); // complex64/128
bool isIntegerLike(Type t); // signed or unsigned integers, not bool
/// True if `op` has control operands (bypassing it would drop them).
bool hasControlOperands(Operation *op);
/// True if the only users of `value` are `user` (once) and nothing else
/// uses the producer's other results or control token.
bool hasSingleUse(Value value);
/// The static shape of `value`'s type, if it is a ranked static tensor.
std::optional<SmallVector<int64_t>> getStaticShape(Value value);
/// True if `a` and `b` have the same static shape.
bool haveSameStaticShape(Value a, Value b);
/// The `value` attribute of the Const node producing `v` (through
/// Identity nodes without control operands), or null.
DenseElementsAttr getConstValue(Value v);
/// The constant `v` as a splat double (every element equal, any shape),
/// for float and integer constants.
std::optional<double> getSplatValue(Value v);
/// The constant integer vector `v` (Const of int32/int64), if any.
std::optional<SmallVector<int64_t>> getConstInts(Value v);

/// Builds `tfg.<opName>(data)` like `like` (device, defaults) with the
/// given attributes, and gives its data result 0 the type `resultType` when
/// set (e.g. the type of the value it replaces). Null on failure.
Operation *buildNode(PatternRewriter &rewriter, Operation *like,
                     StringRef opName, ValueRange data,
                     ArrayRef<NamedAttribute> attrs, Type resultType = {});
/// Builds a scalar Const of dtype `t` holding `value` (float or integer
/// types), or null for other types.
Operation *buildScalarConst(PatternRewriter &rewriter, Operation *like, Type t,
                            double value);
/// Clones the node `op` with its data operands replaced by `data` (same
/// attributes but `overrides` and `_output_shapes`, which may not hold
/// for the clone; no control operands, unnamed).
Operation *cloneNodeWithData(PatternRewriter &rewriter, Operation *op,
                             ValueRange data,
                             ArrayRef<NamedAttribute> overrides = {});
/// Replaces the node `op` with `values` (or the results of the node
/// `with`), then erases the producers of `op`'s data operands that the
/// replacement left without any user (transitively, at most 64 nodes), so
/// that bypassed chains do not pile dead users onto the values they read
/// (which would make later rewrites of those values slower and slower).
/// Graph inputs (Placeholder, _Arg, ...) and nodes with side effects are
/// kept; so are fetched nodes (the driver refuses to erase them). Nothing
/// is erased when !mayDelete.
void replaceNodeAndClean(PatternRewriter &rewriter, Operation *op,
                         ValueRange values, bool mayDelete);
/// Replaces the single-result node `op` with the existing value `value`
/// (replaceNodeAndClean), unless `op` has control operands: a bypass hands
/// them to every user, and along a chain of bypasses they pile up (a chain
/// of n Negs with control edges would end with n/6 control operands on one
/// node). Fails, changing nothing, then, and when !mayDelete.
LogicalResult bypassNode(PatternRewriter &rewriter, Operation *op, Value value,
                         bool mayDelete);
void replaceNodeAndClean(PatternRewriter &rewriter, Operation *op,
                         Operation *with, bool mayDelete);

/// Replaces the node `op` (replaceNodeAndClean) with a new
/// `tfg.<opName>(data) {T = t}` built like it (buildNode), whose data result
/// has the type of `op`'s first. Fails, changing nothing, when the node
/// cannot be built.
LogicalResult replaceWithTypedNode(PatternRewriter &rewriter, Operation *op,
                                   StringRef opName, ValueRange data, Type t,
                                   bool mayDelete);

/// True if no data result of `op` is used: rewriting it gains nothing
/// (a node the user fetches is protected by the driver anyway).
bool isDeadNode(Operation *op);

/// A pattern matching one TensorFlow op by name (`tfg.<Name>`); dead nodes
/// (see isDeadNode) are skipped before `rewriteNode` sees them.
struct NodePattern : RewritePattern {
  NodePattern(StringRef tfOpName, MLIRContext *ctx, PatternBenefit benefit = 1)
      : RewritePattern(("tfg." + tfOpName).str(), benefit, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const final {
    if (isDeadNode(op))
      return failure();
    return rewriteNode(op, rewriter);
  }
  virtual LogicalResult rewriteNode(Operation *op,
                                    PatternRewriter &rewriter) const = 0;
  /// Whether the pattern's set may remove nodes (see the populate functions).
  bool mayDelete = true;
};

/// Adds the pattern T(args...) to `patterns`, removing nodes if `mayDelete`.
template <typename T, typename... Args>
void addPattern(RewritePatternSet &patterns, bool mayDelete, Args &&...args) {
  auto pattern = std::make_unique<T>(std::forward<Args>(args)...);
  pattern->mayDelete = mayDelete;
  patterns.add(std::move(pattern));
}

//===----------------------------------------------------------------------===//
// Stage groups
//===----------------------------------------------------------------------===//

/// Simplify.cpp: involutions, redundant Bitcast/Cast/Reshape/Transpose,
/// negation, Mul to Square, LogicalNot of comparisons, Sqrt division,
/// transposes folded into MatMul and Conj.
void populateSimplifyPatterns(RewritePatternSet &patterns,
                              const ArithmeticOptimizerPassOptions &stages,
                              bool mayDelete);
/// Functions.cpp: Pow, Log1p, Expm1, Max/Min of monotonic functions,
/// unary op composition, multiply folded into Conv2D.
void populateFunctionPatterns(RewritePatternSet &patterns,
                              const ArithmeticOptimizerPassOptions &stages,
                              bool mayDelete);
/// Aggregation.cpp: AddN forming, aggregation simplification, hoisting of
/// common factors, broadcast minimization.
void populateAggregationPatterns(RewritePatternSet &patterns,
                                 const ArithmeticOptimizerPassOptions &stages,
                                 bool mayDelete);
/// Structure.cpp: stack/slice, embedding lookup, casts into segment
/// reductions and value-preserving ops, unary chains through Concat/Split.
void populateStructurePatterns(RewritePatternSet &patterns,
                               const ArithmeticOptimizerPassOptions &stages,
                               bool mayDelete);

} // namespace arith_opt
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_ARITHMETICOPTIMIZER_H
