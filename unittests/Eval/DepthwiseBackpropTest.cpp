//===- DepthwiseBackpropTest.cpp - Depthwise and pool grad-grad kernels ---===//
//
// DepthwiseConv2dNativeBackpropInput and DepthwiseConv2dNativeBackpropFilter
// against the gradients of L = sum(dy * DepthwiseConv2dNative(x, W))
// computed here from the forward kernel alone (central differences; the
// convolution is linear, so they are exact up to rounding), and
// MaxPoolGradGrad(V2) against the gradient of L = sum(g * MaxPoolGrad(x, y,
// dy)) with respect to dy (MaxPoolGrad is linear in dy), and
// Conv3DBackpropInput/Filter (V1, V2) against the gradients of L =
// sum(dy * Conv3D(x, W)). Both data formats, and the errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

#include <functional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class DepthwiseBackpropTest : public NNKernelTest {};

TEST_F(DepthwiseBackpropTest, Depthwise) {
  struct Case {
    std::vector<int64_t> xs, fs, strides, dilations;
    StringRef padding;
  };
  Case cases[] = {
      {{2, 5, 4, 3}, {3, 2, 3, 2}, {1, 2, 1, 1}, {1, 1, 1, 1}, "SAME"},
      {{1, 6, 5, 2}, {2, 2, 2, 3}, {1, 1, 1, 1}, {1, 2, 1, 1}, "VALID"},
      {{1, 4, 4, 2}, {3, 3, 2, 1}, {1, 2, 2, 1}, {1, 1, 1, 1}, "SAME"},
  };
  for (const Case &k : cases) {
    HostTensor x = rand64(k.xs), w = rand64(k.fs);
    DictionaryAttr a =
        attrs({str("padding", k.padding), ints("strides", k.strides),
               ints("dilations", k.dilations)});
    HostTensor y = eval("DepthwiseConv2dNative", {x, w}, a);
    HostTensor dy = rand64(shapeOf(y));
    std::vector<double> dx = numericGrad(
        x,
        [&](const HostTensor &xi) {
          return dot(dy, eval("DepthwiseConv2dNative", {xi, w}, a));
        },
        0.5);
    std::vector<double> dw = numericGrad(
        w,
        [&](const HostTensor &wi) {
          return dot(dy, eval("DepthwiseConv2dNative", {x, wi}, a));
        },
        0.5);
    expectNear(
        eval("DepthwiseConv2dNativeBackpropInput", {vec(k.xs), w, dy}, a), k.xs,
        dx, 1e-9);
    expectNear(
        eval("DepthwiseConv2dNativeBackpropFilter", {x, vec(k.fs), dy}, a),
        k.fs, dw, 1e-9);
    // NCHW.
    const std::vector<int64_t> &s = k.strides, &d = k.dilations;
    DictionaryAttr an =
        attrs({str("padding", k.padding), str("data_format", "NCHW"),
               ints("strides", {1, s[3], s[1], s[2]}),
               ints("dilations", {1, d[3], d[1], d[2]})});
    HostTensor xn = toNCHW(x);
    expectNear(eval("DepthwiseConv2dNativeBackpropInput",
                    {vec(shapeOf(xn)), w, toNCHW(dy)}, an),
               shapeOf(xn), doubles(toNCHW(f64(k.xs, dx))), 1e-9);
    expectNear(eval("DepthwiseConv2dNativeBackpropFilter",
                    {xn, vec(k.fs), toNCHW(dy)}, an),
               k.fs, dw, 1e-9);
  }
  HostTensor x = rand64({1, 4, 4, 2}), w = rand64({2, 2, 2, 2});
  DictionaryAttr a =
      attrs({str("padding", "VALID"), ints("strides", {1, 1, 1, 1})});
  // Wrong channels, a wrong out_backprop shape, ints, a bad size vector.
  EXPECT_NE(error("DepthwiseConv2dNativeBackpropFilter",
                  {x, vec({2, 2, 3, 1}), rand64({1, 3, 3, 3})}, a),
            "");
  EXPECT_NE(error("DepthwiseConv2dNativeBackpropInput",
                  {vec({1, 4, 4, 2}), w, rand64({1, 4, 4, 4})}, a),
            "");
  EXPECT_NE(error("DepthwiseConv2dNativeBackpropInput",
                  {vec({1, 4, 4, 2}), iota({2, 2, 2, 2}), iota({1, 3, 3, 4})},
                  a),
            "");
  EXPECT_NE(error("DepthwiseConv2dNativeBackpropInput",
                  {vec({1, 4, 4}), w, rand64({1, 3, 3, 4})}, a),
            "");
}

