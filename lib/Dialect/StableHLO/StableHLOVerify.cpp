//===- StableHLOVerify.cpp - helpers of the stablehlo verifiers -----------===//
//
// Checks shared by the ops' verifiers and type inference: dimension lists,
// region signatures, windows, and the compatibility of result types.
//
//===----------------------------------------------------------------------===//

#include "StableHLOVerify.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

bool mlir::tfg::stablehlo::compatibleElementTypes(Type a, Type b) {
  if (a == b)
    return true;
  auto qa = dyn_cast<quant::QuantizedType>(a);
  auto qb = dyn_cast<quant::QuantizedType>(b);
  if (qa && qb)
    return qa.getStorageType() == qb.getStorageType();
  return false;
}

bool mlir::tfg::stablehlo::compatibleReturnTypes(TypeRange inferred,
                                                 TypeRange actual) {
  if (inferred.size() != actual.size())
    return false;
  for (auto [a, b] : llvm::zip_equal(inferred, actual)) {
    if (a == b)
      continue;
    auto ta = dyn_cast<RankedTensorType>(a);
    auto tb = dyn_cast<RankedTensorType>(b);
    if (!ta || !tb || ta.getRank() != tb.getRank())
      return false;
    for (auto [da, db] : llvm::zip_equal(ta.getShape(), tb.getShape()))
      if (!compatibleDim(da, db))
        return false;
    // A quantized constant's value holds the storage type.
    Type ea = ta.getElementType(), eb = tb.getElementType();
    if (auto q = dyn_cast<quant::QuantizedType>(eb);
        q && ea == q.getStorageType())
      continue;
    if (!compatibleElementTypes(ea, eb))
      return false;
  }
  return true;
}

LogicalResult
mlir::tfg::stablehlo::checkDims(function_ref<InFlightDiagnostic()> emit,
                                StringRef what, ArrayRef<int64_t> dims,
                                int64_t bound) {
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= bound)
      return emit() << what << " " << d << " is out of range [0, " << bound
                    << ")";
    if (!seen.insert(d).second)
      return emit() << what << " are not unique (" << d << " repeats)";
  }
  return success();
}

std::string mlir::tfg::stablehlo::shapeString(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (i)
      text += ", ";
    text += ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
  }
  return text + "]";
}

LogicalResult mlir::tfg::stablehlo::inferError(std::optional<Location> loc,
                                               const Twine &message) {
  if (loc)
    emitError(*loc) << message;
  return failure();
}

FailureOr<ReturnOp>
mlir::tfg::stablehlo::getReturn(Operation *op, Region &region, StringRef what) {
  if (region.empty())
    return op->emitOpError() << what << " must not be empty";
  auto ret = dyn_cast<ReturnOp>(region.front().getTerminator());
  if (!ret)
    return op->emitOpError() << what << " must end with stablehlo.return";
  return ret;
}

bool mlir::tfg::stablehlo::isPromotable(Type from, Type to) {
  if (compatibleElementTypes(from, to))
    return true;
  if (auto q = dyn_cast<quant::QuantizedType>(from))
    return isPromotable(q.getExpressedType(), to) ||
           isa<quant::QuantizedType>(to);
  if (isa<FloatType>(from) && isa<FloatType>(to))
    return from.getIntOrFloatBitWidth() <= to.getIntOrFloatBitWidth();
  auto fi = dyn_cast<IntegerType>(from), ti = dyn_cast<IntegerType>(to);
  if (fi && ti)
    return fi.getWidth() <= ti.getWidth() && fi.isUnsigned() == ti.isUnsigned();
  return false;
}

LogicalResult mlir::tfg::stablehlo::verifyReducerRegion(
    Operation *op, Region &region, ArrayRef<Type> elementTypes, StringRef what,
    SmallVectorImpl<Type> *bodyTypes) {
  FailureOr<ReturnOp> ret = getReturn(op, region, what);
  if (failed(ret))
    return failure();
  Block &block = region.front();
  size_t n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << what << " must take " << 2 * n
                             << " arguments, takes " << block.getNumArguments();
  if (ret->getResults().size() != n)
    return op->emitOpError() << what << " must return " << n
                             << " values, returns " << ret->getResults().size();
  for (size_t i = 0; i < n; ++i) {
    Type acc = block.getArgument(i).getType();
    auto tensor = dyn_cast<RankedTensorType>(acc);
    if (!tensor || tensor.getRank() != 0)
      return op->emitOpError() << what << " argument #" << i
                               << " must be a 0-d tensor, is " << acc;
    if (block.getArgument(i + n).getType() != acc)
      return op->emitOpError() << what << " arguments #" << i << " and #"
                               << i + n << " must have the same type";
    if (ret->getResults()[i].getType() != acc)
      return op->emitOpError()
             << what << " result #" << i << " has type "
             << ret->getResults()[i].getType() << ", expected " << acc;
    if (!isPromotable(elementTypes[i], tensor.getElementType()))
      return op->emitOpError()
             << what << " computes in " << tensor.getElementType() << ", which "
             << elementTypes[i] << " does not promote to";
    if (bodyTypes)
      bodyTypes->push_back(tensor.getElementType());
  }
  return success();
}

