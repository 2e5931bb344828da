//===- ShapeOpKernelsTest.cpp - Tests of the reshaping kernels ------------===//
//
// Reshape (-1 and bad sizes), ExpandDims, Squeeze, Transpose, ConcatV2 and
// Fill on host tensors: shapes, exact values, strings, splats, and errors.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
class ShapeOpKernelsTest : public HostKernelTest {};

TEST_F(ShapeOpKernelsTest, Reshape) {
  HostTensor r = eval("Reshape", {iota({2, 3}), vec({3, -1})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  // An int64 shape, and a scalar from one element.
  r = eval("Reshape", {iota({1, 1}), i64({0}, {})});
  EXPECT_EQ(r.getRank(), 0);
  EXPECT_EQ(r.getInt(0), 0);
  // Strings move as strings.
  r = eval("Reshape", {strings({2}, {"a", "bc"}), vec({2, 1})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(r.getString(1), "bc");
  // A splat stays a splat.
  r = eval("Reshape", {splatF32({4, 5}, 1.5), vec({-1})});
  EXPECT_TRUE(r.isSplat());
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{20}));
  EXPECT_EQ(r.getDouble(19), 1.5);
}

TEST_F(ShapeOpKernelsTest, ReshapeErrors) {
  EXPECT_NE(error("Reshape", {iota({2, 3}), vec({4, -1})}).find("cannot"),
            std::string::npos);
  EXPECT_NE(error("Reshape", {iota({2, 3}), vec({7})}).find("cannot"),
            std::string::npos);
  EXPECT_NE(error("Reshape", {iota({2, 3}), vec({-1, -1})}).find("one"),
            std::string::npos);
  EXPECT_NE(error("Reshape", {iota({0}), vec({0, -1})}), "");
  EXPECT_NE(error("Reshape", {iota({2}), vec({-2, -1})}), "");
}

TEST_F(ShapeOpKernelsTest, ExpandDimsAndSqueeze) {
  HostTensor r = eval("ExpandDims", {iota({2, 3}), scalar(-1)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3, 1}));
  r = eval("ExpandDims", {iota({2, 3}), scalar(0)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_NE(error("ExpandDims", {iota({2, 3}), scalar(3)}), "");
  EXPECT_NE(error("ExpandDims", {iota({2, 3}), scalar(-4)}), "");

  r = eval("Squeeze", {iota({1, 2, 1, 3})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
  auto dims = [&](ArrayRef<int64_t> d) {
    return b.getDictionaryAttr(
        b.getNamedAttr("squeeze_dims", b.getI64ArrayAttr(d)));
  };
  r = eval("Squeeze", {iota({1, 2, 1, 3})}, dims({-2}));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_NE(error("Squeeze", {iota({1, 2, 1, 3})}, dims({1})).find("size 2"),
            std::string::npos);
  EXPECT_NE(error("Squeeze", {iota({1, 2})}, dims({2})), "");
}

TEST_F(ShapeOpKernelsTest, Transpose) {
  HostTensor r = eval("Transpose", {iota({2, 3}), vec({1, 0})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  r = eval("Transpose", {iota({2, 3, 4}), i64({3}, {2, 0, 1})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4, 2, 3}));
  // r[k][i][j] = in[i][j][k] = 12 i + 4 j + k.
  for (int64_t k = 0; k < 4; ++k)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 3; ++j)
        EXPECT_EQ(r.getInt(k * 6 + i * 3 + j), 12 * i + 4 * j + k);
  r = eval("Transpose", {strings({1, 2}, {"x", "y"}), vec({1, 0})});
  EXPECT_EQ(r.getString(1), "y");
  r = eval("Transpose", {splatF32({2, 3}, 2.0), vec({1, 0})});
  EXPECT_TRUE(r.isSplat());
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  r = eval("Transpose", {iota({0, 3}), vec({1, 0})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 0}));
  EXPECT_NE(error("Transpose", {iota({2, 3}), vec({0, 0})}), "");
  EXPECT_NE(error("Transpose", {iota({2, 3}), vec({0})}), "");
  EXPECT_NE(error("Transpose", {iota({2, 3}), vec({0, 2})}), "");
}

TEST_F(ShapeOpKernelsTest, ConcatV2) {
  HostTensor r = eval("ConcatV2", {iota({2, 2}), iota({2, 1}), scalar(-1)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1, 0, 2, 3, 1}));
  r = eval("ConcatV2", {iota({1, 2}), iota({2, 2}), scalar(0)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 1, 0, 1, 2, 3}));
  r = eval("ConcatV2",
           {strings({1}, {"a"}), strings({2}, {"b", "c"}), scalar(0)});
  EXPECT_EQ(r.getString(2), "c");
  r = eval("ConcatV2", {splatF32({2}, 1.0), splatF32({1}, 2.0), scalar(0)});
  EXPECT_EQ(r.getDouble(1), 1.0);
  EXPECT_EQ(r.getDouble(2), 2.0);
  EXPECT_NE(error("ConcatV2", {iota({2, 2}), iota({3, 1}), scalar(1)}), "");
  EXPECT_NE(error("ConcatV2", {iota({2, 2}), iota({2, 1}), scalar(2)}), "");
  EXPECT_NE(error("ConcatV2", {scalar(1), scalar(2), scalar(0)}), "");
}

TEST_F(ShapeOpKernelsTest, Fill) {
  HostTensor r = eval("Fill", {vec({2, 3}), scalar(7)});
  EXPECT_TRUE(r.isSplat());
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(r.getInt(5), 7);
  r = eval("Fill", {vec({1}), strings({}, {"s"})});
  EXPECT_EQ(r.getString(0), "s");
  r = eval("Fill", {vec({0, 2}), scalar(7)});
  EXPECT_EQ(r.getNumElements(), 0);
  EXPECT_NE(error("Fill", {vec({-1}), scalar(7)}), "");
  EXPECT_NE(error("Fill", {vec({2}), vec({1, 2})}), "");
  EXPECT_NE(error("Fill", {vec({1 << 15, 1 << 15}), scalar(7)}), "");
  EXPECT_TRUE(llvm::is_contained(getOpsWithEvalKernels(), "Fill"));
}
} // namespace
