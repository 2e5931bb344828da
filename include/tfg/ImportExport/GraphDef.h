//===- GraphDef.h - GraphDef <-> tfg ----------------------------*- C++ -*-===//
//
// Import of a GraphDef (nodes and function library) into a module holding
// one tfg.graph and its tfg.func ops, and export back.
// Errors are MLIR diagnostics naming the node; nothing aborts.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_GRAPHDEF_H
#define TFG_IMPORTEXPORT_GRAPHDEF_H

#include "tfg/IR/OpSignature.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace tensorflow {
class GraphDef;
} // namespace tensorflow

namespace mlir {
namespace tfg {

/// The name of the tfg.graph attribute holding the library's
/// `registered_gradients`, in order: an array of dictionaries
/// `{gradient_func = @f, registered_op_type = "Op"}`.
constexpr llvm::StringLiteral kRegisteredGradientsAttr =
    "tfg.registered_gradients";

/// Module attributes naming the tensors a model is fed and fetched
/// (`node:output`, as TensorFlow writes them), each an array of strings,
/// sorted: set by importers whose format names them (a TF.js model.json's
/// signature), read by passes that need feeds and fetches when none are
/// given. GraphDef export does not write them (a GraphDef has no place for
/// them).
constexpr llvm::StringLiteral kFeedsAttrName = "tfg.feeds";
constexpr llvm::StringLiteral kFetchesAttrName = "tfg.fetches";

/// What the importer does with inputs that name nodes the graph lacks.
enum class MissingInputs {
  /// Refuse the graph, listing them.
  Error,
  /// Import each as a Placeholder of the type its users read (a NoOp when
  /// only control inputs name it), with a warning.
  Placeholder,
};

struct ImportOptions {
  /// Add every OpDef default attribute a node leaves out (as TensorFlow's
  /// importer does), listing them in `tfg.defaulted_attrs` so that export
  /// reproduces the input.
  bool addDefaultAttributes = false;
  /// Verify the module before returning it. Callers that verify what they
  /// get anyway (MLIR's translation registrations do) may skip it: it is a
  /// quarter of the import time of a large graph.
  bool verify = true;
  /// Inputs of the graph (not of library functions) naming nodes it does
  /// not hold.
  MissingInputs missingInputs = MissingInputs::Error;
};

/// Imports `graph` into a new module. Returns null after emitting errors.
/// Nodes are located at `fileLoc` (the input file, when known), or at their
/// `experimental_debug_info`; diagnostics name the node in their message.
/// The function library becomes tfg.func ops.
OwningOpRef<ModuleOp> importGraphDef(MLIRContext *context,
                                     const tensorflow::GraphDef &graph,
                                     Location fileLoc,
                                     const ImportOptions &options = {});

/// The same import of a GraphDef the caller gives up: each node's
/// attributes (constants included), device and debug information are freed
/// as soon as its operation is built, so the message and the module are not
/// both whole at the peak. `graph` is left valid but unspecified.
OwningOpRef<ModuleOp> importGraphDef(MLIRContext *context,
                                     tensorflow::GraphDef &&graph,
                                     Location fileLoc,
                                     const ImportOptions &options = {});

/// The error importBinaryGraphDef gives bytes that are not a binary
/// GraphDef: its message, and where (by default, at the file). A text
/// GraphDef's syntax error, say, is located at its line and column.
struct NotGraphDefError {
  NotGraphDefError(const char *message = "input is not a binary GraphDef")
      : message(message) {}
  NotGraphDefError(llvm::StringRef message) : message(message.str()) {}
  NotGraphDefError(std::string message,
                   std::optional<Location> loc = std::nullopt)
      : message(std::move(message)), loc(loc) {}
  std::string message;
  std::optional<Location> loc;
};

/// Imports a binary GraphDef (protobuf wire format) read in place, without
/// the parsed message ever existing whole: node names and inputs are read
/// off the buffer, and each NodeDef is parsed only to build its operation.
/// The module and the diagnostics are those of parsing `bytes` and calling
/// importGraphDef, except that a node that does not parse is reported by
/// name. Bytes that are not a binary GraphDef get `notGraphDefError` (at
/// `fileLoc` unless it says where). Returns null after emitting errors.
OwningOpRef<ModuleOp>
importBinaryGraphDef(MLIRContext *context, llvm::StringRef bytes,
                     Location fileLoc, const ImportOptions &options = {},
                     const NotGraphDefError &notGraphDefError = {});

/// The same import of the binary GraphDef in `buffer`. When the buffer maps
/// a file (MemoryBuffer::getFile and the like, which map large files
/// read-only), the pages of the mapping whose nodes and functions are built
/// are given back to the system as the import goes: the input and the
/// module are then not both resident at the peak. Such pages stay readable
/// (a diagnostic that needs one reads it again from the file); the buffer
/// must not have been written in memory.
OwningOpRef<ModuleOp>
importBinaryGraphDef(MLIRContext *context, const llvm::MemoryBuffer &buffer,
                     Location fileLoc, const ImportOptions &options = {},
                     const NotGraphDefError &notGraphDefError = {});

struct ExportOptions {
  /// The GraphDef is to be written as JSON (protobuf's JSON form, a TF.js
  /// model.json): messages may nest only as deep as protobuf's JSON writer
  /// follows (kMaxJSONWriteDepth), not kMaxMessageDepth.
  bool forJSON = false;
  /// Nodes without a name (the IR allows them, as TensorFlow's tfg does)
  /// get one, unique in their graph or function: their op type, else that
  /// with `_1`, `_2`, ... When false, export refuses them with an error at
  /// the node.
  bool nameUnnamedNodes = true;
};

/// Exports the module's tfg.graph and functions into `graph`. Nothing is
/// converted unless all of it fits what protobuf reads back: messages
/// nested at most kMaxMessageDepth deep (or, for JSON, kMaxJSONWriteDepth),
/// less than 2 GB encoded; otherwise an error at the node (or function)
/// names it and its attribute.
LogicalResult exportGraphDef(ModuleOp module, tensorflow::GraphDef &graph,
                             const ExportOptions &options = {});

/// Imports and exports `graph`, and compares the result with the input
/// (node order and map order aside, tensors by value). On a difference,
/// writes it to `diff` and fails. `transform`, when given, rewrites the
/// imported module before the export (a lowering and its inverse).
LogicalResult checkGraphDefRoundTrip(
    MLIRContext *context, const tensorflow::GraphDef &graph, Location fileLoc,
    std::string &diff,
    llvm::function_ref<LogicalResult(ModuleOp)> transform = nullptr);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_GRAPHDEF_H
