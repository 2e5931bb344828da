//===- SavedModel.h - The GraphDef inside a SavedModel ----------*- C++ -*-===//
//
// A SavedModel (saved_model.pb) holds its graphs as meta graphs
// (MetaGraphDef), each with a GraphDef (`graph_def`) and the tags that name
// it ("serve", "train", ...). tfg reads the GraphDef of one of them, found
// in the SavedModel's bytes without parsing the rest; the SavedModel's
// other parts (signatures, saver, assets, collections, the object graph)
// are not read, and not kept.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_SAVEDMODEL_H
#define TFG_IMPORTEXPORT_SAVEDMODEL_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// Whether `bytes` are a binary SavedModel: they begin with its schema
/// version (field 1, a varint; a GraphDef's field 1 is its nodes, never a
/// varint) and hold nothing but schema versions and meta graphs (field 2),
/// at least one.
bool isBinarySavedModel(StringRef bytes);

/// One meta graph of a SavedModel.
struct SavedModelGraph {
  /// Its position among the SavedModel's meta graphs.
  unsigned index = 0;
  /// Its tags (MetaInfoDef.tags), in order.
  std::vector<std::string> tags;
  /// The encoding of its GraphDef: `piece`, a piece of the SavedModel's
  /// bytes, or `merged` when the meta graph gives graph_def more than once
  /// (protobuf merges them, as their concatenation reads).
  StringRef graphDefBytes() const {
    return merged.empty() ? piece : StringRef(merged);
  }
  StringRef piece;
  std::string merged;
  /// Its saver's SaverDef.filename_tensor_name and .restore_op_name (empty
  /// when it has no saver).
  std::string saverFilenameTensor;
  std::string saverRestoreOp;
};

/// "#i {'tag', ...}": the meta graph as diagnostics name it.
std::string describeMetaGraph(const SavedModelGraph &graph);

/// The meta graph of the binary SavedModel `bytes` to import: the one whose
/// tag set is `tags` (order and repeats aside); without `tags`, the only
/// meta graph, or else the one tagged "serve" alone (as TensorFlow's
/// serving loads). Emits an error at `loc` and fails when the bytes are not
/// such a SavedModel, when no meta graph or several match (listing each
/// one's tags), or when the one found has no GraphDef.
FailureOr<SavedModelGraph> selectSavedModelGraph(StringRef bytes,
                                                 ArrayRef<std::string> tags,
                                                 Location loc);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_SAVEDMODEL_H
