//===- ImageKernelsTest.cpp - Tests of the image and detection kernels ----===//
//
// ResizeBilinear and ResizeNearestNeighbor in every align_corners /
// half_pixel_centers mode, CropAndResize (bilinear, nearest,
// extrapolation), RGBToHSV, HSVToRGB, AdjustContrastv2, AdjustHue,
// AdjustSaturation, and NonMaxSuppressionV2-V5 (order, thresholds, ties,
// padding, soft NMS scores). Expected values follow TensorFlow's formulas
// (docs of ImageKernels.cpp and DetectionKernels.cpp). Exact values where
// the arithmetic is exact in float; elsewhere the values of TensorFlow.js
// 4.22, which implements the same formulas but in double (one rounding at
// the end), compared within a few ulps (TensorFlow computes in float), and
// spot checks that recompute TensorFlow's float arithmetic step by step.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <chrono>
#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class ImageKernelsTest : public HostKernelTest {
protected:
  using V = std::vector<int64_t>;
  using F = std::vector<float>;
  static F floats(const HostTensor &t) {
    F v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(static_cast<float>(t.getDouble(i)));
    return v;
  }
  /// Within 4 ulps of `want` (the TF.js values, computed in double).
  static void expectNear(const F &got, const F &want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      EXPECT_FLOAT_EQ(got[i], want[i]) << "at " << i;
  }
  /// TensorFlow's float lerp of ResizeBilinear and CropAndResize.
  static float lerp2(float tl, float tr, float bl, float br, float xl,
                     float yl) {
    float top = tl + (tr - tl) * xl, bottom = bl + (br - bl) * xl;
    return top + (bottom - top) * yl;
  }
  DictionaryAttr modes(bool alignCorners, bool halfPixel) {
    return attrs(
        {b.getNamedAttr("align_corners", b.getBoolAttr(alignCorners)),
         b.getNamedAttr("half_pixel_centers", b.getBoolAttr(halfPixel))});
  }
  /// 0..11 as float, [1, 3, 4, 1].
  HostTensor image() {
    return f32({1, 3, 4, 1}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  }
  /// (i * 37) % 11 as float, [2, 3, 3, 2].
  HostTensor image2() {
    std::vector<double> v;
    for (int i = 0; i < 36; ++i)
      v.push_back((i * 37) % 11);
    return f32({2, 3, 3, 2}, v);
  }
};

