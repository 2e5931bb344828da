//===- GraphDefImport.cpp - GraphDef -> tfg -------------------------------===//
//
// Nodes become generic tfg ops (or the registered control-flow ops) in one
// tfg.graph. Result types come from the op registry, resolved against the
// node's attributes, and are refined by `_output_shapes`. Ops unknown to the
// registry are imported too, with as many results as their users need.
// Operands are wired in a second pass, so any node order, forward reference
// and NextIteration cycle works. A binary GraphDef can be imported in place:
// names and inputs are read off the wire and each NodeDef is parsed only to
// build its operation, and each FunctionDef of the library only to import
// the function.
//
//===----------------------------------------------------------------------===//

#include "GraphDefSources.h"
#include "ImportWarnings.h"
#include "MissingInputs.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Verifier.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/OpSignature.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <optional>

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if LLVM_ENABLE_THREADS && (defined(__unix__) || defined(__APPLE__))
#include <pthread.h>
#define TFG_HAVE_PTHREAD 1
#else
#define TFG_HAVE_PTHREAD 0
#endif

using namespace mlir;
using namespace mlir::tfg;
using tfg::detail::AppendedNodes;
using tfg::detail::FunctionSource;
using tfg::detail::kListedItems;
using tfg::detail::listFirstItems;
using tfg::detail::makeMissingInputStandIns;
using tfg::detail::MessageFunctions;
using tfg::detail::MessageNodes;
using tfg::detail::NodeSource;
using tfg::detail::WireFunctions;
using tfg::detail::WireNodes;

namespace {
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

/// `numNodes` nodes cut into `numChunks` chunks of consecutive nodes.
static std::vector<NodeChunk> makeChunks(size_t numNodes, size_t numChunks) {
  size_t chunkSize =
      std::max<size_t>(1, (numNodes + numChunks - 1) / numChunks);
  std::vector<NodeChunk> chunks(numChunks);
  for (size_t c = 0; c < numChunks; ++c) {
    chunks[c].begin = std::min(numNodes, c * chunkSize);
    chunks[c].end = std::min(numNodes, chunks[c].begin + chunkSize);
  }
  return chunks;
}

using NodeSignature = OutputArgs;

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

/// Node positions by name: open addressing over 16-byte slots, each a
/// name (pointer and length, into the node source) and the node's position
/// + 1 (0: empty), at most two thirds full (24 bytes per node). A
/// probe compares lengths before bytes.
class NameIndex {
public:
  /// Empties the index and sizes it for `n` names.
  void reset(size_t n) {
    slots.assign(std::max<size_t>(16, n + n / 2 + 1), Slot());
  }
  /// Adds node `pos` under `name`, unless the name is taken: then returns
  /// the position of the node that has it.
  std::optional<unsigned> insert(StringRef name, unsigned pos) {
    Slot &slot = slots[probe(name)];
    if (slot.pos != 0)
      return slot.pos - 1;
    slot = {name.data(), static_cast<uint32_t>(name.size()), pos + 1};
    return std::nullopt;
  }
  /// The position of the node named `name`.
  std::optional<unsigned> find(StringRef name) const {
    if (slots.empty())
      return std::nullopt;
    const Slot &slot = slots[probe(name)];
    if (slot.pos == 0)
      return std::nullopt;
    return slot.pos - 1;
  }
  void release() { std::vector<Slot>().swap(slots); }

private:
  struct Slot {
    const char *data = nullptr;
    uint32_t size = 0;
    uint32_t pos = 0;
  };
  /// The slot holding `name`, or the empty slot where it would go.
  size_t probe(StringRef name) const {
    size_t size = slots.size();
    for (size_t i = scale(llvm::xxh3_64bits(name), size);;
         i = i + 1 == size ? 0 : i + 1) {
      const Slot &slot = slots[i];
      if (slot.pos == 0 ||
          (slot.size == name.size() &&
           std::memcmp(slot.data, name.data(), slot.size) == 0))
        return i;
    }
  }

  /// `hash` scaled to [0, size): the high half of hash * size where the
  /// compiler has 128-bit integers, so that any size spreads the hashes.
  static size_t scale(uint64_t hash, size_t size) {
#ifdef __SIZEOF_INT128__
    return static_cast<size_t>((static_cast<unsigned __int128>(hash) * size) >>
                               64);
#else
    return static_cast<size_t>(hash % size);
#endif
  }

  std::vector<Slot> slots;
};

/// A node's operation once it is built. Before that, a large graph's node
/// holds its name, made ahead of the build (StringAttr's opaque pointer):
/// the name is read once, when the operation is built in its place.
union NodeSlot {
  Operation *op;
  const void *name;
};

/// The nodes of one graph or function body, by name.
struct NodeTable {
  /// The names of `nodes`. Kept for function bodies only (their returns
  /// name nodes); a graph's is freed once its inputs are resolved.
  NameIndex index;
  /// Node i's operation (or name) is `slots[i]`.
  std::vector<NodeSlot> slots;
  const NodeSource *nodes = nullptr;
  /// The block of the function arguments (functions only).
  Block *argBlock = nullptr;
  /// Output arguments per node; kept for function bodies only (graph inputs
  /// address outputs by number).
  std::vector<NodeSignature> signatures;
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

/// Work that runs on a thread of its own, started for it and ended with it,
/// or, when no thread can be started, on the calling thread at join().
///
/// The import makes a large graph's node names this way: MLIR's uniquer
/// keeps, per thread, a cache of every attribute the thread has asked for,
/// freed only when the thread ends. On a thread of the context's pool (or
/// the caller's) the cache of 100k new names (4 MB) would outlive the import
/// with that thread; here each thread makes a batch of them, and their
/// caches (0.5 MB a batch) go one after the other.
class OwnThread {
public:
  explicit OwnThread(std::function<void()> work) : work(std::move(work)) {
#if TFG_HAVE_PTHREAD
    started = pthread_create(&thread, nullptr, &OwnThread::run, this) == 0;
#endif
  }
  OwnThread(const OwnThread &) = delete;
  OwnThread &operator=(const OwnThread &) = delete;
  ~OwnThread() { join(); }

