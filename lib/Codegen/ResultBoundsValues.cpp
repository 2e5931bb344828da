//===- ResultBoundsValues.cpp - integer values behind `?` sizes -----------===//
//
// Intervals with linear forms in one tensor size (ResultBoundsValues.h),
// one op at a time; no recursion.
//
//===----------------------------------------------------------------------===//

#include "ResultBoundsValues.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <cstdlib>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::bounds;
namespace shlo = mlir::tfg::stablehlo;

static int64_t clampBig(int64_t x) { return std::clamp(x, -kBig, kBig); }

int64_t bounds::satAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return a > 0 ? kBig : -kBig;
  return clampBig(r);
}

int64_t bounds::satMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return (a > 0) == (b > 0) ? kBig : -kBig;
  return clampBig(r);
}

Interval bounds::add(Interval a, Interval b) {
  return {satAdd(a.lo, b.lo), satAdd(a.hi, b.hi)};
}
Interval bounds::mul(Interval a, Interval b) {
  int64_t p[] = {satMul(a.lo, b.lo), satMul(a.lo, b.hi), satMul(a.hi, b.lo),
                 satMul(a.hi, b.hi)};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}
Interval bounds::join(Interval a, Interval b) {
  return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

static Interval neg(Interval a) { return {-a.hi, -a.lo}; }
static Interval subtract(Interval a, Interval b) { return add(a, neg(b)); }
static Interval divide(Interval a, Interval b) {
  if (b.lo <= 0)
    return {};
  int64_t p[] = {a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}
static Interval minOf(Interval a, Interval b) {
  return {std::min(a.lo, b.lo), std::min(a.hi, b.hi)};
}
static Interval maxOf(Interval a, Interval b) {
  return {std::max(a.lo, b.lo), std::max(a.hi, b.hi)};
}
static Interval absOf(Interval a) {
  if (a.lo >= 0)
    return a;
  if (a.hi <= 0)
    return {-a.hi, -a.lo};
  return {0, std::max(-a.lo, a.hi)};
}
static Interval signOf(Interval a) {
  return {a.lo > 0 ? 1 : (a.lo == 0 ? 0 : -1),
          a.hi < 0 ? -1 : (a.hi == 0 ? 0 : 1)};
}

static Element ofRange(Interval r) {
  Element e;
  e.range = r;
  return e;
}

/// The form of `e` as `coef * size + offset`: a value without one is
/// `0 * size + range`.
static Interval offsetOf(const Element &e) {
  return e.hasForm() ? e.offset : e.range;
}

static bool sameSize(const Element &a, const Element &b) {
  return a.sizeOf == b.sizeOf && a.dim == b.dim;
}

/// `ka * a + kb * b` (ka, kb are 1 or -1), its form where a and b have
/// forms in the same size (or one has none).
static Element linear(const Element &a, int64_t ka, const Element &b,
                      int64_t kb) {
  auto scaled = [](Interval x, int64_t k) { return k < 0 ? neg(x) : x; };
  Element r = ofRange(add(scaled(a.range, ka), scaled(b.range, kb)));
  if ((!a.hasForm() && !b.hasForm()) ||
      (a.hasForm() && b.hasForm() && !sameSize(a, b)))
    return r;
  const Element &s = a.hasForm() ? a : b;
  r.sizeOf = s.sizeOf;
  r.dim = s.dim;
  r.coef = (a.hasForm() ? ka * a.coef : 0) + (b.hasForm() ? kb * b.coef : 0);
  r.offset = add(scaled(offsetOf(a), ka), scaled(offsetOf(b), kb));
  return r;
}

/// `k * a` for a constant k.
static Element scale(const Element &a, int64_t k) {
  Element r = ofRange(mul(a.range, {k, k}));
  if (a.hasForm() && std::abs(a.coef) < (int64_t(1) << 20) &&
      std::abs(k) < (int64_t(1) << 20)) {
    r.sizeOf = a.sizeOf;
    r.dim = a.dim;
    r.coef = a.coef * k;
    r.offset = mul(a.offset, {k, k});
  }
  return r;
}

/// min/max of two elements: of their forms when they share size and
/// coefficient.
static Element minMax(const Element &a, const Element &b, bool isMax) {
  Element r =
      ofRange(isMax ? maxOf(a.range, b.range) : minOf(a.range, b.range));
  if (a.hasForm() && b.hasForm() && sameSize(a, b) && a.coef == b.coef) {
    r.sizeOf = a.sizeOf;
    r.dim = a.dim;
    r.coef = a.coef;
    r.offset = isMax ? maxOf(a.offset, b.offset) : minOf(a.offset, b.offset);
  }
  return r;
}

/// Either of two elements (a select's).
static Element either(const Element &a, const Element &b) {
  Element r = ofRange(join(a.range, b.range));
  if (a.hasForm() && b.hasForm() && sameSize(a, b) && a.coef == b.coef) {
    r.sizeOf = a.sizeOf;
    r.dim = a.dim;
    r.coef = a.coef;
    r.offset = join(a.offset, b.offset);
  }
  return r;
}

int64_t IntegerValues::formUpper(const Element &e) const {
  if (!e.hasForm() || e.offset.hi >= kBig)
    return kBig;
  if (e.coef <= 0)
    return e.offset.hi;
  Bound b = bounds(e.sizeOf);
  int64_t size = e.dim < static_cast<int64_t>(b.size()) ? b[e.dim] : kUnknown;
  if (size == kUnknown)
    return kBig;
  return satAdd(satMul(e.coef, size), e.offset.hi);
}

/// `e` as a value of `elementType`: its range narrowed by its form; an
/// element whose exact value may leave the type's range (where StableHLO
/// wraps) is unknown.
Element IntegerValues::settle(Element e, Type elementType) const {
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width <= 1)
    return ofRange(e.range.lo >= 0 && e.range.hi <= 1 ? e.range
                                                      : Interval{0, 1});
  if (e.hasForm() && e.coef == 0) {
    e.range = {std::max(e.range.lo, e.offset.lo),
               std::min(e.range.hi, e.offset.hi)};
    e.sizeOf = Value();
  }
  // The exact value's range: the size is in [0, kMaxDynamicSize] (its
  // bound, when known, narrows the element's range too).
  Interval exact = e.range;
  if (e.hasForm()) {
    Bound b = bounds(e.sizeOf);
    bool known = e.dim < static_cast<int64_t>(b.size()) && b[e.dim] != kUnknown;
    int64_t most =
        known ? std::min(b[e.dim], kMaxDynamicSize) : kMaxDynamicSize;
    Interval formRange = add(mul({0, most}, {e.coef, e.coef}), e.offset);
    exact = {std::max(exact.lo, formRange.lo),
             std::min(exact.hi, formRange.hi)};
    if (known)
      e.range = exact;
  }
  int64_t limit = width >= 63 ? kBig : (int64_t(1) << (width - 1));
  // Contradictory, or a value that may wrap: nothing is known.
  if (exact.lo > exact.hi || exact.lo < -limit || exact.hi >= limit)
    return Element();
  return e;
}

SmallVector<Element> IntegerValues::elements(Value v) const {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape() || type.getNumElements() > kMaxTracked)
    return {};
  auto it = ints.find(v);
  if (it != ints.end())
    return it->second;
  return SmallVector<Element>(type.getNumElements());
}

