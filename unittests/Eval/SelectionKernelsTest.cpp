//===- SelectionKernelsTest.cpp - Tests of selection, matrix, segments ----===//
//
// Where, Unique, UniqueV2, TopKV2 (ties: the lower index first), Bucketize,
// ClipByValue, LinSpace, MatrixBandPart, MatrixDiag*, MatrixDiagPart*,
// Einsum and the segment reductions on host tensors: values derived by
// hand from TensorFlow's documentation (its examples where it has them),
// and the errors.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cfloat>
#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class SelectionKernelsTest : public HostKernelTest {
protected:
  using V = std::vector<int64_t>;
  using D = std::vector<double>;
  DictionaryAttr typeAttr(StringRef name, Type t) {
    return attrs({b.getNamedAttr(name, TypeAttr::get(t))});
  }
};

TEST_F(SelectionKernelsTest, Where) {
  HostTensor r =
      eval("Where", {ints(b.getI1Type(), {2, 3}, {1, 0, 1, 0, 0, 1})});
  EXPECT_EQ(r.getElementType(), b.getI64Type());
  EXPECT_EQ(shapeOf(r), (V{3, 2}));
  EXPECT_EQ(values(r), (V{0, 0, 0, 2, 1, 2}));
  // NaN is nonzero, -0 is zero.
  r = eval("Where", {f32({3}, {0, NAN, -0.0})});
  EXPECT_EQ(shapeOf(r), (V{1, 1}));
  EXPECT_EQ(values(r), (V{1}));
  r = eval("Where", {iota({0, 2})});
  EXPECT_EQ(shapeOf(r), (V{0, 2}));
  EXPECT_NE(error("Where", {iota({3}), iota({3}), iota({3})}), "");
}

TEST_F(SelectionKernelsTest, Unique) {
  std::vector<HostTensor> r =
      evalAll("Unique", {i32({9}, {1, 1, 2, 4, 4, 4, 7, 8, 8})});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(values(r[0]), (V{1, 2, 4, 7, 8}));
  EXPECT_EQ(values(r[1]), (V{0, 0, 1, 2, 2, 2, 3, 4, 4}));
  EXPECT_EQ(r[1].getElementType(), b.getI32Type());
  // -0 equals 0; NaN equals nothing.
  r = evalAll("Unique", {f32({5}, {0.0, -0.0, NAN, NAN, 1})},
              typeAttr("out_idx", b.getI64Type()));
  EXPECT_EQ(r[0].getNumElements(), 4);
  EXPECT_EQ(values(r[1]), (V{0, 0, 1, 2, 3}));
  EXPECT_EQ(r[1].getElementType(), b.getI64Type());
  r = evalAll("Unique", {strings({3}, {"b", "a", "b"})});
  EXPECT_EQ(r[0].getString(1), "a");
  EXPECT_EQ(values(r[1]), (V{0, 1, 0}));
  EXPECT_NE(error("Unique", {iota({2, 2})}), "");

  HostTensor m = i32({3, 3}, {1, 0, 0, 1, 0, 0, 2, 0, 0});
  r = evalAll("UniqueV2", {m, i64({1}, {0})});
  EXPECT_EQ(shapeOf(r[0]), (V{2, 3}));
  EXPECT_EQ(values(r[0]), (V{1, 0, 0, 2, 0, 0}));
  EXPECT_EQ(values(r[1]), (V{0, 0, 1}));
  r = evalAll("UniqueV2", {m, i64({1}, {-1})});
  EXPECT_EQ(shapeOf(r[0]), (V{3, 2}));
  EXPECT_EQ(values(r[0]), (V{1, 0, 1, 0, 2, 0}));
  EXPECT_EQ(values(r[1]), (V{0, 1, 1}));
  r = evalAll("UniqueV2", {i32({3}, {5, 5, 6}), i64({0}, {})});
  EXPECT_EQ(values(r[0]), (V{5, 6}));
  EXPECT_NE(error("UniqueV2", {m, i64({1}, {2})}), "");
}

