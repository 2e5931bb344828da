//===- TensorUtil.cpp - Tensor helpers of the builtins --------------------===//
//
// What the builtins share: reading scalars, conditions and shape tensors
// from run-time values, and building tensors row by row along the leading
// axis (stacking, slicing, concatenating), as TensorArrays and TensorLists
// need. Every size is checked for overflow and against the bounds.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<const HostTensor *> interp::getTensor(const RtValue &value,
                                                     StringRef what) {
  if (value.isHandle() || !value.tensor)
    return error(what + " is a handle, not a tensor");
  return value.tensor.get();
}

llvm::Expected<int64_t> interp::getScalarInt(const RtValue &value,
                                             StringRef what) {
  auto t = getTensor(value, what);
  if (!t)
    return t.takeError();
  const HostTensor &tensor = **t;
  if (tensor.getNumElements() != 1 ||
      (tensor.getKind() != HostElementKind::Signed &&
       tensor.getKind() != HostElementKind::Unsigned))
    return error(what + " is not an integer scalar");
  return tensor.getInt(0);
}

llvm::Expected<bool> interp::getTruth(const RtValue &value) {
  auto t = getTensor(value, "the condition");
  if (!t)
    return t.takeError();
  const HostTensor &tensor = **t;
  if (tensor.getRank() != 0)
    return tensor.getNumElements() > 0;
  switch (tensor.getKind()) {
  case HostElementKind::String:
    return !tensor.getString(0).empty();
  case HostElementKind::Float:
    return tensor.getDouble(0) != 0;
  case HostElementKind::Complex:
    return tensor.getComplex(0) != std::complex<double>();
  default:
    return tensor.getUInt(0) != 0;
  }
}

Type interp::getTypeAttr(Operation *op, StringRef name) {
  auto attr = op->getAttrOfType<TypeAttr>(name);
  return attr ? attr.getValue() : Type();
}

Type interp::getTypeAttr(const CompiledNode &node, StringRef name) {
  auto attr = node.getAttrOfType<TypeAttr>(name);
  return attr ? attr.getValue() : Type();
}

llvm::Expected<std::optional<SmallVector<int64_t, 4>>>
interp::readShapeTensor(const RtValue &value, StringRef what) {
  auto t = getTensor(value, what);
  if (!t)
    return t.takeError();
  const HostTensor &tensor = **t;
  if (tensor.getKind() != HostElementKind::Signed || tensor.getRank() > 1)
    return error(what + " is not an integer shape");
  if (tensor.getRank() == 0) {
    if (tensor.getInt(0) != -1)
      return error(what + ": a scalar shape must be -1 (unknown rank)");
    return std::optional<SmallVector<int64_t, 4>>();
  }
  if (tensor.getNumElements() > kMaxHostTensorRank)
    return error(what + " has too many dimensions");
  SmallVector<int64_t, 4> dims;
  for (int64_t i = 0; i < tensor.getNumElements(); ++i) {
    int64_t d = tensor.getInt(i);
    if (d < -1)
      return error(what + " has a negative dimension");
    dims.push_back(d);
  }
  return std::optional<SmallVector<int64_t, 4>>(std::move(dims));
}

/// Copies `count` elements of `src` from `srcStart` to `dst` at `dstStart`
/// (`dst` is no splat; the ranges are checked by the callers).
static void copyElements(const HostTensor &src, int64_t srcStart,
                         HostTensor &dst, int64_t dstStart, int64_t count) {
  if (count <= 0)
    return;
  if (src.getKind() == HostElementKind::String) {
    MutableArrayRef<std::string> out = dst.getMutableStrings();
    for (int64_t j = 0; j < count; ++j)
      out[dstStart + j] = src.getString(srcStart + j).str();
    return;
  }
  unsigned b = src.getElementInfo().byteSize;
  char *out = dst.getMutableRawData().data() + dstStart * b;
  const char *in = src.getRawData().data();
  if (src.isSplat()) {
    for (int64_t j = 0; j < count; ++j)
      std::memcpy(out + j * b, in, b);
    return;
  }
  std::memcpy(out, in + srcStart * b, count * b);
}

/// A zero tensor of `shape`, within `maxElements`.
static llvm::Expected<HostTensor>
createBounded(Type elementType, ArrayRef<int64_t> shape, int64_t maxElements) {
  auto n = getHostNumElements(shape);
  if (!n)
    return n.takeError();
  if (*n > maxElements)
    return error("a result of " + Twine(*n) + " elements is over the bound (" +
                 Twine(maxElements) + ")");
  return HostTensor::create(elementType, shape);
}

llvm::Expected<HostTensor>
interp::stackTensors(ArrayRef<const HostTensor *> items, Type elementType,
                     ArrayRef<int64_t> elementShape, int64_t maxElements) {
  SmallVector<int64_t, 4> shape = {int64_t(items.size())};
  shape.append(elementShape.begin(), elementShape.end());
  auto out = createBounded(elementType, shape, maxElements);
  if (!out)
    return out.takeError();
  auto rowElems = getHostNumElements(elementShape);
  if (!rowElems)
    return rowElems.takeError();
  for (auto [i, item] : llvm::enumerate(items)) {
    if (item->getElementType() != elementType ||
        item->getShape() != elementShape)
      return error("element " + Twine(i) + " has another type or shape than " +
                   "the others");
    copyElements(*item, 0, *out, int64_t(i) * *rowElems, *rowElems);
  }
  return out;
}

llvm::Expected<HostTensor> interp::sliceRows(const HostTensor &tensor,
                                             int64_t i, int64_t count,
                                             bool keepAxis) {
  if (tensor.getRank() == 0)
    return error("cannot take rows of a scalar");
  int64_t rows = tensor.getShape()[0];
  if (i < 0 || count < 0 || i > rows || count > rows - i)
    return error("rows [" + Twine(i) + ", " + Twine(i) + "+" + Twine(count) +
                 ") out of range of " + Twine(rows));
  SmallVector<int64_t, 4> shape;
  if (keepAxis)
    shape.push_back(count);
  shape.append(tensor.getShape().begin() + 1, tensor.getShape().end());
  auto out = HostTensor::create(tensor.getElementType(), shape);
  if (!out)
    return out.takeError();
  int64_t rowElems = rows == 0 ? 0 : tensor.getNumElements() / rows;
  copyElements(tensor, i * rowElems, *out, 0, count * rowElems);
  return out;
}

llvm::Expected<HostTensor>
interp::concatRows(ArrayRef<const HostTensor *> items, Type elementType,
                   ArrayRef<int64_t> rowShape, int64_t maxElements) {
  int64_t rows = 0;
  for (const HostTensor *item : items) {
    if (item->getRank() == 0 || item->getElementType() != elementType ||
        item->getShape().drop_front() != rowShape)
      return error("elements to concatenate differ in type or shape");
    if (llvm::AddOverflow(rows, item->getShape()[0], rows))
      return error("too many rows");
  }
  SmallVector<int64_t, 4> shape = {rows};
  shape.append(rowShape.begin(), rowShape.end());
  auto out = createBounded(elementType, shape, maxElements);
  if (!out)
    return out.takeError();
  int64_t offset = 0;
  for (const HostTensor *item : items) {
    copyElements(*item, 0, *out, offset, item->getNumElements());
    offset += item->getNumElements();
  }
  return out;
}
