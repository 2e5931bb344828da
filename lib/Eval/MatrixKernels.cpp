//===- MatrixKernels.cpp - Kernels of band, diagonal and einsum ops -------===//
//
// - MatrixBandPart(input, num_lower, num_upper): keeps element (i, j) of
//   each innermost matrix where (num_lower < 0 or i - j <= num_lower) and
//   (num_upper < 0 or j - i <= num_upper), zero elsewhere.
// - MatrixDiag, MatrixDiagV2 and MatrixDiagV3 build matrices from
//   diagonals k[0] <= d <= k[1] (d = col - row), and MatrixDiagPart,
//   MatrixDiagPartV2/V3 read them, following TensorFlow's documented
//   packing: diagonal d is row k[1] - d of a band input (a band is given
//   when k[0] < k[1]); its element for column n is at n - max(d, 0) +
//   offset, where offset = max_diag_len - diag_len(d) for right-aligned
//   diagonals (align RIGHT_* for d >= 0, *_RIGHT for d <= 0) and 0 else.
//   BatchMatrixBandPart, BatchMatrixDiag and BatchMatrixDiagPart are
//   TensorFlow's deprecated names of the V1 ops.
//   V1 reads and writes the main diagonal; V2 aligns LEFT_LEFT; V3 takes
//   align (default RIGHT_LEFT). num_rows/num_cols of -1 are inferred as
//   TensorFlow does.
// - Einsum with one or two operands: labels (letters), repeated labels
//   (diagonals), "..." (broadcast batch dimensions), an explicit output or
//   the implicit one (labels seen once, sorted). Products are summed in the
//   element type (f32 in float; ints wrap) in row-major order of the
//   contracted labels, so float results may differ from TensorFlow's
//   blocked matmul in the last bits.
// - Cross: the cross product along the last dimension (3) in the element
//   type (f32 in float; ints wrap).
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <type_traits>

using namespace mlir;
using namespace mlir::tfg;

static LogicalResult matrixBandPartKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<int64_t> lower = getIntScalar(ctx, 1, "num_lower");
  if (failed(lower))
    return failure();
  FailureOr<int64_t> upper = getIntScalar(ctx, 2, "num_upper");
  if (failed(upper))
    return failure();
  const HostTensor &t = **in;
  if (t.getRank() < 2)
    return ctx.fail("MatrixBandPart's input must have rank 2 or more");
  int64_t m = t.getShape()[t.getRank() - 2], n = t.getShape().back();
  if (*lower > m)
    return ctx.fail("num_lower must be negative or at most the number of "
                    "rows " +
                    std::to_string(m));
  if (*upper > n)
    return ctx.fail("num_upper must be negative or at most the number of "
                    "columns " +
                    std::to_string(n));
  FailureOr<HostTensor> out =
      createResult(ctx, t.getElementType(), t.getShape());
  if (failed(out))
    return failure();
  for (int64_t k = 0, e = t.getNumElements(); k < e; ++k) {
    int64_t j = k % n, i = (k / n) % m;
    if ((*lower < 0 || i - j <= *lower) && (*upper < 0 || j - i <= *upper))
      copyElement(t, k, *out, k);
  }
  return setSingleResult(ctx, std::move(*out));
}

namespace {
/// The diagonals of a MatrixDiag* op and their packing.
struct DiagSpec {
  int64_t lo = 0, hi = 0;
  bool rightSuper = false, rightSub = false;
  /// The start of diagonal d's elements in its packed row of max_len.
  int64_t offset(int64_t d, int64_t rows, int64_t cols, int64_t maxLen) const {
    int64_t len = std::min(cols - std::max<int64_t>(d, 0),
                           rows + std::min<int64_t>(d, 0));
    bool right = (d >= 0 && rightSuper) || (d <= 0 && rightSub);
    return right ? maxLen - len : 0;
  }
};
} // namespace

