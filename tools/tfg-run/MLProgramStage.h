//===- MLProgramStage.h - tfg-run --stage=ml_program ------------*- C++ -*-===//
//
// Runs a model lowered by --tfg-to-ml-program (its fetches given as the
// pass's) with TFGTFInterpreter, which runs func.funcs of tf ops and the
// ml_program globals' loads and stores, instead of the graph interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_TFG_RUN_MLPROGRAMSTAGE_H
#define TFG_TOOLS_TFG_RUN_MLPROGRAMSTAGE_H

#include "tfg/Interpreter/Interpreter.h"
#include "tfg/Interpreter/TF/TFInterpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// A model lowered to ml_program, ready to run.
class MLProgramStage {
public:
  /// Lowers a copy of `module` for `fetches` (tensor names); a SavedModel's
  /// variables (a module with a saver) are read from `modelDirectory`'s
  /// `variables/` bundle as the globals' initial values. Diagnostics of
  /// the lowering go to the context's handler.
  static llvm::Expected<std::unique_ptr<MLProgramStage>>
  create(ModuleOp module, StringRef modelDirectory,
         ArrayRef<std::string> fetches, const InterpreterOptions &options);

  /// Runs the lowered function with `feeds` (by Placeholder name); the
  /// fetches in order. Globals keep their values from run to run.
  llvm::Expected<std::vector<HostTensor>> run(ArrayRef<InterpreterFeed> feeds);

private:
  MLProgramStage(OwningOpRef<ModuleOp> module,
                 const InterpreterOptions &options);
  OwningOpRef<ModuleOp> module;
  TFInterpreter interpreter;
  /// The graph's Placeholders: the only tensors the lowered graph is fed.
  llvm::StringSet<> placeholders;
};

struct StageRequest;
using StageRunner = std::function<llvm::Expected<std::vector<HostTensor>>()>;

/// The `ml_program` row of tfg-run's stage table (Stages.cpp).
llvm::Expected<StageRunner> prepareMLProgramStage(const StageRequest &request);

} // namespace tfg
} // namespace mlir

#endif // TFG_TOOLS_TFG_RUN_MLPROGRAMSTAGE_H
