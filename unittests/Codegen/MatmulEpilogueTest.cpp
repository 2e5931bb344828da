//===- MatmulEpilogueTest.cpp - tfg_rt_matmul_epilogue_f32 ----------------===//
//
// The matrix product with a fused epilogue (lib/Codegen/Runtime/
// MatmulEpilogue.cpp) against plain loops: sizes that are not multiples of
// the GEMM's blocks, over one tile of rows, strided operands, every step,
// the residual in place, accumulation, an empty depth; one and three
// threads; rejected descriptors.
//
//===----------------------------------------------------------------------===//

#include "EpilogueReference.h"
#include "tfg/Codegen/Runtime.h"

#include "gtest/gtest.h"

#include <cmath>
#include <vector>

namespace {

using tfg_test::applyEpilogue;
using tfg_test::epilogueWord;

std::vector<float> values(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(
               static_cast<int64_t>((i * 13 + seed * 5 + i / 7) % 19) - 9) /
           4.0f;
  return v;
}

TfgRtMemRef2F32 matrix(float *data, int64_t rows, int64_t cols, int64_t rs,
                       int64_t cs) {
  TfgRtMemRef2F32 d;
  d.allocated = d.aligned = data;
  d.offset = 0;
  d.sizes[0] = rows;
  d.sizes[1] = cols;
  d.strides[0] = rs;
  d.strides[1] = cs;
  return d;
}

/// c = a * b then the steps of `w` (or c += a * b without OVERWRITE); a
/// transposed in memory when `transposedA`; the residual c itself when
/// `inPlace`.
void check(int64_t m, int64_t k, int64_t n, int64_t w, bool transposedA,
           bool inPlace) {
  std::vector<float> a = values(m * k, 1), b = values(k * n, 2),
                     bias = values(2 * n, 3), residual = values(m * n, 4),
                     c = values(m * n, 5);
  if (inPlace)
    c = residual;
  std::vector<float> want(m * n);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int64_t p = 0; p < k; ++p)
        sum += (transposedA ? a[p * m + i] : a[i * k + p]) * b[p * n + j];
      if (!(w & TFG_RT_CONV_OVERWRITE))
        sum += c[i * n + j];
      want[i * n + j] = applyEpilogue(w, sum, bias[2 * j], residual[i * n + j]);
    }
  auto da =
      transposedA ? matrix(a.data(), m, k, 1, m) : matrix(a.data(), m, k, k, 1);
  auto db = matrix(b.data(), k, n, n, 1);
  auto dc = matrix(c.data(), m, n, n, 1);
  TfgRtMemRef1F32 dbias;
  dbias.allocated = dbias.aligned = bias.data();
  dbias.offset = 0;
  dbias.sizes[0] = n;
  dbias.strides[0] = 2; // every other value
  auto dr = inPlace ? dc : matrix(residual.data(), m, n, n, 1);
  TfgRtStats before, after;
  tfg_rt_get_stats(&before);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &db, &dc, &dbias, &dr, w);
  tfg_rt_get_stats(&after);
  EXPECT_EQ(after.rejectedCalls, before.rejectedCalls);
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_NEAR(c[i], want[i], 1e-4f * (1 + std::fabs(want[i]))) << i;
}

class MatmulEpilogueTest : public ::testing::TestWithParam<int> {
protected:
  void SetUp() override { tfg_rt_set_num_threads(GetParam()); }
  void TearDown() override { tfg_rt_set_num_threads(1); }
};

TEST_P(MatmulEpilogueTest, StepsAndShapes) {
  // Over one tile of rows (96) and one depth block (256), columns not a
  // multiple of 16; a single row; a transposed A.
  const int64_t shapes[][3] = {{200, 300, 45}, {1, 17, 10}, {37, 8, 16}};
  for (const auto &s : shapes) {
    SCOPED_TRACE(testing::Message() << s[0] << "x" << s[1] << "x" << s[2]);
    check(s[0], s[1], s[2], epilogueWord({}), false, false);
    check(s[0], s[1], s[2], epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU}),
          true, false);
    check(s[0], s[1], s[2],
          epilogueWord({TFG_RT_STEP_BIAS, TFG_RT_STEP_RELU, TFG_RT_STEP_MIN6}),
          false, false);
    check(s[0], s[1], s[2],
          epilogueWord(
              {TFG_RT_STEP_BIAS, TFG_RT_STEP_RESIDUAL, TFG_RT_STEP_RELU}),
          false, false);
    check(s[0], s[1], s[2],
          epilogueWord({TFG_RT_STEP_RESIDUAL, TFG_RT_STEP_MIN6}), false,
          /*inPlace=*/true);
    // Without OVERWRITE: c += a * b.
    check(s[0], s[1], s[2], 0, false, false);
  }
  // An empty depth: the bias alone.
  check(5, 0, 7, epilogueWord({TFG_RT_STEP_BIAS}), false, false);
}

INSTANTIATE_TEST_SUITE_P(Threads, MatmulEpilogueTest, ::testing::Values(1, 3));

TEST(MatmulEpilogueRejectTest, InconsistentDescriptorsLeaveTheOutput) {
  std::vector<float> a(12, 1.0f), b(12, 1.0f), c(9, 5.0f), bias(3, 1.0f),
      r(9, 0.0f);
  auto da = matrix(a.data(), 3, 4, 4, 1), db = matrix(b.data(), 4, 3, 3, 1),
       dc = matrix(c.data(), 3, 3, 3, 1), dr = matrix(r.data(), 3, 3, 3, 1);
  TfgRtMemRef1F32 dbias;
  dbias.allocated = dbias.aligned = bias.data();
  dbias.offset = 0;
  dbias.sizes[0] = 3;
  dbias.strides[0] = 1;
  TfgRtStats before, after;
  tfg_rt_get_stats(&before);
  int64_t ow = TFG_RT_CONV_OVERWRITE;
  // Depths that disagree; steps without OVERWRITE; an unknown step; a bias
  // of the wrong size; a residual of the wrong shape; a column-major C; a
  // residual overlapping C partly.
  auto shortB = matrix(b.data(), 3, 3, 3, 1);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &shortB, &dc, &dbias, &dr, ow);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &db, &dc, &dbias, &dr,
                                          TFG_RT_STEP_BIAS << 4);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &db, &dc, &dbias, &dr,
                                          ow | (7 << 4));
  auto shortBias = dbias;
  shortBias.sizes[0] = 2;
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &db, &dc, &shortBias, &dr,
                                          ow | (TFG_RT_STEP_BIAS << 4));
  auto shortR = matrix(r.data(), 2, 3, 3, 1);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &db, &dc, &dbias, &shortR,
                                          ow | (TFG_RT_STEP_RESIDUAL << 4));
  auto columnMajor = matrix(c.data(), 3, 3, 1, 3);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da, &db, &columnMajor, &dbias, &dr,
                                          ow);
  auto shifted = matrix(c.data() + 1, 2, 3, 3, 1);
  auto top = matrix(c.data(), 2, 3, 3, 1);
  auto da2 = matrix(a.data(), 2, 4, 4, 1);
  _mlir_ciface_tfg_rt_matmul_epilogue_f32(&da2, &db, &top, &dbias, &shifted,
                                          ow | (TFG_RT_STEP_RESIDUAL << 4));
  tfg_rt_get_stats(&after);
  EXPECT_EQ(after.rejectedCalls - before.rejectedCalls, 7);
  for (float v : c)
    ASSERT_EQ(v, 5.0f);
}

} // namespace