  void join() {
    if (joined)
      return;
    joined = true;
#if TFG_HAVE_PTHREAD
    if (started) {
      pthread_join(thread, nullptr);
      return;
    }
#endif
    work();
  }

private:
#if TFG_HAVE_PTHREAD
  static void *run(void *self) {
    static_cast<OwnThread *>(self)->work();
    return nullptr;
  }
  pthread_t thread;
#endif
  std::function<void()> work;
  bool started = false;
  bool joined = false;
};

/// Gives the pages of freed heap memory back to the system. The import calls
/// it between resolving a large graph's inputs and building its operations:
/// the tables freed by then lie in pieces that the operations (other sizes,
/// allocated on other threads) do not reuse, and would count toward the
/// import's peak.
static void releaseFreedHeapPages() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

/// Graphs with at least twice this many nodes build their operations in
/// parallel chunks.
constexpr size_t kMinNodesPerChunk = 4096;
/// Libraries encoded in fewer bytes than this import their functions on one
/// thread: below it, starting the context's threads (and their caches of
/// MLIR's uniquer, which live as long as the context) costs more time and
/// memory than the import itself takes (measured in docs/Performance.md).
constexpr size_t kMinParallelLibraryBytes = 32 * 1024;
/// How many node names a thread of its own makes (see OwnThread).
constexpr size_t kNamesPerThread = 16384;
/// How many built nodes NodeSource::built is told of at a time.
constexpr size_t kNodesPerBuiltBatch = 1024;

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
} // namespace

LogicalResult Importer::parseInput(StringRef nodeName, StringRef input,
                                   InputRef &ref) {
  // Locations are built only for errors: this runs once per edge.
  auto malformed = [&]() {
    return emitError(nodeLoc(nodeName))
           << "node '" << nodeName << "' has a malformed input '" << input
           << "'";
  };
  if (input.consume_front("^")) {
    ref.control = true;
    ref.node = input;
    if (input.empty() || input.contains(':'))
      return malformed();
    return success();
  }
  SmallVector<StringRef, 3> parts;
  input.split(parts, ':');
  ref.node = parts[0];
  if (ref.node.empty() || parts.size() > 3)
    return malformed();
  if (parts.size() == 1)
    return success();
  if (parts.size() == 3) {
    ref.outArg = parts[1];
    if (ref.outArg.empty())
      return malformed();
  }
  ref.explicitIndex = true;
  if (!llvm::to_integer(parts.back(), ref.index, 10))
    return malformed();
  if (ref.index >= kMaxNodeOutputs)
    return emitError(nodeLoc(nodeName))
           << "node '" << nodeName << "' uses output " << ref.index << " in '"
           << input << "', more than any op has";
  return success();
}

void Importer::addDefaultAttributes(const tensorflow::NodeDef &node,
                                    NamedAttrList &attrs, Location loc) {
  const OpDef *def = lib.ops.lookup(node.op());
  if (!def)
    def = dialect->getOpRegistry().lookup(node.op());
  if (!def)
    return;
  SmallVector<Attribute> added;
  for (const OpDefAttr &attr : def->attrs()) {
    if (attrs.get(attr.name))
      continue;
    if (Attribute value = getOpDefDefaultAttr(attr, loc)) {
      attrs.append(attr.name, value);
      added.push_back(builder.getStringAttr(attr.name));
    }
  }
  if (!added.empty())
    attrs.append(kDefaultedAttrsAttrName, builder.getArrayAttr(added));
}

FailureOr<NodeSignature>
Importer::inferSignature(const tensorflow::NodeDef &node, NamedAttrList &attrs,
                         int64_t maxIndexUsed, Location loc) {
  NodeSignature sig;
  // In generic functions a node has one opaque result, as TensorFlow's
  // importer gives it: its outputs are reached by name through get_result.
  if (inGenericFunction) {
    sig.types.push_back(tf_type::OpaqueTensorType::get(ctx));
    return sig;
  }
  const OpDef *def = lib.ops.lookup(node.op());
  if (!def)
    def = dialect->getOpRegistry().lookup(node.op());
  if (def) {
    FailureOr<OutputArgs> outs = inferOutputArgs(
        *def, node.name(), [&](StringRef name) { return attrs.get(name); },
        loc);
    if (failed(outs))
      return failure();
    sig.types = std::move(outs->types);
    sig.args = std::move(outs->args);
  }
  // Shapes recorded by TensorFlow refine the types (and, for unknown ops,
  // say how many results there are).
  auto shapes =
      llvm::dyn_cast_if_present<ArrayAttr>(attrs.get("_output_shapes"));
  if (!def) {
    int64_t n = std::max<int64_t>(
        maxIndexUsed + 1, shapes ? static_cast<int64_t>(shapes.size()) : 0);
    sig.types.assign(n, tf_type::OpaqueTensorType::get(ctx));
    lib.recordUnknownOp(node.op(), node.name());
  }
  if (shapes && shapes.size() == sig.types.size()) {
    for (auto [i, s] : llvm::enumerate(shapes)) {
      auto shape = llvm::dyn_cast<tf_type::ShapeAttr>(s);
      auto tensor = llvm::dyn_cast<UnrankedTensorType>(sig.types[i]);
      if (shape && tensor && shape.hasRank())
        sig.types[i] =
            RankedTensorType::get(shape.getShape(), tensor.getElementType());
    }
  }
  return sig;
}

FailureOr<Edge>
Importer::lookupInput(const InputRef &ref,
                      const llvm::StringMap<BlockArgument> &args,
                      const NodeTable &table) {
  Edge edge;
  edge.index = ref.index;
  if (!ref.explicitIndex && !args.empty()) {
    auto arg = args.find(ref.node);
    if (arg != args.end()) {
      edge.kind = ref.control ? Edge::ArgControl : Edge::ArgData;
      edge.src = arg->second.getArgNumber();
      return edge;
    }
  }
  std::optional<unsigned> src = table.index.find(ref.node);
  if (!src)
    return failure();
  edge.src = *src;
  edge.kind = ref.control ? Edge::Control : Edge::Data;
  edge.named = !ref.outArg.empty();
  return edge;
}

FailureOr<Value> Importer::resolveEdge(function_ref<StringRef()> where,
                                       const Edge &edge, StringRef outArg,
                                       const NodeTable &table) {
  if (edge.isArg()) {
    BlockArgument arg = table.argBlock->getArgument(edge.src);
    return edge.isControl() ? getControlTokenOf(arg) : Value(arg);
  }
  // Built only when needed (errors, get_result): this runs once per edge.
  auto loc = [&] { return nodeLoc(where()); };
  Operation *src = table.slots[edge.src].op;
  if (edge.isControl())
    return src->getResults().back();
  // Read only when needed: the source's name is a cache miss per edge.
  auto srcName = [&] { return table.nodes->name(edge.src); };
  if (inGenericFunction) {
    if (outArg.empty())
      return emitError(loc()) << "'" << where() << "' uses '" << srcName()
                              << "' without naming an output (expected "
                                 "node:out_arg:index)";
    std::string key =
        (srcName() + ":" + outArg + ":" + Twine(edge.index)).str();
    Value &cached = namedResults[key];
    if (!cached)
      cached = GetResultOp::create(builder, loc(),
                                   tf_type::OpaqueTensorType::get(ctx),
                                   src->getResult(0), outArg, edge.index);
    return cached;
  }
  unsigned index = edge.index;
  if (!outArg.empty()) {
    const NodeSignature &sig = table.signatures[edge.src];
    auto arg = llvm::find_if(
        sig.args, [&](const auto &a) { return std::get<0>(a) == outArg; });
    if (arg == sig.args.end())
      return emitError(loc())
             << "'" << where() << "' uses output '" << outArg << "' of '"
             << srcName() << "', which has no such output";
    if (edge.index >= std::get<2>(*arg))
      return emitError(loc()) << "'" << where() << "' uses output '" << outArg
                              << ":" << edge.index << "' of '" << srcName()
                              << "', which has " << std::get<2>(*arg);
    index = std::get<1>(*arg) + edge.index;
  }
  if (index + 1 >= src->getNumResults())
    return emitError(loc())
           << "node '" << srcName() << "' has " << src->getNumResults() - 1
           << " output(s), but '" << where() << "' uses output " << index;
  return src->getResult(index);
}

FailureOr<Value> Importer::resolve(StringRef where, const InputRef &ref,
                                   const llvm::StringMap<BlockArgument> &args,
                                   const NodeTable &table) {
  FailureOr<Edge> edge = lookupInput(ref, args, table);
  if (failed(edge))
    return emitError(nodeLoc(where)) << "'" << where << "' uses '" << ref.node
                                     << "', which is not a node or argument";
  return resolveEdge([&] { return where; }, *edge, ref.outArg, table);
}

LogicalResult
Importer::resolveInputs(const NodeSource &nodes,
                        const llvm::StringMap<BlockArgument> &args,
                        const NodeTable &table, NodeChunk &chunk,
                        MutableArrayRef<std::atomic<int32_t>> maxOutputUsed) {
  size_t begin = chunk.begin, end = chunk.end;
  // Sized once: the edges stay where resolution puts them until the nodes
  // are wired.
  size_t numInputs = 0;
  for (size_t i = begin; i < end; ++i)
    numInputs += nodes.numInputs(i);
  chunk.edges.reserve(numInputs);
  chunk.firstEdge.reserve(end - begin + 1);
  SmallVector<StringRef, 8> inputs;
  for (size_t i = begin; i < end; ++i) {
    StringRef name = nodes.name(i);
    bool seenControl = false;
    chunk.firstEdge.push_back(chunk.edges.size());
    nodes.inputs(i, inputs);
    for (StringRef input : inputs) {
      InputRef ref;
      if (failed(parseInput(name, input, ref)))
        return failure();
      if (ref.control) {
        seenControl = true;
      } else if (seenControl) {
        return emitError(nodeLoc(name))
               << "node '" << name
               << "' has a data input after a control input";
      }
      FailureOr<Edge> edge = lookupInput(ref, args, table);
      if (failed(edge)) {
        std::vector<std::string> &users = chunk.missing[ref.node.str()];
        if (users.empty() || users.back() != name)
          users.push_back(name.str());
        continue;
      }
      if (edge->kind == Edge::Data && !edge->named && !inGenericFunction) {
        std::atomic<int32_t> &max = maxOutputUsed[edge->src];
        int32_t seen = max.load(std::memory_order_relaxed);
        auto index = static_cast<int32_t>(edge->index);
        while (seen < index && !max.compare_exchange_weak(
                                   seen, index, std::memory_order_relaxed))
          ;
      }
      chunk.named |= edge->named;
      chunk.edges.push_back(*edge);
    }
  }
  chunk.firstEdge.push_back(chunk.edges.size());
  return success();
}

LogicalResult Importer::importNodes(const NodeSource &nodes,
                                    const llvm::StringMap<BlockArgument> &args,
                                    NodeTable &table, bool functionBody) {
  size_t numNodes = nodes.size();
  // A large graph's inputs are resolved in parallel chunks, and its nodes
  // built in the same chunks.
  bool parallel = !isWorker && ctx->isMultithreadingEnabled() &&
                  numNodes >= kMinNodesPerChunk * 2;
  std::vector<NodeChunk> chunks = makeChunks(
      numNodes, parallel ? std::min<size_t>(numNodes / kMinNodesPerChunk,
                                            4 * ctx->getNumThreads())
                         : 1);
  size_t numChunks = chunks.size();
  // A large graph's node names are made while the names are indexed and the
  // inputs resolved: new uniqued strings, one per node, whose making does
  // not scale with threads (MLIR's uniquer write-locks a shard per insert),
  // against indexing and resolution, which do not touch the uniquer.
  // Threads of their own make them all, one after the other (see
  // OwnThread), each name into its node's slot; the build then only reads
  // attributes that exist.
  std::vector<NodeSlot> &slots = table.slots;
  slots.assign(numNodes, NodeSlot{nullptr});
  std::optional<OwnThread> namesThread;
  if (parallel)
    namesThread.emplace([&] {
      // One thread after the other, each for a batch of names: the
      // uniquer's cache of a thread's names is a batch's (see OwnThread).
      for (size_t b = 0; b < numNodes; b += kNamesPerThread) {
        size_t e = std::min(numNodes, b + kNamesPerThread);
        OwnThread batch([&, b, e] {
          for (size_t i = b; i < e; ++i)
            slots[i].name =
                StringAttr::get(ctx, nodes.name(i)).getAsOpaquePointer();
        });
      }
    });

  table.nodes = &nodes;
  NameIndex &index = table.index;
  index.reset(numNodes);
  bool ok = true;
  for (size_t i = 0; i < numNodes; ++i) {
    StringRef name = nodes.name(i);
    if (name.empty()) {
      emitError(scopeLoc) << "node #" << i << " has an empty name";
      ok = false;
    } else if (!isValidNodeName(name)) {
      // TensorFlow's rule: an input `a:1` could not name this node.
      emitError(nodeLoc(name))
          << "node name '" << name << "' is not a valid TensorFlow node name";
      ok = false;
    } else if (index.insert(name, i)) {
      emitError(nodeLoc(name)) << "duplicate node name '" << name << "'";
      ok = false;
    }
    if (nodes.op(i).empty()) {
      emitError(nodeLoc(name)) << "node '" << name << "' has an empty op";
      ok = false;
    }
    if (!args.empty() && args.count(name)) {
      emitError(nodeLoc(name))
          << "node '" << name << "' has the name of a function argument";
      ok = false;
    }
  }
  if (!ok)
    return failure();

  // The inputs, resolved to edges once. Task 0 of a large graph waits for
  // the names, so that resolution leaves their thread a core (on two cores,
  // one thread resolves while the other makes names).
  if (!args.empty())
    table.argBlock = args.begin()->second.getOwner();
  std::vector<std::atomic<int32_t>> maxOutputUsed(numNodes);
  for (std::atomic<int32_t> &m : maxOutputUsed)
    m.store(-1, std::memory_order_relaxed);
  size_t firstChunkTask = parallel ? 1 : 0;
  auto resolveChunk = [&](size_t task) {
    if (task < firstChunkTask) {
      namesThread->join();
      return success();
    }
    return resolveInputs(nodes, args, table, chunks[task - firstChunkTask],
                         maxOutputUsed);
  };
  // One chunk runs on this thread; several run in parallel, their
  // diagnostics ordered by chunk.
  LogicalResult resolved = failableParallelForEachN(
      ctx, 0, firstChunkTask + numChunks, resolveChunk);
  if (namesThread)
    namesThread->join();
  if (failed(resolved))
    return failure();
  if (!functionBody)
    index.release();
  bool keepSignatures = functionBody;
  std::map<std::string, std::vector<std::string>> missing;
  for (NodeChunk &chunk : chunks) {
    // Named outputs (`n:out:k`) need the output arguments.
    keepSignatures |= chunk.named;
    for (auto &[name, users] : chunk.missing) {
      std::vector<std::string> &all = missing[name];
      all.insert(all.end(), users.begin(), users.end());
    }
    chunk.missing.clear();
  }
  if (!keepSignatures)
    nodes.inputsResolved();
  if (!missing.empty()) {
    InFlightDiagnostic diag = emitError(scopeLoc)
                              << missing.size()
                              << " node(s) used as inputs are not in the "
                              << (functionBody ? "function" : "graph") << ": ";
    for (auto &entry : missing)
      llvm::sort(entry.second);
    listFirstItems(diag, missing, missing.size(), kListedItems,
                   [&](const auto &entry) {
                     const std::vector<std::string> &users = entry.second;
                     diag << "'" << entry.first << "' (input of ";
                     listFirstItems(diag, users, users.size(), 3,
                                    [&](const std::string &u) {
                                      diag << "'" << u << "'";
                                    });
                     diag << ")";
                   });
    if (!functionBody)
      diag.attachNote() << "--missing-inputs=placeholder imports them as "
                           "Placeholders";
    return failure();
  }

  // Build every node's operation, detached; the chunks of a large graph are
  // built in parallel. An operand whose source is built earlier by the same
  // thread is set right away (only that thread touches the source's uses);
  // the others hold a placeholder until every node exists and are wired in
  // node order after the operations are inserted.
  if (keepSignatures)
    table.signatures.resize(numNodes);
  SmallVector<Operation *> placeholders(numChunks, nullptr);
  llvm::scope_exit dropPlaceholders([&] {
    for (Operation *placeholder : placeholders) {
      if (!placeholder)
        continue;
      placeholder->getResult(0).dropAllUses();
      placeholder->destroy();
    }
  });
  // Whether node i's edge is set when the node is built. In generic
  // functions every node input waits, so that the get_result ops follow
  // the nodes.
  auto setAtBuild = [&](const NodeChunk &chunk, size_t i, const Edge &edge) {
    if (inGenericFunction)
      return false;
    if (numChunks == 1)
      return edge.isArg() || edge.src < i;
    return !edge.isArg() && edge.src < i && edge.src >= chunk.begin;
  };

  // The value of node i's k-th input, from `edge`.
  auto resolveInput = [&](size_t i, unsigned k, const Edge &edge) {
    StringRef outArg;
    if (edge.named)
      outArg = getOutArg(nodes.name(i), nodes.input(i, k));
    return resolveEdge([&] { return nodes.name(i); }, edge, outArg, table);
  };
  auto buildChunk = [&](size_t c) -> LogicalResult {
    NodeChunk &chunk = chunks[c];
    NodeOpCache cache;
    tensorflow::NodeDef scratch;
    OperationState state(fileLoc, "tfg.__forward_reference");
    state.addTypes(tf_type::OpaqueTensorType::get(ctx));
    placeholders[c] = Operation::create(state);
    Value fill = placeholders[c]->getResult(0);
    size_t builtFrom = chunk.begin;
    size_t numDeferred = 0;
    for (size_t i = chunk.begin; i < chunk.end; ++i)
      for (const Edge &edge : chunk.edgesOf(i))
        numDeferred += !setAtBuild(chunk, i, edge);
    chunk.deferred.reserve(numDeferred);
    SmallVector<Value, 8> operands;
    for (size_t i = chunk.begin; i < chunk.end; ++i) {
      operands.clear();
      ArrayRef<Edge> edges = chunk.edgesOf(i);
      for (unsigned k = 0, e = edges.size(); k < e; ++k) {
        if (!setAtBuild(chunk, i, edges[k])) {
          operands.push_back(fill);
          chunk.deferred.push_back(edges[k]);
          continue;
        }
        FailureOr<Value> v = resolveInput(i, k, edges[k]);
        if (failed(v))
          return failure();
        operands.push_back(*v);
      }
      const tensorflow::NodeDef *node = nodes.get(i, scratch, fileLoc);
      if (!node)
        return failure();
      FailureOr<Operation *> op = buildNodeOp(
          *node,
          parallel ? StringAttr::getFromOpaquePointer(slots[i].name)
                   : StringAttr(),
          maxOutputUsed[i].load(std::memory_order_relaxed), operands, cache,
          keepSignatures ? &table.signatures[i] : nullptr);
      if (failed(op))
        return failure();
      slots[i].op = *op;
      ++chunk.numBuilt;
      // The source learns what it may free in batches (a batch of an
      // in-place input spans whole pages).
      if (i + 1 - builtFrom == kNodesPerBuiltBatch || i + 1 == chunk.end) {
        nodes.built(builtFrom, i + 1);
        builtFrom = i + 1;
      }
    }
    // Only the deferred edges are read from now on.
    std::vector<Edge>().swap(chunk.edges);
    std::vector<uint32_t>().swap(chunk.firstEdge);
    return success();
  };
  // The tables freed by now (the name index, the scan's) lie in pieces that
  // the operations do not reuse.
  if (parallel)
    releaseFreedHeapPages();
  LogicalResult built = failableParallelForEachN(ctx, 0, numChunks, buildChunk);
  for (const NodeChunk &chunk : chunks)
    for (size_t i = chunk.begin, e = i + chunk.numBuilt; i < e; ++i)
      builder.insert(slots[i].op);
  if (failed(built))
    return failure();
  // The operands that hold a chunk's placeholder take its deferred edges,
  // in order.
  for (size_t c = 0; c < numChunks; ++c) {
    const NodeChunk &chunk = chunks[c];
    Value fill = placeholders[c]->getResult(0);
    const Edge *next = chunk.deferred.data();
    for (size_t i = chunk.begin; i < chunk.end; ++i) {
      for (OpOperand &operand : slots[i].op->getOpOperands()) {
        if (operand.get() != fill)
          continue;
        FailureOr<Value> v =
            resolveInput(i, operand.getOperandNumber(), *next++);
        if (failed(v))
          return failure();
        operand.set(*v);
      }
    }
  }
  return success();
}

StringRef Importer::getOutArg(StringRef nodeName, StringRef input) {
  // The input parsed when its edge was made; it cannot fail now.
  InputRef ref;
  (void)parseInput(nodeName, input, ref);
  return ref.outArg;
}

FailureOr<Operation *>
Importer::buildNodeOp(const tensorflow::NodeDef &node, StringAttr nameAttr,
                      int64_t maxIndexUsed, ArrayRef<Value> operands,
                      NodeOpCache &cache, NodeSignature *keepSignature) {
  if (!nameAttr)
    nameAttr = builder.getStringAttr(node.name());
  Location loc = scopeLoc;
  NamedAttrList attrs;
  for (const auto &entry : node.attr()) {
    const std::string &key = entry.first;
    if (key.empty())
      return emitError(loc) << "node '" << node.name()
                            << "' has an attribute with an empty name";
    FailureOr<Attribute> attr = convertAttrValue(entry.second, ctx, [&] {
      return emitError(loc)
             << "node '" << node.name() << "': attribute '" << key << "': ";
    });
    if (failed(attr))
      return failure();
    if (hasUnknownFields(entry.second))
      emitWarning(loc) << "node '" << node.name() << "': attribute '" << key
                       << "' holds fields tfg does not know: they are dropped";
    attrs.append(cache.getString(ctx, key), *attr);
  }
  // The NodeDef's own unknown fields are kept whole (its debug information
  // is kept whole below; its full type is converted).
  if (hasOwnUnknownFields(node))
    attrs.append(kUnknownFieldsAttr,
                 builder.getStringAttr(encodeUnknownFields(node)));
  if (node.has_experimental_type() &&
      hasUnknownFields(node.experimental_type()))
    emitWarning(loc) << "node '" << node.name()
                     << "': experimental_type holds fields tfg does not "
                        "know: they are dropped";
  if (options.addDefaultAttributes && !inGenericFunction)
    addDefaultAttributes(node, attrs, loc);
  FailureOr<NodeSignature> sig = inferSignature(node, attrs, maxIndexUsed, loc);
  if (failed(sig))
    return failure();
  if (!inGenericFunction &&
      maxIndexUsed >= static_cast<int64_t>(sig->types.size()))
    return emitError(loc) << "node '" << node.name() << "' has "
                          << sig->types.size() << " output(s), but output "
                          << maxIndexUsed << " is used";
  if (!node.device().empty())
    attrs.append(dialect->getDeviceAttrIdentifier(),
                 cache.getString(ctx, node.device()));
  if (node.has_experimental_type())
    attrs.append(dialect->getFullTypeAttrIdentifier(),
                 convertFullType(node.experimental_type(), ctx));
  if (node.has_experimental_debug_info()) {
    std::string bytes;
    (void)serializeDeterministically(node.experimental_debug_info(), bytes);
    attrs.append("tfg.debug_info", builder.getStringAttr(bytes));
    loc = debugInfoLoc(NameLoc::get(nameAttr, fileLoc),
                       node.experimental_debug_info());
  }
  OperationState state(loc, cache.getOpName(ctx, node.op()));
  state.addOperands(operands);
  state.addAttributes(attrs);
  addNodeName(state, nameAttr);
  state.addTypes(sig->types);
  state.addTypes(dialect->getControlType());
  Operation *op = Operation::create(state);
  if (keepSignature)
    *keepSignature = std::move(*sig);
  return op;
}

LogicalResult Importer::declareFunction(const tensorflow::OpDef &sig) {
  Location loc = nodeLoc(sig.name());
  if (sig.name().empty())
    return emitError(fileLoc) << "function with an empty name";
  FunctionSignature fs;
  // A function is generic when an argument is typed through an attribute.
  auto isGeneric = [](const tensorflow::OpDef::ArgDef &arg) {
    return !arg.type_attr().empty() || !arg.number_attr().empty() ||
           !arg.type_list_attr().empty() ||
           arg.type() == tensorflow::DT_INVALID;
  };
  fs.generic = llvm::any_of(sig.input_arg(), isGeneric) ||
               llvm::any_of(sig.output_arg(), isGeneric);
  auto convertArg =
      [&](const tensorflow::OpDef::ArgDef &arg) -> FailureOr<Type> {
    if (arg.name().empty())
      return emitError(loc) << "function '" << sig.name()
                            << "' has an argument without a name";
    for (const auto &handle : arg.handle_data())
      if (handle.dtype() == tensorflow::DT_INVALID)
        return emitError(loc)
               << "argument '" << arg.name() << "' of function '" << sig.name()
               << "' has handle data without a "
                  "data type";
    if (fs.generic)
      return Type(tf_type::OpaqueTensorType::get(ctx));
    FailureOr<Type> t = convertDataType(arg.type(), ctx, [&] {
      return emitError(loc) << "function '" << sig.name() << "': argument '"
                            << arg.name() << "': ";
    });
    if (failed(t))
      return failure();
    Type elt = *t;
    if (arg.is_ref())
      if (Type ref = tf_type::getRefTypeFor(elt))
        elt = ref;
    return Type(UnrankedTensorType::get(elt));
  };
  // Inputs and outputs are each looked up by name (a body's inputs, `ret`).
  llvm::StringSet<> inputNames, outputNames;
  auto uniqueName = [&](const tensorflow::OpDef::ArgDef &arg,
                        llvm::StringSet<> &names,
                        StringRef what) -> LogicalResult {
    if (names.insert(arg.name()).second)
      return success();
    return emitError(loc) << "function '" << sig.name() << "' has two " << what
                          << " arguments named '" << arg.name() << "'";
  };
  for (const auto &arg : sig.input_arg()) {
    FailureOr<Type> t = convertArg(arg);
    if (failed(t) || failed(uniqueName(arg, inputNames, "input")))
      return failure();
    fs.argTypes.push_back(*t);
  }
  for (const auto &arg : sig.output_arg()) {
    FailureOr<Type> t = convertArg(arg);
    if (failed(t) || failed(uniqueName(arg, outputNames, "output")))
      return failure();
    fs.resultTypes.push_back(*t);
  }
  for (const auto &attr : sig.attr()) {
    if (attr.name().empty())
      return emitError(loc) << "function '" << sig.name()
                            << "' has an attribute with an empty name";
    // Defaults are added to the function's call nodes (getOpDefDefaultAttr):
    // a default that does not convert is reported here, once.
    if (attr.has_default_value() &&
        failed(convertAttrValue(attr.default_value(), ctx, [&] {
          return emitError(loc)
                 << "function '" << sig.name() << "': default of attribute '"
                 << attr.name() << "': ";
        })))
      return failure();
  }
  if (!lib.functions.try_emplace(sig.name(), std::move(fs)).second)
    return emitError(loc) << "duplicate function '" << sig.name() << "'";
  lib.ops.registerOp(convertOpDef(sig));
  return success();
}

LogicalResult Importer::importFunction(const tensorflow::FunctionDef &func,
                                       Operation *&created) {
  const tensorflow::OpDef &sig = func.signature();
  Location loc = nodeLoc(sig.name());
  scopeLoc = loc;
  const FunctionSignature &fs = lib.functions.find(sig.name())->second;
  auto type = builder.getFunctionType(fs.argTypes, fs.resultTypes);
  auto funcOp = GraphFuncOp::create(builder, loc, sig.name(), type, fs.generic);
  created = funcOp;
  inGenericFunction = fs.generic;
  namedResults.clear();
  StringAttr tfgName = dialect->getTfgNameAttrIdentifier();
  // Argument and result attributes: the names, then FunctionDef.arg_attr,
  // each of which must be an argument's (export could not write one back).
  // (The first such index, whatever the map's order.)
  std::optional<uint32_t> pastArgs;
  for (const auto &entry : func.arg_attr())
    if (entry.first >= static_cast<uint32_t>(sig.input_arg_size()) &&
        (!pastArgs || entry.first < *pastArgs))
      pastArgs = entry.first;
  if (pastArgs)
    return emitError(loc) << "function '" << sig.name()
                          << "' has arg_attr for argument #" << *pastArgs
                          << ", but " << sig.input_arg_size() << " argument(s)";
  SmallVector<Attribute> argAttrs, resAttrs;
  for (int i = 0, e = sig.input_arg_size(); i < e; ++i) {
    const tensorflow::OpDef::ArgDef &arg = sig.input_arg(i);
    NamedAttrList attrs;
    attrs.append(tfgName, builder.getStringAttr(arg.name()));
    auto extra = func.arg_attr().find(i);
    if (extra != func.arg_attr().end())
      for (const auto &entry : extra->second.attr()) {
        const std::string &key = entry.first;
        FailureOr<Attribute> a = convertAttrValue(entry.second, ctx, [&] {
          return emitError(loc)
                 << "function '" << sig.name() << "': attribute '" << key
                 << "' of argument '" << arg.name() << "': ";
        });
        if (failed(a))
          return failure();
        // Argument attributes must be dialect attributes: prefix "tf.".
        attrs.append("tf." + key, *a);
      }
    argAttrs.push_back(attrs.getDictionary(ctx));
  }
  for (const auto &arg : sig.output_arg())
    resAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr(tfgName, builder.getStringAttr(arg.name()))));
  funcOp.setArgAttrsAttr(builder.getArrayAttr(argAttrs));
  funcOp.setResAttrsAttr(builder.getArrayAttr(resAttrs));
  if (sig.is_stateful())
    funcOp.setIsStateful(true);
  if (!sig.description().empty())
    funcOp.setDescription(sig.description());
  // The rest of the signature (summaries, argument descriptions, ...) and
  // the function's own attributes are kept verbatim for export.
  {
    std::string bytes;
    (void)serializeDeterministically(sig, bytes);
    funcOp->setAttr("tfg.signature", builder.getStringAttr(bytes));
  }
  if (!func.attr().empty()) {
    NamedAttrList attrs;
    for (const auto &entry : func.attr()) {
      const std::string &key = entry.first;
      FailureOr<Attribute> a = convertAttrValue(entry.second, ctx, [&] {
        return emitError(loc) << "function '" << sig.name() << "': attribute '"
                              << key << "': ";
      });
      if (failed(a))
        return failure();
      attrs.append(key, *a);
    }
    funcOp->setAttr("tfg.func_attrs", attrs.getDictionary(ctx));
  }
  // The FunctionDef's own unknown fields are kept whole; below it, the
  // signature is kept whole and the nodes are imported as nodes.
  if (hasOwnUnknownFields(func))
    funcOp->setAttr(kUnknownFieldsAttr,
                    builder.getStringAttr(encodeUnknownFields(func)));
  if (hasNestedUnknownFields(func))
    emitWarning(loc) << "function '" << sig.name() << "': "
                     << findNestedUnknownFields(func, {"signature", "node_def"})
                     << " holds fields tfg does not know: they are dropped";
  if (!func.resource_arg_unique_id().empty()) {
    SmallVector<std::pair<int32_t, int32_t>> ids(
        func.resource_arg_unique_id().begin(),
        func.resource_arg_unique_id().end());
    llvm::sort(ids);
    SmallVector<int32_t> keys, values;
    for (auto [k, v] : ids) {
      keys.push_back(k);
      values.push_back(v);
    }
    funcOp.setResourceArgUniqueIdsKeys(keys);
    funcOp.setResourceArgUniqueIdsValues(values);
  }

  Block &body = funcOp.getBody().front();
  builder.setInsertionPointToEnd(&body);
  llvm::StringMap<BlockArgument> args;
  for (auto [i, arg] : llvm::enumerate(sig.input_arg()))
    args[arg.name()] = funcOp.getDataArgument(i);
  MessageNodes nodes(func.node_def(), consumeNodes);
  NodeTable table;
  if (failed(importNodes(nodes, args, table, /*functionBody=*/true))) {
    // The errors name the nodes; which function holds them follows.
    ctx->getDiagEngine().emit(loc, DiagnosticSeverity::Note)
        << "in function '" << sig.name() << "'";
    return failure();
  }

  // Results in output_arg order, then control results in control_output
  // order.
  SmallVector<Value> results, controls;
  SmallVector<Attribute> controlAttrs;
  for (const auto &arg : sig.output_arg()) {
    auto ret = func.ret().find(arg.name());
    if (ret == func.ret().end())
      return emitError(loc)
             << "function '" << sig.name() << "' does not return its output '"
             << arg.name() << "'";
    InputRef ref;
    if (failed(parseInput(sig.name(), ret->second, ref)) || ref.control)
      return emitError(loc)
             << "function '" << sig.name() << "' returns a malformed value '"
             << ret->second << "'";
    FailureOr<Value> v = resolve(sig.name(), ref, args, table);
    if (failed(v))
      return failure();
    results.push_back(*v);
  }
  if (func.ret_size() != sig.output_arg_size())
    return emitError(loc) << "function '" << sig.name() << "' has "
                          << func.ret_size() << " ret entries for "
                          << sig.output_arg_size() << " outputs";
  for (const std::string &name : sig.control_output()) {
    auto ret = func.control_ret().find(name);
    if (ret == func.control_ret().end())
      return emitError(loc)
             << "function '" << sig.name()
             << "' does not define its control output '" << name << "'";
    InputRef ref;
    ref.node = ret->second;
    ref.control = true;
    FailureOr<Value> v = resolve(sig.name(), ref, args, table);
    if (failed(v))
      return failure();
    controls.push_back(*v);
    controlAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr(tfgName, builder.getStringAttr(name))));
  }
  if (func.control_ret_size() != sig.control_output_size())
    return emitError(loc) << "function '" << sig.name()
                          << "' has control_ret entries that are not "
                             "control outputs";
  ReturnOp::create(builder, loc, results, controls, controlAttrs);
  inGenericFunction = false;
  return success();
}

