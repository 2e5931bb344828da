//===- StateOps.cpp - Builtins: resource variables and TensorArrays -------===//
//
// The ops with run-time state whose handles are resources:
// - resource variables (VarHandleOp, keyed by container and shared_name, the
//   node name when empty; ReadVariableOp, AssignVariableOp,
//   AssignAddVariableOp, AssignSubVariableOp, VarIsInitializedOp), kept by
//   the interpreter from one run to the next;
// - TensorArrays (TensorArrayV3 and its Read/Write/Gather/Scatter/Size/
//   Concat/Split/Close V3 ops), one object per TensorArrayV3 execution,
//   freed when no handle refers to it. The flow values are float scalars
//   that only order the ops. A write to an index at or past the size grows
//   the array when it is `dynamic_size`, and fails otherwise; reading an
//   element never written gives zeros of the array's element shape when
//   that is fully known, and fails otherwise. Elements are not cleared on
//   read (`clear_after_read` is not enforced).
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

using Outs = SmallVectorImpl<RtValue>;
using Ins = MutableArrayRef<RtValue>;

namespace {
struct Variable : RuntimeObject {
  Variable() : RuntimeObject(Kind::Variable) {}
  TensorPtr value;
};

struct TensorArray : RuntimeObject {
  TensorArray() : RuntimeObject(Kind::TensorArray) {}
  Type dtype;
  std::vector<TensorPtr> elements;
  bool dynamicSize = false;
  /// The element shape when fully known.
  std::optional<SmallVector<int64_t, 4>> elementShape;
};
} // namespace

//===----------------------------------------------------------------------===//
// Resource variables
//===----------------------------------------------------------------------===//

/// The variable of input 0, once the node got at least `n` inputs.
static llvm::Expected<Variable *> getVariable(const CompiledNode &node,
                                              Ins inputs, unsigned n) {
  return getObjectInput<Variable>(node, inputs, n,
                                  RuntimeObject::Kind::Variable, "variable");
}

static llvm::Error varHandle(Executor &exec, const CompiledNode &node, Ins,
                             Outs &outs) {
  auto str = [&](StringRef name) {
    auto attr = node.getAttrOfType<StringAttr>(name);
    return attr ? attr.str() : std::string();
  };
  std::string shared = str("shared_name");
  if (shared.empty())
    shared = getNodeName(node.op).str();
  std::shared_ptr<RuntimeObject> &var =
      exec.getState().resources->variables[{str("container"), shared}];
  if (!var)
    var = std::make_shared<Variable>();
  outs.push_back({nullptr, var});
  return llvm::Error::success();
}

static llvm::Error readVariable(Executor &, const CompiledNode &node,
                                Ins inputs, Outs &outs) {
  auto var = getVariable(node, inputs, 1);
  if (!var)
    return var.takeError();
  if (!(*var)->value)
    return nodeError(node.op, "reads a variable that was never assigned");
  outs.push_back({(*var)->value, nullptr});
  return llvm::Error::success();
}

static llvm::Error assignVariable(Executor &exec, const CompiledNode &node,
                                  Ins inputs, Outs &) {
  auto var = getVariable(node, inputs, 2);
  if (!var)
    return var.takeError();
  const HostTensor *value = inputs[1].tensor.get();
  if (!value)
    return nodeError(node.op, "the value is a handle, not a tensor");
  StringRef op = node.opName;
  if (op == "AssignVariableOp") {
    (*var)->value = inputs[1].tensor;
    return llvm::Error::success();
  }
  if (!(*var)->value)
    return nodeError(node.op, "updates a variable that was never assigned");
  const HostTensor *operands[] = {(*var)->value.get(), value};
  auto result = evaluateOnHostPointers(
      exec.getContext(), op == "AssignAddVariableOp" ? "AddV2" : "Sub",
      ArrayRef<const HostTensor *>(operands), DictionaryAttr(),
      exec.getState().options.maxElements);
  if (!result)
    return nodeError(node.op, toString(result.takeError()));
  if (result->size() != 1 || !(*result)[0])
    return nodeError(node.op, "computed no value");
  (*var)->value = makeTensorPtr(std::move((*result)[0]));
  return llvm::Error::success();
}

