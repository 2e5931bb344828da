//===- NGramKernels.cpp - The StringNGrams kernel -------------------------===//
//
// StringNGrams on host tensors, following TensorFlow's CPU kernel (the op
// behind tf.strings.ngrams on ragged tensors): `data` is a vector of
// strings cut into rows by `data_splits` (int32 or int64 row splits: 0
// first, non-decreasing, the size of `data` last). For each row and each
// width w of `ngram_widths` (in order), the ngrams of w tokens joined by
// `separator`, the row padded on each side by p = min(pad_width, w - 1)
// copies of `left_pad` / `right_pad` (p = w - 1 when pad_width is
// negative): max(0, length + 2p - w + 1) ngrams. With
// `preserve_short_sequences`, a non-empty row that gives no ngram at all
// gives one: the whole row with pad_width pads on each side. The results
// are the ngrams and their row splits (the type of data_splits).
// Beyond TensorFlow, which trusts its inputs, widths must be positive and
// the tokens the ngrams repeat are bounded by the element bound so that a
// huge width computes nothing.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/IR/TFTypeDialect.h"

#include <climits>

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct NGramOptions {
  std::string separator, leftPad, rightPad;
  int64_t padWidth;
  /// The pads on each side of ngrams of `width` tokens.
  int64_t getPad(int64_t width) const {
    return std::min(padWidth < 0 ? width - 1 : padWidth, width - 1);
  }
  /// The number of ngrams of `width` tokens of a row of `length` tokens.
  int64_t getCount(int64_t length, int64_t width) const {
    return std::max<int64_t>(0, length + 2 * getPad(width) - width + 1);
  }
};
} // namespace

/// Appends to `out` the `count` ngrams of `width` tokens (pads included) of
/// the row of `data` from `first` (TensorFlow's count for the row, so that
/// the tokens taken lie in the row).
static bool makeNGrams(const NGramOptions &o, const HostTensor &data,
                       int64_t first, int64_t width, int64_t count,
                       std::vector<std::string> &out, StringBudget &budget) {
  int64_t pad = o.getPad(width);
  for (int64_t k = 0; k < count; ++k) {
    int64_t left = std::max<int64_t>(0, pad - k);
    int64_t right = std::max<int64_t>(0, pad - (count - (k + 1)));
    int64_t tokens = width - left - right;
    int64_t start = left > 0 ? 0 : k - pad;
    std::string ngram;
    for (int64_t t = 0; t < width; ++t) {
      StringRef piece =
          t < left ? StringRef(o.leftPad)
          : t < left + tokens
              ? data.getString(data.isSplat() ? 0 : first + start + t - left)
              : StringRef(o.rightPad);
      size_t sep = t ? o.separator.size() : 0;
      if (!budget.take(sep + piece.size()))
        return false;
      if (t)
        ngram += o.separator;
      ngram.append(piece.data(), piece.size());
    }
    out.push_back(std::move(ngram));
  }
  return true;
}

