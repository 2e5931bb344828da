//===- GraphDefInput.h - A GraphDef given in any of its forms ---*- C++ -*-===//
//
// The one reader of GraphDef-like input: a buffer (a file's contents) that
// may be a binary GraphDef, a text GraphDef, a GraphDef in protobuf's JSON
// form, a binary or text SavedModel, or a text MetaGraphDef. The forms are
// told apart from the bytes alone; the SavedModel forms give the GraphDef of
// one meta graph (chosen by tags). Whatever goes wrong is an MLIR
// diagnostic at the input (a text's errors at their line and column).
//
//   GraphDefInput input;
//   if (failed(input.read(buffer, loc, inputOptions)))
//     return failure();
//   OwningOpRef<ModuleOp> module = input.import(context, importOptions);
//
// tfg-translate's --graphdef-to-mlir and --test-graphdef-roundtrip read
// their input through it; an embedder reading a user's file should too.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_GRAPHDEFINPUT_H
#define TFG_IMPORTEXPORT_GRAPHDEFINPUT_H

#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/SavedModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace tensorflow {
class GraphDef;
} // namespace tensorflow

namespace mlir {
namespace tfg {

/// How a GraphDef input is read.
struct GraphDefInputOptions {
  /// For a SavedModel (binary or text) or a text MetaGraphDef: the tags of
  /// the meta graph whose GraphDef to read, as a set. Empty: the only meta
  /// graph, or else the one tagged "serve" alone.
  std::vector<std::string> savedModelTags;
  /// For input that is no GraphDef in any form: what it is instead, added
  /// to the error ("...: --tfjs-to-mlir imports it"), or empty when the
  /// caller cannot tell. Called with the input's bytes, on that error only.
  /// tfg-translate names its translations here; the reader knows none.
  std::function<std::string(StringRef bytes)> describeOtherInput;
};

/// The forms of GraphDef input.
enum class GraphDefInputForm {
  /// A binary GraphDef (protobuf wire format): imported in place.
  Binary,
  /// A text GraphDef (protobuf text format): diagnostics about a node of
  /// its import point at the node in the text.
  Text,
  /// A GraphDef in protobuf's JSON form (a JSON object without a TF.js
  /// model.json's modelTopology).
  JSON,
  /// A binary SavedModel: the GraphDef of one meta graph, with a warning
  /// that the rest is not kept.
  SavedModel,
  /// A text SavedModel or a text MetaGraphDef, read as a SavedModel.
  TextSavedModel,
};

/// A GraphDef input, read once and then imported (or taken as a message)
/// once. It refers to the bytes it read, which must outlive it, and keeps
/// what it parsed of them; it cannot be copied or moved.
class GraphDefInput {
public:
  GraphDefInput();
  ~GraphDefInput();
  GraphDefInput(const GraphDefInput &) = delete;
  GraphDefInput &operator=(const GraphDefInput &) = delete;

  /// Reads `buffer`, telling the forms apart: a binary SavedModel, a
  /// GraphDef in JSON form, a text GraphDef, a text SavedModel or
  /// MetaGraphDef, else a binary GraphDef (checked only when imported or
  /// taken). A buffer that maps a file lets the in-place import of a binary
  /// GraphDef give the file's pages back as it goes (importBinaryGraphDef).
  /// Fails after emitting an error at `loc` (the input file; a
  /// FileLineColLoc lets errors in a text name their line and column).
  LogicalResult read(const llvm::MemoryBuffer &buffer, Location loc,
                     const GraphDefInputOptions &options = {});
  /// The same, for bytes in memory.
  LogicalResult read(StringRef bytes, Location loc,
                     const GraphDefInputOptions &options = {});

  /// The form read. Only after a successful read.
  GraphDefInputForm getForm() const;

  /// The meta graph read, for the SavedModel forms (null for the others).
  /// Only after a successful read.
  const SavedModelGraph *getSavedModelGraph() const;

  /// Imports the GraphDef read (importGraphDef, or importBinaryGraphDef in
  /// place for the binary forms). The import's diagnostics about a node or
  /// function of a text GraphDef are moved to where the text writes it.
  /// Returns null after emitting errors. Only once, after a successful read.
  OwningOpRef<ModuleOp> import(MLIRContext *context,
                               const ImportOptions &options = {});

  /// Moves the GraphDef read into `graph` (a binary one parsed now). Fails
  /// after emitting an error. Only once, after a successful read.
  LogicalResult takeGraphDef(tensorflow::GraphDef &graph);

private:
  struct State;
  std::unique_ptr<State> state;
};

/// Reads the GraphDef in `bytes`, in any form (GraphDefInput), into
/// `graph`. Fails after emitting an error at `loc`; bytes beyond protobuf's
/// 2 GB are refused before anything is parsed.
LogicalResult readGraphDef(StringRef bytes, tensorflow::GraphDef &graph,
                           Location loc,
                           const GraphDefInputOptions &options = {});

/// Whether `bytes` begin as MLIR's text of a module does, after white
/// space and `//` comments: `module`, a `tfg.` operation, or an operation
/// name in quotes (generic form). No GraphDef begins so: a text one begins
/// with a field name or a `#` comment, a binary one with a field's tag.
bool looksLikeMLIR(StringRef bytes);

/// Whether `bytes` parse strictly as a text GraphDef with some content.
bool isTextGraphDef(StringRef bytes);

/// Whether `bytes` parse as a binary GraphDef with nodes, each named and
/// with an op (which bytes of another kind seldom do).
bool isBinaryGraphDef(StringRef bytes);

/// Whether `bytes` are a SavedModel (binary or text) or a text
/// MetaGraphDef holding a meta graph with a GraphDef.
bool isSavedModelInput(StringRef bytes);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_GRAPHDEFINPUT_H
