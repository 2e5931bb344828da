//===- DetectionKernels.cpp - Kernels of non-max suppression --------------===//
//
// NonMaxSuppressionV2/V3/V4/V5 and CombinedNonMaxSuppression as
// TensorFlow's CPU kernels compute them, in float:
// - Candidates are the boxes whose score is > score_threshold (V2: every
//   box above the lowest float), visited by descending score, the lower
//   index first among equal scores.
// - IoU of boxes (y1, x1, y2, x2) with any corner order: 0 when either
//   area is <= 0, else intersection / (area_i + area_j - intersection).
// - A candidate is compared with the boxes selected since it was last
//   looked at, newest first. Hard NMS (soft_nms_sigma 0, and V2-V4)
//   suppresses it when an IoU is > iou_threshold (a NaN IoU, from NaN or
//   infinite corners, zeroes its score as TensorFlow's weight does). Soft NMS
//   (V5, sigma > 0) multiplies its score by exp(-0.5 * iou^2 / sigma) for each
//   IoU (the IoU threshold plays no part, as in current TensorFlow;
//   TensorFlow.js and older TensorFlow versions zero the weight above it),
//   stopping once the score is <= score_threshold; a candidate whose score
//   dropped goes back to the queue if still above score_threshold, one whose
//   score did not is selected.
// - At most max_output_size boxes are selected. V4 and V5 with
//   pad_to_max_output_size pad the indices (and V5's scores) with zeros to
//   max_output_size; valid_outputs is the number selected.
// iou_threshold must be in [0, 1], soft_nms_sigma >= 0, max_output_size
// >= 0.
// CombinedNonMaxSuppression runs hard NMS per batch and class (boxes
// [batch, n, q, 4] with q = 1 shared by the classes or q = classes; at most
// min(max_output_size_per_class, n) per class), gathers every class's
// selections (empty slots score -1), sorts them by descending score (ties
// keep class-major order; TensorFlow's unstable sort leaves them
// unspecified), and takes the first min(found, max_total_size) (with
// pad_per_class, at most min(max_total_size, per_class * classes), which
// is also the padded size). Boxes are clipped to [0, 1] when clip_boxes
// (the default); classes are floats; the rest is zero padding.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <limits>
#include <queue>

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct Candidate {
  int64_t index;
  float score;
  int64_t suppressBegin;
};
/// A box with ordered corners and its area.
struct Box {
  float ymin, xmin, ymax, xmax, area;
};
} // namespace

static float getIoU(const Box &a, const Box &b) {
  if (a.area <= 0 || b.area <= 0)
    return 0.0f;
  float iy =
      std::max(std::min(a.ymax, b.ymax) - std::max(a.ymin, b.ymin), 0.0f);
  float ix =
      std::max(std::min(a.xmax, b.xmax) - std::max(a.xmin, b.xmin), 0.0f);
  float inter = iy * ix;
  // Disjoint boxes: 0 / union is 0 without the division.
  if (inter == 0)
    return 0.0f;
  return inter / (a.area + b.area - inter);
}

namespace {
/// The selected boxes, column by column, so that hard NMS tests a candidate
/// against them in one vectorizable loop.
struct SelectedBoxes {
  std::vector<float> ymin, xmin, ymax, xmax, area;
  void push(const Box &b) {
    ymin.push_back(b.ymin);
    xmin.push_back(b.xmin);
    ymax.push_back(b.ymax);
    xmax.push_back(b.xmax);
    area.push_back(b.area);
  }
  /// Whether `a`'s IoU with a box in [begin, size) is > `threshold`
  /// (getIoU's value: 0 where an area is <= 0), and in `nan` whether one is
  /// NaN.
  bool anyOver(const Box &a, int64_t begin, float threshold, bool &nan) const {
    int any = 0, anyNaN = 0;
    for (int64_t j = begin, e = area.size(); j < e; ++j) {
      float iy =
          std::max(std::min(a.ymax, ymax[j]) - std::max(a.ymin, ymin[j]), 0.0f);
      float ix =
          std::max(std::min(a.xmax, xmax[j]) - std::max(a.xmin, xmin[j]), 0.0f);
      float inter = iy * ix;
      float iou = inter / (a.area + area[j] - inter);
      // As getIoU: 0 where an area is <= 0 (a NaN area is not).
      int valid = !(a.area <= 0) & !(area[j] <= 0);
      any |= valid & (iou > threshold);
      anyNaN |= valid & (iou != iou);
    }
    nan = anyNaN;
    return any;
  }
};
} // namespace

