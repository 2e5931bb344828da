//===- GraphDefImport.cpp - GraphDef -> tfg -------------------------------===//
//
// Nodes become generic tfg ops (or the registered control-flow ops) in one
// tfg.graph. Result types come from the op registry, resolved against the
// node's attributes, and are refined by `_output_shapes`. Ops unknown to the
// registry are imported too, with as many results as their users need.
// Operands are wired in a second pass, so any node order, forward reference
// and NextIteration cycle works.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// A parsed NodeDef input.
struct InputRef {
  StringRef node;
  unsigned index = 0;
  bool control = false;
};

class GraphImporter {
public:
  GraphImporter(MLIRContext *ctx, Location fileLoc)
      : ctx(ctx), builder(ctx), fileLoc(fileLoc) {
    dialect = ctx->getOrLoadDialect<TFGraphDialect>();
  }

  OwningOpRef<ModuleOp> run(const tensorflow::GraphDef &graph);

private:
  Location nodeLoc(const tensorflow::NodeDef &node) {
    return NameLoc::get(builder.getStringAttr(node.name()), fileLoc);
  }
  LogicalResult parseInput(const tensorflow::NodeDef &node, StringRef input,
                           InputRef &ref);
  /// Data result types of a node from the registry; `maxIndexUsed` is the
  /// highest output index any user refers to (for ops without OpDef).
  FailureOr<SmallVector<Type>>
  inferResultTypes(const tensorflow::NodeDef &node, NamedAttrList &attrs,
                   int64_t maxIndexUsed);

  MLIRContext *ctx;
  OpBuilder builder;
  TFGraphDialect *dialect;
  Location fileLoc;
};
} // namespace

LogicalResult GraphImporter::parseInput(const tensorflow::NodeDef &node,
                                        StringRef input, InputRef &ref) {
  Location loc = nodeLoc(node);
  if (input.consume_front("^")) {
    ref.control = true;
    ref.node = input;
  } else {
    auto [name, index] = input.rsplit(':');
    ref.node = name;
    if (!index.empty() && name != input) {
      if (index.contains(':') || !llvm::to_integer(index, ref.index, 10))
        return emitError(loc) << "node '" << node.name()
                              << "' has a malformed input '" << input << "'";
    } else {
      ref.node = input;
    }
  }
  if (ref.node.empty() || ref.node.contains(':'))
    return emitError(loc) << "node '" << node.name()
                          << "' has a malformed input '" << input << "'";
  return success();
}

