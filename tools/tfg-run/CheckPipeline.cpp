//===- CheckPipeline.cpp - tfg-run --check-pipeline -----------------------===//
//
// The differential check of a pass pipeline: the model is copied, the
// pipeline runs on the copy with MLIR's pass manager (passes registered as
// in tfg-opt: tfg's and MLIR's own) behind tfg-verify, as in tfg-opt, and
// the caller runs both on the same inputs and compares the fetches. A
// pipeline is written as tfg-opt's --pass-pipeline takes it, with or without
// the `builtin.module(...)` anchor.
//
//===----------------------------------------------------------------------===//

#include "RunSupport.h"

#include "tfg/InitAll.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfg;

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::tfg::applyPipeline(ModuleOp module, StringRef pipeline) {
  static bool registered = [] {
    registerAllPasses();
    return true;
  }();
  (void)registered;
  StringRef inner = pipeline.trim();
  if (inner.consume_front("builtin.module(")) {
    if (!inner.consume_back(")"))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--check-pipeline: unbalanced "
                                     "'builtin.module(' in '" +
                                         pipeline + "'");
  }
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  // No pass runs on a module the verifier rejects, whatever the caller
  // verified.
  pm.addPass(createVerifyPass());
  std::string parseErrors;
  llvm::raw_string_ostream errs(parseErrors);
  if (failed(parsePassPipeline(inner, pm, errs)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--check-pipeline: " + parseErrors);
  OwningOpRef<ModuleOp> copy = module.clone();
  // Diagnostics of a failing pass reach the tool's handler; the message
  // here says which step failed.
  if (failed(pm.run(*copy)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--check-pipeline: the pipeline '" +
                                       pipeline + "' failed on the model");
  return std::move(copy);
}