/// Reads k (operand `i`, scalar or pair) and the alignment of `version`.
static FailureOr<DiagSpec> getDiagSpec(EvalContext &ctx, int version,
                                       unsigned i) {
  DiagSpec s;
  if (version == 1)
    return s;
  FailureOr<SmallVector<int64_t, 4>> k = getIntVector(ctx, i, "k");
  if (failed(k))
    return failure();
  if (k->empty() || k->size() > 2)
    return ctx.fail("k must hold one or two values");
  s.lo = (*k)[0];
  s.hi = k->back();
  // Far beyond any matrix; keeps k[1] - k[0] + 1 within int64.
  constexpr int64_t kMaxDiagIndex = int64_t(1) << 40;
  if (s.lo < -kMaxDiagIndex || s.lo > kMaxDiagIndex || s.hi < -kMaxDiagIndex ||
      s.hi > kMaxDiagIndex)
    return ctx.fail("k is out of range");
  if (s.lo > s.hi)
    return ctx.fail("k[0] must not exceed k[1]");
  std::string align =
      version == 2 ? "LEFT_LEFT" : getStringAttr(ctx, "align", "RIGHT_LEFT");
  if (align != "LEFT_LEFT" && align != "LEFT_RIGHT" && align != "RIGHT_LEFT" &&
      align != "RIGHT_RIGHT")
    return ctx.fail("unknown align '" + align + "'");
  s.rightSuper = StringRef(align).starts_with("RIGHT");
  s.rightSub = StringRef(align).ends_with("RIGHT");
  return s;
}

/// A padding value operand (`i`) of `in`'s type, or null for zero.
static FailureOr<const HostTensor *>
getPadding(EvalContext &ctx, int version, unsigned i, const HostTensor &in) {
  if (version == 1)
    return nullptr;
  FailureOr<const HostTensor *> p = getOperand(ctx, i);
  if (failed(p))
    return failure();
  if ((*p)->getNumElements() != 1 ||
      (*p)->getElementType() != in.getElementType())
    return ctx.fail("padding_value must be a scalar of the input's type");
  return p;
}

template <int version> static LogicalResult matrixDiagKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> dOr = getOperand(ctx, 0);
  if (failed(dOr))
    return failure();
  const HostTensor &diag = **dOr;
  FailureOr<DiagSpec> s = getDiagSpec(ctx, version, 1);
  if (failed(s))
    return failure();
  int64_t rowsArg = -1, colsArg = -1;
  if (version > 1) {
    FailureOr<int64_t> r = getIntScalar(ctx, 2, "num_rows");
    if (failed(r))
      return failure();
    FailureOr<int64_t> c = getIntScalar(ctx, 3, "num_cols");
    if (failed(c))
      return failure();
    rowsArg = *r;
    colsArg = *c;
  }
  FailureOr<const HostTensor *> pad = getPadding(ctx, version, 4, diag);
  if (failed(pad))
    return failure();
  bool band = s->lo < s->hi;
  int64_t rank = diag.getRank();
  if (rank < (band ? 2 : 1))
    return ctx.fail("diagonal has too small a rank");
  ArrayRef<int64_t> dShape = diag.getShape();
  int64_t maxLen = dShape.back(), numDiags = s->hi - s->lo + 1;
  if (band && dShape[rank - 2] != numDiags)
    return ctx.fail("diagonal must have " + std::to_string(numDiags) +
                    " diagonals in its second-to-last dimension");
  SmallVector<int64_t, 4> batchShape(dShape.drop_back(band ? 2 : 1));
  int64_t minRows, minCols;
  if (llvm::SubOverflow(maxLen, std::min<int64_t>(s->hi, 0), minRows) ||
      llvm::AddOverflow(maxLen, std::max<int64_t>(s->lo, 0), minCols))
    return ctx.fail("matrix size overflows");
  int64_t rows = rowsArg, cols = colsArg;
  if (rows == -1 && cols == -1) {
    rows = cols = std::max(minRows, minCols);
  } else if (rows == -1) {
    rows = minRows;
  } else if (cols == -1) {
    cols = minCols;
  }
  if (rows < minRows || cols < minCols || (rows != minRows && cols != minCols))
    return ctx.fail("the number of rows or columns is not consistent with k "
                    "and the diagonal");
  SmallVector<int64_t, 4> shape(batchShape);
  shape.push_back(rows);
  shape.push_back(cols);
  FailureOr<HostTensor> out = createResult(ctx, diag.getElementType(), shape);
  if (failed(out))
    return failure();
  int64_t perBatch = numDiags * maxLen;
  for (int64_t k = 0, e = out->getNumElements(); k < e; ++k) {
    int64_t j = k % cols, i = (k / cols) % rows, b = k / (rows * cols);
    int64_t d = j - i;
    if (d < s->lo || d > s->hi) {
      if (*pad)
        copyElement(**pad, 0, *out, k);
      continue;
    }
    int64_t at = j - std::max<int64_t>(d, 0) + s->offset(d, rows, cols, maxLen);
    copyElement(diag, b * perBatch + (s->hi - d) * maxLen + at, *out, k);
  }
  return setSingleResult(ctx, std::move(*out));
}

