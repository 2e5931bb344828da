//===- RuntimeTest.cpp - tests of tfg/Codegen/Runtime.h -------------------===//
//
// Each kernel of the compiled code's runtime against plain loops, on
// row-major and strided descriptors, with one and several threads; and the
// descriptors a kernel rejects (its output stays unchanged).
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/Runtime.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace {

std::vector<float> pattern(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] =
        static_cast<float>(static_cast<int64_t>((i * 7 + seed * 13) % 17) - 8) /
        8.0f;
  return v;
}

/// A row-major descriptor of `data` with the given shape.
template <typename D, int R>
D describe(std::vector<float> &data, const int64_t (&shape)[R]) {
  D d;
  d.allocated = d.aligned = data.data();
  d.offset = 0;
  int64_t stride = 1;
  for (int i = R - 1; i >= 0; --i) {
    d.sizes[i] = shape[i];
    d.strides[i] = stride;
    stride *= shape[i];
  }
  return d;
}

void expectNear(const std::vector<float> &got, const std::vector<float> &want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], 1e-4f * (1 + std::fabs(want[i]))) << i;
}

class RuntimeTest : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override { tfg_rt_set_num_threads(GetParam()); }
  void TearDown() override { tfg_rt_set_num_threads(1); }
};

TEST_P(RuntimeTest, MatmulAccumulates) {
  // Sizes that are not multiples of the micro-kernel's block, and a depth
  // over one depth block.
  const int64_t m = 37, k = 300, n = 45;
  auto a = pattern(m * k, 1), b = pattern(k * n, 2), c = pattern(m * n, 3);
  std::vector<float> want = c;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float s = 0;
      for (int64_t p = 0; p < k; ++p)
        s += a[i * k + p] * b[p * n + j];
      want[i * n + j] += s;
    }
  auto da = describe<TfgRtMemRef2F32>(a, {m, k});
  auto db = describe<TfgRtMemRef2F32>(b, {k, n});
  auto dc = describe<TfgRtMemRef2F32>(c, {m, n});
  _mlir_ciface_tfg_rt_matmul_f32(&da, &db, &dc);
  expectNear(c, want);
}

TEST_P(RuntimeTest, MatmulStridedOperands) {
  // A read transposed (column stride m), C written with a column stride of
  // 2 inside a larger buffer at an offset.
  const int64_t m = 9, k = 5, n = 6;
  auto at = pattern(k * m, 4), b = pattern(k * n, 5);
  std::vector<float> c(3 + m * n * 2, 1.0f);
  std::vector<float> want(m * n, 1.0f);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t p = 0; p < k; ++p)
        want[i * n + j] += at[p * m + i] * b[p * n + j];
  TfgRtMemRef2F32 da{at.data(), at.data(), 0, {m, k}, {1, m}};
  auto db = describe<TfgRtMemRef2F32>(b, {k, n});
  TfgRtMemRef2F32 dc{c.data(), c.data(), 3, {m, n}, {2 * n, 2}};
  _mlir_ciface_tfg_rt_matmul_f32(&da, &db, &dc);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      ASSERT_NEAR(c[3 + i * 2 * n + j * 2], want[i * n + j], 1e-4f);
  EXPECT_EQ(c[0], 1.0f);
  EXPECT_EQ(c[4], 1.0f); // between two strided elements
}

TEST_P(RuntimeTest, BatchMatmul) {
  const int64_t bs = 3, m = 7, k = 11, n = 20;
  auto a = pattern(bs * m * k, 6), b = pattern(bs * k * n, 7);
  std::vector<float> c(bs * m * n, 0.0f), want(bs * m * n, 0.0f);
  for (int64_t q = 0; q < bs; ++q)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        for (int64_t p = 0; p < k; ++p)
          want[(q * m + i) * n + j] +=
              a[(q * m + i) * k + p] * b[(q * k + p) * n + j];
  auto da = describe<TfgRtMemRef3F32>(a, {bs, m, k});
  auto db = describe<TfgRtMemRef3F32>(b, {bs, k, n});
  auto dc = describe<TfgRtMemRef3F32>(c, {bs, m, n});
  _mlir_ciface_tfg_rt_batch_matmul_f32(&da, &db, &dc);
  expectNear(c, want);
}

