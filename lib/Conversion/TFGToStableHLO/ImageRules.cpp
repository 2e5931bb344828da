//===- ImageRules.cpp - Image resizing to StableHLO -----------------------===//
//
// ResizeBilinear and ResizeNearestNeighbor (NHWC) with static sizes: the
// resize is separable, so it is two dot_generals with constant
// interpolation matrices (out x in, computed here from align_corners and
// half_pixel_centers as TensorFlow defines the source coordinates), then a
// transpose back to NHWC.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// The out x in interpolation matrix of one spatial dimension.
std::vector<float> resizeMatrix(int64_t in, int64_t out, bool bilinear,
                                bool alignCorners, bool halfPixel) {
  std::vector<float> m(out * in, 0.0f);
  double scale = alignCorners && out > 1 ? double(in - 1) / double(out - 1)
                                         : double(in) / double(out);
  for (int64_t i = 0; i < out; ++i) {
    if (bilinear) {
      double src = halfPixel ? (i + 0.5) * scale - 0.5 : i * scale;
      src = std::max(src, 0.0);
      int64_t lo = std::min<int64_t>((int64_t)std::floor(src), in - 1);
      int64_t hi = std::min<int64_t>(lo + 1, in - 1);
      double frac = src - lo;
      m[i * in + lo] += float(1.0 - frac);
      m[i * in + hi] += float(frac);
    } else {
      double src = halfPixel ? (i + 0.5) * scale : i * scale;
      int64_t idx =
          alignCorners ? (int64_t)std::round(src) : (int64_t)std::floor(src);
      idx = std::clamp<int64_t>(idx, 0, in - 1);
      m[i * in + idx] = 1.0f;
    }
  }
  return m;
}

LogicalResult resizeRule(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x), out = l.resultType();
  FailureOr<bool> alignCorners = l.boolAttr("align_corners", false);
  FailureOr<bool> halfPixel = l.boolAttr("half_pixel_centers", false);
  if (failed(alignCorners) || failed(halfPixel))
    return failure();
  if (t.getRank() != 4 || out.getRank() != 4 ||
      out.getDimSize(0) != t.getDimSize(0) ||
      out.getDimSize(3) != t.getDimSize(3))
    return l.error() << "expects NHWC images, has " << t << " to " << out;
  if (!out.getElementType().isF32())
    return l.error() << "expects an f32 output";
  if (t.getDimSize(1) == 0 || t.getDimSize(2) == 0)
    return l.error() << "expects a non-empty image";
  bool bilinear = l.node.opType == "ResizeBilinear";
  x = l.convert(x, out.getElementType());
  int64_t n = t.getDimSize(0), h = t.getDimSize(1), w = t.getDimSize(2),
          c = t.getDimSize(3), oh = out.getDimSize(1), ow = out.getDimSize(2);
  auto matrix = [&](int64_t in, int64_t o) {
    std::vector<float> m =
        resizeMatrix(in, o, bilinear, *alignCorners, *halfPixel);
    auto type = RankedTensorType::get({o, in}, l.b.getF32Type());
    return l.constant(DenseElementsAttr::get(type, ArrayRef<float>(m)));
  };
  auto f32 = l.b.getF32Type();
  auto dims = [&](int64_t contract) {
    return stablehlo::DotDimensionNumbersAttr::get(l.b.getContext(), {}, {},
                                                   {contract}, {1});
  };
  // [n, h, w, c] x [oh, h] -> [n, w, c, oh]
  Value rows = l.op("dot_general", {x, matrix(h, oh)},
                    RankedTensorType::get({n, w, c, oh}, f32),
                    {l.named("dot_dimension_numbers", dims(1))});
  // [n, w, c, oh] x [ow, w] -> [n, c, oh, ow]
  Value cols = l.op("dot_general", {rows, matrix(w, ow)},
                    RankedTensorType::get({n, c, oh, ow}, f32),
                    {l.named("dot_dimension_numbers", dims(1))});
  results.push_back(l.transpose(cols, {0, 2, 3, 1}));
  return success();
}

} // namespace

void tohlo::addImageRules(RuleTable &table) {
  table["ResizeBilinear"] = resizeRule;
  table["ResizeNearestNeighbor"] = resizeRule;
}
