//===- ReductionKernels.cpp - Kernels of the reductions -------------------===//
//
// Sum, Prod, Mean, Max, Min, All, Any (axes as an int32/int64 scalar or
// vector, negative axes, keep_dims; a repeated axis is an error) and
// ArgMax/ArgMin (one axis, output_type), EuclideanNorm, and the scans
// Cumsum/Cumprod/CumulativeLogsumexp. An
// empty reduction gives the identity: 0 for Sum, 1 for Prod, true for All,
// false for Any, and for Max/Min the bottom/top value TensorFlow uses
// (-inf/+inf for floats, the lowest/highest value for ints). Integers wrap
// at their width as TensorFlow's accumulators do, and Mean of ints truncates
// toward zero. Floats accumulate in double and round once, which is exact
// for Max, Min and most sums but may differ in the last bit from
// TensorFlow's order of float additions. Max and Min propagate NaN.
// ArgMax/ArgMin pick the first of equal elements. EuclideanNorm is
// sqrt(sum |x|^2) (complex: sqrt(sum x conj(x)); ints: the square root of
// the wrapped sum of squares, truncated). CumulativeLogsumexp (floats) is
// the scan of log(exp(a) + exp(b)), computed without overflow; its
// exclusive form starts from -inf.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class Reduce { Sum, Prod, Mean, Max, Min, All, Any, EuclideanNorm };
enum class Scan { Sum, Prod, LogSumExp };

/// The reduced dimensions and the result's layout.
struct Reduction {
  SmallVector<int64_t, 4> shape;   ///< The result's shape.
  SmallVector<int64_t, 4> strides; ///< Per input dim, 0 where reduced.
  int64_t outSize = 1;
  int64_t count = 1; ///< Input elements per result element.
};
} // namespace

/// The reduction of `in` over the axes in operand 1.
static FailureOr<Reduction> getReduction(EvalContext &ctx, const HostTensor &in,
                                         bool keepDims, bool singleAxis) {
  FailureOr<const HostTensor *> axesOr = getOperand(ctx, 1);
  if (failed(axesOr))
    return failure();
  const HostTensor &axes = **axesOr;
  if (axes.getKind() != HostElementKind::Signed ||
      (axes.getElementInfo().bitWidth != 32 &&
       axes.getElementInfo().bitWidth != 64) ||
      axes.getRank() > 1 || (singleAxis && axes.getRank() != 0))
    return ctx.fail(singleAxis ? "the axis must be an int32 or int64 scalar"
                               : "the axes must be an int32 or int64 "
                                 "scalar or vector");
  int64_t rank = in.getRank();
  SmallVector<bool, 4> reduced(rank, false);
  for (int64_t k = 0; k < axes.getNumElements(); ++k) {
    int64_t a = axes.getInt(k);
    if (a < -rank || a >= rank)
      return ctx.fail("axis " + std::to_string(a) +
                      " is out of range for rank " + std::to_string(rank));
    if (a < 0)
      a += rank;
    if (reduced[a])
      return ctx.fail("axis " + std::to_string(a) + " is repeated");
    reduced[a] = true;
  }
  Reduction r;
  r.strides.assign(rank, 0);
  for (int64_t d = rank - 1; d >= 0; --d) {
    int64_t dim = in.getShape()[d];
    if (reduced[d]) {
      r.count *= dim;
      continue;
    }
    r.strides[d] = r.outSize;
    r.outSize *= dim;
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[d])
      r.shape.push_back(in.getShape()[d]);
    else if (keepDims)
      r.shape.push_back(1);
  }
  return r;
}

/// Calls `fn(inIndex, outIndex)` for every input element, row-major.
/// (The input walked as a strided view of the output: a reduced dimension
/// has step 0.)
template <typename Fn>
static void forEachElement(const HostTensor &in, const Reduction &r, Fn fn) {
  forEachStridedOffset(in.getShape(), r.strides, /*offset=*/0,
                       in.getNumElements(), fn);
}

static bool getKeepDims(EvalContext &ctx) {
  auto attr = dyn_cast_if_present<BoolAttr>(ctx.getAttr("keep_dims"));
  return attr && attr.getValue();
}

