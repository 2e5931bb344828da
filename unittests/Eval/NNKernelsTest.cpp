//===- NNKernelsTest.cpp - Tests of pooling, softmax, batch norm ... ------===//
//
// MaxPool, MaxPoolV2, AvgPool (SAME border counts), MaxPool3D, AvgPool3D,
// Softmax, LogSoftmax, BiasAddV1, BiasAddGrad, FusedBatchNorm/V2/V3 (inference
// and training), _FusedBatchNormEx, Prelu, LRN and L2Loss against values
// computed here, and their errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class NNKernelsTest : public NNKernelTest {
protected:
  /// Naive NHWC pooling: the max, or the mean of the valid elements.
  static std::vector<double> refPool(const HostTensor &x, bool isMax,
                                     int64_t kh, int64_t kw, int64_t s, Dim h,
                                     Dim w) {
    ArrayRef<int64_t> xs = x.getShape();
    std::vector<double> out;
    for (int64_t n = 0; n < xs[0]; ++n)
      for (int64_t oy = 0; oy < h.out; ++oy)
        for (int64_t ox = 0; ox < w.out; ++ox)
          for (int64_t c = 0; c < xs[3]; ++c) {
            double acc = isMax ? -INFINITY : 0;
            int64_t count = 0;
            for (int64_t i = 0; i < kh; ++i)
              for (int64_t j = 0; j < kw; ++j) {
                int64_t y = oy * s - h.before + i, z = ox * s - w.before + j;
                if (y < 0 || y >= xs[1] || z < 0 || z >= xs[2])
                  continue;
                double v =
                    x.getDouble(((n * xs[1] + y) * xs[2] + z) * xs[3] + c);
                acc = isMax ? std::max(acc, v) : acc + v;
                ++count;
              }
            out.push_back(isMax ? acc : acc / count);
          }
    return out;
  }
};

