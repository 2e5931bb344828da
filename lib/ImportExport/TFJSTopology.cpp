//===- TFJSTopology.cpp - Fields TensorFlow writes, read as absent -------===//
//
// Protobuf tells an empty message field or map entry that is written from
// one that is not; the GraphDef import reads both alike. TensorFlow and the
// TF.js converter write some of them, and TensorFlow.js needs one (the
// versions): export writes them as TensorFlow does, and an empty arg_attr
// entry where the model had one (recorded on its function at import).
//
//===----------------------------------------------------------------------===//

#include "TFJSWeights.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

/// The discardable attribute of a function that lists its arguments with an
/// empty arg_attr entry.
static constexpr llvm::StringLiteral kEmptyArgAttrs = "tfg.empty_arg_attrs";

llvm::StringMap<SmallVector<int32_t>>
mlir::tfg::detail::findEmptyArgAttrs(const tensorflow::GraphDef &graph) {
  llvm::StringMap<SmallVector<int32_t>> empty;
  for (const tensorflow::FunctionDef &func : graph.library().function()) {
    SmallVector<int32_t> args;
    for (const auto &[index, attrs] : func.arg_attr())
      if (attrs.attr().empty() && index <= uint32_t(INT32_MAX))
        args.push_back(static_cast<int32_t>(index));
    if (args.empty())
      continue;
    llvm::sort(args);
    empty[func.signature().name()] = std::move(args);
  }
  return empty;
}

void mlir::tfg::detail::markEmptyArgAttrs(
    ModuleOp module, const llvm::StringMap<SmallVector<int32_t>> &empty) {
  if (empty.empty())
    return;
  Builder b(module.getContext());
  for (GraphFuncOp func : module.getOps<GraphFuncOp>()) {
    auto it = empty.find(func.getSymName());
    if (it != empty.end())
      func->setAttr(kEmptyArgAttrs, b.getDenseI32ArrayAttr(it->second));
  }
}

/// Gives every tensor of the node's attributes a shape, as TensorFlow
/// writes them (a scalar's is empty).
static void setTensorShapes(tensorflow::NodeDef &node) {
  for (auto &entry : *node.mutable_attr()) {
    tensorflow::AttrValue &value = entry.second;
    if (value.has_tensor())
      (void)value.mutable_tensor()->mutable_tensor_shape();
    if (value.has_list())
      for (tensorflow::TensorProto &tensor :
           *value.mutable_list()->mutable_tensor())
        (void)tensor.mutable_tensor_shape();
  }
}

void mlir::tfg::detail::writeTFJSTopologyFields(ModuleOp module,
                                                tensorflow::GraphDef &graph) {
  for (tensorflow::NodeDef &node : *graph.mutable_node())
    setTensorShapes(node);
  llvm::StringMap<DenseI32ArrayAttr> empty;
  for (GraphFuncOp func : module.getOps<GraphFuncOp>())
    if (auto args = func->getAttrOfType<DenseI32ArrayAttr>(kEmptyArgAttrs))
      empty[func.getSymName()] = args;
  for (tensorflow::FunctionDef &func :
       *graph.mutable_library()->mutable_function()) {
    for (tensorflow::NodeDef &node : *func.mutable_node_def())
      setTensorShapes(node);
    auto it = empty.find(func.signature().name());
    if (it == empty.end())
      continue;
    // Arguments a pass removed have none.
    for (int32_t arg : it->second.asArrayRef())
      if (arg >= 0 && arg < func.signature().input_arg_size())
        (void)(*func.mutable_arg_attr())[static_cast<uint32_t>(arg)];
  }
  // TF.js reads the versions of every graph model; its converter writes
  // them and the library even when empty.
  (void)graph.mutable_versions();
  (void)graph.mutable_library();
}
