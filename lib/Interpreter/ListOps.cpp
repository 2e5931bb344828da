//===- ListOps.cpp - Builtins: TensorLists --------------------------------===//
//
// TensorFlow's TensorList ops on variant handles. A TensorList is a value:
// every op that changes one gives a new list, as TensorFlow's kernels do
// (they reuse the list in place when no one else holds it; so does the
// interpreter, when the handle it was given is the only reference). A list
// has an element dtype, an element shape (possibly partial: -1 for an
// unknown dimension, or an unknown rank) and items, unset ones included;
// reading or stacking an unset item gives zeros of the element shape,
// which must then be fully known (from the list or the op's element_shape
// operand).
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

using Outs = SmallVectorImpl<RtValue>;
using Ins = MutableArrayRef<RtValue>;
using Shape = std::optional<SmallVector<int64_t, 4>>;

namespace {
struct TensorList : RuntimeObject {
  TensorList() : RuntimeObject(Kind::TensorList) {}
  Type dtype;
  Shape elementShape;
  std::vector<TensorPtr> items;
};
} // namespace

static llvm::Expected<TensorList *> getList(const CompiledNode &node,
                                            const RtValue &handle) {
  return getObject<TensorList>(node, handle, RuntimeObject::Kind::TensorList,
                               "TensorList");
}

/// The TensorList of input 0, once the node got at least `n` inputs.
static llvm::Expected<TensorList *> getList(const CompiledNode &node,
                                            Ins inputs, unsigned n) {
  return getObjectInput<TensorList>(
      node, inputs, n, RuntimeObject::Kind::TensorList, "TensorList");
}

/// The list of `handle` to change: the same object when no one else holds
/// it, else a copy.
static llvm::Expected<std::shared_ptr<TensorList>>
takeList(const CompiledNode &node, RtValue &handle) {
  auto list = getList(node, handle);
  if (!list)
    return list.takeError();
  if (handle.object.use_count() == 1)
    return std::static_pointer_cast<TensorList>(std::move(handle.object));
  return std::make_shared<TensorList>(**list);
}

static llvm::Expected<Shape> readShape(const CompiledNode &node,
                                       const RtValue &value) {
  auto shape = readShapeTensor(value, "element_shape");
  if (!shape)
    return nodeError(node.op, toString(shape.takeError()));
  return std::move(*shape);
}

/// The known dimensions of `a` and `b` together; an error if they differ.
static llvm::Expected<Shape> mergeShapes(const CompiledNode &node,
                                         const Shape &a, const Shape &b) {
  if (!a)
    return b;
  if (!b)
    return a;
  if (a->size() != b->size())
    return nodeError(node.op, "element shapes of different ranks");
  SmallVector<int64_t, 4> out;
  for (auto [x, y] : llvm::zip(*a, *b)) {
    if (x >= 0 && y >= 0 && x != y)
      return nodeError(node.op, "incompatible element shapes");
    out.push_back(x >= 0 ? x : y);
  }
  return Shape(std::move(out));
}

static bool isFullyKnown(const Shape &shape) {
  return shape && llvm::all_of(*shape, [](int64_t d) { return d >= 0; });
}

static llvm::Error checkCount(Executor &exec, const CompiledNode &node,
                              int64_t n) {
  if (n < 0 || n > kMaxListElements)
    return nodeError(node.op, "size " + Twine(n) +
                                  " is out of range (at most " +
                                  Twine(kMaxListElements) + " items)");
  return llvm::Error::success();
}

static RtValue handleOf(std::shared_ptr<TensorList> list) {
  return {nullptr, std::move(list)};
}

/// A new list of `dtype` and `shape` with `n` unset items.
static llvm::Expected<std::shared_ptr<TensorList>>
newList(Executor &exec, const CompiledNode &node, const Shape &shape,
        int64_t n) {
  if (llvm::Error err = checkCount(exec, node, n))
    return std::move(err);
  auto list = std::make_shared<TensorList>();
  list->dtype = getTypeAttr(node, "element_dtype");
  if (!list->dtype)
    return nodeError(node.op, "has no element_dtype");
  list->elementShape = shape;
  list->items.resize(n);
  return list;
}