TEST_F(NNKernelsTest, PoolHandChecked) {
  HostTensor x = f32({1, 3, 3, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  DictionaryAttr a = attrs({str("padding", "SAME"), ints("ksize", {1, 2, 2, 1}),
                            ints("strides", {1, 2, 2, 1})});
  expectNear(eval("MaxPool", {x}, a), {1, 2, 2, 1}, {5, 6, 8, 9});
  // SAME border windows average only their valid elements.
  expectNear(eval("AvgPool", {x}, a), {1, 2, 2, 1}, {3, 4.5, 7.5, 9});
  DictionaryAttr a3 =
      attrs({str("padding", "SAME"), ints("ksize", {1, 3, 3, 1}),
             ints("strides", {1, 1, 1, 1})});
  expectNear(eval("AvgPool", {x}, a3), {1, 3, 3, 1},
             {3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7});
  expectNear(eval("MaxPoolV2", {x, vec({1, 2, 2, 1}), vec({1, 1, 1, 1})},
                  attrs({str("padding", "VALID")})),
             {1, 2, 2, 1}, {5, 6, 8, 9});
}

TEST_F(NNKernelsTest, PoolAgainstReference) {
  for (bool isMax : {true, false})
    for (bool isSame : {true, false})
      for (int64_t s : {1, 2, 3}) {
        HostTensor x = random({2, 7, 8, 5});
        Dim h = isSame ? same(7, 3, s) : valid(7, 3, s);
        Dim w = isSame ? same(8, 2, s) : valid(8, 2, s);
        std::vector<double> ref = refPool(x, isMax, 3, 2, s, h, w);
        StringRef op = isMax ? "MaxPool" : "AvgPool";
        StringRef padding = isSame ? "SAME" : "VALID";
        expectNear(
            eval(op, {x},
                 attrs({str("padding", padding), ints("ksize", {1, 3, 2, 1}),
                        ints("strides", {1, s, s, 1})})),
            {2, h.out, w.out, 5}, ref);
        HostTensor rn = eval(
            op, {toNCHW(x)},
            attrs({str("padding", padding), ints("ksize", {1, 1, 3, 2}),
                   ints("strides", {1, 1, s, s}), str("data_format", "NCHW")}));
        ASSERT_TRUE(static_cast<bool>(rn));
        expectNear(toNHWC(rn), {2, h.out, w.out, 5}, ref);
      }
  // f64 and f16 keep their type.
  for (Type type : {b.getF64Type(), b.getF16Type()}) {
    HostTensor r =
        eval("MaxPool", {random({1, 4, 4, 2}, type)},
             attrs({str("padding", "VALID"), ints("ksize", {1, 2, 2, 1}),
                    ints("strides", {1, 2, 2, 1})}));
    ASSERT_TRUE(static_cast<bool>(r));
    EXPECT_EQ(r.getElementType(), type);
  }
}

TEST_F(NNKernelsTest, PoolErrors) {
  HostTensor x = random({1, 4, 4, 2});
  auto pool = [&](StringRef op, StringRef padding, ArrayRef<int64_t> k,
                  ArrayRef<int64_t> s) {
    return error(
        op, {x},
        attrs({str("padding", padding), ints("ksize", k), ints("strides", s)}));
  };
  EXPECT_NE(pool("MaxPool", "SAME", {1, 2, 2, 2}, {1, 1, 1, 1}), "");
  EXPECT_NE(pool("MaxPool", "SAME", {1, 2, 2, 1}, {1, 0, 1, 1}), "");
  EXPECT_NE(pool("MaxPool", "SAME", {1, 0, 2, 1}, {1, 1, 1, 1}), "");
  EXPECT_NE(pool("MaxPool", "SOME", {1, 2, 2, 1}, {1, 1, 1, 1}), "");
  EXPECT_NE(pool("AvgPool", "VALID", {1, 6, 2, 1}, {1, 1, 1, 1}), "");
  EXPECT_NE(pool("AvgPool", "SAME", {1, 2, 2}, {1, 1, 1, 1}), "");
  EXPECT_NE(pool("AvgPool", "SAME", {1, 2, INT64_MAX, 1}, {1, 1, 1, 1}), "");
  EXPECT_NE(error("MaxPool", {random({4, 4, 2})},
                  attrs({str("padding", "SAME"), ints("ksize", {1, 2, 2, 1}),
                         ints("strides", {1, 1, 1, 1})})),
            "");
  EXPECT_NE(error("MaxPoolV2", {x, vec({1, 2, 2}), vec({1, 1, 1, 1})},
                  attrs({str("padding", "SAME")})),
            "");
  EXPECT_NE(error("MaxPool", {iota({1, 2, 2, 1})},
                  attrs({str("padding", "SAME"), ints("ksize", {1, 2, 2, 1}),
                         ints("strides", {1, 1, 1, 1})})),
            "");
}

/// [n, d, h, w, c] <-> [n, c, d, h, w] as a [n, dhw, c] <-> [n, c, dhw]
/// move.
static HostTensor moveChannels(const HostTensor &t, bool toFirst) {
  ArrayRef<int64_t> s = t.getShape();
  int64_t n = s[0], c = toFirst ? s[4] : s[1];
  int64_t volume = t.getNumElements() / std::max<int64_t>(n * c, 1);
  std::vector<int64_t> shape =
      toFirst ? std::vector<int64_t>{n, c, s[1], s[2], s[3]}
              : std::vector<int64_t>{n, s[2], s[3], s[4], c};
  HostTensor r = llvm::cantFail(HostTensor::create(t.getElementType(), shape));
  for (int64_t b = 0; b < n; ++b)
    for (int64_t p = 0; p < volume; ++p)
      for (int64_t ch = 0; ch < c; ++ch) {
        int64_t last = (b * volume + p) * c + ch;
        int64_t first = (b * c + ch) * volume + p;
        if (toFirst)
          r.setDouble(first, t.getDouble(last));
        else
          r.setDouble(last, t.getDouble(first));
      }
  return r;
}

TEST_F(NNKernelsTest, Pool3D) {
  HostTensor x = f32({1, 2, 2, 2, 1}, {1, 2, 3, 4, 5, 6, 7, 8});
  auto a = [&](StringRef padding, ArrayRef<int64_t> k, ArrayRef<int64_t> s,
               StringRef format = "NDHWC") {
    return attrs({str("padding", padding), ints("ksize", k), ints("strides", s),
                  str("data_format", format)});
  };
  expectNear(
      eval("MaxPool3D", {x}, a("VALID", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1})),
      {1, 1, 1, 1, 1}, {8});
  expectNear(
      eval("AvgPool3D", {x}, a("VALID", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1})),
      {1, 1, 1, 1, 1}, {4.5});
  // SAME pads after: the windows on the far border see fewer elements and
  // average only those.
  expectNear(
      eval("AvgPool3D", {x}, a("SAME", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1})),
      {1, 2, 2, 2, 1}, {4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8});
  expectNear(
      eval("MaxPool3D", {x}, a("SAME", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1})),
      {1, 2, 2, 2, 1}, {8, 8, 8, 8, 8, 8, 8, 8});
  // Against a naive reference: windows 2x3x2, strides 1 and 2.
  HostTensor y = random({2, 5, 4, 6, 3});
  for (bool isMax : {true, false})
    for (bool isSame : {true, false})
      for (int64_t s : {1, 2}) {
        int64_t k[3] = {2, 3, 2};
        Dim dims[3];
        for (int i = 0; i < 3; ++i)
          dims[i] = isSame ? same(y.getShape()[i + 1], k[i], s)
                           : valid(y.getShape()[i + 1], k[i], s);
        std::vector<double> ref;
        ArrayRef<int64_t> ys = y.getShape();
        for (int64_t n = 0; n < 2; ++n)
          for (int64_t od = 0; od < dims[0].out; ++od)
            for (int64_t oh = 0; oh < dims[1].out; ++oh)
              for (int64_t ow = 0; ow < dims[2].out; ++ow)
                for (int64_t c = 0; c < 3; ++c) {
                  double acc = isMax ? -INFINITY : 0;
                  int64_t count = 0;
                  int64_t pos[3] = {od, oh, ow};
                  for (int64_t i = 0; i < k[0]; ++i)
                    for (int64_t j = 0; j < k[1]; ++j)
                      for (int64_t l = 0; l < k[2]; ++l) {
                        int64_t q[3] = {i, j, l}, at[3];
                        bool inside = true;
                        for (int d = 0; d < 3; ++d) {
                          at[d] = pos[d] * s - dims[d].before + q[d];
                          inside &= at[d] >= 0 && at[d] < ys[d + 1];
                        }
                        if (!inside)
                          continue;
                        double v = y.getDouble(
                            (((n * ys[1] + at[0]) * ys[2] + at[1]) * ys[3] +
                             at[2]) *
                                3 +
                            c);
                        acc = isMax ? std::max(acc, v) : acc + v;
                        ++count;
                      }
                  ref.push_back(isMax ? acc : acc / count);
                }
        std::vector<int64_t> shape = {2, dims[0].out, dims[1].out, dims[2].out,
                                      3};
        StringRef op = isMax ? "MaxPool3D" : "AvgPool3D";
        StringRef padding = isSame ? "SAME" : "VALID";
        SCOPED_TRACE(op.str() + " " + padding.str() + " " + std::to_string(s));
        expectNear(eval(op, {y}, a(padding, {1, 2, 3, 2, 1}, {1, s, s, s, 1})),
                   shape, ref);
        HostTensor rn =
            eval(op, {moveChannels(y, true)},
                 a(padding, {1, 1, 2, 3, 2}, {1, 1, s, s, s}, "NCDHW"));
        ASSERT_TRUE(static_cast<bool>(rn));
        expectNear(moveChannels(rn, false), shape, ref);
      }
  // f64 keeps its type; an empty input is an empty result.
  HostTensor r = eval("MaxPool3D", {random({1, 2, 2, 2, 1}, b.getF64Type())},
                      a("VALID", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1}));
  EXPECT_EQ(r.getElementType(), b.getF64Type());
  EXPECT_EQ(eval("AvgPool3D", {f32({0, 2, 2, 2, 1}, {})},
                 a("VALID", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1}))
                .getNumElements(),
            0);
  // Errors.
  DictionaryAttr ok = a("VALID", {1, 2, 2, 2, 1}, {1, 1, 1, 1, 1});
  EXPECT_NE(error("MaxPool3D", {f32({1, 2, 2, 1}, {})}, ok).find("rank 5"),
            std::string::npos);
  EXPECT_NE(error("MaxPool3D", {x}, a("VALID", {1, 2, 2, 1}, {1, 1, 1, 1})),
            "");
  EXPECT_NE(
      error("AvgPool3D", {x}, a("VALID", {2, 1, 1, 1, 1}, {1, 1, 1, 1, 1})),
      "");
  EXPECT_NE(
      error("AvgPool3D", {x}, a("VALID", {1, 1, 1, 1, 1}, {1, 1, 1, 1, 2})),
      "");
  EXPECT_NE(
      error("AvgPool3D", {x}, a("VALID", {1, 1, 1, 1, 1}, {1, 0, 1, 1, 1})),
      "");
  EXPECT_NE(
      error("AvgPool3D", {x}, a("VALID", {1, 0, 1, 1, 1}, {1, 1, 1, 1, 1})),
      "");
  EXPECT_NE(
      error("MaxPool3D", {x}, a("VALID", {1, 4, 1, 1, 1}, {1, 1, 1, 1, 1})),
      "");
  EXPECT_NE(error("MaxPool3D", {x},
                  a("VALID", {1, INT64_MAX, 1, 1, 1}, {1, 1, 1, 1, 1})),
            "");
  EXPECT_NE(
      error("MaxPool3D", {x}, a("EXPLICIT", {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1})),
      "");
  EXPECT_NE(error("MaxPool3D", {x},
                  a("VALID", {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}, "NHWC")),
            "");
  EXPECT_NE(error("MaxPool3D", {iota({1, 2, 2, 2, 1})}, ok), "");
  EXPECT_NE(error("MaxPool3D", {x, x}, ok), "");
  EXPECT_NE(error("MaxPool3D", {x}, attrs({str("padding", "VALID")})), "");
  EXPECT_NE(error("AvgPool3D", {random({1, 8, 8, 8, 4})},
                  a("SAME", {1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}), 100)
                .find("bound"),
            std::string::npos);
}

