//===- SelectionKernels.cpp - Kernels that select, sort or bucket ---------===//
//
// - Where (one operand): the int64 coordinates [n, rank] of the nonzero
//   (true) elements in row-major order; NaN counts as nonzero.
// - Unique (1-D) and UniqueV2 (slices along an axis; an empty axis operand
//   asks for a 1-D input): the distinct values in order of first
//   occurrence and, per element, the index of its value (out_idx, int32 by
//   default). Floats compare as numbers: -0 equals 0, NaN equals nothing.
// - TopKV2: the k largest along the last dimension, sorted descending;
//   equal values keep the lower index first, as TensorFlow's kernel does
//   (sorted=false returns the same order). k in [0, last dimension].
// - Bucketize: per element the number of boundaries <= it (upper bound);
//   values compare as float (double for double inputs), as TF's kernel
//   with its float boundaries does. Boundaries must be sorted.
// - ClipByValue: max(min(t, hi), lo) with scalar or same-shape
//   bounds, computed in the element type.
// - LinSpace: start + i * step with step = (stop - start) / (num - 1) in
//   the element type, the first value exactly start and the last exactly
//   stop; num must be positive.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

using namespace mlir;
using namespace mlir::tfg;

/// Whether element `i` of `t` is nonzero (true).
static bool isNonZero(const HostTensor &t, int64_t i) {
  switch (t.getKind()) {
  case HostElementKind::Float:
  case HostElementKind::Complex:
    return t.getComplex(i) != std::complex<double>(0, 0);
  case HostElementKind::Unsigned:
    return t.getUInt(i) != 0;
  default:
    return t.getInt(i) != 0;
  }
}

static LogicalResult whereKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("Where with x and y is SelectV2; Where takes one operand");
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  const HostTensor &t = **in;
  if (t.getKind() == HostElementKind::String)
    return ctx.fail("Where does not take strings");
  int64_t rank = t.getRank(), n = 0;
  for (int64_t i = 0, e = t.getNumElements(); i < e; ++i)
    n += isNonZero(t, i);
  FailureOr<HostTensor> out =
      createResult(ctx, IntegerType::get(ctx.getContext(), 64), {n, rank});
  if (failed(out))
    return failure();
  MutableArrayRef<int64_t> coords = out->data<int64_t>();
  ArrayRef<int64_t> shape = t.getShape();
  int64_t row = 0;
  for (int64_t i = 0, e = t.getNumElements(); i < e; ++i) {
    if (!isNonZero(t, i))
      continue;
    int64_t rem = i;
    for (int64_t d = rank - 1; d >= 0; --d) {
      coords[row * rank + d] = rem % shape[d];
      rem /= shape[d];
    }
    ++row;
  }
  return setSingleResult(ctx, std::move(*out));
}

/// Appends the comparison key of element `i` to `key`; returns false for a
/// NaN (which equals nothing).
static bool appendKey(const HostTensor &t, int64_t i, std::string &key) {
  auto append = [&](uint64_t bits) {
    key.append(reinterpret_cast<const char *>(&bits), sizeof(bits));
  };
  switch (t.getKind()) {
  case HostElementKind::String: {
    StringRef s = t.getString(i);
    append(s.size());
    key.append(s.data(), s.size());
    return true;
  }
  case HostElementKind::Float:
  case HostElementKind::Complex: {
    std::complex<double> v = t.getComplex(i);
    for (double part : {v.real(), v.imag()}) {
      if (std::isnan(part))
        return false;
      double canonical = part == 0 ? 0.0 : part;
      uint64_t bits;
      std::memcpy(&bits, &canonical, sizeof(bits));
      append(bits);
    }
    return true;
  }
  default:
    append(t.getUInt(i));
    return true;
  }
}

/// Unique over slices along `axis` (the whole tensor as one dimension for
/// a 1-D input).
static LogicalResult uniqueAlong(EvalContext &ctx, const HostTensor &x,
                                 int64_t axis) {
  Type idxType =
      getTypeAttr(ctx, "out_idx", IntegerType::get(ctx.getContext(), 32));
  auto idxInt = dyn_cast<IntegerType>(idxType);
  if (!idxInt || (idxInt.getWidth() != 32 && idxInt.getWidth() != 64))
    return ctx.fail("out_idx must be int32 or int64");
  ArrayRef<int64_t> shape = x.getShape();
  int64_t dim = shape[axis], outer = getSubSize(shape, 0, axis),
          inner = getSubSize(shape, axis + 1, shape.size());
  FailureOr<HostTensor> idx = createResult(ctx, idxType, {dim});
  if (failed(idx))
    return failure();
  std::unordered_map<std::string, int64_t> seen;
  std::vector<int64_t> firsts; // the slice of each unique value
  std::string key;
  for (int64_t j = 0; j < dim; ++j) {
    key.clear();
    bool comparable = true;
    for (int64_t o = 0; o < outer && comparable; ++o)
      for (int64_t i = 0; i < inner && comparable; ++i)
        comparable = appendKey(x, (o * dim + j) * inner + i, key);
    int64_t id = firsts.size();
    if (comparable) {
      auto [it, inserted] = seen.try_emplace(key, id);
      if (!inserted)
        id = it->second;
    }
    if (id == static_cast<int64_t>(firsts.size()))
      firsts.push_back(j);
    idx->setInt(j, id);
  }
  SmallVector<int64_t, 4> yShape(shape);
  yShape[axis] = firsts.size();
  FailureOr<HostTensor> y = createResult(ctx, x.getElementType(), yShape);
  if (failed(y))
    return failure();
  int64_t count = firsts.size();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t u = 0; u < count; ++u)
      copyElements(x, (o * dim + firsts[u]) * inner, *y,
                   (o * count + u) * inner, inner);
  HostTensor results[] = {std::move(*y), std::move(*idx)};
  return setResults(ctx, results);
}

