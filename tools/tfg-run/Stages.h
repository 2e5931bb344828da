//===- Stages.h - tfg-run --stage: the lowered forms a model runs in -*- C++
//-*-===//
//
// `tfg-run --stage=NAME` lowers the model (its tfg form as imported) that
// far through the pass pipeline and runs the result with the interpreter of
// that form, fed and fetched as the graph is. Each stage is one row of the
// table in Stages.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_TFG_RUN_STAGES_H
#define TFG_TOOLS_TFG_RUN_STAGES_H

#include "tfg/Interpreter/Interpreter.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// What a stage runs: the tfg module as imported, with the interpreter's
/// options, fed and fetched by tensor name (`node` or `node:k`).
struct StageRequest {
  ModuleOp module;
  InterpreterOptions options;
  ArrayRef<InterpreterFeed> feeds;
  ArrayRef<std::string> fetches;
  /// The graph interpreter of `module`, its variables restored and its
  /// initializer run (a stage may read variables through it).
  Interpreter *interp = nullptr;
  /// The model's directory (its SavedModel variables), empty for none.
  std::string modelDirectory;
};

/// One run of the lowered model: the fetched tensors, in order.
using StageRunner = std::function<llvm::Expected<std::vector<HostTensor>>()>;

/// A stage: its name, what it is, and how it lowers a model (once) into a
/// runner (called once per run; it owns the lowered module).
struct Stage {
  const char *name;
  const char *description;
  llvm::Expected<StageRunner> (*prepare)(const StageRequest &request);
};

/// The stages, `tfg` (the graph interpreter on the model as imported) first.
ArrayRef<Stage> getStages();
/// The stage named `name`, or null.
const Stage *lookupStage(StringRef name);

} // namespace tfg
} // namespace mlir

#endif // TFG_TOOLS_TFG_RUN_STAGES_H
