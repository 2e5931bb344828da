//===- ExportLimits.cpp - What export may write ---------------------------===//
//
// Depths follow the messages export builds (GraphDefExport.cpp,
// ConvertAttrs.cpp, ConvertTensor.cpp, ConvertTypes.cpp); lit
// export-depth.test writes each kind of attribute at the deepest accepted
// depth and reads it back.
//
//===----------------------------------------------------------------------===//

#include "ExportLimits.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/proto/graph.pb.h"
#include "tfg/proto/graph_debug_info.pb.h"
#include "tfg/proto/op_def.pb.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail;

static uint64_t addSaturating(uint64_t a, uint64_t b) {
  uint64_t sum = a + b;
  return sum < a ? std::numeric_limits<uint64_t>::max() : sum;
}

/// Whether export expands the attributes `attr` holds.
static bool holdsAttributes(Attribute attr) {
  return llvm::isa<tf_type::FuncAttr, ArrayAttr, tf_type::FullTypeAttr>(attr);
}

static void forEachHeld(Attribute attr, function_ref<void(Attribute)> fn) {
  if (auto func = llvm::dyn_cast<tf_type::FuncAttr>(attr)) {
    for (NamedAttribute held : func.getAttrs())
      fn(held.getValue());
  } else if (auto array = llvm::dyn_cast<ArrayAttr>(attr)) {
    for (Attribute held : array)
      fn(held);
  } else if (auto type = llvm::dyn_cast<tf_type::FullTypeAttr>(attr)) {
    for (tf_type::FullTypeAttr arg : type.getArgs())
      fn(arg);
  }
}

/// The extent of an attribute that holds none export expands.
static AttrExtent measureLeaf(Attribute attr) {
  if (auto str = llvm::dyn_cast<StringAttr>(attr))
    return {0, 2 + str.size()};
  if (auto ph = llvm::dyn_cast<tf_type::PlaceholderAttr>(attr))
    return {0, 2 + ph.getValue().size()};
  if (llvm::isa<FloatAttr>(attr))
    return {0, 5};
  if (llvm::isa<UnitAttr>(attr))
    return {0, 0};
  // AttrValue.shape: a TensorShapeProto, holding its dims.
  if (auto shape = llvm::dyn_cast<tf_type::ShapeAttr>(attr)) {
    bool dims = shape.hasRank() && shape.getRank() > 0;
    return {dims ? 2 : 1, 2 + 2 * shape.getShape().size()};
  }
  // AttrValue.tensor: a TensorProto, with a tensor_shape holding dims when
  // the tensor is not a scalar (a scalar's is left out).
  if (auto dense = llvm::dyn_cast<DenseElementsAttr>(attr))
    return {dense.getType().getRank() > 0 ? 3 : 1,
            2 + dense.getRawData().size()};
  if (auto proto = llvm::dyn_cast<tf_type::TensorProtoAttr>(attr))
    return {1 + nestedMessageDepth(proto.getValue(),
                                   tensorflow::TensorProto::descriptor(),
                                   kMaxMessageDepth),
            2 + proto.getValue().size()};
  if (auto elements = llvm::dyn_cast<ElementsAttr>(attr))
    return {elements.getShapedType().getRank() > 0 ? 3 : 1, 2};
  return {0, 2}; // integers, booleans, types
}

AttrExtent AttrMeasure::combine(Attribute attr) {
  // (Serialized tensors are measured once each, however many hold them.)
  auto of = [&](Attribute held) {
    return holdsAttributes(held) ? known.lookup(held) : measure(held);
  };
  if (auto func = llvm::dyn_cast<tf_type::FuncAttr>(attr)) {
    // AttrValue.func: a NameAttrList, whose attr map entries hold
    // AttrValues (3 levels below).
    AttrExtent extent{1, 4 + func.getName().getRootReference().size()};
    for (NamedAttribute held : func.getAttrs()) {
      AttrExtent e = of(held.getValue());
      extent.depth = std::max(extent.depth, 3 + e.depth);
      extent.bytes = addSaturating(
          extent.bytes, addSaturating(6 + held.getName().size(), e.bytes));
    }
    return extent;
  }
  if (auto array = llvm::dyn_cast<ArrayAttr>(attr)) {
    // AttrValue.list: a ListValue, whose elements are one level below
    // where an AttrValue would hold them (scalars packed, a byte or more).
    AttrExtent extent{1, 2};
    for (Attribute held : array) {
      AttrExtent e = of(held);
      extent.depth = std::max(extent.depth, 1 + e.depth);
      extent.bytes = addSaturating(extent.bytes, e.bytes > 1 ? e.bytes - 1 : 1);
    }
    return extent;
  }
  // A FullTypeDef, its args one level below.
  auto type = llvm::cast<tf_type::FullTypeAttr>(attr);
  AttrExtent extent{0, 2};
  if (Attribute value = type.getAttr())
    extent.bytes += measureLeaf(value).bytes;
  for (tf_type::FullTypeAttr arg : type.getArgs()) {
    AttrExtent e = of(arg);
    extent.depth = std::max(extent.depth, 1 + e.depth);
    extent.bytes = addSaturating(extent.bytes, 2 + e.bytes);
  }
  return extent;
}

