//===- DepthwiseTest.cpp - tfg_rt_depthwise_f32 against plain loops -------===//
//
// The depthwise kernel of lib/Codegen/Runtime/Depthwise.cpp against a naive
// reference on odd shapes: channel counts that are not multiples of 8,
// strides 1 and 2, dilations, zero padding read in place (symmetric and
// not), channel multipliers, strided inputs, every epilogue step, in-place
// residuals, accumulation; one and three threads; rejected descriptors.
//
//===----------------------------------------------------------------------===//

#include "EpilogueReference.h"
#include "tfg/Codegen/Runtime.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace {

using tfg_test::applyEpilogue;
using tfg_test::epilogueWord;

std::vector<float> values(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(
               static_cast<int64_t>((i * 11 + seed * 7 + i / 5) % 23) - 11) /
           4.0f;
  return v;
}

template <typename D, int R>
D describe(float *data, const int64_t (&shape)[R]) {
  D d;
  d.allocated = d.aligned = data;
  d.offset = 0;
  int64_t stride = 1;
  for (int i = R - 1; i >= 0; --i) {
    d.sizes[i] = shape[i];
    d.strides[i] = stride;
    stride *= shape[i];
  }
  return d;
}

struct Shape {
  int64_t n, h, w, c, mult, kh, kw, sh, sw, dh, dw;
  int64_t pt, pb, pl, pr; // padding above, below, left, right
  int64_t oh() const { return (h + pt + pb - (kh - 1) * dh - 1) / sh + 1; }
  int64_t ow() const { return (w + pl + pr - (kw - 1) * dw - 1) / sw + 1; }
  int64_t outSize() const { return n * oh() * ow() * c * mult; }
};

/// The convolution of the padded input (before any epilogue), added to
/// `acc`; `in` is read at in[((b * h + y) * w + x) * cs + ch].
void reference(const Shape &s, const std::vector<float> &in, int64_t cs,
               const std::vector<float> &f, std::vector<float> &acc) {
  int64_t oh = s.oh(), ow = s.ow(), cm = s.c * s.mult;
  for (int64_t b = 0; b < s.n; ++b)
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x)
        for (int64_t q = 0; q < cm; ++q) {
          float sum = 0.0f;
          for (int64_t i = 0; i < s.kh; ++i)
            for (int64_t j = 0; j < s.kw; ++j) {
              int64_t iy = y * s.sh + i * s.dh - s.pt,
                      ix = x * s.sw + j * s.dw - s.pl;
              if (iy < 0 || iy >= s.h || ix < 0 || ix >= s.w)
                continue;
              sum += in[((b * s.h + iy) * s.w + ix) * cs + q / s.mult] *
                     f[(i * s.kw + j) * cm + q];
            }
          acc[((b * oh + y) * ow + x) * cm + q] += sum;
        }
}

void expectNear(const std::vector<float> &got, const std::vector<float> &want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i])) {
      ASSERT_TRUE(std::isnan(got[i])) << i;
      continue;
    }
    ASSERT_NEAR(got[i], want[i], 1e-4f * (1 + std::fabs(want[i]))) << i;
    // relu turns -0 into +0.
    if (want[i] == 0.0f) {
      ASSERT_EQ(std::signbit(got[i]), std::signbit(want[i])) << i;
    }
  }
}

