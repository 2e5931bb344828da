//===- ReductionKernelsTest.cpp - Tests of the reduction kernels ----------===//
//
// Sum, Prod, Mean, Max, Min, All, Any, ArgMax and ArgMin on host tensors:
// axes (negative, repeated, keep_dims), empty reductions, integer wrap and
// truncation, NaN, splats, and errors.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
class ReductionKernelsTest : public HostKernelTest {
protected:
  HostTensor bools(ArrayRef<int64_t> shape, ArrayRef<int64_t> vals) {
    return ints(b.getI1Type(), shape, vals);
  }
  DictionaryAttr keep() {
    return b.getDictionaryAttr(
        b.getNamedAttr("keep_dims", b.getBoolAttr(true)));
  }
};

TEST_F(ReductionKernelsTest, SumAxes) {
  HostTensor r = eval("Sum", {iota({2, 3}), scalar(0)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{3, 5, 7}));
  r = eval("Sum", {iota({2, 3}), i64({1}, {-1})}, keep());
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{3, 12}));
  r = eval("Sum", {iota({2, 3}), vec({1, 0})});
  EXPECT_EQ(r.getRank(), 0);
  EXPECT_EQ(r.getInt(0), 15);
  // No axes: the operand unchanged.
  r = eval("Sum", {iota({2, 3}), vec({})});
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  // Middle axis of a rank-3 tensor.
  r = eval("Sum", {iota({2, 3, 2}), scalar(1)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{6, 9, 24, 27}));
  // Int8 wraps.
  r = eval("Sum", {ints(b.getIntegerType(8), {2}, {100, 100}), scalar(0)});
  EXPECT_EQ(r.getInt(0), -56);
  // A splat.
  r = eval("Sum", {splatF32({4, 5}, 0.5), scalar(1)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4}));
  EXPECT_EQ(r.getDouble(3), 2.5);
  EXPECT_TRUE(llvm::is_contained(getOpsWithEvalKernels(), "ArgMin"));
}

TEST_F(ReductionKernelsTest, Errors) {
  EXPECT_NE(error("Sum", {iota({2, 3}), vec({1, -1})}).find("repeated"),
            std::string::npos);
  EXPECT_NE(error("Sum", {iota({2, 3}), scalar(2)}).find("out of range"),
            std::string::npos);
  EXPECT_NE(error("Sum", {iota({2, 3}), f32({}, {0})}), "");
  EXPECT_NE(error("Sum", {bools({2}, {1, 0}), scalar(0)}), "");
  EXPECT_NE(error("All", {iota({2}), scalar(0)}), "");
  EXPECT_NE(error("Sum", {strings({1}, {"a"}), scalar(0)}), "");
  EXPECT_NE(error("ArgMax", {iota({0, 2}), scalar(0)}).find("empty"),
            std::string::npos);
  EXPECT_NE(error("ArgMax", {iota({2, 2}), vec({0})}), "");
}

TEST_F(ReductionKernelsTest, EmptyIdentities) {
  EXPECT_EQ(eval("Sum", {iota({0, 2}), scalar(0)}).getInt(1), 0);
  EXPECT_EQ(eval("Prod", {iota({0, 2}), scalar(0)}).getInt(1), 1);
  EXPECT_EQ(eval("Max", {iota({0}), scalar(0)}).getInt(0), INT32_MIN);
  EXPECT_EQ(eval("Min", {iota({0}), scalar(0)}).getInt(0), INT32_MAX);
  EXPECT_EQ(eval("Min", {ints(b.getIntegerType(8, false), {0}, {}), scalar(0)})
                .getUInt(0),
            255u);
  EXPECT_EQ(eval("Max", {f32({0}, {}), scalar(0)}).getDouble(0), -INFINITY);
  EXPECT_TRUE(std::isnan(eval("Mean", {f32({0}, {}), scalar(0)}).getDouble(0)));
  EXPECT_EQ(eval("All", {bools({0}, {}), scalar(0)}).getInt(0), 1);
  EXPECT_EQ(eval("Any", {bools({0}, {}), scalar(0)}).getInt(0), 0);
}

