//===- NodeImport.cpp - One NodeDef -> one tfg operation ------------------===//
//
// The node-level work of the GraphDef importer (GraphDefImporter.h): a
// node's inputs parsed and resolved to edges and values, its result types
// inferred from the op registry or the library (refined by
// `_output_shapes`), and its operation built from its attributes, device,
// full type and debug information.
//
//===----------------------------------------------------------------------===//

#include "GraphDefImporter.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/OpSignature.h"
#include "tfg/ImportExport/UnknownFields.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail;

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