static LogicalResult uniqueKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  if ((*x)->getRank() != 1)
    return ctx.fail("Unique takes a vector");
  return uniqueAlong(ctx, **x, 0);
}

static LogicalResult uniqueV2Kernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> axis = getIntVector(ctx, 1, "axis");
  if (failed(axis))
    return failure();
  if (axis->empty()) {
    if ((*x)->getRank() != 1)
      return ctx.fail("UniqueV2 without an axis takes a vector");
    return uniqueAlong(ctx, **x, 0);
  }
  if (axis->size() != 1)
    return ctx.fail("UniqueV2 takes one axis");
  FailureOr<int64_t> a = normalizeAxis(ctx, (*axis)[0], (*x)->getRank());
  if (failed(a))
    return failure();
  return uniqueAlong(ctx, **x, *a);
}

/// Sorts `order` (indices 0..n-1 of row values `v`) by value descending,
/// lower index first among equals, keeping the first k.
template <typename T>
static void topKOrder(const std::vector<T> &v, int64_t k,
                      std::vector<int64_t> &order) {
  std::iota(order.begin(), order.end(), 0);
  auto before = [&](int64_t a, int64_t b) {
    return v[a] > v[b] || (!(v[b] > v[a]) && a < b);
  };
  std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
}

static LogicalResult topKKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> inOr = getOperand(ctx, 0);
  if (failed(inOr))
    return failure();
  FailureOr<int64_t> k = getIntScalar(ctx, 1, "k");
  if (failed(k))
    return failure();
  const HostTensor &in = **inOr;
  if (!isRealNumberTensor(in))
    return ctx.fail("TopKV2 takes real numbers");
  if (in.getRank() < 1)
    return ctx.fail("TopKV2's input must have rank 1 or more");
  int64_t n = in.getShape().back();
  if (*k < 0 || *k > n)
    return ctx.fail("k = " + std::to_string(*k) + " is out of range [0, " +
                    std::to_string(n) + "]");
  Type idxType =
      getTypeAttr(ctx, "index_type", IntegerType::get(ctx.getContext(), 32));
  auto idxInt = dyn_cast<IntegerType>(idxType);
  if (!idxInt || idxInt.getWidth() < 16 || idxInt.getWidth() > 64)
    return ctx.fail("index_type must be int16, int32 or int64");
  SmallVector<int64_t, 4> shape(in.getShape());
  shape.back() = *k;
  FailureOr<HostTensor> values = createResult(ctx, in.getElementType(), shape);
  if (failed(values))
    return failure();
  FailureOr<HostTensor> indices = createResult(ctx, idxType, shape);
  if (failed(indices))
    return failure();
  int64_t rows = getSubSize(in.getShape(), 0, in.getRank() - 1);
  std::vector<int64_t> order(n);
  std::vector<double> fv;
  std::vector<int64_t> iv;
  std::vector<uint64_t> uv;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t base = r * n;
    switch (in.getKind()) {
    case HostElementKind::Float:
      fv.resize(n);
      if (in.getElementInfo().byteSize == 4 && !in.isSplat()) {
        ArrayRef<float> d = in.data<float>();
        for (int64_t i = 0; i < n; ++i)
          fv[i] = d[base + i];
      } else {
        for (int64_t i = 0; i < n; ++i)
          fv[i] = in.getDouble(base + i);
      }
      topKOrder(fv, *k, order);
      break;
    case HostElementKind::Unsigned:
      uv.resize(n);
      for (int64_t i = 0; i < n; ++i)
        uv[i] = in.getUInt(base + i);
      topKOrder(uv, *k, order);
      break;
    default:
      iv.resize(n);
      for (int64_t i = 0; i < n; ++i)
        iv[i] = in.getInt(base + i);
      topKOrder(iv, *k, order);
      break;
    }
    for (int64_t j = 0; j < *k; ++j) {
      copyElement(in, base + order[j], *values, r * *k + j);
      indices->setInt(r * *k + j, order[j]);
    }
  }
  HostTensor results[] = {std::move(*values), std::move(*indices)};
  return setResults(ctx, results);
}

