//===- StableHLOCommOps.cpp - collectives and I/O -------------------------===//
//
// The generated code of StableHLOCommOps.td with the verifiers of the
// collectives, point-to-point and streaming operations, written from the
// spec's constraints that do not depend on the process grid (its size is a
// property of the execution, not of the program).
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "StableHLOVerify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOCommOps.cpp.inc"

void StableHLODialect::registerCommOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/StableHLO/StableHLOCommOps.cpp.inc"
      >();
}

#define STABLEHLO_COMPATIBLE(OP)                                               \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) {                 \
    return compatibleReturnTypes(l, r);                                        \
  }

/// `is_unique(replica_groups)`, 2-d, ids non-negative (-1 pads groups of
/// different sizes).
static LogicalResult verifyGroups(Operation *op, DenseIntElementsAttr groups) {
  if (failed(verifyReplicaGroups(op, groups, "replica_groups")))
    return failure();
  llvm::SmallDenseSet<int64_t> seen;
  for (const APInt &v : groups.getValues<APInt>()) {
    int64_t id = v.getSExtValue();
    if (id == -1)
      continue;
    if (id < 0)
      return op->emitOpError("replica_groups holds the negative id ") << id;
    if (!seen.insert(id).second)
      return op->emitOpError("replica_groups are not unique (")
             << id << " repeats)";
  }
  return success();
}

/// `a * b` for a dimension size, dynamic when it does not fit.
static int64_t mulDim(int64_t a, int64_t b) {
  __int128 product = (__int128)a * b;
  if (product < 0 || product > INT64_MAX / 2)
    return ShapedType::kDynamic;
  return static_cast<int64_t>(product);
}

/// The group size, dim(replica_groups, 1).
static int64_t groupSize(DenseIntElementsAttr groups) {
  return groups.getType().getDimSize(1);
}

/// `use_global_device_ids` needs a channel id above 0.
static LogicalResult verifyGlobalIds(Operation *op, bool useGlobal,
                                     std::optional<ChannelHandleAttr> handle) {
  if (useGlobal && (!handle || handle->getHandle() <= 0))
    return op->emitOpError("use_global_device_ids needs a channel_handle "
                           "with a positive handle");
  return success();
}

/// `source_target_pairs`: [N, 2], sources unique, targets unique.
static LogicalResult verifyPairs(Operation *op, DenseIntElementsAttr pairs) {
  ArrayRef<int64_t> shape = pairs.getType().getShape();
  if (shape.size() != 2 || shape[1] != 2)
    return op->emitOpError("source_target_pairs must have shape [N, 2]");
  llvm::SmallDenseSet<int64_t> sources, targets;
  auto values = llvm::to_vector(pairs.getValues<int64_t>());
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    if (values[i] < 0 || values[i + 1] < 0)
      return op->emitOpError("source_target_pairs holds a negative id");
    if (!sources.insert(values[i]).second)
      return op->emitOpError("source ") << values[i] << " repeats";
    if (!targets.insert(values[i + 1]).second)
      return op->emitOpError("target ") << values[i + 1] << " repeats";
  }
  return success();
}

/// Results have the operands' types except along `dim`, where `adjust`
/// maps the operand's size to the result's.
static LogicalResult
verifyResultsLikeOperands(Operation *op, ValueRange operands,
                          ValueRange results, int64_t dim,
                          function_ref<int64_t(int64_t)> adjust) {
  if (operands.size() != results.size())
    return op->emitOpError("must have as many results as operands");
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(operands, results))) {
    auto in = cast<RankedTensorType>(std::get<0>(pair).getType());
    auto out = cast<RankedTensorType>(std::get<1>(pair).getType());
    SmallVector<int64_t> shape(in.getShape());
    if (dim >= 0 && dim < in.getRank() && !ShapedType::isDynamic(shape[dim]))
      shape[dim] = adjust(shape[dim]);
    if (out.getRank() != in.getRank() ||
        failed(verifyCompatibleShape(out.getShape(), shape)) ||
        !compatibleElementTypes(in.getElementType(), out.getElementType()))
      return op->emitOpError("result #")
             << i << " must be "
             << RankedTensorType::get(shape, in.getElementType());
  }
  return success();
}

/// `0 <= dim < rank` for every operand.
static LogicalResult verifyDimOfAll(Operation *op, ValueRange operands,
                                    int64_t dim, StringRef what) {
  for (Value v : operands) {
    int64_t rank = cast<RankedTensorType>(v.getType()).getRank();
    if (dim < 0 || dim >= rank)
      return op->emitOpError()
             << what << " " << dim << " is out of range [0, " << rank << ")";
  }
  return success();
}

