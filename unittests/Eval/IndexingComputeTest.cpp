//===- IndexingComputeTest.cpp - Gathers, scatters, reductions ------------===//
//
// The compute functions of tfg/Eval/Compute/GatherScatter.h and
// Reduction.h called directly, with out-of-range indices handled each way
// (TensorFlow's error, StableHLO's clamp and skip) and StableHLO's gather,
// scatter and dynamic slices on the spec's examples.
//
//===----------------------------------------------------------------------===//

#include "ComputeTestSupport.h"
#include "tfg/Eval/Compute/Broadcast.h"
#include "tfg/Eval/Compute/GatherScatter.h"
#include "tfg/Eval/Compute/Reduction.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class IndexingComputeTest : public ComputeTest {
protected:
  HostTensor i64(ArrayRef<int64_t> shape, ArrayRef<int64_t> values) {
    return makeInts(b.getI64Type(), shape, values);
  }
  HostTensor iota(ArrayRef<int64_t> shape) {
    HostTensor t = llvm::cantFail(HostTensor::create(b.getI64Type(), shape));
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      t.setInt(i, i);
    return t;
  }
  HostTensor f32(ArrayRef<int64_t> shape, ArrayRef<double> values) {
    return make(b.getF32Type(), shape, values);
  }
};

TEST_F(IndexingComputeTest, TakeOutOfRangeIndices) {
  HostTensor params = iota({4, 2});
  HostTensor idx = i64({3}, {1, 7, -2});
  EXPECT_EQ(errorOf(computeTake(env, params, idx, 0, IndexOutOfRange::Error)),
            "index 7 at position 1 is out of range [0, 4)");
  EXPECT_EQ(
      intsOf(ok(computeTake(env, params, idx, 0, IndexOutOfRange::Clamp))),
      (std::vector<int64_t>{2, 3, 6, 7, 0, 1}));
  EXPECT_EQ(intsOf(ok(computeTake(env, params, idx, 0, IndexOutOfRange::Skip))),
            (std::vector<int64_t>{2, 3, 0, 0, 0, 0}));
  // Along axis 1.
  EXPECT_EQ(intsOf(ok(computeTake(env, params, i64({1}, {1}), 1,
                                  IndexOutOfRange::Error))),
            (std::vector<int64_t>{1, 3, 5, 7}));
}

TEST_F(IndexingComputeTest, GatherNdAndScatterNdIndexModes) {
  HostTensor params = iota({3, 2});
  HostTensor idx = i64({3, 2}, {0, 1, 5, 0, 2, -1});
  EXPECT_EQ(errorOf(computeGatherNd(env, params, idx, IndexOutOfRange::Error)),
            "index 5 of tuple 1 is out of range [0, 3) in dimension 0");
  EXPECT_EQ(
      intsOf(ok(computeGatherNd(env, params, idx, IndexOutOfRange::Clamp))),
      (std::vector<int64_t>{1, 4, 4}));
  EXPECT_EQ(
      intsOf(ok(computeGatherNd(env, params, idx, IndexOutOfRange::Skip))),
      (std::vector<int64_t>{1, 0, 0}));

  HostTensor out = iota({3, 2});
  HostTensor updates = i64({3}, {10, 20, 30});
  llvm::Error e = scatterNdInto(env, Combine::Add, idx, updates, out,
                                IndexOutOfRange::Skip, "scatter");
  EXPECT_FALSE(e) << llvm::toString(std::move(e));
  EXPECT_EQ(intsOf(out), (std::vector<int64_t>{0, 11, 2, 3, 4, 5}));
  llvm::Error err = scatterNdInto(env, Combine::Add, idx, updates, out,
                                  IndexOutOfRange::Error, "scatter");
  EXPECT_EQ(llvm::toString(std::move(err)),
            "index 5 of tuple 1 is out of range [0, 3) in dimension 0");
}

