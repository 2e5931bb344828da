//===- ModelInput.h - the model reader of tfg-run, tfg-compile -*- C++ -*-===//
//
// Reads the model tfg-run is given, in any form tfg-translate reads: tfg
// MLIR (text or bytecode), a GraphDef (binary, text, JSON), a SavedModel
// (a saved_model.pb/.pbtxt, or the directory holding it), a TF.js
// model.json (or the directory holding it) or 0.x frozen model.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSLATE_MODELINPUT_H
#define TFG_TRANSLATE_MODELINPUT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir {
namespace tfg {

/// Imports the model at `path`; null after emitting errors.
OwningOpRef<ModuleOp> loadModel(MLIRContext *context, StringRef path);

/// The directory of the model at `path` (the directory itself when `path`
/// is one, else the file's directory), whose files the model's lookup
/// tables may read (InterpreterOptions::assetDirectory); empty for the
/// standard input.
std::string getModelDirectory(StringRef path);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSLATE_MODELINPUT_H