TEST_F(DepthwiseBackpropTest, MaxPoolGradGrad) {
  for (StringRef padding : {"SAME", "VALID"}) {
    HostTensor x = rand64({2, 5, 6, 3});
    DictionaryAttr a =
        attrs({str("padding", padding), ints("ksize", {1, 3, 2, 1}),
               ints("strides", {1, 2, 2, 1})});
    HostTensor y = eval("MaxPool", {x}, a);
    HostTensor dy = rand64(shapeOf(y)), g = rand64(shapeOf(x));
    std::vector<double> expected = numericGrad(
        dy,
        [&](const HostTensor &d) {
          return dot(g, eval("MaxPoolGrad", {x, y, d}, a));
        },
        0.5);
    expectNear(eval("MaxPoolGradGrad", {x, y, g}, a), shapeOf(y), expected,
               1e-9);
    expectNear(eval("MaxPoolGradGradV2",
                    {x, y, g, vec({1, 3, 2, 1}), vec({1, 2, 2, 1})},
                    attrs({str("padding", padding)})),
               shapeOf(y), expected, 1e-9);
    DictionaryAttr an =
        attrs({str("padding", padding), str("data_format", "NCHW"),
               ints("ksize", {1, 1, 3, 2}), ints("strides", {1, 1, 2, 2})});
    expectNear(eval("MaxPoolGradGrad", {toNCHW(x), toNCHW(y), toNCHW(g)}, an),
               shapeOf(toNCHW(y)), doubles(toNCHW(f64(shapeOf(y), expected))),
               1e-9);
  }
  HostTensor x = rand64({1, 4, 4, 1});
  DictionaryAttr a =
      attrs({str("padding", "VALID"), ints("ksize", {1, 2, 2, 1}),
             ints("strides", {1, 2, 2, 1})});
  HostTensor y = eval("MaxPool", {x}, a);
  // A grad of the output's shape (not the input's), a wrong orig_output.
  EXPECT_NE(error("MaxPoolGradGrad", {x, y, y}, a), "");
  EXPECT_NE(error("MaxPoolGradGrad", {x, x, x}, a), "");
}
TEST_F(DepthwiseBackpropTest, Conv3DBackprop) {
  struct Case {
    std::vector<int64_t> xs, fs, strides, dilations;
    StringRef padding;
  };
  Case cases[] = {
      {{1, 4, 5, 3, 2},
       {2, 3, 2, 2, 3},
       {1, 1, 2, 1, 1},
       {1, 1, 1, 1, 1},
       "SAME"},
      {{2, 4, 4, 5, 1},
       {2, 2, 2, 1, 2},
       {1, 1, 1, 1, 1},
       {1, 2, 1, 1, 1},
       "VALID"},
  };
  for (const Case &k : cases) {
    HostTensor x = rand64(k.xs), w = rand64(k.fs);
    DictionaryAttr a =
        attrs({str("padding", k.padding), ints("strides", k.strides),
               ints("dilations", k.dilations)});
    HostTensor y = eval("Conv3D", {x, w}, a);
    HostTensor dy = rand64(shapeOf(y));
    std::vector<double> dx = numericGrad(
        x,
        [&](const HostTensor &xi) {
          return dot(dy, eval("Conv3D", {xi, w}, a));
        },
        0.5);
    std::vector<double> dw = numericGrad(
        w,
        [&](const HostTensor &wi) {
          return dot(dy, eval("Conv3D", {x, wi}, a));
        },
        0.5);
    expectNear(eval("Conv3DBackpropInputV2", {vec(k.xs), w, dy}, a), k.xs, dx,
               1e-9);
    expectNear(eval("Conv3DBackpropInput", {x, w, dy}, a), k.xs, dx, 1e-9);
    expectNear(eval("Conv3DBackpropFilterV2", {x, vec(k.fs), dy}, a), k.fs, dw,
               1e-9);
    expectNear(eval("Conv3DBackpropFilter", {x, w, dy}, a), k.fs, dw, 1e-9);
    const std::vector<int64_t> &st = k.strides, &d = k.dilations;
    DictionaryAttr an =
        attrs({str("padding", k.padding), str("data_format", "NCDHW"),
               ints("strides", {1, 1, st[1], st[2], st[3]}),
               ints("dilations", {1, 1, d[1], d[2], d[3]})});
    HostTensor xn = toNCDHW(x);
    expectNear(
        eval("Conv3DBackpropInputV2", {vec(shapeOf(xn)), w, toNCDHW(dy)}, an),
        shapeOf(xn), doubles(toNCDHW(f64(k.xs, dx))), 1e-9);
    expectNear(eval("Conv3DBackpropFilterV2", {xn, vec(k.fs), toNCDHW(dy)}, an),
               k.fs, dw, 1e-9);
  }
  HostTensor x = rand64({1, 3, 3, 3, 2}), w = rand64({2, 2, 2, 2, 1});
  DictionaryAttr a =
      attrs({str("padding", "VALID"), ints("strides", {1, 1, 1, 1, 1})});
  // Wrong channels, a wrong out_backprop shape, EXPLICIT padding, a size
  // vector of 4.
  EXPECT_NE(error("Conv3DBackpropFilterV2",
                  {x, vec({2, 2, 2, 3, 1}), rand64({1, 2, 2, 2, 1})}, a),
            "");
  EXPECT_NE(error("Conv3DBackpropInputV2",
                  {vec({1, 3, 3, 3, 2}), w, rand64({1, 3, 3, 3, 1})}, a),
            "");
  EXPECT_NE(error("Conv3DBackpropInputV2",
                  {vec({1, 3, 3, 3, 2}), w, rand64({1, 2, 2, 2, 1})},
                  attrs({str("padding", "EXPLICIT"),
                         ints("strides", {1, 1, 1, 1, 1})})),
            "");
  EXPECT_NE(error("Conv3DBackpropInputV2",
                  {vec({1, 3, 3, 3}), w, rand64({1, 2, 2, 2, 1})}, a),
            "");
}
} // namespace
