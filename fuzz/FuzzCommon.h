//===- FuzzCommon.h - Shared setup of the importer fuzzers ------*- C++ -*-===//
//
// A context with the tfg dialects whose diagnostics are swallowed (the
// fuzzers look for crashes and sanitizer reports, not for messages).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_FUZZCOMMON_H
#define TFG_FUZZ_FUZZCOMMON_H

#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/stubs/logging.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

namespace tfg_fuzz {

struct FuzzContext {
  FuzzContext()
      : handler(&context, [](mlir::Diagnostic &) { return mlir::success(); }) {
    context.loadDialect<mlir::tfg::TFGraphDialect>();
    // Protobuf logs invalid UTF-8 and the like; the return values matter.
    google::protobuf::SetLogHandler(nullptr);
  }
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler handler;
};

/// Imports `graph` and, when that succeeds, exports it again.
inline void importAndExport(FuzzContext &fuzz,
                            const tensorflow::GraphDef &graph) {
  mlir::MLIRContext &ctx = fuzz.context;
  auto module =
      mlir::tfg::importGraphDef(&ctx, graph, mlir::UnknownLoc::get(&ctx));
  if (module) {
    tensorflow::GraphDef out;
    (void)mlir::tfg::exportGraphDef(*module, out);
  }
}

} // namespace tfg_fuzz

#endif // TFG_FUZZ_FUZZCOMMON_H