static LogicalResult stringNGramsKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> dataOp = getStringOperand(ctx, 0);
  if (failed(dataOp))
    return failure();
  FailureOr<const HostTensor *> splitsOp = getOperand(ctx, 1);
  if (failed(splitsOp))
    return failure();
  const HostTensor &data = **dataOp, &splits = **splitsOp;
  if (data.getRank() != 1)
    return ctx.fail("data must be a vector, not of shape " +
                    formatShape(data.getShape()));
  if (!isIndexTensor(splits) || splits.getRank() != 1 ||
      splits.getNumElements() < 1)
    return ctx.fail("data_splits must be a non-empty int32 or int64 vector");
  if (failed(checkOperandElements(ctx, data, "data")) ||
      failed(checkOperandElements(ctx, splits, "data_splits")))
    return failure();
  NGramOptions o;
  o.separator = getStringAttr(ctx, "separator", "");
  o.leftPad = getStringAttr(ctx, "left_pad", "");
  o.rightPad = getStringAttr(ctx, "right_pad", "");
  o.padWidth = getIntAttr(ctx, "pad_width", -1);
  bool preserve = getBoolAttr(ctx, "preserve_short_sequences", false);
  if (o.padWidth < INT32_MIN || o.padWidth > INT32_MAX)
    return ctx.fail("pad_width must be an int32");
  SmallVector<int64_t, 4> widths;
  if (auto list = dyn_cast_if_present<ArrayAttr>(ctx.getAttr("ngram_widths")))
    for (Attribute a : list) {
      auto i = dyn_cast<IntegerAttr>(a);
      // TensorFlow's kernel holds widths and pad_width in ints.
      if (!i || i.getInt() <= 0 || i.getInt() > INT32_MAX)
        return ctx.fail("ngram_widths must be positive int32 values");
      widths.push_back(i.getInt());
    }
  // The row splits, checked, and the ngrams of each row.
  int64_t rows = splits.getNumElements() - 1, size = data.getNumElements();
  auto split = [&](int64_t i) {
    return splits.getInt(splits.isSplat() ? 0 : i);
  };
  if (split(0) != 0 || split(rows) != size)
    return ctx.fail("data_splits must start at 0 and end at the size of "
                    "data (" +
                    std::to_string(size) + ")");
  int64_t bound = ctx.getMaxElements();
  int64_t total = 0, work = 0;
  SmallVector<int64_t, 8> counts;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t length = split(r + 1) - split(r);
    if (length < 0)
      return ctx.fail("data_splits must be non-decreasing");
    int64_t n = 0;
    auto add = [&](int64_t width, int64_t count) {
      // Both below the bound, so that the sums do not overflow.
      if (count == 0)
        return true;
      if (width > bound || count > bound)
        return false;
      n += count;
      total += count;
      work += count * width;
      return total <= bound && work <= 64 * bound;
    };
    bool ok = true;
    for (int64_t w : widths)
      ok = ok && add(w, o.getCount(length, w));
    if (ok && preserve && length > 0 && n == 0) {
      int64_t pad = std::max<int64_t>(o.padWidth, 0);
      ok = pad <= bound && add(length + 2 * pad, 1);
    }
    if (!ok)
      return ctx.fail("StringNGrams would give more than " +
                      std::to_string(bound) +
                      " ngrams or tokens beyond the bound");
    counts.push_back(n);
  }
  std::vector<std::string> ngrams;
  StringBudget budget(ctx);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t first = split(r), length = split(r + 1) - first;
    size_t before = ngrams.size();
    for (int64_t w : widths)
      if (!makeNGrams(o, data, first, w, o.getCount(length, w), ngrams, budget))
        return failure();
    if (preserve && length > 0 && ngrams.size() == before) {
      // One ngram of the whole row: its width is the row and its pads.
      NGramOptions whole = o;
      int64_t pad = std::max<int64_t>(o.padWidth, 0);
      whole.padWidth = pad;
      if (!makeNGrams(whole, data, first, length + 2 * pad, 1, ngrams, budget))
        return failure();
    }
  }
  FailureOr<HostTensor> outNGrams =
      createResult(ctx, tf_type::StringType::get(ctx.getContext()),
                   {static_cast<int64_t>(ngrams.size())});
  if (failed(outNGrams))
    return failure();
  for (auto [i, s] : llvm::enumerate(ngrams))
    outNGrams->setString(i, std::move(s));
  FailureOr<HostTensor> outSplits =
      createResult(ctx, splits.getElementType(), {rows + 1});
  if (failed(outSplits))
    return failure();
  outSplits->setInt(0, 0);
  for (int64_t r = 0; r < rows; ++r)
    outSplits->setInt(r + 1, outSplits->getInt(r) + counts[r]);
  HostTensor results[] = {std::move(*outNGrams), std::move(*outSplits)};
  return setResults(ctx, results);
}

void mlir::tfg::addNGramKernels(EvalKernelTable &table) {
  addKernels(table, {"StringNGrams"}, stringNGramsKernel);
}