FailureOr<SmallVector<Type>>
GraphImporter::inferResultTypes(const tensorflow::NodeDef &node,
                                NamedAttrList &attrs, int64_t maxIndexUsed) {
  Location loc = nodeLoc(node);
  SmallVector<Type> types;
  const OpDef *def = dialect->getOpRegistry().lookup(node.op());
  auto getAttr = [&](StringRef name) -> Attribute {
    if (Attribute a = attrs.get(name))
      return a;
    // Defaults from the OpDef count for inference but are not added.
    if (const OpDefAttr *attr = def->findAttr(name)) {
      if (attr->defaultValue.empty())
        return {};
      tensorflow::AttrValue value;
      if (!google::protobuf::TextFormat::ParseFromString(
              attr->defaultValue.str(), &value))
        return {};
      FailureOr<Attribute> converted = convertAttrValue(value, loc);
      return succeeded(converted) ? *converted : Attribute();
    }
    return {};
  };
  if (def) {
    for (const OpDefArg &arg : def->outputs()) {
      SmallVector<Type> argTypes;
      if (!arg.typeListAttr.empty()) {
        auto list = llvm::dyn_cast_if_present<ArrayAttr>(getAttr(arg.typeListAttr));
        if (!list)
          return emitError(loc) << "node '" << node.name() << "' (" << node.op()
                                << ") is missing the type list attribute '"
                                << arg.typeListAttr << "'";
        for (Attribute t : list) {
          auto ta = llvm::dyn_cast<TypeAttr>(t);
          if (!ta)
            return emitError(loc) << "node '" << node.name() << "' attribute '"
                                  << arg.typeListAttr << "' must list types";
          argTypes.push_back(ta.getValue());
        }
      } else {
        Type elt;
        if (!arg.typeAttr.empty()) {
          auto ta = llvm::dyn_cast_if_present<TypeAttr>(getAttr(arg.typeAttr));
          if (!ta)
            return emitError(loc) << "node '" << node.name() << "' (" << node.op()
                                  << ") is missing the type attribute '"
                                  << arg.typeAttr << "'";
          elt = ta.getValue();
        } else {
          FailureOr<Type> t = convertDataType(
              static_cast<tensorflow::DataType>(arg.type), loc);
          if (failed(t))
            return failure();
          elt = *t;
        }
        int64_t n = 1;
        if (!arg.numberAttr.empty()) {
          auto na = llvm::dyn_cast_if_present<IntegerAttr>(getAttr(arg.numberAttr));
          if (!na || na.getInt() < 0)
            return emitError(loc) << "node '" << node.name() << "' (" << node.op()
                                  << ") is missing the number attribute '"
                                  << arg.numberAttr << "'";
          n = na.getInt();
        }
        argTypes.append(n, elt);
      }
      for (Type t : argTypes) {
        if (arg.isRef)
          if (Type ref = tf_type::getRefTypeFor(t))
            t = ref;
        types.push_back(UnrankedTensorType::get(t));
      }
    }
  }
  // Shapes recorded by TensorFlow refine the types (and, for unknown ops,
  // say how many results there are).
  auto shapes = llvm::dyn_cast_if_present<ArrayAttr>(attrs.get("_output_shapes"));
  if (!def) {
    int64_t n = std::max<int64_t>(maxIndexUsed + 1,
                                  shapes ? static_cast<int64_t>(shapes.size()) : 0);
    types.assign(n, tf_type::OpaqueTensorType::get(ctx));
    emitRemark(loc) << "op '" << node.op() << "' of node '" << node.name()
                    << "' is not registered; imported with " << n
                    << " opaque result(s)";
  }
  if (shapes && shapes.size() == types.size()) {
    for (auto [i, s] : llvm::enumerate(shapes)) {
      auto shape = llvm::dyn_cast<tf_type::ShapeAttr>(s);
      auto tensor = llvm::dyn_cast<UnrankedTensorType>(types[i]);
      if (shape && tensor && shape.hasRank())
        types[i] = RankedTensorType::get(shape.getShape(),
                                         tensor.getElementType());
    }
  }
  return types;
}