TEST_F(ImageKernelsTest, ResizeBilinearModes) {
  // Legacy: source = x * in / out.
  HostTensor r = eval("ResizeBilinear", {image(), vec({2, 3})}, modes(0, 0));
  EXPECT_EQ(r.getElementType(), b.getF32Type());
  EXPECT_EQ(shapeOf(r), (V{1, 2, 3, 1}));
  expectNear(floats(r),
             (F{0, 1.33333337f, 2.66666675f, 6, 7.33333349f, 8.66666698f}));
  // Element (1, 1) in float: y = 1.5, x = 1 * (4 / 3f).
  float x = 1.0f * (4.0f / 3.0f);
  EXPECT_EQ(floats(r)[4], lerp2(5, 6, 9, 10, x - 1, 0.5f));
  // align_corners: scale (in - 1) / (out - 1).
  r = eval("ResizeBilinear", {image(), vec({2, 3})}, modes(1, 0));
  EXPECT_EQ(floats(r), (F{0, 1.5, 3, 8, 9.5, 11}));
  // half_pixel_centers: source = (x + 0.5) * scale - 0.5, clamped.
  r = eval("ResizeBilinear", {image(), vec({2, 3})}, modes(0, 1));
  expectNear(floats(r), (F{1.16666663f, 2.5f, 3.83333325f, 7.16666651f, 8.5f,
                           9.83333302f}));
  // Element (1, 2): y = 1.5 * 1.5 - 0.5 = 1.75, x = 2.5 * (4 / 3f) - 0.5.
  x = 2.5f * (4.0f / 3.0f) - 0.5f;
  EXPECT_EQ(floats(r)[5], lerp2(6, 7, 10, 11, x - std::floor(x), 1.75f - 1.0f));
  // Upsampling (edges clamp).
  r = eval("ResizeBilinear", {image(), vec({5, 7})}, modes(0, 1));
  F up = {0,
          0.357142866f,
          0.928571403f,
          1.5f,
          2.07142854f,
          2.64285707f,
          3,
          1.60000002f,
          1.95714283f,
          2.52857137f,
          3.0999999f,
          3.67142868f,
          4.24285698f,
          4.5999999f,
          4,
          4.35714293f,
          4.92857122f,
          5.5f,
          6.07142878f,
          6.64285707f,
          7,
          6.4000001f,
          6.75714302f,
          7.32857132f,
          7.9000001f,
          8.47142887f,
          9.04285717f,
          9.39999962f,
          8,
          8.35714245f,
          8.9285717f,
          9.5f,
          10.0714283f,
          10.6428576f,
          11};
  expectNear(floats(r), up);
  r = eval("ResizeBilinear", {image(), vec({5, 7})}, modes(0, 0));
  EXPECT_FLOAT_EQ(floats(r)[8], 2.97142863f);
  EXPECT_EQ(floats(r)[34], 11.0f);
  // Batches and channels.
  r = eval("ResizeBilinear", {image2(), vec({2, 2})}, modes(0, 0));
  EXPECT_EQ(floats(r), (F{0, 4, 6.5, 5, 3, 7, 6.75, 2.5, 6, 10, 1.5, 5.5, 9, 2,
                          4.5, 5.75}));
  r = eval("ResizeBilinear", {image2(), vec({4, 5})}, modes(0, 1));
  F got = floats(r);
  EXPECT_FLOAT_EQ(got[2], 3.20000005f);
  EXPECT_FLOAT_EQ(got[17], 2.92499995f);
  EXPECT_EQ(got[53], 5.92500019f);
  EXPECT_EQ(got[79], 8.0f);
  // Integer images give float results.
  r = eval("ResizeBilinear", {iota({1, 2, 2, 1}), vec({1, 1})}, modes(0, 0));
  EXPECT_EQ(r.getElementType(), b.getF32Type());
  EXPECT_EQ(floats(r), (F{0}));
}

TEST_F(ImageKernelsTest, ResizeNearestModes) {
  HostTensor r =
      eval("ResizeNearestNeighbor", {image(), vec({2, 3})}, modes(0, 0));
  EXPECT_EQ(floats(r), (F{0, 1, 2, 4, 5, 6}));
  // align_corners rounds half away from zero: 1.5 -> 2.
  r = eval("ResizeNearestNeighbor", {image(), vec({2, 3})}, modes(1, 0));
  EXPECT_EQ(floats(r), (F{0, 2, 3, 8, 10, 11}));
  r = eval("ResizeNearestNeighbor", {image(), vec({2, 3})}, modes(0, 1));
  EXPECT_EQ(floats(r), (F{0, 2, 3, 8, 10, 11}));
  r = eval("ResizeNearestNeighbor", {image(), vec({5, 7})}, modes(0, 0));
  EXPECT_EQ(floats(r),
            (F{0, 0, 1, 1, 2, 2, 3, 0, 0, 1, 1, 2, 2, 3, 4,  4,  5, 5,
               6, 6, 7, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11}));
  r = eval("ResizeNearestNeighbor", {image(), vec({5, 7})}, modes(1, 0));
  EXPECT_EQ(floats(r),
            (F{0, 1, 1, 2, 2, 3, 3,  4,  5,  5,  6, 6, 7, 7,  4,  5,  5, 6,
               6, 7, 7, 8, 9, 9, 10, 10, 11, 11, 8, 9, 9, 10, 10, 11, 11}));
  r = eval("ResizeNearestNeighbor", {image(), vec({5, 7})}, modes(0, 1));
  EXPECT_EQ(floats(r),
            (F{0, 0, 1, 2, 2, 3, 3,  0,  0,  1,  2, 2, 3, 3,  4,  4,  5, 6,
               6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 8, 8, 9, 10, 10, 11, 11}));
  r = eval("ResizeNearestNeighbor", {image2(), vec({2, 2})}, modes(0, 1));
  EXPECT_EQ(floats(r), (F{0, 4, 5, 9, 4, 8, 9, 2, 6, 10, 0, 4, 10, 3, 4, 8}));
  r = eval("ResizeNearestNeighbor", {image2(), vec({4, 5})}, modes(1, 0));
  F got = floats(r);
  EXPECT_EQ(got[0], 0);
  EXPECT_EQ(got[5], 1);
  EXPECT_EQ(got[47], 4);
  EXPECT_EQ(got[79], 8);
  // The type is kept.
  r = eval("ResizeNearestNeighbor", {iota({1, 2, 2, 1}), vec({4, 4})});
  EXPECT_EQ(r.getElementType(), b.getI32Type());
  EXPECT_EQ(values(r), (V{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}));
}