static LogicalResult reduce(EvalContext &ctx, Reduce op) {
  FailureOr<const HostTensor *> inOr = getOperand(ctx, 0);
  if (failed(inOr))
    return failure();
  const HostTensor &in = **inOr;
  HostElementKind kind = in.getKind();
  bool logical = op == Reduce::All || op == Reduce::Any;
  bool minMax = op == Reduce::Max || op == Reduce::Min;
  if (logical != (kind == HostElementKind::Bool) ||
      kind == HostElementKind::String ||
      (minMax && kind == HostElementKind::Complex))
    return ctx.fail("the reduction does not take this element type");
  FailureOr<Reduction> r = getReduction(ctx, in, getKeepDims(ctx), false);
  if (failed(r))
    return failure();
  FailureOr<ResultBuilder> b =
      startResult(ctx, in.getElementType(), r->shape, false);
  if (failed(b))
    return failure();
  HostTensor &out = b->tensor;
  int64_t n = r->outSize;
  unsigned width = in.getElementInfo().bitWidth;

  if (kind == HostElementKind::Bool) {
    std::vector<char> acc(n, op == Reduce::All);
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      bool v = in.getInt(i) != 0;
      acc[o] = op == Reduce::All ? (acc[o] && v) : (acc[o] || v);
    });
    for (int64_t o = 0; o < n; ++o)
      out.setInt(o, acc[o]);
  } else if (kind == HostElementKind::Complex) {
    std::vector<std::complex<double>> acc(n, op == Reduce::Prod ? 1.0 : 0.0);
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      std::complex<double> v = in.getComplex(i);
      if (op == Reduce::Prod)
        acc[o] *= v;
      else if (op == Reduce::EuclideanNorm)
        acc[o] += v * std::conj(v);
      else
        acc[o] += v;
    });
    for (int64_t o = 0; o < n; ++o)
      out.setComplex(o, op == Reduce::Mean ? acc[o] / double(r->count)
                        : op == Reduce::EuclideanNorm ? std::sqrt(acc[o])
                                                      : acc[o]);
  } else if (kind == HostElementKind::Float) {
    double inf = std::numeric_limits<double>::infinity();
    double init = op == Reduce::Prod  ? 1.0
                  : op == Reduce::Max ? -inf
                  : op == Reduce::Min ? inf
                                      : 0.0;
    std::vector<double> acc(n, init);
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      double v = in.getDouble(i);
      double &a = acc[o];
      switch (op) {
      case Reduce::Prod:
        a *= v;
        break;
      case Reduce::Max:
        a = (std::isnan(a) || std::isnan(v)) ? NAN : std::max(a, v);
        break;
      case Reduce::Min:
        a = (std::isnan(a) || std::isnan(v)) ? NAN : std::min(a, v);
        break;
      case Reduce::EuclideanNorm:
        a += v * v;
        break;
      default:
        a += v;
      }
    });
    for (int64_t o = 0; o < n; ++o)
      out.setDouble(o, op == Reduce::Mean            ? acc[o] / double(r->count)
                       : op == Reduce::EuclideanNorm ? std::sqrt(acc[o])
                                                     : acc[o]);
  } else {
    bool isSigned = kind == HostElementKind::Signed;
    // Ints in two's complement modulo 2^64; the result wraps to `width`.
    uint64_t highest = isSigned      ? (uint64_t(1) << (width - 1)) - 1
                       : width == 64 ? ~uint64_t(0)
                                     : (uint64_t(1) << width) - 1;
    uint64_t lowest =
        isSigned ? static_cast<uint64_t>(-static_cast<int64_t>(highest) - 1)
                 : 0;
    uint64_t init = op == Reduce::Prod  ? 1
                    : op == Reduce::Max ? lowest
                    : op == Reduce::Min ? highest
                                        : 0;
    std::vector<uint64_t> acc(n, init);
    auto less = [&](uint64_t x, uint64_t y) {
      return isSigned ? static_cast<int64_t>(x) < static_cast<int64_t>(y)
                      : x < y;
    };
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      uint64_t v =
          isSigned ? static_cast<uint64_t>(in.getInt(i)) : in.getUInt(i);
      uint64_t &a = acc[o];
      switch (op) {
      case Reduce::Prod:
        a *= v;
        break;
      case Reduce::Max:
        a = less(a, v) ? v : a;
        break;
      case Reduce::Min:
        a = less(v, a) ? v : a;
        break;
      case Reduce::EuclideanNorm:
        a += v * v;
        break;
      default:
        a += v;
      }
    });
    for (int64_t o = 0; o < n; ++o) {
      out.setUInt(o, acc[o]);
      // The sum of squares wrapped to the element's width, then its square
      // root truncated.
      if (op == Reduce::EuclideanNorm) {
        double sum = isSigned ? double(out.getInt(o)) : double(out.getUInt(o));
        out.setInt(o, static_cast<int64_t>(std::sqrt(sum)));
      }
      if (op != Reduce::Mean)
        continue;
      if (r->count == 0)
        return ctx.fail("Mean of an empty integer reduction divides by zero");
      // The sum wrapped to the element's width, then divided (truncating).
      if (isSigned) {
        int64_t sum = out.getInt(o);
        out.setInt(o, sum / r->count);
      } else {
        out.setUInt(o, out.getUInt(o) / static_cast<uint64_t>(r->count));
      }
    }
  }
  return finishResult(ctx, std::move(*b));
}

