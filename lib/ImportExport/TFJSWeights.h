//===- TFJSWeights.h - A TF.js model's weights and topology ---*- C++ -*-===//
//
// The files a TF.js model names (weight shards, a 0.x model's
// weights_manifest.json) are read only inside the model's directory, only
// when they are regular files, and no more of them than the manifest needs
// (docs/rationale/TFJS.md, "Model-directory confinement"). Export writes the
// weights as TF.js reads them (TFJSShard.cpp), and the topology's fields the
// GraphDef import reads as absent (TFJSTopology.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_TFJSWEIGHTS_H
#define TFG_LIB_IMPORTEXPORT_TFJSWEIGHTS_H

#include "tfg/proto/graph.pb.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace mlir {
namespace tfg {
namespace detail {

/// Reads the weights `manifest` lists (none when null) from their shards,
/// paths relative to `modelDir` and confined to it, into the `value` of
/// their Const nodes in `graph`, in the graph or in a library function (as
/// TensorFlow.js looks them up: by node name, a weight the value of every
/// Const so named): each weight names a Const of its dtype (or one TF.js
/// stores as it: float64 as float32, int64 as int32, ...), and every Const
/// either has a weight or holds its value. With `initializer` (a model
/// initializer's graph), its Consts take their weights from the same
/// manifest by the same names, as TF.js gives both graphs one weight map.
LogicalResult
materializeTFJSWeights(const llvm::json::Array *manifest, StringRef modelDir,
                       tensorflow::GraphDef &graph, Location loc,
                       tensorflow::GraphDef *initializer = nullptr);

/// Moves the values of the Const nodes of `graph` and of its functions into
/// `shard`, in the dtypes TensorFlow.js stores them as, and lists them in
/// `weights` (the entries of one manifest group); a function's Const whose
/// name a weight already has is renamed "<function>/<name>". Values TF.js
/// has no weights for stay in the topology (warned when TF.js could have
/// read them, but for their range). With `initializer` (a model
/// initializer's graph), its Consts' values go to the same shard: one named
/// as a Const of the graph with the same value shares its weight (TF.js
/// looks weights up by name in both graphs), one named as another weight is
/// renamed "model_initializer/<name>".
void writeTFJSWeights(tensorflow::GraphDef &graph,
                      tensorflow::GraphDef *initializer, std::string &shard,
                      llvm::json::Array &weights, Location loc);

/// The arguments of each function that have an empty FunctionDef.arg_attr
/// entry (which the import, reading it as none, leaves out).
llvm::StringMap<SmallVector<int32_t>>
findEmptyArgAttrs(const tensorflow::GraphDef &graph);

/// Records them on the module's functions (tfg.empty_arg_attrs).
void markEmptyArgAttrs(ModuleOp module,
                       const llvm::StringMap<SmallVector<int32_t>> &empty);

/// Writes the recorded empty arg_attr entries back, and the fields that
/// TensorFlow writes even when empty: the versions (which TF.js reads in
/// every graph model), the library, a tensor's shape (a scalar's is
/// empty).
void writeTFJSTopologyFields(ModuleOp module, tensorflow::GraphDef &graph);

/// Reads the regular file at `path` in full (2 GB at most). When `confineTo`
/// is not empty, the file's real location (symlinks followed) must lie in
/// that directory. The error says why, without the path.
llvm::Expected<std::string> readTFJSModelFile(StringRef path,
                                              StringRef confineTo);

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_TFJSWEIGHTS_H
