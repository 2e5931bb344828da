//===- ListLowering.cpp - TensorList/TensorArray ops on dense buffers -----===//
//
// A list is its buffer [size, element...] (ListAnalysis): created as zeros
// (TensorListReserve, TensorArrayV3's flow) or from a tensor
// (TensorListFromTensor), written with dynamic_update_slice
// (TensorListSetItem, TensorArrayWriteV3) or scatter (TensorArrayScatterV3),
// read with dynamic_slice (TensorListGetItem, TensorArrayReadV3) or gather
// (TensorArrayGatherV3), stacked as the buffer itself (TensorListStack),
// concatenated and split (TensorArrayConcatV3, TensorArraySplitV3: elements
// of one shape) as the buffer reshaped.
// Sizes and element shapes are constants. A TensorArray's resource handle
// carries nothing (tensor<0xi32>): its flow values carry the buffer, so the
// writes of a loop are loop state of the stablehlo.while.
//
// Indices out of range clamp, as dynamic_slice and dynamic_update_slice
// define; a scatter skips them. TensorFlow reports them as errors.
//
//===----------------------------------------------------------------------===//

#include "DynamicShapes.h"
#include "GraphLowering.h"
#include "Lowering.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {
/// One list op's lowering: the node as the rules see it, its list buffer
/// type.
struct ListOp {
  Lowering &l;
  RankedTensorType buffer;

  /// The element type of one item: the buffer without its leading
  /// dimension.
  RankedTensorType itemType() const {
    return RankedTensorType::get(buffer.getShape().drop_front(),
                                 buffer.getElementType());
  }

  /// The start indices [index, 0, ...] of one item (index: an integer
  /// scalar).
  FailureOr<SmallVector<Value>> starts(Value index) {
    auto it = l.type(index);
    if (it.getRank() != 0 || !isa<IntegerType>(it.getElementType()))
      return l.error() << "takes the index " << it << ", not an integer scalar";
    SmallVector<Value> s{index};
    Value zero = l.splat(it, 0);
    for (int64_t i = 1; i < buffer.getRank(); ++i)
      s.push_back(zero);
    return s;
  }

  /// Item `index` of `list`.
  FailureOr<Value> read(Value list, Value index) {
    FailureOr<SmallVector<Value>> s = starts(index);
    if (failed(s))
      return failure();
    SmallVector<int64_t> sizes(buffer.getShape());
    sizes[0] = 1;
    SmallVector<Value> operands{list};
    operands.append(*s);
    Value slice = l.op("dynamic_slice", operands,
                       RankedTensorType::get(sizes, buffer.getElementType()),
                       {l.named("slice_sizes", l.i64s(sizes))});
    return l.reshape(slice, itemType().getShape());
  }

  /// `list` with item `index` replaced by `item`.
  FailureOr<Value> write(Value list, Value index, Value item) {
    // An item of `?` sizes takes the element type, checked when run.
    item = dyn::refineTo(l, item, itemType());
    if (l.type(item) != itemType())
      return l.error() << "writes " << l.type(item)
                       << " into a list of elements " << itemType();
    FailureOr<SmallVector<Value>> s = starts(index);
    if (failed(s))
      return failure();
    SmallVector<int64_t> sizes(buffer.getShape());
    sizes[0] = 1;
    SmallVector<Value> operands{list, l.reshape(item, sizes)};
    operands.append(*s);
    return l.op("dynamic_update_slice", operands, buffer);
  }

  /// An integer constant of `type` holding `values`.
  Value ints(RankedTensorType type, ArrayRef<int64_t> values) {
    auto elem = cast<IntegerType>(type.getElementType());
    SmallVector<APInt> v;
    for (int64_t x : values)
      v.push_back(APInt(elem.getWidth(), x, /*isSigned=*/true));
    return l.constant(DenseElementsAttr::get(type, v));
  }
};
} // namespace

/// The result type `t` must be `want`.
static LogicalResult expectResult(Lowering &l, unsigned i, Type want) {
  if (l.resultType(i) != want)
    return l.error() << "has output " << i << " of type " << l.resultType(i)
                     << " where the list gives " << want;
  return success();
}

