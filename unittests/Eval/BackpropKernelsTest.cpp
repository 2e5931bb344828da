//===- BackpropKernelsTest.cpp - Gradient kernels against numeric ones ----===//
//
// Conv2DBackpropFilter, MaxPoolGrad(V2), AvgPoolGrad, FusedBatchNormGrad
// (V1, V3, training and inference) and _FusedBatchNormGradEx checked against
// gradients computed here from the forward kernels alone: for a random dy,
// the derivative of L = sum(dy * forward(...)) with respect to each input
// element, by central differences in double (exact basis-vector products
// for the linear ops). Both data formats, and the kernels' errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

#include <functional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class BackpropKernelsTest : public NNKernelTest {};

TEST_F(BackpropKernelsTest, Conv2DBackpropFilter) {
  struct Case {
    std::vector<int64_t> xs, fs, strides, dilations;
    StringRef padding;
  };
  Case cases[] = {
      {{2, 5, 4, 3}, {3, 2, 3, 2}, {1, 2, 1, 1}, {1, 1, 1, 1}, "SAME"},
      {{1, 6, 5, 2}, {2, 2, 2, 3}, {1, 1, 1, 1}, {1, 2, 1, 1}, "VALID"},
  };
  for (const Case &k : cases) {
    HostTensor x = rand64(k.xs);
    HostTensor w = rand64(k.fs);
    DictionaryAttr a =
        attrs({str("padding", k.padding), ints("strides", k.strides),
               ints("dilations", k.dilations)});
    HostTensor y = eval("Conv2D", {x, w}, a);
    HostTensor dy = rand64(shapeOf(y));
    std::vector<double> expected = numericGrad(
        w,
        [&](const HostTensor &wi) {
          return dot(dy, eval("Conv2D", {x, wi}, a));
        },
        0.5);
    expectNear(eval("Conv2DBackpropFilter", {x, vec(k.fs), dy}, a), k.fs,
               expected, 1e-9);
    // The same in NCHW.
    const std::vector<int64_t> &s = k.strides, &d = k.dilations;
    DictionaryAttr an =
        attrs({str("padding", k.padding), str("data_format", "NCHW"),
               ints("strides", {1, s[3], s[1], s[2]}),
               ints("dilations", {1, d[3], d[1], d[2]})});
    expectNear(
        eval("Conv2DBackpropFilter", {toNCHW(x), vec(k.fs), toNCHW(dy)}, an),
        k.fs, expected, 1e-9);
  }
  HostTensor x = rand64({1, 4, 4, 2});
  DictionaryAttr a =
      attrs({str("padding", "VALID"), ints("strides", {1, 1, 1, 1})});
  // Wrong input channels, a wrong out_backprop shape, ints.
  EXPECT_NE(error("Conv2DBackpropFilter",
                  {x, vec({2, 2, 3, 1}), rand64({1, 3, 3, 1})}, a),
            "");
  EXPECT_NE(error("Conv2DBackpropFilter",
                  {x, vec({2, 2, 2, 1}), rand64({1, 4, 4, 1})}, a),
            "");
  EXPECT_NE(error("Conv2DBackpropFilter",
                  {iota({1, 4, 4, 2}), vec({2, 2, 2, 1}), iota({1, 3, 3, 1})},
                  a),
            "");
  EXPECT_NE(error("Conv2DBackpropFilter",
                  {x, vec({2, 2, 2}), rand64({1, 3, 3, 1})}, a),
            "");
}