SmallVector<Interval> IntegerValues::values(Value v) const {
  SmallVector<Interval> r;
  for (const Element &e : elements(v))
    r.push_back(e.range);
  return r;
}

Interval IntegerValues::range(Value v) const {
  auto it = ints.find(v);
  if (it != ints.end() && !it->second.empty()) {
    Interval r = it->second.front().range;
    for (const Element &x : it->second)
      r = join(r, x.range);
    return r;
  }
  auto rt = ranges.find(v);
  return rt != ranges.end() ? rt->second : Interval{};
}

int64_t IntegerValues::upper(Value v, int64_t i) const {
  SmallVector<Element> es = elements(v);
  if (i >= static_cast<int64_t>(es.size()))
    return kUnknown;
  int64_t u = std::min(es[i].range.hi, formUpper(es[i]));
  if (u >= kBig)
    return kUnknown;
  return std::max<int64_t>(u, 0);
}

/// A single-input reduce whose body adds its two arguments: N elements in
/// [lo, hi] (N at most the reduced dimensions' bound) sum to within
/// [min(0, N lo), max(0, N hi)] plus the initial value.
std::optional<Interval> IntegerValues::sumOf(Operation *op) const {
  auto reduce = dyn_cast<shlo::ReduceOp>(op);
  if (!reduce || reduce.getInputs().size() != 1 || reduce.getBody().empty())
    return std::nullopt;
  Block &body = reduce.getBody().front();
  if (body.getNumArguments() != 2 || body.getOperations().size() != 2)
    return std::nullopt;
  auto sum = dyn_cast<shlo::AddOp>(&body.front());
  if (!sum || !llvm::is_contained(sum->getOperands(), body.getArgument(0)) ||
      !llvm::is_contained(sum->getOperands(), body.getArgument(1)))
    return std::nullopt;
  Bound ib = bounds(reduce.getInputs()[0]);
  int64_t n = 1;
  for (int64_t d : reduce.getDimensions()) {
    if (d < 0 || d >= static_cast<int64_t>(ib.size()) || ib[d] == kUnknown)
      return std::nullopt;
    n = satMul(n, ib[d]);
  }
  Interval x = range(reduce.getInputs()[0]),
           init = range(reduce.getInitValues()[0]);
  Interval total = mul({0, n}, x);
  return add(join(total, {0, 0}), init);
}

