//===- GraphDefImporter.h - The GraphDef importer ---------------*- C++ -*-===//
//
// Internal to TFGImportExport: the importer of a GraphDef's graph and
// library, shared by the files that implement it by concern:
// GraphDefImport.cpp (the module, the graph and the public entry points),
// NodeImport.cpp (one node: its inputs, attributes and operation) and
// FunctionDefImport.cpp (the library's functions). NameTable.h holds the
// node table inputs are resolved against, ImportThread.h the threads and
// memory of a large import.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_GRAPHDEFIMPORTER_H
#define TFG_LIB_IMPORTEXPORT_GRAPHDEFIMPORTER_H

#include "GraphDefSources.h"
#include "NameTable.h"
#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace detail {

/// A parsed NodeDef input: `node`, `node:k`, `node:out_arg:k` or `^node`.
struct InputRef {
  StringRef node;
  StringRef outArg; // set for `node:out_arg:k`
  unsigned index = 0;
  bool control = false;
  bool explicitIndex = false;
};

/// An input resolved to the position of its source: a node of the body or
/// an argument of the function. Operand k of a node is its k-th edge.
struct Edge {
  enum Kind : uint8_t { Data, Control, ArgData, ArgControl };
  uint32_t src = 0; // node position, or data argument number
  /// Output index (or index into the output argument), < kMaxNodeOutputs.
  uint32_t index : 24;
  Kind kind : 2;
  bool named : 1; // `node:out_arg:k`: the output argument is named
  Edge() : index(0), kind(Data), named(false) {}
  bool isArg() const { return kind == ArgData || kind == ArgControl; }
  bool isControl() const { return kind == Control || kind == ArgControl; }
};
static_assert(kMaxNodeOutputs <= (int64_t(1) << 24),
              "Edge::index holds any output index an input may use");
static_assert(sizeof(Edge) == 8, "one edge per input of a large graph");

/// A range of a body's nodes, whose inputs are resolved and whose
/// operations are built together (in parallel with the other chunks of a
/// large graph).
struct NodeChunk {
  size_t begin = 0, end = 0;
  /// The nodes' edges: the range's k-th node has edges
  /// [firstEdge[k], firstEdge[k + 1]). Freed once the nodes are built.
  std::vector<Edge> edges;
  std::vector<uint32_t> firstEdge;
  /// The edges that the build leaves to the wiring after it (the operands
  /// that hold the chunk's placeholder), in node and operand order.
  std::vector<Edge> deferred;
  /// How many of the nodes have their operation (from `begin` on).
  size_t numBuilt = 0;
  /// Missing input nodes, each with the nodes that use it.
  std::map<std::string, std::vector<std::string>> missing;
  bool named = false; // some edge names an output argument

  /// The edges of node i (of this chunk).
  ArrayRef<Edge> edgesOf(size_t i) const {
    size_t k = i - begin;
    return ArrayRef<Edge>(edges).slice(firstEdge[k],
                                       firstEdge[k + 1] - firstEdge[k]);
  }
};

/// Types of a library function's signature.
struct FunctionSignature {
  SmallVector<Type> argTypes, resultTypes;
  bool generic = false;
};

/// The library's function signatures, shared (read-only once declared) by
/// the importers of the functions, which run in parallel.
struct Library {
  llvm::StringMap<FunctionSignature> functions;
  /// The library's functions as ops (their signatures as OpDefs).
  OpRegistry ops;
  /// Ops neither registered nor in the library, by name: how many nodes
  /// have them, and the least of their names. Recorded by the importers of
  /// the graph and of the functions (in parallel), remarked on once per op
  /// at the end.
  struct UnknownOp {
    uint64_t nodes = 0;
    std::string firstNode;
  };
  std::mutex unknownMutex;
  std::map<std::string, UnknownOp, std::less<>> unknownOps;

  void recordUnknownOp(StringRef op, StringRef node) {
    std::lock_guard<std::mutex> lock(unknownMutex);
    auto it = unknownOps.find(op);
    if (it == unknownOps.end())
      it = unknownOps.emplace(op.str(), UnknownOp()).first;
    if (it->second.nodes++ == 0 || node < it->second.firstNode)
      it->second.firstNode = node.str();
  }
};

/// Per-thread lookups of the node builder: `tfg.<op>` names and strings
/// that recur across nodes (attribute names, devices).
struct NodeOpCache {
  llvm::StringMap<OperationName> opNames;
  llvm::StringMap<StringAttr> strings;

  OperationName getOpName(MLIRContext *ctx, StringRef op) {
    auto it = opNames.find(op);
    if (it != opNames.end())
      return it->second;
    OperationName name(("tfg." + op).str(), ctx);
    opNames.try_emplace(op, name);
    return name;
  }
  StringAttr getString(MLIRContext *ctx, StringRef str) {
    StringAttr &attr = strings[str];
    if (!attr)
      attr = StringAttr::get(ctx, str);
    return attr;
  }
};

/// Imports a GraphDef, or (as a worker sharing another importer's library)
/// one function of its library.
class Importer {
public:
  Importer(MLIRContext *ctx, Location fileLoc, ImportOptions options)
      : Importer(ctx, fileLoc, nullptr) {
    this->options = options;
  }
  /// An importer using another importer's library (for function workers).
  Importer(MLIRContext *ctx, Location fileLoc, Library *shared)
      : ctx(ctx), builder(ctx), fileLoc(fileLoc), scopeLoc(fileLoc),
        lib(shared ? *shared : ownedLibrary), isWorker(shared) {
    dialect = ctx->getOrLoadDialect<TFGraphDialect>();
  }