/// Plain loops of linalg.conv_2d_nhwc_hwcf.
std::vector<float> convReference(const std::vector<float> &in,
                                 const std::vector<float> &f, int64_t n,
                                 int64_t h, int64_t w, int64_t c, int64_t kh,
                                 int64_t kw, int64_t fo, int64_t oh, int64_t ow,
                                 int64_t s, int64_t d) {
  std::vector<float> out(n * oh * ow * fo, 0.5f);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x)
        for (int64_t o = 0; o < fo; ++o) {
          float acc = 0;
          for (int64_t i = 0; i < kh; ++i)
            for (int64_t j = 0; j < kw; ++j)
              for (int64_t q = 0; q < c; ++q)
                acc +=
                    in[((b * h + y * s + i * d) * w + x * s + j * d) * c + q] *
                    f[((i * kw + j) * c + q) * fo + o];
          out[((b * oh + y) * ow + x) * fo + o] += acc;
        }
  return out;
}

TEST_P(RuntimeTest, Conv2DIm2col) {
  // 3x3, stride 2, dilation 1; and 3x3 dilation 2, stride 1.
  for (auto [s, d] : {std::pair<int64_t, int64_t>{2, 1}, {1, 2}}) {
    const int64_t n = 2, h = 13, w = 11, c = 5, kh = 3, kw = 3, fo = 19;
    int64_t oh = (h - (kh - 1) * d - 1) / s + 1;
    int64_t ow = (w - (kw - 1) * d - 1) / s + 1;
    auto in = pattern(n * h * w * c, 8), f = pattern(kh * kw * c * fo, 9);
    std::vector<float> out(n * oh * ow * fo, 0.5f);
    auto want = convReference(in, f, n, h, w, c, kh, kw, fo, oh, ow, s, d);
    auto di = describe<TfgRtMemRef4F32>(in, {n, h, w, c});
    auto df = describe<TfgRtMemRef4F32>(f, {kh, kw, c, fo});
    auto dout = describe<TfgRtMemRef4F32>(out, {n, oh, ow, fo});
    _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(&di, &df, &dout, s, s, d, d);
    expectNear(out, want);
  }
}

TEST_P(RuntimeTest, Conv2DPointwiseInPlace) {
  const int64_t n = 1, h = 17, w = 9, c = 24, fo = 40;
  auto in = pattern(n * h * w * c, 10), f = pattern(c * fo, 11);
  std::vector<float> out(n * h * w * fo, 0.5f);
  auto want = convReference(in, f, n, h, w, c, 1, 1, fo, h, w, 1, 1);
  auto di = describe<TfgRtMemRef4F32>(in, {n, h, w, c});
  auto df = describe<TfgRtMemRef4F32>(f, {1, 1, c, fo});
  auto dout = describe<TfgRtMemRef4F32>(out, {n, h, w, fo});
  _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(&di, &df, &dout, 1, 1, 1, 1);
  expectNear(out, want);
}

TEST_P(RuntimeTest, Conv2DFewFeatures) {
  // 1 and 3 output features (dot products instead of the GEMM): a 2x2
  // window with a depth that is no multiple of 8, and a 1x1 in place; then
  // fused with a bias and relu.
  for (int64_t fo : {1, 3})
    for (int64_t kk : {2, 1}) {
      const int64_t n = 1, h = 11, w = 13, c = 13;
      int64_t oh = h - kk + 1, ow = w - kk + 1;
      auto in = pattern(n * h * w * c, 23), f = pattern(kk * kk * c * fo, 24);
      std::vector<float> out(n * oh * ow * fo, 0.5f);
      auto want = convReference(in, f, n, h, w, c, kk, kk, fo, oh, ow, 1, 1);
      auto di = describe<TfgRtMemRef4F32>(in, {n, h, w, c});
      auto df = describe<TfgRtMemRef4F32>(f, {kk, kk, c, fo});
      auto dout = describe<TfgRtMemRef4F32>(out, {n, oh, ow, fo});
      _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(&di, &df, &dout, 1, 1, 1, 1);
      expectNear(out, want);
      auto bias = pattern(fo, 25);
      for (size_t i = 0; i < want.size(); ++i)
        want[i] = std::max(want[i] - 0.5f + bias[i % fo], 0.0f);
      auto db = describe<TfgRtMemRef1F32>(bias, {fo});
      _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(
          &di, &df, &dout, &db, 1, 1, 1, 1, TFG_RT_ACTIVATION_RELU);
      expectNear(out, want);
    }
}