TEST_F(NNKernelsTest, Softmax) {
  HostTensor x = f32({2, 3}, {1, 2, 3, 1000, 1000, 1000});
  double e1 = std::exp(1.0), e2 = std::exp(2.0), e3 = std::exp(3.0),
         s = e1 + e2 + e3;
  expectNear(eval("Softmax", {x}), {2, 3},
             {e1 / s, e2 / s, e3 / s, 1.0 / 3, 1.0 / 3, 1.0 / 3});
  expectNear(eval("LogSoftmax", {x}), {2, 3},
             {1 - std::log(s), 2 - std::log(s), 3 - std::log(s), -std::log(3.0),
              -std::log(3.0), -std::log(3.0)});
  HostTensor big = random({300, 70});
  HostTensor r = eval("Softmax", {big});
  ASSERT_TRUE(static_cast<bool>(r));
  double rowSum = 0;
  for (int64_t i = 0; i < 70; ++i)
    rowSum += r.getDouble(299 * 70 + i);
  EXPECT_NEAR(rowSum, 1.0, 1e-5);
  EXPECT_NE(error("Softmax", {f32({}, {1})}), "");
  EXPECT_NE(error("Softmax", {iota({3})}), "");
  EXPECT_EQ(eval("Softmax", {f32({2, 0}, {})}).getNumElements(), 0);
}

