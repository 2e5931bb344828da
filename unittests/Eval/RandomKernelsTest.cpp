//===- RandomKernelsTest.cpp - Tests of the seeded random kernels ---------===//
//
// RandomKernels.cpp: Philox4x32-10 against Random123's known answers (read
// through StatelessRandomUniformFullIntV2, which returns the raw uint32s),
// the distributions' first values computed by hand from those answers, the
// V1 seed scrambling against the V2 ops (StatelessRandomGetKeyCounter) and
// against the stateful ops (inverting the scrambling, as TensorFlow's own
// test does), determinism, distribution sanity on 10k samples, and the
// error cases.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>
#include <cstring>
#include <set>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class RandomKernelsTest : public HostKernelTest {
protected:
  Type u64Type() { return b.getIntegerType(64, false); }
  Type u32Type() { return b.getIntegerType(32, false); }
  HostTensor u64s(ArrayRef<uint64_t> v) {
    HostTensor t = llvm::cantFail(
        HostTensor::create(u64Type(), {static_cast<int64_t>(v.size())}));
    for (auto [i, x] : llvm::enumerate(v))
      t.setUInt(i, x);
    return t;
  }
  DictionaryAttr dtype(Type t) {
    return attrs({b.getNamedAttr("dtype", TypeAttr::get(t))});
  }
  /// The first `n` raw uint32s of Philox with `key` and `counter`.
  std::vector<uint64_t> raw(uint64_t key, uint64_t c0, uint64_t c1, int n) {
    HostTensor r = eval("StatelessRandomUniformFullIntV2",
                        {vec({n}), u64s({key}), u64s({c0, c1}), scalar(1)},
                        dtype(u32Type()));
    std::vector<uint64_t> out;
    for (int64_t i = 0; r && i < r.getNumElements(); ++i)
      out.push_back(r.getUInt(i));
    return out;
  }
  HostTensor uniform(ArrayRef<int64_t> seed, int64_t n, Type t) {
    return eval("StatelessRandomUniform", {vec({n}), i64({2}, seed)}, dtype(t));
  }
  static float mantissaFloat(uint32_t x) {
    return static_cast<float>(x & 0x7fffff) / float(1 << 23);
  }
  static void moments(const std::vector<double> &v, double &mean, double &var) {
    mean = 0;
    for (double x : v)
      mean += x;
    mean /= v.size();
    var = 0;
    for (double x : v)
      var += (x - mean) * (x - mean);
    var /= v.size();
  }
};

/// The inverse of a odd number modulo 2^32 (Newton's iteration).
uint32_t inverseMod32(uint32_t a) {
  uint32_t x = a;
  for (int i = 0; i < 5; ++i)
    x *= 2 - a * x;
  return x;
}

/// The counter that Philox4x32-10 with `key` maps to `out`: the rounds
/// undone from the last.
std::array<uint32_t, 4> invertPhilox(std::array<uint32_t, 2> key,
                                     std::array<uint32_t, 4> out) {
  const uint32_t m0 = 0xD2511F53, m1 = 0xCD9E8D57;
  for (int round = 9; round >= 0; --round) {
    uint32_t k0 = key[0] + uint32_t(round) * 0x9E3779B9u;
    uint32_t k1 = key[1] + uint32_t(round) * 0xBB67AE85u;
    uint32_t x0 = out[3] * inverseMod32(m0), x2 = out[1] * inverseMod32(m1);
    uint32_t hi0 = uint32_t((uint64_t(m0) * x0) >> 32);
    uint32_t hi1 = uint32_t((uint64_t(m1) * x2) >> 32);
    out = {x0, out[0] ^ hi1 ^ k0, x2, out[2] ^ hi0 ^ k1};
  }
  return out;
}
} // namespace

