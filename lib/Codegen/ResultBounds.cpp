//===- ResultBounds.cpp - bounds of a function's `?`-sized results --------===//
//
// One forward pass over the function's top-level ops in order (no
// recursion): each value's bound is a vector of per-dimension maxima
// (kUnknown where none is known), the integer values behind the sizes
// tracked by IntegerValues (ResultBoundsValues.h). Values defined in nested
// regions and block arguments of `?` size have no bound.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/ResultBounds.h"
#include "ResultBoundsValues.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace mlir::tfg;
namespace shlo = mlir::tfg::stablehlo;

using namespace mlir::tfg::bounds;

namespace {
class BoundAnalysis {
public:
  explicit BoundAnalysis(func::FuncOp func)
      : ints([this](Value v) { return get(v); }) {
    for (Operation &op : func.getBody().front())
      visit(&op);
  }

  Bound get(Value v) const {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return {};
    if (type.hasStaticShape())
      return Bound(type.getShape());
    auto it = bounds.find(v);
    if (it != bounds.end())
      return it->second;
    Bound b(type.getShape());
    for (int64_t &d : b)
      if (ShapedType::isDynamic(d))
        d = kUnknown;
    return b;
  }

private:
  /// Per dimension the smallest known bound of the operands of the
  /// result's rank (elementwise ops cut their operands to the smallest).
  Bound minOfOperands(Operation *op, RankedTensorType type) const {
    Bound b(type.getRank(), kUnknown);
    for (Value operand : op->getOperands()) {
      Bound ob = get(operand);
      if (ob.size() != b.size())
        continue;
      for (auto [d, x] : llvm::enumerate(ob))
        if (x != kUnknown && (b[d] == kUnknown || x < b[d]))
          b[d] = x;
    }
    return b;
  }

  /// Upper bound of `size(operand, d) + lo + hi` from the paddings' forms
  /// in that size (`hi = 100 - size` pads to exactly 100), or kUnknown.
  int64_t paddedByForm(Value operand, int64_t d, int64_t bound,
                       const Element &lo, const Element &hi) const {
    int64_t coef = 1;
    Interval offset{0, 0};
    for (const Element &e : {lo, hi}) {
      if (!e.hasForm()) {
        offset = add(offset, e.range);
        continue;
      }
      if (e.sizeOf != operand || e.dim != d)
        return kUnknown;
      coef = satAdd(coef, e.coef);
      offset = add(offset, e.offset);
    }
    if (offset.hi >= kBig)
      return kUnknown;
    if (coef <= 0)
      return std::max<int64_t>(offset.hi, 0);
    if (bound == kUnknown)
      return kUnknown;
    int64_t most = satAdd(satMul(coef, bound), offset.hi);
    return most >= kBig ? kUnknown : std::max<int64_t>(most, 0);
  }

  Bound pad(shlo::DynamicPadOp op, RankedTensorType type) const {
    Bound b(type.getRank(), kUnknown);
    Bound ob = get(op.getOperand());
    SmallVector<Element> lo = ints.elements(op.getEdgePaddingLow()),
                         hi = ints.elements(op.getEdgePaddingHigh()),
                         in = ints.elements(op.getInteriorPadding());
    size_t rank = b.size();
    if (ob.size() != rank || lo.size() != rank || hi.size() != rank ||
        in.size() != rank)
      return b;
    for (size_t d = 0; d < rank; ++d) {
      Interval interior = in[d].range;
      if (interior.lo < 0)
        continue;
      // No interior padding: the paddings' forms may cancel the size.
      if (interior.hi == 0)
        b[d] = paddedByForm(op.getOperand(), d, ob[d], lo[d], hi[d]);
      if (ob[d] == kUnknown)
        continue;
      Interval size = add(add({ob[d], ob[d]}, lo[d].range),
                          mul({std::max<int64_t>(ob[d] - 1, 0),
                               std::max<int64_t>(ob[d] - 1, 0)},
                              interior));
      size = add(size, hi[d].range);
      if (size.hi < kBig) {
        int64_t most = std::max<int64_t>(size.hi, 0);
        b[d] = b[d] == kUnknown ? most : std::min(b[d], most);
      } else if (b[d] == kUnknown && lo[d].range.hi <= 0 && interior.hi == 0) {
        // A buffer cut to a count not known here: a capacity.
        b[d] = ob[d];
      }
    }
    return b;
  }

