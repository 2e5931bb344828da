//===- ConvKernelsTest.cpp - Tests of the convolution kernels -------------===//
//
// Conv2D, DepthwiseConv2dNative, Conv2DBackpropInput and the fused forms
// against a naive reference computed here (random data, small shapes):
// SAME/VALID/EXPLICIT padding, NHWC/NCHW, strides, dilations, channel
// multipliers, every fused epilogue, grouped convolutions, the dtypes, and
// the errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class ConvKernelsTest : public NNKernelTest {
protected:
  DictionaryAttr convAttrs(StringRef padding, ArrayRef<int64_t> strides,
                           ArrayRef<int64_t> dilations = {1, 1, 1, 1},
                           StringRef format = "NHWC") {
    return attrs({str("padding", padding), ints("strides", strides),
                  ints("dilations", dilations), str("data_format", format)});
  }
};

TEST_F(ConvKernelsTest, HandChecked) {
  HostTensor x = f32({1, 3, 3, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  HostTensor f = f32({2, 2, 1, 1}, {1, 2, 3, 4});
  expectNear(eval("Conv2D", {x, f}, convAttrs("VALID", {1, 1, 1, 1})),
             {1, 2, 2, 1}, {37, 47, 67, 77});
  // SAME pads one row and column after: the last ones see zeros.
  expectNear(eval("Conv2D", {x, f}, convAttrs("SAME", {1, 1, 1, 1})),
             {1, 3, 3, 1}, {37, 47, 21, 67, 77, 33, 23, 26, 9});
  expectNear(eval("Conv2D", {x, f}, convAttrs("SAME", {1, 2, 2, 1})),
             {1, 2, 2, 1}, {37, 21, 23, 9});
  // Depthwise with multiplier 2: the second output channel doubles.
  HostTensor f2 = f32({2, 2, 1, 2}, {1, 2, 2, 4, 3, 6, 4, 8});
  expectNear(
      eval("DepthwiseConv2dNative", {x, f2}, convAttrs("VALID", {1, 1, 1, 1})),
      {1, 2, 2, 2}, {37, 74, 47, 94, 67, 134, 77, 154});
}

TEST_F(ConvKernelsTest, Conv2DAgainstReference) {
  struct Case {
    std::vector<int64_t> x, f;
    int64_t stride, dilation;
    bool isSame;
  };
  std::vector<Case> cases = {
      {{2, 7, 6, 3}, {3, 3, 3, 5}, 1, 1, true},
      {{2, 7, 6, 3}, {3, 3, 3, 5}, 2, 1, true},
      {{2, 7, 6, 3}, {3, 3, 3, 5}, 2, 1, false},
      {{1, 8, 9, 2}, {3, 2, 2, 4}, 1, 2, true},
      {{1, 9, 8, 2}, {2, 3, 2, 3}, 1, 2, false},
      {{1, 9, 9, 20}, {3, 3, 20, 37}, 1, 1, true},
      {{1, 6, 7, 40}, {3, 3, 40, 17}, 2, 1, true},
      {{2, 5, 5, 7}, {1, 1, 7, 19}, 1, 1, true},
      {{2, 5, 5, 7}, {1, 1, 7, 19}, 2, 1, false},
      {{3, 11, 13, 4}, {5, 5, 4, 33}, 3, 1, true},
  };
  for (const Case &c : cases) {
    HostTensor x = random(c.x), f = random(c.f);
    Dim h = c.isSame ? same(c.x[1], c.f[0], c.stride, c.dilation)
                     : valid(c.x[1], c.f[0], c.stride, c.dilation);
    Dim w = c.isSame ? same(c.x[2], c.f[1], c.stride, c.dilation)
                     : valid(c.x[2], c.f[1], c.stride, c.dilation);
    std::vector<double> ref =
        refConv(x, f, c.stride, c.stride, c.dilation, c.dilation, h, w);
    std::vector<int64_t> shape = {c.x[0], h.out, w.out, c.f[3]};
    DictionaryAttr a =
        convAttrs(c.isSame ? "SAME" : "VALID", {1, c.stride, c.stride, 1},
                  {1, c.dilation, c.dilation, 1});
    SCOPED_TRACE(shapeStr(c.x) + " * " + shapeStr(c.f));
    expectNear(eval("Conv2D", {x, f}, a), shape, ref);
    // NCHW: the same numbers, moved.
    DictionaryAttr an =
        convAttrs(c.isSame ? "SAME" : "VALID", {1, 1, c.stride, c.stride},
                  {1, 1, c.dilation, c.dilation}, "NCHW");
    HostTensor rn = eval("Conv2D", {toNCHW(x), f}, an);
    ASSERT_TRUE(static_cast<bool>(rn));
    expectNear(toNHWC(rn), shape, ref);
  }
}

TEST_F(ConvKernelsTest, ExplicitPadding) {
  HostTensor x = random({2, 5, 6, 3}), f = random({3, 2, 3, 4});
  DictionaryAttr a =
      attrs({str("padding", "EXPLICIT"), ints("strides", {1, 2, 1, 1}),
             ints("explicit_paddings", {0, 0, 1, 2, 2, 0, 0, 0})});
  // h: (5 + 3 - 3 + 2) / 2 = 3; w: 6 + 2 - 2 + 1 = 7.
  std::vector<double> ref = refConv(x, f, 2, 1, 1, 1, {3, 1}, {7, 2});
  expectNear(eval("Conv2D", {x, f}, a), {2, 3, 7, 4}, ref);
  DictionaryAttr an =
      attrs({str("padding", "EXPLICIT"), ints("strides", {1, 1, 2, 1}),
             str("data_format", "NCHW"),
             ints("explicit_paddings", {0, 0, 0, 0, 1, 2, 2, 0})});
  expectNear(toNHWC(eval("Conv2D", {toNCHW(x), f}, an)), {2, 3, 7, 4}, ref);
  EXPECT_NE(
      error("Conv2D", {x, f},
            attrs({str("padding", "EXPLICIT"), ints("strides", {1, 1, 1, 1}),
                   ints("explicit_paddings", {1, 0, 0, 0, 0, 0, 0, 0})})),
      "");
  EXPECT_NE(
      error("Conv2D", {x, f},
            attrs({str("padding", "EXPLICIT"), ints("strides", {1, 1, 1, 1}),
                   ints("explicit_paddings", {0, 0, 0, 0})})),
      "");
  EXPECT_NE(
      error("Conv2D", {x, f},
            attrs({str("padding", "EXPLICIT"), ints("strides", {1, 1, 1, 1}),
                   ints("explicit_paddings", {0, 0, -1, 0, 0, 0, 0, 0})})),
      "");
}

TEST_F(ConvKernelsTest, DepthwiseAgainstReference) {
  struct Case {
    std::vector<int64_t> x, f;
    int64_t stride, dilation;
    bool isSame;
  };
  std::vector<Case> cases = {
      {{2, 7, 6, 3}, {3, 3, 3, 1}, 1, 1, true},
      {{2, 7, 6, 3}, {3, 3, 3, 2}, 2, 1, true},
      {{1, 8, 8, 5}, {3, 3, 5, 2}, 1, 2, false},
      {{1, 9, 7, 16}, {5, 5, 16, 1}, 2, 1, true},
      {{1, 6, 6, 4}, {3, 3, 4, 3}, 2, 2, true},
  };
  for (const Case &c : cases) {
    HostTensor x = random(c.x), f = random(c.f);
    Dim h = c.isSame ? same(c.x[1], c.f[0], c.stride, c.dilation)
                     : valid(c.x[1], c.f[0], c.stride, c.dilation);
    Dim w = c.isSame ? same(c.x[2], c.f[1], c.stride, c.dilation)
                     : valid(c.x[2], c.f[1], c.stride, c.dilation);
    std::vector<double> ref =
        refConv(x, f, c.stride, c.stride, c.dilation, c.dilation, h, w, c.f[3]);
    std::vector<int64_t> shape = {c.x[0], h.out, w.out, c.x[3] * c.f[3]};
    SCOPED_TRACE(shapeStr(c.x) + " * " + shapeStr(c.f));
    expectNear(
        eval("DepthwiseConv2dNative", {x, f},
             convAttrs(c.isSame ? "SAME" : "VALID", {1, c.stride, c.stride, 1},
                       {1, c.dilation, c.dilation, 1})),
        shape, ref);
    HostTensor rn =
        eval("DepthwiseConv2dNative", {toNCHW(x), f},
             convAttrs(c.isSame ? "SAME" : "VALID", {1, 1, c.stride, c.stride},
                       {1, 1, c.dilation, c.dilation}, "NCHW"));
    ASSERT_TRUE(static_cast<bool>(rn));
    expectNear(toNHWC(rn), shape, ref);
  }
}

/// The fused epilogue applied to a reference output (channels last).
static std::vector<double> epilogue(std::vector<double> y, int64_t channels,
                                    ArrayRef<StringRef> ops,
                                    ArrayRef<const HostTensor *> args,
                                    double alpha = 0.2) {
  size_t arg = 0;
  for (StringRef op : ops) {
    for (size_t i = 0; i < y.size(); ++i) {
      int64_t c = i % channels;
      double &v = y[i];
      if (op == "BiasAdd") {
        v += args[arg]->getDouble(c);
      } else if (op == "FusedBatchNorm") {
        double s = args[arg]->getDouble(c) /
                   std::sqrt(args[arg + 3]->getDouble(c) + 0.001);
        v = (v - args[arg + 2]->getDouble(c)) * s + args[arg + 1]->getDouble(c);
      } else if (op == "Add") {
        v += args[arg]->getDouble(i);
      } else if (op == "Relu") {
        v = std::max(v, 0.0);
      } else if (op == "Relu6") {
        v = std::min(std::max(v, 0.0), 6.0);
      } else if (op == "Elu") {
        v = v < 0 ? std::expm1(v) : v;
      } else if (op == "LeakyRelu") {
        v = v < 0 ? alpha * v : v;
      } else if (op == "Sigmoid") {
        v = 1 / (1 + std::exp(-v));
      } else if (op == "Tanh") {
        v = std::tanh(v);
      } else if (op == "Prelu") {
        int64_t n = args[arg]->getNumElements();
        v = v < 0 ? args[arg]->getDouble(n == 1 ? 0 : c) * v : v;
      }
    }
    arg += op == "FusedBatchNorm"                              ? 4
           : (op == "BiasAdd" || op == "Add" || op == "Prelu") ? 1
                                                               : 0;
  }
  return y;
}

TEST_F(ConvKernelsTest, FusedOps) {
  HostTensor x = random({2, 6, 5, 3}), f = random({3, 3, 3, 20});
  HostTensor fd = random({3, 3, 3, 2});
  HostTensor bias = random({20}), bias6 = random({6});
  HostTensor scale = random({20}), offset = random({20}), mean = random({20});
  HostTensor var = llvm::cantFail(HostTensor::create(b.getF32Type(), {20}));
  for (int i = 0; i < 20; ++i)
    var.setDouble(i, 0.5 + i * 0.1);
  HostTensor addend = random({2, 6, 5, 20}), addend6 = random({2, 6, 5, 6});
  HostTensor alphas = random({20}), alphas6 = random({6});
  Dim h = same(6, 3, 1), w = same(5, 3, 1);
  std::vector<double> conv = refConv(x, f, 1, 1, 1, 1, h, w);
  std::vector<double> dw = refConv(x, fd, 1, 1, 1, 1, h, w, 2);
  struct Case {
    std::vector<StringRef> ops;
    std::vector<const HostTensor *> args, args6;
  };
  std::vector<Case> cases = {
      {{"BiasAdd"}, {&bias}, {&bias6}},
      {{"BiasAdd", "Relu"}, {&bias}, {&bias6}},
      {{"BiasAdd", "Relu6"}, {&bias}, {&bias6}},
      {{"BiasAdd", "Elu"}, {&bias}, {&bias6}},
      {{"BiasAdd", "LeakyRelu"}, {&bias}, {&bias6}},
      {{"BiasAdd", "Sigmoid"}, {&bias}, {&bias6}},
      {{"BiasAdd", "Tanh"}, {&bias}, {&bias6}},
      {{"BiasAdd", "Prelu"}, {&bias, &alphas}, {&bias6, &alphas6}},
      {{"BiasAdd", "Add"}, {&bias, &addend}, {&bias6, &addend6}},
      {{"BiasAdd", "Add", "Relu"}, {&bias, &addend}, {&bias6, &addend6}},
      {{"Relu"}, {}, {}},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.ops.front().str() + " " + c.ops.back().str());
    auto run = [&](StringRef op, const HostTensor &filter,
                   ArrayRef<const HostTensor *> args) {
      std::vector<HostTensor> operands = {x, filter};
      for (const HostTensor *t : args)
        operands.push_back(*t);
      return eval(
          op, operands,
          attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1}),
                 strs("fused_ops", c.ops), integer("num_args", args.size()),
                 real("leakyrelu_alpha", 0.3)}));
    };
    expectNear(run("_FusedConv2D", f, c.args), {2, 6, 5, 20},
               epilogue(conv, 20, c.ops, c.args, 0.3));
    expectNear(run("FusedDepthwiseConv2dNative", fd, c.args6), {2, 6, 5, 6},
               epilogue(dw, 6, c.ops, c.args6, 0.3));
  }
  // FusedBatchNorm (epsilon 0.001), with and without Relu.
  for (std::vector<StringRef> ops :
       {std::vector<StringRef>{"FusedBatchNorm"},
        std::vector<StringRef>{"FusedBatchNorm", "Relu"}}) {
    HostTensor r =
        eval("_FusedConv2D", {x, f, scale, offset, mean, var},
             attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1}),
                    strs("fused_ops", ops), integer("num_args", 4),
                    real("epsilon", 0.001)}));
    expectNear(r, {2, 6, 5, 20},
               epilogue(conv, 20, ops, {&scale, &offset, &mean, &var}));
  }
  // A scalar Prelu alpha (TF.js) and NCHW with an addend.
  HostTensor one = f32({1}, {0.25});
  expectNear(eval("FusedConv2D", {x, f, bias, one},
                  attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1}),
                         strs("fused_ops", {"BiasAdd", "Prelu"}),
                         integer("num_args", 2)})),
             {2, 6, 5, 20},
             epilogue(conv, 20, {"BiasAdd", "Prelu"}, {&bias, &one}));
  HostTensor rn =
      eval("_FusedConv2D", {toNCHW(x), f, bias, toNCHW(addend)},
           attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1}),
                  str("data_format", "NCHW"),
                  strs("fused_ops", {"BiasAdd", "Add", "Relu"}),
                  integer("num_args", 2)}));
  ASSERT_TRUE(static_cast<bool>(rn));
  expectNear(toNHWC(rn), {2, 6, 5, 20},
             epilogue(conv, 20, {"BiasAdd", "Add", "Relu"}, {&bias, &addend}));
  // Errors: unknown op, wrong arg counts and shapes.
  auto fusedError = [&](ArrayRef<StringRef> ops, ArrayRef<HostTensor> args,
                        int64_t numArgs) {
    std::vector<HostTensor> operands = {x, f};
    operands.insert(operands.end(), args.begin(), args.end());
    return error("_FusedConv2D", operands,
                 attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1}),
                        strs("fused_ops", ops), integer("num_args", numArgs)}));
  };
  EXPECT_NE(fusedError({"BiasAdd", "Swish"}, {bias}, 1).find("Swish"),
            std::string::npos);
  EXPECT_NE(fusedError({"BiasAdd"}, {bias}, 2), "");
  EXPECT_NE(fusedError({"BiasAdd"}, {bias6}, 1), "");
  EXPECT_NE(fusedError({"BiasAdd"}, {}, 0), "");
  EXPECT_NE(fusedError({"BiasAdd"}, {bias, bias}, 2), "");
  EXPECT_NE(fusedError({"BiasAdd", "Add"}, {bias, addend6}, 2), "");
  EXPECT_NE(fusedError({"Relu", "BiasAdd"}, {bias}, 1), "");
}