TEST_F(BackpropKernelsTest, PoolGrads) {
  for (StringRef padding : {"SAME", "VALID"}) {
    HostTensor x = rand64({2, 5, 6, 3});
    DictionaryAttr a =
        attrs({str("padding", padding), ints("ksize", {1, 3, 2, 1}),
               ints("strides", {1, 2, 2, 1})});
    HostTensor y = eval("MaxPool", {x}, a);
    HostTensor dy = rand64(shapeOf(y));
    std::vector<double> maxExpected = numericGrad(
        x,
        [&](const HostTensor &xi) { return dot(dy, eval("MaxPool", {xi}, a)); },
        1e-7);
    expectNear(eval("MaxPoolGrad", {x, y, dy}, a), shapeOf(x), maxExpected,
               1e-6);
    expectNear(eval("MaxPoolGradV2",
                    {x, y, dy, vec({1, 3, 2, 1}), vec({1, 2, 2, 1})},
                    attrs({str("padding", padding)})),
               shapeOf(x), maxExpected, 1e-6);
    DictionaryAttr an =
        attrs({str("padding", padding), str("data_format", "NCHW"),
               ints("ksize", {1, 1, 3, 2}), ints("strides", {1, 1, 2, 2})});
    expectNear(eval("MaxPoolGrad", {toNCHW(x), toNCHW(y), toNCHW(dy)}, an),
               shapeOf(toNCHW(x)),
               doubles(toNCHW(f64(shapeOf(x), maxExpected))), 1e-6);
    std::vector<double> avgExpected = numericGrad(
        x,
        [&](const HostTensor &xi) { return dot(dy, eval("AvgPool", {xi}, a)); },
        0.5);
    expectNear(eval("AvgPoolGrad", {vec({2, 5, 6, 3}), dy}, a), shapeOf(x),
               avgExpected, 1e-9);
    expectNear(eval("AvgPoolGrad", {vec({2, 3, 5, 6}), toNCHW(dy)}, an),
               shapeOf(toNCHW(x)),
               doubles(toNCHW(f64(shapeOf(x), avgExpected))), 1e-9);
  }
  HostTensor x = rand64({1, 4, 4, 1});
  DictionaryAttr a =
      attrs({str("padding", "VALID"), ints("ksize", {1, 2, 2, 1}),
             ints("strides", {1, 2, 2, 1})});
  HostTensor y = eval("MaxPool", {x}, a);
  // A grad of the wrong shape, a window over channels, int input.
  EXPECT_NE(error("MaxPoolGrad", {x, y, rand64({1, 3, 3, 1})}, a), "");
  EXPECT_NE(error("MaxPoolGrad", {x, y, y},
                  attrs({str("padding", "VALID"), ints("ksize", {1, 2, 2, 2}),
                         ints("strides", {1, 2, 2, 1})})),
            "");
  EXPECT_NE(error("MaxPoolGrad",
                  {iota({1, 4, 4, 1}), iota({1, 2, 2, 1}), iota({1, 2, 2, 1})},
                  a),
            "");
  EXPECT_NE(error("AvgPoolGrad", {vec({1, 4, 4}), y}, a), "");
  EXPECT_NE(error("AvgPoolGrad", {vec({1, 4, 4, 1}), rand64({1, 4, 4, 1})}, a),
            "");
}

TEST_F(BackpropKernelsTest, FusedBatchNormGrad) {
  HostTensor x = rand64({2, 3, 2, 4});
  HostTensor scale = rand64({4}), offset = rand64({4});
  HostTensor none = f64({0}, {});
  HostTensor dy = rand64({2, 3, 2, 4});
  for (bool training : {true, false}) {
    HostTensor mean = training ? none : rand64({4});
    HostTensor var = training ? none : f64({4}, {0.5, 1.0, 1.5, 2.0});
    DictionaryAttr a =
        attrs({real("epsilon", 0.001), boolean("is_training", training)});
    auto forward = [&](const HostTensor &xi, const HostTensor &si,
                       const HostTensor &oi) {
      return evalAll("FusedBatchNormV3", {xi, si, oi, mean, var}, a);
    };
    std::vector<HostTensor> y = forward(x, scale, offset);
    ASSERT_EQ(y.size(), 6u);
    auto loss = [&](const HostTensor &xi, const HostTensor &si,
                    const HostTensor &oi) {
      return dot(dy, forward(xi, si, oi)[0]);
    };
    std::vector<double> dx = numericGrad(
        x, [&](const HostTensor &t) { return loss(t, scale, offset); });
    std::vector<double> ds = numericGrad(
        scale, [&](const HostTensor &t) { return loss(x, t, offset); });
    std::vector<double> dof = numericGrad(
        offset, [&](const HostTensor &t) { return loss(x, scale, t); });
    // Training reads the reserved batch moments, inference the running ones.
    const HostTensor &r1 = training ? y[3] : mean;
    const HostTensor &r2 = training ? y[4] : var;
    for (StringRef op : {"FusedBatchNormGrad", "FusedBatchNormGradV3"}) {
      SmallVector<HostTensor, 6> operands{dy, x, scale, r1, r2};
      if (op.ends_with("V3"))
        operands.push_back(none);
      std::vector<HostTensor> g = evalAll(op, operands, a);
      ASSERT_EQ(g.size(), 5u) << op.str();
      expectNear(g[0], shapeOf(x), dx, 1e-6);
      expectNear(g[1], {4}, ds, 1e-6);
      expectNear(g[2], {4}, dof, 1e-6);
      EXPECT_EQ(g[3].getNumElements(), 0);
      // NCHW: the same gradients, transposed.
      DictionaryAttr an =
          attrs({real("epsilon", 0.001), boolean("is_training", training),
                 str("data_format", "NCHW")});
      operands[0] = toNCHW(dy);
      operands[1] = toNCHW(x);
      std::vector<HostTensor> gn = evalAll(op, operands, an);
      ASSERT_EQ(gn.size(), 5u);
      expectNear(gn[0], shapeOf(toNCHW(x)),
                 doubles(toNCHW(f64(shapeOf(x), dx))), 1e-6);
      expectNear(gn[1], {4}, ds, 1e-6);
    }
  }
  DictionaryAttr a = attrs({real("epsilon", 0.001)});
  HostTensor v4 = rand64({4});
  // A scale of the wrong size, a dy of another shape, a 5-D format on 4-D.
  EXPECT_NE(error("FusedBatchNormGrad", {dy, x, rand64({3}), v4, v4}, a), "");
  EXPECT_NE(
      error("FusedBatchNormGrad", {rand64({2, 3, 2, 3}), x, v4, v4, v4}, a),
      "");
  EXPECT_NE(error("FusedBatchNormGradV3", {dy, x, v4, v4, v4, none},
                  attrs({str("data_format", "NCDHW")})),
            "");
}

