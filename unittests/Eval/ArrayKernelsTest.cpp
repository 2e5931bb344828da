//===- ArrayKernelsTest.cpp - Tests of the gather, scatter, split kernels -===//
//
// GatherNd, Gather, ScatterNd, TensorScatter*, Split, SplitV, Concat, AddN,
// BroadcastTo, Reverse*, ReverseSequence, InvertPermutation,
// BroadcastArgs, BroadcastGradientArgs, EnsureShape, CheckNumerics,
// SpaceToDepth, DepthToSpace, SpaceToBatchND, BatchToSpaceND and MirrorPad
// on host tensors: hand-computed values from TensorFlow's documented
// semantics, and the errors (indices out of range, bad sizes).
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class ArrayKernelsTest : public HostKernelTest {
protected:
  DictionaryAttr intAttr(StringRef name, int64_t v) {
    return attrs({b.getNamedAttr(name, b.getI64IntegerAttr(v))});
  }
  DictionaryAttr strAttr(StringRef name, StringRef v) {
    return attrs({b.getNamedAttr(name, b.getStringAttr(v))});
  }
  using V = std::vector<int64_t>;
};

TEST_F(ArrayKernelsTest, GatherNd) {
  // params [[0,1,2],[3,4,5]]: full tuples give elements, partial ones rows.
  HostTensor r = eval("GatherNd", {iota({2, 3}), i32({2, 2}, {1, 2, 0, 1})});
  EXPECT_EQ(values(r), (V{5, 1}));
  r = eval("GatherNd", {iota({2, 3}), i64({1, 1}, {1})});
  EXPECT_EQ(shapeOf(r), (V{1, 3}));
  EXPECT_EQ(values(r), (V{3, 4, 5}));
  r = eval("GatherNd", {strings({2}, {"a", "b"}), i32({1}, {1})});
  EXPECT_EQ(r.getString(0), "b");
  EXPECT_NE(error("GatherNd", {iota({2, 3}), i32({1, 2}, {2, 0})})
                .find("out of range"),
            std::string::npos);
  EXPECT_NE(error("GatherNd", {iota({2, 3}), i32({1, 2}, {0, -1})}), "");
  EXPECT_NE(error("GatherNd", {iota({2, 3}), i32({1, 3}, {0, 0, 0})}), "");
  EXPECT_NE(error("GatherNd", {iota({2, 3}), f32({1, 1}, {0})}), "");
}

TEST_F(ArrayKernelsTest, Gather) {
  HostTensor r = eval("Gather", {iota({3, 2}), i32({2}, {2, 0})});
  EXPECT_EQ(shapeOf(r), (V{2, 2}));
  EXPECT_EQ(values(r), (V{4, 5, 0, 1}));
  EXPECT_NE(error("Gather", {iota({3, 2}), i32({1}, {3})}), "");
  EXPECT_NE(error("Gather", {iota({3, 2}), i32({1}, {-1})}), "");
  r = eval("Gather", {strings({2}, {"x", "y"}), i64({3}, {1, 1, 0})});
  EXPECT_EQ(r.getString(0), "y");
  EXPECT_EQ(r.getString(2), "x");
}

TEST_F(ArrayKernelsTest, ScatterNd) {
  // Duplicates add.
  HostTensor r = eval(
      "ScatterNd", {i32({3, 1}, {1, 3, 1}), f32({3}, {1.5, 2, 4}), vec({5})});
  EXPECT_EQ(shapeOf(r), (V{5}));
  EXPECT_EQ(r.getDouble(1), 5.5);
  EXPECT_EQ(r.getDouble(3), 2);
  EXPECT_EQ(r.getDouble(0), 0);
  // Row slices.
  r = eval("ScatterNd", {i32({1, 1}, {1}), iota({1, 2}), vec({2, 2})});
  EXPECT_EQ(values(r), (V{0, 0, 0, 1}));
  EXPECT_NE(error("ScatterNd", {i32({1, 1}, {5}), iota({1}), vec({5})}), "");
  EXPECT_NE(
      error("ScatterNd", {i32({1, 1}, {0}), iota({2}), vec({5})}).find("shape"),
      std::string::npos);
  EXPECT_NE(error("ScatterNd", {i32({1, 1}, {0}), iota({1}), vec({0})}), "");
}