static llvm::Error emptyList(Executor &exec, const CompiledNode &node,
                             Ins inputs, Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 1))
    return err;
  auto shape = readShape(node, inputs[0]);
  if (!shape)
    return shape.takeError();
  int64_t n = 0;
  if (node.opName == "TensorListReserve") {
    if (llvm::Error err = expectInputs(node, inputs, 2))
      return err;
    auto count = getScalarInt(inputs[1], "num_elements");
    if (!count)
      return nodeError(node.op, toString(count.takeError()));
    n = *count;
  }
  auto list = newList(exec, node, *shape, n);
  if (!list)
    return list.takeError();
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

static llvm::Error fromTensor(Executor &exec, const CompiledNode &node,
                              Ins inputs, Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 2))
    return err;
  const HostTensor *tensor = inputs[0].tensor.get();
  if (!tensor || tensor->getRank() == 0)
    return nodeError(node.op, "expects a tensor of rank 1 or more");
  auto shape = readShape(node, inputs[1]);
  if (!shape)
    return shape.takeError();
  Shape rowShape(SmallVector<int64_t, 4>(tensor->getShape().drop_front()));
  auto merged = mergeShapes(node, *shape, rowShape);
  if (!merged)
    return merged.takeError();
  auto list = newList(exec, node, *merged, 0);
  if (!list)
    return list.takeError();
  (*list)->dtype = tensor->getElementType();
  for (int64_t i = 0; i < tensor->getShape()[0]; ++i) {
    auto row = sliceRows(*tensor, i, 1, false);
    if (!row)
      return nodeError(node.op, toString(row.takeError()));
    (*list)->items.push_back(makeTensorPtr(std::move(*row)));
  }
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

/// Item `i` of `list`, zeros of the element shape (merged with `shape`)
/// when unset.
static llvm::Expected<TensorPtr> getItem(const CompiledNode &node,
                                         const TensorList &list, int64_t i,
                                         const Shape &shape) {
  if (i < 0 || uint64_t(i) >= list.items.size())
    return nodeError(node.op, "index " + Twine(i) + " is out of range of " +
                                  Twine(list.items.size()) + " items");
  if (list.items[i])
    return list.items[i];
  auto merged = mergeShapes(node, list.elementShape, shape);
  if (!merged)
    return merged.takeError();
  if (!isFullyKnown(*merged))
    return nodeError(node.op, "item " + Twine(i) +
                                  " is unset and the element shape unknown");
  auto zeros = HostTensor::create(list.dtype, **merged);
  if (!zeros)
    return nodeError(node.op, toString(zeros.takeError()));
  return makeTensorPtr(std::move(*zeros));
}

static llvm::Error getItemOp(Executor &, const CompiledNode &node, Ins inputs,
                             Outs &outs) {
  auto list = getList(node, inputs, 3);
  if (!list)
    return list.takeError();
  auto index = getScalarInt(inputs[1], "index");
  if (!index)
    return nodeError(node.op, toString(index.takeError()));
  auto shape = readShape(node, inputs[2]);
  if (!shape)
    return shape.takeError();
  auto item = getItem(node, **list, *index, *shape);
  if (!item)
    return item.takeError();
  outs.push_back({*item, nullptr});
  return llvm::Error::success();
}

static llvm::Error checkItem(const CompiledNode &node, const TensorList &list,
                             const RtValue &item) {
  if (!item.tensor)
    return nodeError(node.op, "the item is a handle, not a tensor");
  if (item.tensor->getElementType() != list.dtype)
    return nodeError(node.op, "the item's dtype is not the list's");
  return llvm::Error::success();
}

static llvm::Error setItem(Executor &exec, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 3))
    return err;
  auto index = getScalarInt(inputs[1], "index");
  if (!index)
    return nodeError(node.op, toString(index.takeError()));
  auto list = takeList(node, inputs[0]);
  if (!list)
    return list.takeError();
  if (llvm::Error err = checkItem(node, **list, inputs[2]))
    return err;
  std::vector<TensorPtr> &items = (*list)->items;
  auto resize = node.getAttrOfType<BoolAttr>("resize_if_index_out_of_bounds");
  if (*index >= 0 && uint64_t(*index) >= items.size() && resize &&
      resize.getValue()) {
    if (llvm::Error err = checkCount(exec, node, *index + 1))
      return err;
    items.resize(*index + 1);
  }
  if (*index < 0 || uint64_t(*index) >= items.size())
    return nodeError(node.op, "index " + Twine(*index) +
                                  " is out of range of " + Twine(items.size()) +
                                  " items");
  items[*index] = inputs[2].tensor;
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