TEST_F(BackpropKernelsTest, FusedBatchNormGradEx) {
  HostTensor x = rand64({2, 2, 3, 4});
  HostTensor side = rand64({2, 2, 3, 4});
  HostTensor scale = rand64({4}), offset = rand64({4});
  HostTensor none = f64({0}, {});
  HostTensor dy = rand64({2, 2, 3, 4});
  DictionaryAttr a =
      attrs({real("epsilon", 0.001), boolean("is_training", true),
             str("activation_mode", "Relu"), integer("num_side_inputs", 1)});
  auto forward = [&](const HostTensor &xi, const HostTensor &si,
                     const HostTensor &oi, const HostTensor &sd) {
    return evalAll("_FusedBatchNormEx", {xi, si, oi, none, none, sd}, a);
  };
  std::vector<HostTensor> y = forward(x, scale, offset, side);
  ASSERT_EQ(y.size(), 6u);
  auto loss = [&](const HostTensor &xi, const HostTensor &si,
                  const HostTensor &oi, const HostTensor &sd) {
    return dot(dy, forward(xi, si, oi, sd)[0]);
  };
  std::vector<double> dx = numericGrad(
      x, [&](const HostTensor &t) { return loss(t, scale, offset, side); });
  std::vector<double> ds = numericGrad(
      scale, [&](const HostTensor &t) { return loss(x, t, offset, side); });
  std::vector<double> dof = numericGrad(
      offset, [&](const HostTensor &t) { return loss(x, scale, t, side); });
  std::vector<double> dside = numericGrad(
      side, [&](const HostTensor &t) { return loss(x, scale, offset, t); });
  std::vector<HostTensor> g =
      evalAll("_FusedBatchNormGradEx",
              {dy, x, scale, y[3], y[4], none, offset, y[0], side}, a);
  ASSERT_EQ(g.size(), 6u);
  expectNear(g[0], shapeOf(x), dx, 1e-5);
  expectNear(g[1], {4}, ds, 1e-5);
  expectNear(g[2], {4}, dof, 1e-5);
  expectNear(g[3], shapeOf(x), dside, 1e-5);
  // An unsupported activation, a y of another shape.
  EXPECT_NE(error("_FusedBatchNormGradEx",
                  {dy, x, scale, y[3], y[4], none, offset, y[0], side},
                  attrs({str("activation_mode", "Elu"),
                         integer("num_side_inputs", 1)})),
            "");
  EXPECT_NE(error("_FusedBatchNormGradEx",
                  {dy, x, scale, y[3], y[4], none, offset, scale},
                  attrs({str("activation_mode", "Relu")})),
            "");
}
} // namespace
