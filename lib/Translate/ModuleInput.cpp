//===- ModuleInput.cpp - A tfg module as a translation's input ------------===//

#include "ModuleInput.h"
#include "TranslationOutputs.h"
#include "tfg/IR/BytecodeCheck.h"
#include "tfg/IR/TextNesting.h"
#include "tfg/IR/Verifier.h"

#include "mlir/Parser/Parser.h"

using namespace mlir;

OwningOpRef<ModuleOp> mlir::tfg::parseVerifiedModule(
    const std::shared_ptr<llvm::SourceMgr> &sourceMgr, MLIRContext *ctx,
    bool *parsed) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  // MLIR's parser recurses once per level: deeper text is refused first.
  // Bytecode MLIR's reader must not see is refused first too.
  OwningOpRef<ModuleOp> module;
  {
    TimingScope timing = nestTiming("Parse input");
    if (succeeded(verifyTextNesting(buffer->getMemBufferRef(), ctx)) &&
        succeeded(verifyBytecodeInput(buffer->getMemBufferRef(), ctx)))
      module = parseSourceFile<ModuleOp>(sourceMgr,
                                         ParserConfig(ctx, /*verify=*/false));
  }
  if (parsed)
    *parsed = static_cast<bool>(module);
  if (!module)
    return nullptr;
  TimingScope timing = nestTiming("Verify input");
  // Bytecode can hold any nesting: bounded before anything recurses. Then
  // mlir::verify's checks, a large graph's node by node (as tfg-opt's
  // tfg-verify; tfg/IR/Verifier.h).
  if (failed(verifyRegionNesting(*module)) ||
      failed(verifyGraphModule(*module)))
    return nullptr;
  return module;
}
