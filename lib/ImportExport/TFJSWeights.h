//===- TFJSWeights.h - A TF.js model's files, in its folder ---*- C++ -*-===//
//
// The files a TF.js model names (weight shards, a 0.x model's
// weights_manifest.json) are read only inside the model's directory, only
// when they are regular files, and no more of them than the manifest needs
// (docs/Rationale.md, "Model-directory confinement").
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_TFJSWEIGHTS_H
#define TFG_LIB_IMPORTEXPORT_TFJSWEIGHTS_H

#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace mlir {
namespace tfg {
namespace detail {

/// Reads the weights `manifest` lists (none when null) from their shards,
/// paths relative to `modelDir` and confined to it, into the `value` of
/// their Const nodes in `graph`: each weight names a Const of its dtype (or
/// one TF.js stores as it: float64 as float32, int64 as int32, ...), and
/// every Const of the graph either has a weight or holds its value.
LogicalResult materializeTFJSWeights(const llvm::json::Array *manifest,
                                     StringRef modelDir,
                                     tensorflow::GraphDef &graph, Location loc);

/// Reads the regular file at `path` in full (2 GB at most). When `confineTo`
/// is not empty, the file's real location (symlinks followed) must lie in
/// that directory. The error says why, without the path.
llvm::Expected<std::string> readTFJSModelFile(StringRef path,
                                              StringRef confineTo);

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_TFJSWEIGHTS_H
