//===- RestoreOps.cpp - Builtins: variables restored from a bundle --------===//
//
// RestoreV2(prefix, tensor_names, shape_and_slices) reads the named tensors
// of the tensor bundle at `prefix` (tfg/TensorBundle/TensorBundle.h: the
// index and shards checked, every offset, size and checksum), relative to
// the interpreter's asset directory (tfg-run: the model's directory), whose
// files alone it may read. It is how a SavedModel's saver restores the
// variables (tfg-run feeds the saver's filename tensor with
// `variables/variables` and runs its restore op). A slice spec other than
// "" (a partitioned variable) is refused, as is a dtype that differs from
// the bundle's.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/IR/DataType.h"
#include "tfg/TensorBundle/TensorBundle.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

/// The strings of a string tensor input, checked to have `rank`.
static llvm::Expected<const HostTensor *>
getStringInput(const CompiledNode &node, MutableArrayRef<RtValue> inputs,
               unsigned index, int64_t rank, StringRef what) {
  const HostTensor *tensor =
      index < inputs.size() ? inputs[index].tensor.get() : nullptr;
  if (!tensor || tensor->getKind() != HostElementKind::String ||
      tensor->getRank() != rank)
    return nodeError(node.op, "expects " + what + " as a string " +
                                  (rank ? "vector" : "scalar"));
  return tensor;
}

/// The host tensor of a tensor read from a bundle.
static llvm::Expected<HostTensor> toHostTensor(MLIRContext *context,
                                               const bundle::BundleEntry &entry,
                                               bundle::BundleTensor &value,
                                               int64_t maxElements) {
  Type elementType = getTypeForDataType(context, entry.dtype);
  if (!elementType)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "tfg has no type for dtype " +
                                       Twine(entry.dtype));
  if (entry.numElements > maxElements)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "tensor '" + bundle::describeKey(entry.key) +
                                       "' has " + Twine(entry.numElements) +
                                       " elements, over the bound of " +
                                       Twine(maxElements));
  auto tensor = HostTensor::create(elementType, entry.shape);
  if (!tensor)
    return tensor.takeError();
  if (tensor->getKind() == HostElementKind::String) {
    for (size_t i = 0; i < value.strings.size(); ++i)
      tensor->setString(static_cast<int64_t>(i), std::move(value.strings[i]));
    return tensor;
  }
  MutableArrayRef<char> raw = tensor->getMutableRawData();
  if (raw.size() != value.bytes.size())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "tensor '" + bundle::describeKey(entry.key) +
                                       "' has " + Twine(value.bytes.size()) +
                                       " bytes; its host form needs " +
                                       Twine(raw.size()));
  if (!raw.empty())
    std::memcpy(raw.data(), value.bytes.data(), raw.size());
  return tensor;
}

static llvm::Error restoreV2(Executor &exec, const CompiledNode &node,
                             MutableArrayRef<RtValue> inputs,
                             SmallVectorImpl<RtValue> &outs) {
  auto prefix = getStringInput(node, inputs, 0, 0, "a prefix");
  if (!prefix)
    return prefix.takeError();
  auto names = getStringInput(node, inputs, 1, 1, "tensor names");
  if (!names)
    return names.takeError();
  auto slices = getStringInput(node, inputs, 2, 1, "slice specs");
  if (!slices)
    return slices.takeError();
  int64_t count = (*names)->getNumElements();
  auto dtypes = node.getAttrOfType<ArrayAttr>("dtypes");
  if ((*slices)->getNumElements() != count || !dtypes ||
      static_cast<int64_t>(dtypes.size()) != count)
    return nodeError(
        node.op, "has " + Twine(count) + " tensor names, " +
                     Twine((*slices)->getNumElements()) + " slice specs and " +
                     Twine(dtypes ? dtypes.size() : 0) + " dtypes");
  const InterpreterOptions &options = exec.getState().options;
  if (options.assetDirectory.empty())
    return nodeError(node.op, "cannot read a bundle: the interpreter has no "
                              "model directory");
  auto opened = bundle::TensorBundle::open(options.assetDirectory,
                                           (*prefix)->getString(0));
  if (!opened)
    return nodeError(node.op, toString(opened.takeError()));
  for (int64_t i = 0; i < count; ++i) {
    StringRef name = (*names)->getString(i);
    if (!(*slices)->getString(i).empty())
      return nodeError(node.op, "restores slice '" + (*slices)->getString(i) +
                                    "' of '" + bundle::describeKey(name) +
                                    "': tfg restores whole tensors only");
    const bundle::BundleEntry *entry = opened->lookup(name);
    if (!entry || entry->isSliceEntry())
      return nodeError(node.op, "tensor '" + bundle::describeKey(name) +
                                    "' is not in the bundle " +
                                    opened->getIndexPath());
    auto typeAttr = dyn_cast<TypeAttr>(dtypes[i]);
    std::optional<int32_t> dtype =
        typeAttr ? getDataTypeOf(typeAttr.getValue()) : std::nullopt;
    if (!dtype || *dtype != entry->dtype)
      return nodeError(node.op, "tensor '" + bundle::describeKey(name) +
                                    "' has dtype " + Twine(entry->dtype) +
                                    " in the bundle, not the node's " +
                                    Twine(dtype.value_or(0)));
    auto value = opened->readTensor(*entry);
    if (!value)
      return nodeError(node.op, toString(value.takeError()));
    auto tensor =
        toHostTensor(exec.getContext(), *entry, *value, options.maxElements);
    if (!tensor)
      return nodeError(node.op, toString(tensor.takeError()));
    outs.push_back({makeTensorPtr(std::move(*tensor)), nullptr});
  }
  return llvm::Error::success();
}

void interp::addRestoreBuiltins(llvm::StringMap<BuiltinFn> &table) {
  table["RestoreV2"] = restoreV2;
}