  Bound reshape(Value operand, RankedTensorType type) const {
    Bound b(type.getRank(), kUnknown);
    Bound ob = get(operand);
    int64_t total = 1;
    for (int64_t x : ob) {
      if (x == kUnknown || (x > 0 && total > (int64_t(1) << 40) / x))
        return b;
      total *= x;
    }
    int64_t fixed = 1;
    for (int64_t d : type.getShape())
      if (!ShapedType::isDynamic(d))
        fixed *= std::max<int64_t>(d, 1);
    // Sizes other than 1 in order: a reshape that only adds or drops unit
    // dimensions keeps each one's bound.
    SmallVector<int64_t> from, to;
    for (int64_t x : ob)
      if (x != 1)
        from.push_back(x);
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.getDimSize(d) != 1)
        to.push_back(d);
    bool positional = from.size() == to.size();
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        b[d] = type.getDimSize(d);
      else
        b[d] = total / fixed;
    }
    if (positional)
      for (auto [k, d] : llvm::enumerate(to))
        if (type.isDynamicDim(d))
          b[d] = std::min(b[d], from[k]);
    return b;
  }

  Bound broadcast(shlo::DynamicBroadcastInDimOp op,
                  RankedTensorType type) const {
    Bound b(type.getRank(), kUnknown);
    Bound ob = get(op.getOperand());
    for (auto [k, d] : llvm::enumerate(op.getBroadcastDimensions())) {
      if (d < 0 || d >= type.getRank() || k >= ob.size())
        continue;
      // A size other than 1 is not expanded.
      auto operandType = cast<RankedTensorType>(op.getOperand().getType());
      if (ob[k] != kUnknown && operandType.getDimSize(k) != 1)
        b[d] = ob[k];
    }
    return b;
  }

  Bound concatenate(shlo::ConcatenateOp op, RankedTensorType type) const {
    Bound b = minOfOperands(op, type);
    int64_t axis = op.getDimension();
    if (axis < 0 || axis >= type.getRank())
      return b;
    int64_t sum = 0;
    for (Value input : op.getInputs()) {
      Bound ib = get(input);
      if (ib.size() != b.size() || ib[axis] == kUnknown ||
          sum > (int64_t(1) << 40)) {
        sum = kUnknown;
        break;
      }
      sum += ib[axis];
    }
    b[axis] = sum;
    return b;
  }

  /// Result dimensions of a gather: offset dimensions are slice sizes, the
  /// others the indices' batch dimensions in order.
  Bound gather(shlo::GatherOp op, RankedTensorType type) const {
    Bound b(type.getRank(), kUnknown);
    auto numbers = op.getDimensionNumbers();
    ArrayRef<int64_t> offsetDims = numbers.getOffsetDims();
    Bound ib = get(op.getStartIndices());
    int64_t indexVectorDim = numbers.getIndexVectorDim();
    SmallVector<int64_t> batch;
    for (auto [d, x] : llvm::enumerate(ib))
      if (static_cast<int64_t>(d) != indexVectorDim)
        batch.push_back(x);
    size_t next = 0;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (llvm::is_contained(offsetDims, d))
        continue;
      if (next < batch.size())
        b[d] = batch[next];
      ++next;
    }
    return b;
  }

  void visit(Operation *op) {
    for (Value result : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || type.hasStaticShape())
        continue;
      Bound b(type.getRank(), kUnknown);
      if (auto p = dyn_cast<shlo::DynamicPadOp>(op))
        b = pad(p, type);
      else if (auto r = dyn_cast<shlo::DynamicReshapeOp>(op))
        b = reshape(r.getOperand(), type);
      else if (auto r = dyn_cast<shlo::DynamicBroadcastInDimOp>(op))
        b = broadcast(r, type);
      else if (isa<shlo::DynamicIotaOp>(op)) {
        // Bounded by its shape operand below.
      } else if (auto g = dyn_cast<shlo::GatherOp>(op))
        b = gather(g, type);
      else if (auto c = dyn_cast<shlo::ConcatenateOp>(op))
        b = concatenate(c, type);
      else if (op->hasTrait<OpTrait::Elementwise>() ||
               op->hasTrait<OpTrait::SameOperandsAndResultShape>() ||
               isa<shlo::SelectOp, shlo::SortOp>(op))
        b = minOfOperands(op, type);
      // A shape operand's values bound the sizes it gives.
      Value shape;
      if (auto r = dyn_cast<shlo::DynamicReshapeOp>(op))
        shape = r.getOutputShape();
      else if (auto r = dyn_cast<shlo::DynamicBroadcastInDimOp>(op))
        shape = r.getOutputDimensions();
      else if (auto r = dyn_cast<shlo::DynamicIotaOp>(op))
        shape = r.getOutputShape();
      for (int64_t d = 0; shape && d < type.getRank(); ++d) {
        int64_t u = ints.upper(shape, d);
        if (u != kUnknown && (b[d] == kUnknown || u < b[d]))
          b[d] = u;
      }
      // Static sizes are exact whatever the rule said.
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (!type.isDynamicDim(d))
          b[d] = type.getDimSize(d);
      bounds[result] = std::move(b);
    }
    ints.track(op);
  }

  DenseMap<Value, Bound> bounds;
  IntegerValues ints;
};
} // namespace

