//===- DetectionKernels.cpp - Kernels of non-max suppression --------------===//
//
// NonMaxSuppressionV2/V3/V4/V5 as TensorFlow's CPU kernel computes them,
// in float:
// - Candidates are the boxes whose score is > score_threshold (V2: every
//   box above the lowest float), visited by descending score, the lower
//   index first among equal scores.
// - IoU of boxes (y1, x1, y2, x2) with any corner order: 0 when either
//   area is <= 0, else intersection / (area_i + area_j - intersection).
// - A candidate is compared with the boxes selected since it was last
//   looked at, newest first. Hard NMS (soft_nms_sigma 0, and V2-V4)
//   suppresses it when an IoU is > iou_threshold. Soft NMS (V5, sigma > 0)
//   multiplies its score by exp(-0.5 * iou^2 / sigma) for each IoU (the
//   IoU threshold plays no part, as in current TensorFlow; TensorFlow.js
//   and older TensorFlow versions zero the weight above it), stopping
//   once the score is <= score_threshold; a candidate whose score dropped
//   goes back to the queue if still above score_threshold, one whose score
//   did not is selected.
// - At most max_output_size boxes are selected. V4 and V5 with
//   pad_to_max_output_size pad the indices (and V5's scores) with zeros to
//   max_output_size; valid_outputs is the number selected.
// iou_threshold must be in [0, 1], soft_nms_sigma >= 0, max_output_size
// >= 0.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

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
  for (int64_t i = 0; i < n; ++i) {
    float y1 = boxes.getDouble(4 * i), x1 = boxes.getDouble(4 * i + 1),
          y2 = boxes.getDouble(4 * i + 2), x2 = boxes.getDouble(4 * i + 3);
    Box &box = bs[i];
    box = {std::min(y1, y2), std::min(x1, x2), std::max(y1, y2),
           std::max(x1, x2), 0.0f};
    box.area = (box.ymax - box.ymin) * (box.xmax - box.xmin);
  }
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
  while (static_cast<int64_t>(selected.size()) < *maxOutput && !queue.empty()) {
    Candidate next = queue.top();
    queue.pop();
    float original = next.score;
    bool suppressed = false;
    for (int64_t j = static_cast<int64_t>(selected.size()) - 1;
         j >= next.suppressBegin; --j) {
      float iou = getIoU(bs[next.index], bs[selected[j]]);
      if (!soft) {
        if (iou > *iouThreshold) {
          suppressed = true;
          break;
        }
        continue;
      }
      next.score *= std::exp(scale * iou * iou);
      if (next.score <= scoreThreshold)
        break;
    }
    next.suppressBegin = selected.size();
    if (suppressed)
      continue;
    if (next.score == original) {
      selected.push_back(next.index);
      selectedScores.push_back(next.score);
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

void mlir::tfg::addDetectionKernels(EvalKernelTable &table) {
  addKernels(table, {"NonMaxSuppressionV2"}, nmsKernel<2>);
  addKernels(table, {"NonMaxSuppressionV3"}, nmsKernel<3>);
  addKernels(table, {"NonMaxSuppressionV4"}, nmsKernel<4>);
  addKernels(table, {"NonMaxSuppressionV5"}, nmsKernel<5>);
}
