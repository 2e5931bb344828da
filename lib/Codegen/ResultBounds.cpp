//===- ResultBounds.cpp - bounds of a function's `?`-sized results --------===//
//
// One forward pass over the function's top-level ops in order (no
// recursion): each value's bound is a vector of per-dimension maxima
// (kUnknown where none is known). Values defined in nested regions and
// block arguments of `?` size have no bound.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/ResultBounds.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;
namespace shlo = mlir::tfg::stablehlo;

namespace {
constexpr int64_t kUnknown = -1;
using Bound = SmallVector<int64_t>;

/// Integers are tracked within [-kBig, kBig]: sums and products saturate
/// there and an unknown value is the whole range.
constexpr int64_t kBig = int64_t(1) << 62;
/// The elements of a small integer tensor tracked by value.
constexpr int64_t kMaxTracked = 16;

struct Interval {
  int64_t lo = -kBig, hi = kBig;
};

int64_t clampBig(int64_t x) { return std::clamp(x, -kBig, kBig); }
int64_t satAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return a > 0 ? kBig : -kBig;
  return clampBig(r);
}
int64_t satMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return (a > 0) == (b > 0) ? kBig : -kBig;
  return clampBig(r);
}

Interval add(Interval a, Interval b) {
  return {satAdd(a.lo, b.lo), satAdd(a.hi, b.hi)};
}
Interval sub(Interval a, Interval b) {
  return {satAdd(a.lo, -b.hi), satAdd(a.hi, -b.lo)};
}
Interval mul(Interval a, Interval b) {
  int64_t p[] = {satMul(a.lo, b.lo), satMul(a.lo, b.hi), satMul(a.hi, b.lo),
                 satMul(a.hi, b.hi)};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}
Interval div(Interval a, Interval b) {
  if (b.lo <= 0)
    return {};
  int64_t p[] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}
Interval join(Interval a, Interval b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}
Interval minOf(Interval a, Interval b) {
  return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
}
Interval maxOf(Interval a, Interval b) {
  return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
}
Interval absOf(Interval a) {
  if (a.lo >= 0)
    return a;
  if (a.hi <= 0)
    return {-a.hi, -a.lo};
  return {0, std::max(-a.lo, a.hi)};
}

class BoundAnalysis {
public:
  explicit BoundAnalysis(func::FuncOp func) {
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
  /// The elements of `v` (an integer tensor of at most kMaxTracked
  /// elements, row-major); unknown elements span the whole range.
  SmallVector<Interval> values(Value v) const {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type || !type.hasStaticShape() || type.getNumElements() > kMaxTracked)
      return {};
    auto it = ints.find(v);
    if (it != ints.end())
      return it->second;
    return SmallVector<Interval>(type.getNumElements());
  }

  /// One interval holding every element of an integer tensor of any size.
  Interval range(Value v) const {
    auto it = ints.find(v);
    if (it != ints.end() && !it->second.empty()) {
      Interval r = it->second.front();
      for (const Interval &x : it->second)
        r = join(r, x);
      return r;
    }
    auto rt = ranges.find(v);
    return rt != ranges.end() ? rt->second : Interval{};
  }

  /// A single-input reduce whose body adds its two arguments: N elements
  /// in [lo, hi] (N at most the reduced dimensions' bound) sum to within
  /// [min(0, N lo), max(0, N hi)] plus the initial value.
  std::optional<Interval> sumOf(shlo::ReduceOp op) const {
    if (op.getInputs().size() != 1 || op.getBody().empty())
      return std::nullopt;
    Block &body = op.getBody().front();
    if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
      return std::nullopt;
    auto sum = dyn_cast<shlo::AddOp>(&body.front());
    if (!sum || !llvm::is_contained(sum->getOperands(), body.getArgument(0)) ||
        !llvm::is_contained(sum->getOperands(), body.getArgument(1)))
      return std::nullopt;
    Bound ib = get(op.getInputs()[0]);
    int64_t n = 1;
    for (int64_t d : op.getDimensions()) {
      if (d < 0 || d >= static_cast<int64_t>(ib.size()) || ib[d] == kUnknown)
        return std::nullopt;
      n = satMul(n, ib[d]);
    }
    Interval x = range(op.getInputs()[0]), init = range(op.getInitValues()[0]);
    Interval total = mul({0, n}, x);
    return add(join(total, {0, 0}), init);
  }

