//===- SliceKernelsTest.cpp - Tests of Slice, Tile, Pack, Unpack, Range ---===//
//
// Shapes and exact values, strings, splats and errors of the kernels of
// SliceKernels.cpp on host tensors.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
class SliceKernelsTest : public HostKernelTest {};

TEST_F(SliceKernelsTest, Slice) {
  HostTensor r = eval("Slice", {iota({3, 4}), vec({1, 1}), vec({2, -1})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{5, 6, 7, 9, 10, 11}));
  r = eval("Slice", {iota({3, 4}), i64({2}, {0, 3}), i64({2}, {3, 0})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 0}));
  r = eval("Slice", {strings({3}, {"a", "b", "c"}), vec({2}), vec({1})});
  EXPECT_EQ(r.getString(0), "c");
  r = eval("Slice", {splatF32({5, 5}, 3.0), vec({1, 1}), vec({2, 2})});
  EXPECT_TRUE(r.isSplat());
  EXPECT_EQ(r.getDouble(3), 3.0);
  EXPECT_NE(error("Slice", {iota({3}), vec({2}), vec({2})}), "");
  EXPECT_NE(error("Slice", {iota({3}), vec({-1}), vec({1})}), "");
  EXPECT_NE(error("Slice", {iota({3}), vec({0, 0}), vec({1, 1})}), "");
}

TEST_F(SliceKernelsTest, Tile) {
  HostTensor r = eval("Tile", {iota({2, 2}), vec({2, 3})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4, 6}));
  EXPECT_EQ(r.getInt(0 * 6 + 5), 1);
  EXPECT_EQ(r.getInt(3 * 6 + 2), 2);
  EXPECT_EQ(r.getInt(3 * 6 + 3), 3);
  r = eval("Tile", {iota({2}), vec({0})});
  EXPECT_EQ(r.getNumElements(), 0);
  EXPECT_NE(error("Tile", {iota({2}), vec({-1})}), "");
  EXPECT_NE(error("Tile", {iota({2}), vec({1, 1})}), "");
}

TEST_F(SliceKernelsTest, PackUnpack) {
  HostTensor r = eval("Pack", {vec({1, 2}), vec({3, 4}), vec({5, 6})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 2, 3, 4, 5, 6}));
  auto axis = [&](int64_t a) {
    return b.getDictionaryAttr(b.getNamedAttr("axis", b.getI64IntegerAttr(a)));
  };
  r = eval("Pack", {vec({1, 2}), vec({3, 4}), vec({5, 6})}, axis(-1));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 3, 5, 2, 4, 6}));
  r = eval("Pack", {scalar(4), scalar(5)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{4, 5}));
  EXPECT_NE(error("Pack", {vec({1}), vec({1, 2})}), "");
  EXPECT_NE(error("Pack", {vec({1}), vec({2})}, axis(2)), "");

  std::vector<HostTensor> parts = evalAll("Unpack", {iota({2, 3})}, axis(1));
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(shapeOf(parts[2]), (std::vector<int64_t>{2}));
  EXPECT_EQ(values(parts[2]), (std::vector<int64_t>{2, 5}));
  parts = evalAll("Unpack", {iota({2, 3})}, axis(0));
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(values(parts[1]), (std::vector<int64_t>{3, 4, 5}));
  EXPECT_NE(error("Unpack", {scalar(1)}), "");
  EXPECT_NE(error("Unpack", {iota({2})}, axis(1)), "");
}

