//===- TextInput.h - tfg text input of the fuzzers --------------*- C++ -*-===//
//
// What the fuzzers that read tfg MLIR text share: a context with the tfg
// dialects whose diagnostics are swallowed (the fuzzers look for crashes
// and sanitizer reports, not for messages), and parsing within the tools'
// bounds (text nesting before parsing, region nesting after). No protobuf:
// the interpreter and regex fuzzers link without it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_FUZZ_TEXTINPUT_H
#define TFG_FUZZ_TEXTINPUT_H

#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TextNesting.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

namespace tfg_fuzz {

struct QuietContext {
  QuietContext()
      : handler(&context, [](mlir::Diagnostic &) { return mlir::success(); }) {
    context.loadDialect<mlir::tfg::TFGraphDialect>();
  }
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler handler;
};

/// `input` parsed as a module of tfg text, unverified, when it parses
/// within the tools' nesting bounds; null otherwise.
inline mlir::OwningOpRef<mlir::ModuleOp>
parseWithinBounds(mlir::MLIRContext &ctx, llvm::StringRef input) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(input, "input",
                                                 /*RequiresNullTerminator=*/
                                                 false);
  if (mlir::failed(
          mlir::tfg::verifyTextNesting(buffer->getMemBufferRef(), &ctx)))
    return nullptr;
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(input, config);
  if (!module || mlir::failed(mlir::tfg::verifyRegionNesting(*module)))
    return nullptr;
  return module;
}

} // namespace tfg_fuzz

#endif // TFG_FUZZ_TEXTINPUT_H