  /// The range of an integer result too large or dynamic to track by
  /// element.
  void trackRange(Operation *op, Value result) {
    auto type = cast<RankedTensorType>(result.getType());
    Interval r;
    if (isa<shlo::CompareOp>(op) || type.getElementType().isInteger(1))
      r = {0, 1};
    else if (isa<shlo::ConvertOp, shlo::ReshapeOp, shlo::DynamicReshapeOp,
                 shlo::BroadcastInDimOp, shlo::DynamicBroadcastInDimOp,
                 shlo::DynamicPadOp, shlo::SliceOp, shlo::GatherOp>(op)) {
      // Elements moved (a pad adds its padding value).
      auto from = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
      if (!from || !isa<IntegerType>(from.getElementType()))
        return;
      r = range(op->getOperand(0));
      if (auto p = dyn_cast<shlo::DynamicPadOp>(op))
        r = join(r, range(p.getPaddingValue()));
      unsigned width = type.getElementType().getIntOrFloatBitWidth();
      int64_t limit = width >= 63 ? kBig : (int64_t(1) << (width - 1));
      if (r.lo < -limit || r.hi >= limit)
        return;
    } else if (auto sel = dyn_cast<shlo::SelectOp>(op)) {
      r = join(range(sel.getOnTrue()), range(sel.getOnFalse()));
    } else if (op->getNumOperands() == 2 &&
               isa<shlo::AddOp, shlo::SubtractOp, shlo::MultiplyOp,
                   shlo::MinimumOp, shlo::MaximumOp>(op)) {
      Interval a = range(op->getOperand(0)), b = range(op->getOperand(1));
      r = isa<shlo::AddOp>(op)        ? add(a, b)
          : isa<shlo::SubtractOp>(op) ? sub(a, b)
          : isa<shlo::MultiplyOp>(op) ? mul(a, b)
          : isa<shlo::MinimumOp>(op)  ? minOf(a, b)
                                      : maxOf(a, b);
    } else {
      return;
    }
    ranges[result] = r;
  }

  /// Upper bound of element `i` of a size operand (kUnknown if none).
  int64_t upper(Value v, int64_t i) const {
    SmallVector<Interval> vs = values(v);
    if (i >= static_cast<int64_t>(vs.size()) || vs[i].hi >= kBig)
      return kUnknown;
    return std::max<int64_t>(vs[i].hi, 0);
  }

  /// Interval of a comparison's outcome-dependent select: `select(a > b,
  /// b, a)` and its variants are min/max of a and b.
  std::optional<Interval> minMaxSelect(shlo::SelectOp op, size_t i) const {
    auto cmp = op.getPred().getDefiningOp<shlo::CompareOp>();
    if (!cmp)
      return std::nullopt;
    Value t = op.getOnTrue(), f = op.getOnFalse();
    Value l = cmp.getLhs(), r = cmp.getRhs();
    auto dir = cmp.getComparisonDirection();
    bool greater = dir == shlo::ComparisonDirection::GT ||
                   dir == shlo::ComparisonDirection::GE;
    bool less = dir == shlo::ComparisonDirection::LT ||
                dir == shlo::ComparisonDirection::LE;
    if (!greater && !less)
      return std::nullopt;
    SmallVector<Interval> tv = values(t), fv = values(f);
    if (i >= tv.size() || i >= fv.size())
      return std::nullopt;
    // (l > r ? l : r) is max; (l > r ? r : l) is min; mirrored for <.
    if ((t == l && f == r) || (t == r && f == l)) {
      bool isMax = (t == l) == greater;
      return isMax ? maxOf(tv[i], fv[i]) : minOf(tv[i], fv[i]);
    }
    return std::nullopt;
  }