TEST_F(SelectionKernelsTest, TopK) {
  // Ties keep the lower index first.
  std::vector<HostTensor> r =
      evalAll("TopKV2", {f32({6}, {3, 1, 3, 2, 5, 3}), scalar(4)});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(doubles(r[0]), (D{5, 3, 3, 3}));
  EXPECT_EQ(values(r[1]), (V{4, 0, 2, 5}));
  EXPECT_EQ(r[1].getElementType(), b.getI32Type());
  r = evalAll("TopKV2", {i32({2, 2}, {1, 2, 4, 3}), scalar(1)},
              typeAttr("index_type", b.getI64Type()));
  EXPECT_EQ(shapeOf(r[0]), (V{2, 1}));
  EXPECT_EQ(values(r[0]), (V{2, 4}));
  EXPECT_EQ(values(r[1]), (V{1, 0}));
  EXPECT_EQ(r[1].getElementType(), b.getI64Type());
  r = evalAll("TopKV2",
              {i64({3}, {INT64_MAX, INT64_MAX - 1, INT64_MIN}), scalar(3)});
  EXPECT_EQ(values(r[1]), (V{0, 1, 2}));
  EXPECT_NE(error("TopKV2", {iota({3}), scalar(4)}), "");
  EXPECT_NE(error("TopKV2", {iota({3}), scalar(-1)}), "");
  EXPECT_NE(error("TopKV2", {scalar(3), scalar(1)}), "");
}

TEST_F(SelectionKernelsTest, TopKLarge) {
  // 10000 values with many ties: sorted descending, ties by index.
  int64_t n = 10000;
  HostTensor in = llvm::cantFail(HostTensor::create(b.getF32Type(), {n}));
  for (int64_t i = 0; i < n; ++i)
    in.setDouble(i, static_cast<double>((i * 7919) % 100));
  std::vector<HostTensor> r = evalAll("TopKV2", {in, scalar(250)});
  ASSERT_EQ(r.size(), 2u);
  for (int64_t j = 0; j < 250; ++j) {
    EXPECT_EQ(r[0].getDouble(j), 99 - j / 100);
    if (j % 100) {
      EXPECT_LT(r[1].getInt(j - 1), r[1].getInt(j));
    }
  }
}

TEST_F(SelectionKernelsTest, Bucketize) {
  auto bounds = [&](ArrayRef<float> v) {
    SmallVector<Attribute> list;
    for (float f : v)
      list.push_back(b.getF32FloatAttr(f));
    return attrs({b.getNamedAttr("boundaries", b.getArrayAttr(list))});
  };
  HostTensor r = eval("Bucketize", {i32({2, 3}, {-5, 10000, 150, 10, 5, 100})},
                      bounds({0, 10, 100}));
  EXPECT_EQ(shapeOf(r), (V{2, 3}));
  EXPECT_EQ(values(r), (V{0, 3, 3, 2, 1, 3}));
  r = eval("Bucketize", {f32({3}, {-0.5, 0.5, 1})}, bounds({0, 1}));
  EXPECT_EQ(values(r), (V{0, 1, 2}));
  EXPECT_NE(error("Bucketize", {iota({2})}, bounds({1, 0})), "");
}

TEST_F(SelectionKernelsTest, ClipByValue) {
  HostTensor r =
      eval("ClipByValue", {f32({3}, {-1, 0.5, 3}), f32({}, {0}), f32({}, {1})});
  EXPECT_EQ(doubles(r), (D{0, 0.5, 1}));
  r = eval("ClipByValue",
           {i32({3}, {5, 5, 5}), i32({3}, {0, 6, 0}), i32({3}, {4, 9, 9})});
  EXPECT_EQ(values(r), (V{4, 6, 5}));
  EXPECT_NE(error("ClipByValue", {iota({3}), iota({2}), scalar(1)}), "");
  EXPECT_NE(error("ClipByValue", {iota({3}), f32({}, {0}), scalar(1)}), "");
}