/// Runs the kernel on shape `s` with epilogue `w` (residual: separate or
/// the output itself) and checks it; `extraChannels` widens the input's
/// channel dimension, which the kernel reads through a strided view.
void check(const Shape &s, int64_t w, bool residualInPlace = false,
           int64_t extraChannels = 0) {
  int64_t cs = s.c + extraChannels, cm = s.c * s.mult;
  std::vector<float> in = values(s.n * s.h * s.w * cs, 1);
  std::vector<float> f = values(s.kh * s.kw * cm, 2);
  std::vector<float> bias = values(cm, 3), residual = values(s.outSize(), 4);
  std::vector<float> out = values(s.outSize(), 5);
  if (residualInPlace)
    out = residual;
  std::vector<float> want(s.outSize(), 0.0f);
  if (!(w & TFG_RT_CONV_OVERWRITE))
    want = out;
  reference(s, in, cs, f, want);
  for (size_t i = 0; i < want.size(); ++i)
    want[i] = applyEpilogue(w, want[i], bias[i % cm], residual[i]);

  TfgRtMemRef4F32 di =
      describe<TfgRtMemRef4F32>(in.data(), {s.n, s.h, s.w, cs});
  di.sizes[3] = s.c; // a view of the first c channels
  auto df = describe<TfgRtMemRef4F32>(f.data(), {s.kh, s.kw, s.c, s.mult});
  int64_t oh = s.oh(), ow = s.ow();
  auto dout = describe<TfgRtMemRef5F32>(out.data(), {s.n, oh, ow, s.c, s.mult});
  auto db = describe<TfgRtMemRef2F32>(bias.data(), {s.c, s.mult});
  auto dr = residualInPlace ? dout
                            : describe<TfgRtMemRef5F32>(
                                  residual.data(), {s.n, oh, ow, s.c, s.mult});
  TfgRtStats before;
  tfg_rt_get_stats(&before);
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &dr, s.sh, s.sw, s.dh,
                                    s.dw, s.pt, s.pl, s.h + s.pt + s.pb,
                                    s.w + s.pl + s.pr, w);
  TfgRtStats after;
  tfg_rt_get_stats(&after);
  EXPECT_EQ(after.rejectedCalls, before.rejectedCalls);
  expectNear(out, want);
}

class DepthwiseTest : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override { tfg_rt_set_num_threads(GetParam()); }
  void TearDown() override { tfg_rt_set_num_threads(1); }
};

TEST_P(DepthwiseTest, ChannelsStridesPadding) {
  // Channel counts around the 8-wide blocks, strides 1 and 2, padding on
  // every side, none, or on one side only; widths that leave remainders of
  // the 8- and 4-pixel groups.
  for (int64_t c : {1, 3, 8, 13, 24, 35})
    for (int64_t stride : {1, 2})
      for (int64_t pad : {0, 1}) {
        Shape s{2,      11, 21, c,   1,   3,   3,  stride,
                stride, 1,  1,  pad, pad, pad, pad};
        SCOPED_TRACE(testing::Message()
                     << "c=" << c << " stride=" << stride << " pad=" << pad);
        check(s, epilogueWord({}));
        Shape oneSided{1, 9, 14, c, 1, 3, 3, stride, stride, 1, 1, 0, 1, 0, 1};
        check(oneSided, epilogueWord({TFG_RT_STEP_BIAS}));
      }
}

TEST_P(DepthwiseTest, WindowsAndDilations) {
  // 5x5 with padding 2; 3x3 dilated by 2 with padding 2; 1x1; a window as
  // wide as the padded input; 3x5 with uneven padding and strides.
  const Shape shapes[] = {
      {1, 13, 17, 19, 1, 5, 5, 1, 1, 1, 1, 2, 2, 2, 2},
      {1, 12, 12, 16, 1, 3, 3, 1, 1, 2, 2, 2, 2, 2, 2},
      {1, 6, 7, 10, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0},
      {1, 4, 5, 9, 1, 3, 7, 1, 1, 1, 1, 1, 1, 1, 1},
      {1, 15, 18, 12, 1, 3, 5, 2, 1, 1, 1, 0, 2, 3, 1},
  };
  for (const Shape &s : shapes) {
    SCOPED_TRACE(testing::Message() << "kh=" << s.kh << " kw=" << s.kw);
    check(s,
          epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU, TFG_RT_STEP_MIN6}));
  }
}

TEST_P(DepthwiseTest, EpilogueSteps) {
  Shape s{1, 10, 12, 21, 1, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};
  // Every step order the matcher produces, and the residual in place.
  check(s, epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU}));
  check(s,
        epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU, TFG_RT_STEP_MIN6}));
  check(s, epilogueWord(
               {TFG_RT_STEP_BIAS, TFG_RT_STEP_RESIDUAL, TFG_RT_STEP_RELU}));
  check(s, epilogueWord({TFG_RT_STEP_RELU, TFG_RT_STEP_RESIDUAL}));
  check(s,
        epilogueWord({TFG_RT_STEP_MIN6, TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU}));
  check(s, epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RESIDUAL}),
        /*residualInPlace=*/true);
  // Without OVERWRITE the product is added to the output.
  check(s, 0);
}

TEST_P(DepthwiseTest, MultiplierAndStridedChannels) {
  // A channel multiplier (portable path) and an input whose channel
  // dimension is a view of a wider one.
  Shape mult{2, 9, 10, 7, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1};
  check(mult, epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU}));
  Shape s{1, 9, 11, 13, 1, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1};
  check(s, epilogueWord({TFG_RT_STEP_BIAS}), false, /*extraChannels=*/5);
}