static llvm::Error pushBack(Executor &exec, const CompiledNode &node,
                            Ins inputs, Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 2))
    return err;
  auto list = takeList(node, inputs[0]);
  if (!list)
    return list.takeError();
  if (llvm::Error err = checkItem(node, **list, inputs[1]))
    return err;
  if (llvm::Error err = checkCount(exec, node, (*list)->items.size() + 1))
    return err;
  (*list)->items.push_back(inputs[1].tensor);
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

static llvm::Error popBack(Executor &, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 2))
    return err;
  auto shape = readShape(node, inputs[1]);
  if (!shape)
    return shape.takeError();
  auto list = takeList(node, inputs[0]);
  if (!list)
    return list.takeError();
  if ((*list)->items.empty())
    return nodeError(node.op, "pops from an empty list");
  auto item = getItem(node, **list, (*list)->items.size() - 1, *shape);
  if (!item)
    return item.takeError();
  (*list)->items.pop_back();
  outs.push_back(handleOf(std::move(*list)));
  outs.push_back({*item, nullptr});
  return llvm::Error::success();
}

static llvm::Error length(Executor &exec, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  auto list = getList(node, inputs, 1);
  if (!list)
    return list.takeError();
  outs.push_back(scalarIntValue(exec.getContext(), 32, (*list)->items.size()));
  return llvm::Error::success();
}

static llvm::Error elementShape(Executor &exec, const CompiledNode &node,
                                Ins inputs, Outs &outs) {
  auto list = getList(node, inputs, 1);
  if (!list)
    return list.takeError();
  Type type = getTypeAttr(node, "shape_type");
  if (!type)
    type = IntegerType::get(exec.getContext(), 32);
  const Shape &shape = (*list)->elementShape;
  SmallVector<int64_t, 1> dims;
  if (shape)
    dims.push_back(shape->size());
  auto t = HostTensor::create(type, dims);
  if (!t)
    return nodeError(node.op, toString(t.takeError()));
  if (!shape)
    t->setInt(0, -1);
  else
    for (auto [i, d] : llvm::enumerate(*shape))
      t->setInt(i, d);
  outs.push_back(RtValue::of(std::move(*t)));
  return llvm::Error::success();
}

/// Stacks items `indices` of `list`.
static llvm::Error stackListItems(Executor &exec, const CompiledNode &node,
                                  const TensorList &list,
                                  ArrayRef<int64_t> indices, const Shape &shape,
                                  Outs &outs) {
  std::vector<TensorPtr> items;
  Shape rowShape;
  for (int64_t i : indices) {
    if (i < 0 || uint64_t(i) >= list.items.size())
      return nodeError(node.op, "index " + Twine(i) + " is out of range");
    items.push_back(list.items[i]);
    if (list.items[i] && !rowShape)
      rowShape.emplace(list.items[i]->getShape());
  }
  if (!rowShape) {
    auto merged = mergeShapes(node, list.elementShape, shape);
    if (!merged)
      return merged.takeError();
    if (!isFullyKnown(*merged))
      return nodeError(node.op, "cannot stack items of unknown shape");
    rowShape = std::move(*merged);
  }
  return stackItems(exec, node, items, list.dtype, *rowShape, outs);
}

static llvm::Error stack(Executor &exec, const CompiledNode &node, Ins inputs,
                         Outs &outs) {
  auto list = getList(node, inputs, 2);
  if (!list)
    return list.takeError();
  auto shape = readShape(node, inputs[1]);
  if (!shape)
    return shape.takeError();
  auto num = node.getAttrOfType<IntegerAttr>("num_elements");
  if (num && num.getInt() >= 0 &&
      uint64_t(num.getInt()) != (*list)->items.size())
    return nodeError(node.op, "the list has " + Twine((*list)->items.size()) +
                                  " items, num_elements says " +
                                  Twine(num.getInt()));
  SmallVector<int64_t, 8> indices;
  for (size_t i = 0; i < (*list)->items.size(); ++i)
    indices.push_back(i);
  return stackListItems(exec, node, **list, indices, *shape, outs);
}