TEST_F(ImageKernelsTest, ResizeErrors) {
  EXPECT_NE(error("ResizeBilinear", {image(), vec({2, 3})}, modes(1, 1))
                .find("align_corners"),
            std::string::npos);
  EXPECT_NE(error("ResizeNearestNeighbor", {image(), vec({2, 3})}, modes(1, 1)),
            "");
  EXPECT_NE(error("ResizeBilinear", {image(), vec({0, 3})}), "");
  EXPECT_NE(error("ResizeBilinear", {image(), vec({3})}), "");
  EXPECT_NE(error("ResizeBilinear", {iota({3, 4}), vec({2, 2})}), "");
  EXPECT_NE(error("ResizeBilinear", {image(), vec({2048, 2048})}), "");
}

TEST_F(ImageKernelsTest, ResizeLargeIsFast) {
  // A 1x64x64x128 feature map to 128x128, and 256x256x3 to 512x512.
  HostTensor fm = splatF32({1, 64, 64, 128}, 0.5);
  llvm::cantFail(fm.expandSplat());
  HostTensor img = splatF32({1, 256, 256, 3}, 0.25);
  llvm::cantFail(img.expandSplat());
  auto start = std::chrono::steady_clock::now();
  HostTensor r = eval("ResizeBilinear", {fm, vec({128, 128})}, modes(0, 1),
                      int64_t(1) << 22);
  HostTensor s = eval("ResizeBilinear", {img, vec({512, 512})}, modes(0, 0),
                      int64_t(1) << 22);
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  EXPECT_EQ(r.getDouble(12345), 0.5);
  EXPECT_EQ(s.getDouble(777), 0.25);
  // Generous: a few ms each on one core.
  EXPECT_LT(ms, 500);
}