static LogicalResult argKernel(EvalContext &ctx, bool max) {
  FailureOr<const HostTensor *> inOr = getOperand(ctx, 0);
  if (failed(inOr))
    return failure();
  const HostTensor &in = **inOr;
  HostElementKind kind = in.getKind();
  if (kind == HostElementKind::String || kind == HostElementKind::Complex)
    return ctx.fail("ArgMax/ArgMin do not take this element type");
  Type outType = IntegerType::get(ctx.getContext(), 64);
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr("output_type")))
    outType = attr.getValue();
  auto intType = dyn_cast<IntegerType>(outType);
  if (!intType || !intType.isSignless() ||
      (intType.getWidth() != 16 && intType.getWidth() != 32 &&
       intType.getWidth() != 64))
    return ctx.fail("output_type must be int16, int32 or int64");
  FailureOr<Reduction> r = getReduction(ctx, in, false, true);
  if (failed(r))
    return failure();
  if (r->count == 0)
    return ctx.fail("the reduction axis is empty in shape " +
                    formatShape(in.getShape()));
  if (intType.getWidth() < 64 &&
      r->count - 1 > (int64_t(1) << (intType.getWidth() - 1)) - 1)
    return ctx.fail("an index does not fit output_type");
  FailureOr<ResultBuilder> b = startResult(ctx, intType, r->shape, false);
  if (failed(b))
    return failure();
  int64_t n = r->outSize;
  std::vector<int64_t> best(n, -1), seen(n, 0);
  bool isFloat = kind == HostElementKind::Float;
  bool isUnsigned = kind == HostElementKind::Unsigned;
  // Whether element i beats element j.
  auto beats = [&](int64_t i, int64_t j) {
    if (isFloat) {
      double x = in.getDouble(i), y = in.getDouble(j);
      return max ? x > y : x < y;
    }
    if (isUnsigned) {
      uint64_t x = in.getUInt(i), y = in.getUInt(j);
      return max ? x > y : x < y;
    }
    int64_t x = in.getInt(i), y = in.getInt(j);
    return max ? x > y : x < y;
  };
  std::vector<int64_t> bestIndex(n, 0);
  forEachElement(in, *r, [&](int64_t i, int64_t o) {
    if (best[o] < 0 || beats(i, best[o])) {
      best[o] = i;
      bestIndex[o] = seen[o];
    }
    ++seen[o];
  });
  for (int64_t o = 0; o < n; ++o)
    b->tensor.setInt(o, bestIndex[o]);
  return finishResult(ctx, std::move(*b));
}

/// log(exp(a) + exp(b)) without overflow (-inf is the identity).
static double logAddExp(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return NAN;
  double m = std::max(a, b);
  if (std::isinf(m))
    return m;
  return m + std::log1p(std::exp(-std::fabs(a - b)));
}

