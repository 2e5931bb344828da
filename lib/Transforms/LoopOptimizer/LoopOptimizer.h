//===- LoopOptimizer.h - Rules of tfg-loop-optimizer ------------*- C++ -*-===//
//
// The internal interface between the pass (LoopOptimizer.cpp) and the files
// holding its rules: the shared state of one graph or function body (what
// is preserved, where names come from, what was done) and one entry point
// per group of rules. Grappler's LoopOptimizer is the model;
// docs/LoopOptimizer.md lists every rule and its safety conditions.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_LOOPOPTIMIZER_H
#define TFG_LIB_TRANSFORMS_LOOPOPTIMIZER_H

#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>

namespace mlir {
namespace tfg {
namespace loop_opt {

/// What the rules did (summed over bodies and runs).
struct LoopOptStats {
  /// Switch nodes on a constant predicate whose dead fanout was removed,
  /// and the nodes removed with them.
  int64_t deadSwitches = 0, deadNodes = 0;
  /// If/Case nodes (functional or region) whose taken branch replaced them.
  int64_t branchesFolded = 0;
  /// Nodes moved out of loops.
  int64_t nodesHoisted = 0;
  /// StackPushV2 nodes of stacks never popped replaced by Identity.
  int64_t stackPushesRemoved = 0;
  /// Loops that run no iteration (removed) or one (unrolled).
  int64_t loopsRemoved = 0, loopsUnrolled = 0;

  LoopOptStats &operator+=(const LoopOptStats &o);
  int64_t total() const;
};

/// The state the rules share while working on one body.
class BodyContext {
public:
  BodyContext(Block &body, const PreservedNodes &preserved,
              SymbolTable *symbols, LoopOptStats &stats)
      : body(body), preserved(preserved), symbols(symbols), stats(stats) {}

  Block &body;
  const PreservedNodes &preserved;
  /// The module's symbols (functions), if the body is in a module.
  SymbolTable *symbols;
  /// How many references the module makes to each function (computed when
  /// a rule needs it: invariant motion out of functional While bodies,
  /// which updates it when it copies a function).
  llvm::StringMap<unsigned> *functionUses = nullptr;
  LoopOptStats &stats;

  /// A node name unused in the body (built on first use).
  std::string uniqueName(StringRef base);
  /// Whether a rule may make `op` disappear (or change what it outputs):
  /// not fetched or fed, not `_grappler_do_not_remove`.
  bool mayReplace(Operation *op) const;

private:
  std::unique_ptr<NodeNameUniquer> uniquer;
};

//===----------------------------------------------------------------------===//
// Shared helpers (LoopOptimizer.cpp)
//===----------------------------------------------------------------------===//

/// The value of a constant integer or bool scalar (a Const, possibly
/// through Identity nodes), if `v` is one.
std::optional<int64_t> getConstantInt(Value v);

/// The truth value of a constant If condition: a scalar is true when not
/// zero, a tensor of another rank when it has elements (TensorFlow's rule).
std::optional<bool> getConstantCondition(Value v);

/// `values` as they may replace the results of `op` one to one: a value
/// whose type differs from its result's is read through a new Identity
/// node of the result's type (named after `op`). Null on failure.
FailureOr<SmallVector<Value>> adaptToResults(BodyContext &ctx, Operation *op,
                                             ValueRange values);

/// Moves the ops of `block` (but its terminator) before `op`, in order.
/// The ops that read nothing produced in `block` receive `controls` as
/// control operands (they wait for what `op` waited for).
void moveBlockBefore(Block &block, Operation *op, ValueRange controls);

/// Replaces the node `op` with `values` (its data results one to one, see
/// adaptToResults) and erases it; users of its control token wait for the
/// producers of `values` and for `controls` instead.
LogicalResult replaceAndErase(BodyContext &ctx, Operation *op,
                              ValueRange values, ValueRange controls);

/// Builds a `PartitionedCall` (or `StatefulPartitionedCall` when
/// `stateful`) of `callee` on `args`, named and placed as `op`, with its
/// results typed as `op`'s; `op`'s uses move to it and `op` is erased.
LogicalResult replaceWithCall(BodyContext &ctx, Operation *op, Attribute callee,
                              ValueRange args, ArrayAttr tin, ArrayAttr tout,
                              ValueRange controls, bool stateful);

/// The name and placement attributes of `op` (getNodeIdentityAttrs
/// without the full type, which describes `op`'s own outputs), with the
/// name `name` when not empty.
SmallVector<NamedAttribute> getPlacementAttrs(Operation *op,
                                              StringRef name = {});

/// True if no op nested in `region` has side effects (hasSideEffects; the
/// terminators excepted).
bool isRegionFreeOfEffects(Region &region);

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

/// DeadBranches.cpp: the dead fanout of Switch nodes on constant
/// predicates; If/Case with a constant condition or index.
void removeDeadBranches(BodyContext &ctx);
void foldConstantBranches(BodyContext &ctx);

/// Loops.cpp: loops running a constant number (0 or 1) of iterations;
/// loop-invariant node motion (region loops and v1 frames).
void simplifyTripCounts(BodyContext &ctx);
void hoistLoopInvariants(BodyContext &ctx);

/// Loops.cpp: the integer value of `v` (the truth of the loop condition
/// `v`) computed from constants and the values of `known` by the
/// evaluator of loop conditions (AddV2/Add/Sub/Mul and comparisons of
/// integer scalars, depth-bounded), if known.
std::optional<int64_t>
evalKnownInt(Value v, const llvm::DenseMap<Value, int64_t> &known);
std::optional<bool>
evalKnownCondition(Value v, const llvm::DenseMap<Value, int64_t> &known);

/// FrameTrips.cpp: v1 loops running a constant number (0 or 1) of
/// iterations (their Exits read the values entered with, or the frame
/// goes and the body runs once outside it).
void simplifyFrameTripCounts(BodyContext &ctx);

/// Frames.cpp: loop-invariant node motion out of v1 frames.
void hoistFrameInvariants(BodyContext &ctx);

/// WhileLicm.cpp: loop-invariant node motion out of the bodies of
/// functional While loops (new loop values carry the results in).
void hoistFromFunctionalWhiles(BodyContext &ctx);
/// The number of references to each function of `module` (symbol
/// references, `#tf_type.func` attributes included).
llvm::StringMap<unsigned> countFunctionUses(Operation *module);

/// Stacks.cpp: pushes onto stacks that are never popped.
void removeUnpoppedStackPushes(BodyContext &ctx);

} // namespace loop_opt
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_LOOPOPTIMIZER_H