TEST_F(ConvKernelsTest, BackpropInput) {
  struct Case {
    std::vector<int64_t> in, f;
    int64_t stride;
    bool isSame;
  };
  std::vector<Case> cases = {
      {{1, 5, 5, 3}, {3, 3, 3, 4}, 1, true},
      {{2, 8, 7, 3}, {3, 3, 3, 5}, 2, true},
      {{1, 9, 9, 2}, {4, 4, 2, 3}, 2, false},
      {{1, 6, 6, 20}, {2, 2, 20, 40}, 2, false},
  };
  for (const Case &c : cases) {
    Dim h = c.isSame ? same(c.in[1], c.f[0], c.stride)
                     : valid(c.in[1], c.f[0], c.stride);
    Dim w = c.isSame ? same(c.in[2], c.f[1], c.stride)
                     : valid(c.in[2], c.f[1], c.stride);
    HostTensor f = random(c.f);
    HostTensor dy = random({c.in[0], h.out, w.out, c.f[3]});
    std::vector<double> ref(c.in[0] * c.in[1] * c.in[2] * c.in[3], 0.0);
    for (int64_t n = 0; n < c.in[0]; ++n)
      for (int64_t oy = 0; oy < h.out; ++oy)
        for (int64_t ox = 0; ox < w.out; ++ox)
          for (int64_t ky = 0; ky < c.f[0]; ++ky)
            for (int64_t kx = 0; kx < c.f[1]; ++kx) {
              int64_t y = oy * c.stride - h.before + ky;
              int64_t z = ox * c.stride - w.before + kx;
              if (y < 0 || y >= c.in[1] || z < 0 || z >= c.in[2])
                continue;
              for (int64_t ci = 0; ci < c.in[3]; ++ci)
                for (int64_t o = 0; o < c.f[3]; ++o)
                  ref[((n * c.in[1] + y) * c.in[2] + z) * c.in[3] + ci] +=
                      dy.getDouble(((n * h.out + oy) * w.out + ox) * c.f[3] +
                                   o) *
                      f.getDouble(((ky * c.f[1] + kx) * c.in[3] + ci) * c.f[3] +
                                  o);
            }
    SCOPED_TRACE(shapeStr(c.in));
    expectNear(eval("Conv2DBackpropInput", {vec(c.in), f, dy},
                    convAttrs(c.isSame ? "SAME" : "VALID",
                              {1, c.stride, c.stride, 1})),
               c.in, ref);
    std::vector<int64_t> nchwIn = {c.in[0], c.in[3], c.in[1], c.in[2]};
    HostTensor rn =
        eval("Conv2DBackpropInput", {vec(nchwIn), f, toNCHW(dy)},
             convAttrs(c.isSame ? "SAME" : "VALID", {1, 1, c.stride, c.stride},
                       {1, 1, 1, 1}, "NCHW"));
    ASSERT_TRUE(static_cast<bool>(rn));
    expectNear(toNHWC(rn), c.in, ref);
  }
  HostTensor f = random({3, 3, 3, 4}), dy = random({1, 5, 5, 4});
  DictionaryAttr a = convAttrs("SAME", {1, 1, 1, 1});
  EXPECT_NE(error("Conv2DBackpropInput", {vec({1, 6, 5, 3}), f, dy}, a), "");
  EXPECT_NE(error("Conv2DBackpropInput", {vec({1, 5, 5, 2}), f, dy}, a), "");
  EXPECT_NE(error("Conv2DBackpropInput", {vec({1, 5, 5}), f, dy}, a), "");
  EXPECT_NE(error("Conv2DBackpropInput", {vec({1, -5, 5, 3}), f, dy}, a), "");
}