template <int version>
static LogicalResult matrixDiagPartKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> inOr = getOperand(ctx, 0);
  if (failed(inOr))
    return failure();
  const HostTensor &in = **inOr;
  FailureOr<DiagSpec> s = getDiagSpec(ctx, version, 1);
  if (failed(s))
    return failure();
  FailureOr<const HostTensor *> pad = getPadding(ctx, version, 2, in);
  if (failed(pad))
    return failure();
  int64_t rank = in.getRank();
  if (rank < 2)
    return ctx.fail("the input must have rank 2 or more");
  int64_t rows = in.getShape()[rank - 2], cols = in.getShape()[rank - 1];
  if ((s->lo != 0 || s->hi != 0) && (s->lo <= -rows || s->hi >= cols))
    return ctx.fail("k must be in (-rows, cols)");
  int64_t maxLen = std::min(rows + std::min<int64_t>(s->hi, 0),
                            cols - std::max<int64_t>(s->lo, 0));
  maxLen = std::max<int64_t>(maxLen, 0);
  bool band = s->lo < s->hi;
  int64_t numDiags = s->hi - s->lo + 1;
  SmallVector<int64_t, 4> shape(in.getShape().drop_back(2));
  if (band)
    shape.push_back(numDiags);
  shape.push_back(maxLen);
  FailureOr<HostTensor> out = createResult(ctx, in.getElementType(), shape);
  if (failed(out))
    return failure();
  for (int64_t k = 0, e = out->getNumElements(); k < e; ++k) {
    int64_t t = k % maxLen, di = (k / maxLen) % numDiags,
            b = k / (maxLen * numDiags);
    int64_t d = s->hi - di;
    int64_t len = std::min(cols - std::max<int64_t>(d, 0),
                           rows + std::min<int64_t>(d, 0));
    int64_t p = t - s->offset(d, rows, cols, maxLen);
    if (p < 0 || p >= len) {
      if (*pad)
        copyElement(**pad, 0, *out, k);
      continue;
    }
    int64_t i = p + std::max<int64_t>(-d, 0), j = p + std::max<int64_t>(d, 0);
    copyElement(in, (b * rows + i) * cols + j, *out, k);
  }
  return setSingleResult(ctx, std::move(*out));
}

//===----------------------------------------------------------------------===//
// Einsum
//===----------------------------------------------------------------------===//

namespace {
/// Labels are letters (their char) or ellipsis dimensions (256 + the
/// dimension's position from the right end of the broadcast batch).
using Labels = SmallVector<int, 8>;
} // namespace

/// Parses one term into labels, expanding "..." to `rank` minus the other
/// labels' count (for operands) or `ellipsisRank` (for the output).
static FailureOr<Labels> parseTerm(EvalContext &ctx, StringRef term,
                                   int64_t rank, bool &hasEllipsis) {
  Labels labels;
  size_t dots = term.find("...");
  hasEllipsis = dots != StringRef::npos;
  StringRef before = hasEllipsis ? term.take_front(dots) : term;
  StringRef after = hasEllipsis ? term.drop_front(dots + 3) : StringRef();
  for (StringRef part : {before, after})
    for (char c : part)
      if (!llvm::isAlpha(c))
        return ctx.fail("bad einsum label '" + std::string(1, c) + "'");
  int64_t named = before.size() + after.size();
  // The output (rank -1) expands its ellipsis later.
  int64_t ellipsisDims = hasEllipsis && rank >= 0 ? rank - named : 0;
  if (ellipsisDims < 0 || (!hasEllipsis && rank >= 0 && rank != named))
    return ctx.fail("einsum term '" + term.str() + "' does not match rank " +
                    std::to_string(rank));
  for (char c : before)
    labels.push_back(c);
  for (int64_t e = ellipsisDims - 1; e >= 0; --e)
    labels.push_back(256 + static_cast<int>(e));
  for (char c : after)
    labels.push_back(c);
  return labels;
}