TEST_F(ArrayKernelsTest, TensorScatter) {
  HostTensor t = i32({4}, {10, 20, 30, 40});
  HostTensor idx = i32({3, 1}, {0, 2, 0});
  HostTensor up = i32({3}, {1, 50, 7});
  EXPECT_EQ(values(eval("TensorScatterUpdate", {t, idx, up})),
            (V{7, 20, 50, 40})); // the last update wins
  EXPECT_EQ(values(eval("TensorScatterAdd", {t, idx, up})),
            (V{18, 20, 80, 40}));
  EXPECT_EQ(values(eval("TensorScatterSub", {t, idx, up})),
            (V{2, 20, -20, 40}));
  EXPECT_EQ(values(eval("TensorScatterMax", {t, idx, up})),
            (V{10, 20, 50, 40}));
  EXPECT_EQ(values(eval("TensorScatterMin", {t, idx, up})), (V{1, 20, 30, 40}));
  HostTensor s =
      eval("TensorScatterUpdate",
           {strings({2}, {"a", "b"}), i32({1, 1}, {1}), strings({1}, {"z"})});
  EXPECT_EQ(s.getString(1), "z");
  EXPECT_NE(error("TensorScatterAdd", {t, i32({1, 1}, {4}), i32({1}, {1})}),
            "");
  EXPECT_NE(error("TensorScatterAdd", {t, idx, i64({3}, {1, 2, 3})}), "");
}

TEST_F(ArrayKernelsTest, Split) {
  std::vector<HostTensor> r =
      evalAll("Split", {scalar(1), iota({2, 4})}, intAttr("num_split", 2));
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(shapeOf(r[0]), (V{2, 2}));
  EXPECT_EQ(values(r[0]), (V{0, 1, 4, 5}));
  EXPECT_EQ(values(r[1]), (V{2, 3, 6, 7}));
  EXPECT_NE(error("Split", {scalar(1), iota({2, 4})}, intAttr("num_split", 3))
                .find("equal"),
            std::string::npos);
  EXPECT_NE(error("Split", {scalar(2), iota({2, 4})}, intAttr("num_split", 2)),
            "");

  // Strings, and splats stay splats.
  r = evalAll("Split", {scalar(0), strings({2}, {"a", "b"})},
              intAttr("num_split", 2));
  EXPECT_EQ(r[1].getString(0), "b");
  r = evalAll("Split", {scalar(0), splatF32({4, 2}, 2.5)},
              intAttr("num_split", 2));
  EXPECT_TRUE(r[0].isSplat());
  EXPECT_EQ(shapeOf(r[0]), (V{2, 2}));
  EXPECT_EQ(r[1].getDouble(3), 2.5);

  r = evalAll("SplitV", {iota({5}), vec({1, -1, 2}), scalar(0)});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(values(r[0]), (V{0}));
  EXPECT_EQ(values(r[1]), (V{1, 2}));
  EXPECT_EQ(values(r[2]), (V{3, 4}));
  EXPECT_NE(error("SplitV", {iota({5}), vec({1, 2}), scalar(0)}).find("sum"),
            std::string::npos);
  EXPECT_NE(error("SplitV", {iota({5}), vec({-1, -1}), scalar(0)}), "");
  EXPECT_NE(error("SplitV", {iota({5}), vec({6, -1}), scalar(0)}), "");
  EXPECT_NE(error("SplitV", {iota({5}), vec({3, -2, 4}), scalar(0)}), "");
}

TEST_F(ArrayKernelsTest, ConcatAndAddN) {
  HostTensor r = eval("Concat", {scalar(0), iota({1, 2}), iota({2, 2})});
  EXPECT_EQ(shapeOf(r), (V{3, 2}));
  EXPECT_EQ(values(r), (V{0, 1, 0, 1, 2, 3}));
  EXPECT_NE(error("Concat", {scalar(0), iota({1, 2}), iota({2, 3})}), "");

  r = eval("AddN", {f32({2}, {1, 2}), f32({2}, {0.5, 0.25}), f32({2}, {1, 1})});
  EXPECT_EQ(r.getDouble(0), 2.5);
  EXPECT_EQ(r.getDouble(1), 3.25);
  r = eval("AddN", {i32({1}, {INT32_MAX}), i32({1}, {1})});
  EXPECT_EQ(r.getInt(0), INT32_MIN); // wraps
  EXPECT_NE(error("AddN", {iota({2}), iota({3})}), "");
}