FailureOr<SmallVector<SmallVector<int64_t>>>
mlir::tfg::computeResultBounds(func::FuncOp func) {
  SmallVector<SmallVector<int64_t>> result;
  if (func.getBody().empty())
    return result;
  auto ret = dyn_cast<func::ReturnOp>(func.getBody().front().getTerminator());
  if (!ret || ret.getNumOperands() != func.getNumResults())
    return func.emitError() << "has no func.return of its results";
  bool anyDynamic = llvm::any_of(func.getResultTypes(), [](Type t) {
    auto r = dyn_cast<RankedTensorType>(t);
    return r && !r.hasStaticShape();
  });
  std::optional<BoundAnalysis> analysis;
  if (anyDynamic)
    analysis.emplace(func);
  for (auto [i, t] : llvm::enumerate(func.getResultTypes())) {
    auto type = dyn_cast<RankedTensorType>(t);
    if (!type) {
      result.push_back({});
      continue;
    }
    if (type.hasStaticShape()) {
      result.push_back(SmallVector<int64_t>(type.getShape()));
      continue;
    }
    Bound b = analysis->get(ret.getOperand(i));
    int64_t elements = 1;
    int64_t bytes =
        std::max<int64_t>((type.getElementTypeBitWidth() + 7) / 8, 1);
    for (auto [d, x] : llvm::enumerate(b)) {
      if (x == kUnknown)
        return func.emitError()
               << "result " << i << " (" << type << "): dimension " << d
               << " has a data-dependent size without a bound (a compiled "
                  "output of `?` size needs one: see docs/Codegen.md, "
                  "\"Outputs of `?` size\")";
      if (x > 0 && elements > ((int64_t(1) << 30) / bytes) / x)
        return func.emitError() << "result " << i << " (" << type
                                << "): its bound is over 1 GiB";
      elements *= x;
    }
    result.push_back(std::move(b));
  }
  return result;
}