/// Adds `value` (= a * b of operands' elements) to out[to].
static void addProduct(const HostTensor &a, int64_t ia, const HostTensor *b,
                       int64_t ib, HostTensor &out, int64_t to) {
  switch (a.getKind()) {
  case HostElementKind::Float:
    if (a.getElementInfo().byteSize == 4) {
      float v = a.data<float>()[a.isSplat() ? 0 : ia];
      if (b)
        v *= b->data<float>()[b->isSplat() ? 0 : ib];
      out.data<float>()[to] += v;
    } else if (a.getElementInfo().byteSize == 8) {
      double v = a.data<double>()[a.isSplat() ? 0 : ia];
      if (b)
        v *= b->data<double>()[b->isSplat() ? 0 : ib];
      out.data<double>()[to] += v;
    } else {
      double v = a.getDouble(ia);
      if (b)
        v *= b->getDouble(ib);
      out.setDouble(to, out.getDouble(to) + v);
    }
    return;
  case HostElementKind::Unsigned: {
    uint64_t v = a.getUInt(ia) * (b ? b->getUInt(ib) : 1);
    out.setUInt(to, out.getUInt(to) + v);
    return;
  }
  default: {
    uint64_t v = static_cast<uint64_t>(a.getInt(ia)) *
                 (b ? static_cast<uint64_t>(b->getInt(ib)) : 1);
    out.setInt(to,
               static_cast<int64_t>(static_cast<uint64_t>(out.getInt(to)) + v));
    return;
  }
  }
}