LogicalResult Importer::importFunctions(const FunctionSource &functions,
                                        ModuleOp module) {
  size_t n = functions.size();
  std::vector<Operation *> funcs(n, nullptr);
  // A small library is imported on this thread (counting its size stops
  // at the bound).
  size_t libraryBytes = 0;
  for (size_t i = 0; i < n && libraryBytes < kMinParallelLibraryBytes; ++i)
    libraryBytes += functions.encodedSize(i);
  bool parallel = n > 1 && libraryBytes >= kMinParallelLibraryBytes;
  auto importOne = [&](size_t i) -> LogicalResult {
    Importer worker(ctx, fileLoc, &lib);
    worker.options = options;
    worker.consumeNodes = functions.consumable();
    tensorflow::FunctionDef scratch;
    const tensorflow::FunctionDef *func = functions.get(i, scratch, fileLoc);
    if (!func)
      return failure();
    LogicalResult imported = worker.importFunction(*func, funcs[i]);
    functions.imported(i);
    return imported;
  };
  // Diagnostics come in library order, whatever thread emits them.
  LogicalResult result = success();
  if (parallel) {
    result = failableParallelForEachN(ctx, 0, n, importOne);
  } else {
    // As failableParallelForEachN on one thread: up to the first error.
    for (size_t i = 0; i < n && succeeded(result); ++i)
      result = importOne(i);
  }
  // Functions are appended in library order (or all dropped on failure).
  for (Operation *func : funcs) {
    if (!func)
      continue;
    if (failed(result))
      func->erase();
    else
      module.getBody()->push_back(func);
  }
  return result;
}

