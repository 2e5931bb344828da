//===- FuzzCommon.h - Shared setup of the importer fuzzers ------*- C++ -*-===//
//
// A context with the tfg dialects whose diagnostics are swallowed (the
// fuzzers look for crashes and sanitizer reports, not for messages).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_FUZZCOMMON_H
#define TFG_FUZZ_FUZZCOMMON_H

#include "tfg/IR/TFGDialect.h"

#include "google/protobuf/stubs/logging.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

namespace tfg_fuzz {

struct FuzzContext {
  FuzzContext() : handler(&context, [](mlir::Diagnostic &) {
                    return mlir::success();
                  }) {
    context.loadDialect<mlir::tfg::TFGraphDialect>();
    // Protobuf logs invalid UTF-8 and the like; the return values matter.
    google::protobuf::SetLogHandler(nullptr);
  }
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace tfg_fuzz

#endif // TFG_FUZZ_FUZZCOMMON_H