  /// The elements of `op`'s single result, from its operands'.
  void track(Operation *op) {
    if (op->getNumResults() != 1)
      return;
    Value result = op->getResult(0);
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type || !isa<IntegerType>(type.getElementType()))
      return;
    if (!type.hasStaticShape() || type.getNumElements() > kMaxTracked) {
      trackRange(op, result);
      return;
    }
    int64_t n = type.getNumElements();
    SmallVector<Interval> out(n);
    auto binary = [&](auto fn) {
      SmallVector<Interval> a = values(op->getOperand(0)),
                            b = values(op->getOperand(1));
      if (static_cast<int64_t>(a.size()) != n ||
          static_cast<int64_t>(b.size()) != n)
        return;
      for (int64_t i = 0; i < n; ++i)
        out[i] = fn(a[i], b[i]);
    };
    auto unary = [&](auto fn) {
      SmallVector<Interval> a = values(op->getOperand(0));
      if (static_cast<int64_t>(a.size()) != n)
        return;
      for (int64_t i = 0; i < n; ++i)
        out[i] = fn(a[i]);
    };
    if (auto c = dyn_cast<shlo::ConstantOp>(op)) {
      if (auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue())) {
        int64_t i = 0;
        bool isBool = type.getElementType().isInteger(1);
        for (const APInt &x : dense.getValues<APInt>()) {
          int64_t v = isBool ? x.getZExtValue() : x.getSExtValue();
          out[i++] = {std::clamp(v, -kBig, kBig), std::clamp(v, -kBig, kBig)};
        }
      }
    } else if (isa<shlo::AddOp>(op)) {
      binary(add);
    } else if (isa<shlo::SubtractOp>(op)) {
      binary(sub);
    } else if (isa<shlo::MultiplyOp>(op)) {
      binary(mul);
    } else if (isa<shlo::DivideOp>(op)) {
      binary(div);
    } else if (isa<shlo::MinimumOp>(op)) {
      binary(minOf);
    } else if (isa<shlo::MaximumOp>(op)) {
      binary(maxOf);
    } else if (isa<shlo::AbsOp>(op)) {
      unary(absOf);
    } else if (isa<shlo::NegateOp>(op)) {
      unary([](Interval a) { return Interval{-a.hi, -a.lo}; });
    } else if (isa<shlo::SignOp>(op)) {
      unary([](Interval a) {
        return Interval{a.lo > 0 ? 1 : (a.lo == 0 ? 0 : -1),
                        a.hi < 0 ? -1 : (a.hi == 0 ? 0 : 1)};
      });
    } else if (isa<shlo::CompareOp>(op)) {
      for (Interval &x : out)
        x = {0, 1};
    } else if (auto convert = dyn_cast<shlo::ConvertOp>(op)) {
      // Integers only; a narrowing that may wrap is unknown.
      auto from = cast<RankedTensorType>(convert.getOperand().getType());
      unsigned width = type.getElementType().getIntOrFloatBitWidth();
      if (isa<IntegerType>(from.getElementType()) && width >= 2)
        unary([&](Interval a) {
          int64_t limit = width >= 63 ? kBig : (int64_t(1) << (width - 1));
          if (width == 1 || a.lo < -limit || a.hi >= limit)
            return Interval{};
          return a;
        });
    } else if (isa<shlo::ReshapeOp>(op)) {
      unary([](Interval a) { return a; });
    } else if (auto b = dyn_cast<shlo::BroadcastInDimOp>(op)) {
      SmallVector<Interval> a = values(b.getOperand());
      if (a.size() == 1)
        for (Interval &x : out)
          x = a[0];
    } else if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
      if (std::optional<Interval> sum = sumOf(reduce))
        for (Interval &x : out)
          x = *sum;
    } else if (auto g = dyn_cast<shlo::GetDimensionSizeOp>(op)) {
      Bound ob = get(g.getOperand());
      int64_t d = g.getDimension();
      if (d < static_cast<int64_t>(ob.size()) && ob[d] != kUnknown)
        out[0] = {0, ob[d]};
    } else if (auto sel = dyn_cast<shlo::SelectOp>(op)) {
      SmallVector<Interval> t = values(sel.getOnTrue()),
                            f = values(sel.getOnFalse());
      for (int64_t i = 0; i < n; ++i) {
        if (auto m = minMaxSelect(sel, i))
          out[i] = *m;
        else if (static_cast<int64_t>(t.size()) == n &&
                 static_cast<int64_t>(f.size()) == n)
          out[i] = join(t[i], f[i]);
      }
    } else if (auto c = dyn_cast<shlo::ClampOp>(op)) {
      SmallVector<Interval> lo = values(c.getMin()), x = values(c.getOperand()),
                            hi = values(c.getMax());
      for (int64_t i = 0; i < n && static_cast<int64_t>(x.size()) == n; ++i) {
        Interval l =
            lo.size() == 1 ? lo[0] : (lo.size() > 0 ? lo[i] : Interval{});
        Interval h =
            hi.size() == 1 ? hi[0] : (hi.size() > 0 ? hi[i] : Interval{});
        out[i] = minOf(maxOf(x[i], l), h);
      }
    } else if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
      // Row-major positions of the kept elements.
      auto from = cast<RankedTensorType>(slice.getOperand().getType());
      SmallVector<Interval> a = values(slice.getOperand());
      if (!a.empty()) {
        ArrayRef<int64_t> start = slice.getStartIndices(),
                          stride = slice.getStrides();
        int64_t rank = type.getRank();
        for (int64_t i = 0; i < n; ++i) {
          int64_t rest = i, at = 0, scale = 1;
          for (int64_t d = rank - 1; d >= 0; --d) {
            int64_t k = rest % type.getDimSize(d);
            rest /= type.getDimSize(d);
            at += (start[d] + k * stride[d]) * scale;
            scale *= from.getDimSize(d);
          }
          if (at >= 0 && at < static_cast<int64_t>(a.size()))
            out[i] = a[at];
        }
      }
    } else if (auto cat = dyn_cast<shlo::ConcatenateOp>(op)) {
      // Each result element from the input holding it along the axis.
      int64_t axis = cat.getDimension(), rank = type.getRank();
      SmallVector<SmallVector<Interval>> inputs;
      SmallVector<int64_t> starts;
      int64_t start = 0;
      for (Value input : cat.getInputs()) {
        inputs.push_back(values(input));
        starts.push_back(start);
        start += cast<RankedTensorType>(input.getType()).getDimSize(axis);
      }
      for (int64_t i = 0; i < n && axis >= 0 && axis < rank; ++i) {
        SmallVector<int64_t> at(rank);
        int64_t rest = i;
        for (int64_t d = rank - 1; d >= 0; --d) {
          at[d] = rest % type.getDimSize(d);
          rest /= type.getDimSize(d);
        }
        size_t k = llvm::upper_bound(starts, at[axis]) - starts.begin() - 1;
        auto inType = cast<RankedTensorType>(cat.getInputs()[k].getType());
        at[axis] -= starts[k];
        int64_t flat = 0;
        for (int64_t d = 0; d < rank; ++d)
          flat = flat * inType.getDimSize(d) + at[d];
        if (flat < static_cast<int64_t>(inputs[k].size()))
          out[i] = inputs[k][flat];
      }
    } else {
      return;
    }
    ints[result] = std::move(out);
  }

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

  Bound pad(shlo::DynamicPadOp op, RankedTensorType type) const {
    Bound b(type.getRank(), kUnknown);
    Bound ob = get(op.getOperand());
    SmallVector<Interval> lo = values(op.getEdgePaddingLow()),
                          hi = values(op.getEdgePaddingHigh()),
                          in = values(op.getInteriorPadding());
    size_t rank = b.size();
    if (ob.size() != rank || lo.size() != rank || hi.size() != rank ||
        in.size() != rank)
      return b;
    for (size_t d = 0; d < rank; ++d) {
      if (ob[d] == kUnknown || in[d].lo < 0)
        continue;
      Interval size =
          add(add({ob[d], ob[d]}, lo[d]), mul({std::max<int64_t>(ob[d] - 1, 0),
                                               std::max<int64_t>(ob[d] - 1, 0)},
                                              in[d]));
      size = add(size, hi[d]);
      if (size.hi < kBig)
        b[d] = std::max<int64_t>(size.hi, 0);
      else if (lo[d].hi <= 0 && in[d].hi == 0)
        // A buffer cut to a count not known here: a capacity.
        b[d] = ob[d];
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
        int64_t u = upper(shape, d);
        if (u != kUnknown && (b[d] == kUnknown || u < b[d]))
          b[d] = u;
      }
      // Static sizes are exact whatever the rule said.
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (!type.isDynamicDim(d))
          b[d] = type.getDimSize(d);
      bounds[result] = std::move(b);
    }
    track(op);
  }

  DenseMap<Value, Bound> bounds;
  DenseMap<Value, SmallVector<Interval>> ints;
  DenseMap<Value, Interval> ranges;
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