TEST_F(ImageKernelsTest, CropAndResize) {
  HostTensor boxes = f32({4, 4}, {0, 0, 1, 1, 0.1, 0.2, 0.6, 0.9, -0.5, 0, 0.5,
                                  1, 0.25, 0.25, 0.25, 0.75});
  HostTensor ind = vec({0, 0, 0, 0});
  DictionaryAttr bilinear =
      attrs({b.getNamedAttr("extrapolation_value", b.getF32FloatAttr(-1))});
  HostTensor r =
      eval("CropAndResize", {image(), boxes, ind, vec({2, 3})}, bilinear);
  EXPECT_EQ(shapeOf(r), (V{4, 2, 3, 1}));
  expectNear(
      floats(r),
      (F{0,           1.5,         3,    8,          9.5,         11,
         1.39999998f, 2.45000005f, 3.5,  5.4000001f, 6.45000029f, 7.5,
         -1,          -1,          -1,   4,          5.5,         7,
         2.75,        3.5,         4.25, 2.75,       3.5,         4.25}));
  DictionaryAttr nearest =
      attrs({b.getNamedAttr("extrapolation_value", b.getF32FloatAttr(-1)),
             b.getNamedAttr("method", b.getStringAttr("nearest"))});
  r = eval("CropAndResize", {image(), boxes, ind, vec({2, 3})}, nearest);
  EXPECT_EQ(floats(r), (F{0,  2,  3,  8, 10, 11, 1, 2, 3, 5, 6, 7,
                          -1, -1, -1, 4, 6,  7,  5, 6, 6, 5, 6, 6}));
  // A 1x1 crop samples the box center.
  r = eval("CropAndResize", {image(), boxes, ind, vec({1, 1})});
  EXPECT_EQ(floats(r), (F{5.5, 4.45000029f, 1.5, 3.5}));
  // Errors.
  EXPECT_NE(
      error("CropAndResize", {image(), boxes, vec({0, 0, 1, 0}), vec({2, 2})})
          .find("box_ind"),
      std::string::npos);
  EXPECT_NE(error("CropAndResize", {image(), boxes, ind, vec({0, 2})}), "");
  EXPECT_NE(error("CropAndResize",
                  {image(), f32({1, 3}, {0, 0, 1}), vec({0}), vec({2, 2})}),
            "");
  EXPECT_NE(error("CropAndResize", {image(), boxes, ind, vec({2, 2})},
                  attrs({b.getNamedAttr("method", b.getStringAttr("cubic"))})),
            "");
  // NaN boxes extrapolate instead of indexing.
  r = eval("CropAndResize",
           {image(), f32({1, 4}, {NAN, 0, 1, 1}), vec({0}), vec({2, 2})});
  EXPECT_EQ(floats(r), (F{0, 0, 0, 0}));
}

TEST_F(ImageKernelsTest, ColorSpaces) {
  HostTensor rgb = f32({6, 3}, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.5, 0.5, 1, 0,
                                1, 0.2, 0.4, 0.6});
  HostTensor hsv = eval("RGBToHSV", {rgb});
  F got = floats(hsv);
  // Red, green, blue: hue 0, 2/6, 4/6 (computed as float 2/6 and 4/6).
  EXPECT_EQ((F(got.begin(), got.begin() + 9)),
            (F{0, 1, 1, 2.0f / 6.0f, 1, 1, 4.0f / 6.0f, 1, 1}));
  // Gray: hue and saturation 0.
  EXPECT_EQ((F(got.begin() + 9, got.begin() + 12)), (F{0, 0, 0.5}));
  // Magenta wraps to 5/6.
  EXPECT_FLOAT_EQ(got[12], 5.0f / 6.0f);
  EXPECT_FLOAT_EQ(got[15], 7.0f / 12.0f);
  EXPECT_FLOAT_EQ(got[16], 2.0f / 3.0f);
  EXPECT_FLOAT_EQ(got[17], 0.6f);
  HostTensor back = eval("HSVToRGB", {hsv});
  F want = floats(rgb), round = floats(back);
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_NEAR(round[i], want[i], 1e-6) << "at " << i;
  EXPECT_EQ(floats(eval("HSVToRGB", {f32({3}, {5.0 / 6.0, 1, 1})})),
            (F{1, 0, 1}));
  EXPECT_NE(error("RGBToHSV", {f32({2, 2}, {0, 0, 0, 0})}), "");
  EXPECT_NE(error("HSVToRGB", {iota({3})}), "");
}

TEST_F(ImageKernelsTest, AdjustContrast) {
  HostTensor r =
      eval("AdjustContrastv2", {f32({1, 2, 2, 1}, {1, 2, 3, 6}), f32({}, {2})});
  EXPECT_EQ(floats(r), (F{-1, 1, 3, 9}));
  // Per channel: means 2 and 15.
  r = eval("AdjustContrastv2",
           {f32({2, 1, 2}, {0, 10, 4, 20}), f32({}, {0.5})});
  EXPECT_EQ(floats(r), (F{1, 12.5, 3, 17.5}));
  EXPECT_NE(
      error("AdjustContrastv2", {f32({2, 2}, {0, 0, 0, 0}), f32({}, {2})}), "");
  EXPECT_NE(error("AdjustContrastv2",
                  {f32({1, 2, 2, 1}, {1, 2, 3, 6}), f32({2}, {2, 2})}),
            "");
}