LogicalResult mlir::tfg::stablehlo::verifyBranch(Operation *op, Region &region,
                                                 TypeRange types,
                                                 StringRef what) {
  FailureOr<ReturnOp> ret = getReturn(op, region, what);
  if (failed(ret))
    return failure();
  if (region.front().getNumArguments() != 0)
    return op->emitOpError() << what << " must take no arguments";
  if (!compatibleReturnTypes(ret->getResults().getTypes(), types))
    return op->emitOpError()
           << what << " returns [" << ret->getResults().getTypes()
           << "], the op's results are [" << types << "]";
  return success();
}

LogicalResult mlir::tfg::stablehlo::verifyWindow(
    Operation *op, int64_t rank, std::optional<ArrayRef<int64_t>> dims,
    std::optional<ArrayRef<int64_t>> strides,
    std::optional<ArrayRef<int64_t>> baseDilations,
    std::optional<ArrayRef<int64_t>> windowDilations,
    DenseIntElementsAttr padding, WindowSpec &out) {
  auto take = [&](std::optional<ArrayRef<int64_t>> list, StringRef name,
                  SmallVectorImpl<int64_t> &dst) -> LogicalResult {
    if (!list) {
      dst.assign(rank, 1);
      return success();
    }
    if (static_cast<int64_t>(list->size()) != rank)
      return op->emitOpError() << name << " must have " << rank
                               << " entries, has " << list->size();
    for (int64_t v : *list)
      if (v <= 0)
        return op->emitOpError() << name << " must be positive, has " << v;
    dst.assign(list->begin(), list->end());
    return success();
  };
  if (failed(take(dims, "window_dimensions", out.dims)) ||
      failed(take(strides, "window_strides", out.strides)) ||
      failed(take(baseDilations, "base_dilations", out.baseDilations)) ||
      failed(take(windowDilations, "window_dilations", out.windowDilations)))
    return failure();
  out.padding.assign(rank, {0, 0});
  if (padding) {
    ArrayRef<int64_t> shape = padding.getType().getShape();
    if (shape.size() != 2 || shape[0] != rank || shape[1] != 2)
      return op->emitOpError() << "padding must have shape [" << rank
                               << ", 2], has " << padding.getType();
    auto values = llvm::to_vector(padding.getValues<int64_t>());
    for (int64_t i = 0; i < rank; ++i)
      out.padding[i] = {values[2 * i], values[2 * i + 1]};
  }
  return success();
}

int64_t mlir::tfg::stablehlo::windowCount(int64_t size, int64_t window,
                                          int64_t stride, int64_t baseDilation,
                                          int64_t windowDilation,
                                          int64_t padLow, int64_t padHigh) {
  if (ShapedType::isDynamic(size))
    return ShapedType::kDynamic;
  // Wide arithmetic: attributes are untrusted and may be huge.
  __int128 dilated = size == 0 ? 0 : (__int128)(size - 1) * baseDilation + 1;
  __int128 padded = dilated + padLow + padHigh;
  __int128 dilatedWindow =
      window == 0 ? 0 : (__int128)(window - 1) * windowDilation + 1;
  if (padded <= 0 || dilatedWindow > padded)
    return 0;
  __int128 count = (padded - dilatedWindow) / stride + 1;
  if (count > INT64_MAX / 2)
    return ShapedType::kDynamic;
  return static_cast<int64_t>(count);
}

LogicalResult mlir::tfg::stablehlo::verifyReplicaGroups(
    Operation *op, DenseIntElementsAttr groups, StringRef what) {
  if (groups.getType().getRank() != 2)
    return op->emitOpError()
           << what << " must be a 2-d tensor, is " << groups.getType();
  return success();
}
