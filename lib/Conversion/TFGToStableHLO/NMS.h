//===- NMS.h - Non-max suppression loops in StableHLO -----------*- C++ -*-===//
//
// The pieces of the non-max suppression rules that DataDependentRules.cpp
// (NonMaxSuppressionV2-V5) and NMSRules.cpp (soft NMS,
// CombinedNonMaxSuppression) share.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOSTABLEHLO_NMS_H
#define TFG_LIB_CONVERSION_TFGTOSTABLEHLO_NMS_H

#include "DynamicShapes.h"

namespace mlir {
namespace tfg {
namespace tohlo {
namespace nms {

/// What a selection loop gives.
struct NMSLoop {
  Value selected; // tensor<K x i32>, valid below `count`.
  Value count;    // tensor<i32>.
  /// tensor<K x f32> of the selected boxes' final scores (soft NMS), or
  /// null: the scores are the inputs'.
  Value scores;
};

/// Hard NMS: the greedy selection over `boxes` ([N, 4] f32, N maybe `?`)
/// visited in the order `order` ([N] i32) with the sorted scores
/// `sortedScores` ([N + 1] f32, the last -inf so that the condition may read
/// slot N), into `capacity` slots, at most `limit` (tensor<i32>). A
/// candidate is suppressed by an IoU over `iouThreshold`, and by a NaN IoU
/// when `nanSuppresses` (NonMaxSuppressionV2-V5; CombinedNonMaxSuppression
/// keeps it).
NMSLoop buildHardLoop(Lowering &l, Value boxes, Value order, Value sortedScores,
                      int64_t capacity, Value limit, Value iouThreshold,
                      Value scoreThreshold, bool nanSuppresses);

/// Soft NMS (NonMaxSuppressionV5 with soft_nms_sigma > 0, as TFGEval's
/// kernel): `boxes` [N, 4] f32 and `scores` [N] f32 of static N, into
/// `capacity` slots, at most `limit` (tensor<i32>).
NMSLoop buildSoftLoop(Lowering &l, Value boxes, Value scores, int64_t capacity,
                      Value limit, Value scoreThreshold, float sigma);

/// CombinedNonMaxSuppression (NMSRules.cpp).
LogicalResult combinedNonMaxSuppression(Lowering &l,
                                        SmallVectorImpl<Value> &results);

} // namespace nms
} // namespace tohlo
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOSTABLEHLO_NMS_H
