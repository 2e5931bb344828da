//===- MatMulKernelsTest.cpp - Tests of the matrix product kernels --------===//
//
// MatMul (transposes), _FusedMatMul, BatchMatMul/V2/V3 (batch broadcast,
// adjoints) against a naive product computed here, on shapes that cross
// the GEMM's block edges; int32 wrap-around; dtypes and errors.
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class MatMulKernelsTest : public NNKernelTest {
protected:
  /// a (m x k, or k x m when ta) times b (k x n, or n x k when tb), with
  /// the operands' element offsets.
  static std::vector<double> ref(const HostTensor &a, const HostTensor &b,
                                 int64_t m, int64_t n, int64_t k, bool ta,
                                 bool tb, int64_t ao = 0, int64_t bo = 0) {
    std::vector<double> c(m * n, 0.0);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double s = 0;
        for (int64_t q = 0; q < k; ++q)
          s += a.getDouble(ao + (ta ? q * m + i : i * k + q)) *
               b.getDouble(bo + (tb ? j * k + q : q * n + j));
        c[i * n + j] = s;
      }
    return c;
  }
};

TEST_F(MatMulKernelsTest, HandChecked) {
  HostTensor a = f32({2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor bm = f32({3, 2}, {7, 8, 9, 10, 11, 12});
  expectNear(eval("MatMul", {a, bm}), {2, 2}, {58, 64, 139, 154});
  expectNear(eval("MatMul", {a, a}, attrs({boolean("transpose_b", true)})),
             {2, 2}, {14, 32, 32, 77});
  HostTensor r =
      eval("MatMul", {i32({2, 2}, {1, 2, 3, 4}), i32({2, 2}, {5, 6, 7, 8})});
  EXPECT_EQ(values(r), (std::vector<int64_t>{19, 22, 43, 50}));
  // int32 wraps.
  r = eval("MatMul", {i32({1, 1}, {1 << 30}), i32({1, 1}, {4})});
  EXPECT_EQ(values(r), (std::vector<int64_t>{0}));
  r = eval("MatMul", {i64({1, 2}, {3, 4}), i64({2, 1}, {5, 6})});
  EXPECT_EQ(values(r), (std::vector<int64_t>{39}));
}

TEST_F(MatMulKernelsTest, Transposes) {
  for (auto [m, n, k] : {std::tuple<int64_t, int64_t, int64_t>{1, 1, 1},
                         {5, 7, 3},
                         {37, 45, 300},
                         {100, 17, 9},
                         {4, 16, 0},
                         {130, 70, 520}}) {
    for (int t = 0; t < 4; ++t) {
      bool ta = t & 1, tb = t & 2;
      HostTensor a =
          random(ta ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k});
      HostTensor bm =
          random(tb ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n});
      SCOPED_TRACE(std::to_string(m) + "x" + std::to_string(n) + "x" +
                   std::to_string(k) + " t" + std::to_string(t));
      expectNear(
          eval("MatMul", {a, bm},
               attrs({boolean("transpose_a", ta), boolean("transpose_b", tb)})),
          {m, n}, ref(a, bm, m, n, k, ta, tb));
    }
  }
}

TEST_F(MatMulKernelsTest, BatchBroadcast) {
  // [2, 1, 3, 4] x [3, 4, 5] -> [2, 3, 3, 5].
  HostTensor a = random({2, 1, 3, 4}), bm = random({3, 4, 5});
  std::vector<double> expected;
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j) {
      std::vector<double> c = ref(a, bm, 3, 5, 4, false, false, i * 12, j * 20);
      expected.insert(expected.end(), c.begin(), c.end());
    }
  expectNear(eval("BatchMatMulV2", {a, bm}), {2, 3, 3, 5}, expected);
  expectNear(eval("BatchMatMulV3", {a, bm}), {2, 3, 3, 5}, expected);
  // adj_x / adj_y on a batch of equal shapes (V1), and a large batch of
  // small products (parallel over batches).
  HostTensor x = random({6, 4, 3}), y = random({6, 5, 4});
  expected.clear();
  for (int64_t i = 0; i < 6; ++i) {
    std::vector<double> c = ref(x, y, 3, 5, 4, true, true, i * 12, i * 20);
    expected.insert(expected.end(), c.begin(), c.end());
  }
  expectNear(eval("BatchMatMul", {x, y},
                  attrs({boolean("adj_x", true), boolean("adj_y", true)})),
             {6, 3, 5}, expected);
  // A 2-D operand broadcasts over the other's batch.
  HostTensor big = random({3, 70, 80}), w = random({80, 90});
  expected.clear();
  for (int64_t i = 0; i < 3; ++i) {
    std::vector<double> c = ref(big, w, 70, 90, 80, false, false, i * 5600);
    expected.insert(expected.end(), c.begin(), c.end());
  }
  expectNear(eval("BatchMatMulV2", {big, w}), {3, 70, 90}, expected);
  EXPECT_NE(error("BatchMatMul", {a, bm}), "");
  EXPECT_NE(error("BatchMatMulV2", {random({2, 3, 4}), random({3, 4, 5})}), "");
  EXPECT_NE(
      error("BatchMatMulV3", {a, bm},
            attrs({b.getNamedAttr("Tout", TypeAttr::get(b.getF64Type()))})),
      "");
}