OwningOpRef<ModuleOp> Importer::run(const tensorflow::GraphDef &graph,
                                    const NodeSource &nodes,
                                    const FunctionSource &functions) {
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(module->getBody());
  // One remark per unknown op, however many nodes have it (a model of 50
  // Prelu nodes used to get 50), in op order.
  llvm::scope_exit remarkUnknownOps([&] {
    for (const auto &[op, unknown] : lib.unknownOps)
      emitRemark(fileLoc) << "op '" << op
                          << "' is not registered: " << unknown.nodes
                          << (unknown.nodes > 1 ? " nodes ('" : " node ('")
                          << unknown.firstNode
                          << (unknown.nodes > 1 ? "', ...)" : "')")
                          << " imported with opaque results";
  });
  const tensorflow::FunctionDefLibrary &library = graph.library();
  for (size_t i = 0, e = functions.size(); i < e; ++i) {
    tensorflow::OpDef scratch;
    const tensorflow::OpDef *sig = functions.signature(i, scratch, fileLoc);
    if (!sig || failed(declareFunction(*sig)))
      return nullptr;
  }
  const tensorflow::VersionDef &v = graph.versions();
  auto version = tf_type::VersionAttr::get(
      ctx, v.producer(), v.min_consumer(),
      SmallVector<int32_t>(v.bad_consumers().begin(), v.bad_consumers().end()));
  auto graphOp = GraphOp::create(builder, fileLoc, version);
  // GraphDef.version is deprecated in TensorFlow's schema; old graphs still
  // carry it, and it comes back on export.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  if (graph.version() != 0)
    graphOp->setAttr("tfg.legacy_version",
                     builder.getI32IntegerAttr(graph.version()));
#pragma GCC diagnostic pop
  // FunctionDefLibrary.registered_gradients, in order: op types whose
  // gradient is a function (of the library, by TensorFlow's convention;
  // not checked, as TensorFlow does not).
  if (library.registered_gradients_size()) {
    SmallVector<Attribute> entries;
    for (const tensorflow::RegisteredGradient &grad :
         library.registered_gradients())
      entries.push_back(builder.getDictionaryAttr(
          {builder.getNamedAttr(
               "gradient_func",
               FlatSymbolRefAttr::get(ctx, grad.gradient_func())),
           builder.getNamedAttr(
               "registered_op_type",
               builder.getStringAttr(grad.registered_op_type()))}));
    graphOp->setAttr(kRegisteredGradientsAttr, builder.getArrayAttr(entries));
  }
  if (graph.has_debug_info()) {
    std::string bytes;
    (void)serializeDeterministically(graph.debug_info(), bytes);
    graphOp->setAttr("tfg.debug_info", builder.getStringAttr(bytes));
  }
  // The GraphDef's own unknown fields are kept whole; below it, its debug
  // information is kept whole and the nodes and functions are imported on
  // their own.
  if (hasOwnUnknownFields(graph))
    graphOp->setAttr(kUnknownFieldsAttr,
                     builder.getStringAttr(encodeUnknownFields(graph)));
  if (hasNestedUnknownFields(graph))
    emitWarning(fileLoc) << "GraphDef "
                         << findNestedUnknownFields(
                                graph, {"node", "debug_info", "library"})
                         << " holds fields tfg does not know: they are "
                            "dropped";
  if (graph.has_library()) {
    // The library's own (TensorFlow added registered_gradients there) are
    // kept too, on the graph.
    if (hasOwnUnknownFields(library))
      graphOp->setAttr(kLibraryUnknownFieldsAttr,
                       builder.getStringAttr(encodeUnknownFields(library)));
    if (hasNestedUnknownFields(library))
      emitWarning(fileLoc) << "GraphDef library."
                           << findNestedUnknownFields(library, {"function"})
                           << " holds fields tfg does not know: they are "
                              "dropped";
  }
  if (failed(importFunctions(functions, *module)))
    return nullptr;
  for (const tensorflow::GradientDef &grad : library.gradient()) {
    auto func = module->lookupSymbol<GraphFuncOp>(grad.function_name());
    if (!func) {
      emitError(fileLoc) << "gradient of unknown function '"
                         << grad.function_name() << "'";
      return nullptr;
    }
    // One gradient a function: a second entry has no place to go (and
    // TensorFlow refuses two different ones).
    if (FlatSymbolRefAttr known = func.getGradientAttr()) {
      emitError(fileLoc) << "function '" << grad.function_name()
                         << "' has two gradients in the library, '"
                         << known.getValue() << "' and '"
                         << grad.gradient_func() << "'";
      return nullptr;
    }
    func.setGradientAttr(FlatSymbolRefAttr::get(ctx, grad.gradient_func()));
  }
  builder.setInsertionPointToEnd(&graphOp.getBody());
  {
    llvm::StringMap<BlockArgument> noArgs;
    NodeTable table; // freed before the verifier runs
    const NodeSource *graphNodes = &nodes;
    std::optional<AppendedNodes> withStandIns;
    tensorflow::GraphDef standIns;
    if (options.missingInputs == MissingInputs::Placeholder) {
      if (failed(makeMissingInputStandIns(nodes, dialect->getOpRegistry(),
                                          fileLoc, standIns)))
        return nullptr;
      if (standIns.node_size())
        graphNodes = &withStandIns.emplace(
            nodes, std::make_unique<MessageNodes>(standIns.node(),
                                                  /*consume=*/false));
    }
    if (failed(importNodes(*graphNodes, noArgs, table,
                           /*functionBody=*/false)))
      return nullptr;
  }
  if (options.verify && failed(verifyGraphModule(*module)))
    return nullptr;
  warnAcceptedButInvalid(*module);
  return module;
}