static llvm::Error varIsInitialized(Executor &exec, const CompiledNode &node,
                                    Ins inputs, Outs &outs) {
  auto var = getVariable(node, inputs, 1);
  if (!var)
    return var.takeError();
  outs.push_back(
      scalarIntValue(exec.getContext(), 1, (*var)->value != nullptr));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// TensorArrays
//===----------------------------------------------------------------------===//

static RtValue makeFlow(Executor &exec) {
  auto flow = HostTensor::create(Float32Type::get(exec.getContext()), {});
  return flow ? RtValue::of(std::move(*flow)) : RtValue();
}

/// The TensorArray of input 0, once the node got at least `n` inputs.
static llvm::Expected<TensorArray *> getArray(const CompiledNode &node,
                                              Ins inputs, unsigned n) {
  return getObjectInput<TensorArray>(
      node, inputs, n, RuntimeObject::Kind::TensorArray, "TensorArray");
}

static llvm::Error tensorArray(Executor &exec, const CompiledNode &node,
                               Ins inputs, Outs &outs) {
  if (llvm::Error err = expectInputs(node, inputs, 1))
    return err;
  auto size = getScalarInt(inputs[0], "size");
  if (!size)
    return nodeError(node.op, toString(size.takeError()));
  if (*size < 0 || *size > kMaxListElements)
    return nodeError(node.op, "size " + Twine(*size) +
                                  " is out of range (at most " +
                                  Twine(kMaxListElements) + " elements)");
  auto array = std::make_shared<TensorArray>();
  array->dtype = getTypeAttr(node, "dtype");
  if (!array->dtype)
    return nodeError(node.op, "has no dtype");
  array->elements.resize(*size);
  if (auto dyn = node.getAttrOfType<BoolAttr>("dynamic_size"))
    array->dynamicSize = dyn.getValue();
  if (auto shape = node.getAttrOfType<tf_type::ShapeAttr>("element_shape"))
    if (!shape.getUnranked() && llvm::none_of(shape.getShape(), [](int64_t d) {
          return ShapedType::isDynamic(d);
        }))
      array->elementShape.emplace(shape.getShape());
  outs.push_back({nullptr, std::move(array)});
  outs.push_back(makeFlow(exec));
  return llvm::Error::success();
}

/// Element `i` of `array` for reading.
static llvm::Expected<TensorPtr> readElement(const CompiledNode &node,
                                             TensorArray &array, int64_t i) {
  if (i < 0 || uint64_t(i) >= array.elements.size())
    return nodeError(node.op, "index " + Twine(i) + " is out of range of " +
                                  Twine(array.elements.size()) + " elements");
  if (array.elements[i])
    return array.elements[i];
  if (!array.elementShape)
    return nodeError(node.op, "reads element " + Twine(i) +
                                  ", never written, of unknown shape");
  auto zeros = HostTensor::create(array.dtype, *array.elementShape);
  if (!zeros)
    return nodeError(node.op, toString(zeros.takeError()));
  return makeTensorPtr(std::move(*zeros));
}

/// Stores `value` as element `i`.
static llvm::Error writeElement(Executor &exec, const CompiledNode &node,
                                TensorArray &array, int64_t i,
                                TensorPtr value) {
  if (value->getElementType() != array.dtype)
    return nodeError(node.op, "writes a value of another dtype than the "
                              "TensorArray's");
  if (i < 0)
    return nodeError(node.op, "index " + Twine(i) + " is negative");
  if (uint64_t(i) >= array.elements.size()) {
    if (!array.dynamicSize)
      return nodeError(node.op, "index " + Twine(i) + " is out of range of " +
                                    Twine(array.elements.size()) +
                                    " elements (not dynamic_size)");
    if (i >= kMaxListElements)
      return nodeError(node.op, "index " + Twine(i) + " is over the bound (" +
                                    Twine(kMaxListElements) + " elements)");
    array.elements.resize(i + 1);
  }
  array.elements[i] = std::move(value);
  return llvm::Error::success();
}

static llvm::Error taWrite(Executor &exec, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  auto array = getArray(node, inputs, 3);
  if (!array)
    return array.takeError();
  auto index = getScalarInt(inputs[1], "index");
  if (!index)
    return nodeError(node.op, toString(index.takeError()));
  if (!inputs[2].tensor)
    return nodeError(node.op, "the value is a handle, not a tensor");
  if (llvm::Error err =
          writeElement(exec, node, **array, *index, inputs[2].tensor))
    return err;
  outs.push_back(makeFlow(exec));
  return llvm::Error::success();
}

static llvm::Error taRead(Executor &, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  auto array = getArray(node, inputs, 2);
  if (!array)
    return array.takeError();
  auto index = getScalarInt(inputs[1], "index");
  if (!index)
    return nodeError(node.op, toString(index.takeError()));
  auto value = readElement(node, **array, *index);
  if (!value)
    return value.takeError();
  outs.push_back({*value, nullptr});
  return llvm::Error::success();
}

/// The element shape for stacking: the elements' common shape, else the
/// array's known element shape (from its element_shape attribute).
static llvm::Expected<SmallVector<int64_t, 4>>
getStackShape(const CompiledNode &node, TensorArray &array,
              ArrayRef<TensorPtr> items) {
  for (const TensorPtr &item : items)
    if (item)
      return SmallVector<int64_t, 4>(item->getShape());
  if (array.elementShape)
    return *array.elementShape;
  return nodeError(node.op, "cannot stack elements of unknown shape");
}

static llvm::Error taGather(Executor &exec, const CompiledNode &node,
                            Ins inputs, Outs &outs) {
  auto array = getArray(node, inputs, 2);
  if (!array)
    return array.takeError();
  auto indices = readIndexVector(node, inputs[1]);
  if (!indices)
    return indices.takeError();
  std::vector<TensorPtr> items;
  for (int64_t index : *indices) {
    if (index < 0 || uint64_t(index) >= (*array)->elements.size())
      return nodeError(node.op, "index " + Twine(index) + " is out of range");
    items.push_back((*array)->elements[index]);
  }
  auto shape = getStackShape(node, **array, items);
  if (!shape)
    return shape.takeError();
  return stackItems(exec, node, items, (*array)->dtype, *shape, outs);
}

static llvm::Error taScatter(Executor &exec, const CompiledNode &node,
                             Ins inputs, Outs &outs) {
  auto array = getArray(node, inputs, 3);
  if (!array)
    return array.takeError();
  const HostTensor *indices = inputs[1].tensor.get();
  const HostTensor *value = inputs[2].tensor.get();
  if (!indices || !value || indices->getRank() != 1 ||
      indices->getKind() != HostElementKind::Signed || value->getRank() == 0 ||
      value->getShape()[0] != indices->getNumElements())
    return nodeError(node.op, "indices and value do not match");
  for (int64_t i = 0; i < indices->getNumElements(); ++i) {
    auto row = sliceRows(*value, i, 1, false);
    if (!row)
      return nodeError(node.op, toString(row.takeError()));
    if (llvm::Error err = writeElement(exec, node, **array, indices->getInt(i),
                                       makeTensorPtr(std::move(*row))))
      return err;
  }
  outs.push_back(makeFlow(exec));
  return llvm::Error::success();
}

static llvm::Error taSize(Executor &exec, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  auto array = getArray(node, inputs, 1);
  if (!array)
    return array.takeError();
  outs.push_back(
      scalarIntValue(exec.getContext(), 32, (*array)->elements.size()));
  return llvm::Error::success();
}

static llvm::Error taConcat(Executor &exec, const CompiledNode &node,
                            Ins inputs, Outs &outs) {
  auto array = getArray(node, inputs, 1);
  if (!array)
    return array.takeError();
  return concatItems(exec, node, (*array)->elements, (*array)->dtype, outs);
}

static llvm::Error taSplit(Executor &exec, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  auto array = getArray(node, inputs, 3);
  if (!array)
    return array.takeError();
  const HostTensor *value = inputs[1].tensor.get();
  const HostTensor *lengths = inputs[2].tensor.get();
  if (!value || !lengths || lengths->getRank() != 1 ||
      lengths->getKind() != HostElementKind::Signed || value->getRank() == 0)
    return nodeError(node.op, "expects a value and a vector of lengths");
  int64_t row = 0;
  for (int64_t i = 0; i < lengths->getNumElements(); ++i) {
    int64_t n = lengths->getInt(i);
    auto part = sliceRows(*value, row, n, true);
    if (!part)
      return nodeError(node.op, toString(part.takeError()));
    row += n;
    if (llvm::Error err = writeElement(exec, node, **array, i,
                                       makeTensorPtr(std::move(*part))))
      return err;
  }
  if (row != value->getShape()[0])
    return nodeError(node.op, "lengths do not sum to the value's rows");
  outs.push_back(makeFlow(exec));
  return llvm::Error::success();
}

static llvm::Error taClose(Executor &, const CompiledNode &, Ins, Outs &) {
  return llvm::Error::success();
}

void interp::addStateBuiltins(llvm::StringMap<BuiltinFn> &table) {
  table["VarHandleOp"] = varHandle;
  table["ReadVariableOp"] = readVariable;
  for (StringRef name :
       {"AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"})
    table[name] = assignVariable;
  table["VarIsInitializedOp"] = varIsInitialized;
  table["TensorArrayV3"] = tensorArray;
  table["TensorArrayWriteV3"] = taWrite;
  table["TensorArrayReadV3"] = taRead;
  table["TensorArrayGatherV3"] = taGather;
  table["TensorArrayScatterV3"] = taScatter;
  table["TensorArraySizeV3"] = taSize;
  table["TensorArrayConcatV3"] = taConcat;
  table["TensorArraySplitV3"] = taSplit;
  table["TensorArrayCloseV3"] = taClose;
}