AttrExtent AttrMeasure::measure(Attribute root) {
  if (!holdsAttributes(root)) {
    // Serialized tensors are walked once each.
    if (!llvm::isa<tf_type::TensorProtoAttr>(root))
      return measureLeaf(root);
    auto [it, inserted] = known.try_emplace(root);
    if (inserted)
      it->second = measureLeaf(root);
    return it->second;
  }
  if (auto it = known.find(root); it != known.end())
    return it->second;
  // Post-order over the attributes not measured yet, each once.
  SmallVector<std::pair<Attribute, bool>> stack = {{root, false}};
  while (!stack.empty()) {
    auto [attr, expanded] = stack.back();
    if (expanded || known.count(attr)) {
      stack.pop_back();
      if (expanded) {
        AttrExtent extent = combine(attr); // may add tensors to `known`
        known[attr] = extent;
      }
      continue;
    }
    stack.back().second = true;
    forEachHeld(attr, [&](Attribute held) {
      if (holdsAttributes(held) && !known.count(held))
        stack.push_back({held, false});
    });
  }
  return known.lookup(root);
}

namespace {
/// The walk of checkExportLimits.
class LimitChecker {
public:
  LimitChecker(TFGraphDialect *dialect, int maxDepth, StringRef reader)
      : dialect(dialect), maxDepth(maxDepth), reader(reader) {}

  using Describe = function_ref<void(InFlightDiagnostic &)>;

  /// An attribute held by an AttrValue at `level` (the GraphDef at 0).
  LogicalResult attrValue(Attribute attr, int level, Location loc,
                          Describe what) {
    return check(measure.measure(attr), level, loc, what);
  }

  /// A #tf_type.full_type, whose FullTypeDef is at `level`.
  LogicalResult fullType(Attribute attr, int level, Location loc,
                         Describe what) {
    if (!llvm::isa<tf_type::FullTypeAttr>(attr))
      return success(); // export reports it
    return check(measure.measure(attr), level, loc, what);
  }

  /// Bytes kept as the encoding of a `type` message at `level`.
  LogicalResult encoded(Attribute attr,
                        const google::protobuf::Descriptor *type, int level,
                        Location loc, Describe what) {
    auto bytes = llvm::dyn_cast<StringAttr>(attr);
    if (!bytes)
      return success(); // export reports it
    int limit = std::max(0, maxDepth - level);
    int depth = nestedMessageDepth(bytes.getValue(), type, limit);
    return check({depth, bytes.size()}, level, loc, what);
  }

  LogicalResult node(Operation *op, int level, StringRef function);
  LogicalResult function(GraphFuncOp func);
  LogicalResult graph(GraphOp graph);

private:
  LogicalResult check(AttrExtent extent, int level, Location loc,
                      Describe what) {
    total = addSaturating(total, extent.bytes);
    if (level + extent.depth > maxDepth) {
      InFlightDiagnostic diag = emitError(loc);
      what(diag);
      diag << " would nest messages " << level + extent.depth
           << " levels deep in the GraphDef, deeper than the " << maxDepth
           << " levels " << reader;
      return diag;
    }
    if (total > static_cast<uint64_t>(std::numeric_limits<int>::max())) {
      InFlightDiagnostic diag = emitError(loc);
      what(diag);
      diag << " would make the GraphDef larger than 2 GB encoded, more than "
              "protobuf writes or reads";
      return diag;
    }
    return success();
  }

  TFGraphDialect *dialect;
  int maxDepth;
  StringRef reader;
  AttrMeasure measure;
  uint64_t total = 0;
};
} // namespace