  /// Imports the graph of `nodes` and the library of `functions` with the
  /// rest of `graph` (whose own nodes and functions are not read).
  OwningOpRef<ModuleOp> run(const tensorflow::GraphDef &graph,
                            const NodeSource &nodes,
                            const FunctionSource &functions);

private:
  /// Where a diagnostic about node `name` goes: the node's name in its
  /// scope (see scopeLoc).
  Location nodeLoc(StringRef name) {
    return NameLoc::get(builder.getStringAttr(name), scopeLoc);
  }
  /// A node's location with its experimental_debug_info: the node's own
  /// name fused with the names it was made from (`node@function` when the
  /// function is known), as TensorFlow's importer reports them. The
  /// `tfg.debug_info` attribute keeps the message itself for export.
  Location
  debugInfoLoc(Location loc,
               const tensorflow::NodeDef::ExperimentalDebugInfo &info) {
    if (info.original_node_names().empty())
      return loc;
    SmallVector<Location> locs = {loc};
    for (int i = 0; i < info.original_node_names_size(); ++i) {
      std::string name = info.original_node_names(i);
      if (i < info.original_func_names_size() &&
          !info.original_func_names(i).empty())
        name += "@" + info.original_func_names(i);
      locs.push_back(NameLoc::get(builder.getStringAttr(name), fileLoc));
    }
    return FusedLoc::get(ctx, locs);
  }
  /// Parses an input of the node `nodeName`.
  LogicalResult parseInput(StringRef nodeName, StringRef input, InputRef &ref);
  /// Adds the OpDef defaults the node leaves out, and their list.
  void addDefaultAttributes(const tensorflow::NodeDef &node,
                            NamedAttrList &attrs, Location loc);
  /// `loc` is where errors go (the file; the messages name the node).
  FailureOr<NodeSignature> inferSignature(const tensorflow::NodeDef &node,
                                          NamedAttrList &attrs,
                                          int64_t maxIndexUsed, Location loc);
  LogicalResult declareFunction(const tensorflow::OpDef &sig);
  /// Builds the function at the builder's insertion point (detached when the
  /// builder has none). `created` is set as soon as the op exists, so that a
  /// caller can erase it after a failure.
  LogicalResult importFunction(const tensorflow::FunctionDef &func,
                               Operation *&created);
  /// Imports every function, in parallel, and appends them to `module` in
  /// library order.
  LogicalResult importFunctions(const FunctionSource &functions,
                                ModuleOp module);
  /// Imports `nodes` at the builder's insertion point. `args` maps argument
  /// names to data block arguments (functions only). Fills `table`; in a
  /// function body, the table keeps what resolving its returns needs.
  LogicalResult importNodes(const NodeSource &nodes,
                            const llvm::StringMap<BlockArgument> &args,
                            NodeTable &table, bool functionBody);
  /// The source of an input in `table` (an argument when the input is a
  /// bare name in `args`); failure, without a diagnostic, when it names
  /// neither a node nor an argument.
  FailureOr<Edge> lookupInput(const InputRef &ref,
                              const llvm::StringMap<BlockArgument> &args,
                              const NodeTable &table);
  /// The value of an edge (`outArg` names its output argument when the edge
  /// is named); `where` names the user in diagnostics.
  FailureOr<Value> resolveEdge(function_ref<StringRef()> where,
                               const Edge &edge, StringRef outArg,
                               const NodeTable &table);
  /// Resolves an input string to a value, inside a function or graph.
  FailureOr<Value> resolve(StringRef where, const InputRef &ref,
                           const llvm::StringMap<BlockArgument> &args,
                           const NodeTable &table);
  /// Resolves the inputs of `chunk` into its edges, and raises each node's
  /// maxOutputUsed (the highest output a data input uses, -1 for none) to
  /// what they use. Safe to run on distinct chunks in parallel.
  LogicalResult
  resolveInputs(const NodeSource &nodes,
                const llvm::StringMap<BlockArgument> &args,
                const NodeTable &table, NodeChunk &chunk,
                MutableArrayRef<std::atomic<int32_t>> maxOutputUsed);
  /// Builds the detached operation of a node with `operands`, named
  /// `nameAttr` (made from the NodeDef when null); safe to call from
  /// several threads at once (each with its own cache).
  FailureOr<Operation *> buildNodeOp(const tensorflow::NodeDef &node,
                                     StringAttr nameAttr, int64_t maxIndexUsed,
                                     ArrayRef<Value> operands,
                                     NodeOpCache &cache,
                                     NodeSignature *keepSignature);
  /// The output argument named by `input` (`node:out_arg:k`) of
  /// `nodeName`, an input already parsed once.
  StringRef getOutArg(StringRef nodeName, StringRef input);

  MLIRContext *ctx;
  OpBuilder builder;
  Location fileLoc;
  /// Where diagnostics about the graph or function being imported, and
  /// (inside nodeLoc) its nodes, go: the file for the graph, the function's
  /// name around it for a function, so that a node is told apart from a
  /// node of the same name elsewhere (see findTextGraphPositions).
  Location scopeLoc;
  TFGraphDialect *dialect;
  Library ownedLibrary;
  Library &lib;
  ImportOptions options;
  /// In a generic function: `get_result` ops created so far, by input string.
  llvm::StringMap<Value> namedResults;
  bool inGenericFunction = false;
  /// Set in the importers of library functions, which run in parallel.
  bool isWorker = false;
  /// Set in those when the function's message may be consumed: its nodes
  /// are then freed as they are built (see MessageNodes).
  bool consumeNodes = false;
};

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_GRAPHDEFIMPORTER_H
