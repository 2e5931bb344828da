//===- FreezeVariables.cpp - A SavedModel's variables as constants --------===//

#include "tfg/Translate/FreezeVariables.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/Transforms/GraphUtils.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error freezeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mlir::tfg::restoreSavedModelVariables(ModuleOp module,
                                                  Interpreter &interp,
                                                  StringRef directory) {
  auto saver = module->getAttrOfType<DictionaryAttr>(kSavedModelSaverAttr);
  if (!saver)
    return llvm::Error::success();
  auto filename = saver.getAs<StringAttr>("filename_tensor_name");
  auto restore = saver.getAs<StringAttr>("restore_op_name");
  llvm::SmallString<256> index(directory);
  llvm::sys::path::append(index, kSavedModelVariablesPrefix);
  index += ".index";
  if (!filename || !restore || directory.empty() ||
      !llvm::sys::fs::exists(index))
    return llvm::Error::success();
  auto prefix =
      HostTensor::create(tf_type::StringType::get(module.getContext()), {});
  if (!prefix)
    return prefix.takeError();
  prefix->setString(0, kSavedModelVariablesPrefix.str());
  // The restore op is a node; TensorFlow may name it as a tensor.
  std::string target = restore.getValue().split(':').first.str();
  InterpreterFeed feed{filename.str(), std::move(*prefix)};
  auto done = interp.runGraph(feed, {}, target);
  if (!done)
    return freezeError("restoring the SavedModel's variables (" + target +
                       "): " + toString(done.takeError()));
  return llvm::Error::success();
}

llvm::Expected<unsigned> mlir::tfg::freezeVariableReads(GraphOp graph,
                                                        Interpreter &from) {
  SmallVector<Operation *> reads;
  std::vector<std::string> fetches;
  for (Operation &op : graph.getBody()) {
    if (getTFOpName(&op) != "ReadVariableOp")
      continue;
    OperandRange data = getDataOperands(&op);
    Operation *handle = data.empty() ? nullptr : data[0].getDefiningOp();
    if (!handle || getTFOpName(handle) != "VarHandleOp" ||
        getDataResults(&op).size() != 1)
      continue;
    reads.push_back(&op);
    fetches.push_back((getNodeName(&op) + ":0").str());
  }
  if (reads.empty())
    return 0;
  auto values = from.runGraph({}, fetches);
  if (!values)
    return freezeError("reading the variables: " +
                       toString(values.takeError()));
  MLIRContext *context = graph.getContext();
  unsigned frozen = 0;
  for (auto [op, value] : llvm::zip(reads, *values)) {
    // A value without a constant form (strings) leaves the read as it is.
    auto attr = dyn_cast_or_null<ElementsAttr>(value.toAttr(context));
    if (!attr)
      continue;
    // The read's control inputs stay (the handle's data edge goes).
    replaceNodeByConst(op, attr);
    ++frozen;
  }
  return frozen;
}

void mlir::tfg::replaceNodeByConst(Operation *op, ElementsAttr value) {
  OpBuilder b(op);
  SmallVector<NamedAttribute> attrs = getNodeIdentityAttrs(op);
  attrs.emplace_back(b.getStringAttr("dtype"),
                     TypeAttr::get(value.getElementType()));
  attrs.emplace_back(b.getStringAttr("value"), value);
  SmallVector<Value> controls(getControlOperands(op));
  Operation *c = createNode(b, op->getLoc(), "Const", {}, controls,
                            {value.getType()}, attrs);
  replaceNodeUses(op, getDataResults(c), {getControlToken(c)});
  op->dropAllReferences();
  op->erase();
}