LogicalResult LimitChecker::node(Operation *op, int level, StringRef function) {
  for (NamedAttribute attr : getNodeAttrs(op)) {
    StringRef name = attr.getName().getValue();
    auto what = [&](InFlightDiagnostic &diag) {
      diag << "node '" << getNodeName(op) << "'";
      if (!function.empty())
        diag << " of function '" << function << "'";
      diag << ": attribute '" << name << "'";
    };
    LogicalResult checked = success();
    if (attr.getName() == dialect->getFullTypeAttrIdentifier())
      checked = fullType(attr.getValue(), level + 1, op->getLoc(), what);
    else if (name == kUnknownFieldsAttr)
      checked = encoded(attr.getValue(), tensorflow::NodeDef::descriptor(),
                        level, op->getLoc(), what);
    else if (name == "tfg.debug_info")
      checked =
          encoded(attr.getValue(),
                  tensorflow::NodeDef::ExperimentalDebugInfo::descriptor(),
                  level + 1, op->getLoc(), what);
    else // NodeDef.attr: a map entry holding an AttrValue
      checked = attrValue(attr.getValue(), level + 2, op->getLoc(), what);
    if (failed(checked))
      return failure();
  }
  return success();
}

LogicalResult LimitChecker::function(GraphFuncOp func) {
  // The FunctionDef is at 2 (GraphDef.library.function).
  StringRef name = func.getSymName();
  Location loc = func.getLoc();
  auto named = [&](StringRef attr, StringRef detail = "") {
    return [=](InFlightDiagnostic &diag) {
      diag << "function '" << name << "': attribute '" << attr << "'" << detail;
    };
  };
  if (auto attrs = func->getAttrOfType<DictionaryAttr>("tfg.func_attrs"))
    for (NamedAttribute attr : attrs) // FunctionDef.attr
      if (failed(attrValue(attr.getValue(), 4, loc,
                           named(attr.getName().getValue()))))
        return failure();
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
    DictionaryAttr attrs = func.getArgAttrDict(i);
    if (!attrs)
      continue;
    std::string argument = " of argument #" + std::to_string(i);
    for (NamedAttribute attr : attrs) {
      StringRef key = attr.getName().getValue();
      // FunctionDef.arg_attr: a map entry, ArgAttrs, a map entry.
      if (key.consume_front("tf.") &&
          failed(attrValue(attr.getValue(), 6, loc, named(key, argument))))
        return failure();
    }
  }
  if (Attribute sig = func->getAttr("tfg.signature"))
    if (failed(encoded(sig, tensorflow::OpDef::descriptor(), 3, loc,
                       named("tfg.signature"))))
      return failure();
  if (Attribute unknown = func->getAttr(kUnknownFieldsAttr))
    if (failed(encoded(unknown, tensorflow::FunctionDef::descriptor(), 2, loc,
                       named(kUnknownFieldsAttr))))
      return failure();
  for (Operation &op : func.getBody().front()) {
    if (llvm::isa<ReturnOp, GetResultOp>(op))
      continue;
    if (failed(node(&op, 3, name)))
      return failure();
  }
  return success();
}

LogicalResult LimitChecker::graph(GraphOp graph) {
  Location loc = graph.getLoc();
  auto named = [](StringRef attr) {
    return [=](InFlightDiagnostic &diag) {
      diag << "the graph's attribute '" << attr << "'";
    };
  };
  if (Attribute debug = graph->getAttr("tfg.debug_info"))
    if (failed(encoded(debug, tensorflow::GraphDebugInfo::descriptor(), 1, loc,
                       named("tfg.debug_info"))))
      return failure();
  if (Attribute unknown = graph->getAttr(kUnknownFieldsAttr))
    if (failed(encoded(unknown, tensorflow::GraphDef::descriptor(), 0, loc,
                       named(kUnknownFieldsAttr))))
      return failure();
  if (Attribute unknown = graph->getAttr(kLibraryUnknownFieldsAttr))
    if (failed(encoded(unknown, tensorflow::FunctionDefLibrary::descriptor(), 1,
                       loc, named(kLibraryUnknownFieldsAttr))))
      return failure();
  for (Operation &op : graph.getBody())
    if (failed(node(&op, 1, "")))
      return failure();
  return success();
}

LogicalResult mlir::tfg::detail::checkExportLimits(ModuleOp module,
                                                   int maxDepth,
                                                   StringRef reader) {
  LimitChecker checker(module->getContext()->getOrLoadDialect<TFGraphDialect>(),
                       maxDepth, reader);
  for (Operation &op : *module.getBody()) {
    if (auto func = llvm::dyn_cast<GraphFuncOp>(op)) {
      if (failed(checker.function(func)))
        return failure();
    } else if (auto graph = llvm::dyn_cast<GraphOp>(op)) {
      if (failed(checker.graph(graph)))
        return failure();
    }
  }
  return success();
}