TEST_F(SliceKernelsTest, Range) {
  HostTensor r = eval("Range", {scalar(3), scalar(18), scalar(5)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{3, 8, 13}));
  r = eval("Range", {scalar(3), scalar(19), scalar(5)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{3, 8, 13, 18}));
  r = eval("Range", {scalar(5), scalar(-1), scalar(-2)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{5, 3, 1}));
  r = eval("Range", {scalar(2), scalar(2), scalar(1)});
  EXPECT_EQ(r.getNumElements(), 0);
  auto f = [&](double v) {
    HostTensor t = cantFail(HostTensor::create(b.getF32Type(), {}));
    t.setDouble(0, v);
    return t;
  };
  r = eval("Range", {f(0), f(1), f(0.25)});
  ASSERT_EQ(r.getNumElements(), 4);
  EXPECT_EQ(r.getDouble(3), 0.75);
  r = eval("Range", {f(0), f(1), f(0.3)});
  ASSERT_EQ(r.getNumElements(), 4);
  EXPECT_EQ(r.getDouble(3), double(0.3f + 0.3f + 0.3f));
  EXPECT_NE(error("Range", {scalar(0), scalar(1), scalar(0)}), "");
  EXPECT_NE(error("Range", {scalar(1), scalar(0), scalar(1)}), "");
  EXPECT_NE(error("Range", {scalar(0), f(1), scalar(1)}), "");
  EXPECT_NE(error("Range", {scalar(0), scalar(1 << 30), scalar(1)}), "");
}
TEST_F(SliceKernelsTest, GatherV2) {
  HostTensor r = eval("GatherV2", {iota({3, 2}), vec({2, 0, 2}), scalar(0)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{4, 5, 0, 1, 4, 5}));
  r = eval("GatherV2", {iota({2, 3}), i64({2, 2}, {2, 1, 0, 0}), scalar(-1)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{2, 1, 0, 0, 5, 4, 3, 3}));
  r = eval("GatherV2", {strings({2}, {"p", "q"}), scalar(1), scalar(0)});
  EXPECT_EQ(r.getRank(), 0);
  EXPECT_EQ(r.getString(0), "q");
  EXPECT_NE(error("GatherV2", {iota({3}), vec({3}), scalar(0)}).find("range"),
            std::string::npos);
  EXPECT_NE(error("GatherV2", {iota({3}), vec({-1}), scalar(0)}), "");
  EXPECT_NE(error("GatherV2", {iota({3}), vec({0}), scalar(1)}), "");
}