LogicalResult AllGatherOp::verify() {
  int64_t dim = static_cast<int64_t>(getAllGatherDim());
  // (C1), (C2), (C5)
  if (failed(verifyDimOfAll(*this, getOperands(), dim, "all_gather_dim")) ||
      failed(verifyGroups(*this, getReplicaGroups())) ||
      failed(
          verifyGlobalIds(*this, getUseGlobalDeviceIds(), getChannelHandle())))
    return failure();
  // (C6)
  int64_t groups = groupSize(getReplicaGroups());
  return verifyResultsLikeOperands(
      *this, getOperands(), getResults(), dim,
      [&](int64_t d) { return mulDim(d, groups); });
}

LogicalResult AllReduceOp::verify() {
  // (C1), (C4)
  if (failed(verifyGroups(*this, getReplicaGroups())) ||
      failed(
          verifyGlobalIds(*this, getUseGlobalDeviceIds(), getChannelHandle())))
    return failure();
  if (getOperands().empty())
    return emitOpError("needs at least one operand");
  // (C5)
  Type element =
      cast<RankedTensorType>(getOperands().front().getType()).getElementType();
  if (failed(verifyReducerRegion(*this, getComputation(), {element},
                                 "computation")))
    return failure();
  // (C6), (C7)
  return verifyResultsLikeOperands(*this, getOperands(), getResults(), -1,
                                   [](int64_t d) { return d; });
}

LogicalResult AllToAllOp::verify() {
  int64_t split = static_cast<int64_t>(getSplitDimension()),
          concat = static_cast<int64_t>(getConcatDimension());
  int64_t count = static_cast<int64_t>(getSplitCount());
  // (C1), (C3)-(C5)
  if (failed(verifyDimOfAll(*this, getOperands(), split, "split_dimension")) ||
      failed(
          verifyDimOfAll(*this, getOperands(), concat, "concat_dimension")) ||
      failed(verifyGroups(*this, getReplicaGroups())))
    return failure();
  if (count <= 0)
    return emitOpError("split_count must be positive, is ") << count;
  // (C8)
  if (groupSize(getReplicaGroups()) != count)
    return emitOpError("replica groups must have split_count members");
  // (C2)
  for (Value v : getOperands()) {
    int64_t size = cast<RankedTensorType>(v.getType()).getDimSize(split);
    if (!ShapedType::isDynamic(size) && size % count != 0)
      return emitOpError("split dimension size ")
             << size << " is not a multiple of split_count";
  }
  // (C9)
  if (getOperands().size() != getResults().size())
    return emitOpError("must have as many results as operands");
  for (auto [in, out] : llvm::zip_equal(getOperands(), getResults())) {
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<int64_t> shape(inType.getShape());
    if (split != concat) {
      if (!ShapedType::isDynamic(shape[split]))
        shape[split] /= count;
      if (!ShapedType::isDynamic(shape[concat]))
        shape[concat] = mulDim(shape[concat], count);
    }
    auto outType = cast<RankedTensorType>(out.getType());
    if (outType.getRank() != inType.getRank() ||
        failed(verifyCompatibleShape(outType.getShape(), shape)))
      return emitOpError("result must have shape ") << shapeString(shape);
  }
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  // (C1)
  if (failed(verifyGroups(*this, getReplicaGroups())))
    return failure();
  bool dynamicRoot = getHasDynamicRoot().value_or(false);
  ValueRange data = getOperands();
  // (C3), (C4)
  if (dynamicRoot) {
    if (data.size() < 2)
      return emitOpError("has_dynamic_root needs the data and a root operand");
    auto root = cast<RankedTensorType>(data.back().getType());
    if (root.getRank() != 1 ||
        !compatibleDim(root.getDimSize(0), data.size() - 1) ||
        !root.getElementType().isInteger(32))
      return emitOpError("the root operand must be tensor<")
             << data.size() - 1 << "xi32>";
    data = data.drop_back();
  } else if (data.empty()) {
    return emitOpError("needs at least one operand");
  }
  // (C5)
  if (getResults().getTypes() != data.getTypes())
    return emitOpError("results must have the data operands' types");
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  // (C1)-(C3)
  if (failed(verifyPairs(*this, getSourceTargetPairs())))
    return failure();
  // (C5)
  if (getOperand().getType() != getResult().getType())
    return emitOpError("result must have the operand's type");
  return success();
}