/// Cumsum/Cumprod along the scalar axis operand: `exclusive` starts from
/// the identity, `reverse` runs from the end. Each partial result is
/// rounded into (ints: wrapped to) the element type, as TensorFlow's scan
/// accumulates in it.
static LogicalResult scanKernel(EvalContext &ctx, Scan scan) {
  bool product = scan == Scan::Prod;
  FailureOr<const HostTensor *> inOr = getOperand(ctx, 0);
  if (failed(inOr))
    return failure();
  const HostTensor &in = **inOr;
  HostElementKind kind = in.getKind();
  if (kind == HostElementKind::Bool || kind == HostElementKind::String ||
      (scan == Scan::LogSumExp && kind != HostElementKind::Float))
    return ctx.fail("the scan does not take this element type");
  FailureOr<const HostTensor *> axisOr = getOperand(ctx, 1);
  if (failed(axisOr))
    return failure();
  const HostTensor &axisT = **axisOr;
  if (axisT.getKind() != HostElementKind::Signed || axisT.getRank() != 0)
    return ctx.fail("the axis must be an int32 or int64 scalar");
  int64_t rank = in.getRank(), axis = axisT.getInt(0);
  if (axis < -rank || axis >= rank)
    return ctx.fail("axis " + std::to_string(axis) +
                    " is out of range for rank " + std::to_string(rank));
  if (axis < 0)
    axis += rank;
  auto flag = [&](StringRef name) {
    auto attr = dyn_cast_if_present<BoolAttr>(ctx.getAttr(name));
    return attr && attr.getValue();
  };
  bool exclusive = flag("exclusive"), reverse = flag("reverse");
  FailureOr<ResultBuilder> b =
      startResult(ctx, in.getElementType(), in.getShape(), false);
  if (failed(b))
    return failure();
  HostTensor &out = b->tensor;
  int64_t outer = 1, inner = 1, dim = in.getShape()[axis];
  for (int64_t d = 0; d < axis; ++d)
    outer *= in.getShape()[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= in.getShape()[d];
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t j = 0; j < inner; ++j) {
      int64_t prev = -1; // The element whose partial result comes before.
      for (int64_t k = 0; k < dim; ++k) {
        int64_t pos = reverse ? dim - 1 - k : k;
        int64_t i = (o * dim + pos) * inner + j;
        // The partial result before `i`, and the element to add to it.
        int64_t src = exclusive ? prev : i;
        if (exclusive && prev < 0) {
          if (scan == Scan::LogSumExp)
            out.setDouble(i, -std::numeric_limits<double>::infinity());
          else
            out.setInt(i, product ? 1 : 0);
        } else if (prev < 0 || (exclusive && k == 1)) {
          copyElement(in, src, out, i);
        } else if (kind == HostElementKind::Complex) {
          std::complex<double> a = out.getComplex(prev);
          std::complex<double> x = in.getComplex(src);
          out.setComplex(i, product ? a * x : a + x);
        } else if (kind == HostElementKind::Float) {
          double a = out.getDouble(prev);
          double x = in.getDouble(src);
          out.setDouble(i, scan == Scan::LogSumExp ? logAddExp(a, x)
                           : product               ? a * x
                                                   : a + x);
        } else {
          uint64_t a = out.getUInt(prev);
          uint64_t x = in.getUInt(src);
          out.setUInt(i, product ? a * x : a + x);
        }
        prev = i;
      }
    }
  }
  return finishResult(ctx, std::move(*b));
}

void mlir::tfg::addReductionKernels(EvalKernelTable &table) {
  addKernels(table, {"Sum"},
             [](EvalContext &c) { return reduce(c, Reduce::Sum); });
  addKernels(table, {"Prod"},
             [](EvalContext &c) { return reduce(c, Reduce::Prod); });
  addKernels(table, {"Mean"},
             [](EvalContext &c) { return reduce(c, Reduce::Mean); });
  addKernels(table, {"Max"},
             [](EvalContext &c) { return reduce(c, Reduce::Max); });
  addKernels(table, {"Min"},
             [](EvalContext &c) { return reduce(c, Reduce::Min); });
  addKernels(table, {"All"},
             [](EvalContext &c) { return reduce(c, Reduce::All); });
  addKernels(table, {"Any"},
             [](EvalContext &c) { return reduce(c, Reduce::Any); });
  addKernels(table, {"ArgMax"},
             [](EvalContext &c) { return argKernel(c, true); });
  addKernels(table, {"ArgMin"},
             [](EvalContext &c) { return argKernel(c, false); });
  addKernels(table, {"Cumsum"},
             [](EvalContext &c) { return scanKernel(c, Scan::Sum); });
  addKernels(table, {"Cumprod"},
             [](EvalContext &c) { return scanKernel(c, Scan::Prod); });
  addKernels(table, {"CumulativeLogsumexp"},
             [](EvalContext &c) { return scanKernel(c, Scan::LogSumExp); });
  addKernels(table, {"EuclideanNorm"},
             [](EvalContext &c) { return reduce(c, Reduce::EuclideanNorm); });
}