TEST_F(ConvKernelsTest, DTypes) {
  HostTensor x = random({1, 5, 4, 3}), f = random({2, 2, 3, 4});
  std::vector<double> ref =
      refConv(x, f, 1, 1, 1, 1, same(5, 2, 1), same(4, 2, 1));
  DictionaryAttr a = convAttrs("SAME", {1, 1, 1, 1});
  for (Type type : {b.getF64Type(), b.getF16Type(), b.getBF16Type()}) {
    HostTensor xt = llvm::cantFail(HostTensor::create(type, {1, 5, 4, 3}));
    HostTensor ft = llvm::cantFail(HostTensor::create(type, {2, 2, 3, 4}));
    // The rounded operands give the reference.
    for (int64_t i = 0; i < xt.getNumElements(); ++i)
      xt.setDouble(i, x.getDouble(i));
    for (int64_t i = 0; i < ft.getNumElements(); ++i)
      ft.setDouble(i, f.getDouble(i));
    std::vector<double> r =
        refConv(xt, ft, 1, 1, 1, 1, same(5, 2, 1), same(4, 2, 1));
    HostTensor out = eval("Conv2D", {xt, ft}, a);
    ASSERT_TRUE(static_cast<bool>(out));
    EXPECT_EQ(out.getElementType(), type);
    expectNear(out, {1, 5, 4, 4}, r, type.isF64() ? 1e-12 : 2e-2);
  }
  // A splat filter expands.
  HostTensor ones = splatF32({2, 2, 3, 4}, 1.0);
  HostTensor r = eval("Conv2D", {x, ones}, a);
  ASSERT_TRUE(static_cast<bool>(r));
  EXPECT_NEAR(r.getDouble(0),
              refConv(x, ones, 1, 1, 1, 1, same(5, 2, 1), same(4, 2, 1))[0],
              1e-5);
  EXPECT_NE(
      error("Conv2D", {i32({1, 1, 1, 1}, {1}), i32({1, 1, 1, 1}, {1})}, a), "");
  HostTensor f64 =
      llvm::cantFail(HostTensor::create(b.getF64Type(), {2, 2, 3, 4}));
  EXPECT_NE(error("Conv2D", {x, f64}, a), "");
}