OwningOpRef<ModuleOp>
mlir::tfg::importGraphDef(MLIRContext *context,
                          const tensorflow::GraphDef &graph, Location fileLoc,
                          const ImportOptions &options) {
  MessageNodes nodes(graph.node(), /*consume=*/false);
  MessageFunctions functions(graph.library().function(), /*consume=*/false);
  return Importer(context, fileLoc, options).run(graph, nodes, functions);
}

OwningOpRef<ModuleOp> mlir::tfg::importGraphDef(MLIRContext *context,
                                                tensorflow::GraphDef &&graph,
                                                Location fileLoc,
                                                const ImportOptions &options) {
  MessageNodes nodes(graph.node(), /*consume=*/true);
  MessageFunctions functions(graph.library().function(), /*consume=*/true);
  return Importer(context, fileLoc, options).run(graph, nodes, functions);
}

/// importBinaryGraphDef of `bytes`, file-mapped or not (see
/// WireGraph::setFileMapped).
static OwningOpRef<ModuleOp>
importInPlace(MLIRContext *context, StringRef bytes, bool fileMapped,
              Location fileLoc, const ImportOptions &options,
              const NotGraphDefError &notGraphDefError) {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    emitError(fileLoc) << "input of " << bytes.size()
                       << " bytes is larger than protobuf can parse (2 GB)";
    return nullptr;
  }
  auto notGraphDef = [&] {
    // A GraphDef nested past protobuf's limit is one; say where.
    SmallVector<NestedMessage> path;
    if (nestedMessageDepth(bytes, tensorflow::GraphDef::descriptor(),
                           kMaxMessageDepth, &path) > kMaxMessageDepth)
      emitError(fileLoc) << describeGraphDefPath(path)
                         << " nests messages deeper than " << kMaxMessageDepth
                         << " levels, the limit of protobuf's binary reader";
    else
      emitError(notGraphDefError.loc.value_or(fileLoc))
          << notGraphDefError.message;
    return nullptr;
  };
  tfg::detail::WireGraph wire;
  wire.setFileMapped(fileMapped);
  if (wire.scan(bytes)) {
    // The fields other than the nodes and functions (versions, gradients,
    // debug information) are parsed as a GraphDef of their own; the nodes
    // and functions are parsed one by one.
    tensorflow::GraphDef others;
    StringRef encoded = wire.otherFields();
    if (!others.ParseFromArray(encoded.data(),
                               static_cast<int>(encoded.size())))
      return notGraphDef();
    return Importer(context, fileLoc, options)
        .run(others, WireNodes(wire), WireFunctions(wire));
  }
  // What the scan leaves to protobuf (groups, say).
  tensorflow::GraphDef graph;
  if (!graph.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    return notGraphDef();
  return importGraphDef(context, std::move(graph), fileLoc, options);
}

OwningOpRef<ModuleOp>
mlir::tfg::importBinaryGraphDef(MLIRContext *context, StringRef bytes,
                                Location fileLoc, const ImportOptions &options,
                                const NotGraphDefError &notGraphDefError) {
  return importInPlace(context, bytes, /*fileMapped=*/false, fileLoc, options,
                       notGraphDefError);
}

OwningOpRef<ModuleOp> mlir::tfg::importBinaryGraphDef(
    MLIRContext *context, const llvm::MemoryBuffer &buffer, Location fileLoc,
    const ImportOptions &options, const NotGraphDefError &notGraphDefError) {
  bool fileMapped =
      buffer.getBufferKind() == llvm::MemoryBuffer::MemoryBuffer_MMap;
  return importInPlace(context, buffer.getBuffer(), fileMapped, fileLoc,
                       options, notGraphDefError);
}