/// A box with ordered corners from the raw (y1, x1, y2, x2) at `at`.
static Box makeBox(const HostTensor &boxes, int64_t at) {
  float y1 = boxes.getDouble(at), x1 = boxes.getDouble(at + 1),
        y2 = boxes.getDouble(at + 2), x2 = boxes.getDouble(at + 3);
  Box box = {std::min(y1, y2), std::min(x1, x2), std::max(y1, y2),
             std::max(x1, x2), 0.0f};
  box.area = (box.ymax - box.ymin) * (box.xmax - box.xmin);
  return box;
}

/// A float scalar operand.
static FailureOr<float> getFloatScalar(EvalContext &ctx, unsigned i,
                                       StringRef what) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  if ((*t)->getKind() != HostElementKind::Float ||
      (*t)->getNumElements() != 1 || (*t)->getRank() > 1)
    return ctx.fail(what + " must be a float scalar");
  return static_cast<float>((*t)->getDouble(0));
}

/// NonMaxSuppression: `version` 2 to 5.
template <int version> static LogicalResult nmsKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &boxes = *(*ops)[0], &scores = *(*ops)[1];
  if (boxes.getKind() != HostElementKind::Float || boxes.getRank() != 2 ||
      boxes.getShape()[1] != 4)
    return ctx.fail("boxes must be a float tensor of shape [n, 4]");
  int64_t n = boxes.getShape()[0];
  if (scores.getKind() != HostElementKind::Float ||
      scores.getShape() != ArrayRef<int64_t>{n})
    return ctx.fail("scores must be a float vector of " + std::to_string(n) +
                    " elements");
  FailureOr<int64_t> maxOutput = getIntScalar(ctx, 2, "max_output_size");
  if (failed(maxOutput))
    return failure();
  if (*maxOutput < 0)
    return ctx.fail("max_output_size must be non-negative");
  FailureOr<float> iouThreshold = getFloatScalar(ctx, 3, "iou_threshold");
  if (failed(iouThreshold))
    return failure();
  if (!(*iouThreshold >= 0 && *iouThreshold <= 1))
    return ctx.fail("iou_threshold must be in [0, 1]");
  float scoreThreshold = std::numeric_limits<float>::lowest();
  if (version >= 3) {
    FailureOr<float> t = getFloatScalar(ctx, 4, "score_threshold");
    if (failed(t))
      return failure();
    scoreThreshold = *t;
  }
  float sigma = 0;
  if (version == 5) {
    FailureOr<float> t = getFloatScalar(ctx, 5, "soft_nms_sigma");
    if (failed(t))
      return failure();
    if (!(*t >= 0))
      return ctx.fail("soft_nms_sigma must be non-negative");
    sigma = *t;
  }
  bool pad = version >= 4 && getBoolAttr(ctx, "pad_to_max_output_size", false);
  if (pad && *maxOutput > ctx.getMaxElements())
    return ctx.fail("max_output_size exceeds the result bound");

  std::vector<Box> bs(n);
  for (int64_t i = 0; i < n; ++i)
    bs[i] = makeBox(boxes, 4 * i);
  auto lower = [](const Candidate &a, const Candidate &b) {
    return a.score == b.score ? a.index > b.index : a.score < b.score;
  };
  std::priority_queue<Candidate, std::vector<Candidate>, decltype(lower)> queue(
      lower);
  for (int64_t i = 0; i < n; ++i) {
    float s = static_cast<float>(scores.getDouble(i));
    if (s > scoreThreshold)
      queue.push({i, s, 0});
  }
  bool soft = sigma > 0;
  float scale = soft ? -0.5f / sigma : 0.0f;
  std::vector<int64_t> selected;
  std::vector<float> selectedScores;
  SelectedBoxes selectedBoxes;
  while (static_cast<int64_t>(selected.size()) < *maxOutput && !queue.empty()) {
    Candidate next = queue.top();
    queue.pop();
    float original = next.score;
    bool suppressed = false, nan = false;
    // Hard NMS without NaN IoUs: whether any IoU is over the threshold, in
    // one vectorizable pass (the order does not matter).
    if (!soft)
      suppressed = selectedBoxes.anyOver(bs[next.index], next.suppressBegin,
                                         *iouThreshold, nan);
    if (soft || nan) {
      // TensorFlow's loop, newest first (soft scores round in this order):
      // the weight is exp(scale * iou^2), and for hard NMS 0 where the IoU
      // is not <= the threshold (a NaN IoU zeroes the score).
      suppressed = false;
      for (int64_t j = static_cast<int64_t>(selected.size()) - 1;
           j >= next.suppressBegin; --j) {
        float iou = getIoU(bs[next.index], bs[selected[j]]);
        float weight = std::exp(scale * iou * iou);
        if (!soft && !(iou <= *iouThreshold))
          weight = 0.0f;
        next.score *= weight;
        if (!soft && iou > *iouThreshold) {
          suppressed = true;
          break;
        }
        if (next.score <= scoreThreshold)
          break;
      }
    }
    next.suppressBegin = selected.size();
    if (suppressed)
      continue;
    if (next.score == original) {
      selected.push_back(next.index);
      selectedScores.push_back(next.score);
      selectedBoxes.push(bs[next.index]);
      continue;
    }
    if (next.score > scoreThreshold)
      queue.push(next);
  }

  int64_t valid = selected.size();
  int64_t size = pad ? *maxOutput : valid;
  Type i32 = IntegerType::get(ctx.getContext(), 32);
  FailureOr<HostTensor> indices = createResult(ctx, i32, {size});
  if (failed(indices))
    return failure();
  for (int64_t i = 0; i < valid; ++i)
    indices->setInt(i, selected[i]);
  SmallVector<HostTensor, 3> results;
  results.push_back(std::move(*indices));
  if (version == 5) {
    FailureOr<HostTensor> s =
        createResult(ctx, scores.getElementType(), {size});
    if (failed(s))
      return failure();
    for (int64_t i = 0; i < valid; ++i)
      s->setDouble(i, selectedScores[i]);
    results.push_back(std::move(*s));
  }
  if (version >= 4) {
    FailureOr<HostTensor> v = createResult(ctx, i32, {});
    if (failed(v))
      return failure();
    v->setInt(0, valid);
    results.push_back(std::move(*v));
  }
  return setResults(ctx, results);
}

