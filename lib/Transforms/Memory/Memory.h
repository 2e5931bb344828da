//===- Memory.h - Internals of tfg-memory-optimizer -------------*- C++ -*-===//
//
// What the parts of the memory optimizer share: the live-bytes profile the
// rewrites are decided on (a segment tree over the schedule steps of one
// estimate, LiveProfile.cpp), the context of one run on one body, and the
// three rewrites: AddN accumulation and recomputation (Rewrites.cpp) and
// swapping (Swap.cpp). Each rewrite decides on the profile of one estimate
// (steps of its schedule), then changes the IR; the driver
// (MemoryOptimizer.cpp) re-estimates between them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_MEMORY_MEMORY_H
#define TFG_LIB_TRANSFORMS_MEMORY_MEMORY_H

#include "tfg/Transforms/MemoryEstimate.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <utility>
#include <vector>

namespace mlir {
namespace tfg {
class PreservedNodes;
namespace memory {

/// Live bytes per schedule step with range updates and the maximum (its
/// first step) in O(log N) each.
class LiveProfile {
public:
  explicit LiveProfile(ArrayRef<int64_t> bytes);
  /// Adds `delta` to every step in [lo, hi] (nothing when lo > hi).
  void add(unsigned lo, unsigned hi, int64_t delta);
  /// The largest live bytes and the first step with them.
  std::pair<int64_t, unsigned> getMax() const;
  /// The live bytes at `step`.
  int64_t get(unsigned step) const;

private:
  void add(unsigned node, unsigned lo, unsigned hi, unsigned from, unsigned to,
           int64_t delta);
  unsigned size;
  /// max[node] = max of the children + add[node] (no push-down).
  std::vector<int64_t> max, pending;
};

/// One run of the memory optimizer on one body.
struct MemoryContext {
  Block &body;
  const PreservedNodes *preserved = nullptr;
  MemoryEstimateOptions estimateOptions;
  /// The names taken in the body (for unique names of new nodes), collected
  /// on first use.
  llvm::StringSet<> names;
  bool namesCollected = false;
  int64_t addNSplit = 0, recomputed = 0, swapped = 0;

  explicit MemoryContext(Block &body) : body(body) {}
  /// A name not taken yet, `base` if free; taken from now on.
  std::string uniqueName(StringRef base);
};

/// The schedule step of every node of an estimate.
llvm::DenseMap<Operation *, unsigned> getSteps(const MemoryEstimate &est);

/// The schedule steps of the users of `value`, sorted (a use in a nested
/// region counts at its node, the terminator at the last step). Fails when
/// a user is not in the body.
FailureOr<SmallVector<unsigned>>
getUseSteps(Value value, Block &body,
            const llvm::DenseMap<Operation *, unsigned> &steps);

/// For each schedule step s, the latest step <= s whose node the fetches
/// need (an ancestor, by data or control edges, of a fetched or fed node or
/// of the terminator; the interpreter runs only those), or -1. A copy made
/// to run late waits for such a node: waiting for a node nothing needs
/// would make it run.
std::vector<int> getLatestNeededSteps(const MemoryEstimate &est, Block &body,
                                      const PreservedNodes *preserved);

/// Whether the body has nodes whose values may be dead or which run in
/// frames (Switch, Merge, Enter, ...): new control edges there could change
/// what runs, so recomputation and swapping leave such bodies alone.
bool hasV1ControlFlow(Block &body);

/// Splits AddN nodes of 3+ same-sized inputs, each used only there, into
/// an accumulation in operand order where that lowers the estimated peak.
void splitAddNs(MemoryContext &ctx);
/// Recomputes nodes marked `_recompute_hint` before their uses after the
/// estimated peak where that lowers it.
void recomputeHinted(MemoryContext &ctx);
/// Swaps GPU tensors live across the peak to the host until the estimate
/// fits `budget` bytes, at most `maxSwaps` of them.
void swapToHost(MemoryContext &ctx, int64_t budget, int64_t maxSwaps);

} // namespace memory
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_MEMORY_MEMORY_H