TEST_F(ArrayKernelsTest, BroadcastTo) {
  HostTensor r = eval("BroadcastTo", {iota({3}), vec({2, 3})});
  EXPECT_EQ(values(r), (V{0, 1, 2, 0, 1, 2}));
  r = eval("BroadcastTo", {iota({2, 1}), vec({2, 2})});
  EXPECT_EQ(values(r), (V{0, 0, 1, 1}));
  EXPECT_TRUE(eval("BroadcastTo", {scalar(7), vec({4, 4})}).isSplat());
  EXPECT_NE(error("BroadcastTo", {iota({2, 3}), vec({3})}), "");
  EXPECT_NE(error("BroadcastTo", {iota({3}), vec({4})}), "");
}

TEST_F(ArrayKernelsTest, Reverse) {
  HostTensor r = eval("ReverseV2", {iota({2, 3}), vec({1})});
  EXPECT_EQ(values(r), (V{2, 1, 0, 5, 4, 3}));
  r = eval("ReverseV2", {iota({2, 3}), vec({0, -1})});
  EXPECT_EQ(values(r), (V{5, 4, 3, 2, 1, 0}));
  EXPECT_NE(error("ReverseV2", {iota({2, 3}), vec({1, -1})}).find("more"),
            std::string::npos);
  EXPECT_NE(error("ReverseV2", {iota({2, 3}), vec({2})}), "");
  HostTensor dims = ints(b.getI1Type(), {2}, {1, 0});
  r = eval("Reverse", {iota({2, 3}), dims});
  EXPECT_EQ(values(r), (V{3, 4, 5, 0, 1, 2}));
}

TEST_F(ArrayKernelsTest, ReverseSequence) {
  // Batch along dim 0, sequences along dim 1.
  DictionaryAttr a =
      attrs({b.getNamedAttr("seq_dim", b.getI64IntegerAttr(1)),
             b.getNamedAttr("batch_dim", b.getI64IntegerAttr(0))});
  HostTensor r =
      eval("ReverseSequence", {iota({3, 4}), i64({3}, {2, 4, 0})}, a);
  EXPECT_EQ(values(r), (V{1, 0, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11}));
  EXPECT_NE(error("ReverseSequence", {iota({3, 4}), i64({3}, {5, 0, 0})}, a),
            "");
  EXPECT_NE(error("ReverseSequence", {iota({3, 4}), i64({2}, {1, 1})}, a), "");
  EXPECT_NE(error("ReverseSequence", {iota({3, 4}), i64({3}, {1, 1, 1})},
                  intAttr("seq_dim", 0)),
            "");
}

TEST_F(ArrayKernelsTest, InvertPermutation) {
  EXPECT_EQ(values(eval("InvertPermutation", {vec({3, 4, 0, 2, 1})})),
            (V{2, 4, 3, 0, 1}));
  EXPECT_NE(error("InvertPermutation", {vec({0, 0})}), "");
  EXPECT_NE(error("InvertPermutation", {vec({2, 0})}), "");
}