TEST_F(IndexingComputeTest, StableHLOGatherClampsStartIndices) {
  // The spec's example: operand [2, 3, 4, 2], start_indices [2, 2, 3, 2].
  HostTensor operand = iota({2, 3, 4, 2});
  HostTensor start = i64({2, 2, 3, 2}, {0, 0, 1, 0, 2, 1, 0, 1, 1, 1, 9, 0,
                                        0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 0});
  GatherDimensionNumbers dims;
  dims.offsetDims = {3, 4};
  dims.collapsedSliceDims = {1};
  dims.operandBatchingDims = {0};
  dims.startIndicesBatchingDims = {1};
  dims.startIndexMap = {2, 1};
  dims.indexVectorDim = 3;
  HostTensor r = ok(computeGather(env, operand, start, dims, {1, 1, 2, 2},
                                  IndexOutOfRange::Clamp));
  EXPECT_EQ(r.getShape(), ArrayRef<int64_t>({2, 2, 3, 2, 2}));
  // result[0, 0, 0] reads operand[0, 0, 0:2, 0:2]; result[0, 1, 2] has
  // start (9, 0) in dims (2, 1): dim 2 clamps to 4 - 2 = 2, and the batch
  // index 1 selects operand[1]: operand[1, 0, 2:4, 0:2].
  std::vector<int64_t> v = intsOf(r);
  EXPECT_EQ(std::vector<int64_t>(v.begin(), v.begin() + 4),
            (std::vector<int64_t>{0, 1, 2, 3}));
  int64_t at = ((0 * 2 + 1) * 3 + 2) * 4;
  EXPECT_EQ(std::vector<int64_t>(v.begin() + at, v.begin() + at + 4),
            (std::vector<int64_t>{28, 29, 30, 31}));
  EXPECT_EQ(errorOf(computeGather(env, operand, start, dims, {1, 1, 2, 2},
                                  IndexOutOfRange::Error)),
            "gather: start index 9 of dimension 2 is out of range");
  dims.offsetDims = {4, 3};
  EXPECT_EQ(errorOf(computeGather(env, operand, start, dims, {1, 1, 2, 2},
                                  IndexOutOfRange::Clamp)),
            "gather: invalid dimension numbers");
}

TEST_F(IndexingComputeTest, StableHLOScatterSkipsOutOfBounds) {
  // A 1-D scatter of windows of 2 into [6]: starts 1, 5 (half outside)
  // and -1 (half outside).
  HostTensor indices = i64({3, 1}, {1, 5, -1});
  ScatterDimensionNumbers dims;
  dims.updateWindowDims = {1};
  dims.scatterDimsToOperandDims = {0};
  dims.indexVectorDim = 1;
  HostTensor result = i64({6}, {0, 0, 0, 0, 0, 0});
  HostTensor updates = i64({3, 2}, {1, 2, 3, 4, 5, 6});
  llvm::Error e = forEachScatterUpdate(
      indices, result.getShape(), updates.getShape(), dims,
      IndexOutOfRange::Skip, [&](int64_t to, int64_t from) {
        result.setInt(to, result.getInt(to) + updates.getInt(from));
        return llvm::Error::success();
      });
  EXPECT_FALSE(e) << llvm::toString(std::move(e));
  EXPECT_EQ(intsOf(result), (std::vector<int64_t>{6, 1, 2, 0, 0, 3}));
  llvm::Error err =
      forEachScatterUpdate(indices, result.getShape(), updates.getShape(), dims,
                           IndexOutOfRange::Error, [&](int64_t, int64_t) {
                             return llvm::Error::success();
                           });
  EXPECT_EQ(llvm::toString(std::move(err)),
            "scatter: update 3 lands outside the input");
}

TEST_F(IndexingComputeTest, DynamicSlicesClamp) {
  HostTensor operand = iota({3, 3});
  EXPECT_EQ(intsOf(ok(computeDynamicSlice(env, operand, {2, -1}, {2, 2},
                                          IndexOutOfRange::Clamp))),
            (std::vector<int64_t>{3, 4, 6, 7}));
  EXPECT_EQ(errorOf(computeDynamicSlice(env, operand, {2, -1}, {2, 2},
                                        IndexOutOfRange::Error)),
            "start index 2 of dimension 0 is out of range [0, 1]");
  HostTensor update = i64({1, 2}, {-1, -2});
  EXPECT_EQ(intsOf(ok(computeDynamicUpdateSlice(env, operand, update, {5, 2},
                                                IndexOutOfRange::Clamp))),
            (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, -1, -2}));
}

