//===- TFGPlugin.cpp - tfg as a plugin of MLIR's tools --------------------===//
//
// The entry points MLIR's tools look up in a plugin (mlir-opt's
// --load-dialect-plugin and --load-pass-plugin): the dialect plugin adds the
// tf_type and tfg dialects to the tool's registry, the pass plugin registers
// the tfg passes. Loading the library for either gives both, so that either
// option alone is enough to run a tfg pipeline.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include <mutex>

/// The passes are registered once however many times the library is named:
/// MLIR would accept a second registration of the same pass, but there is
/// no need to build every pass twice to check it.
static void registerPasses() {
  static std::once_flag once;
  std::call_once(once, [] { mlir::tfg::registerTFGPasses(); });
}

static void registerDialects(mlir::DialectRegistry *registry) {
  registry->insert<mlir::tf_type::TFTypeDialect, mlir::tfg::TFGraphDialect>();
  registerPasses();
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TFG", TFG_VERSION, registerDialects};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TFG", TFG_VERSION, registerPasses};
}