TEST_P(RuntimeTest, DepthwiseConv2D) {
  for (int64_t mult : {1, 2}) {
    const int64_t n = 2, h = 10, w = 9, c = 13, kh = 3, kw = 3, s = 2;
    int64_t oh = (h - kh) / s + 1, ow = (w - kw) / s + 1;
    auto in = pattern(n * h * w * c, 12), f = pattern(kh * kw * c * mult, 13);
    std::vector<float> out(n * oh * ow * c * mult, 0.25f), want = out;
    for (int64_t b = 0; b < n; ++b)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x)
          for (int64_t q = 0; q < c; ++q)
            for (int64_t m = 0; m < mult; ++m)
              for (int64_t i = 0; i < kh; ++i)
                for (int64_t j = 0; j < kw; ++j)
                  want[(((b * oh + y) * ow + x) * c + q) * mult + m] +=
                      in[((b * h + y * s + i) * w + x * s + j) * c + q] *
                      f[((i * kw + j) * c + q) * mult + m];
    auto di = describe<TfgRtMemRef4F32>(in, {n, h, w, c});
    auto df = describe<TfgRtMemRef4F32>(f, {kh, kw, c, mult});
    auto dout = describe<TfgRtMemRef5F32>(out, {n, oh, ow, c, mult});
    _mlir_ciface_tfg_rt_depthwise_conv2d_nhwc_hwcm_f32(&di, &df, &dout, s, s, 1,
                                                       1);
    expectNear(out, want);
  }
}

TEST_P(RuntimeTest, Conv2DBiasActivationOverwrites) {
  // 3x3 stride 1 (im2col) and 1x1 (in place); none, relu, relu6.
  for (int64_t kk : {3, 1})
    for (int64_t act : {TFG_RT_ACTIVATION_NONE, TFG_RT_ACTIVATION_RELU,
                        TFG_RT_ACTIVATION_RELU6}) {
      const int64_t n = 1, h = 12, w = 10, c = 7, fo = 21;
      int64_t oh = h - kk + 1, ow = w - kk + 1;
      auto in = pattern(n * h * w * c, 14), f = pattern(kk * kk * c * fo, 15);
      // Scaled so that some sums pass 6.
      for (float &v : in)
        v *= 4.0f;
      auto bias = pattern(fo, 16);
      auto conv = convReference(in, f, n, h, w, c, kk, kk, fo, oh, ow, 1, 1);
      std::vector<float> want(conv.size());
      for (size_t i = 0; i < conv.size(); ++i) {
        float v = conv[i] - 0.5f + bias[i % fo]; // convReference adds 0.5
        if (act != TFG_RT_ACTIVATION_NONE)
          v = std::max(v, 0.0f);
        if (act == TFG_RT_ACTIVATION_RELU6)
          v = std::min(v, 6.0f);
        want[i] = v;
      }
      std::vector<float> out(conv.size(), 123.0f); // overwritten
      auto di = describe<TfgRtMemRef4F32>(in, {n, h, w, c});
      auto df = describe<TfgRtMemRef4F32>(f, {kk, kk, c, fo});
      auto dout = describe<TfgRtMemRef4F32>(out, {n, oh, ow, fo});
      auto db = describe<TfgRtMemRef1F32>(bias, {fo});
      _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(&di, &df, &dout, &db, 1,
                                                        1, 1, 1, act);
      expectNear(out, want);
    }
}

/// A filter packed as tfg-linalg-to-ukernels packs constants.
std::vector<float> packFilter(const std::vector<float> &f, int64_t k,
                              int64_t fo) {
  int64_t cols = TFG_RT_PACKED_PANEL_COLUMNS;
  std::vector<float> packed((fo + cols - 1) / cols * k * cols, -1.0f);
  tfg_rt_pack_filter_f32(f.data(), k, fo, packed.data());
  return packed;
}

/// The steps of an epilogue word after OVERWRITE.
int64_t steps(std::initializer_list<int64_t> list) {
  int64_t word = TFG_RT_CONV_OVERWRITE, shift = 4;
  for (int64_t step : list) {
    word |= step << shift;
    shift += 4;
  }
  return word;
}