static llvm::Error gather(Executor &exec, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  auto list = getList(node, inputs, 3);
  if (!list)
    return list.takeError();
  auto indices = readIndexVector(node, inputs[1]);
  if (!indices)
    return indices.takeError();
  auto shape = readShape(node, inputs[2]);
  if (!shape)
    return shape.takeError();
  return stackListItems(exec, node, **list, *indices, *shape, outs);
}

/// Writes the rows of `tensor` to the items `indices` of `list`.
static llvm::Error scatterRows(Executor &exec, const CompiledNode &node,
                               TensorList &list, const RtValue &tensor,
                               ArrayRef<int64_t> indices) {
  const HostTensor *t = tensor.tensor.get();
  if (!t || t->getRank() == 0 || t->getShape()[0] != int64_t(indices.size()))
    return nodeError(node.op, "the tensor's rows do not match the indices");
  for (auto [row, i] : llvm::enumerate(indices)) {
    if (i < 0)
      return nodeError(node.op, "index " + Twine(i) + " is negative");
    if (uint64_t(i) >= list.items.size()) {
      if (llvm::Error err = checkCount(exec, node, i + 1))
        return err;
      list.items.resize(i + 1);
    }
    auto item = sliceRows(*t, row, 1, false);
    if (!item)
      return nodeError(node.op, toString(item.takeError()));
    list.items[i] = makeTensorPtr(std::move(*item));
  }
  return llvm::Error::success();
}

static llvm::Error scatter(Executor &exec, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 3))
    return err;
  auto indices = readIndexVector(node, inputs[1]);
  if (!indices)
    return indices.takeError();
  auto shape = readShape(node, inputs[2]);
  if (!shape)
    return shape.takeError();
  int64_t n = 0;
  if (node.opName == "TensorListScatterV2") {
    if (llvm::Error err = expectInputs(node, inputs, 4))
      return err;
    auto count = getScalarInt(inputs[3], "num_elements");
    if (!count)
      return nodeError(node.op, toString(count.takeError()));
    n = std::max<int64_t>(*count, 0);
  }
  auto list = newList(exec, node, *shape, n);
  if (!list)
    return list.takeError();
  if (inputs[0].tensor)
    (*list)->dtype = inputs[0].tensor->getElementType();
  if (llvm::Error err = scatterRows(exec, node, **list, inputs[0], *indices))
    return err;
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

static llvm::Error scatterIntoExisting(Executor &exec, const CompiledNode &node,
                                       Ins inputs, Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 3))
    return err;
  auto indices = readIndexVector(node, inputs[2]);
  if (!indices)
    return indices.takeError();
  auto list = takeList(node, inputs[0]);
  if (!list)
    return list.takeError();
  if (llvm::Error err = scatterRows(exec, node, **list, inputs[1], *indices))
    return err;
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

static llvm::Error resize(Executor &exec, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 2))
    return err;
  auto size = getScalarInt(inputs[1], "size");
  if (!size)
    return nodeError(node.op, toString(size.takeError()));
  if (llvm::Error err = checkCount(exec, node, *size))
    return err;
  auto list = takeList(node, inputs[0]);
  if (!list)
    return list.takeError();
  (*list)->items.resize(*size);
  outs.push_back(handleOf(std::move(*list)));
  return llvm::Error::success();
}

static llvm::Error concat(Executor &exec, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  auto list = getList(node, inputs, 1);
  if (!list)
    return list.takeError();
  if ((*list)->items.empty())
    return nodeError(node.op, "cannot concatenate an empty list");
  return concatItems(exec, node, (*list)->items, (*list)->dtype, outs);
}

void interp::addListBuiltins(llvm::StringMap<BuiltinFn> &table) {
  table["EmptyTensorList"] = emptyList;
  table["TensorListReserve"] = emptyList;
  table["TensorListFromTensor"] = fromTensor;
  table["TensorListGetItem"] = getItemOp;
  table["TensorListSetItem"] = setItem;
  table["TensorListPushBack"] = pushBack;
  table["TensorListPopBack"] = popBack;
  table["TensorListLength"] = length;
  table["TensorListElementShape"] = elementShape;
  table["TensorListStack"] = stack;
  table["TensorListGather"] = gather;
  table["TensorListScatter"] = scatter;
  table["TensorListScatterV2"] = scatter;
  table["TensorListScatterIntoExistingList"] = scatterIntoExisting;
  table["TensorListResize"] = resize;
  table["TensorListConcatV2"] = concat;
}
