//===- GraphDefExport.cpp - tfg -> GraphDef -------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfg;

/// The GraphDef input naming `value`: "node", "node:k" or "^node".
static FailureOr<std::string> getInputName(Value value, Operation *user) {
  auto result = llvm::dyn_cast<OpResult>(value);
  if (!result)
    return emitError(user->getLoc())
           << "node '" << getNodeName(user)
           << "' uses a block argument, which a graph cannot express";
  Operation *src = result.getOwner();
  StringRef name = getNodeName(src);
  if (name.empty())
    return emitError(src->getLoc()) << "node without a name";
  if (isControlType(value.getType()))
    return ("^" + name).str();
  if (result.getResultNumber() == 0)
    return name.str();
  return (name + ":" + Twine(result.getResultNumber())).str();
}

static LogicalResult exportNode(Operation *op, tensorflow::NodeDef &node,
                                TFGraphDialect *dialect) {
  Location loc = op->getLoc();
  if (op->getNumRegions())
    return op->emitError("exporting region control flow is not supported "
                         "yet; convert it to functional form first");
  if (op->getDialect() != dialect)
    return op->emitError("only tfg nodes can be exported to a GraphDef");
  node.set_name(getNodeName(op).str());
  node.set_op(getTFOpName(op).str());
  node.set_device(getNodeDevice(op).str());
  for (Value operand : op->getOperands()) {
    FailureOr<std::string> input = getInputName(operand, op);
    if (failed(input))
      return failure();
    node.add_input(*input);
  }
  for (NamedAttribute attr : op->getAttrs()) {
    StringAttr name = attr.getName();
    if (name == dialect->getNameAttrIdentifier() ||
        name == dialect->getDeviceAttrIdentifier() ||
        name == dialect->getAssignedDeviceAttrIdentifier())
      continue;
    if (name == dialect->getFullTypeAttrIdentifier()) {
      if (!llvm::isa<tf_type::FullTypeAttr>(attr.getValue()))
        return emitError(loc) << "_mlir_fulltype must be a #tf_type.full_type";
      convertFullType(attr.getValue(), *node.mutable_experimental_type());
      continue;
    }
    if (name.getValue() == "tfg.debug_info") {
      auto bytes = llvm::dyn_cast<StringAttr>(attr.getValue());
      if (!bytes || !node.mutable_experimental_debug_info()->ParseFromString(
                        bytes.getValue().str()))
        return emitError(loc) << "invalid tfg.debug_info attribute";
      continue;
    }
    if (failed(convertAttrValue(attr.getValue(),
                                (*node.mutable_attr())[name.str()], loc)))
      return failure();
  }
  return success();
}

LogicalResult mlir::tfg::exportGraphDef(ModuleOp module,
                                        tensorflow::GraphDef &graph) {
  auto *dialect = module->getContext()->getOrLoadDialect<TFGraphDialect>();
  GraphOp graphOp;
  for (Operation &op : *module.getBody()) {
    if (auto g = dyn_cast<GraphOp>(op)) {
      if (graphOp)
        return g.emitError("a module with more than one tfg.graph cannot be "
                           "exported as one GraphDef");
      graphOp = g;
    } else if (isa<GraphFuncOp>(op)) {
      return op.emitError("exporting function libraries is not supported yet");
    }
  }
  if (!graphOp)
    return module.emitError("no tfg.graph to export");
  graph.Clear();
  tf_type::VersionAttr version = graphOp.getVersion();
  // An all-default VersionDef is left out, as TensorFlow does.
  if (version.getProducer() || version.getMinConsumer() ||
      !version.getBadConsumers().empty()) {
    graph.mutable_versions()->set_producer(version.getProducer());
    graph.mutable_versions()->set_min_consumer(version.getMinConsumer());
    for (int32_t bad : version.getBadConsumers())
      graph.mutable_versions()->add_bad_consumers(bad);
  }
  if (auto legacy = graphOp->getAttrOfType<IntegerAttr>("tfg.legacy_version"))
    graph.set_version(legacy.getInt());
  if (auto debug = graphOp->getAttrOfType<StringAttr>("tfg.debug_info"))
    if (!graph.mutable_debug_info()->ParseFromString(debug.getValue().str()))
      return graphOp.emitError("invalid tfg.debug_info attribute");
  for (Operation &op : graphOp.getBody())
    if (failed(exportNode(&op, *graph.add_node(), dialect)))
      return failure();
  return success();
}