TEST_F(SelectionKernelsTest, LinSpace) {
  HostTensor r = eval("LinSpace", {f32({}, {10}), f32({}, {12}), scalar(3)});
  EXPECT_EQ(doubles(r), (D{10, 11, 12}));
  r = eval("LinSpace", {f32({}, {0}), f32({}, {1}), scalar(4)});
  float step = 1.0f / 3.0f;
  EXPECT_EQ(doubles(r), (D{0, step, step * 2.0f, 1}));
  // The ends are exact even when the step is not finite.
  r = eval("LinSpace", {f32({}, {0}), f32({}, {INFINITY}), scalar(3)});
  EXPECT_EQ(r.getDouble(0), 0);
  EXPECT_TRUE(std::isinf(r.getDouble(2)));
  r = eval("LinSpace", {f32({}, {5}), f32({}, {9}), i64({}, {1})});
  EXPECT_EQ(doubles(r), (D{5}));
  EXPECT_NE(error("LinSpace", {f32({}, {0}), f32({}, {1}), scalar(0)}), "");
  EXPECT_NE(error("LinSpace", {iota({}), iota({}), scalar(2)}), "");
}

TEST_F(SelectionKernelsTest, MatrixBandPart) {
  HostTensor r = eval("MatrixBandPart", {iota({3, 3}), scalar(1), scalar(0)});
  EXPECT_EQ(values(r), (V{0, 0, 0, 3, 4, 0, 0, 7, 8}));
  r = eval("MatrixBandPart", {iota({3, 3}), scalar(-1), scalar(0)});
  EXPECT_EQ(values(r), (V{0, 0, 0, 3, 4, 0, 6, 7, 8}));
  r = eval("MatrixBandPart", {iota({2, 2, 2}), scalar(0), scalar(0)});
  EXPECT_EQ(values(r), (V{0, 0, 0, 3, 4, 0, 0, 7}));
  EXPECT_NE(error("MatrixBandPart", {iota({3, 3}), scalar(4), scalar(0)}), "");
  EXPECT_NE(error("MatrixBandPart", {iota({3, 3}), scalar(0), scalar(4)}), "");
}

TEST_F(SelectionKernelsTest, MatrixDiag) {
  HostTensor r = eval("MatrixDiag", {i32({2}, {1, 2})});
  EXPECT_EQ(shapeOf(r), (V{2, 2}));
  EXPECT_EQ(values(r), (V{1, 0, 0, 2}));
  r = eval("MatrixDiag", {iota({2, 2})});
  EXPECT_EQ(values(r), (V{0, 0, 0, 1, 2, 0, 0, 3}));
  // TensorFlow's documented band example (align RIGHT_LEFT).
  HostTensor band = i32({2, 3, 3}, {0, 9, 1, 6, 5, 8, 1, 2, 3, //
                                    0, 4, 3, 2, 1, 5, 6, 2, 3});
  r = eval("MatrixDiagV3",
           {band, vec({-1, 1}), scalar(-1), scalar(-1), scalar(0)});
  EXPECT_EQ(shapeOf(r), (V{2, 3, 3}));
  EXPECT_EQ(values(r), (V{6, 9, 0, 1, 5, 1, 0, 2, 8, //
                          2, 4, 0, 6, 1, 3, 0, 2, 5}));
  // One superdiagonal, padding 9, the size inferred as 3x3.
  r = eval("MatrixDiagV3",
           {i32({2}, {1, 2}), scalar(1), scalar(-1), scalar(-1), scalar(9)});
  EXPECT_EQ(values(r), (V{9, 1, 9, 9, 9, 2, 9, 9, 9}));
  // A 3x4 matrix from the main diagonal.
  r = eval("MatrixDiagV2",
           {i32({3}, {1, 2, 3}), scalar(0), scalar(3), scalar(4), scalar(0)});
  EXPECT_EQ(shapeOf(r), (V{3, 4}));
  EXPECT_EQ(values(r), (V{1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0}));
  EXPECT_NE(error("MatrixDiagV3",
                  {band, vec({1, -1}), scalar(-1), scalar(-1), scalar(0)}),
            "");
  EXPECT_NE(error("MatrixDiagV3",
                  {band, vec({0, 1}), scalar(-1), scalar(-1), scalar(0)}),
            "");
  EXPECT_NE(error("MatrixDiagV3", {i32({2}, {1, 2}), scalar(0), scalar(5),
                                   scalar(7), scalar(0)}),
            "");
}