static LogicalResult einsumKernel(EvalContext &ctx) {
  unsigned n = ctx.getNumOperands();
  if (n < 1 || n > 2)
    return ctx.fail("Einsum takes one or two operands");
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, n);
  if (failed(ops))
    return failure();
  const HostTensor &first = *(*ops)[0];
  if (!isRealNumberTensor(first))
    return ctx.fail("Einsum takes real numbers");
  if (n == 2 && (*ops)[1]->getElementType() != first.getElementType())
    return ctx.fail("Einsum's operands must have one type");
  std::string equation = getStringAttr(ctx, "equation", "");
  equation.erase(std::remove(equation.begin(), equation.end(), ' '),
                 equation.end());
  StringRef eq(equation);
  size_t arrow = eq.find("->");
  StringRef inputs = eq.take_front(arrow);
  SmallVector<StringRef, 2> terms;
  inputs.split(terms, ',');
  if (terms.size() != n)
    return ctx.fail("equation '" + equation + "' does not have " +
                    std::to_string(n) + " input terms");
  // Parse the inputs, checking sizes; ellipsis dimensions broadcast.
  std::map<int, int64_t> sizes;
  SmallVector<Labels, 2> inLabels;
  bool anyEllipsis = false;
  int64_t ellipsisRank = 0;
  for (unsigned k = 0; k < n; ++k) {
    bool has;
    FailureOr<Labels> l = parseTerm(ctx, terms[k], (*ops)[k]->getRank(), has);
    if (failed(l))
      return failure();
    anyEllipsis |= has;
    ArrayRef<int64_t> shape = (*ops)[k]->getShape();
    for (auto [d, label] : llvm::enumerate(*l)) {
      auto [it, inserted] = sizes.try_emplace(label, shape[d]);
      if (inserted || it->second == shape[d])
        continue;
      if (label >= 256 && (it->second == 1 || shape[d] == 1)) {
        it->second = std::max(it->second, shape[d]);
        continue;
      }
      return ctx.fail(
          "einsum label sizes differ: " + std::to_string(it->second) + " and " +
          std::to_string(shape[d]));
    }
    for (int label : *l)
      if (label >= 256)
        ellipsisRank = std::max<int64_t>(ellipsisRank, label - 255);
    inLabels.push_back(std::move(*l));
  }
  // The output labels.
  Labels outLabels;
  if (arrow != StringRef::npos) {
    StringRef outTerm = eq.drop_front(arrow + 2);
    bool has;
    FailureOr<Labels> l = parseTerm(ctx, outTerm, -1, has);
    if (failed(l))
      return failure();
    for (int label : *l) {
      if (label >= 256)
        continue;
      if (!sizes.count(label) || llvm::count(*l, label) > 1)
        return ctx.fail("bad output label in '" + equation + "'");
    }
    // Re-expand the output's ellipsis to the broadcast batch rank.
    size_t dots = outTerm.find("...");
    if (dots == StringRef::npos && anyEllipsis && ellipsisRank > 0)
      return ctx.fail("the output of '" + equation + "' must have '...'");
    for (char c :
         outTerm.take_front(dots == StringRef::npos ? outTerm.size() : dots))
      outLabels.push_back(c);
    if (dots != StringRef::npos) {
      for (int64_t e = ellipsisRank - 1; e >= 0; --e)
        outLabels.push_back(256 + static_cast<int>(e));
      for (char c : outTerm.drop_front(dots + 3))
        outLabels.push_back(c);
    }
  } else {
    for (int64_t e = ellipsisRank - 1; e >= 0; --e)
      outLabels.push_back(256 + static_cast<int>(e));
    std::map<int, int> counts;
    for (const Labels &l : inLabels)
      for (int label : l)
        ++counts[label];
    for (auto [label, count] : counts)
      if (label < 256 && count == 1)
        outLabels.push_back(label);
  }
  // Ellipsis labels missing from the output are summed like others.
  Labels contracted;
  for (auto &[label, size] : sizes)
    if (!llvm::is_contained(outLabels, label))
      contracted.push_back(label);
  SmallVector<int64_t, 4> outShape, cShape;
  for (int label : outLabels)
    outShape.push_back(sizes[label]);
  for (int label : contracted)
    cShape.push_back(sizes[label]);
  FailureOr<HostTensor> out =
      createResult(ctx, first.getElementType(), outShape);
  if (failed(out))
    return failure();
  llvm::Expected<int64_t> cCount = getHostNumElements(cShape);
  if (!cCount)
    return ctx.fail(llvm::toString(cCount.takeError()));
  int64_t work;
  if (llvm::MulOverflow(*cCount, out->getNumElements(), work) ||
      work > (int64_t(1) << 28))
    return ctx.fail("Einsum is too large to evaluate");
  // Per operand, the stride of each output and contracted label (summed
  // over repeats; 0 where the operand broadcasts or lacks the label).
  auto stridesFor = [&](unsigned k, const Labels &along) {
    SmallVector<int64_t, 4> steps(along.size(), 0);
    ArrayRef<int64_t> shape = (*ops)[k]->getShape();
    SmallVector<int64_t, 4> strides = getStrides(shape);
    for (auto [d, label] : llvm::enumerate(inLabels[k]))
      for (auto [a, l] : llvm::enumerate(along))
        if (l == label && shape[d] != 1)
          steps[a] += strides[d];
    return steps;
  };
  SmallVector<SmallVector<int64_t, 4>, 2> outSteps, cSteps;
  for (unsigned k = 0; k < n; ++k) {
    outSteps.push_back(stridesFor(k, outLabels));
    cSteps.push_back(stridesFor(k, contracted));
  }
  const HostTensor *second = n == 2 ? (*ops)[1] : nullptr;
  // Walk the output with both operands' offsets.
  int64_t outRank = outShape.size();
  SmallVector<int64_t, 4> index(outRank, 0);
  SmallVector<int64_t, 2> offsets(n, 0);
  for (int64_t i = 0, e = out->getNumElements(); i < e; ++i) {
    if (n == 1) {
      forEachStridedOffset(cShape, cSteps[0], offsets[0], *cCount,
                           [&](int64_t, int64_t o0) {
                             addProduct(first, o0, nullptr, 0, *out, i);
                           });
    } else {
      // Two operands: walk the contracted labels with both offsets.
      SmallVector<int64_t, 4> cIndex(cShape.size(), 0);
      int64_t o0 = offsets[0], o1 = offsets[1];
      for (int64_t c = 0; c < *cCount; ++c) {
        addProduct(first, o0, second, o1, *out, i);
        for (int64_t d = static_cast<int64_t>(cShape.size()) - 1; d >= 0; --d) {
          if (++cIndex[d] < cShape[d]) {
            o0 += cSteps[0][d];
            o1 += cSteps[1][d];
            break;
          }
          o0 -= (cShape[d] - 1) * cSteps[0][d];
          o1 -= (cShape[d] - 1) * cSteps[1][d];
          cIndex[d] = 0;
        }
      }
    }
    for (int64_t d = outRank - 1; d >= 0; --d) {
      if (++index[d] < outShape[d]) {
        for (unsigned k = 0; k < n; ++k)
          offsets[k] += outSteps[k][d];
        break;
      }
      for (unsigned k = 0; k < n; ++k)
        offsets[k] -= (outShape[d] - 1) * outSteps[k][d];
      index[d] = 0;
    }
  }
  return setSingleResult(ctx, std::move(*out));
}