TEST_F(SliceKernelsTest, Pad) {
  HostTensor r = eval("Pad", {iota({2, 2}), i32({2, 2}, {1, 0, 0, 2})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(values(r),
            (std::vector<int64_t>{0, 0, 0, 0, 0, 1, 0, 0, 2, 3, 0, 0}));
  r = eval("PadV2", {iota({2}), i64({1, 2}, {1, 1}), scalar(9)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{9, 0, 1, 9}));
  r = eval("Pad", {strings({1}, {"s"}), i32({1, 2}, {1, 0})});
  EXPECT_EQ(r.getString(0), "");
  EXPECT_EQ(r.getString(1), "s");
  EXPECT_NE(error("Pad", {iota({2}), i32({1, 2}, {-1, 0})}), "");
  EXPECT_NE(error("Pad", {iota({2}), vec({1, 0})}), "");
}
TEST_F(SliceKernelsTest, StridedSlice) {
  auto masks = [&](int64_t begin, int64_t end, int64_t ellipsis,
                   int64_t newAxis, int64_t shrink) {
    return b.getDictionaryAttr(
        {b.getNamedAttr("begin_mask", b.getI64IntegerAttr(begin)),
         b.getNamedAttr("end_mask", b.getI64IntegerAttr(end)),
         b.getNamedAttr("ellipsis_mask", b.getI64IntegerAttr(ellipsis)),
         b.getNamedAttr("new_axis_mask", b.getI64IntegerAttr(newAxis)),
         b.getNamedAttr("shrink_axis_mask", b.getI64IntegerAttr(shrink))});
  };
  HostTensor x = iota({3, 4});
  // x[1:, ::-1]
  HostTensor r =
      eval("StridedSlice", {x, vec({1, 0}), vec({0, 0}), vec({1, -1})},
           masks(0b10, 0b11, 0, 0, 0));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{7, 6, 5, 4, 11, 10, 9, 8}));
  // x[-1]
  r = eval("StridedSlice", {x, vec({-1}), vec({0}), vec({1})},
           masks(0, 0, 0, 0, 1));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{8, 9, 10, 11}));
  // x[..., 1]
  r = eval("StridedSlice", {x, vec({0, 1}), vec({0, 2}), vec({1, 1})},
           masks(0, 0, 1, 0, 0b10));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 5, 9}));
  // x[newaxis, :2, 1]
  r = eval("StridedSlice",
           {x, vec({0, 0, 1}), vec({0, 2, 2}), i64({3}, {1, 1, 1})},
           masks(0, 0, 0, 1, 0b100));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 5}));
  // x[..., newaxis]
  r = eval("StridedSlice", {x, vec({0, 0}), vec({0, 0}), vec({1, 1})},
           masks(0, 0, 1, 0b10, 0));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 4, 1}));
  // x[1:2] with the last dimension implied.
  r = eval("StridedSlice", {x, vec({1}), vec({2}), vec({1})},
           masks(0, 0, 0, 0, 0));
  EXPECT_EQ(values(r), (std::vector<int64_t>{4, 5, 6, 7}));
  HostTensor y = iota({5});
  // y[::-2], y[3:0:-1], y[-100:100], y[4:1] (empty).
  EXPECT_EQ(values(eval("StridedSlice", {y, vec({0}), vec({0}), vec({-2})},
                        masks(1, 1, 0, 0, 0))),
            (std::vector<int64_t>{4, 2, 0}));
  EXPECT_EQ(values(eval("StridedSlice", {y, vec({3}), vec({0}), vec({-1})},
                        masks(0, 0, 0, 0, 0))),
            (std::vector<int64_t>{3, 2, 1}));
  EXPECT_EQ(values(eval("StridedSlice", {y, vec({-100}), vec({100}), vec({2})},
                        masks(0, 0, 0, 0, 0))),
            (std::vector<int64_t>{0, 2, 4}));
  EXPECT_EQ(eval("StridedSlice", {y, vec({4}), vec({1}), vec({1})},
                 masks(0, 0, 0, 0, 0))
                .getNumElements(),
            0);
  // A splat and strings.
  r = eval("StridedSlice",
           {splatF32({4, 4}, 1.0), vec({0}), vec({4}), vec({2})},
           masks(0, 0, 0, 0, 0));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 4}));
  EXPECT_TRUE(r.isSplat());
  r = eval("StridedSlice",
           {strings({3}, {"a", "b", "c"}), vec({-1}), vec({0}), vec({1})},
           masks(0, 0, 0, 0, 1));
  EXPECT_EQ(r.getRank(), 0);
  EXPECT_EQ(r.getString(0), "c");
  // Errors.
  EXPECT_NE(error("StridedSlice", {x, vec({0, 5}), vec({0, 6}), vec({1, 1})},
                  masks(0, 0, 0, 0, 0b10)),
            "");
  EXPECT_NE(error("StridedSlice", {y, vec({0}), vec({1}), vec({0})},
                  masks(0, 0, 0, 0, 0)),
            "");
  EXPECT_NE(error("StridedSlice", {y, vec({0, 0}), vec({1, 1}), vec({1, 1})},
                  masks(0, 0, 0, 0, 0)),
            "");
  EXPECT_NE(error("StridedSlice", {y, vec({0, 0}), vec({1, 1}), vec({1, 1})},
                  masks(0, 0, 0b11, 0, 0)),
            "");
}
TEST_F(SliceKernelsTest, OneHot) {
  HostTensor r = eval("OneHot", {vec({0, 2, -1, 5}), scalar(3),
                                 splatF32({}, 1.0), splatF32({}, -1.0)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4, 3}));
  std::vector<double> want = {1, -1, -1, -1, -1, 1, -1, -1, -1, -1, -1, -1};
  for (int64_t i = 0; i < 12; ++i)
    EXPECT_EQ(r.getDouble(i), want[i]) << i;
  r = eval("OneHot", {vec({1, 0}), scalar(2), scalar(5), scalar(0)},
           b.getDictionaryAttr(b.getNamedAttr("axis", b.getI64IntegerAttr(0))));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 5, 5, 0}));
  EXPECT_NE(error("OneHot", {vec({0}), scalar(-1), scalar(1), scalar(0)}), "");
  EXPECT_NE(
      error("OneHot", {vec({0}), scalar(2), scalar(1), splatF32({}, 0.0)}), "");
}
} // namespace
