//===- SparseKernelsTest.cpp - Tests of the sparse kernels ----------------===//
//
// SparseKernels.cpp: SparseToDense (index ranks, validation), the sparse
// times dense product with adjoints, SparseReshape with an inferred
// dimension, SparseFillEmptyRows' four outputs, the sparse segment
// reductions and SparseReduceSum, with hand-computed values, and the error
// cases (bad indices, unsorted ids, shape mismatches).
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class SparseKernelsTest : public HostKernelTest {
protected:
  NamedAttribute boolAttr(StringRef name, bool value) {
    return b.getNamedAttr(name, b.getBoolAttr(value));
  }
};
} // namespace

TEST_F(SparseKernelsTest, SparseToDense) {
  HostTensor r =
      eval("SparseToDense", {i64({2, 2}, {0, 1, 1, 2}), i64({2}, {2, 3}),
                             f32({2}, {5, 6}), f32({}, {-1})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(doubles(r), (std::vector<double>{-1, 5, -1, -1, -1, 6}));
  // A vector of indices into a vector, and a scalar value for all.
  r = eval("SparseToDense", {vec({0, 3}), vec({4}), scalar(7), scalar(0)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{7, 0, 0, 7}));
  // A scalar index.
  r = eval("SparseToDense", {scalar(2), vec({3}), scalar(1), scalar(0)});
  EXPECT_EQ(values(r), (std::vector<int64_t>{0, 0, 1}));
  // Strings.
  r = eval("SparseToDense",
           {vec({1}), vec({2}), strings({1}, {"x"}), strings({}, {"-"})});
  EXPECT_EQ(stringsOf(r), (std::vector<std::string>{"-", "x"}));
  r = eval("SparseToDense",
           {vec({0, 2}), vec({3}), strings({}, {"s"}), strings({}, {"-"})});
  EXPECT_EQ(stringsOf(r), (std::vector<std::string>{"s", "-", "s"}));
}

TEST_F(SparseKernelsTest, SparseToDenseErrors) {
  HostTensor shape = vec({4}), v = vec({1, 2}), zero = scalar(0);
  EXPECT_NE(error("SparseToDense", {vec({0, 4}), shape, v, zero})
                .find("out of bounds"),
            std::string::npos);
  EXPECT_NE(error("SparseToDense", {vec({-1, 0}), shape, v, zero}), "");
  EXPECT_NE(error("SparseToDense", {vec({2, 1}), shape, v, zero})
                .find("out of order"),
            std::string::npos);
  EXPECT_NE(
      error("SparseToDense", {vec({1, 1}), shape, v, zero}).find("repeated"),
      std::string::npos);
  // Without validation the order is free and the last repeat wins; bounds
  // are still checked.
  auto lax = attrs({boolAttr("validate_indices", false)});
  EXPECT_EQ(values(eval("SparseToDense", {vec({2, 2}), shape, v, zero}, lax)),
            (std::vector<int64_t>{0, 0, 2, 0}));
  EXPECT_NE(error("SparseToDense", {vec({0, 4}), shape, v, zero}, lax), "");
  // Shapes: values of the wrong length, an output_shape of the wrong rank,
  // a negative dimension, a huge result.
  EXPECT_NE(error("SparseToDense", {vec({0, 1}), shape, vec({1, 2, 3}), zero}),
            "");
  EXPECT_NE(error("SparseToDense", {vec({0, 1}), vec({2, 2}), v, zero}), "");
  EXPECT_NE(error("SparseToDense", {vec({0}), vec({-4}), scalar(1), zero}), "");
  EXPECT_NE(error("SparseToDense",
                  {vec({0}), i64({1}, {int64_t(1) << 40}), scalar(1), zero}),
            "");
}

TEST_F(SparseKernelsTest, SparseTensorDenseMatMul) {
  // A = [[1, 0], [0, 2], [3, 0]] (3x2), B = [[1, 2], [3, 4]].
  HostTensor ai = i64({3, 2}, {0, 0, 1, 1, 2, 0}), av = f32({3}, {1, 2, 3});
  HostTensor as = i64({2}, {3, 2}), bm = f32({2, 2}, {1, 2, 3, 4});
  HostTensor r = eval("SparseTensorDenseMatMul", {ai, av, as, bm});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(doubles(r), (std::vector<double>{1, 2, 6, 8, 3, 6}));
  // A^T (2x3) times C (3x1).
  r = eval("SparseTensorDenseMatMul", {ai, av, as, f32({3, 1}, {1, 1, 1})},
           attrs({boolAttr("adjoint_a", true)}));
  EXPECT_EQ(doubles(r), (std::vector<double>{4, 2}));
  // A times B^T.
  r = eval("SparseTensorDenseMatMul", {ai, av, as, bm},
           attrs({boolAttr("adjoint_b", true)}));
  EXPECT_EQ(doubles(r), (std::vector<double>{1, 3, 4, 8, 3, 9}));
  // Integers.
  r = eval("SparseTensorDenseMatMul",
           {ai, i32({3}, {1, 2, 3}), as, i32({2, 1}, {10, 100})});
  EXPECT_EQ(values(r), (std::vector<int64_t>{10, 200, 30}));
  // Errors: inner dimensions, an index outside A, mixed types.
  EXPECT_NE(
      error("SparseTensorDenseMatMul", {ai, av, as, f32({3, 1}, {1, 1, 1})}),
      "");
  EXPECT_NE(error("SparseTensorDenseMatMul",
                  {i64({3, 2}, {0, 0, 1, 2, 2, 0}), av, as, bm}),
            "");
  EXPECT_NE(error("SparseTensorDenseMatMul", {ai, av, as, i32({2, 2}, {})}),
            "");
}

TEST_F(SparseKernelsTest, SparseReshape) {
  // [2, 3] -> [3, -1]: (0, 2) is 2 -> (1, 0); (1, 1) is 4 -> (2, 0).
  auto r = evalAll("SparseReshape", {i64({2, 2}, {0, 2, 1, 1}),
                                     i64({2}, {2, 3}), i64({2}, {3, -1})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(values(r[0]), (std::vector<int64_t>{1, 0, 2, 0}));
  EXPECT_EQ(values(r[1]), (std::vector<int64_t>{3, 2}));
  r = evalAll("SparseReshape",
              {i64({1, 2}, {1, 2}), i64({2}, {2, 3}), i64({1}, {6})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(values(r[0]), (std::vector<int64_t>{5}));
  HostTensor idx = i64({1, 2}, {0, 0}), shape = i64({2}, {2, 3});
  EXPECT_NE(error("SparseReshape", {idx, shape, i64({2}, {-1, -1})}), "");
  EXPECT_NE(error("SparseReshape", {idx, shape, i64({2}, {4, -1})}), "");
  EXPECT_NE(error("SparseReshape", {idx, shape, i64({2}, {4, 2})}), "");
  EXPECT_NE(error("SparseReshape", {idx, shape, i64({1}, {-2})}), "");
  EXPECT_NE(error("SparseReshape", {i64({1, 2}, {2, 0}), shape, i64({1}, {6})}),
            "");
}

TEST_F(SparseKernelsTest, SparseFillEmptyRows) {
  // Rows 0 and 2 have entries (row 2 two, out of order); 1 and 3 are empty.
  HostTensor idx = i64({3, 2}, {2, 1, 0, 0, 2, 0});
  auto r = evalAll("SparseFillEmptyRows",
                   {idx, f32({3}, {5, 6, 7}), i64({2}, {4, 2}), f32({}, {-1})});
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(values(r[0]), (std::vector<int64_t>{0, 0, 1, 0, 2, 1, 2, 0, 3, 0}));
  EXPECT_EQ(doubles(r[1]), (std::vector<double>{6, -1, 5, 7, -1}));
  EXPECT_EQ(values(r[2]), (std::vector<int64_t>{0, 1, 0, 1}));
  EXPECT_EQ(values(r[3]), (std::vector<int64_t>{2, 0, 3}));
  EXPECT_NE(error("SparseFillEmptyRows", {i64({1, 2}, {4, 0}), f32({1}, {1}),
                                          i64({2}, {4, 2}), f32({}, {0})}),
            "");
  EXPECT_NE(error("SparseFillEmptyRows",
                  {idx, f32({2}, {1, 2}), i64({2}, {4, 2}), f32({}, {0})}),
            "");
  EXPECT_NE(error("SparseFillEmptyRows",
                  {idx, f32({3}, {1, 2, 3}), i64({2}, {4, 2}), i32({}, {0})}),
            "");
}

TEST_F(SparseKernelsTest, SparseSegmentReductions) {
  HostTensor data = f32({3, 2}, {1, 2, 3, 4, 5, 6});
  HostTensor indices = vec({0, 2, 1, 1}), ids = vec({0, 0, 2, 2});
  HostTensor r = eval("SparseSegmentSum", {data, indices, ids});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(doubles(r), (std::vector<double>{6, 8, 0, 0, 6, 8}));
  r = eval("SparseSegmentMean", {data, indices, ids});
  EXPECT_EQ(doubles(r), (std::vector<double>{3, 4, 0, 0, 3, 4}));
  r = eval("SparseSegmentSqrtN", {data, indices, ids});
  EXPECT_NEAR(doubles(r)[0], 6 / std::sqrt(2.0), 1e-6);
  r = eval("SparseSegmentSumWithNumSegments", {data, indices, ids, scalar(4)});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4, 2}));
  EXPECT_EQ(values(eval("SparseSegmentSum",
                        {i32({2}, {7, 8}), vec({1, 1}), vec({0, 1})})),
            (std::vector<int64_t>{8, 8}));
  EXPECT_NE(error("SparseSegmentSum", {data, indices, vec({0, 2, 1, 2})})
                .find("not increasing"),
            std::string::npos);
  EXPECT_NE(error("SparseSegmentSum", {data, vec({0, 3}), vec({0, 0})})
                .find("out of range"),
            std::string::npos);
  EXPECT_NE(error("SparseSegmentSum", {data, vec({0}), vec({0, 0})}), "");
  EXPECT_NE(error("SparseSegmentSum", {data, vec({0}), vec({-1})}), "");
  EXPECT_NE(
      error("SparseSegmentSumWithNumSegments", {data, indices, ids, scalar(2)}),
      "");
  EXPECT_NE(
      error("SparseSegmentMean", {i32({2}, {7, 8}), vec({1, 1}), vec({0, 1})}),
      "");
  // Splat operands standing for more elements than the bound are refused
  // before they are walked.
  HostTensor hugeIds = llvm::cantFail(
      HostTensor::createSplat(b.getI32Type(), {int64_t(1) << 40}));
  EXPECT_NE(error("SparseSegmentSum", {data, hugeIds, hugeIds}).find("bound"),
            std::string::npos);
  // A huge segment count with no data per segment is still bounded.
  EXPECT_NE(
      error("SparseSegmentSumWithNumSegments",
            {f32({1, 0}, {}), vec({0}), vec({0}), i64({}, {int64_t(1) << 50})}),
      "");
}

TEST_F(SparseKernelsTest, SparseReduceSum) {
  // [[1, 0, 2], [0, 3, 0]] as a sparse tensor.
  HostTensor idx = i64({3, 2}, {0, 0, 0, 2, 1, 1}), v = f32({3}, {1, 2, 3});
  HostTensor shape = i64({2}, {2, 3});
  EXPECT_EQ(doubles(eval("SparseReduceSum", {idx, v, shape, scalar(1)})),
            (std::vector<double>{3, 3}));
  EXPECT_EQ(doubles(eval("SparseReduceSum", {idx, v, shape, scalar(-2)})),
            (std::vector<double>{1, 3, 2}));
  HostTensor all = eval("SparseReduceSum", {idx, v, shape, vec({})});
  EXPECT_EQ(shapeOf(all), (std::vector<int64_t>{}));
  EXPECT_EQ(doubles(all), (std::vector<double>{6}));
  HostTensor kept = eval("SparseReduceSum", {idx, v, shape, scalar(0)},
                         attrs({boolAttr("keep_dims", true)}));
  EXPECT_EQ(shapeOf(kept), (std::vector<int64_t>{1, 3}));
  EXPECT_NE(error("SparseReduceSum", {idx, v, shape, scalar(2)}), "");
  EXPECT_NE(error("SparseReduceSum",
                  {i64({1, 2}, {2, 0}), f32({1}, {1}), shape, scalar(0)})
                .find("out of bounds"),
            std::string::npos);
  EXPECT_NE(error("SparseReduceSum", {idx, v, i64({1}, {6}), scalar(0)}), "");
}