TEST_F(ImageKernelsTest, AdjustHueAndSaturation) {
  // Red, a blue-ish (hue 7/12, saturation 2/3, value 0.6) and a gray pixel.
  HostTensor rgb = f32({1, 1, 3, 3}, {1, 0, 0, 0.2, 0.4, 0.6, 0.5, 0.5, 0.5});
  auto near = [](const F &got, const F &want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      EXPECT_NEAR(got[i], want[i], 1e-6) << "at " << i;
  };
  // Hue + 1/3: red turns green; 7/12 + 1/3 = 11/12 (r max, g min, b at
  // 1/2 of the ramp); gray stays.
  near(floats(eval("AdjustHue", {rgb, f32({}, {1.0 / 3})})),
       {0, 1, 0, 0.6, 0.2, 0.4, 0.5, 0.5, 0.5});
  // Hue - 1/3 wraps red to blue; + 1/2 reverses the blue-ish pixel.
  near(floats(eval("AdjustHue", {rgb, f32({}, {-1.0 / 3})})),
       {0, 0, 1, 0.4, 0.6, 0.2, 0.5, 0.5, 0.5});
  near(floats(eval("AdjustHue", {rgb, f32({}, {0.5})})),
       {0, 1, 1, 0.6, 0.4, 0.2, 0.5, 0.5, 0.5});
  // A whole turn is the identity.
  near(floats(eval("AdjustHue", {rgb, f32({}, {2.0})})), floats(rgb));
  // Saturation halved moves halfway to the value; doubled clamps to 1;
  // 0 is gray.
  near(floats(eval("AdjustSaturation", {rgb, f32({}, {0.5})})),
       {1, 0.5, 0.5, 0.4, 0.5, 0.6, 0.5, 0.5, 0.5});
  near(floats(eval("AdjustSaturation", {rgb, f32({}, {2})})),
       {1, 0, 0, 0, 0.3, 0.6, 0.5, 0.5, 0.5});
  near(floats(eval("AdjustSaturation", {rgb, f32({}, {0})})),
       {1, 1, 1, 0.6, 0.6, 0.6, 0.5, 0.5, 0.5});
  near(floats(eval("AdjustSaturation", {rgb, f32({}, {-1})})),
       {1, 1, 1, 0.6, 0.6, 0.6, 0.5, 0.5, 0.5});
  // f16 images keep their type; a splat image works.
  HostTensor half = eval(
      "AdjustHue", {splat(b.getF16Type(), {2, 2, 3}, 0.5), f32({}, {0.25})});
  EXPECT_EQ(half.getElementType(), b.getF16Type());
  near(floats(half), F(12, 0.5f));
  // Errors: rank, last dimension, the scalar, integer images, the bound.
  for (StringRef op : {"AdjustHue", "AdjustSaturation"}) {
    EXPECT_NE(error(op, {f32({2, 3}, {0, 0, 0, 0, 0, 0}), f32({}, {1})}), "");
    EXPECT_NE(error(op, {f32({1, 1, 2}, {0, 0}), f32({}, {1})}), "");
    EXPECT_NE(error(op, {rgb, f32({1}, {1})}), "");
    EXPECT_NE(error(op, {rgb, i32({}, {1})}), "");
    EXPECT_NE(error(op, {iota({1, 1, 3}), f32({}, {1})}), "");
    EXPECT_NE(error(op, {rgb}), "");
    EXPECT_NE(error(op, {splatF32({100, 100, 3}, 1), f32({}, {1})}, {}, 1000)
                  .find("bound"),
              std::string::npos);
  }
}

class DetectionKernelsTest : public ImageKernelsTest {
protected:
  HostTensor boxes() {
    return f32({6, 4}, {0, 0,  1, 1,  0, 0.1,  1, 1.1,  0, -0.1, 1, 0.9,
                        0, 10, 1, 11, 0, 10.1, 1, 11.1, 0, 100,  1, 101});
  }
  HostTensor scores() { return f32({6}, {0.9, 0.75, 0.6, 0.95, 0.5, 0.3}); }
  HostTensor f(double v) { return f32({}, {v}); }
};

