//===- SegmentKernels.cpp - Kernels of the segment reductions -------------===//
//
// SegmentSum/Prod/Mean/Max/Min (sorted, non-negative 1-D segment_ids, one
// per row of data; num_segments = last id + 1; an empty segment gives 0,
// or 1 for Prod) and UnsortedSegmentSum/Prod/Max/Min (segment_ids shaped
// as a prefix of data's shape; a negative id drops its slice, an id >=
// num_segments is an error; an empty segment gives the identity: 0, 1, the
// lowest value for Max, the highest for Min), as TensorFlow's CPU kernels
// define them. Elements combine in order in the element type (f32 in
// float; ints wrap); Mean divides the sum by the count (ints truncate).
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The data operand split into rows (by the segment ids' shape) and the
/// segment of each row.
struct Segments {
  const HostTensor *data;
  int64_t rows, rowSize, numSegments;
  std::vector<int64_t> ids;
  SmallVector<int64_t, 4> outShape;
};
} // namespace

static FailureOr<Segments> readSegments(EvalContext &ctx, bool sorted) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &data = *(*ops)[0], &ids = *(*ops)[1];
  if (!isRealNumberTensor(data))
    return ctx.fail("segment reductions take real numbers");
  if (!isIndexTensor(ids))
    return ctx.fail("segment_ids must be int32 or int64");
  ArrayRef<int64_t> dShape = data.getShape(), iShape = ids.getShape();
  Segments s;
  s.data = &data;
  if (sorted) {
    if (iShape.size() != 1 || dShape.empty() || dShape[0] != iShape[0])
      return ctx.fail("segment_ids must be a vector of data's first "
                      "dimension");
  } else if (iShape.size() > dShape.size() ||
             dShape.take_front(iShape.size()) != iShape) {
    return ctx.fail("segment_ids' shape " + formatShape(iShape) +
                    " is not a prefix of data's shape " + formatShape(dShape));
  }
  s.rows = ids.getNumElements();
  s.rowSize = getSubSize(dShape, iShape.size(), dShape.size());
  s.ids.resize(s.rows);
  for (int64_t i = 0; i < s.rows; ++i)
    s.ids[i] = ids.getInt(i);
  if (sorted) {
    for (int64_t i = 0; i < s.rows; ++i) {
      if (s.ids[i] < 0)
        return ctx.fail("segment_ids must be non-negative");
      if (i > 0 && s.ids[i] < s.ids[i - 1])
        return ctx.fail("segment_ids are not increasingly sorted");
    }
    if (s.rows && s.ids.back() >= ctx.getMaxElements())
      return ctx.fail("too many segments: " + std::to_string(s.ids.back()));
    s.numSegments = s.rows ? s.ids.back() + 1 : 0;
  } else {
    FailureOr<int64_t> n = getIntScalar(ctx, 2, "num_segments");
    if (failed(n))
      return failure();
    if (*n < 0)
      return ctx.fail("num_segments must be non-negative");
    s.numSegments = *n;
    for (int64_t i = 0; i < s.rows; ++i)
      if (s.ids[i] >= s.numSegments)
        return ctx.fail("segment_ids[" + std::to_string(i) + "] = " +
                        std::to_string(s.ids[i]) + " is out of range [0, " +
                        std::to_string(s.numSegments) + ")");
  }
  if (s.numSegments > ctx.getMaxElements())
    return ctx.fail("too many segments: " + std::to_string(s.numSegments));
  s.outShape.push_back(s.numSegments);
  s.outShape.append(dShape.begin() + iShape.size(), dShape.end());
  return s;
}

template <Combine Op, bool Sorted, bool Mean = false>
static LogicalResult segmentKernel(EvalContext &ctx) {
  FailureOr<Segments> s = readSegments(ctx, Sorted);
  if (failed(s))
    return failure();
  const HostTensor &data = *s->data;
  FailureOr<HostTensor> out =
      createResult(ctx, data.getElementType(), s->outShape);
  if (failed(out))
    return failure();
  fillIdentity(Op, *out);
  std::vector<int64_t> counts(s->numSegments, 0);
  for (int64_t r = 0; r < s->rows; ++r) {
    int64_t id = s->ids[r];
    if (id < 0)
      continue;
    int64_t to = id * s->rowSize, from = r * s->rowSize;
    if (counts[id]++ == 0 && Sorted) {
      // The first row of a sorted segment starts it (its identity is 0
      // only when empty).
      copyElements(data, from, *out, to, s->rowSize);
      continue;
    }
    for (int64_t k = 0; k < s->rowSize; ++k)
      combineElement(Op, data, from + k, *out, to + k);
  }
  if (Sorted && (Op == Combine::Max || Op == Combine::Min)) {
    // Identity values of never-started sorted segments become 0.
    FailureOr<HostTensor> zero = createResult(ctx, data.getElementType(), {1});
    if (failed(zero))
      return failure();
    for (int64_t id = 0; id < s->numSegments; ++id)
      if (counts[id] == 0)
        for (int64_t k = 0; k < s->rowSize; ++k)
          copyElement(*zero, 0, *out, id * s->rowSize + k);
  }
  if (Mean) {
    for (int64_t id = 0; id < s->numSegments; ++id) {
      if (counts[id] <= 1)
        continue;
      for (int64_t k = 0, i = id * s->rowSize; k < s->rowSize; ++k, ++i) {
        if (out->getKind() == HostElementKind::Float)
          out->setDouble(i, out->getDouble(i) / counts[id]);
        else if (out->getKind() == HostElementKind::Unsigned)
          out->setUInt(i, out->getUInt(i) / counts[id]);
        else
          out->setInt(i, out->getInt(i) / counts[id]);
      }
    }
  }
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addSegmentKernels(EvalKernelTable &table) {
  addKernels(table, {"SegmentSum"}, segmentKernel<Combine::Add, true>);
  addKernels(table, {"SegmentProd"}, segmentKernel<Combine::Mul, true>);
  addKernels(table, {"SegmentMean"}, segmentKernel<Combine::Add, true, true>);
  addKernels(table, {"SegmentMax"}, segmentKernel<Combine::Max, true>);
  addKernels(table, {"SegmentMin"}, segmentKernel<Combine::Min, true>);
  addKernels(table, {"UnsortedSegmentSum"}, segmentKernel<Combine::Add, false>);
  addKernels(table, {"UnsortedSegmentProd"},
             segmentKernel<Combine::Mul, false>);
  addKernels(table, {"UnsortedSegmentMax"}, segmentKernel<Combine::Max, false>);
  addKernels(table, {"UnsortedSegmentMin"}, segmentKernel<Combine::Min, false>);
}
