//===- StageStableHLO.h - tfg-run --stage=stablehlo -------------*- C++ -*-===//
//
// The StableHLO stage of tfg-run: a copy of the model's graph is lowered
// to StableHLO by legalizeModelToStableHLO (tfg/Translate/ModelLowering.h:
// its Placeholders pinned to the shapes of the values fed, the run's
// fetches, every constant inlined, variables frozen) and run by the
// StableHLO interpreter
// (tfg/Interpreter/StableHLO/Interpreter.h) on the same feeds.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_TFG_RUN_STAGESTABLEHLO_H
#define TFG_TOOLS_TFG_RUN_STAGESTABLEHLO_H

#include "tfg/Interpreter/Interpreter.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// A model lowered to StableHLO for one set of feeds and fetches.
struct StableHLOStage {
  OwningOpRef<ModuleOp> module;
  func::FuncOp func;
  /// For each argument of `func`, the index of the feed it takes.
  SmallVector<unsigned> argFeeds;
};

/// Lowers a copy of `module`'s graph with legalizeModelToStableHLO (no
/// shape refinement): each feed must name a Placeholder
/// (`node` or `node:0`), whose shape is pinned to the fed value's; each
/// read of a resource variable becomes a constant of the value `interp`
/// (running `module`, its variables restored) reads. When that lowering
/// fails and some feeds are small (at most kMaxKnownElements integers or
/// floats), it is tried again with those feeds as constants of their fed
/// values (compile-time constants, as XLA takes the arguments shapes depend
/// on: a resize ratio, a size); the function then takes the other feeds.
/// The diagnostics of a failed lowering (the first try's) go to the
/// context's handler; the error returned says which step failed.
llvm::Expected<StableHLOStage>
lowerToStableHLOStage(ModuleOp module, Interpreter &interp,
                      ArrayRef<InterpreterFeed> feeds,
                      ArrayRef<std::string> fetches);

/// Runs `stage` on `feeds` (the feeds it was lowered for), one result per
/// fetch.
llvm::Expected<std::vector<HostTensor>>
runStableHLOStage(const StableHLOStage &stage, ArrayRef<InterpreterFeed> feeds,
                  const stablehlo::InterpreterOptions &options);

struct StageRequest;
using StageRunner = std::function<llvm::Expected<std::vector<HostTensor>>()>;

/// The `stablehlo` row of tfg-run's stage table (Stages.cpp): lowers with
/// lowerToStableHLOStage (reading variables through `request.interp`) and
/// runs with the StableHLO interpreter under the graph interpreter's bounds.
llvm::Expected<StageRunner> prepareStableHLOStage(const StageRequest &request);

} // namespace tfg
} // namespace mlir

#endif // TFG_TOOLS_TFG_RUN_STAGESTABLEHLO_H
