//===- TFJS.h - TensorFlow.js graph models -> tfg ---------------*- C++ -*-===//
//
// Import of a TensorFlow.js graph model: model.json, whose modelTopology is
// a GraphDef in protobuf JSON form, and the binary weight shards its
// weightsManifest lists. Weights are materialized into their Const nodes
// (quantized weights dequantized as the manifest says); a model
// initializer (modelInitializer) becomes a nested module. Also the format
// TensorFlow.js 0.x wrote (a frozen model: tensorflowjs_model.pb and
// weights_manifest.json), which export writes as a graph model.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_TFJS_H
#define TFG_IMPORTEXPORT_TFJS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// Imports a model.json text; weight shard paths are resolved against
/// `weightsDir`. Returns null after emitting errors at `loc`.
OwningOpRef<ModuleOp> importTFJSModel(MLIRContext *context, StringRef modelJson,
                                      StringRef weightsDir, Location loc);

/// Whether `bytes` are a model.json (a JSON object, perhaps after a byte
/// order mark and white space) rather than the binary GraphDef of a
/// TensorFlow.js 0.x frozen model.
bool isTFJSModelJSON(StringRef bytes);

/// Imports a TensorFlow.js 0.x frozen model: `graphDef`, the bytes of its
/// tensorflowjs_model.pb (a binary GraphDef whose Const nodes have no
/// values), and `manifestJson`, its weights_manifest.json (the array that
/// model.json later called weightsManifest); shard paths are resolved
/// against `weightsDir`. Returns null after emitting errors at `loc`.
OwningOpRef<ModuleOp> importTFJSFrozenModel(MLIRContext *context,
                                            StringRef graphDef,
                                            StringRef manifestJson,
                                            StringRef weightsDir, Location loc);

/// Imports the TF.js model in `input`, told apart by isTFJSModelJSON: a
/// model.json (shards beside it), or a 0.x frozen model's
/// tensorflowjs_model.pb whose manifest is `manifestPath` (when empty,
/// weights_manifest.json beside the input; shards beside the manifest).
/// Paths are relative to the input's buffer identifier. Returns null after
/// emitting errors at `loc`.
OwningOpRef<ModuleOp> importTFJSFile(MLIRContext *context,
                                     const llvm::MemoryBuffer &input,
                                     StringRef manifestPath, Location loc);

/// The symbol name of the module nested in an imported TF.js model's module
/// that holds its model initializer (model.json's `modelInitializer`, a
/// second GraphDef, which TensorFlow.js runs once before the model to fill
/// its hash tables): its `tfg.graph` and library functions. Its weights are
/// materialized as the model's are; `initializerSignature` is kept, as the
/// model's other entries, as the module attribute
/// `tfjs.initializerSignature`. Export writes it back.
inline constexpr llvm::StringLiteral kTFJSInitializerName =
    "tfjs.model_initializer";

/// The module nested in `module` that holds a TF.js model initializer, or
/// null.
ModuleOp getTFJSInitializer(ModuleOp module);

/// The nodes of the initializer `initializer` (getTFJSInitializer) that
/// TensorFlow.js runs: those that the `outputs` of `signature` (the text of
/// model.json's `initializerSignature`, empty when there is none) name,
/// else those of its graph whose outputs nothing uses, in graph order.
std::vector<std::string> getTFJSInitializerTargets(ModuleOp initializer,
                                                   StringRef signature);

/// A signature input of a TF.js model with a `resourceId`: TensorFlow.js
/// feeds it the output of the model initializer's signature with the same
/// `resourceId` (a table the model's functions captured), not the caller.
struct TFJSCapturedInput {
  /// The input's tensor name (`node:output`) and the initializer output's.
  std::string input;
  std::string initializerOutput;
  int64_t resourceId;
};

/// The captured inputs of the TF.js model `module` (from its
/// `tfjs.signature` and `tfjs.initializerSignature`), in input name order;
/// an error names an input whose resourceId no initializer output has.
llvm::Expected<std::vector<TFJSCapturedInput>>
getTFJSCapturedInputs(ModuleOp module);

/// Exports the module's graph as a TensorFlow.js graph model: the model.json
/// text and the bytes of its one weight shard, which model.json lists as
/// `weightsFileName` (a path relative to model.json). Float32, int32 and bool
/// constants go to the shard; other constants stay in the topology.
LogicalResult exportTFJSModel(ModuleOp module, StringRef weightsFileName,
                              std::string &modelJson, std::string &weights);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_TFJS_H