TEST_F(SelectionKernelsTest, MatrixDiagPart) {
  // TensorFlow's documented examples (align RIGHT_LEFT).
  HostTensor in = i32({2, 3, 4}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 8, 7, 6, //
                                  5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8});
  HostTensor r = eval("MatrixDiagPart", {in});
  EXPECT_EQ(values(r), (V{1, 6, 7, 5, 2, 7}));
  r = eval("MatrixDiagPartV3", {in, scalar(1), scalar(0)});
  EXPECT_EQ(values(r), (V{2, 7, 6, 4, 3, 8}));
  r = eval("MatrixDiagPartV3", {in, vec({-1, 2}), scalar(0)});
  EXPECT_EQ(shapeOf(r), (V{2, 4, 3}));
  EXPECT_EQ(values(r), (V{0, 3, 8, 2, 7, 6, 1, 6, 7, 5, 8, 0, //
                          0, 3, 4, 4, 3, 8, 5, 2, 7, 1, 6, 0}));
  // LEFT_RIGHT moves the padding.
  r = eval("MatrixDiagPartV3", {in, vec({-1, 2}), scalar(0)},
           attrs({b.getNamedAttr("align", b.getStringAttr("LEFT_RIGHT"))}));
  EXPECT_EQ(values(r), (V{3, 8, 0, 2, 7, 6, 1, 6, 7, 0, 5, 8, //
                          3, 4, 0, 4, 3, 8, 5, 2, 7, 0, 1, 6}));
  EXPECT_NE(error("MatrixDiagPartV3", {in, scalar(4), scalar(0)}), "");
  EXPECT_NE(error("MatrixDiagV3", {i32({2}, {1, 2}), i64({2}, {INT64_MIN, 0}),
                                   scalar(-1), scalar(-1), scalar(0)}),
            "");
}

TEST_F(SelectionKernelsTest, Einsum) {
  auto eq = [&](StringRef e) {
    return attrs({b.getNamedAttr("equation", b.getStringAttr(e))});
  };
  HostTensor r = eval("Einsum", {iota({2, 3}), iota({3, 2})}, eq("ij,jk->ik"));
  EXPECT_EQ(values(r), (V{10, 13, 28, 40}));
  r = eval("Einsum", {iota({2, 3}), iota({3, 2})}, eq("ij,jk"));
  EXPECT_EQ(values(r), (V{10, 13, 28, 40}));
  r = eval("Einsum", {iota({2, 3})}, eq("ij->ji"));
  EXPECT_EQ(values(r), (V{0, 3, 1, 4, 2, 5}));
  r = eval("Einsum", {iota({3, 3})}, eq("ii->i"));
  EXPECT_EQ(values(r), (V{0, 4, 8}));
  r = eval("Einsum", {iota({3, 3})}, eq("ii->"));
  EXPECT_EQ(values(r), (V{12}));
  r = eval("Einsum", {iota({2}), iota({3})}, eq("i,j->ij"));
  EXPECT_EQ(values(r), (V{0, 0, 0, 0, 1, 2}));
  r = eval("Einsum", {iota({2, 1, 2}), iota({2, 2, 1})}, eq("bij,bjk->bik"));
  EXPECT_EQ(values(r), (V{1, 13}));
  // "..." broadcasts: [2, 1, 2] against [2, 1] batches.
  r = eval("Einsum", {f32({2, 1, 2}, {1, 2, 3, 4}), f32({2, 1}, {10, 100})},
           eq("...j,jk->...k"));
  EXPECT_EQ(shapeOf(r), (V{2, 1, 1}));
  EXPECT_EQ(doubles(r), (D{210, 430}));
  EXPECT_NE(error("Einsum", {iota({2, 3}), iota({2, 2})}, eq("ij,jk->ik")), "");
  EXPECT_NE(error("Einsum", {iota({2, 3})}, eq("ij,jk->ik")), "");
  EXPECT_NE(error("Einsum", {iota({2, 3})}, eq("i1->i")), "");
  EXPECT_NE(error("Einsum", {iota({2, 3})}, eq("ijk->i")), "");
  EXPECT_NE(error("Einsum", {iota({2, 3})}, eq("ij->iz")), "");
  // Work beyond the bound is refused, not started.
  HostTensor big = splat(b.getI32Type(), {1 << 15, 1 << 15}, 1);
  EXPECT_NE(error("Einsum", {big, big}, eq("ij,kl->i")).find("too large"),
            std::string::npos);
}