TEST_F(ArrayKernelsTest, BroadcastArgs) {
  EXPECT_EQ(values(eval("BroadcastArgs", {vec({2, 1, 3}), vec({4, 1})})),
            (V{2, 4, 3}));
  EXPECT_NE(error("BroadcastArgs", {vec({2}), vec({3})}), "");
  std::vector<HostTensor> r =
      evalAll("BroadcastGradientArgs", {vec({2, 3, 5}), vec({1})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(values(r[0]), (V{}));
  EXPECT_EQ(values(r[1]), (V{0, 1, 2}));
  r = evalAll("BroadcastGradientArgs", {vec({1, 4, 1}), vec({3, 1, 1})});
  EXPECT_EQ(values(r[0]), (V{0, 2}));
  EXPECT_EQ(values(r[1]), (V{1, 2}));
  // Equal shapes reduce nothing, even their 1s; all-1 dimensions of
  // different shapes reduce for both.
  r = evalAll("BroadcastGradientArgs", {vec({2, 1}), vec({2, 1})});
  EXPECT_EQ(values(r[0]), (V{}));
  EXPECT_EQ(values(r[1]), (V{}));
  r = evalAll("BroadcastGradientArgs", {vec({1, 1}), vec({1})});
  EXPECT_EQ(values(r[0]), (V{0, 1}));
  EXPECT_EQ(values(r[1]), (V{0, 1}));
}

TEST_F(ArrayKernelsTest, EnsureShapeAndCheckNumerics) {
  auto shape = [&](ArrayRef<int64_t> s) {
    return attrs(
        {b.getNamedAttr("shape", tf_type::ShapeAttr::get(&context, s))});
  };
  EXPECT_EQ(values(eval("EnsureShape", {iota({2, 3})},
                        shape({2, ShapedType::kDynamic}))),
            (V{0, 1, 2, 3, 4, 5}));
  EXPECT_NE(error("EnsureShape", {iota({2, 3})}, shape({3, 2})), "");
  EXPECT_NE(error("EnsureShape", {iota({2, 3})}, shape({6})), "");

  DictionaryAttr msg = strAttr("message", "boom");
  EXPECT_EQ(eval("CheckNumerics", {f32({2}, {1, 2})}, msg).getDouble(1), 2);
  auto endsWith = [](const std::string &s, StringRef tail) {
    return StringRef(s).ends_with(tail);
  };
  EXPECT_TRUE(endsWith(error("CheckNumerics", {f32({2}, {1, NAN})}, msg),
                       "boom : Tensor had NaN values"));
  EXPECT_TRUE(endsWith(error("CheckNumerics", {f32({2}, {INFINITY, NAN})}, msg),
                       "boom : Tensor had Inf and NaN values"));
  EXPECT_TRUE(endsWith(error("CheckNumerics", {f32({1}, {-INFINITY})}, msg),
                       "boom : Tensor had Inf values"));
}

TEST_F(ArrayKernelsTest, SpaceToDepth) {
  // [1, 2, 4, 1] -> [1, 1, 2, 4]: depth index (dy * 2 + dx).
  HostTensor r =
      eval("SpaceToDepth", {iota({1, 2, 4, 1})}, intAttr("block_size", 2));
  EXPECT_EQ(shapeOf(r), (V{1, 1, 2, 4}));
  EXPECT_EQ(values(r), (V{0, 1, 4, 5, 2, 3, 6, 7}));
  HostTensor back = eval("DepthToSpace", {r}, intAttr("block_size", 2));
  EXPECT_EQ(shapeOf(back), (V{1, 2, 4, 1}));
  EXPECT_EQ(values(back), (V{0, 1, 2, 3, 4, 5, 6, 7}));
  // Two channels: [1, 2, 2, 2] -> [1, 1, 1, 8].
  r = eval("SpaceToDepth", {iota({1, 2, 2, 2})}, intAttr("block_size", 2));
  EXPECT_EQ(values(r), (V{0, 1, 2, 3, 4, 5, 6, 7}));
  // NCHW: [1, 1, 2, 2] -> [1, 4, 1, 1].
  DictionaryAttr nchw =
      attrs({b.getNamedAttr("block_size", b.getI64IntegerAttr(2)),
             b.getNamedAttr("data_format", b.getStringAttr("NCHW"))});
  r = eval("SpaceToDepth", {iota({1, 2, 2, 2})}, nchw);
  EXPECT_EQ(shapeOf(r), (V{1, 8, 1, 1}));
  EXPECT_EQ(values(r), (V{0, 4, 1, 5, 2, 6, 3, 7}));
  EXPECT_EQ(values(eval("DepthToSpace", {r}, nchw)),
            (V{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_NE(
      error("SpaceToDepth", {iota({1, 3, 4, 1})}, intAttr("block_size", 2)),
      "");
  EXPECT_NE(
      error("SpaceToDepth", {iota({1, 2, 2, 1})}, intAttr("block_size", 1)),
      "");
  EXPECT_NE(
      error("DepthToSpace", {iota({1, 1, 1, 3})}, intAttr("block_size", 2)),
      "");
  EXPECT_NE(error("DepthToSpace", {iota({1, 1, 1, 4})},
                  intAttr("block_size", int64_t(1) << 40)),
            "");
}

TEST_F(ArrayKernelsTest, SpaceToBatch) {
  // [1, 2, 4, 1] with block [2, 2], no padding -> [4, 1, 2, 1].
  HostTensor r = eval("SpaceToBatchND", {iota({1, 2, 4, 1}), vec({2, 2}),
                                         i32({2, 2}, {0, 0, 0, 0})});
  EXPECT_EQ(shapeOf(r), (V{4, 1, 2, 1}));
  EXPECT_EQ(values(r), (V{0, 2, 1, 3, 4, 6, 5, 7}));
  HostTensor back =
      eval("BatchToSpaceND", {r, vec({2, 2}), i32({2, 2}, {0, 0, 0, 0})});
  EXPECT_EQ(shapeOf(back), (V{1, 2, 4, 1}));
  EXPECT_EQ(values(back), (V{0, 1, 2, 3, 4, 5, 6, 7}));
  // Padding: [1, 3] block [2] paddings [1, 0] -> padded [0, a, b, c]
  // (a = 1...) -> [2, 2]: offset 0 takes positions 0, 2; offset 1 1, 3.
  r = eval("SpaceToBatchND",
           {i32({1, 3}, {7, 8, 9}), vec({2}), i32({1, 2}, {1, 0})});
  EXPECT_EQ(shapeOf(r), (V{2, 2}));
  EXPECT_EQ(values(r), (V{0, 8, 7, 9}));
  back = eval("BatchToSpaceND", {r, vec({2}), i32({1, 2}, {1, 0})});
  EXPECT_EQ(values(back), (V{7, 8, 9}));
  // Trailing dimensions move as blocks.
  r = eval("SpaceToBatchND",
           {iota({1, 2, 2, 2}), vec({2, 2}), i32({2, 2}, {0, 0, 0, 0})});
  EXPECT_EQ(shapeOf(r), (V{4, 1, 1, 2}));
  EXPECT_EQ(values(r), (V{0, 1, 2, 3, 4, 5, 6, 7}));
  // Batch 2: the output batch is offset * B + b.
  r = eval("SpaceToBatchND", {iota({2, 2}), vec({2}), i32({1, 2}, {0, 0})});
  EXPECT_EQ(values(r), (V{0, 2, 1, 3}));
  EXPECT_NE(
      error("SpaceToBatchND", {iota({1, 3}), vec({2}), i32({1, 2}, {0, 0})}),
      "");
  EXPECT_NE(
      error("SpaceToBatchND", {iota({1, 4}), vec({0}), i32({1, 2}, {0, 0})}),
      "");
  EXPECT_NE(
      error("BatchToSpaceND", {iota({3, 2}), vec({2}), i32({1, 2}, {0, 0})}),
      "");
  EXPECT_NE(
      error("BatchToSpaceND", {iota({2, 2}), vec({2}), i32({1, 2}, {3, 2})}),
      "");
}

TEST_F(ArrayKernelsTest, MirrorPad) {
  // [1, 2, 3] padded [2, 2].
  HostTensor r = eval("MirrorPad", {i32({3}, {1, 2, 3}), i32({1, 2}, {2, 2})},
                      strAttr("mode", "REFLECT"));
  EXPECT_EQ(values(r), (V{3, 2, 1, 2, 3, 2, 1}));
  r = eval("MirrorPad", {i32({3}, {1, 2, 3}), i32({1, 2}, {2, 3})},
           strAttr("mode", "SYMMETRIC"));
  EXPECT_EQ(values(r), (V{2, 1, 1, 2, 3, 3, 2, 1}));
  r = eval("MirrorPad", {iota({2, 2}), i32({2, 2}, {1, 0, 0, 1})},
           strAttr("mode", "REFLECT"));
  EXPECT_EQ(values(r), (V{2, 3, 2, 0, 1, 0, 2, 3, 2}));
  EXPECT_NE(error("MirrorPad", {i32({3}, {1, 2, 3}), i32({1, 2}, {3, 0})},
                  strAttr("mode", "REFLECT")),
            "");
  EXPECT_NE(error("MirrorPad", {i32({3}, {1, 2, 3}), i32({1, 2}, {4, 0})},
                  strAttr("mode", "SYMMETRIC")),
            "");
  EXPECT_NE(error("MirrorPad", {i32({3}, {1, 2, 3}), i32({1, 2}, {1, 0})},
                  strAttr("mode", "CONSTANT")),
            "");
}
} // namespace