TEST_F(IndexingComputeTest, LayoutMovesOnTheSpecExamples) {
  // broadcast_in_dim: [[1, 2, 3]] to [2, 3, 2] along dimensions [2, 1].
  HostTensor row = i64({1, 3}, {1, 2, 3});
  HostTensor b3 = ok(computeBroadcastInDim(env, row, {2, 3, 2}, {2, 1}));
  EXPECT_EQ(intsOf(b3),
            (std::vector<int64_t>{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(errorOf(computeBroadcastInDim(env, row, {2, 2}, {0, 1})),
            "broadcast_in_dim: operand dimension 1 of size 3 does not "
            "broadcast to 2");
  // pad: low [0, 1], high [2, 1], interior [1, 2].
  HostTensor x = i64({2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor zero = i64({}, {0});
  HostTensor p = ok(computePad(env, x, zero, {0, 1}, {2, 1}, {1, 2}));
  EXPECT_EQ(p.getShape(), ArrayRef<int64_t>({5, 9}));
  std::vector<int64_t> expected(45, 0);
  expected[1] = 1;
  expected[4] = 2;
  expected[7] = 3;
  expected[18 + 1] = 4;
  expected[18 + 4] = 5;
  expected[18 + 7] = 6;
  EXPECT_EQ(intsOf(p), expected);
  // Negative padding removes elements.
  EXPECT_EQ(intsOf(ok(computePad(env, x, zero, {0, -1}, {0, -1}, {0, 0}))),
            (std::vector<int64_t>{2, 5}));
  EXPECT_EQ(errorOf(computePad(env, x, zero, {0, -4}, {0, 0}, {0, 0})),
            "pad: invalid padding of dimension 1");
  // slice: rows [1, 3), columns [2, 4); and a strided one.
  HostTensor m = i64({3, 4}, {0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1});
  EXPECT_EQ(intsOf(ok(computeSlice(env, m, {1, 2}, {3, 4}, {1, 1}))),
            (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_EQ(intsOf(ok(computeSlice(env, iota({6}), {1}, {6}, {2}))),
            (std::vector<int64_t>{1, 3, 5}));
  EXPECT_EQ(errorOf(computeSlice(env, m, {0, 3}, {3, 2}, {1, 1})),
            "slice: invalid bounds in dimension 1");
}

TEST_F(IndexingComputeTest, ReductionsWithInitAndNaN) {
  HostTensor x = f32({2, 3}, {1, NAN, 3, 4, 5, 6});
  HostTensor max = ok(computeReduce(env, ReduceOp::Max, x, {1}));
  EXPECT_TRUE(std::isnan(max.getDouble(0)));
  EXPECT_EQ(max.getDouble(1), 6.0);
  HostTensor init = f32({}, {100});
  ReduceOptions options;
  options.init = &init;
  options.keepDims = true;
  HostTensor sum = ok(computeReduce(env, ReduceOp::Sum, x, {0}, options));
  EXPECT_EQ(sum.getShape(), ArrayRef<int64_t>({1, 3}));
  EXPECT_EQ(sum.getDouble(2), 109.0);
  // An empty reduction gives the init value (StableHLO) or the identity.
  HostTensor empty = f32({0, 2}, {});
  EXPECT_EQ(
      ok(computeReduce(env, ReduceOp::Sum, empty, {0}, options)).getDouble(1),
      100.0);
  EXPECT_EQ(std::isinf(
                ok(computeReduce(env, ReduceOp::Max, empty, {0})).getDouble(0)),
            true);
  EXPECT_EQ(errorOf(computeReduce(env, ReduceOp::Sum, x, {1, 1})),
            "axis 1 is repeated");
  HostTensor arg = ok(
      computeArgReduce(env, true, f32({4}, {1, 7, 7, 2}), 0, b.getI32Type()));
  EXPECT_EQ(arg.getInt(0), 1);
  HostTensor scan = ok(computeScan(env, ScanOp::Sum, i64({4}, {1, 2, 3, 4}), 0,
                                   /*exclusive=*/true, /*reverse=*/true));
  EXPECT_EQ(intsOf(scan), (std::vector<int64_t>{9, 7, 4, 0}));
}
} // namespace