static LogicalResult bucketizeKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  if (!isRealNumberTensor(**in))
    return ctx.fail("Bucketize takes numbers");
  auto list = dyn_cast_if_present<ArrayAttr>(ctx.getAttr("boundaries"));
  if (!list)
    return ctx.fail("Bucketize needs a boundaries attribute");
  bool isDouble = (*in)->getKind() == HostElementKind::Float &&
                  (*in)->getElementInfo().byteSize == 8;
  std::vector<double> bounds;
  for (Attribute a : list) {
    auto f = dyn_cast<FloatAttr>(a);
    if (!f)
      return ctx.fail("boundaries must be floats");
    // TensorFlow keeps the boundaries as float.
    bounds.push_back(static_cast<float>(f.getValueAsDouble()));
    if (bounds.size() > 1 && bounds[bounds.size() - 2] > bounds.back())
      return ctx.fail("Bucketize expects sorted boundaries");
  }
  FailureOr<HostTensor> out = createResult(
      ctx, IntegerType::get(ctx.getContext(), 32), (*in)->getShape());
  if (failed(out))
    return failure();
  MutableArrayRef<int32_t> o = out->data<int32_t>();
  for (int64_t i = 0, e = (*in)->getNumElements(); i < e; ++i) {
    double v = (*in)->getKind() == HostElementKind::Float ? (*in)->getDouble(i)
               : (*in)->getKind() == HostElementKind::Unsigned
                   ? static_cast<double>((*in)->getUInt(i))
                   : static_cast<double>((*in)->getInt(i));
    if (!isDouble)
      v = static_cast<float>(v);
    o[i] = std::upper_bound(bounds.begin(), bounds.end(), v) - bounds.begin();
  }
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult clipByValueKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &t = *(*ops)[0], &lo = *(*ops)[1], &hi = *(*ops)[2];
  if (!isRealNumberTensor(t) || lo.getElementType() != t.getElementType() ||
      hi.getElementType() != t.getElementType())
    return ctx.fail("ClipByValue takes real numbers of one type");
  for (const HostTensor *bound : {&lo, &hi})
    if (bound->getNumElements() != 1 && bound->getShape() != t.getShape())
      return ctx.fail("clip bounds must be scalars or of shape " +
                      formatShape(t.getShape()));
  FailureOr<HostTensor> out =
      createResult(ctx, t.getElementType(), t.getShape());
  if (failed(out))
    return failure();
  copyElements(t, 0, *out, 0, t.getNumElements());
  bool loScalar = lo.getNumElements() == 1, hiScalar = hi.getNumElements() == 1;
  for (int64_t i = 0, e = out->getNumElements(); i < e; ++i) {
    combineElement(Combine::Min, hi, hiScalar ? 0 : i, *out, i);
    combineElement(Combine::Max, lo, loScalar ? 0 : i, *out, i);
  }
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult linSpaceKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  FailureOr<int64_t> num = getIntScalar(ctx, 2, "num");
  if (failed(num))
    return failure();
  const HostTensor &start = *(*ops)[0], &stop = *(*ops)[1];
  if (start.getKind() != HostElementKind::Float || start.getRank() != 0 ||
      stop.getRank() != 0 || stop.getElementType() != start.getElementType())
    return ctx.fail("LinSpace takes float scalars start and stop");
  if (*num <= 0)
    return ctx.fail("LinSpace's num must be positive, got " +
                    std::to_string(*num));
  FailureOr<HostTensor> out = createResult(ctx, start.getElementType(), {*num});
  if (failed(out))
    return failure();
  int64_t n = *num;
  if (start.getElementInfo().byteSize == 4) {
    float a = start.data<float>()[0], z = stop.data<float>()[0];
    MutableArrayRef<float> o = out->data<float>();
    float step = n > 1 ? (z - a) / static_cast<float>(n - 1) : 0.0f;
    for (int64_t i = 1; i + 1 < n; ++i)
      o[i] = a + step * static_cast<float>(i);
    o[0] = a;
    if (n > 1)
      o[n - 1] = z;
  } else {
    // f64 exactly; narrower floats round each value once.
    double a = start.getDouble(0), z = stop.getDouble(0);
    double step = n > 1 ? (z - a) / static_cast<double>(n - 1) : 0.0;
    for (int64_t i = 1; i + 1 < n; ++i)
      out->setDouble(i, a + step * static_cast<double>(i));
    out->setDouble(0, a);
    if (n > 1)
      out->setDouble(n - 1, z);
  }
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addSelectionKernels(EvalKernelTable &table) {
  addKernels(table, {"Where"}, whereKernel);
  addKernels(table, {"Unique"}, uniqueKernel);
  addKernels(table, {"UniqueV2"}, uniqueV2Kernel);
  addKernels(table, {"TopKV2"}, topKKernel);
  addKernels(table, {"Bucketize"}, bucketizeKernel);
  addKernels(table, {"ClipByValue"}, clipByValueKernel);
  addKernels(table, {"LinSpace"}, linSpaceKernel);
}
