//===- KernelRobustnessTest.cpp - Malformed operands never crash kernels --===//
//
// A deterministic sweep over the array, image and detection kernels with
// random small operands of random dtypes and shapes (mostly malformed:
// wrong ranks, negative or huge values, NaN, strings) and random
// attributes: every call must either succeed or fail with a message,
// never crash or allocate beyond the bound. Run under the sanitizers
// (TFG_ENABLE_SANITIZERS) or valgrind it also checks for UB and invalid
// memory accesses.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include "llvm/ADT/StringMap.h"

#include <random>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class KernelRobustnessTest : public HostKernelTest {};

TEST_F(KernelRobustnessTest, RandomOperandsNeverCrash) {
  // The ops of ScatterKernels, SplitKernels, SpaceKernels, SelectionKernels,
  // MatrixKernels, SegmentKernels, ImageKernels and DetectionKernels.
  SmallVector<StringRef> ops;
  StringRef("GatherNd Gather ScatterNd TensorScatterUpdate TensorScatterAdd "
            "TensorScatterMax Split SplitV Concat AddN BroadcastTo Reverse "
            "ReverseV2 ReverseSequence InvertPermutation BroadcastArgs "
            "BroadcastGradientArgs EnsureShape CheckNumerics SpaceToDepth "
            "DepthToSpace SpaceToBatchND BatchToSpaceND MirrorPad Where Unique "
            "UniqueV2 TopKV2 Bucketize ClipByValue LinSpace MatrixBandPart "
            "MatrixDiag MatrixDiagV2 MatrixDiagV3 MatrixDiagPart "
            "MatrixDiagPartV3 Einsum Cross SegmentSum SegmentMax SegmentMean "
            "UnsortedSegmentSum UnsortedSegmentProd UnsortedSegmentMin "
            "RGBToHSV HSVToRGB AdjustContrastv2 AdjustHue AdjustSaturation "
            "ResizeBilinear Igamma Igammac Betainc Zeta Polygamma "
            "ResizeNearestNeighbor CropAndResize "
            "NonMaxSuppressionV2 NonMaxSuppressionV3 NonMaxSuppressionV4 "
            "NonMaxSuppressionV5 CombinedNonMaxSuppression")
      .split(ops, ' ', -1, false);
  std::mt19937 rng(42);
  auto rnd = [&](int n) { return int(rng() % n); };
  std::vector<Type> types = {
      b.getI32Type(), b.getI64Type(),
      b.getF32Type(), b.getF16Type(),
      b.getI1Type(),  b.getIntegerType(8, false),
      b.getF64Type(), tf_type::StringType::get(&context)};
  std::vector<std::string> eqs = {
      "ij,jk->ik",        "ii->i",  "...i,i->...", "ab",
      "a...b,b...->a...", "->",     ",->",         "i,i",
      "ij->jj",           "i.j->i", "......"};
  for (int iter = 0; iter < 30000; ++iter) {
    StringRef op = ops[rnd(ops.size())];
    int nops = 1 + rnd(6);
    std::vector<HostTensor> operands;
    for (int k = 0; k < nops; ++k) {
      int rank = rnd(5);
      SmallVector<int64_t> shape;
      for (int d = 0; d < rank; ++d)
        shape.push_back(rnd(4));
      Type t = types[rnd(3) == 0 ? rnd(types.size()) : rnd(3)];
      HostTensor h = llvm::cantFail(HostTensor::create(t, shape));
      for (int64_t i = 0; i < h.getNumElements(); ++i) {
        if (isa<tf_type::StringType>(t))
          h.setString(i, std::string(1, 'a' + rnd(3)));
        else if (rnd(10) == 0)
          h.setDouble(i, rnd(2) ? NAN : -1e30);
        else if (rnd(50) == 0)
          h.setInt(i, rnd(2) ? INT64_MAX : INT64_MIN);
        else
          h.setInt(i, rnd(8) - 2);
      }
      operands.push_back(std::move(h));
    }
    SmallVector<NamedAttribute> as;
    if (rnd(2))
      as.push_back(
          b.getNamedAttr("num_split", b.getI64IntegerAttr(rnd(5) - 1)));
    if (rnd(2))
      as.push_back(b.getNamedAttr(
          "block_size",
          b.getI64IntegerAttr(rnd(8) ? rnd(4) : int64_t(1) << 40)));
    if (rnd(2))
      as.push_back(b.getNamedAttr("seq_dim", b.getI64IntegerAttr(rnd(4) - 1)));
    if (rnd(2))
      as.push_back(
          b.getNamedAttr("batch_dim", b.getI64IntegerAttr(rnd(4) - 1)));
    if (rnd(2))
      as.push_back(b.getNamedAttr(
          "mode", b.getStringAttr(rnd(2) ? "REFLECT" : "SYMMETRIC")));
    if (rnd(2))
      as.push_back(b.getNamedAttr("align_corners", b.getBoolAttr(rnd(2))));
    if (rnd(2))
      as.push_back(b.getNamedAttr("half_pixel_centers", b.getBoolAttr(rnd(2))));
    if (rnd(2))
      as.push_back(
          b.getNamedAttr("pad_to_max_output_size", b.getBoolAttr(rnd(2))));
    if (rnd(2))
      as.push_back(b.getNamedAttr(
          "method", b.getStringAttr(rnd(2) ? "nearest" : "bilinear")));
    if (rnd(2))
      as.push_back(b.getNamedAttr(
          "align", b.getStringAttr(rnd(2) ? "LEFT_RIGHT" : "RIGHT_LEFT")));
    if (rnd(2))
      as.push_back(b.getNamedAttr("data_format",
                                  b.getStringAttr(rnd(2) ? "NCHW" : "NHWC")));
    if (rnd(2))
      as.push_back(
          b.getNamedAttr("equation", b.getStringAttr(eqs[rnd(eqs.size())])));
    if (rnd(2))
      as.push_back(b.getNamedAttr(
          "boundaries",
          b.getArrayAttr({b.getF32FloatAttr(0), b.getF32FloatAttr(1)})));
    if (rnd(2))
      as.push_back(
          b.getNamedAttr("out_idx", TypeAttr::get(types[rnd(types.size())])));
    if (rnd(2))
      as.push_back(b.getNamedAttr(
          "shape",
          tf_type::ShapeAttr::get(&context, {2, ShapedType::kDynamic})));
    // One attribute per name.
    llvm::StringMap<bool> seen;
    SmallVector<NamedAttribute> uniq;
    for (auto &a : as)
      if (seen.try_emplace(a.getName().getValue(), true).second)
        uniq.push_back(a);
    auto r =
        evaluateOnHost(&context, op, operands, b.getDictionaryAttr(uniq), 4096);
    if (!r)
      llvm::consumeError(r.takeError());
  }
}
} // namespace