OwningOpRef<ModuleOp> GraphImporter::run(const tensorflow::GraphDef &graph) {
  Location unknown = fileLoc;
  OwningOpRef<ModuleOp> module = ModuleOp::create(unknown);
  if (graph.has_library() &&
      (graph.library().function_size() || graph.library().gradient_size() ||
       graph.library().registered_gradients_size())) {
    emitError(unknown) << "importing function libraries is not supported yet";
    return nullptr;
  }
  builder.setInsertionPointToEnd(module->getBody());
  const tensorflow::VersionDef &v = graph.versions();
  auto version = tf_type::VersionAttr::get(
      ctx, v.producer(), v.min_consumer(),
      SmallVector<int32_t>(v.bad_consumers().begin(), v.bad_consumers().end()));
  auto graphOp = GraphOp::create(builder, unknown, version);
  if (graph.version() != 0)
    graphOp->setAttr("tfg.legacy_version",
                     builder.getI32IntegerAttr(graph.version()));
  if (graph.has_debug_info()) {
    std::string bytes;
    graph.debug_info().SerializeToString(&bytes);
    graphOp->setAttr("tfg.debug_info", builder.getStringAttr(bytes));
  }
  builder.setInsertionPointToEnd(&graphOp.getBody());

  // Names, parsed inputs and the highest output index used per node.
  int numNodes = graph.node_size();
  llvm::StringMap<int> index;
  std::vector<SmallVector<InputRef, 4>> inputs(numNodes);
  std::vector<int64_t> maxIndexUsed(numNodes, -1);
  bool ok = true;
  for (int i = 0; i < numNodes; ++i) {
    const tensorflow::NodeDef &node = graph.node(i);
    if (node.name().empty()) {
      emitError(unknown) << "node #" << i << " has an empty name";
      ok = false;
    } else if (!index.try_emplace(node.name(), i).second) {
      emitError(nodeLoc(node)) << "duplicate node name '" << node.name() << "'";
      ok = false;
    }
    if (node.op().empty()) {
      emitError(nodeLoc(node)) << "node '" << node.name() << "' has an empty op";
      ok = false;
    }
  }
  if (!ok)
    return nullptr;
  std::vector<std::string> missing;
  for (int i = 0; i < numNodes; ++i) {
    const tensorflow::NodeDef &node = graph.node(i);
    bool seenControl = false;
    for (const std::string &input : node.input()) {
      InputRef ref;
      if (failed(parseInput(node, input, ref)))
        return nullptr;
      if (ref.control)
        seenControl = true;
      else if (seenControl) {
        emitError(nodeLoc(node)) << "node '" << node.name()
                                 << "' has a data input after a control input";
        return nullptr;
      }
      auto it = index.find(ref.node);
      if (it == index.end()) {
        missing.push_back("'" + ref.node.str() + "' (input of '" + node.name() +
                          "')");
        continue;
      }
      if (!ref.control)
        maxIndexUsed[it->second] =
            std::max<int64_t>(maxIndexUsed[it->second], ref.index);
      inputs[i].push_back(ref);
    }
  }
  if (!missing.empty()) {
    llvm::sort(missing);
    InFlightDiagnostic diag = emitError(unknown)
                              << missing.size()
                              << " input(s) name nodes that are not in the "
                                 "graph: ";
    llvm::interleaveComma(missing, diag);
    return nullptr;
  }

  // Pass 1: create the nodes without operands.
  SmallVector<Operation *> ops(numNodes);
  Type controlType = dialect->getControlType();
  for (int i = 0; i < numNodes; ++i) {
    const tensorflow::NodeDef &node = graph.node(i);
    Location loc = nodeLoc(node);
    NamedAttrList attrs;
    for (const auto &[key, value] : node.attr()) {
      if (key.empty()) {
        emitError(loc) << "node '" << node.name()
                       << "' has an attribute with an empty name";
        return nullptr;
      }
      FailureOr<Attribute> attr = convertAttrValue(value, loc);
      if (failed(attr))
        return nullptr;
      attrs.append(key, *attr);
    }
    FailureOr<SmallVector<Type>> types =
        inferResultTypes(node, attrs, maxIndexUsed[i]);
    if (failed(types))
      return nullptr;
    if (maxIndexUsed[i] >= static_cast<int64_t>(types->size())) {
      emitError(loc) << "node '" << node.name() << "' has " << types->size()
                     << " output(s), but output " << maxIndexUsed[i]
                     << " is used";
      return nullptr;
    }
    attrs.append(dialect->getNameAttrIdentifier(),
                 builder.getStringAttr(node.name()));
    if (!node.device().empty())
      attrs.append(dialect->getDeviceAttrIdentifier(),
                   builder.getStringAttr(node.device()));
    if (node.has_experimental_type())
      attrs.append(dialect->getFullTypeAttrIdentifier(),
                   convertFullType(node.experimental_type(), ctx));
    if (node.has_experimental_debug_info()) {
      std::string bytes;
      node.experimental_debug_info().SerializeToString(&bytes);
      attrs.append("tfg.debug_info", builder.getStringAttr(bytes));
    }
    OperationState state(loc, "tfg." + node.op());
    state.addAttributes(attrs);
    state.addTypes(*types);
    state.addTypes(controlType);
    ops[i] = builder.create(state);
  }

  // Pass 2: wire the operands (forward references and cycles included).
  for (int i = 0; i < numNodes; ++i) {
    SmallVector<Value, 4> operands;
    for (const InputRef &ref : inputs[i]) {
      Operation *src = ops[index.find(ref.node)->second];
      operands.push_back(ref.control ? src->getResults().back()
                                     : src->getResult(ref.index));
    }
    ops[i]->setOperands(operands);
  }
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp>
mlir::tfg::importGraphDef(MLIRContext *context,
                          const tensorflow::GraphDef &graph, Location fileLoc) {
  return GraphImporter(context, fileLoc).run(graph);
}