TEST_P(RuntimeTest, PackedConvAccumulates) {
  // Strided, dilated and 1x1 windows; depths over one depth block (K =
  // 3 * 3 * 40 = 360), outputs of a partial and of several panels, more
  // pixels than one tile.
  struct Case {
    int64_t kk, s, d, c, fo;
  };
  for (Case t : {Case{3, 2, 1, 40, 19}, Case{3, 1, 2, 5, 40},
                 Case{1, 1, 1, 24, 33}, Case{1, 2, 1, 7, 16}}) {
    const int64_t n = 2, h = 17, w = 15;
    int64_t oh = (h - (t.kk - 1) * t.d - 1) / t.s + 1;
    int64_t ow = (w - (t.kk - 1) * t.d - 1) / t.s + 1;
    int64_t k = t.kk * t.kk * t.c;
    auto in = pattern(n * h * w * t.c, 17), f = pattern(k * t.fo, 18);
    auto packed = packFilter(f, k, t.fo);
    std::vector<float> out(n * oh * ow * t.fo, 0.5f);
    auto want =
        convReference(in, f, n, h, w, t.c, t.kk, t.kk, t.fo, oh, ow, t.s, t.d);
    auto di = describe<TfgRtMemRef4F32>(in, {n, h, w, t.c});
    auto dp = describe<TfgRtMemRef1F32>(packed, {(int64_t)packed.size()});
    auto dout = describe<TfgRtMemRef4F32>(out, {n, oh, ow, t.fo});
    _mlir_ciface_tfg_rt_conv2d_packed_f32(&di, &dp, &dout, &dp, &dout, t.kk,
                                          t.kk, t.s, t.s, t.d, t.d, 0);
    expectNear(out, want);
  }
}

void checkPackedConvEpilogues(int64_t kk);

TEST_P(RuntimeTest, PackedConvEpilogueSteps) {
  // The input is the interior of a larger buffer (strided descriptor, as a
  // padded tensor's interior); the residual a buffer of its own or the
  // output itself; a 3x3 window (packed rows) and a 1x1 one (rows read in
  // place).
  for (int64_t kk : {3, 1})
    checkPackedConvEpilogues(kk);
}

void checkPackedConvEpilogues(int64_t kk) {
  const int64_t n = 1, h = 14, w = 12, c = 9, fo = 21;
  int64_t oh = h - kk + 1, ow = w - kk + 1, k = kk * kk * c;
  std::vector<float> big = pattern(n * (h + 2) * (w + 2) * c, 19);
  for (float &v : big)
    v *= 3.0f;
  std::vector<float> in(n * h * w * c);
  for (int64_t y = 0; y < h; ++y)
    for (int64_t x = 0; x < w; ++x)
      for (int64_t q = 0; q < c; ++q)
        in[(y * w + x) * c + q] = big[((y + 1) * (w + 2) + x + 1) * c + q];
  auto f = pattern(k * fo, 20), bias = pattern(fo, 21);
  auto packed = packFilter(f, k, fo);
  auto conv = convReference(in, f, n, h, w, c, kk, kk, fo, oh, ow, 1, 1);
  auto res = pattern(conv.size(), 22);
  for (float &v : res)
    v *= 2.0f;
  auto run = [&](std::initializer_list<int64_t> list, bool inPlace) {
    std::vector<float> out = inPlace ? res : std::vector<float>(conv.size(), 9);
    std::vector<float> residual = res;
    TfgRtMemRef4F32 di;
    di.allocated = di.aligned = big.data();
    di.offset = ((w + 2) + 1) * c;
    int64_t sizes[4] = {n, h, w, c},
            strides[4] = {(h + 2) * (w + 2) * c, (w + 2) * c, c, 1};
    for (int i = 0; i < 4; ++i) {
      di.sizes[i] = sizes[i];
      di.strides[i] = strides[i];
    }
    auto dp = describe<TfgRtMemRef1F32>(packed, {(int64_t)packed.size()});
    auto dout = describe<TfgRtMemRef4F32>(out, {n, oh, ow, fo});
    auto db = describe<TfgRtMemRef1F32>(bias, {fo});
    auto dr =
        inPlace ? dout : describe<TfgRtMemRef4F32>(residual, {n, oh, ow, fo});
    _mlir_ciface_tfg_rt_conv2d_packed_f32(&di, &dp, &dout, &db, &dr, kk, kk, 1,
                                          1, 1, 1, steps(list));
    return out;
  };
  using Steps = std::initializer_list<int64_t>;
  for (bool inPlace : {false, true})
    for (Steps list :
         {Steps{}, Steps{TFG_RT_STEP_BIAS},
          Steps{TFG_RT_STEP_BIAS, TFG_RT_STEP_RESIDUAL, TFG_RT_STEP_RELU},
          Steps{TFG_RT_STEP_RESIDUAL, TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU,
                TFG_RT_STEP_MIN6},
          Steps{TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU, TFG_RT_STEP_MIN6,
                TFG_RT_STEP_RESIDUAL}}) {
      std::vector<float> want(conv.size());
      for (size_t i = 0; i < conv.size(); ++i) {
        float v = conv[i] - 0.5f; // convReference adds 0.5
        for (int64_t step : list) {
          if (step == TFG_RT_STEP_BIAS)
            v += bias[i % fo];
          if (step == TFG_RT_STEP_RESIDUAL)
            v += res[i];
          if (step == TFG_RT_STEP_RELU)
            v = std::max(v, 0.0f);
          if (step == TFG_RT_STEP_MIN6)
            v = std::min(v, 6.0f);
        }
        want[i] = v;
      }
      expectNear(run(list, inPlace), want);
    }
}

