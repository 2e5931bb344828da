//===- DepthwiseBackpropTest.cpp - Depthwise and pool grad-grad kernels ---===//
//
// DepthwiseConv2dNativeBackpropInput and DepthwiseConv2dNativeBackpropFilter
// against the gradients of L = sum(dy * DepthwiseConv2dNative(x, W))
// computed here from the forward kernel alone (central differences; the
// convolution is linear, so they are exact up to rounding), and
// MaxPoolGradGrad(V2) against the gradient of L = sum(g * MaxPoolGrad(x, y,
// dy)) with respect to dy (MaxPoolGrad is linear in dy). Both data formats,
// and the errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

#include <functional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class DepthwiseBackpropTest : public NNKernelTest {
protected:
  HostTensor rand64(ArrayRef<int64_t> shape) {
    return random(shape, b.getF64Type());
  }
  static double dot(const HostTensor &a, const HostTensor &b) {
    double s = 0;
    for (int64_t i = 0; i < a.getNumElements(); ++i)
      s += a.getDouble(i) * b.getDouble(i);
    return s;
  }
  static std::vector<double>
  numericGrad(const HostTensor &t,
              const std::function<double(const HostTensor &)> &loss) {
    std::vector<double> g;
    for (int64_t i = 0; i < t.getNumElements(); ++i) {
      HostTensor up(t), down(t);
      up.setDouble(i, t.getDouble(i) + 0.5);
      down.setDouble(i, t.getDouble(i) - 0.5);
      g.push_back(loss(up) - loss(down));
    }
    return g;
  }
};

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
    std::vector<double> dx = numericGrad(x, [&](const HostTensor &xi) {
      return dot(dy, eval("DepthwiseConv2dNative", {xi, w}, a));
    });
    std::vector<double> dw = numericGrad(w, [&](const HostTensor &wi) {
      return dot(dy, eval("DepthwiseConv2dNative", {x, wi}, a));
    });
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
    std::vector<double> expected = numericGrad(dy, [&](const HostTensor &d) {
      return dot(g, eval("MaxPoolGrad", {x, y, d}, a));
    });
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
} // namespace