TEST_F(ReductionKernelsTest, Values) {
  HostTensor in = i32({2, 3}, {3, -7, 5, -1, 2, -8});
  EXPECT_EQ(values(eval("Max", {in, scalar(1)})), (std::vector<int64_t>{5, 2}));
  EXPECT_EQ(values(eval("Min", {in, scalar(0)})),
            (std::vector<int64_t>{-1, -7, -8}));
  EXPECT_EQ(values(eval("Prod", {in, scalar(1)})),
            (std::vector<int64_t>{-105, 16}));
  // Mean of ints truncates toward zero: (3 - 7 + 5) / 3, (-1 + 2 - 8) / 3.
  EXPECT_EQ(values(eval("Mean", {in, scalar(1)})),
            (std::vector<int64_t>{0, -2}));
  // Unsigned compare as unsigned.
  HostTensor u = ints(b.getIntegerType(8, false), {2}, {200, 3});
  EXPECT_EQ(eval("Max", {u, scalar(0)}).getUInt(0), 200u);
  HostTensor f = f32({3}, {1.0, NAN, 2.0});
  EXPECT_TRUE(std::isnan(eval("Max", {f, scalar(0)}).getDouble(0)));
  EXPECT_TRUE(std::isnan(eval("Min", {f, scalar(0)}).getDouble(0)));
  EXPECT_EQ(eval("Mean", {f32({4}, {1, 2, 3, 5}), scalar(0)}).getDouble(0),
            2.75);
  HostTensor bl = bools({2, 2}, {1, 0, 1, 1});
  EXPECT_EQ(values(eval("All", {bl, scalar(1)})), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(values(eval("Any", {bl, scalar(0)})), (std::vector<int64_t>{1, 1}));
}

TEST_F(ReductionKernelsTest, ArgMaxArgMin) {
  HostTensor in = i32({2, 3}, {3, 7, 7, -1, -9, -9});
  HostTensor r = eval("ArgMax", {in, scalar(1)});
  EXPECT_EQ(r.getElementType(), b.getI64Type());
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 0}));
  r = eval("ArgMin", {in, scalar(-1)},
           b.getDictionaryAttr(
               b.getNamedAttr("output_type", TypeAttr::get(b.getI32Type()))));
  EXPECT_EQ(r.getElementType(), b.getI32Type());
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(values(eval("ArgMax", {in, scalar(0)})),
            (std::vector<int64_t>{0, 0, 0}));
  EXPECT_EQ(eval("ArgMin", {f32({3}, {2, -0.5, 1}), scalar(0)}).getInt(0), 1);
}
TEST_F(ReductionKernelsTest, CumsumCumprod) {
  auto flags = [&](bool exclusive, bool reverse) {
    return b.getDictionaryAttr(
        {b.getNamedAttr("exclusive", b.getBoolAttr(exclusive)),
         b.getNamedAttr("reverse", b.getBoolAttr(reverse))});
  };
  HostTensor x = i32({2, 3}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(values(eval("Cumsum", {x, scalar(1)})),
            (std::vector<int64_t>{1, 3, 6, 4, 9, 15}));
  EXPECT_EQ(values(eval("Cumsum", {x, scalar(0)})),
            (std::vector<int64_t>{1, 2, 3, 5, 7, 9}));
  EXPECT_EQ(values(eval("Cumsum", {x, scalar(-1)}, flags(true, false))),
            (std::vector<int64_t>{0, 1, 3, 0, 4, 9}));
  EXPECT_EQ(values(eval("Cumsum", {x, scalar(1)}, flags(false, true))),
            (std::vector<int64_t>{6, 5, 3, 15, 11, 6}));
  EXPECT_EQ(values(eval("Cumprod", {x, scalar(1)}, flags(true, true))),
            (std::vector<int64_t>{6, 3, 1, 30, 6, 1}));
  EXPECT_EQ(values(eval("Cumprod", {x, scalar(1)})),
            (std::vector<int64_t>{1, 2, 6, 4, 20, 120}));
  // Int8 wraps at each step; floats.
  EXPECT_EQ(values(eval("Cumsum", {ints(b.getIntegerType(8), {2}, {100, 100}),
                                   scalar(0)})),
            (std::vector<int64_t>{100, -56}));
  HostTensor f = eval("Cumprod", {f32({3}, {0.5, 4, -1}), scalar(0)});
  EXPECT_EQ(f.getDouble(2), -2.0);
  EXPECT_EQ(eval("Cumsum", {splatF32({3}, 1.5), scalar(0)}).getDouble(2), 4.5);
  EXPECT_NE(error("Cumsum", {x, scalar(2)}), "");
  EXPECT_NE(error("Cumsum", {bools({1}, {1}), scalar(0)}), "");
}
} // namespace