INSTANTIATE_TEST_SUITE_P(Threads, RuntimeTest, ::testing::Values(1, 3));

TEST(RuntimeRejectTest, InconsistentDescriptorsLeaveTheOutput) {
  tfg_rt_reset_stats();
  std::vector<float> a(6, 1.0f), b(6, 1.0f), c(4, 7.0f);
  auto da = describe<TfgRtMemRef2F32>(a, {2, 3});
  auto db = describe<TfgRtMemRef2F32>(b, {2, 3}); // K mismatch: 3 vs 2
  auto dc = describe<TfgRtMemRef2F32>(c, {2, 2});
  _mlir_ciface_tfg_rt_matmul_f32(&da, &db, &dc);
  EXPECT_EQ(c, std::vector<float>(4, 7.0f));
  // A window that reads past the input.
  std::vector<float> in(16, 1.0f), f(9, 1.0f), out(4, 7.0f);
  auto di = describe<TfgRtMemRef4F32>(in, {1, 4, 4, 1});
  auto df = describe<TfgRtMemRef4F32>(f, {3, 3, 1, 1});
  auto dout = describe<TfgRtMemRef4F32>(out, {1, 2, 2, 1});
  _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(&di, &df, &dout, 2, 2, 1, 1);
  EXPECT_EQ(out, std::vector<float>(4, 7.0f));
  // A bias of the wrong size, an unknown activation.
  std::vector<float> bias(2, 1.0f);
  auto dbias = describe<TfgRtMemRef1F32>(bias, {2});
  auto dout1 = describe<TfgRtMemRef4F32>(out, {1, 2, 2, 1});
  _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(&di, &df, &dout1, &dbias, 1,
                                                    1, 1, 1, 0);
  dbias.sizes[0] = 1;
  _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(&di, &df, &dout1, &dbias, 1,
                                                    1, 1, 1, 7);
  EXPECT_EQ(out, std::vector<float>(4, 7.0f));
  // Packed convolutions: a packed filter of the wrong size, steps without
  // OVERWRITE, an unknown step, a residual overlapping the output in part.
  std::vector<float> packed(16 * 9, 1.0f), wide(5, 7.0f);
  auto dp = describe<TfgRtMemRef1F32>(packed, {16 * 9 - 1});
  auto dout2 = describe<TfgRtMemRef4F32>(out, {1, 1, 1, 1});
  auto din2 = describe<TfgRtMemRef4F32>(in, {1, 3, 3, 1});
  _mlir_ciface_tfg_rt_conv2d_packed_f32(&din2, &dp, &dout2, &dbias, &dout2, 3,
                                        3, 1, 1, 1, 1, TFG_RT_CONV_OVERWRITE);
  dp.sizes[0] = 16 * 9;
  _mlir_ciface_tfg_rt_conv2d_packed_f32(&din2, &dp, &dout2, &dbias, &dout2, 3,
                                        3, 1, 1, 1, 1, TFG_RT_STEP_RELU << 4);
  _mlir_ciface_tfg_rt_conv2d_packed_f32(&din2, &dp, &dout2, &dbias, &dout2, 3,
                                        3, 1, 1, 1, 1,
                                        TFG_RT_CONV_OVERWRITE | (9 << 4));
  auto dwide = describe<TfgRtMemRef4F32>(wide, {1, 2, 2, 1});
  auto dshifted = dwide;
  dshifted.offset = 1;
  auto din3 = describe<TfgRtMemRef4F32>(in, {1, 4, 4, 1});
  _mlir_ciface_tfg_rt_conv2d_packed_f32(
      &din3, &dp, &dwide, &dbias, &dshifted, 3, 3, 1, 1, 1, 1,
      TFG_RT_CONV_OVERWRITE | (TFG_RT_STEP_RESIDUAL << 4));
  EXPECT_EQ(out, std::vector<float>(4, 7.0f));
  EXPECT_EQ(wide, std::vector<float>(5, 7.0f));
  TfgRtStats stats;
  tfg_rt_get_stats(&stats);
  EXPECT_EQ(stats.rejectedCalls, 8);
  EXPECT_EQ(stats.gemmCalls, 0);
}