TEST_F(RandomKernelsTest, PhiloxKnownAnswers) {
  EXPECT_EQ(raw(0, 0, 0, 4), (std::vector<uint64_t>{0x6627e8d5, 0xe169c58d,
                                                    0xbc57ac4c, 0x9b00dbd8}));
  EXPECT_EQ(
      raw(~0ULL, ~0ULL, ~0ULL, 4),
      (std::vector<uint64_t>{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
  EXPECT_EQ(
      raw(0x299f31d0a4093822ULL, 0x85a308d3243f6a88ULL, 0x0370734413198a2eULL,
          4),
      (std::vector<uint64_t>{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
  // The counter steps by one per block, carrying across 32-bit words.
  std::vector<uint64_t> eight = raw(7, 0xffffffffULL, 0, 8);
  std::vector<uint64_t> next = raw(7, 0x100000000ULL, 0, 4);
  EXPECT_EQ(std::vector<uint64_t>(eight.begin() + 4, eight.end()), next);
  std::vector<uint64_t> wrap = raw(7, ~0ULL, 5, 8);
  EXPECT_EQ(std::vector<uint64_t>(wrap.begin() + 4, wrap.end()),
            raw(7, 0, 6, 4));
}

TEST_F(RandomKernelsTest, FirstValuesByHand) {
  // Key 0, counter 0: the block 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, ...
  HostTensor keyT = u64s({0}), counterT = u64s({0, 0});
  HostTensor f =
      eval("StatelessRandomUniformV2", {vec({2}), keyT, counterT, scalar(1)});
  EXPECT_EQ(f.getDouble(0), mantissaFloat(0x6627e8d5));
  EXPECT_EQ(f.getDouble(1), mantissaFloat(0xe169c58d));
  HostTensor d =
      eval("StatelessRandomUniformV2", {vec({1}), keyT, counterT, scalar(3)},
           dtype(b.getF64Type()));
  uint64_t bits = (uint64_t(0x6627e8d5 & 0xfffff) << 32) | 0xe169c58d;
  EXPECT_EQ(d.getDouble(0), std::ldexp(double(bits), -52));
  HostTensor h =
      eval("StatelessRandomUniformV2", {vec({1}), keyT, counterT, scalar(1)},
           dtype(b.getF16Type()));
  EXPECT_EQ(h.getDouble(0), (0x6627e8d5 & 0x3ff) / 1024.0);
  HostTensor ints =
      eval("StatelessRandomUniformIntV2",
           {vec({2}), keyT, counterT, scalar(1), scalar(10), scalar(17)},
           dtype(b.getI32Type()));
  EXPECT_EQ(values(ints),
            (std::vector<int64_t>{10 + 0x6627e8d5 % 7, 10 + 0xe169c58d % 7}));
  HostTensor ints64 = eval("StatelessRandomUniformIntV2",
                           {vec({1}), keyT, counterT, scalar(1), i64({}, {-5}),
                            i64({}, {1000000007})},
                           dtype(b.getI64Type()));
  uint64_t wide = (uint64_t(0xe169c58d) << 32) | 0x6627e8d5;
  EXPECT_EQ(values(ints64),
            (std::vector<int64_t>{-5 + int64_t(wide % 1000000012)}));
  // Box-Muller on the first pair, in float.
  HostTensor normal =
      eval("StatelessRandomNormalV2", {vec({2}), keyT, counterT, scalar(1)});
  float u1 = mantissaFloat(0x6627e8d5);
  float v = static_cast<float>(2 * 3.14159265358979323846 *
                               mantissaFloat(0xe169c58d));
  float r = std::sqrt(-2.0f * std::log(u1));
  EXPECT_NEAR(normal.getDouble(0), std::sin(v) * r, 1e-6);
  EXPECT_NEAR(normal.getDouble(1), std::cos(v) * r, 1e-6);
}

TEST_F(RandomKernelsTest, SeedScramblingMatchesV2AndStatefulOps) {
  HostTensor seed = i64({2}, {7, 17});
  auto kc = evalAll("StatelessRandomGetKeyCounter", {seed});
  ASSERT_EQ(kc.size(), 2u);
  EXPECT_EQ(kc[1].getUInt(0), 0u);
  for (StringRef op : {"StatelessRandomUniform", "StatelessRandomNormal",
                       "StatelessTruncatedNormal"}) {
    HostTensor v1 = eval(op, {vec({9}), seed});
    HostTensor v2 =
        eval((op + "V2").str(), {vec({9}), kc[0], kc[1], scalar(1)});
    EXPECT_TRUE(v1.isBitEqual(v2)) << op.str();
  }
  // An int32 seed is the same seed.
  EXPECT_TRUE(
      eval("StatelessRandomUniform", {vec({4}), vec({7, 17})})
          .isBitEqual(eval("StatelessRandomUniform", {vec({4}), seed})));
  // The stateful ops' first run with (seed, seed2) is the stateless op
  // with the seed that scrambles to key (seed) and counter (0, 0, seed2).
  const int64_t s = 11, s2 = 5;
  std::array<uint32_t, 4> pre =
      invertPhilox({0x3ec8f720, 0x02461e29}, {uint32_t(s), 0, uint32_t(s2), 0});
  HostTensor preseed = i64({2}, {int64_t(uint64_t(pre[1]) << 32 | pre[0]),
                                 int64_t(uint64_t(pre[3]) << 32 | pre[2])});
  auto seeds = attrs({b.getNamedAttr("seed", b.getI64IntegerAttr(s)),
                      b.getNamedAttr("seed2", b.getI64IntegerAttr(s2))});
  EXPECT_TRUE(
      eval("RandomUniform", {vec({10})}, seeds)
          .isBitEqual(eval("StatelessRandomUniform", {vec({10}), preseed})));
  EXPECT_TRUE(
      eval("RandomStandardNormal", {vec({10})}, seeds)
          .isBitEqual(eval("StatelessRandomNormal", {vec({10}), preseed})));
  EXPECT_TRUE(
      eval("TruncatedNormal", {vec({10})}, seeds)
          .isBitEqual(eval("StatelessTruncatedNormal", {vec({10}), preseed})));
  EXPECT_TRUE(eval("RandomUniformInt", {vec({10}), scalar(0), scalar(9)}, seeds)
                  .isBitEqual(eval("StatelessRandomUniformInt",
                                   {vec({10}), preseed, scalar(0), scalar(9)},
                                   dtype(b.getI32Type()))));
}

TEST_F(RandomKernelsTest, Determinism) {
  Type f32t = b.getF32Type();
  HostTensor a = uniform({1, 2}, 100, f32t), a2 = uniform({1, 2}, 100, f32t);
  EXPECT_TRUE(a.isBitEqual(a2));
  EXPECT_FALSE(a.isBitEqual(uniform({1, 3}, 100, f32t)));
  EXPECT_FALSE(a.isBitEqual(uniform({2, 2}, 100, f32t)));
  // A shorter output is a prefix of a longer one (groups are independent),
  // for fixed and variable sample counts.
  HostTensor five = uniform({1, 2}, 5, f32t);
  for (int64_t i = 0; i < 5; ++i)
    EXPECT_EQ(five.getDouble(i), a.getDouble(i));
  HostTensor t5 = eval("StatelessTruncatedNormal", {vec({5}), i64({2}, {3, 4})},
                       dtype(b.getF64Type()));
  HostTensor t8 = eval("StatelessTruncatedNormal", {vec({8}), i64({2}, {3, 4})},
                       dtype(b.getF64Type()));
  for (int64_t i = 0; i < 5; ++i)
    EXPECT_EQ(t5.getDouble(i), t8.getDouble(i));
  // Shapes of any rank, including empty ones.
  HostTensor m = eval("StatelessRandomNormal", {vec({2, 3}), vec({1, 1})});
  EXPECT_EQ(shapeOf(m), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(
      eval("StatelessRandomNormal", {vec({0}), vec({1, 1})}).getNumElements(),
      0);
}

TEST_F(RandomKernelsTest, Distributions) {
  const int n = 10000;
  for (Type t : {b.getF32Type(), b.getF64Type(), b.getBF16Type()}) {
    std::vector<double> u = doubles(uniform({42, 7}, n, t));
    double mean, var;
    moments(u, mean, var);
    EXPECT_NEAR(mean, 0.5, 0.01);
    EXPECT_NEAR(var, 1.0 / 12, 0.005);
    for (double x : u)
      ASSERT_TRUE(x >= 0 && x < 1) << x;
    std::vector<double> g = doubles(
        eval("StatelessRandomNormal", {vec({n}), i64({2}, {42, 7})}, dtype(t)));
    moments(g, mean, var);
    EXPECT_NEAR(mean, 0, 0.03);
    EXPECT_NEAR(var, 1, 0.05);
    std::vector<double> tn = doubles(eval(
        "StatelessTruncatedNormal", {vec({n}), i64({2}, {42, 7})}, dtype(t)));
    // bf16 may round a value just below 2 up to 2.
    for (double x : tn)
      ASSERT_TRUE(t.isBF16() ? std::fabs(x) <= 2.0 : std::fabs(x) < 2.0) << x;
    moments(tn, mean, var);
    EXPECT_NEAR(mean, 0, 0.03);
    // The variance of a standard normal truncated to (-2, 2).
    EXPECT_NEAR(var, 0.7737, 0.04);
  }
  HostTensor ints = eval("StatelessRandomUniformInt",
                         {vec({n}), vec({9, 9}), scalar(-3), scalar(4)},
                         dtype(b.getI32Type()));
  std::set<int64_t> seen;
  for (int64_t v : values(ints)) {
    ASSERT_GE(v, -3);
    ASSERT_LT(v, 4);
    seen.insert(v);
  }
  EXPECT_EQ(seen.size(), 7u);
  // The full int32 range of minval and maxval.
  HostTensor wide =
      eval("StatelessRandomUniformInt",
           {vec({100}), vec({9, 9}), scalar(INT32_MIN), scalar(INT32_MAX)},
           dtype(b.getI32Type()));
  for (int64_t v : values(wide))
    ASSERT_LT(v, INT32_MAX);
}

TEST_F(RandomKernelsTest, Multinomial) {
  const double inf = std::numeric_limits<double>::infinity();
  // Row 0: classes 0 and 2 equally likely, 1 never; row 1: class 1 three
  // times as likely as class 0; row 2: no finite logit gives num_classes.
  HostTensor logits =
      f32({3, 3}, {0, -inf, 0, 0, std::log(3.0), -inf, -inf, NAN, -inf});
  HostTensor r =
      eval("StatelessMultinomial", {logits, scalar(10000), i64({2}, {5, 6})});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{3, 10000}));
  EXPECT_TRUE(r.getElementType().isSignlessInteger(64));
  std::vector<int64_t> v = values(r);
  int64_t counts[3][4] = {};
  for (int64_t row = 0; row < 3; ++row)
    for (int64_t k = 0; k < 10000; ++k)
      ++counts[row][v[row * 10000 + k]];
  EXPECT_EQ(counts[0][1], 0);
  EXPECT_NEAR(counts[0][0], 5000, 200);
  EXPECT_NEAR(counts[1][1], 7500, 200);
  EXPECT_EQ(counts[1][2], 0);
  EXPECT_EQ(counts[2][3], 10000);
  EXPECT_TRUE(r.isBitEqual(
      eval("StatelessMultinomial", {logits, scalar(10000), i64({2}, {5, 6})})));
  // The seeded stateful op's first run is the stateless op at the seed
  // that scrambles to (seed, seed2).
  std::array<uint32_t, 4> pre =
      invertPhilox({0x3ec8f720, 0x02461e29}, {3, 0, 4, 0});
  HostTensor preseed = i64({2}, {int64_t(uint64_t(pre[1]) << 32 | pre[0]),
                                 int64_t(uint64_t(pre[3]) << 32 | pre[2])});
  auto seeds =
      attrs({b.getNamedAttr("seed", b.getI64IntegerAttr(3)),
             b.getNamedAttr("seed2", b.getI64IntegerAttr(4)),
             b.getNamedAttr("output_dtype", TypeAttr::get(b.getI32Type()))});
  HostTensor stateful = eval("Multinomial", {logits, scalar(50)}, seeds);
  EXPECT_TRUE(stateful.getElementType().isSignlessInteger(32));
  EXPECT_EQ(values(stateful), values(eval("StatelessMultinomial",
                                          {logits, scalar(50), preseed})));
  EXPECT_TRUE(isStatefulEvalKernel("Multinomial"));
  // Errors.
  HostTensor seed = vec({1, 2});
  EXPECT_NE(error("StatelessMultinomial", {f32({2}, {0, 0}), scalar(1), seed}),
            "");
  EXPECT_NE(error("StatelessMultinomial", {logits, scalar(-1), seed}), "");
  EXPECT_NE(error("StatelessMultinomial", {f32({2, 0}, {}), scalar(1), seed}),
            "");
  EXPECT_NE(error("StatelessMultinomial", {logits, scalar(1 << 20), seed}), "");
}

TEST_F(RandomKernelsTest, Errors) {
  HostTensor seed = vec({1, 2});
  EXPECT_NE(error("StatelessRandomUniform", {vec({2}), vec({1, 2, 3})}), "");
  EXPECT_NE(error("StatelessRandomUniform", {vec({2}), f32({2}, {1, 2})}), "");
  EXPECT_NE(error("StatelessRandomUniform", {vec({-2}), seed}), "");
  EXPECT_NE(error("StatelessRandomUniform", {vec({1 << 20, 1 << 20}), seed}),
            "");
  EXPECT_NE(
      error("StatelessRandomUniform", {vec({2}), seed}, dtype(b.getI32Type())),
      "");
  EXPECT_NE(
      error("StatelessRandomUniformInt", {vec({2}), seed, scalar(3), scalar(3)})
          .find("minval < maxval"),
      std::string::npos);
  EXPECT_NE(error("StatelessRandomUniformInt",
                  {vec({2}), seed, scalar(0), i64({}, {3})}),
            "");
  HostTensor key = u64s({1}), counter = u64s({0, 0});
  EXPECT_NE(
      error("StatelessRandomUniformV2", {vec({2}), key, counter, scalar(2)})
          .find("ThreeFry"),
      std::string::npos);
  EXPECT_NE(
      error("StatelessRandomUniformV2", {vec({2}), key, counter, scalar(9)}),
      "");
  EXPECT_NE(error("StatelessRandomUniformV2",
                  {vec({2}), u64s({1, 2}), counter, scalar(1)}),
            "");
  EXPECT_NE(
      error("StatelessRandomUniformV2", {vec({2}), key, u64s({0}), scalar(1)}),
      "");
  // Stateful ops are marked (never to be constant-folded) and need a seed:
  // (0, 0) is nondeterministic in TensorFlow.
  EXPECT_TRUE(isStatefulEvalKernel("RandomUniform"));
  EXPECT_TRUE(isStatefulEvalKernel("TruncatedNormal"));
  EXPECT_FALSE(isStatefulEvalKernel("StatelessRandomUniform"));
  EXPECT_NE(error("RandomUniform", {vec({2})}).find("nondeterministic"),
            std::string::npos);
}

TEST_F(RandomKernelsTest, RandomShuffle) {
  auto seeds = [&](int64_t seed, int64_t seed2) {
    return attrs({b.getNamedAttr("seed", b.getI64IntegerAttr(seed)),
                  b.getNamedAttr("seed2", b.getI64IntegerAttr(seed2))});
  };
  // Rows of a [100, 2] matrix move whole: row r is (r, 1000 + r).
  std::vector<double> data;
  for (int r = 0; r < 100; ++r) {
    data.push_back(r);
    data.push_back(1000 + r);
  }
  HostTensor x = f32({100, 2}, data);
  HostTensor r = eval("RandomShuffle", {x}, seeds(7, 8));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{100, 2}));
  std::vector<int64_t> v = values(r);
  std::vector<int64_t> firsts;
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(v[2 * i + 1], 1000 + v[2 * i]);
    firsts.push_back(v[2 * i]);
  }
  std::vector<int64_t> sorted = firsts;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(sorted[i], i);
  // A permutation that is not the identity, the same for the same seeds
  // and another for other seeds.
  int64_t fixed = 0;
  for (int i = 0; i < 100; ++i)
    fixed += firsts[i] == i;
  EXPECT_LT(fixed, 20);
  EXPECT_TRUE(r.isBitEqual(eval("RandomShuffle", {x}, seeds(7, 8))));
  EXPECT_FALSE(r.isBitEqual(eval("RandomShuffle", {x}, seeds(7, 9))));
  // A scalar and an empty tensor are returned as they are.
  EXPECT_EQ(values(eval("RandomShuffle", {scalar(5)}, seeds(1, 2))),
            (std::vector<int64_t>{5}));
  EXPECT_EQ(shapeOf(eval("RandomShuffle", {f32({0, 3}, {})}, seeds(1, 2))),
            (std::vector<int64_t>{0, 3}));
  EXPECT_TRUE(isStatefulEvalKernel("RandomShuffle"));
  // Errors: nondeterministic seeds, no operand.
  EXPECT_NE(error("RandomShuffle", {x}, seeds(0, 0)), "");
  EXPECT_NE(error("RandomShuffle", {}, seeds(1, 2)), "");
}
