//===- Pool3DGradTest.cpp - 3-D pool gradients against numeric ones -------===//
//
// MaxPool3DGrad, MaxPool3DGradGrad and AvgPool3DGrad checked against
// gradients computed here from the forward kernels alone (MaxPool3D,
// AvgPool3D, and MaxPool3DGrad for the second-order one): for a random dy,
// the derivative of L = sum(dy * forward(...)) with respect to each input
// element, by central differences in double. NDHWC and NCDHW, SAME and
// VALID, and the kernels' errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

#include <functional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class Pool3DGradTest : public NNKernelTest {};

TEST_F(Pool3DGradTest, Grads) {
  for (StringRef padding : {"SAME", "VALID"}) {
    HostTensor x = rand64({2, 3, 5, 4, 2});
    DictionaryAttr a =
        attrs({str("padding", padding), ints("ksize", {1, 2, 3, 2, 1}),
               ints("strides", {1, 1, 2, 2, 1})});
    DictionaryAttr an = attrs(
        {str("padding", padding), str("data_format", "NCDHW"),
         ints("ksize", {1, 1, 2, 3, 2}), ints("strides", {1, 1, 1, 2, 2})});
    HostTensor y = eval("MaxPool3D", {x}, a);
    HostTensor dy = rand64(shapeOf(y));
    std::vector<double> maxExpected = numericGrad(
        x,
        [&](const HostTensor &xi) {
          return dot(dy, eval("MaxPool3D", {xi}, a));
        },
        1e-7);
    expectNear(eval("MaxPool3DGrad", {x, y, dy}, a), shapeOf(x), maxExpected,
               1e-6);
    expectNear(eval("MaxPool3DGrad", {toNCDHW(x), toNCDHW(y), toNCDHW(dy)}, an),
               shapeOf(toNCDHW(x)),
               doubles(toNCDHW(f64(shapeOf(x), maxExpected))), 1e-6);

    // The gradient of MaxPool3DGrad in dy.
    HostTensor g = rand64(shapeOf(x));
    std::vector<double> ggExpected = numericGrad(
        dy,
        [&](const HostTensor &d) {
          return dot(g, eval("MaxPool3DGrad", {x, y, d}, a));
        },
        0.5);
    expectNear(eval("MaxPool3DGradGrad", {x, y, g}, a), shapeOf(y), ggExpected,
               1e-9);
    expectNear(
        eval("MaxPool3DGradGrad", {toNCDHW(x), toNCDHW(y), toNCDHW(g)}, an),
        shapeOf(toNCDHW(y)), doubles(toNCDHW(f64(shapeOf(y), ggExpected))),
        1e-9);

    HostTensor ya = eval("AvgPool3D", {x}, a);
    HostTensor dya = rand64(shapeOf(ya));
    std::vector<double> avgExpected = numericGrad(
        x,
        [&](const HostTensor &xi) {
          return dot(dya, eval("AvgPool3D", {xi}, a));
        },
        0.5);
    expectNear(eval("AvgPool3DGrad", {vec({2, 3, 5, 4, 2}), dya}, a),
               shapeOf(x), avgExpected, 1e-9);
    expectNear(eval("AvgPool3DGrad", {vec({2, 2, 3, 5, 4}), toNCDHW(dya)}, an),
               shapeOf(toNCDHW(x)),
               doubles(toNCDHW(f64(shapeOf(x), avgExpected))), 1e-9);
  }
}

TEST_F(Pool3DGradTest, Errors) {
  HostTensor x = rand64({1, 4, 4, 4, 1});
  DictionaryAttr a =
      attrs({str("padding", "VALID"), ints("ksize", {1, 2, 2, 2, 1}),
             ints("strides", {1, 2, 2, 2, 1})});
  HostTensor y = eval("MaxPool3D", {x}, a);
  // A grad of the wrong shape, a wrong orig_output, a window over
  // channels, rank 4, int input, EXPLICIT padding, an unknown format.
  EXPECT_NE(error("MaxPool3DGrad", {x, y, rand64({1, 3, 3, 3, 1})}, a), "");
  EXPECT_NE(error("MaxPool3DGrad", {x, x, x}, a), "");
  EXPECT_NE(error("MaxPool3DGradGrad", {x, y, y}, a), "");
  EXPECT_NE(
      error("MaxPool3DGrad", {x, y, y},
            attrs({str("padding", "VALID"), ints("ksize", {1, 2, 2, 2, 2}),
                   ints("strides", {1, 2, 2, 2, 1})})),
      "");
  EXPECT_NE(
      error("MaxPool3DGrad",
            {rand64({1, 4, 4, 1}), rand64({1, 2, 2, 1}), rand64({1, 2, 2, 1})},
            a),
      "");
  EXPECT_NE(error("MaxPool3DGrad",
                  {iota({1, 4, 4, 4, 1}), iota({1, 2, 2, 2, 1}),
                   iota({1, 2, 2, 2, 1})},
                  a),
            "");
  EXPECT_NE(
      error("MaxPool3DGrad", {x, y, y},
            attrs({str("padding", "EXPLICIT"), ints("ksize", {1, 2, 2, 2, 1}),
                   ints("strides", {1, 2, 2, 2, 1})})),
      "");
  EXPECT_NE(error("MaxPool3DGrad", {x, y, y},
                  attrs({str("padding", "VALID"), str("data_format", "NHWC"),
                         ints("ksize", {1, 2, 2, 2, 1}),
                         ints("strides", {1, 2, 2, 2, 1})})),
            "");
  // AvgPool3DGrad: a shape of 4, a negative size, a grad of the wrong
  // shape, a shape overflowing int64.
  EXPECT_NE(error("AvgPool3DGrad", {vec({1, 4, 4, 4}), y}, a), "");
  EXPECT_NE(error("AvgPool3DGrad", {vec({1, -4, 4, 4, 1}), y}, a), "");
  EXPECT_NE(error("AvgPool3DGrad", {vec({1, 4, 4, 4, 1}), x}, a), "");
  EXPECT_NE(
      error("AvgPool3DGrad",
            {vec({1 << 30, 1 << 30, 4, 4, 1 << 30}), rand64({1, 1, 1, 1, 1})},
            a),
      "");
}
} // namespace