TEST(RuntimeStatsTest, CountsWork) {
  tfg_rt_reset_stats();
  std::vector<float> a(6, 1.0f), b(6, 1.0f), c(4, 0.0f);
  auto da = describe<TfgRtMemRef2F32>(a, {2, 3});
  auto db = describe<TfgRtMemRef2F32>(b, {3, 2});
  auto dc = describe<TfgRtMemRef2F32>(c, {2, 2});
  _mlir_ciface_tfg_rt_matmul_f32(&da, &db, &dc);
  EXPECT_EQ(c, std::vector<float>(4, 3.0f));
  TfgRtStats stats;
  tfg_rt_get_stats(&stats);
  EXPECT_EQ(stats.gemmCalls, 1);
  EXPECT_EQ(stats.gemmFlops, 2 * 2 * 2 * 3);
  EXPECT_EQ(tfg_rt_get_num_threads(), 1);
}

TEST(RuntimeBuffersTest, KeepsLargeBlocksBySize) {
  tfg_rt_release_buffers();
  EXPECT_EQ(tfg_rt_cached_buffer_bytes(), 0);
  // Aligned, writable, and a large block comes back for the same size.
  void *small = _mlir_memref_to_llvm_alloc(100);
  void *large = _mlir_memref_to_llvm_aligned_alloc(128, 1 << 20);
  ASSERT_NE(small, nullptr);
  ASSERT_NE(large, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(large) % 128, 0u);
  std::memset(small, 1, 100);
  std::memset(large, 2, 1 << 20);
  _mlir_memref_to_llvm_free(small);
  _mlir_memref_to_llvm_free(large);
  EXPECT_EQ(tfg_rt_cached_buffer_bytes(), 128 + (1 << 20));
  void *again = _mlir_memref_to_llvm_aligned_alloc(128, 1 << 20);
  EXPECT_EQ(again, large);
  EXPECT_EQ(tfg_rt_cached_buffer_bytes(), 0);
  // Another size is a block of its own; a null free is nothing.
  void *other = _mlir_memref_to_llvm_alloc((1 << 20) + 4096);
  EXPECT_NE(other, again);
  _mlir_memref_to_llvm_free(nullptr);
  _mlir_memref_to_llvm_free(again);
  _mlir_memref_to_llvm_free(other);
  EXPECT_GT(tfg_rt_cached_buffer_bytes(), 2 << 20);
  tfg_rt_release_buffers();
  EXPECT_EQ(tfg_rt_cached_buffer_bytes(), 0);
  // Sizes no allocation can hold, alignments that are no power of two.
  EXPECT_EQ(_mlir_memref_to_llvm_alloc(UINT64_MAX - 8), nullptr);
  EXPECT_EQ(_mlir_memref_to_llvm_aligned_alloc(96, 64), nullptr);
}

} // namespace