namespace {
/// A box selected for one class of CombinedNonMaxSuppression (index -1: an
/// empty slot, score -1 and class -1, as TensorFlow fills them).
struct ClassResult {
  int64_t index = -1;
  float score = -1.0f;
  int64_t classIndex = -1;
  float coords[4] = {0, 0, 0, 0};
};
} // namespace

/// CombinedNonMaxSuppression: hard NMS per batch and class, then the
/// results of all classes by descending score.
static LogicalResult combinedNmsKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &boxes = *(*ops)[0], &scores = *(*ops)[1];
  if (boxes.getKind() != HostElementKind::Float || boxes.getRank() != 4 ||
      boxes.getShape()[3] != 4)
    return ctx.fail("boxes must be a float tensor of shape [batch, boxes, q, "
                    "4]");
  int64_t batch = boxes.getShape()[0], n = boxes.getShape()[1],
          q = boxes.getShape()[2];
  if (scores.getKind() != HostElementKind::Float || scores.getRank() != 3 ||
      scores.getShape()[0] != batch || scores.getShape()[1] != n)
    return ctx.fail("scores must be a float tensor of shape [batch, boxes, "
                    "classes]");
  int64_t classes = scores.getShape()[2];
  if (q != 1 && q != classes)
    return ctx.fail("boxes' third dimension must be 1 or the number of "
                    "classes");
  FailureOr<int64_t> perClass =
      getIntScalar(ctx, 2, "max_output_size_per_class");
  if (failed(perClass))
    return failure();
  FailureOr<int64_t> total = getIntScalar(ctx, 3, "max_total_size");
  if (failed(total))
    return failure();
  if (*perClass <= 0 || *total <= 0 || *perClass > INT32_MAX ||
      *total > INT32_MAX)
    return ctx.fail("max_output_size_per_class and max_total_size must be "
                    "positive int32 values");
  FailureOr<float> iouThreshold = getFloatScalar(ctx, 4, "iou_threshold");
  if (failed(iouThreshold))
    return failure();
  if (!(*iouThreshold >= 0 && *iouThreshold <= 1))
    return ctx.fail("iou_threshold must be in [0, 1]");
  FailureOr<float> scoreThreshold = getFloatScalar(ctx, 5, "score_threshold");
  if (failed(scoreThreshold))
    return failure();
  bool padPerClass = getBoolAttr(ctx, "pad_per_class", false);
  bool clip = getBoolAttr(ctx, "clip_boxes", true);

  int64_t sizePerClass = std::min(*perClass, n);
  int64_t maxTotal;
  if (llvm::MulOverflow(*perClass, classes, maxTotal) || maxTotal > INT32_MAX)
    maxTotal = INT32_MAX;
  int64_t perBatch = padPerClass ? std::min(*total, maxTotal) : *total;
  int64_t slots;
  if (llvm::MulOverflow(sizePerClass, classes, slots) ||
      slots > ctx.getMaxElements() || perBatch > ctx.getMaxElements())
    return ctx.fail("CombinedNonMaxSuppression's output exceeds the bound");
  Type f32 = Float32Type::get(ctx.getContext());
  FailureOr<HostTensor> outBoxes = createResult(ctx, f32, {batch, perBatch, 4});
  if (failed(outBoxes))
    return failure();
  FailureOr<HostTensor> outScores = createResult(ctx, f32, {batch, perBatch});
  if (failed(outScores))
    return failure();
  FailureOr<HostTensor> outClasses = createResult(ctx, f32, {batch, perBatch});
  if (failed(outClasses))
    return failure();
  FailureOr<HostTensor> valid =
      createResult(ctx, IntegerType::get(ctx.getContext(), 32), {batch});
  if (failed(valid))
    return failure();

  std::vector<ClassResult> results;
  std::vector<int64_t> selected;
  std::vector<Box> selectedBoxes;
  for (int64_t b = 0; b < batch; ++b) {
    results.assign(slots, ClassResult());
    for (int64_t c = 0; c < classes; ++c) {
      // Candidates by descending score, the lower index first among equals.
      std::vector<std::pair<float, int64_t>> candidates;
      for (int64_t i = 0; i < n; ++i) {
        float s = scores.getDouble((b * n + i) * classes + c);
        if (s > *scoreThreshold)
          candidates.push_back({s, i});
      }
      std::stable_sort(
          candidates.begin(), candidates.end(),
          [](const auto &x, const auto &y) { return x.first > y.first; });
      selected.clear();
      selectedBoxes.clear();
      for (const auto &[score, i] : candidates) {
        if (static_cast<int64_t>(selected.size()) >= sizePerClass)
          break;
        int64_t at = ((b * n + i) * q + (q > 1 ? c : 0)) * 4;
        Box box = makeBox(boxes, at);
        bool keep = true;
        for (int64_t j = static_cast<int64_t>(selected.size()) - 1;
             j >= 0 && keep; --j)
          keep = !(getIoU(box, selectedBoxes[j]) > *iouThreshold);
        if (!keep)
          continue;
        ClassResult &r = results[selected.size() + sizePerClass * c];
        r.index = i;
        r.score = score;
        r.classIndex = c;
        for (int k = 0; k < 4; ++k)
          r.coords[k] = boxes.getDouble(at + k);
        selected.push_back(i);
        selectedBoxes.push_back(box);
      }
    }
    std::stable_sort(results.begin(), results.end(),
                     [](const ClassResult &x, const ClassResult &y) {
                       return x.score > y.score;
                     });
    int64_t count = llvm::count_if(
        results, [](const ClassResult &r) { return r.index > -1; });
    int64_t detections = std::min(count, padPerClass ? perBatch : *total);
    valid->setInt(b, detections);
    for (int64_t k = 0; k < detections && k < slots; ++k) {
      const ClassResult &r = results[k];
      int64_t o = b * perBatch + k;
      for (int d = 0; d < 4; ++d)
        outBoxes->setDouble(o * 4 + d,
                            clip ? std::max(std::min(r.coords[d], 1.0f), 0.0f)
                                 : r.coords[d]);
      outScores->setDouble(o, r.score);
      outClasses->setDouble(o, static_cast<float>(r.classIndex));
    }
  }
  HostTensor out[] = {std::move(*outBoxes), std::move(*outScores),
                      std::move(*outClasses), std::move(*valid)};
  return setResults(ctx, out);
}

void mlir::tfg::addDetectionKernels(EvalKernelTable &table) {
  addKernels(table, {"CombinedNonMaxSuppression"}, combinedNmsKernel);
  addKernels(table, {"NonMaxSuppressionV2"}, nmsKernel<2>);
  addKernels(table, {"NonMaxSuppressionV3"}, nmsKernel<3>);
  addKernels(table, {"NonMaxSuppressionV4"}, nmsKernel<4>);
  addKernels(table, {"NonMaxSuppressionV5"}, nmsKernel<5>);
}
