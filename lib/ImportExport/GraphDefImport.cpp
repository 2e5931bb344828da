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
// This file holds the public entry points, the module and graph, and the
// import of a body's nodes as a whole (names indexed, inputs resolved,
// operations built and wired, in parallel chunks for a large graph); one
// node's work is in NodeImport.cpp, the library's in FunctionDefImport.cpp
// (GraphDefImporter.h).
//
//===----------------------------------------------------------------------===//

#include "GraphDefImporter.h"
#include "ImportThread.h"
#include "ImportWarnings.h"
#include "MissingInputs.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Verifier.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/MemoryBuffer.h"

#include <atomic>
#include <limits>
#include <map>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail;

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

/// Graphs with at least twice this many nodes build their operations in
/// parallel chunks.
constexpr size_t kMinNodesPerChunk = 4096;
/// How many node names a thread of its own makes (see OwnThread).
constexpr size_t kNamesPerThread = 16384;
/// How many built nodes NodeSource::built is told of at a time.
constexpr size_t kNodesPerBuiltBatch = 1024;

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