TEST_F(NNKernelsTest, BiasAddV1AndPrelu) {
  expectNear(eval("BiasAddV1", {f32({2, 2}, {1, 2, 3, 4}), f32({2}, {10, 20})}),
             {2, 2}, {11, 22, 13, 24});
  EXPECT_NE(error("BiasAddV1", {f32({2, 2}, {}), f32({3}, {})}), "");
  EXPECT_NE(error("BiasAddV1", {f32({2}, {}), f32({2}, {})}), "");
  HostTensor x = f32({2, 3}, {-1, 2, -3, 4, -5, 6});
  expectNear(eval("Prelu", {x, f32({3}, {0.1, 0.2, 0.3})}), {2, 3},
             {-0.1, 2, -0.9, 4, -1, 6});
  expectNear(eval("Prelu", {x, f32({2, 1}, {0.5, 2})}), {2, 3},
             {-0.5, 2, -1.5, 4, -10, 6});
  expectNear(eval("Prelu", {x, f32({1, 1, 3}, {0.1, 0.2, 0.3})}), {1, 2, 3},
             {-0.1, 2, -0.9, 4, -1, 6});
  EXPECT_NE(error("Prelu", {x, f32({4}, {})}), "");
  EXPECT_NE(error("Prelu", {x, i32({3}, {})}), "");
}