TEST_F(ConvKernelsTest, Errors) {
  HostTensor x = random({1, 5, 5, 3}), f = random({3, 3, 3, 4});
  DictionaryAttr a = convAttrs("SAME", {1, 1, 1, 1});
  EXPECT_NE(error("Conv2D", {random({5, 5, 3}), f}, a), "");
  EXPECT_NE(error("Conv2D", {x, random({3, 3, 4})}, a), "");
  EXPECT_NE(error("Conv2D", {x, random({3, 3, 2, 4})}, a).find("channels"),
            std::string::npos);
  EXPECT_NE(
      error("Conv2D", {x, f}, convAttrs("FULL", {1, 1, 1, 1})).find("padding"),
      std::string::npos);
  EXPECT_NE(error("Conv2D", {x, f}, convAttrs("SAME", {1, 0, 1, 1})), "");
  EXPECT_NE(error("Conv2D", {x, f}, convAttrs("SAME", {2, 1, 1, 1})), "");
  EXPECT_NE(error("Conv2D", {x, f}, convAttrs("SAME", {1, 1, 1})), "");
  EXPECT_NE(
      error("Conv2D", {x, f}, convAttrs("SAME", {1, 1, 1, 1}, {1, 0, 1, 1})),
      "");
  EXPECT_NE(error("Conv2D", {x, f},
                  convAttrs("SAME", {1, 1, 1, 1}, {1, 1, 1, 1}, "NCDHW")),
            "");
  EXPECT_NE(error("Conv2D", {x, f}, attrs({str("padding", "SAME")})), "");
  // Overflowing strides and dilations, a negative VALID output, a result
  // beyond the bound.
  EXPECT_NE(error("Conv2D", {x, f}, convAttrs("SAME", {1, INT64_MAX, 1, 1})),
            "");
  EXPECT_NE(
      error("Conv2D", {x, f},
            convAttrs("VALID", {1, 1, 1, 1}, {1, int64_t(1) << 62, 1, 1})),
      "");
  EXPECT_NE(error("Conv2D", {x, random({7, 7, 3, 4})},
                  convAttrs("VALID", {1, 1, 1, 1})),
            "");
  EXPECT_NE(error("Conv2D", {x, f}, a, 50).find("bound"), std::string::npos);
  EXPECT_NE(error("DepthwiseConv2dNative", {x, random({3, 3, 2, 1})}, a), "");
  EXPECT_NE(error("Conv2D", {x}, a), "");
}

