//===- KernelRegistry.h - The kernel families of TFGEval --------*- C++ -*-===//
//
// Each op family (lib/Eval/*Kernels.cpp) registers its kernels in the one
// table (Evaluator.cpp) by TensorFlow op name; a name registered twice is an
// error of the table.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_EVAL_KERNELREGISTRY_H
#define TFG_LIB_EVAL_KERNELREGISTRY_H

#include "tfg/Eval/Evaluator.h"

#include <initializer_list>

namespace mlir {
namespace tfg {

/// Const (SourceKernels.cpp).
void addSourceKernels(EvalKernelTable &table);
/// Shape, ShapeN, Size, Rank (ShapeKernels.cpp).
void addShapeKernels(EvalKernelTable &table);
/// Identity and the ops that forward their operand (ArrayKernels.cpp).
void addArrayKernels(EvalKernelTable &table);
/// Reshape, ExpandDims, Squeeze, Transpose, ConcatV2, Fill
/// (ShapeOpKernels.cpp).
void addShapeOpKernels(EvalKernelTable &table);
/// Sum, Prod, Mean, Max, Min, All, Any, ArgMax, ArgMin, Cumsum, Cumprod
/// (ReductionKernels.cpp).
void addReductionKernels(EvalKernelTable &table);
/// Slice, StridedSlice, Tile, Pack, Unpack, Range (SliceKernels.cpp).
void addSliceKernels(EvalKernelTable &table);
/// GatherV2, Pad, PadV2, OneHot (GatherKernels.cpp).
void addGatherKernels(EvalKernelTable &table);
/// Binary arithmetic and BiasAdd (BinaryKernels.cpp).
void addBinaryKernels(EvalKernelTable &table);
/// Unary math, ZerosLike, OnesLike (UnaryKernels.cpp).
void addUnaryKernels(EvalKernelTable &table);
/// Comparisons, logical ops, Select, SelectV2 (CompareKernels.cpp).
void addCompareKernels(EvalKernelTable &table);
/// Cast (CastKernels.cpp).
void addCastKernels(EvalKernelTable &table);
/// GatherNd, Gather, ScatterNd, TensorScatterUpdate/Add/Sub/Max/Min
/// (ScatterKernels.cpp).
void addScatterKernels(EvalKernelTable &table);
/// Split, SplitV, Concat, AddN, BroadcastTo, Reverse, ReverseV2,
/// ReverseSequence, InvertPermutation, BroadcastArgs, BroadcastGradientArgs,
/// EnsureShape, CheckNumerics (SplitKernels.cpp).
void addSplitKernels(EvalKernelTable &table);
/// SpaceToDepth, DepthToSpace, SpaceToBatchND, BatchToSpaceND, MirrorPad
/// (SpaceKernels.cpp).
void addSpaceKernels(EvalKernelTable &table);
/// Where, Unique, UniqueV2, TopKV2, Bucketize, ClipByValue, LinSpace
/// (SelectionKernels.cpp).
void addSelectionKernels(EvalKernelTable &table);
/// MatrixBandPart, MatrixDiag, MatrixDiagV2/V3, MatrixDiagPart, Einsum,
/// Cross (MatrixKernels.cpp).
void addMatrixKernels(EvalKernelTable &table);
/// Segment and UnsortedSegment reductions (SegmentKernels.cpp).
void addSegmentKernels(EvalKernelTable &table);
/// ResizeBilinear, ResizeNearestNeighbor, CropAndResize, RGBToHSV,
/// HSVToRGB, AdjustContrastv2, AdjustHue, AdjustSaturation
/// (ImageKernels.cpp).
void addImageKernels(EvalKernelTable &table);
/// NonMaxSuppressionV2/V3/V4/V5, CombinedNonMaxSuppression
/// (DetectionKernels.cpp).
void addDetectionKernels(EvalKernelTable &table);

/// Special functions, bitwise ops, complex parts (MathKernels.cpp).
void addMathKernels(EvalKernelTable &table);
/// Igamma, Igammac, Betainc, Zeta, Polygamma (SpecialKernels.cpp).
void addSpecialKernels(EvalKernelTable &table);
/// String ops (StringKernels.cpp).
void addStringKernels(EvalKernelTable &table);
/// RegexReplace, StaticRegexReplace, RegexFullMatch, StaticRegexFullMatch
/// (RegexKernels.cpp).
void addRegexKernels(EvalKernelTable &table);
/// StringNGrams (NGramKernels.cpp).
void addNGramKernels(EvalKernelTable &table);
/// Sparse tensor ops (SparseKernels.cpp).
void addSparseKernels(EvalKernelTable &table);
/// Stateless (and seeded stateful) random ops (RandomKernels.cpp).
void addRandomKernels(EvalKernelTable &table);
/// The stateful ops among them (RandomKernels.cpp).
bool isStatefulRandomOp(StringRef opName);

/// Conv2D (grouped too), DepthwiseConv2dNative, Conv2DBackpropInput,
/// Conv3D and the fused forms (ConvKernels.cpp).
void addConvKernels(EvalKernelTable &table);
/// MatMul, _FusedMatMul, BatchMatMul, V2, V3 (MatMulKernels.cpp).
void addMatMulKernels(EvalKernelTable &table);
/// MaxPool, MaxPoolV2, AvgPool, MaxPool3D, AvgPool3D (PoolKernels.cpp).
void addPoolKernels(EvalKernelTable &table);
/// Softmax, LogSoftmax, BiasAddV1, FusedBatchNorm* (inference and
/// training), _FusedBatchNormEx,
/// Prelu, LRN, L2Loss
/// (NNKernels.cpp).
void addNNKernels(EvalKernelTable &table);
/// ReluGrad, Relu6Grad, LeakyReluGrad, EluGrad, SeluGrad, SoftplusGrad,
/// SoftsignGrad, SigmoidGrad, TanhGrad, RsqrtGrad, SqrtGrad,
/// ReciprocalGrad, InvGrad, BiasAddGrad (GradKernels.cpp).
void addGradKernels(EvalKernelTable &table);
/// Conv2DBackpropFilter, DepthwiseConv2dNativeBackpropInput and
/// BackpropFilter, MaxPoolGrad, MaxPoolGradV2, MaxPoolGradGrad(V2),
/// AvgPoolGrad, FusedBatchNormGrad, V2, V3, _FusedBatchNormGradEx
/// (BackpropKernels.cpp).
void addBackpropKernels(EvalKernelTable &table);
/// MaxPool3DGrad, MaxPool3DGradGrad, AvgPool3DGrad (Pool3DGradKernels.cpp).
void addPool3DGradKernels(EvalKernelTable &table);

/// Registers `kernel` under each of `names` (a name registered twice is
/// recorded as an error of the table: EvalKernelTable::verify).
inline void addKernels(EvalKernelTable &table,
                       std::initializer_list<const char *> names,
                       EvalKernel kernel) {
  for (const char *name : names)
    table.add(name, kernel);
}

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_EVAL_KERNELREGISTRY_H