TEST_F(NNKernelsTest, FusedBatchNorm) {
  HostTensor x = random({2, 3, 2, 4});
  HostTensor scale = random({4}), offset = random({4}), mean = random({4});
  HostTensor var = f32({4}, {0.5, 1, 2, 3});
  std::vector<double> expected;
  for (int64_t i = 0; i < x.getNumElements(); ++i) {
    int64_t c = i % 4;
    expected.push_back((x.getDouble(i) - mean.getDouble(c)) *
                           scale.getDouble(c) /
                           std::sqrt(var.getDouble(c) + 0.01) +
                       offset.getDouble(c));
  }
  DictionaryAttr a =
      attrs({boolean("is_training", false), real("epsilon", 0.01)});
  auto results = evaluateOnHost(&context, "FusedBatchNormV3",
                                {x, scale, offset, mean, var}, a);
  ASSERT_TRUE(static_cast<bool>(results))
      << llvm::toString(results.takeError());
  ASSERT_EQ(results->size(), 6u);
  expectNear((*results)[0], {2, 3, 2, 4}, expected);
  EXPECT_TRUE((*results)[1].isBitEqual(mean));
  EXPECT_TRUE((*results)[2].isBitEqual(var));
  EXPECT_EQ((*results)[5].getNumElements(), 0);
  results = evaluateOnHost(
      &context, "FusedBatchNorm", {toNCHW(x), scale, offset, mean, var},
      attrs({boolean("is_training", false), real("epsilon", 0.01),
             str("data_format", "NCHW")}));
  ASSERT_TRUE(static_cast<bool>(results))
      << llvm::toString(results.takeError());
  ASSERT_EQ(results->size(), 5u);
  expectNear(toNHWC((*results)[0]), {2, 3, 2, 4}, expected);
  // f16 x with f32 statistics (V2).
  HostTensor xh = random({1, 2, 2, 4}, b.getF16Type());
  results = evaluateOnHost(&context, "FusedBatchNormV2",
                           {xh, scale, offset, mean, var}, a);
  ASSERT_TRUE(static_cast<bool>(results))
      << llvm::toString(results.takeError());
  EXPECT_EQ((*results)[0].getElementType(), b.getF16Type());
  EXPECT_NE(
      error("FusedBatchNormV3", {x, scale, offset, mean, f32({3}, {})}, a), "");
  EXPECT_NE(
      error("FusedBatchNormV3", {random({2, 4}), scale, offset, mean, var}, a),
      "");
  EXPECT_NE(error("FusedBatchNormV3", {x, scale, offset, mean}, a), "");

  // _FusedBatchNormEx: + side input, then Relu; NCHW too.
  HostTensor side = random({2, 3, 2, 4});
  std::vector<double> ex;
  for (size_t i = 0; i < expected.size(); ++i)
    ex.push_back(std::max(0.0, expected[i] + side.getDouble(i)));
  auto exAttrs = [&](StringRef format, StringRef mode, int64_t sides) {
    return attrs({boolean("is_training", false), real("epsilon", 0.01),
                  str("data_format", format), str("activation_mode", mode),
                  integer("num_side_inputs", sides)});
  };
  results = evaluateOnHost(&context, "_FusedBatchNormEx",
                           {x, scale, offset, mean, var, side},
                           exAttrs("NHWC", "Relu", 1));
  ASSERT_TRUE(static_cast<bool>(results))
      << llvm::toString(results.takeError());
  ASSERT_EQ(results->size(), 6u);
  expectNear((*results)[0], {2, 3, 2, 4}, ex);
  results = evaluateOnHost(&context, "_FusedBatchNormEx",
                           {toNCHW(x), scale, offset, mean, var, toNCHW(side)},
                           exAttrs("NCHW", "Relu", 1));
  ASSERT_TRUE(static_cast<bool>(results))
      << llvm::toString(results.takeError());
  expectNear(toNHWC((*results)[0]), {2, 3, 2, 4}, ex);
  results = evaluateOnHost(&context, "_FusedBatchNormEx",
                           {x, scale, offset, mean, var},
                           exAttrs("NHWC", "Identity", 0));
  ASSERT_TRUE(static_cast<bool>(results))
      << llvm::toString(results.takeError());
  expectNear((*results)[0], {2, 3, 2, 4}, expected);
  EXPECT_NE(error("_FusedBatchNormEx", {x, scale, offset, mean, var, side},
                  exAttrs("NHWC", "Swish", 1))
                .find("Swish"),
            std::string::npos);
  EXPECT_NE(error("_FusedBatchNormEx", {x, scale, offset, mean, var},
                  exAttrs("NHWC", "Relu", 1)),
            "");
  EXPECT_NE(error("_FusedBatchNormEx",
                  {x, scale, offset, mean, var, random({2, 3, 2, 3})},
                  exAttrs("NHWC", "Relu", 1)),
            "");
}