void IntegerValues::trackRange(Operation *op, Value result) {
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
  } else if (auto sel = dyn_cast<shlo::SelectOp>(op)) {
    r = join(range(sel.getOnTrue()), range(sel.getOnFalse()));
  } else if (op->getNumOperands() == 2 &&
             isa<shlo::AddOp, shlo::SubtractOp, shlo::MultiplyOp,
                 shlo::MinimumOp, shlo::MaximumOp>(op)) {
    Interval a = range(op->getOperand(0)), b = range(op->getOperand(1));
    r = isa<shlo::AddOp>(op)        ? add(a, b)
        : isa<shlo::SubtractOp>(op) ? subtract(a, b)
        : isa<shlo::MultiplyOp>(op) ? mul(a, b)
        : isa<shlo::MinimumOp>(op)  ? minOf(a, b)
                                    : maxOf(a, b);
  } else {
    return;
  }
  // A range that may wrap in the element type is no range.
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  int64_t limit = width >= 63 ? kBig : (int64_t(1) << (width - 1));
  if (width > 1 && (r.lo < -limit || r.hi >= limit))
    return;
  ranges[result] = r;
}

/// `select(a > b, b, a)` and its variants are min/max of a and b.
std::optional<Element> IntegerValues::minMaxSelect(Operation *op,
                                                   size_t i) const {
  auto sel = cast<shlo::SelectOp>(op);
  auto cmp = sel.getPred().getDefiningOp<shlo::CompareOp>();
  if (!cmp)
    return std::nullopt;
  Value t = sel.getOnTrue(), f = sel.getOnFalse();
  Value l = cmp.getLhs(), r = cmp.getRhs();
  auto dir = cmp.getComparisonDirection();
  bool greater = dir == shlo::ComparisonDirection::GT ||
                 dir == shlo::ComparisonDirection::GE;
  bool less = dir == shlo::ComparisonDirection::LT ||
              dir == shlo::ComparisonDirection::LE;
  if (!greater && !less)
    return std::nullopt;
  SmallVector<Element> tv = elements(t), fv = elements(f);
  if (i >= tv.size() || i >= fv.size())
    return std::nullopt;
  // (l > r ? l : r) is max; (l > r ? r : l) is min; mirrored for <.
  if ((t == l && f == r) || (t == r && f == l))
    return minMax(tv[i], fv[i], (t == l) == greater);
  return std::nullopt;
}