TEST_F(DetectionKernelsTest, HardNms) {
  HostTensor r =
      eval("NonMaxSuppressionV2", {boxes(), scores(), scalar(10), f(0.5)});
  EXPECT_EQ(r.getElementType(), b.getI32Type());
  EXPECT_EQ(values(r), (V{3, 0, 5}));
  r = eval("NonMaxSuppressionV3",
           {boxes(), scores(), scalar(2), f(0.5), f(0.0)});
  EXPECT_EQ(values(r), (V{3, 0}));
  r = eval("NonMaxSuppressionV3",
           {boxes(), scores(), scalar(10), f(0.5), f(0.4)});
  EXPECT_EQ(values(r), (V{3, 0}));
  // iou_threshold 0.85 keeps the 0.818-overlapping boxes.
  r = eval("NonMaxSuppressionV3",
           {boxes(), scores(), scalar(10), f(0.85), f(0.0)});
  EXPECT_EQ(values(r), (V{3, 0, 1, 2, 4, 5}));
  // The score threshold is strict.
  r = eval("NonMaxSuppressionV3",
           {boxes(), scores(), scalar(10), f(0.5), f(0.3)});
  EXPECT_EQ(values(r), (V{3, 0}));
}

TEST_F(DetectionKernelsTest, TiesAndIouEdge) {
  // Equal scores: the lower index first. IoU exactly at the threshold
  // (1 / 2) does not suppress: only IoU > threshold does.
  HostTensor b4 = f32({3, 4}, {0, 0, 1, 2, 5, 5, 6, 6, 0, 0, 1, 1});
  HostTensor r = eval("NonMaxSuppressionV3", {b4, f32({3}, {0.5, 0.5, 0.5}),
                                              scalar(3), f(0.5), f(0.0)});
  EXPECT_EQ(values(r), (V{0, 1, 2}));
  r = eval("NonMaxSuppressionV3",
           {b4, f32({3}, {0.5, 0.5, 0.5}), scalar(3), f(0.49), f(0.0)});
  EXPECT_EQ(values(r), (V{0, 1}));
  // A NaN box: its IoU is NaN, which zeroes the later candidate's score
  // (TensorFlow's weight); with score_threshold 0 it is dropped.
  HostTensor withNaN = f32({2, 4}, {0, 0, 1, 1, NAN, 0, 1, 1});
  r = eval("NonMaxSuppressionV3",
           {withNaN, f32({2}, {0.9, 0.8}), scalar(2), f(0.5), f(0.0)});
  EXPECT_EQ(values(r), (V{0}));
  // Without a score threshold (V2) its score 0 is re-queued and selected.
  r = eval("NonMaxSuppressionV2",
           {withNaN, f32({2}, {0.9, 0.8}), scalar(2), f(0.5)});
  EXPECT_EQ(values(r), (V{0, 1}));
  // Corner order does not matter; an empty box overlaps nothing.
  HostTensor flipped = f32({3, 4}, {1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1});
  r = eval("NonMaxSuppressionV3",
           {flipped, f32({3}, {0.9, 0.8, 0.7}), scalar(3), f(0.5), f(0.0)});
  EXPECT_EQ(values(r), (V{0, 2}));
}

TEST_F(DetectionKernelsTest, PaddedNms) {
  DictionaryAttr pad =
      attrs({b.getNamedAttr("pad_to_max_output_size", b.getBoolAttr(true))});
  std::vector<HostTensor> r =
      evalAll("NonMaxSuppressionV4",
              {boxes(), scores(), scalar(5), f(0.5), f(0.55)}, pad);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(values(r[0]), (V{3, 0, 0, 0, 0}));
  EXPECT_EQ(r[1].getRank(), 0);
  EXPECT_EQ(r[1].getInt(0), 2);
  r = evalAll("NonMaxSuppressionV4",
              {boxes(), scores(), scalar(5), f(0.5), f(0.55)});
  EXPECT_EQ(values(r[0]), (V{3, 0}));
  EXPECT_EQ(r[1].getInt(0), 2);
}

