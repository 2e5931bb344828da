//===- SavedModelVariables.cpp - A SavedModel's variable values -----------===//
//
// Reads a SavedModel's `variables/` bundle with TFGTensorBundle and makes
// attributes of its tensors (tfg/ImportExport/SavedModelVariables.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::tfg;

LogicalResult mlir::tfg::emitBundleError(llvm::Error err, Location loc) {
  llvm::handleAllErrors(
      std::move(err),
      [&](const bundle::BundleError &error) {
        emitError(FileLineColLoc::get(loc->getContext(), error.getFile(), 0,
                                      static_cast<unsigned>(std::min<uint64_t>(
                                          error.getOffset(), UINT32_MAX))))
            << error.getMessage();
      },
      [&](const llvm::ErrorInfoBase &error) {
        emitError(loc) << error.message();
      });
  return failure();
}

FailureOr<ElementsAttr>
mlir::tfg::getBundleTensorAttr(MLIRContext *context,
                               const bundle::BundleEntry &entry,
                               bundle::BundleTensor tensor, Location loc) {
  Type elementType = getTypeForDataType(context, entry.dtype);
  if (!elementType)
    return emitError(loc) << "tensor '" << entry.key << "' has dtype "
                          << entry.dtype << ", which tfg has no type for";
  auto type = RankedTensorType::get(entry.shape, elementType);
  if (llvm::isa<tf_type::StringType>(elementType)) {
    SmallVector<StringRef> strings(tensor.strings.begin(),
                                   tensor.strings.end());
    return cast<ElementsAttr>(DenseStringElementsAttr::get(type, strings));
  }
  unsigned alignment = *bundle::getBundleElementSize(entry.dtype);
  AsmResourceBlob blob = HeapAsmResourceBlob::allocateAndCopyWithAlign(
      ArrayRef<char>(tensor.bytes), alignment);
  return cast<ElementsAttr>(
      DenseResourceElementsAttr::get(type, entry.key, std::move(blob)));
}

FailureOr<DictionaryAttr>
mlir::tfg::readSavedModelVariables(MLIRContext *context, StringRef directory,
                                   Location loc, uint64_t maxTotalBytes) {
  llvm::SmallString<256> index(directory);
  llvm::sys::path::append(index, kSavedModelVariablesPrefix);
  index += ".index";
  if (!llvm::sys::fs::exists(index))
    return DictionaryAttr::get(context, {});
  auto opened =
      bundle::TensorBundle::open(directory, kSavedModelVariablesPrefix);
  if (!opened)
    return emitBundleError(opened.takeError(), loc);
  SmallVector<NamedAttribute> values;
  uint64_t total = 0;
  for (const bundle::BundleEntry &entry : opened->getEntries()) {
    if (entry.isSliceEntry())
      continue;
    if (entry.size > maxTotalBytes - total)
      return emitError(FileLineColLoc::get(context, opened->getIndexPath(), 0,
                                           entry.indexOffset))
             << "the variables hold more than " << maxTotalBytes << " bytes";
    total += entry.size;
    auto tensor = opened->readTensor(entry);
    if (!tensor)
      return emitBundleError(tensor.takeError(), loc);
    FailureOr<ElementsAttr> attr =
        getBundleTensorAttr(context, entry, std::move(*tensor), loc);
    if (failed(attr))
      return failure();
    values.push_back(
        NamedAttribute(StringAttr::get(context, entry.key), *attr));
  }
  // The bundle's keys are sorted and distinct, as a dictionary's are.
  return DictionaryAttr::getWithSorted(context, values);
}

void mlir::tfg::attachSavedModelSaver(ModuleOp module,
                                      const SavedModelGraph &graph) {
  if (graph.saverRestoreOp.empty())
    return;
  Builder builder(module.getContext());
  NamedAttribute saver[] = {
      builder.getNamedAttr("filename_tensor_name",
                           builder.getStringAttr(graph.saverFilenameTensor)),
      builder.getNamedAttr("restore_op_name",
                           builder.getStringAttr(graph.saverRestoreOp))};
  module->setAttr(kSavedModelSaverAttr, builder.getDictionaryAttr(saver));
}

LogicalResult mlir::tfg::attachSavedModelVariables(ModuleOp module,
                                                   const SavedModelGraph &graph,
                                                   StringRef directory,
                                                   Location loc) {
  FailureOr<DictionaryAttr> variables =
      readSavedModelVariables(module.getContext(), directory, loc);
  if (failed(variables))
    return failure();
  attachSavedModelSaver(module, graph);
  module->setAttr(kSavedModelVariablesAttr, *variables);
  return success();
}
