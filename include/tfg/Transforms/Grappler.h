//===- Grappler.h - The optimizer registry of tfg-grappler ------*- C++ -*-===//
//
// tfg-grappler runs every registered optimizer in stage order, like
// Grappler's MetaOptimizer, each as a pipeline of the pass manager running
// tfg-grappler (so --mlir-timing, --mlir-print-ir-after-all, pass statistics
// and crash reproducers see every optimizer). Later optimizers (constant
// folding, remapper, layout, memory) join by calling
// registerGrapplerOptimizer from their library's registration function; the
// driver is never edited.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_GRAPPLER_H
#define TFG_TRANSFORMS_GRAPPLER_H

#include "tfg/Transforms/GraphUtils.h"

#include "mlir/Pass/Pass.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// Stages of Grappler's MetaOptimizer order.
enum GrapplerStage : unsigned {
  kStagePrune = 10,
  kStageInline = 20,
  kStageCSE = 30,
  kStageConstantFolding = 40,
  kStageArithmetic = 50,
  kStageShape = 60,
  kStageLayout = 70,
  kStageRemapper = 80,
  kStageLoop = 85,
  kStageDependency = 100,
  kStageMemory = 110,
};

struct GrapplerOptimizer {
  /// The pass argument (`tfg-prune`), used by `disable=`.
  std::string name;
  unsigned stage;
  /// Builds the pass for the user's fetches and feeds.
  std::function<std::unique_ptr<Pass>(const PreserveOptions &)> create;
  /// Whether the pass works on one graph or function body at a time: it is
  /// then scheduled on every `tfg.func` and `tfg.graph` (MLIR's pass manager
  /// runs the functions of a library in parallel); otherwise on the module.
  bool bodyLocal = false;
  /// Describes the work of a pass `create` made, beyond the nodes and
  /// edges it removed (`print-statistics` appends it to the optimizer's
  /// remark); empty when there is nothing to say. Optional.
  std::function<std::string(Pass &)> report;
};

/// The work of a tfg-loop-optimizer pass over all its runs ("2 dead
/// switches, 1 loops unrolled"); empty for another pass.
std::string describeLoopOptimizerWork(Pass &pass);

/// Adds an optimizer (replacing one of the same name). Not thread-safe: call
/// it at start-up, as pass registration is.
void registerGrapplerOptimizer(GrapplerOptimizer optimizer);

/// The registered optimizers in stage order (ties: registration order). The
/// structural optimizers of tfg are registered on first use.
std::vector<GrapplerOptimizer> getGrapplerOptimizers();

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_GRAPPLER_H