TEST_F(DetectionKernelsTest, SoftNms) {
  std::vector<HostTensor> r =
      evalAll("NonMaxSuppressionV5",
              {boxes(), scores(), scalar(6), f(1.0), f(0.0), f(0.5)});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(values(r[0]), (V{3, 0, 1, 5, 4, 2}));
  expectNear(floats(r[1]), (F{0.949999988f, 0.899999976f, 0.38400352f,
                              0.300000012f, 0.256002605f, 0.196972445f}));
  // Box 1 against box 0 in float: IoU 0.9 / 1.1, score 0.75 * exp(-iou^2).
  float area1 = (1.0f - 0.0f) * (1.1f - 0.1f);
  float inter = (1.0f - 0.0f) * (1.0f - 0.1f);
  float iou = inter / (1.0f + area1 - inter);
  EXPECT_EQ(floats(r[1])[2], 0.75f * std::exp((-0.5f / 0.5f) * iou * iou));
  EXPECT_EQ(r[2].getInt(0), 6);
  r = evalAll("NonMaxSuppressionV5",
              {boxes(), scores(), scalar(6), f(0.85), f(0.35), f(0.5)});
  EXPECT_EQ(values(r[0]), (V{3, 0, 1}));
  expectNear(floats(r[1]), (F{0.949999988f, 0.899999976f, 0.38400352f}));
  // Soft NMS ignores iou_threshold (TensorFlow's current kernel): box 1
  // (IoU 0.818 with box 0) is weighed, not dropped.
  r = evalAll("NonMaxSuppressionV5",
              {boxes(), scores(), scalar(6), f(0.5), f(0.0), f(0.5)});
  EXPECT_EQ(values(r[0]), (V{3, 0, 1, 5, 4, 2}));
  // Sigma 0 is hard NMS; padding pads the scores too.
  DictionaryAttr pad =
      attrs({b.getNamedAttr("pad_to_max_output_size", b.getBoolAttr(true))});
  r = evalAll("NonMaxSuppressionV5",
              {boxes(), scores(), scalar(4), f(0.5), f(0.0), f(0.0)}, pad);
  EXPECT_EQ(values(r[0]), (V{3, 0, 5, 0}));
  EXPECT_EQ(floats(r[1]), (F{0.949999988f, 0.899999976f, 0.300000012f, 0}));
  EXPECT_EQ(r[2].getInt(0), 3);
}

