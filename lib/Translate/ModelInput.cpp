//===- ModelInput.cpp - tfg-run's model reader ----------------------------===//
//
// The forms are told apart from the bytes as tfg-translate does: MLIR text
// or bytecode first (parsed within tfg's nesting bounds, then verified),
// then a TF.js model.json, else a GraphDef in any of its forms
// (GraphDefInput: binary, text, JSON, SavedModel).
//
//===----------------------------------------------------------------------===//

#include "tfg/Translate/ModelInput.h"

#include "tfg/IR/BytecodeCheck.h"
#include "tfg/IR/TextNesting.h"
#include "tfg/ImportExport/GraphDefInput.h"
#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Support/OutputFile.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tfg;

/// The file to read for `path`: the path itself, or for a directory the
/// model it holds (model.json, saved_model.pb, saved_model.pbtxt).
static std::string resolveModelPath(StringRef path) {
  if (!llvm::sys::fs::is_directory(path))
    return path.str();
  for (StringRef name : {"model.json", "saved_model.pb", "saved_model.pbtxt"}) {
    llvm::SmallString<256> candidate(path);
    llvm::sys::path::append(candidate, name);
    if (llvm::sys::fs::exists(candidate))
      return std::string(candidate);
  }
  return path.str();
}

std::string mlir::tfg::getModelDirectory(StringRef modelPath) {
  if (modelPath.empty() || modelPath == "-")
    return std::string();
  if (llvm::sys::fs::is_directory(modelPath))
    return modelPath.str();
  StringRef parent = llvm::sys::path::parent_path(modelPath);
  return parent.empty() ? std::string(".") : parent.str();
}

OwningOpRef<ModuleOp> mlir::tfg::loadModel(MLIRContext *context,
                                           StringRef modelPath) {
  std::string path = resolveModelPath(modelPath);
  Location loc = FileLineColLoc::get(context, path, 0, 0);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      openToolInput(path, /*mayBeReplaced=*/false, error);
  if (!buffer) {
    emitError(loc) << "cannot read the model: " << error;
    return nullptr;
  }
  StringRef bytes = buffer->getBuffer();
  if (looksLikeMLIR(bytes) || isBytecode(buffer->getMemBufferRef())) {
    if (failed(verifyTextNesting(buffer->getMemBufferRef(), context)) ||
        failed(verifyBytecodeInput(buffer->getMemBufferRef(), context)))
      return nullptr;
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(
        sourceMgr, ParserConfig(context, /*verifyAfterParse=*/false));
    // Bytecode resources may point into the buffer: it stays alive.
    static std::shared_ptr<llvm::SourceMgr> keepAlive;
    keepAlive = sourceMgr;
    if (!module || failed(verifyRegionNesting(*module)) ||
        failed(verify(*module)))
      return nullptr;
    return module;
  }
  if (isTFJSModelJSON(bytes))
    return importTFJSFile(context, *buffer, /*manifestPath=*/"", loc);
  GraphDefInput input;
  if (failed(input.read(*buffer, loc)))
    return nullptr;
  OwningOpRef<ModuleOp> module = input.import(context);
  // A SavedModel's saver restores its variables before it runs.
  if (module && input.getSavedModelGraph())
    attachSavedModelSaver(*module, *input.getSavedModelGraph());
  return module;
}