TEST_F(NNKernelsTest, FusedBatchNormTraining) {
  // Channel 0: 1, 3, 5, 7 (mean 4, biased variance 5, corrected 20 / 3);
  // channel 1: all 2 (mean 2, variance 0).
  HostTensor x = f32({2, 1, 2, 2}, {1, 2, 3, 2, 5, 2, 7, 2});
  HostTensor scale = f32({2}, {2, 1}), offset = f32({2}, {0.5, -1});
  HostTensor none = f32({0}, {});
  // epsilon 4: channel 0 divides by 3, channel 1 by 2.
  auto a = [&](double factor, StringRef format = "NHWC") {
    return attrs({boolean("is_training", true), real("epsilon", 4),
                  real("exponential_avg_factor", factor),
                  str("data_format", format)});
  };
  std::vector<double> y = {-1.5, -1, -1.0 / 6, -1, 7.0 / 6, -1, 2.5, -1};
  std::vector<HostTensor> r =
      evalAll("FusedBatchNormV3", {x, scale, offset, none, none}, a(1));
  ASSERT_EQ(r.size(), 6u);
  expectNear(r[0], {2, 1, 2, 2}, y);
  expectNear(r[1], {2}, {4, 2});
  expectNear(r[2], {2}, {20.0 / 3, 0});
  expectNear(r[3], {2}, {4, 2});
  expectNear(r[4], {2}, {5, 0});
  EXPECT_EQ(r[5].getNumElements(), 0);
  // is_training defaults to true; V1 has 5 results; NCHW and NDHWC give
  // the same numbers.
  r = evalAll("FusedBatchNorm", {x, scale, offset, none, none},
              attrs({real("epsilon", 4)}));
  ASSERT_EQ(r.size(), 5u);
  expectNear(r[0], {2, 1, 2, 2}, y);
  expectNear(r[2], {2}, {20.0 / 3, 0});
  r = evalAll("FusedBatchNormV2", {toNCHW(x), scale, offset, none, none},
              a(1, "NCHW"));
  ASSERT_EQ(r.size(), 5u);
  expectNear(toNHWC(r[0]), {2, 1, 2, 2}, y);
  expectNear(r[1], {2}, {4, 2});
  expectNear(r[4], {2}, {5, 0});
  HostTensor x5 = f32({2, 1, 1, 2, 2}, {1, 2, 3, 2, 5, 2, 7, 2});
  r = evalAll("FusedBatchNormV3", {x5, scale, offset, none, none},
              a(1, "NDHWC"));
  ASSERT_EQ(r.size(), 6u);
  expectNear(r[0], {2, 1, 1, 2, 2}, y);
  // exponential_avg_factor 0.25 mixes into the running mean [0, 10] and
  // variance [1, 1]; y and the reserve spaces do not change.
  HostTensor mean = f32({2}, {0, 10}), var = f32({2}, {1, 1});
  r = evalAll("FusedBatchNormV3", {x, scale, offset, mean, var}, a(0.25));
  ASSERT_EQ(r.size(), 6u);
  expectNear(r[0], {2, 1, 2, 2}, y);
  expectNear(r[1], {2}, {1, 8});
  expectNear(r[2], {2}, {0.75 + 5.0 / 3, 0.75});
  expectNear(r[3], {2}, {4, 2});
  expectNear(r[4], {2}, {5, 0});
  // _FusedBatchNormEx in training: then a side input and Relu.
  HostTensor side = f32({2, 1, 2, 2}, {1, 1, 1, 1, 1, 1, 1, 1});
  r = evalAll(
      "_FusedBatchNormEx", {x, scale, offset, none, none, side},
      attrs({boolean("is_training", true), real("epsilon", 4),
             str("activation_mode", "Relu"), integer("num_side_inputs", 1)}));
  ASSERT_EQ(r.size(), 6u);
  expectNear(r[0], {2, 1, 2, 2}, {0, 0, 5.0 / 6, 0, 13.0 / 6, 0, 3.5, 0});
  // One element per channel: no Bessel correction (n / (n - 1) is 1).
  r = evalAll("FusedBatchNormV3",
              {f32({1, 1, 1, 2}, {3, 4}), scale, offset, none, none}, a(1));
  ASSERT_EQ(r.size(), 6u);
  expectNear(r[0], {1, 1, 1, 2}, {0.5, -1});
  expectNear(r[2], {2}, {0, 0});
  // Against a reference on random data, NHWC and NCHW, f64.
  HostTensor big = random({3, 2, 3, 5}, b.getF64Type());
  HostTensor s5 = random({5}, b.getF64Type()), o5 = random({5}, b.getF64Type());
  std::vector<double> m(5, 0), v(5, 0), ref;
  for (int64_t i = 0; i < big.getNumElements(); ++i)
    m[i % 5] += big.getDouble(i) / 18;
  for (int64_t i = 0; i < big.getNumElements(); ++i)
    v[i % 5] += std::pow(big.getDouble(i) - m[i % 5], 2) / 18;
  for (int64_t i = 0; i < big.getNumElements(); ++i)
    ref.push_back((big.getDouble(i) - m[i % 5]) * s5.getDouble(i % 5) /
                      std::sqrt(v[i % 5] + 0.001) +
                  o5.getDouble(i % 5));
  HostTensor noneF64 = f64({0}, {});
  DictionaryAttr a64 =
      attrs({boolean("is_training", true), real("epsilon", 0.001)});
  r = evalAll("FusedBatchNormV3", {big, s5, o5, noneF64, noneF64}, a64);
  ASSERT_EQ(r.size(), 6u);
  expectNear(r[0], {3, 2, 3, 5}, ref, 1e-6);
  EXPECT_EQ(r[1].getElementType(), b.getF64Type());
  for (int c = 0; c < 5; ++c) {
    EXPECT_NEAR(r[1].getDouble(c), m[c], 1e-9);
    EXPECT_NEAR(r[2].getDouble(c), v[c] * 18 / 17, 1e-9);
  }
  r = evalAll("FusedBatchNormV3", {toNCHW(big), s5, o5, noneF64, noneF64},
              attrs({boolean("is_training", true), real("epsilon", 0.001),
                     str("data_format", "NCHW")}));
  ASSERT_EQ(r.size(), 6u);
  expectNear(toNHWC(r[0]), {3, 2, 3, 5}, ref, 1e-6);
  // An empty batch: NaN moments, an empty y.
  r = evalAll("FusedBatchNormV3",
              {f32({0, 2, 2, 2}, {}), scale, offset, none, none}, a(1));
  ASSERT_EQ(r.size(), 6u);
  EXPECT_EQ(r[0].getNumElements(), 0);
  EXPECT_TRUE(std::isnan(r[1].getDouble(0)));
  // Errors: running inputs of the wrong size when mixing, a wrong scale,
  // a wrong rank, integer x, the element bound.
  EXPECT_NE(error("FusedBatchNormV3", {x, scale, offset, none, none}, a(0.5)),
            "");
  EXPECT_NE(
      error("FusedBatchNormV3", {x, scale, offset, mean, f32({3}, {})}, a(0.5)),
      "");
  EXPECT_NE(
      error("FusedBatchNormV3", {x, f32({3}, {}), offset, none, none}, a(1)),
      "");
  EXPECT_NE(error("FusedBatchNormV3",
                  {f32({2, 2}, {1, 2, 3, 4}), scale, offset, none, none}, a(1)),
            "");
  EXPECT_NE(error("FusedBatchNormV3",
                  {iota({2, 1, 2, 2}), scale, offset, none, none}, a(1)),
            "");
  EXPECT_NE(error("FusedBatchNormV3",
                  {splatF32({100, 10, 10, 2}, 1), scale, offset, none, none},
                  a(1), 1000)
                .find("bound"),
            std::string::npos);
  EXPECT_NE(error("FusedBatchNormV3",
                  {splatF32({1, 1, 1, 5000}, 1), splatF32({5000}, 1),
                   splatF32({5000}, 1), none, none},
                  a(1), 1000)
                .find("bound"),
            std::string::npos);
}