TEST_F(DetectionKernelsTest, CombinedNms) {
  // Four boxes shared by two classes.
  HostTensor bx = f32({1, 4, 1, 4}, {0, 0, 1, 1, 0, 0.1, 1, 1.1, 0, 2, 1, 3,
                                     -0.5, -0.5, 0.5, 0.5});
  HostTensor sc = f32({1, 4, 2}, {0.9, 0.1, 0.8, 0.7, 0.3, 0.6, 0.05, 0.95});
  // Class 0 keeps boxes 0 and 2 (1 overlaps 0); class 1 keeps 3 and 1 (at
  // most two per class); by score: 3 (c1), 0 (c0), 1 (c1), 2 (c0).
  std::vector<HostTensor> r =
      evalAll("CombinedNonMaxSuppression",
              {bx, sc, scalar(2), scalar(3), f(0.5), f(0.2)});
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(shapeOf(r[0]), (V{1, 3, 4}));
  EXPECT_EQ(floats(r[0]), (F{0, 0, 0.5, 0.5, 0, 0, 1, 1, 0, 0.1f, 1, 1}));
  EXPECT_EQ(floats(r[1]), (F{0.95f, 0.9f, 0.7f}));
  EXPECT_EQ(floats(r[2]), (F{1, 0, 1}));
  EXPECT_EQ(values(r[3]), (V{3}));
  // pad_per_class: min(max_total_size, 2 * 2) outputs; no clipping.
  DictionaryAttr a =
      attrs({b.getNamedAttr("pad_per_class", b.getBoolAttr(true)),
             b.getNamedAttr("clip_boxes", b.getBoolAttr(false))});
  r = evalAll("CombinedNonMaxSuppression",
              {bx, sc, scalar(2), scalar(10), f(0.5), f(0.2)}, a);
  EXPECT_EQ(shapeOf(r[1]), (V{1, 4}));
  EXPECT_EQ(floats(r[1]), (F{0.95f, 0.9f, 0.7f, 0.3f}));
  EXPECT_EQ(floats(r[2]), (F{1, 0, 1, 0}));
  EXPECT_EQ(floats(r[0])[0], -0.5f);
  EXPECT_EQ(values(r[3]), (V{4}));
  // Padding beyond what was found is zero.
  r = evalAll("CombinedNonMaxSuppression",
              {bx, sc, scalar(2), scalar(6), f(0.5), f(0.2)});
  EXPECT_EQ(floats(r[1]), (F{0.95f, 0.9f, 0.7f, 0.3f, 0, 0}));
  EXPECT_EQ(values(r[3]), (V{4}));
  EXPECT_NE(
      error("CombinedNonMaxSuppression",
            {f32({1, 4, 3, 4}, {}), sc, scalar(2), scalar(3), f(0.5), f(0.2)}),
      "");
  EXPECT_NE(error("CombinedNonMaxSuppression",
                  {bx, sc, scalar(0), scalar(3), f(0.5), f(0.2)}),
            "");
}

TEST_F(DetectionKernelsTest, Errors) {
  EXPECT_NE(error("NonMaxSuppressionV3",
                  {boxes(), scores(), scalar(3), f(1.5), f(0.0)}),
            "");
  EXPECT_NE(error("NonMaxSuppressionV3",
                  {boxes(), scores(), scalar(-1), f(0.5), f(0.0)}),
            "");
  EXPECT_NE(error("NonMaxSuppressionV3",
                  {boxes(), f32({2}, {1, 2}), scalar(3), f(0.5), f(0.0)}),
            "");
  EXPECT_NE(error("NonMaxSuppressionV3",
                  {f32({2, 3}, {0, 0, 0, 0, 0, 0}), f32({2}, {1, 2}), scalar(3),
                   f(0.5), f(0.0)}),
            "");
  EXPECT_NE(error("NonMaxSuppressionV5",
                  {boxes(), scores(), scalar(3), f(0.5), f(0.0), f(-1)}),
            "");
  DictionaryAttr pad =
      attrs({b.getNamedAttr("pad_to_max_output_size", b.getBoolAttr(true))});
  EXPECT_NE(error("NonMaxSuppressionV4",
                  {boxes(), scores(), scalar(1 << 30), f(0.5), f(0.0)}, pad),
            "");
}

TEST_F(DetectionKernelsTest, LargeIsFast) {
  // 2000 pseudo-random boxes.
  int64_t n = 2000;
  HostTensor bx = llvm::cantFail(HostTensor::create(b.getF32Type(), {n, 4}));
  HostTensor sc = llvm::cantFail(HostTensor::create(b.getF32Type(), {n}));
  uint32_t state = 12345;
  auto next = [&] {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) / double(1 << 24);
  };
  for (int64_t i = 0; i < n; ++i) {
    double y = next() * 100, x = next() * 100;
    bx.setDouble(4 * i, y);
    bx.setDouble(4 * i + 1, x);
    bx.setDouble(4 * i + 2, y + 5 + next() * 10);
    bx.setDouble(4 * i + 3, x + 5 + next() * 10);
    sc.setDouble(i, next());
  }
  auto start = std::chrono::steady_clock::now();
  HostTensor r =
      eval("NonMaxSuppressionV3", {bx, sc, scalar(300), f(0.5), f(0.05)});
  double ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - start)
                  .count();
  EXPECT_GT(r.getNumElements(), 10);
  EXPECT_LE(r.getNumElements(), 300);
  EXPECT_LT(ms, 500);
}
} // namespace