/// A grouped convolution is the concatenation over groups of the plain
/// convolution of the group's input channels by its filter columns.
TEST_F(ConvKernelsTest, Grouped) {
  // Hand-checked: two pixels of two channels, groups of one channel.
  HostTensor x = f32({1, 1, 2, 2}, {1, 2, 3, 4});
  expectNear(eval("Conv2D", {x, f32({1, 1, 1, 2}, {10, 100})},
                  convAttrs("VALID", {1, 1, 1, 1})),
             {1, 1, 2, 2}, {10, 200, 30, 400});
  // A 1x2 window: channel 0 is 1*1 + 3*3, channel 1 is 2*2 + 4*4.
  expectNear(eval("Conv2D", {x, f32({1, 2, 1, 2}, {1, 2, 3, 4})},
                  convAttrs("VALID", {1, 1, 1, 1})),
             {1, 1, 1, 2}, {10, 20});
  struct Case {
    std::vector<int64_t> x, f;
    int64_t stride;
    bool isSame;
  };
  std::vector<Case> cases = {
      {{2, 6, 5, 6}, {3, 3, 2, 6}, 1, true},   // 3 groups
      {{1, 7, 7, 8}, {3, 2, 2, 12}, 2, false}, // 4 groups
      {{1, 5, 6, 4}, {1, 1, 1, 8}, 1, true},   // 4 groups, 1x1
      {{2, 4, 4, 6}, {2, 2, 3, 2}, 1, true},   // 2 groups
  };
  for (const Case &c : cases) {
    int64_t inG = c.f[2], groups = c.x[3] / inG, outG = c.f[3] / groups;
    HostTensor xt = random(c.x), ft = random(c.f);
    Dim h = c.isSame ? same(c.x[1], c.f[0], c.stride)
                     : valid(c.x[1], c.f[0], c.stride);
    Dim w = c.isSame ? same(c.x[2], c.f[1], c.stride)
                     : valid(c.x[2], c.f[1], c.stride);
    int64_t pixels = c.x[0] * h.out * w.out;
    std::vector<double> ref(pixels * c.f[3]);
    for (int64_t g = 0; g < groups; ++g) {
      std::vector<int64_t> xs = {c.x[0], c.x[1], c.x[2], inG};
      std::vector<int64_t> fs = {c.f[0], c.f[1], inG, outG};
      HostTensor xg = llvm::cantFail(HostTensor::create(b.getF32Type(), xs));
      HostTensor fg = llvm::cantFail(HostTensor::create(b.getF32Type(), fs));
      for (int64_t i = 0; i < xg.getNumElements(); ++i)
        xg.setDouble(i, xt.getDouble(i / inG * c.x[3] + g * inG + i % inG));
      for (int64_t i = 0; i < fg.getNumElements(); ++i)
        fg.setDouble(i, ft.getDouble(i / outG * c.f[3] + g * outG + i % outG));
      std::vector<double> part =
          refConv(xg, fg, c.stride, c.stride, 1, 1, h, w);
      for (int64_t p = 0; p < pixels; ++p)
        for (int64_t o = 0; o < outG; ++o)
          ref[p * c.f[3] + g * outG + o] = part[p * outG + o];
    }
    std::vector<int64_t> shape = {c.x[0], h.out, w.out, c.f[3]};
    StringRef pad = c.isSame ? "SAME" : "VALID";
    SCOPED_TRACE(shapeStr(c.x) + " * " + shapeStr(c.f));
    expectNear(
        eval("Conv2D", {xt, ft}, convAttrs(pad, {1, c.stride, c.stride, 1})),
        shape, ref);
    HostTensor rn =
        eval("Conv2D", {toNCHW(xt), ft},
             convAttrs(pad, {1, 1, c.stride, c.stride}, {1, 1, 1, 1}, "NCHW"));
    ASSERT_TRUE(static_cast<bool>(rn));
    expectNear(toNHWC(rn), shape, ref);
    // _FusedConv2D: BiasAdd and Relu after the groups.
    HostTensor bias = random({c.f[3]});
    std::vector<double> fused = ref;
    for (size_t i = 0; i < fused.size(); ++i)
      fused[i] = std::max(0.0, fused[i] + bias.getDouble(i % c.f[3]));
    expectNear(eval("_FusedConv2D", {xt, ft, bias},
                    attrs({str("padding", pad),
                           ints("strides", {1, c.stride, c.stride, 1}),
                           strs("fused_ops", {"BiasAdd", "Relu"}),
                           integer("num_args", 1)})),
               shape, fused);
    HostTensor fn = eval("_FusedConv2D", {toNCHW(xt), ft, bias},
                         attrs({str("padding", pad), str("data_format", "NCHW"),
                                ints("strides", {1, 1, c.stride, c.stride}),
                                strs("fused_ops", {"BiasAdd", "Relu"}),
                                integer("num_args", 1)}));
    ASSERT_TRUE(static_cast<bool>(fn));
    expectNear(toNHWC(fn), shape, fused);
  }
  // Errors: channels not a multiple of the filter's, output channels not a
  // multiple of the groups, depthwise never groups.
  DictionaryAttr a = convAttrs("SAME", {1, 1, 1, 1});
  HostTensor x6 = random({1, 3, 3, 6});
  EXPECT_NE(error("Conv2D", {x6, random({1, 1, 4, 4})}, a).find("multiple"),
            std::string::npos);
  EXPECT_NE(error("Conv2D", {x6, random({1, 1, 2, 4})}, a).find("groups"),
            std::string::npos);
  EXPECT_NE(error("Conv2D", {x6, random({1, 1, 0, 3})}, a), "");
  EXPECT_NE(error("Conv2D", {random({1, 3, 3, 0}), random({1, 1, 2, 3})}, a),
            "");
  EXPECT_NE(error("DepthwiseConv2dNative", {x6, random({1, 1, 3, 1})}, a), "");
  // An empty output channel count is an empty result.
  EXPECT_EQ(eval("Conv2D", {x6, random({1, 1, 3, 0})}, a).getNumElements(), 0);
}
} // namespace