LogicalResult GraphLowering::lowerListOp(OpBuilder &b, Operation *op,
                                         ValueRange operands,
                                         SmallVectorImpl<Value> &results) {
  StringRef opType = getTFOpName(op);
  TFNode node{opType, getNodeName(op), op->getLoc(), getNodeAttrs(op), {}, {}};
  node.operands.append(operands.begin(), operands.end());
  ResultRange outs = getDataResults(op);
  for (Value v : outs)
    node.resultTypes.push_back(loweredType(v));
  Lowering l(b, node);
  // The list this op works on: its first list result (creation) or
  // operand; the buffer is the flow's (a TensorArray's handle is empty).
  bool creates = opType == "TensorArrayV3" || opType == "TensorListReserve" ||
                 opType == "TensorListFromTensor";
  OperandRange ins = getDataOperands(op);
  Value list;
  if (creates && !outs.empty())
    list = outs.back();
  else if (!creates && !ins.empty())
    list = ins.front();
  if (!list)
    return l.error() << "has no list";
  const ListAnalysis::Info *info = lists.find(list);
  RankedTensorType buffer = info ? ListAnalysis::bufferType(*info) : nullptr;
  if (!buffer)
    return lists.notStaticError(op, list);
  ListOp lo{l, buffer};
  // The buffer operand of a TensorArray op is its flow (the last operand).
  auto flow = [&]() { return operands.back(); };
  auto arity = [&](unsigned n, unsigned r) { return l.expectArity(n, r); };

  if (opType == "TensorArrayV3") {
    if (failed(arity(1, 2)))
      return failure();
    results.push_back(lo.ints(node.resultTypes[0], {}));
    results.push_back(l.splat(buffer, 0));
    return success();
  }
  if (opType == "TensorListReserve") {
    if (failed(arity(2, 1)))
      return failure();
    results.push_back(l.splat(buffer, 0));
    return success();
  }
  if (opType == "TensorListFromTensor") {
    if (failed(arity(2, 1)))
      return failure();
    if (l.type(operands[0]) != buffer)
      return l.error() << "makes a list of " << l.type(operands[0])
                       << " where its uses give it " << buffer;
    results.push_back(operands[0]);
    return success();
  }
  if (opType == "TensorArrayWriteV3" || opType == "TensorListSetItem") {
    bool isArray = opType == "TensorArrayWriteV3";
    if (failed(arity(isArray ? 4 : 3, 1)))
      return failure();
    if (!isArray) {
      FailureOr<bool> resize =
          l.boolAttr("resize_if_index_out_of_bounds", false);
      if (failed(resize))
        return failure();
      if (*resize)
        return l.error() << "resizes the list on writes out of bounds, "
                            "which a fixed buffer cannot";
    }
    FailureOr<Value> w =
        lo.write(isArray ? flow() : operands[0], operands[1], operands[2]);
    if (failed(w))
      return failure();
    results.push_back(*w);
    return success();
  }
  if (opType == "TensorArrayReadV3" || opType == "TensorListGetItem") {
    bool isArray = opType == "TensorArrayReadV3";
    if (failed(arity(3, 1)) || failed(expectResult(l, 0, lo.itemType())))
      return failure();
    FailureOr<Value> r = lo.read(isArray ? flow() : operands[0], operands[1]);
    if (failed(r))
      return failure();
    results.push_back(*r);
    return success();
  }
  if (opType == "TensorArrayGatherV3") {
    if (failed(arity(3, 1)))
      return failure();
    TFNode gather{"Gather", node.name, node.loc, {}, {}, {}};
    gather.operands = {flow(), operands[1]};
    gather.resultTypes = {node.resultTypes[0]};
    if (l.type(operands[1]).hasStaticShape())
      return legalizeNode(b, gather, results);
    // Indices of `?` count (a Range to the computed size, ...): the
    // dynamic GatherV2 on the buffer's first axis.
    gather.opType = "GatherV2";
    gather.operands.push_back(
        lo.ints(RankedTensorType::get({}, b.getI32Type()), {0}));
    gather.resultTypes = {getRankedHLOType(getDataResults(op)[0].getType())};
    return legalizeDynamicNode(b, gather, results);
  }
  if (opType == "TensorArrayScatterV3") {
    if (failed(arity(4, 1)))
      return failure();
    Value indices = operands[1], value = operands[2];
    RankedTensorType it = l.type(indices), vt = l.type(value);
    if (it.getRank() != 1 || !isa<IntegerType>(it.getElementType()) ||
        vt.getRank() != buffer.getRank() ||
        vt.getDimSize(0) != it.getDimSize(0) ||
        vt.getShape().drop_front() != buffer.getShape().drop_front() ||
        vt.getElementType() != buffer.getElementType())
      return l.error() << "scatters " << vt << " at indices " << it
                       << " into a list of " << buffer;
    results.push_back(emitScatter(l, flow(), indices, value,
                                  /*indexVectorDim=*/1, /*numInserted=*/1,
                                  /*firstWindowDim=*/1, /*body=*/""));
    return success();
  }
  if (opType == "TensorListStack") {
    if (failed(arity(2, 1)))
      return failure();
    FailureOr<int64_t> n = l.intAttr("num_elements", -1);
    if (failed(n))
      return failure();
    if (*n != -1 && *n != buffer.getDimSize(0))
      return l.error() << "stacks " << *n << " elements of a list of "
                       << buffer.getDimSize(0);
    if (failed(expectResult(l, 0, buffer)))
      return failure();
    results.push_back(operands[0]);
    return success();
  }
  if (opType == "TensorArraySizeV3" || opType == "TensorListLength") {
    if (failed(arity(opType == "TensorListLength" ? 1 : 2, 1)))
      return failure();
    RankedTensorType t = l.resultType();
    if (t.getRank() != 0 || !isa<IntegerType>(t.getElementType()))
      return l.error() << "has the size type " << t
                       << ", not an integer scalar";
    results.push_back(lo.ints(t, {buffer.getDimSize(0)}));
    return success();
  }
  if (opType == "TensorArrayConcatV3") {
    // The elements end to end (identical shapes: the buffer reshaped), and
    // their lengths.
    if (failed(arity(2, 2)))
      return failure();
    if (buffer.getRank() < 2)
      return l.error() << "concatenates scalar elements (" << buffer << ")";
    SmallVector<int64_t> shape(buffer.getShape().drop_front());
    shape[0] *= buffer.getDimSize(0);
    auto value = RankedTensorType::get(shape, buffer.getElementType());
    RankedTensorType lengths = l.resultType(1);
    if (failed(expectResult(l, 0, value)))
      return failure();
    if (lengths.getRank() != 1 ||
        lengths.getDimSize(0) != buffer.getDimSize(0) ||
        !isa<IntegerType>(lengths.getElementType()))
      return l.error() << "has the lengths type " << lengths << " for "
                       << buffer.getDimSize(0) << " elements";
    results.push_back(l.reshape(flow(), shape));
    SmallVector<int64_t> each(buffer.getDimSize(0), buffer.getDimSize(1));
    results.push_back(lo.ints(lengths, each));
    return success();
  }
  if (opType == "TensorArraySplitV3") {
    // Value [n * L, rest...] split into the n elements [L, rest...] (the
    // analysis made every length L): the whole buffer.
    if (failed(arity(4, 1)))
      return failure();
    FailureOr<SmallVector<int64_t>> lengths = l.constInts(2);
    if (failed(lengths))
      return failure();
    RankedTensorType vt = l.type(operands[1]);
    if (buffer.getRank() < 2 ||
        (int64_t)lengths->size() != buffer.getDimSize(0) ||
        llvm::any_of(*lengths,
                     [&](int64_t n) { return n != buffer.getDimSize(1); }) ||
        vt.getRank() != buffer.getRank() - 1 ||
        vt.getNumElements() != buffer.getNumElements() ||
        vt.getElementType() != buffer.getElementType())
      return l.error() << "splits " << vt << " into " << lengths->size()
                       << " elements, where the array is " << buffer;
    results.push_back(l.reshape(operands[1], buffer.getShape()));
    return success();
  }
  if (opType == "TensorArrayCloseV3")
    return arity(1, 0);
  return l.error() << "is not a list op this lowering knows";
}
