//===- SequenceUtil.cpp - What the handle builtins share ------------------===//
//
// The TensorArray, TensorList and variable builtins start alike (enough
// inputs, the object behind the handle, indices) and end alike (stack the
// items, unset ones as zeros; concatenate them with their lengths). These
// helpers are that shared part, so that the two families report the same
// errors in the same words.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

llvm::Error interp::expectInputs(const CompiledNode &node,
                                 ArrayRef<RtValue> inputs, unsigned n) {
  if (inputs.size() < n)
    return nodeError(node.op, "expects " + Twine(n) + " inputs");
  return llvm::Error::success();
}

llvm::Expected<SmallVector<int64_t, 8>>
interp::readIndexVector(const CompiledNode &node, const RtValue &value) {
  const HostTensor *t = value.tensor.get();
  if (!t || t->getRank() != 1 || t->getKind() != HostElementKind::Signed)
    return nodeError(node.op, "indices are not an integer vector");
  SmallVector<int64_t, 8> out;
  for (int64_t i = 0; i < t->getNumElements(); ++i)
    out.push_back(t->getInt(i));
  return out;
}

RtValue interp::scalarIntValue(MLIRContext *context, unsigned width,
                               int64_t value) {
  auto t = HostTensor::create(IntegerType::get(context, width), {});
  if (!t)
    return RtValue();
  t->setInt(0, value);
  return RtValue::of(std::move(*t));
}

llvm::Error interp::stackItems(Executor &exec, const CompiledNode &node,
                               ArrayRef<TensorPtr> items, Type dtype,
                               ArrayRef<int64_t> elementShape,
                               SmallVectorImpl<RtValue> &outs) {
  TensorPtr zeros;
  SmallVector<const HostTensor *, 8> ptrs;
  for (const TensorPtr &item : items) {
    if (!item && !zeros) {
      auto z = HostTensor::create(dtype, elementShape);
      if (!z)
        return nodeError(node.op, toString(z.takeError()));
      zeros = makeTensorPtr(std::move(*z));
    }
    ptrs.push_back(item ? item.get() : zeros.get());
  }
  auto stacked = stackTensors(ptrs, dtype, elementShape,
                              exec.getState().options.maxElements);
  if (!stacked)
    return nodeError(node.op, toString(stacked.takeError()));
  outs.push_back(RtValue::of(std::move(*stacked)));
  return llvm::Error::success();
}

llvm::Error interp::concatItems(Executor &exec, const CompiledNode &node,
                                ArrayRef<TensorPtr> items, Type dtype,
                                SmallVectorImpl<RtValue> &outs) {
  auto lengths = HostTensor::create(IntegerType::get(exec.getContext(), 64),
                                    {int64_t(items.size())});
  if (!lengths)
    return nodeError(node.op, toString(lengths.takeError()));
  SmallVector<const HostTensor *, 8> ptrs;
  SmallVector<int64_t, 4> rowShape;
  for (auto [i, item] : llvm::enumerate(items)) {
    if (!item)
      return nodeError(node.op, "item " + Twine(i) + " is unset");
    if (item->getRank() == 0)
      return nodeError(node.op, "cannot concatenate scalars");
    if (i == 0)
      rowShape.assign(item->getShape().begin() + 1, item->getShape().end());
    lengths->setInt(i, item->getShape()[0]);
    ptrs.push_back(item.get());
  }
  auto value =
      concatRows(ptrs, dtype, rowShape, exec.getState().options.maxElements);
  if (!value)
    return nodeError(node.op, toString(value.takeError()));
  outs.push_back(RtValue::of(std::move(*value)));
  outs.push_back(RtValue::of(std::move(*lengths)));
  return llvm::Error::success();
}