TEST_P(DepthwiseTest, NaNAndNegativeZero) {
  // relu keeps NaN and turns -0 into +0; min 6 keeps NaN.
  std::vector<float> in(90, -0.0f), f(10, 1.0f), out(90, 7.0f);
  in[3] = std::numeric_limits<float>::quiet_NaN();
  in[15] = 9.0f;
  auto di = describe<TfgRtMemRef4F32>(in.data(), {1, 1, 9, 10});
  auto df = describe<TfgRtMemRef4F32>(f.data(), {1, 1, 10, 1});
  auto dout = describe<TfgRtMemRef5F32>(out.data(), {1, 1, 9, 10, 1});
  auto db = describe<TfgRtMemRef2F32>(f.data(), {10, 1});
  _mlir_ciface_tfg_rt_depthwise_f32(
      &di, &df, &dout, &db, &dout, 1, 1, 1, 1, 0, 0, 1, 9,
      epilogueWord({TFG_RT_STEP_RELU, TFG_RT_STEP_MIN6}));
  EXPECT_TRUE(std::isnan(out[3]));
  EXPECT_EQ(out[15], 6.0f);
  EXPECT_EQ(out[0], 0.0f);
  EXPECT_FALSE(std::signbit(out[0]));
}

INSTANTIATE_TEST_SUITE_P(Threads, DepthwiseTest, ::testing::Values(1, 3));

TEST(DepthwiseRejectTest, InconsistentDescriptorsLeaveTheOutput) {
  std::vector<float> in(1 * 6 * 6 * 4, 1.0f), f(3 * 3 * 4, 1.0f),
      out(1 * 4 * 4 * 4, 5.0f), bias(4, 1.0f), other(1 * 4 * 4 * 4, 0.0f);
  auto di = describe<TfgRtMemRef4F32>(in.data(), {1, 6, 6, 4});
  auto df = describe<TfgRtMemRef4F32>(f.data(), {3, 3, 4, 1});
  auto dout = describe<TfgRtMemRef5F32>(out.data(), {1, 4, 4, 4, 1});
  auto db = describe<TfgRtMemRef2F32>(bias.data(), {4, 1});
  auto dr = describe<TfgRtMemRef5F32>(other.data(), {1, 4, 4, 4, 1});
  TfgRtStats before, after;
  tfg_rt_get_stats(&before);
  int64_t ow = TFG_RT_CONV_OVERWRITE;
  // The window does not fit the padded input; padding past the padded
  // extent; negative padding; an unknown step; steps without OVERWRITE; a
  // bias of the wrong size; a residual of the wrong shape; a residual that
  // overlaps the output partly.
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &dr, 2, 2, 1, 1, 0, 0,
                                    6, 6, ow);
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &dr, 1, 1, 1, 1, 1, 0,
                                    6, 6, ow);
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &dr, 1, 1, 1, 1, -1,
                                    0, 6, 6, ow);
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &dr, 1, 1, 1, 1, 0, 0,
                                    6, 6, ow | (9 << 4));
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &dr, 1, 1, 1, 1, 0, 0,
                                    6, 6, TFG_RT_STEP_BIAS << 4);
  auto shortBias = db;
  shortBias.sizes[0] = 3;
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &shortBias, &dr, 1, 1, 1,
                                    1, 0, 0, 6, 6,
                                    ow | (TFG_RT_STEP_BIAS << 4));
  auto shortResidual = dr;
  shortResidual.sizes[2] = 3;
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &dout, &db, &shortResidual, 1, 1,
                                    1, 1, 0, 0, 6, 6,
                                    ow | (TFG_RT_STEP_RESIDUAL << 4));
  auto shifted = dout;
  shifted.offset = 4;
  shifted.sizes[1] = 3;
  auto shiftedOut = dout;
  shiftedOut.sizes[1] = 3;
  _mlir_ciface_tfg_rt_depthwise_f32(&di, &df, &shiftedOut, &db, &shifted, 1, 1,
                                    1, 1, 0, 0, 6, 6,
                                    ow | (TFG_RT_STEP_RESIDUAL << 4));
  tfg_rt_get_stats(&after);
  EXPECT_EQ(after.rejectedCalls - before.rejectedCalls, 8);
  for (float v : out)
    ASSERT_EQ(v, 5.0f);
}

} // namespace