void mlir::tfg::boundDynamicResults(func::FuncOp func,
                                    ArrayRef<SmallVector<int64_t>> bounds) {
  // The ops built below, whatever the caller loaded.
  func->getContext()->loadDialect<arith::ArithDialect, tensor::TensorDialect>();
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  OpBuilder b(ret);
  Location loc = ret.getLoc();
  SmallVector<Value> results(ret.getOperands()), dimsResults;
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.hasStaticShape())
      continue;
    ArrayRef<int64_t> bound = bounds[i];
    int64_t capacity = 1;
    for (int64_t x : bound)
      capacity *= x;
    Value limit = arith::ConstantIndexOp::create(b, loc, capacity + 1);
    Value count = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      Value size =
          type.isDynamicDim(d)
              ? tensor::DimOp::create(b, loc, value, d).getResult()
              : arith::ConstantIndexOp::create(b, loc, type.getDimSize(d))
                    .getResult();
      sizes.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), size));
      // Saturating at capacity + 1: no overflow, and above the bound
      // still reads as above it.
      Value cut = arith::MinSIOp::create(b, loc, size, limit);
      count = arith::MinSIOp::create(
          b, loc, arith::MulIOp::create(b, loc, count, cut), limit);
    }
    Value kept = arith::MinSIOp::create(
        b, loc, count, arith::ConstantIndexOp::create(b, loc, capacity));
    SmallVector<ReassociationIndices> all(1);
    for (int64_t d = 0; d < type.getRank(); ++d)
      all[0].push_back(d);
    Value flat = tensor::CollapseShapeOp::create(b, loc, value, all);
    auto flatType =
        RankedTensorType::get({ShapedType::kDynamic}, type.getElementType());
    OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
    SmallVector<OpFoldResult> offsets{zero}, counts{kept}, strides{one};
    Value piece = tensor::ExtractSliceOp::create(b, loc, flatType, flat,
                                                 offsets, counts, strides);
    auto capType = RankedTensorType::get({capacity}, type.getElementType());
    auto zeroAttr =
        DenseElementsAttr::get(capType, b.getZeroAttr(type.getElementType()));
    Value zeros =
        shlo::ConstantOp::create(b, loc, cast<ElementsAttr>(zeroAttr));
    // A bound of no elements: nothing to copy (a slice at offset 0 of an
    // empty tensor does not verify).
    Value filled = capacity == 0
                       ? zeros
                       : tensor::InsertSliceOp::create(b, loc, piece, zeros,
                                                       offsets, counts, strides)
                             .getResult();
    auto boundType = RankedTensorType::get(bound, type.getElementType());
    results[i] =
        type.getRank() == 1
            ? filled
            : tensor::ExpandShapeOp::create(b, loc, boundType, filled, all)
                  .getResult();
    dimsResults.push_back(tensor::FromElementsOp::create(
        b, loc, RankedTensorType::get({type.getRank()}, b.getI64Type()),
        sizes));
  }
  results.append(dimsResults);
  func::ReturnOp::create(b, loc, results);
  ret.erase();
  func.setFunctionType(FunctionType::get(func.getContext(),
                                         func.getArgumentTypes(),
                                         ValueRange(results).getTypes()));
}

llvm::Expected<HostTensor>
mlir::tfg::cutToActualSizes(const HostTensor &bounded, ArrayRef<int64_t> sizes,
                            unsigned index) {
  auto fail = [&](const Twine &why) {
    std::string type;
    llvm::raw_string_ostream(type) << bounded.getType();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "result " + Twine(index) + " (bound " +
                                       type + "): " + why);
  };
  if (static_cast<int64_t>(sizes.size()) != bounded.getRank())
    return fail("the compiled code returned " + Twine(sizes.size()) +
                " sizes for a result of rank " + Twine(bounded.getRank()));
  int64_t capacity = bounded.getNumElements();
  bool empty = false;
  for (auto [d, s] : llvm::enumerate(sizes)) {
    if (s < 0)
      return fail("the compiled code returned size " + Twine(s) +
                  " for dimension " + Twine(d));
    empty |= s == 0;
  }
  // The product, checked against the bound before it can overflow.
  int64_t count = 1;
  for (int64_t s : sizes) {
    if (empty)
      break;
    if (count > capacity / s)
      return fail("the result has more than " + Twine(capacity) +
                  " elements, above its bound");
    count *= s;
  }
  HostTensor source = bounded;
  if (llvm::Error err = source.expandSplat())
    return std::move(err);
  auto actual = HostTensor::create(bounded.getElementType(), sizes);
  if (!actual)
    return actual.takeError();
  if (llvm::Error err = actual->expandSplat())
    return std::move(err);
  MutableArrayRef<char> to = actual->getMutableRawData();
  ArrayRef<char> from = source.getRawData();
  if (to.size() > from.size())
    return fail("the result's elements do not fit its bound's buffer");
  if (!to.empty())
    std::memcpy(to.data(), from.data(), to.size());
  return std::move(*actual);
}