TEST_F(SelectionKernelsTest, Cross) {
  // x cross y = z, and a general pair.
  HostTensor r = eval("Cross", {f32({2, 3}, {1, 0, 0, 1, 2, 3}),
                                f32({2, 3}, {0, 1, 0, 4, 5, 6})});
  EXPECT_EQ(doubles(r), (D{0, 0, 1, -3, 6, -3}));
  r = eval("Cross", {i32({3}, {INT32_MAX, 0, 1}), i32({3}, {0, 2, 0})});
  EXPECT_EQ(values(r), (V{-2, 0, -2})); // 2 * INT32_MAX wraps to -2
  EXPECT_NE(error("Cross", {iota({2}), iota({2})}), "");
  EXPECT_NE(error("Cross", {iota({3}), f32({3}, {0, 0, 0})}), "");
}

TEST_F(SelectionKernelsTest, SortedSegments) {
  HostTensor data = i32({3, 2}, {1, 2, 3, 4, 5, 6});
  HostTensor ids = vec({0, 0, 2});
  HostTensor r = eval("SegmentSum", {data, ids});
  EXPECT_EQ(shapeOf(r), (V{3, 2}));
  EXPECT_EQ(values(r), (V{4, 6, 0, 0, 5, 6}));
  EXPECT_EQ(values(eval("SegmentMax", {i32({3}, {1, 5, 3}), ids})),
            (V{5, 0, 3}));
  EXPECT_EQ(values(eval("SegmentMin", {i32({3}, {-1, -5, -3}), ids})),
            (V{-5, 0, -3}));
  EXPECT_EQ(values(eval("SegmentProd", {i32({3}, {2, 3, 4}), ids})),
            (V{6, 1, 4}));
  EXPECT_EQ(doubles(eval("SegmentMean", {f32({3}, {1, 2, 6}), vec({0, 0, 1})})),
            (D{1.5, 6}));
  EXPECT_EQ(values(eval("SegmentMean", {i32({2}, {1, 2}), vec({0, 0})})),
            (V{1}));
  EXPECT_NE(error("SegmentSum", {data, vec({1, 0, 2})}).find("sorted"),
            std::string::npos);
  EXPECT_NE(error("SegmentSum", {data, vec({-1, 0, 0})}), "");
  EXPECT_NE(error("SegmentSum", {data, vec({0, 0})}), "");
  EXPECT_NE(error("SegmentSum", {i32({1}, {1}), i64({1}, {INT64_MAX})})
                .find("too many"),
            std::string::npos);
}

TEST_F(SelectionKernelsTest, UnsortedSegments) {
  HostTensor data = i32({4}, {1, 2, 3, 4});
  HostTensor ids = vec({0, 1, 0, -1}); // -1 drops its element
  EXPECT_EQ(values(eval("UnsortedSegmentSum", {data, ids, scalar(3)})),
            (V{4, 2, 0}));
  EXPECT_EQ(values(eval("UnsortedSegmentMax", {data, ids, scalar(3)})),
            (V{3, 2, INT32_MIN}));
  EXPECT_EQ(values(eval("UnsortedSegmentMin", {data, ids, scalar(3)})),
            (V{1, 2, INT32_MAX}));
  EXPECT_EQ(values(eval("UnsortedSegmentProd", {data, ids, scalar(3)})),
            (V{3, 2, 1}));
  HostTensor f =
      eval("UnsortedSegmentMax", {f32({1}, {1}), vec({0}), scalar(2)});
  EXPECT_EQ(f.getDouble(1), -FLT_MAX);
  // Ids shaped as a prefix of the data's shape.
  HostTensor r = eval("UnsortedSegmentSum",
                      {iota({2, 2}), i32({2, 2}, {0, 1, 1, 1}), scalar(2)});
  EXPECT_EQ(values(r), (V{0, 6}));
  r = eval("UnsortedSegmentSum", {iota({2, 2}), vec({1, 1}), i64({}, {2})});
  EXPECT_EQ(values(r), (V{0, 0, 2, 4}));
  EXPECT_NE(error("UnsortedSegmentSum", {data, vec({0, 3, 0, 0}), scalar(3)}),
            "");
  EXPECT_NE(error("UnsortedSegmentSum", {data, vec({0, 1}), scalar(3)}), "");
  EXPECT_NE(error("UnsortedSegmentSum", {data, ids, scalar(-1)}), "");
}
} // namespace