TEST_F(NNKernelsTest, LRNAndL2Loss) {
  HostTensor x = f32({1, 1, 1, 3}, {1, 2, 3});
  // radius 1, bias 1, alpha 0.5, beta 1: x / (1 + 0.5 * sum sq).
  expectNear(eval("LRN", {x},
                  attrs({integer("depth_radius", 1), real("bias", 1),
                         real("alpha", 0.5), real("beta", 1)})),
             {1, 1, 1, 3}, {1 / 3.5, 2 / 8.0, 3 / 7.5});
  EXPECT_NE(error("LRN", {f32({3}, {1, 2, 3})}), "");
  EXPECT_NE(error("LRN", {x}, attrs({integer("depth_radius", -1)})), "");
  HostTensor r = eval("L2Loss", {f32({3}, {1, 2, 3})});
  EXPECT_EQ(shapeOf(r), std::vector<int64_t>{});
  EXPECT_NEAR(r.getDouble(0), 7.0, 1e-6);
  EXPECT_NEAR(eval("L2Loss", {splatF32({10}, 2.0)}).getDouble(0), 20.0, 1e-6);
  EXPECT_NE(error("L2Loss", {iota({3})}), "");
}

TEST_F(NNKernelsTest, BiasAddGrad) {
  // 0..11 as NHWC [2, 1, 2, 3]: channel c sums c, c + 3, c + 6, c + 9.
  HostTensor dy = f32({2, 1, 2, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  expectNear(eval("BiasAddGrad", {dy}), {3}, {18, 22, 26});
  // As NCHW [2, 3, 1, 2]: channel c sums 2c, 2c + 1, 2c + 6, 2c + 7.
  HostTensor nchw = f32({2, 3, 1, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  expectNear(eval("BiasAddGrad", {nchw}, attrs({str("data_format", "NCHW")})),
             {3}, {14, 22, 30});
  // Rank 2: the channels are the last dimension in either format.
  expectNear(eval("BiasAddGrad", {f32({2, 3}, {0, 1, 2, 3, 4, 5})}), {3},
             {3, 5, 7});
  EXPECT_NE(error("BiasAddGrad", {f32({3}, {1, 2, 3})}), "");
  EXPECT_NE(error("BiasAddGrad", {iota({2, 3})}), "");
  EXPECT_NE(error("BiasAddGrad", {dy}, attrs({str("data_format", "NCDHW")})),
            "");
}
} // namespace