/// u * v - w * x in T (ints wrap through uint64).
template <typename T> static T crossTerm(T u, T v, T w, T x) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<uint64_t>(u) * static_cast<uint64_t>(v) -
                          static_cast<uint64_t>(w) * static_cast<uint64_t>(x));
  else
    return u * v - w * x;
}

static LogicalResult crossKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &a = *(*ops)[0], &b = *(*ops)[1];
  if (!isRealNumberTensor(a) || a.getElementType() != b.getElementType() ||
      a.getShape() != b.getShape() || a.getRank() < 1 ||
      a.getShape().back() != 3)
    return ctx.fail("Cross takes two real tensors of one shape whose last "
                    "dimension is 3");
  FailureOr<HostTensor> out =
      createResult(ctx, a.getElementType(), a.getShape());
  if (failed(out))
    return failure();
  bool isFloat = a.getKind() == HostElementKind::Float;
  bool isF32 = isFloat && a.getElementInfo().byteSize == 4;
  for (int64_t v = 0, e = a.getNumElements() / 3; v < e; ++v) {
    int64_t o = 3 * v;
    for (int k = 0; k < 3; ++k) {
      int64_t i = o + (k + 1) % 3, j = o + (k + 2) % 3;
      if (isF32)
        out->setDouble(o + k, crossTerm<float>(a.getDouble(i), b.getDouble(j),
                                               a.getDouble(j), b.getDouble(i)));
      else if (isFloat)
        out->setDouble(o + k, crossTerm(a.getDouble(i), b.getDouble(j),
                                        a.getDouble(j), b.getDouble(i)));
      else
        out->setInt(o + k, crossTerm(a.getInt(i), b.getInt(j), a.getInt(j),
                                     b.getInt(i)));
    }
  }
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addMatrixKernels(EvalKernelTable &table) {
  addKernels(table, {"Cross"}, crossKernel);
  addKernels(table, {"MatrixBandPart", "BatchMatrixBandPart"},
             matrixBandPartKernel);
  addKernels(table, {"MatrixDiag", "BatchMatrixDiag"}, matrixDiagKernel<1>);
  addKernels(table, {"MatrixDiagV2"}, matrixDiagKernel<2>);
  addKernels(table, {"MatrixDiagV3"}, matrixDiagKernel<3>);
  addKernels(table, {"MatrixDiagPart", "BatchMatrixDiagPart"},
             matrixDiagPartKernel<1>);
  addKernels(table, {"MatrixDiagPartV2"}, matrixDiagPartKernel<2>);
  addKernels(table, {"MatrixDiagPartV3"}, matrixDiagPartKernel<3>);
  addKernels(table, {"Einsum"}, einsumKernel);
}