TEST_F(MatMulKernelsTest, Fused) {
  HostTensor a = random({9, 20}), w = random({20, 33}), bias = random({33});
  std::vector<double> y = ref(a, w, 9, 33, 20, false, false);
  auto run = [&](ArrayRef<StringRef> ops) {
    return eval("_FusedMatMul", {a, w, bias},
                attrs({strs("fused_ops", ops), integer("num_args", 1)}));
  };
  std::vector<double> biased = y;
  for (size_t i = 0; i < y.size(); ++i)
    biased[i] += bias.getDouble(i % 33);
  expectNear(run({"BiasAdd"}), {9, 33}, biased);
  std::vector<double> relu = biased, relu6 = biased, elu = biased,
                      gelu = biased;
  for (size_t i = 0; i < y.size(); ++i) {
    relu[i] = std::max(0.0, biased[i]);
    relu6[i] = std::min(6.0, relu[i]);
    elu[i] = biased[i] < 0 ? std::expm1(biased[i]) : biased[i];
    gelu[i] = 0.5 * biased[i] * (1 + std::erf(biased[i] / std::sqrt(2.0)));
  }
  expectNear(run({"BiasAdd", "Relu"}), {9, 33}, relu);
  expectNear(run({"BiasAdd", "Relu6"}), {9, 33}, relu6);
  expectNear(run({"BiasAdd", "Elu"}), {9, 33}, elu);
  expectNear(run({"BiasAdd", "GeluExact"}), {9, 33}, gelu);
  EXPECT_NE(error("_FusedMatMul", {a, w, bias},
                  attrs({strs("fused_ops", {"BiasAdd", "Softplus"}),
                         integer("num_args", 1)}))
                .find("Softplus"),
            std::string::npos);
  EXPECT_NE(
      error("_FusedMatMul", {a, w, random({20})},
            attrs({strs("fused_ops", {"BiasAdd"}), integer("num_args", 1)})),
      "");
}

TEST_F(MatMulKernelsTest, DTypesAndErrors) {
  HostTensor a = random({4, 6}), w = random({6, 5});
  std::vector<double> y = ref(a, w, 4, 5, 6, false, false);
  for (Type type : {b.getF64Type(), b.getF16Type(), b.getBF16Type()}) {
    HostTensor at = llvm::cantFail(HostTensor::create(type, {4, 6}));
    HostTensor wt = llvm::cantFail(HostTensor::create(type, {6, 5}));
    for (int64_t i = 0; i < 24; ++i)
      at.setDouble(i, a.getDouble(i));
    for (int64_t i = 0; i < 30; ++i)
      wt.setDouble(i, w.getDouble(i));
    HostTensor r = eval("MatMul", {at, wt});
    ASSERT_TRUE(static_cast<bool>(r));
    EXPECT_EQ(r.getElementType(), type);
    expectNear(r, {4, 5}, ref(at, wt, 4, 5, 6, false, false),
               type.isF64() ? 1e-12 : 3e-2);
  }
  // Splat operands.
  expectNear(eval("MatMul", {splatF32({2, 3}, 2.0), splatF32({3, 2}, 0.5)}),
             {2, 2}, {3, 3, 3, 3});
  EXPECT_NE(error("MatMul", {a, a}).find("inner"), std::string::npos);
  EXPECT_NE(error("MatMul", {random({2, 2, 2}), w}), "");
  EXPECT_NE(error("MatMul", {a, i32({6, 5}, {})}), "");
  EXPECT_NE(error("MatMul", {strings({1, 1}, {"a"}), strings({1, 1}, {"b"})}),
            "");
  EXPECT_NE(error("MatMul", {random({300, 2}), random({2, 300})}, {}, 1000)
                .find("bound"),
            std::string::npos);
  EXPECT_NE(error("MatMul", {a}), "");
}
} // namespace
