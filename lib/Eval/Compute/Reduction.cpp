//===- Reduction.cpp - Reductions, arg-reductions and scans ---------------===//
//
// computeReduce, computeArgReduce and computeScan
// (tfg/Eval/Compute/Reduction.h). A reduction walks its operand once, row
// major, as a strided view of the result (a reduced dimension has step 0).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Reduction.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <limits>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The reduced dimensions and the result's layout.
struct Reduction {
  SmallVector<int64_t, 4> shape;   ///< The result's shape.
  SmallVector<int64_t, 4> strides; ///< Per input dim, 0 where reduced.
  int64_t outSize = 1;
  int64_t count = 1; ///< Input elements per result element.
};
} // namespace

/// The reduction of `in` over `dims`.
static llvm::Expected<Reduction>
makeReduction(const HostTensor &in, ArrayRef<int64_t> dims, bool keepDims) {
  int64_t rank = in.getRank();
  SmallVector<bool, 4> reduced(rank, false);
  for (int64_t a : dims) {
    if (a < 0 || a >= rank)
      return computeError("axis " + std::to_string(a) +
                          " is out of range for rank " + std::to_string(rank));
    if (reduced[a])
      return computeError("axis " + std::to_string(a) + " is repeated");
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
template <typename Fn>
static void forEachElement(const HostTensor &in, const Reduction &r, Fn fn) {
  forEachStridedOffset(in.getShape(), r.strides, /*offset=*/0,
                       in.getNumElements(), fn);
}

llvm::Expected<HostTensor>
mlir::tfg::computeReduce(const ComputeEnv &env, ReduceOp op,
                         const HostTensor &in, ArrayRef<int64_t> dims,
                         const ReduceOptions &options) {
  HostElementKind kind = in.getKind();
  bool logical = op == ReduceOp::All || op == ReduceOp::Any;
  bool minMax = op == ReduceOp::Max || op == ReduceOp::Min;
  if (logical != (kind == HostElementKind::Bool) ||
      kind == HostElementKind::String ||
      (minMax && kind == HostElementKind::Complex))
    return computeError("the reduction does not take this element type");
  const HostTensor *init = options.init;
  if (init && (init->getElementType() != in.getElementType() ||
               init->getNumElements() != 1 || op == ReduceOp::Mean ||
               op == ReduceOp::EuclideanNorm))
    return computeError("the initial value must be one element of the "
                        "operand's type (not for Mean or EuclideanNorm)");
  llvm::Expected<Reduction> r = makeReduction(in, dims, options.keepDims);
  if (!r)
    return r.takeError();
  llvm::Expected<ResultBuilder> b =
      startResult(env, in.getElementType(), r->shape, false);
  if (!b)
    return b.takeError();
  HostTensor &out = b->tensor;
  int64_t n = r->outSize;
  unsigned width = in.getElementInfo().bitWidth;

  if (kind == HostElementKind::Bool) {
    std::vector<char> acc(n, init ? init->getInt(0) != 0 : op == ReduceOp::All);
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      bool v = in.getInt(i) != 0;
      acc[o] = op == ReduceOp::All ? (acc[o] && v) : (acc[o] || v);
    });
    for (int64_t o = 0; o < n; ++o)
      out.setInt(o, acc[o]);
  } else if (kind == HostElementKind::Complex) {
    std::vector<std::complex<double>> acc(
        n, init ? init->getComplex(0)
                : std::complex<double>(op == ReduceOp::Prod ? 1.0 : 0.0));
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      std::complex<double> v = in.getComplex(i);
      if (op == ReduceOp::Prod)
        acc[o] *= v;
      else if (op == ReduceOp::EuclideanNorm)
        acc[o] += v * std::conj(v);
      else
        acc[o] += v;
    });
    for (int64_t o = 0; o < n; ++o)
      out.setComplex(o, op == ReduceOp::Mean ? acc[o] / double(r->count)
                        : op == ReduceOp::EuclideanNorm ? std::sqrt(acc[o])
                                                        : acc[o]);
  } else if (kind == HostElementKind::Float) {
    double inf = std::numeric_limits<double>::infinity();
    double identity = op == ReduceOp::Prod  ? 1.0
                      : op == ReduceOp::Max ? -inf
                      : op == ReduceOp::Min ? inf
                                            : 0.0;
    std::vector<double> acc(n, init ? init->getDouble(0) : identity);
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      double v = in.getDouble(i);
      double &a = acc[o];
      switch (op) {
      case ReduceOp::Prod:
        a *= v;
        break;
      case ReduceOp::Max:
        a = (std::isnan(a) || std::isnan(v)) ? NAN : std::max(a, v);
        break;
      case ReduceOp::Min:
        a = (std::isnan(a) || std::isnan(v)) ? NAN : std::min(a, v);
        break;
      case ReduceOp::EuclideanNorm:
        a += v * v;
        break;
      default:
        a += v;
      }
    });
    for (int64_t o = 0; o < n; ++o)
      out.setDouble(o, op == ReduceOp::Mean ? acc[o] / double(r->count)
                       : op == ReduceOp::EuclideanNorm ? std::sqrt(acc[o])
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
    uint64_t identity = op == ReduceOp::Prod  ? 1
                        : op == ReduceOp::Max ? lowest
                        : op == ReduceOp::Min ? highest
                                              : 0;
    std::vector<uint64_t> acc(n, !init ? identity
                                 : isSigned
                                     ? static_cast<uint64_t>(init->getInt(0))
                                     : init->getUInt(0));
    auto less = [&](uint64_t x, uint64_t y) {
      return isSigned ? static_cast<int64_t>(x) < static_cast<int64_t>(y)
                      : x < y;
    };
    forEachElement(in, *r, [&](int64_t i, int64_t o) {
      uint64_t v =
          isSigned ? static_cast<uint64_t>(in.getInt(i)) : in.getUInt(i);
      uint64_t &a = acc[o];
      switch (op) {
      case ReduceOp::Prod:
        a *= v;
        break;
      case ReduceOp::Max:
        a = less(a, v) ? v : a;
        break;
      case ReduceOp::Min:
        a = less(v, a) ? v : a;
        break;
      case ReduceOp::EuclideanNorm:
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
      if (op == ReduceOp::EuclideanNorm) {
        double sum = isSigned ? double(out.getInt(o)) : double(out.getUInt(o));
        out.setInt(o, static_cast<int64_t>(std::sqrt(sum)));
      }
      if (op != ReduceOp::Mean)
        continue;
      if (r->count == 0)
        return computeError(
            "Mean of an empty integer reduction divides by zero");
      // The sum wrapped to the element's width, then divided (truncating).
      if (isSigned) {
        int64_t sum = out.getInt(o);
        out.setInt(o, sum / r->count);
      } else {
        out.setUInt(o, out.getUInt(o) / static_cast<uint64_t>(r->count));
      }
    }
  }
  return finishResult(std::move(*b));
}

llvm::Expected<HostTensor>
mlir::tfg::computeArgReduce(const ComputeEnv &env, bool max,
                            const HostTensor &in, int64_t dim, Type indexType) {
  HostElementKind kind = in.getKind();
  if (kind == HostElementKind::String || kind == HostElementKind::Complex)
    return computeError("ArgMax/ArgMin do not take this element type");
  auto intType = dyn_cast<IntegerType>(indexType);
  if (!intType || !intType.isSignless() ||
      (intType.getWidth() != 16 && intType.getWidth() != 32 &&
       intType.getWidth() != 64))
    return computeError("output_type must be int16, int32 or int64");
  llvm::Expected<Reduction> r = makeReduction(in, {dim}, false);
  if (!r)
    return r.takeError();
  if (r->count == 0)
    return computeError("the reduction axis is empty in shape " +
                        formatShape(in.getShape()));
  if (intType.getWidth() < 64 &&
      r->count - 1 > (int64_t(1) << (intType.getWidth() - 1)) - 1)
    return computeError("an index does not fit output_type");
  llvm::Expected<ResultBuilder> b = startResult(env, intType, r->shape, false);
  if (!b)
    return b.takeError();
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
  return finishResult(std::move(*b));
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

llvm::Expected<HostTensor>
mlir::tfg::computeScan(const ComputeEnv &env, ScanOp op, const HostTensor &in,
                       int64_t axis, bool exclusive, bool reverse) {
  bool product = op == ScanOp::Prod;
  HostElementKind kind = in.getKind();
  if (kind == HostElementKind::Bool || kind == HostElementKind::String ||
      (op == ScanOp::LogSumExp && kind != HostElementKind::Float))
    return computeError("the scan does not take this element type");
  int64_t rank = in.getRank();
  if (axis < 0 || axis >= rank)
    return computeError("axis " + std::to_string(axis) +
                        " is out of range for rank " + std::to_string(rank));
  llvm::Expected<ResultBuilder> b =
      startResult(env, in.getElementType(), in.getShape(), false);
  if (!b)
    return b.takeError();
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
          if (op == ScanOp::LogSumExp)
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
          out.setDouble(i, op == ScanOp::LogSumExp ? logAddExp(a, x)
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
  return finishResult(std::move(*b));
}
