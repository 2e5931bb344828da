//===- WindowComputeTest.cpp - Windows, convolutions and products ---------===//
//
// The compute functions of tfg/Eval/Compute/Window.h, Convolution.h and
// MatMul.h called directly, as a StableHLO interpreter calls them:
// reduce_window and dot_general on the spec's examples, pools and a
// convolution on a small geometry.
//
//===----------------------------------------------------------------------===//

#include "ComputeTestSupport.h"
#include "tfg/Eval/Compute/Convolution.h"
#include "tfg/Eval/Compute/MatMul.h"
#include "tfg/Eval/Compute/Window.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class WindowComputeTest : public ComputeTest {};

TEST_F(WindowComputeTest, ReduceWindowSpecExample) {
  HostTensor input = make(b.getI64Type(), {3, 2}, {1, 2, 3, 4, 5, 6});
  HostTensor init = make(b.getI64Type(), {}, {0});
  ReduceWindowOptions w;
  w.dimensions = {2, 1};
  w.strides = {4, 1};
  w.baseDilations = {2, 1};
  w.windowDilations = {3, 1};
  w.padding = {{2, 1}, {0, 0}};
  HostTensor r = ok(computeReduceWindow(env, ReduceOp::Sum, input, init, w));
  EXPECT_EQ(r.getShape(), ArrayRef<int64_t>({2, 2}));
  EXPECT_EQ(valuesOf(r), (std::vector<double>{0, 0, 3, 4}));
  // Max with a -inf init over 2x2 windows, padding included as init.
  HostTensor x = make(b.getF32Type(), {2, 2}, {1, 5, -3, 2});
  HostTensor low = make(b.getF32Type(), {}, {-1e30});
  ReduceWindowOptions all;
  all.dimensions = {2, 2};
  all.padding = {{1, 0}, {0, 0}};
  HostTensor m = ok(computeReduceWindow(env, ReduceOp::Max, x, low, all));
  EXPECT_EQ(valuesOf(m), (std::vector<double>{5, 5}));
  all.dimensions = {2};
  EXPECT_EQ(errorOf(computeReduceWindow(env, ReduceOp::Max, x, low, all)),
            "reduce_window takes one window entry per dimension");
}

TEST_F(WindowComputeTest, PoolsCountOnlyValidElements) {
  // 1x3x3x1 NHWC, 2x2 windows, stride 2, SAME padding: the border windows
  // average their valid elements only.
  HostTensor x =
      make(b.getF32Type(), {1, 3, 3, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  Window2D win;
  win.batch = 1;
  win.channels = 1;
  win.h = {3, 2, 2, 1, 2, 0};
  win.w = {3, 2, 2, 1, 2, 0};
  EXPECT_EQ(valuesOf(ok(computePool2D(env, PoolKind::Avg, x, win))),
            (std::vector<double>{3, 4.5, 7.5, 9}));
  EXPECT_EQ(valuesOf(ok(computePool2D(env, PoolKind::Max, x, win))),
            (std::vector<double>{5, 6, 8, 9}));
  EXPECT_EQ(
      errorOf(computePool2D(env, PoolKind::Max,
                            make(b.getI32Type(), {1, 1, 1, 1}, {1}), win)),
      "pooling takes float tensors");
}

TEST_F(WindowComputeTest, ConvolutionAndTranspose) {
  // 1x3x3x1 input, 2x2x1x1 filter of ones, stride 1, VALID.
  HostTensor x =
      make(b.getF32Type(), {1, 3, 3, 1}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  HostTensor f = make(b.getF32Type(), {2, 2, 1, 1}, {1, 1, 1, 1});
  Window2D win;
  win.batch = 1;
  win.channels = 1;
  win.h = {3, 2, 1, 1, 2, 0};
  win.w = {3, 2, 1, 1, 2, 0};
  HostTensor y = ok(computeConv2D(env, Conv2DKind::Dense, x, f, win));
  EXPECT_EQ(valuesOf(y), (std::vector<double>{12, 16, 24, 28}));
  // The transposed convolution of ones spreads each gradient over its
  // window: the count of windows covering each input pixel.
  HostTensor dy = make(b.getF32Type(), {1, 2, 2, 1}, {1, 1, 1, 1});
  HostTensor dx = ok(computeConv2DTranspose(env, {1, 3, 3, 1}, f, dy, win));
  EXPECT_EQ(valuesOf(dx), (std::vector<double>{1, 2, 1, 2, 4, 2, 1, 2, 1}));
  HostTensor bad = make(b.getF32Type(), {2, 2, 2, 1}, {});
  EXPECT_EQ(errorOf(computeConv2D(env, Conv2DKind::Depthwise, x, bad, win)),
            "filter has 2 input channels but the input has 1");
}

TEST_F(WindowComputeTest, DotGeneralSpecExample) {
  HostTensor lhs = make(b.getI64Type(), {2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  HostTensor rhs = make(b.getI64Type(), {2, 2, 2}, {1, 0, 0, 1, 1, 0, 0, 1});
  DotDimensionNumbers dims;
  dims.lhsBatchingDims = {0};
  dims.rhsBatchingDims = {0};
  dims.lhsContractingDims = {2};
  dims.rhsContractingDims = {1};
  HostTensor r = ok(computeDotGeneral(env, lhs, rhs, dims));
  EXPECT_EQ(r.getShape(), ArrayRef<int64_t>({2, 2, 2}));
  EXPECT_EQ(valuesOf(r), (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8}));
  // Contracting lhs's dimension 1 instead transposes each lhs matrix.
  HostTensor f = make(b.getF32Type(), {2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor g = make(b.getF32Type(), {2}, {1, 10});
  DotDimensionNumbers vec;
  vec.lhsContractingDims = {0};
  vec.rhsContractingDims = {0};
  EXPECT_EQ(valuesOf(ok(computeDotGeneral(env, f, g, vec))),
            (std::vector<double>{41, 52, 63}));
  vec.rhsContractingDims = {1};
  EXPECT_EQ(errorOf(computeDotGeneral(env, f, g, vec)),
            "dot_general: invalid dimension numbers");
}
} // namespace