LogicalResult CollectiveReduceOp::verify() {
  if (failed(verifyGroups(*this, getReplicaGroups())))
    return failure();
  ValueRange data = getOperands();
  if (getHasDynamicRoot().value_or(false)) {
    if (data.size() < 2)
      return emitOpError("has_dynamic_root needs the data and a root operand");
    data = data.drop_back();
  } else if (data.empty()) {
    return emitOpError("needs at least one operand");
  }
  Type element =
      cast<RankedTensorType>(data.front().getType()).getElementType();
  if (failed(verifyReducerRegion(*this, getComputation(), {element},
                                 "computation")))
    return failure();
  if (getResults().getTypes() != data.getTypes())
    return emitOpError("results must have the data operands' types");
  return success();
}

LogicalResult ReduceScatterOp::verify() {
  int64_t dim = static_cast<int64_t>(getScatterDimension());
  auto operand = cast<RankedTensorType>(getOperand().getType());
  // (C2), (C3), (C6)
  if (dim < 0 || dim >= operand.getRank())
    return emitOpError("scatter_dimension ")
           << dim << " is out of range [0, " << operand.getRank() << ")";
  if (failed(verifyGroups(*this, getReplicaGroups())) ||
      failed(
          verifyGlobalIds(*this, getUseGlobalDeviceIds(), getChannelHandle())))
    return failure();
  // (C1)
  int64_t groups = groupSize(getReplicaGroups());
  int64_t size = operand.getDimSize(dim);
  if (groups <= 0 || (!ShapedType::isDynamic(size) && size % groups != 0))
    return emitOpError("scatter dimension size ")
           << size << " is not a multiple of the group size " << groups;
  // (C7)
  if (failed(verifyReducerRegion(*this, getComputation(),
                                 {operand.getElementType()}, "computation")))
    return failure();
  // (C8), (C9)
  return verifyResultsLikeOperands(*this, getOperand(), getResult(), dim,
                                   [&](int64_t d) { return d / groups; });
}

//===----------------------------------------------------------------------===//
// Point-to-point and streaming.
//===----------------------------------------------------------------------===//

/// The channel type follows is_host_transfer: 2 (device to host) or 3 (host
/// to device) for host transfers, 1 (device to device) otherwise; 0 leaves it
/// unspecified.
static LogicalResult verifyChannel(Operation *op, ChannelHandleAttr handle,
                                   bool hostTransfer,
                                   std::optional<DenseIntElementsAttr> pairs) {
  int64_t type = handle.getType();
  if (type < 0 || type > 3)
    return op->emitOpError("channel type must be 0 to 3, is ") << type;
  if (type != 0 && (type != 1) != hostTransfer)
    return op->emitOpError("channel type ")
           << type << " does not fit is_host_transfer = "
           << (hostTransfer ? "true" : "false");
  if (pairs && failed(verifyPairs(op, *pairs)))
    return failure();
  return success();
}

/// The results of recv/infeed: tensors, then one token.
static LogicalResult verifyTokenLast(Operation *op, TypeRange results) {
  if (results.empty() || !isa<TokenType>(results.back()))
    return op->emitOpError("the last result must be a token");
  for (Type t : results.drop_back())
    if (!isa<RankedTensorType>(t))
      return op->emitOpError("results before the token must be tensors");
  return success();
}

LogicalResult SendOp::verify() {
  return verifyChannel(*this, getChannelHandle(), getIsHostTransfer(),
                       getSourceTargetPairs());
}

LogicalResult RecvOp::verify() {
  if (failed(verifyChannel(*this, getChannelHandle(), getIsHostTransfer(),
                           getSourceTargetPairs())))
    return failure();
  return verifyTokenLast(*this, getResultTypes());
}

LogicalResult InfeedOp::verify() {
  return verifyTokenLast(*this, getResultTypes());
}

LogicalResult ReplicaIdOp::inferReturnTypes(MLIRContext *ctx,
                                            std::optional<Location>, Adaptor,
                                            SmallVectorImpl<Type> &types) {
  types.push_back(RankedTensorType::get(
      {}, IntegerType::get(ctx, 32, IntegerType::Unsigned)));
  return success();
}
STABLEHLO_COMPATIBLE(ReplicaIdOp)

LogicalResult PartitionIdOp::inferReturnTypes(MLIRContext *ctx,
                                              std::optional<Location>, Adaptor,
                                              SmallVectorImpl<Type> &types) {
  types.push_back(RankedTensorType::get(
      {}, IntegerType::get(ctx, 32, IntegerType::Unsigned)));
  return success();
}
STABLEHLO_COMPATIBLE(PartitionIdOp)