namespace {
TEST_F(ConvKernelsTest, Conv3D) {
  // Naive NDHWC reference.
  auto ref3 = [&](const HostTensor &x, const HostTensor &f, int64_t s,
                  int64_t d, bool isSame) {
    ArrayRef<int64_t> xs = x.getShape(), fs = f.getShape();
    Dim dims[3];
    for (int i = 0; i < 3; ++i)
      dims[i] =
          isSame ? same(xs[1 + i], fs[i], s, d) : valid(xs[1 + i], fs[i], s, d);
    std::vector<double> out;
    for (int64_t n = 0; n < xs[0]; ++n)
      for (int64_t a = 0; a < dims[0].out; ++a)
        for (int64_t bb = 0; bb < dims[1].out; ++bb)
          for (int64_t cc = 0; cc < dims[2].out; ++cc)
            for (int64_t o = 0; o < fs[4]; ++o) {
              double sum = 0;
              for (int64_t i = 0; i < fs[0]; ++i)
                for (int64_t j = 0; j < fs[1]; ++j)
                  for (int64_t l = 0; l < fs[2]; ++l) {
                    int64_t p = a * s - dims[0].before + i * d;
                    int64_t q = bb * s - dims[1].before + j * d;
                    int64_t t = cc * s - dims[2].before + l * d;
                    if (p < 0 || p >= xs[1] || q < 0 || q >= xs[2] || t < 0 ||
                        t >= xs[3])
                      continue;
                    for (int64_t c = 0; c < xs[4]; ++c)
                      sum += x.getDouble(
                                 (((n * xs[1] + p) * xs[2] + q) * xs[3] + t) *
                                     xs[4] +
                                 c) *
                             f.getDouble(
                                 (((i * fs[1] + j) * fs[2] + l) * fs[3] + c) *
                                     fs[4] +
                                 o);
                  }
              out.push_back(sum);
            }
    return std::make_pair(out,
                          std::vector<int64_t>{xs[0], dims[0].out, dims[1].out,
                                               dims[2].out, fs[4]});
  };
  for (auto [s, d, isSame] : {std::tuple<int64_t, int64_t, bool>{1, 1, true},
                              {2, 1, true},
                              {1, 2, false},
                              {2, 1, false}}) {
    HostTensor x = random({2, 5, 6, 4, 3}), f = random({3, 2, 3, 3, 5});
    auto [expected, shape] = ref3(x, f, s, d, isSame);
    SCOPED_TRACE(std::to_string(s) + " " + std::to_string(d));
    expectNear(eval("Conv3D", {x, f},
                    attrs({str("padding", isSame ? "SAME" : "VALID"),
                           ints("strides", {1, s, s, s, 1}),
                           ints("dilations", {1, d, d, d, 1})})),
               shape, expected);
    // NCDHW: [n, c, d, h, w].
    HostTensor xn =
        llvm::cantFail(HostTensor::create(b.getF32Type(), {2, 3, 5, 6, 4}));
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t p = 0; p < 120; ++p)
        for (int64_t c = 0; c < 3; ++c)
          xn.setDouble((n * 3 + c) * 120 + p,
                       x.getDouble((n * 120 + p) * 3 + c));
    HostTensor rn = eval("Conv3D", {xn, f},
                         attrs({str("padding", isSame ? "SAME" : "VALID"),
                                ints("strides", {1, 1, s, s, s}),
                                ints("dilations", {1, 1, d, d, d}),
                                str("data_format", "NCDHW")}));
    ASSERT_TRUE(static_cast<bool>(rn));
    int64_t volume = shape[1] * shape[2] * shape[3];
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t p = 0; p < volume; ++p)
        for (int64_t o = 0; o < 5; ++o)
          ASSERT_NEAR(rn.getDouble((n * 5 + o) * volume + p),
                      expected[(n * volume + p) * 5 + o], 1e-4);
  }
  HostTensor x = random({1, 4, 4, 4, 2}), f = random({2, 2, 2, 2, 3});
  DictionaryAttr a =
      attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1, 1})});
  EXPECT_NE(error("Conv3D", {x, random({2, 2, 2, 3, 3})}, a), "");
  EXPECT_NE(error("Conv3D", {random({1, 4, 4, 2}), f}, a), "");
  EXPECT_NE(error("Conv3D", {x, f},
                  attrs({str("padding", "EXPLICIT"),
                         ints("strides", {1, 1, 1, 1, 1})})),
            "");
  EXPECT_NE(
      error("Conv3D", {x, f},
            attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1})})),
      "");
  EXPECT_NE(
      error("Conv3D", {x, f},
            attrs({str("padding", "SAME"), ints("strides", {1, 0, 1, 1, 1})})),
      "");
  EXPECT_NE(error("Conv3D", {x, f},
                  attrs({str("padding", "SAME"), str("data_format", "NHWC"),
                         ints("strides", {1, 1, 1, 1, 1})})),
            "");
  // The 3-D window reader (NNSupport) that Conv3D, its backprops and the
  // 3-D pools share names what is wrong.
  EXPECT_NE(
      error("Conv3D", {x, f},
            attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1, 2})}))
          .find("strides and dilations must be 1 in the batch and "
                "channel dimensions"),
      std::string::npos);
  EXPECT_NE(error("Conv3D", {x, f},
                  attrs({str("padding", "EXPLICIT"),
                         ints("strides", {1, 1, 1, 1, 1})}))
                .find("Conv3D does not take EXPLICIT padding"),
            std::string::npos);
  EXPECT_NE(
      error("MaxPool3D", {x},
            attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1, 1})}))
          .find("missing attribute 'ksize'"),
      std::string::npos);
  EXPECT_NE(error("AvgPool3D", {x},
                  attrs({str("padding", "SAME"), str("data_format", "NCDHW"),
                         ints("ksize", {1, 2, 1, 1, 1}),
                         ints("strides", {1, 1, 1, 1, 1})}))
                .find("strides and ksize must be 1 in the batch and channel "
                      "dimensions"),
            std::string::npos);
}

TEST_F(ConvKernelsTest, AliasesAndEmpty) {
  HostTensor x = random({1, 5, 5, 3}), f = random({3, 3, 3, 1});
  DictionaryAttr a = convAttrs("SAME", {1, 1, 1, 1});
  EXPECT_TRUE(eval("DepthwiseConv2d", {x, f}, a)
                  .isBitEqual(eval("DepthwiseConv2dNative", {x, f}, a)));
  // No output channels: empty results, and a zero gradient.
  EXPECT_EQ(eval("Conv2D", {x, random({3, 3, 3, 0})}, a).getNumElements(), 0);
  HostTensor r =
      eval("Conv2DBackpropInput",
           {vec({1, 5, 5, 3}), random({3, 3, 3, 0}), random({1, 5, 5, 0})}, a);
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{1, 5, 5, 3}));
  EXPECT_EQ(r.getDouble(7), 0.0);
  EXPECT_EQ(eval("Conv2D", {random({0, 5, 5, 3}), random({3, 3, 3, 2})}, a)
                .getNumElements(),
            0);
}
} // namespace
