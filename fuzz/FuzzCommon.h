//===- FuzzCommon.h - Shared setup of the importer fuzzers ------*- C++ -*-===//
//
// The importer fuzzers' context: TextInput.h's QuietContext that also
// silences protobuf's log, and the optimize/export steps they share.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_FUZZCOMMON_H
#define TFG_FUZZ_FUZZCOMMON_H

#include "TextInput.h"

#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/stubs/logging.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"

namespace tfg_fuzz {

struct FuzzContext : QuietContext {
  FuzzContext() {
    // Protobuf logs invalid UTF-8 and the like; the return values matter.
    google::protobuf::SetLogHandler(nullptr);
  }
};

/// Runs the structural passes on every body, fetching its first and last
/// nodes: whatever the graph, they must not crash and the result must
/// verify.
inline void optimize(mlir::ModuleOp module) {
  for (mlir::Block *body : mlir::tfg::getGraphBodies(module)) {
    mlir::tfg::PreserveOptions options;
    if (!body->empty()) {
      options.fetch.push_back(mlir::tfg::getNodeName(&body->front()).str());
      options.fetch.push_back(mlir::tfg::getNodeName(&body->back()).str());
    }
    mlir::tfg::sortTopologically(*body);
    (void)mlir::tfg::pruneGraph(*body, options, /*removeTrivial=*/true);
    (void)mlir::tfg::eliminateCommonSubgraphs(*body, options);
    (void)mlir::tfg::foldConstants(*body, options,
                                   /*maxConstantBytes=*/int64_t(1) << 20);
    (void)mlir::tfg::inferShapes(*body);
    (void)mlir::tfg::optimizeDependencies(*body, options, /*maxVisits=*/64);
  }
  (void)mlir::tfg::convertFunctionalToRegion(module);
  (void)mlir::tfg::convertRegionToFunctional(module);
  if (mlir::failed(mlir::verify(module)))
    __builtin_trap();
}

/// Imports `graph` and, when that succeeds, optimizes it and exports it.
inline void importAndExport(FuzzContext &fuzz,
                            const tensorflow::GraphDef &graph) {
  mlir::MLIRContext &ctx = fuzz.context;
  auto module =
      mlir::tfg::importGraphDef(&ctx, graph, mlir::UnknownLoc::get(&ctx));
  if (module) {
    tensorflow::GraphDef out;
    (void)mlir::tfg::exportGraphDef(*module, out);
    optimize(*module);
    (void)mlir::tfg::exportGraphDef(*module, out);
  }
}

} // namespace tfg_fuzz

#endif // TFG_FUZZ_FUZZCOMMON_H
