//===- ModuleInput.cpp - A tfg module as a translation's input ------------===//

#include "ModuleInput.h"
#include "tfg/IR/BytecodeCheck.h"
#include "tfg/IR/TextNesting.h"

#include "mlir/IR/Verifier.h"
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
  if (succeeded(verifyTextNesting(buffer->getMemBufferRef(), ctx)) &&
      succeeded(verifyBytecodeInput(buffer->getMemBufferRef(), ctx)))
    module = parseSourceFile<ModuleOp>(sourceMgr,
                                       ParserConfig(ctx, /*verify=*/false));
  if (parsed)
    *parsed = static_cast<bool>(module);
  // Bytecode can hold any nesting: bounded before anything recurses.
  if (module &&
      (failed(verifyRegionNesting(*module)) || failed(verify(*module))))
    return nullptr;
  return module;
}