void IntegerValues::track(Operation *op) {
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
  SmallVector<Element> out(n);
  auto binary = [&](auto fn) {
    SmallVector<Element> a = elements(op->getOperand(0)),
                         b = elements(op->getOperand(1));
    if (static_cast<int64_t>(a.size()) != n ||
        static_cast<int64_t>(b.size()) != n)
      return;
    for (int64_t i = 0; i < n; ++i)
      out[i] = fn(a[i], b[i]);
  };
  auto unary = [&](auto fn) {
    SmallVector<Element> a = elements(op->getOperand(0));
    if (static_cast<int64_t>(a.size()) != n)
      return;
    for (int64_t i = 0; i < n; ++i)
      out[i] = fn(a[i]);
  };
  auto onRanges = [](auto fn) {
    return [fn](const Element &a, const Element &b) {
      return ofRange(fn(a.range, b.range));
    };
  };
  auto isPoint = [](const Element &e) { return e.range.lo == e.range.hi; };
  if (auto c = dyn_cast<shlo::ConstantOp>(op)) {
    if (auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue())) {
      int64_t i = 0;
      bool isBool = type.getElementType().isInteger(1);
      for (const APInt &x : dense.getValues<APInt>()) {
        int64_t v = clampBig(isBool ? x.getZExtValue() : x.getSExtValue());
        out[i++] = ofRange({v, v});
      }
    }
  } else if (isa<shlo::AddOp>(op)) {
    binary(
        [](const Element &a, const Element &b) { return linear(a, 1, b, 1); });
  } else if (isa<shlo::SubtractOp>(op)) {
    binary(
        [](const Element &a, const Element &b) { return linear(a, 1, b, -1); });
  } else if (isa<shlo::MultiplyOp>(op)) {
    binary([&](const Element &a, const Element &b) {
      if (isPoint(b))
        return scale(a, b.range.lo);
      if (isPoint(a))
        return scale(b, a.range.lo);
      return ofRange(mul(a.range, b.range));
    });
  } else if (isa<shlo::DivideOp>(op)) {
    binary(onRanges(divide));
  } else if (isa<shlo::MinimumOp>(op)) {
    binary(
        [](const Element &a, const Element &b) { return minMax(a, b, false); });
  } else if (isa<shlo::MaximumOp>(op)) {
    binary(
        [](const Element &a, const Element &b) { return minMax(a, b, true); });
  } else if (isa<shlo::AbsOp>(op)) {
    unary([](const Element &a) { return ofRange(absOf(a.range)); });
  } else if (isa<shlo::NegateOp>(op)) {
    unary([](const Element &a) { return scale(a, -1); });
  } else if (isa<shlo::SignOp>(op)) {
    unary([](const Element &a) { return ofRange(signOf(a.range)); });
  } else if (isa<shlo::CompareOp>(op)) {
    for (Element &x : out)
      x = ofRange({0, 1});
  } else if (auto convert = dyn_cast<shlo::ConvertOp>(op)) {
    // Integers only; settle() makes a narrowing that may wrap unknown.
    // A bool is 0 or 1; to a bool, x != 0.
    auto from = cast<RankedTensorType>(convert.getOperand().getType());
    if (from.getElementType().isInteger(1) ||
        type.getElementType().isInteger(1))
      for (Element &x : out)
        x = ofRange({0, 1});
    else if (isa<IntegerType>(from.getElementType()))
      unary([](const Element &a) { return a; });
  } else if (isa<shlo::ReshapeOp>(op)) {
    unary([](const Element &a) { return a; });
  } else if (auto b = dyn_cast<shlo::BroadcastInDimOp>(op)) {
    SmallVector<Element> a = elements(b.getOperand());
    if (a.size() == 1)
      for (Element &x : out)
        x = a[0];
  } else if (auto reduce = dyn_cast<shlo::ReduceOp>(op)) {
    if (std::optional<Interval> sum = sumOf(reduce))
      for (Element &x : out)
        x = ofRange(*sum);
  } else if (auto g = dyn_cast<shlo::GetDimensionSizeOp>(op)) {
    Bound ob = bounds(g.getOperand());
    int64_t d = g.getDimension();
    auto operandType = cast<RankedTensorType>(g.getOperand().getType());
    if (d < operandType.getRank() && !operandType.isDynamicDim(d))
      out[0] = ofRange({operandType.getDimSize(d), operandType.getDimSize(d)});
    else if (d < static_cast<int64_t>(ob.size()) && ob[d] != kUnknown)
      out[0] = ofRange({0, ob[d]});
    // A `?` size is itself: its form.
    if (d < operandType.getRank() && operandType.isDynamicDim(d)) {
      out[0].sizeOf = g.getOperand();
      out[0].dim = d;
      out[0].coef = 1;
      out[0].offset = {0, 0};
    }
  } else if (auto sel = dyn_cast<shlo::SelectOp>(op)) {
    SmallVector<Element> t = elements(sel.getOnTrue()),
                         f = elements(sel.getOnFalse());
    for (int64_t i = 0; i < n; ++i) {
      if (auto m = minMaxSelect(sel, i))
        out[i] = *m;
      else if (static_cast<int64_t>(t.size()) == n &&
               static_cast<int64_t>(f.size()) == n)
        out[i] = either(t[i], f[i]);
    }
  } else if (auto c = dyn_cast<shlo::ClampOp>(op)) {
    SmallVector<Interval> lo = values(c.getMin()), x = values(c.getOperand()),
                          hi = values(c.getMax());
    for (int64_t i = 0; i < n && static_cast<int64_t>(x.size()) == n; ++i) {
      Interval l =
          lo.size() == 1 ? lo[0] : (lo.size() > 0 ? lo[i] : Interval{});
      Interval h =
          hi.size() == 1 ? hi[0] : (hi.size() > 0 ? hi[i] : Interval{});
      out[i] = ofRange(minOf(maxOf(x[i], l), h));
    }
  } else if (auto slice = dyn_cast<shlo::SliceOp>(op)) {
    // Row-major positions of the kept elements.
    auto from = cast<RankedTensorType>(slice.getOperand().getType());
    SmallVector<Element> a = elements(slice.getOperand());
    if (!a.empty()) {
      ArrayRef<int64_t> start = slice.getStartIndices(),
                        stride = slice.getStrides();
      int64_t rank = type.getRank();
      for (int64_t i = 0; i < n; ++i) {
        int64_t rest = i, at = 0, weight = 1;
        for (int64_t d = rank - 1; d >= 0; --d) {
          int64_t k = rest % type.getDimSize(d);
          rest /= type.getDimSize(d);
          at += (start[d] + k * stride[d]) * weight;
          weight *= from.getDimSize(d);
        }
        if (at >= 0 && at < static_cast<int64_t>(a.size()))
          out[i] = a[at];
      }
    }
  } else if (auto cat = dyn_cast<shlo::ConcatenateOp>(op)) {
    // Each result element from the input holding it along the axis.
    int64_t axis = cat.getDimension(), rank = type.getRank();
    SmallVector<SmallVector<Element>> inputs;
    SmallVector<int64_t> starts;
    int64_t start = 0;
    for (Value input : cat.getInputs()) {
      inputs.push_back(elements(input));
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
  for (Element &e : out)
    e = settle(e, type.getElementType());
  ints[result] = std::move(out);
}
