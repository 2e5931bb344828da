//===- RemapperKernelsTest.cpp - Tests of the remapper's fused kernels ----===//
//
// The kernels the remapper's host target emits beyond the 2-D contractions:
// _FusedConv3D (against Conv3D, then the epilogue computed here in double),
// _MklSwish and the fused epilogue `_MklSwish` (against x / (1 + exp(-x))
// computed here), and the comparisons with a Cast (against the comparison
// computed here); the errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class RemapperKernelsTest : public NNKernelTest {};

double swish(double x) { return x / (1.0 + std::exp(-x)); }

TEST_F(RemapperKernelsTest, FusedConv3D) {
  HostTensor x = random({2, 4, 5, 3, 2}), f = random({2, 3, 2, 2, 4});
  HostTensor bias = random({4});
  for (StringRef padding : {"SAME", "VALID"}) {
    DictionaryAttr conv =
        attrs({str("padding", padding), ints("strides", {1, 1, 2, 1, 1})});
    HostTensor plain = eval("Conv3D", {x, f}, conv);
    ASSERT_TRUE(static_cast<bool>(plain));
    struct Case {
      StringRef act;
      double (*fn)(double);
    };
    for (Case c :
         {Case{"Relu", [](double v) { return v < 0 ? 0.0 : v; }},
          Case{"Elu", [](double v) { return v < 0 ? std::expm1(v) : v; }},
          Case{"_MklSwish", swish}}) {
      SCOPED_TRACE((padding + " " + c.act).str());
      std::vector<double> expected;
      for (int64_t i = 0; i < plain.getNumElements(); ++i)
        expected.push_back(c.fn(plain.getDouble(i) + bias.getDouble(i % 4)));
      expectNear(
          eval("_FusedConv3D", {x, f, bias},
               attrs({str("padding", padding), ints("strides", {1, 1, 2, 1, 1}),
                      strs("fused_ops", {"BiasAdd", c.act}),
                      integer("num_args", 1)})),
          shapeOf(plain), expected);
    }
    // A residual Add.
    HostTensor addend = random(shapeOf(plain));
    std::vector<double> expected;
    for (int64_t i = 0; i < plain.getNumElements(); ++i)
      expected.push_back(plain.getDouble(i) + bias.getDouble(i % 4) +
                         addend.getDouble(i));
    expectNear(
        eval("_FusedConv3D", {x, f, bias, addend},
             attrs({str("padding", padding), ints("strides", {1, 1, 2, 1, 1}),
                    strs("fused_ops", {"BiasAdd", "Add"}),
                    integer("num_args", 2)})),
        shapeOf(plain), expected);
  }
  // NCDHW: the bias runs along dimension 1.
  HostTensor xn = random({1, 2, 4, 5, 3});
  DictionaryAttr ncdhw =
      attrs({str("padding", "VALID"), ints("strides", {1, 1, 1, 1, 1}),
             str("data_format", "NCDHW")});
  HostTensor plain = eval("Conv3D", {xn, f}, ncdhw);
  ASSERT_TRUE(static_cast<bool>(plain));
  int64_t volume = plain.getNumElements() / 4;
  std::vector<double> expected;
  for (int64_t i = 0; i < plain.getNumElements(); ++i)
    expected.push_back(
        std::max(0.0, plain.getDouble(i) + bias.getDouble(i / volume)));
  expectNear(
      eval("_FusedConv3D", {xn, f, bias},
           attrs({str("padding", "VALID"), ints("strides", {1, 1, 1, 1, 1}),
                  str("data_format", "NCDHW"),
                  strs("fused_ops", {"BiasAdd", "Relu"}),
                  integer("num_args", 1)})),
      shapeOf(plain), expected);
  // Errors: a bias of the wrong size, too few operands for fused_ops, an
  // unknown fused op.
  DictionaryAttr fused =
      attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1, 1}),
             strs("fused_ops", {"BiasAdd"}), integer("num_args", 1)});
  EXPECT_NE(error("_FusedConv3D", {x, f, random({3})}, fused), "");
  EXPECT_NE(
      error("_FusedConv3D", {x, f},
            attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1, 1}),
                   strs("fused_ops", {"BiasAdd"})})),
      "");
  EXPECT_NE(
      error("_FusedConv3D", {x, f, bias},
            attrs({str("padding", "SAME"), ints("strides", {1, 1, 1, 1, 1}),
                   strs("fused_ops", {"BiasAdd", "Softmax"}),
                   integer("num_args", 1)})),
      "");
}

TEST_F(RemapperKernelsTest, Swish) {
  HostTensor x = f32({6}, {-30.0, -2.0, -0.5, 0.0, 0.5, 3.0});
  std::vector<double> expected;
  for (int64_t i = 0; i < 6; ++i)
    expected.push_back(swish(x.getDouble(i)));
  expectNear(eval("_MklSwish", {x}), {6}, expected);
  HostTensor xd = f64({2}, {-1.0, 2.0});
  expectNear(eval("_MklSwish", {xd}), {2}, {swish(-1.0), swish(2.0)}, 1e-12);
  // Not defined on integers.
  EXPECT_NE(error("_MklSwish", {i32({2}, {1, 2})}), "");
}

TEST_F(RemapperKernelsTest, ComparisonWithCast) {
  HostTensor a = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor y = f32({3}, {2, 2, 7});
  struct Case {
    StringRef op;
    bool (*cmp)(double, double);
  };
  for (Case c :
       {Case{"_EqualWithCast", [](double p, double q) { return p == q; }},
        Case{"_NotEqualWithCast", [](double p, double q) { return p != q; }},
        Case{"_LessWithCast", [](double p, double q) { return p < q; }},
        Case{"_LessEqualWithCast", [](double p, double q) { return p <= q; }},
        Case{"_GreaterWithCast", [](double p, double q) { return p > q; }},
        Case{"_GreaterEqualWithCast",
             [](double p, double q) { return p >= q; }}}) {
    SCOPED_TRACE(c.op.str());
    std::vector<double> expected;
    for (int64_t i = 0; i < 6; ++i)
      expected.push_back(c.cmp(a.getDouble(i), y.getDouble(i % 3)) ? 1 : 0);
    for (Type dst :
         {Type(b.getF32Type()), Type(b.getBF16Type()), Type(b.getF64Type())}) {
      HostTensor r =
          eval(c.op, {a, y},
               attrs({b.getNamedAttr("T", TypeAttr::get(b.getF32Type())),
                      b.getNamedAttr("DstT", TypeAttr::get(dst))}));
      ASSERT_TRUE(static_cast<bool>(r));
      EXPECT_EQ(r.getElementType(), dst);
      expectNear(r, {2, 3}, expected, 0);
    }
  }
  // Errors: no DstT, one operand, shapes that do not broadcast.
  NamedAttribute dst = b.getNamedAttr("DstT", TypeAttr::get(b.getF32Type()));
  EXPECT_NE(error("_LessWithCast", {a, y}), "");
  EXPECT_NE(error("_LessWithCast", {a}, attrs({dst})), "");
  EXPECT_NE(error("_LessWithCast", {a, f32({2}, {1, 2})}, attrs({dst})), "");
}
} // namespace
