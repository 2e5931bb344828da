//===- RandomKernels.cpp - Kernels of seeded random ops -------------------===//
//
// TensorFlow's counter-based random ops, computed as its CPU kernels do so
// that a folded constant has TensorFlow's bits:
// - The generator is Philox4x32-10 (Salmon et al., "Parallel random
//   numbers: as easy as 1, 2, 3", checked against Random123's published
//   known answers): a 128-bit counter and a 64-bit key; each call gives four
//   uint32 and steps the counter by one.
// - Stateless V1 ops (StatelessRandomUniform, StatelessRandomNormal,
//   StatelessTruncatedNormal, StatelessRandomUniformInt,
//   StatelessRandomUniformFullInt; seed: int32/int64 [2]): the seed pair
//   (s0, s1) is scrambled by one Philox call with key (0x3ec8f720,
//   0x02461e29) on counter (lo s0, hi s0, lo s1, hi s1); its output
//   (m0, m1, m2, m3) gives key (m0, m1) and counter (0, 0, m2, m3).
//   StatelessRandomGetKeyCounter returns that key and counter as uint64s.
// - Stateless V2 ops (key [1] uint64, counter [2] uint64, alg): alg 1
//   (Philox) and 3 (auto-select, Philox on CPU) are computed; 2 (ThreeFry)
//   and others are refused, as TensorFlow's CPU kernels refuse them.
// - Stateful RandomUniform, RandomStandardNormal, TruncatedNormal,
//   RandomUniformInt, Multinomial (and RandomShuffle, whose permutation is
//   this generator's: see its kernel) with `seed`/`seed2` not both 0: the
//   values of their FIRST run, key (lo seed, hi seed) and counter (0, 0, lo
//   seed2, hi seed2). Both 0 means a nondeterministic seed in TensorFlow and is
//   refused. These ops are stateful: each run gives new values, so constant
//   folding must never fold them; their kernels exist for the graph interpreter
//   and the differential checker.
// Distributions (per Philox call, in order; a last partial group is cut):
// - Uniform: f32 takes 23 bits of one uint32 as the mantissa of [1, 2)
//   minus 1 (4 per call); f16 10 bits and bf16 7 bits likewise; f64 takes
//   52 bits of two uint32 (2 per call).
// - Normal: Box-Muller on pairs: u1 = max(uniform, 1e-7), v = 2 pi
//   uniform, r = sqrt(-2 log u1), giving r sin v, r cos v; f32 (and f16,
//   bf16, rounded from f32) from two uint32 in float arithmetic; f64 from
//   four uint32 in double (2 per call).
// - Truncated normal: output group g (4 values, 2 for f64) draws from the
//   generator advanced by 256 g calls (128 g for f64), one uint32 at a time,
//   keeping the Box-Muller values with |x| < 2 until the group is full.
// - Uniform int in [minval, maxval) (minval < maxval): int32 is
//   minval + u32 % range (4 per call); int64 takes lo | hi << 32 of two
//   uint32 modulo the range (2 per call). Full int: the raw bits.
// - StatelessMultinomial / Multinomial: per row of logits, the running sums
//   of exp(logit - row max) over the finite logits (in double); each sample
//   is the first class whose sum exceeds u * total, u a f64 uniform from
//   two uint32 of one stream read row after row (a row of no finite logit
//   gives num_classes, as TensorFlow does). This is TensorFlow's CPU kernel
//   when it runs in one shard; on large batches TensorFlow shards the rows
//   over threads, each shard skipping the stream by its own count, so its
//   result then depends on its thread pool.
// Bit-exactness: Philox, the key derivation, the uniform and integer
// distributions are exact integer arithmetic. The normal and truncated
// normal values go through logf/sinf/cosf (log/sin/cos for f64) of this
// host's libm; TensorFlow's Eigen/glibc calls may differ from another libm
// in the last bit.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Philox4x32-10.
struct Philox {
  std::array<uint32_t, 4> counter{};
  std::array<uint32_t, 2> key{};

  /// The block of the current counter; steps the counter.
  std::array<uint32_t, 4> next() {
    std::array<uint32_t, 4> x = counter;
    std::array<uint32_t, 2> k = key;
    for (int round = 0; round < 10; ++round) {
      uint64_t p0 = uint64_t(0xD2511F53) * x[0];
      uint64_t p1 = uint64_t(0xCD9E8D57) * x[2];
      x = {uint32_t(p1 >> 32) ^ x[1] ^ k[0], uint32_t(p1),
           uint32_t(p0 >> 32) ^ x[3] ^ k[1], uint32_t(p0)};
      k[0] += 0x9E3779B9;
      k[1] += 0xBB67AE85;
    }
    skip(1);
    return x;
  }
  /// Adds `n` to the 128-bit counter.
  void skip(uint64_t n) {
    uint64_t low = (uint64_t(counter[1]) << 32 | counter[0]);
    uint64_t sum = low + n;
    counter[0] = uint32_t(sum);
    counter[1] = uint32_t(sum >> 32);
    if (sum < low && ++counter[2] == 0)
      ++counter[3];
  }
};

/// Hands out the uint32s of Philox blocks one at a time.
struct SingleSamples {
  Philox &gen;
  std::array<uint32_t, 4> block{};
  int used = 4;
  uint32_t operator()() {
    if (used == 4) {
      block = gen.next();
      used = 0;
    }
    return block[used++];
  }
};

enum class Dist { Uniform, Normal, Truncated, UniformInt, FullInt };
} // namespace

static Philox makeGenerator(uint64_t keyBits, uint64_t c0, uint64_t c1) {
  Philox p;
  p.key = {uint32_t(keyBits), uint32_t(keyBits >> 32)};
  p.counter = {uint32_t(c0), uint32_t(c0 >> 32), uint32_t(c1),
               uint32_t(c1 >> 32)};
  return p;
}

/// The generator of a V1 stateless op's seed pair.
static Philox scrambleSeed(uint64_t s0, uint64_t s1) {
  Philox mixer = makeGenerator(uint64_t(0x02461e29) << 32 | 0x3ec8f720, s0, s1);
  std::array<uint32_t, 4> m = mixer.next();
  Philox p;
  p.key = {m[0], m[1]};
  p.counter = {0, 0, m[2], m[3]};
  return p;
}

/// [1, 2) - 1 from the mantissa bits.
static float uint32ToFloat(uint32_t x) {
  uint32_t bits = (127u << 23) | (x & 0x7fffffu);
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f - 1.0f;
}

static double uint64ToDouble(uint32_t x0, uint32_t x1) {
  uint64_t bits =
      (uint64_t(1023) << 52) | (uint64_t(x0 & 0xfffffu) << 32) | uint64_t(x1);
  double d;
  std::memcpy(&d, &bits, sizeof(d));
  return d - 1.0;
}

static void boxMullerFloat(uint32_t x0, uint32_t x1, float &f0, float &f1) {
  const double twoPi = 2 * 3.14159265358979323846;
  float u1 = uint32ToFloat(x0);
  if (u1 < 1.0e-7f)
    u1 = 1.0e-7f;
  // 2 * M_PI is a double: the product is rounded to float once.
  float v1 = static_cast<float>(twoPi * uint32ToFloat(x1));
  float u2 = std::sqrt(-2.0f * std::log(u1));
  f0 = std::sin(v1) * u2;
  f1 = std::cos(v1) * u2;
}

static void boxMullerDouble(const uint32_t *x, double &d0, double &d1) {
  const double twoPi = 2 * 3.14159265358979323846;
  double u1 = uint64ToDouble(x[0], x[1]);
  if (u1 < 1.0e-7)
    u1 = 1.0e-7;
  double v1 = twoPi * uint64ToDouble(x[2], x[3]);
  double u2 = std::sqrt(-2.0 * std::log(u1));
  d0 = std::sin(v1) * u2;
  d1 = std::cos(v1) * u2;
}

/// The most Box-Muller draws for one truncated normal group (each keeps a
/// value with probability 0.95; TensorFlow loops without a bound).
static constexpr int kMaxTruncatedDraws = 1 << 16;

/// Fills `out` (float or int, not a splat) with `dist` from `gen`;
/// `lo`/`range` are the bounds of UniformInt. Fails only when a truncated
/// normal group rejects kMaxTruncatedDraws draws.
static LogicalResult fill(Philox gen, Dist dist, HostTensor &out, uint64_t lo,
                          uint64_t range) {
  int64_t n = out.getNumElements();
  Type type = out.getElementType();
  bool isF64 = type.isF64();
  bool wide = out.getElementInfo().bitWidth == 64; // f64 or 64-bit ints
  int64_t group = wide ? 2 : 4;
  if (dist == Dist::Truncated) {
    uint64_t perGroup = isF64 ? 128 : 256;
    for (int64_t g = 0; g * group < n; ++g) {
      Philox groupGen = gen;
      groupGen.skip(static_cast<uint64_t>(g) * perGroup);
      SingleSamples samples{groupGen};
      int64_t at = g * group, end = std::min(n, at + group);
      for (int draws = 0; at < end; ++draws) {
        if (draws == kMaxTruncatedDraws)
          return failure();
        if (isF64) {
          uint32_t x[4] = {samples(), samples(), samples(), samples()};
          double d[2];
          boxMullerDouble(x, d[0], d[1]);
          for (double v : d)
            if (std::fabs(v) < 2.0 && at < end)
              out.setDouble(at++, v);
        } else {
          uint32_t x0 = samples(), x1 = samples();
          float f[2];
          boxMullerFloat(x0, x1, f[0], f[1]);
          for (float v : f)
            if (std::fabs(v) < 2.0f && at < end)
              out.setDouble(at++, v);
        }
      }
    }
    return success();
  }
  unsigned mantissa = type.isF16() ? 10 : type.isBF16() ? 7 : 23;
  for (int64_t at = 0; at < n;) {
    std::array<uint32_t, 4> s = gen.next();
    double values[4];
    uint64_t ints[4];
    switch (dist) {
    case Dist::Uniform:
      if (isF64) {
        values[0] = uint64ToDouble(s[0], s[1]);
        values[1] = uint64ToDouble(s[2], s[3]);
      } else {
        // The low `mantissa` bits as the mantissa of [1, 2), minus 1
        // (exact in f16/bf16/f32).
        for (int k = 0; k < 4; ++k)
          values[k] =
              std::ldexp(double(s[k] & ((1u << mantissa) - 1)), -int(mantissa));
      }
      break;
    case Dist::Normal:
      if (isF64) {
        boxMullerDouble(s.data(), values[0], values[1]);
      } else {
        float f[4];
        boxMullerFloat(s[0], s[1], f[0], f[1]);
        boxMullerFloat(s[2], s[3], f[2], f[3]);
        for (int k = 0; k < 4; ++k)
          values[k] = f[k];
      }
      break;
    default:
      for (int k = 0; k < group; ++k) {
        uint64_t bits =
            wide ? (uint64_t(s[2 * k + 1]) << 32 | s[2 * k]) : uint64_t(s[k]);
        ints[k] = dist == Dist::FullInt ? bits : lo + bits % range;
      }
    }
    for (int k = 0; k < group && at < n; ++k, ++at) {
      if (dist == Dist::Uniform || dist == Dist::Normal)
        out.setDouble(at, values[k]);
      else
        out.setUInt(at, ints[k]);
    }
  }
  return success();
}

/// The result shape from operand `i` (an int32/int64 vector of sizes).
static FailureOr<SmallVector<int64_t, 4>> getShapeOperand(EvalContext &ctx,
                                                          unsigned i) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  if (!isIndexTensor(**t) || (*t)->getRank() > 1)
    return ctx.fail("shape must be an int32/int64 vector");
  SmallVector<int64_t, 4> shape;
  for (int64_t d = 0; d < (*t)->getNumElements(); ++d) {
    if ((*t)->getInt(d) < 0)
      return ctx.fail("shape has a negative dimension " +
                      std::to_string((*t)->getInt(d)));
    shape.push_back((*t)->getInt(d));
  }
  return shape;
}

/// The generator of a V1 op's seed operand `i`.
static FailureOr<Philox> getSeedGenerator(EvalContext &ctx, unsigned i) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  if (!isIndexTensor(**t) || (*t)->getShape() != ArrayRef<int64_t>{2})
    return ctx.fail("seed must be an int32/int64 tensor of shape [2]");
  return scrambleSeed(static_cast<uint64_t>((*t)->getInt(0)),
                      static_cast<uint64_t>((*t)->getInt(1)));
}

/// The generator of a V2 op's key, counter and alg operands (#1..#3).
static FailureOr<Philox> getKeyCounterGenerator(EvalContext &ctx) {
  auto ops = getOperands(ctx, ctx.getNumOperands());
  if (failed(ops))
    return failure();
  if (ops->size() < 4)
    return ctx.fail("expected shape, key, counter and alg operands");
  const HostTensor &key = *(*ops)[1], &counter = *(*ops)[2], &alg = *(*ops)[3];
  auto isU64 = [](const HostTensor &t) {
    return t.getKind() == HostElementKind::Unsigned &&
           t.getElementInfo().bitWidth == 64;
  };
  if (!isU64(key) || key.getShape() != ArrayRef<int64_t>{1})
    return ctx.fail("key must be a uint64 tensor of shape [1]");
  if (!isU64(counter) || counter.getRank() != 1)
    return ctx.fail("counter must be a uint64 vector");
  if (alg.getKind() != HostElementKind::Signed || alg.getRank() != 0)
    return ctx.fail("alg must be an int32 scalar");
  int64_t id = alg.getInt(0);
  if (id == 2)
    return ctx.fail("the ThreeFry algorithm is not supported on CPU");
  if (id != 1 && id != 3)
    return ctx.fail("unsupported algorithm id " + std::to_string(id));
  if (counter.getNumElements() < 2)
    return ctx.fail("Philox needs a counter of 2 uint64s");
  return makeGenerator(key.getUInt(0), counter.getUInt(0), counter.getUInt(1));
}

/// The generator of a stateful op's `seed`/`seed2` attributes (first run).
static FailureOr<Philox> getAttrGenerator(EvalContext &ctx) {
  int64_t seed = getIntAttr(ctx, "seed", 0),
          seed2 = getIntAttr(ctx, "seed2", 0);
  if (seed == 0 && seed2 == 0)
    return ctx.fail("seed and seed2 are both 0: TensorFlow seeds the op "
                    "nondeterministically");
  return makeGenerator(static_cast<uint64_t>(seed), 0,
                       static_cast<uint64_t>(seed2));
}

/// The output dtype (`dtype` attribute, float32 by default) checked
/// against `dist`.
static FailureOr<Type> getOutputType(EvalContext &ctx, Dist dist,
                                     StringRef attrName = "dtype") {
  Type type = Float32Type::get(ctx.getContext());
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr(attrName)))
    type = attr.getValue();
  bool isFloat = type.isF16() || type.isBF16() || type.isF32() || type.isF64();
  auto intType = dyn_cast<IntegerType>(type);
  bool isInt = intType && !intType.isSigned() &&
               (intType.getWidth() == 32 || intType.getWidth() == 64);
  if (dist == Dist::UniformInt && !(isInt && intType.isSignless()))
    return ctx.fail("dtype must be int32 or int64");
  if (dist == Dist::FullInt && !isInt)
    return ctx.fail("dtype must be int32, int64, uint32 or uint64");
  if (dist != Dist::UniformInt && dist != Dist::FullInt && !isFloat)
    return ctx.fail("dtype must be half, bfloat16, float or double");
  return type;
}

/// Evaluates an op of `dist` whose shape is operand 0, drawing from `gen`;
/// UniformInt reads minval and maxval from operands `boundsAt` and
/// `boundsAt + 1`.
static LogicalResult generate(EvalContext &ctx, FailureOr<Philox> gen,
                              Dist dist, unsigned boundsAt = 0) {
  if (failed(gen))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> shape = getShapeOperand(ctx, 0);
  if (failed(shape))
    return failure();
  uint64_t lo = 0, range = 0;
  Type type;
  if (dist == Dist::UniformInt) {
    FailureOr<const HostTensor *> minT = getOperand(ctx, boundsAt);
    FailureOr<const HostTensor *> maxT =
        succeeded(minT) ? getOperand(ctx, boundsAt + 1) : minT;
    if (failed(maxT))
      return failure();
    const HostTensor &mn = **minT, &mx = **maxT;
    if (mn.getRank() != 0 || mx.getRank() != 0 || !isIndexTensor(mn) ||
        mn.getElementType() != mx.getElementType())
      return ctx.fail("minval and maxval must be int32/int64 scalars of one "
                      "type");
    type = mn.getElementType();
    int64_t a = mn.getInt(0), b = mx.getInt(0);
    if (a >= b)
      return ctx.fail("need minval < maxval: " + std::to_string(a) +
                      " >= " + std::to_string(b));
    lo = static_cast<uint64_t>(a);
    range = static_cast<uint64_t>(b) - lo;
    if (type.isSignlessInteger(32))
      range &= 0xffffffffu;
  } else {
    FailureOr<Type> t = getOutputType(ctx, dist);
    if (failed(t))
      return failure();
    type = *t;
  }
  FailureOr<HostTensor> out = createResult(ctx, type, *shape);
  if (failed(out))
    return failure();
  if (failed(fill(*gen, dist, *out, lo, range)))
    return ctx.fail("the truncated normal rejected " +
                    std::to_string(kMaxTruncatedDraws) + " draws in a row");
  return setSingleResult(ctx, std::move(*out));
}

template <Dist D> static LogicalResult statelessKernel(EvalContext &ctx) {
  unsigned operands = D == Dist::UniformInt ? 4 : 2;
  if (ctx.getNumOperands() != operands)
    return ctx.fail("expected " + std::to_string(operands) + " operands");
  return generate(ctx, getSeedGenerator(ctx, 1), D, 2);
}

template <Dist D> static LogicalResult statelessV2Kernel(EvalContext &ctx) {
  unsigned operands = D == Dist::UniformInt ? 6 : 4;
  if (ctx.getNumOperands() != operands)
    return ctx.fail("expected " + std::to_string(operands) + " operands");
  return generate(ctx, getKeyCounterGenerator(ctx), D, 4);
}

template <Dist D> static LogicalResult statefulKernel(EvalContext &ctx) {
  unsigned operands = D == Dist::UniformInt ? 3 : 1;
  if (ctx.getNumOperands() != operands)
    return ctx.fail("expected " + std::to_string(operands) + " operand(s)");
  return generate(ctx, getAttrGenerator(ctx), D, 1);
}

/// StatelessMultinomial (logits, num_samples, seed) and the seeded
/// Multinomial (logits, num_samples): per row, the cumulative sums of
/// exp(logit - max) over the finite logits, then per sample the first class
/// whose sum exceeds uniform * total (the uniform a f64 from two uint32 of
/// one stream, read row after row).
static LogicalResult multinomial(EvalContext &ctx, FailureOr<Philox> gen) {
  if (failed(gen))
    return failure();
  FailureOr<const HostTensor *> logitsOr = getOperand(ctx, 0);
  if (failed(logitsOr))
    return failure();
  FailureOr<const HostTensor *> samplesOr = getOperand(ctx, 1);
  if (failed(samplesOr))
    return failure();
  const HostTensor &logits = **logitsOr, &samplesT = **samplesOr;
  HostElementKind kind = logits.getKind();
  if (kind != HostElementKind::Float && kind != HostElementKind::Signed &&
      kind != HostElementKind::Unsigned)
    return ctx.fail("logits must be real numbers");
  if (logits.getRank() != 2)
    return ctx.fail("logits should be a matrix, got shape " +
                    formatShape(logits.getShape()));
  if (!isIndexTensor(samplesT) || samplesT.getRank() != 0)
    return ctx.fail("num_samples should be a scalar");
  int64_t batch = logits.getShape()[0], classes = logits.getShape()[1];
  int64_t samples = samplesT.getInt(0);
  if (samples < 0)
    return ctx.fail("num_samples should be nonnegative, got " +
                    std::to_string(samples));
  if (classes <= 0)
    return ctx.fail("num_classes should be positive");
  if (failed(checkOperandElements(ctx, logits, "logits")))
    return failure();
  Type outType = IntegerType::get(ctx.getContext(), 64);
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr("output_dtype")))
    outType = attr.getValue();
  if (!outType.isSignlessInteger(32) && !outType.isSignlessInteger(64))
    return ctx.fail("output_dtype must be int32 or int64");
  FailureOr<HostTensor> out = createResult(ctx, outType, {batch, samples});
  if (failed(out))
    return failure();
  SingleSamples stream{*gen};
  std::vector<double> cdf(classes);
  for (int64_t r = 0; r < batch; ++r) {
    double max = -std::numeric_limits<double>::max();
    for (int64_t c = 0; c < classes; ++c) {
      double v = logits.getDouble(r * classes + c);
      if (std::isfinite(v))
        max = std::max(max, v);
    }
    double total = 0;
    for (int64_t c = 0; c < classes; ++c) {
      double v = logits.getDouble(r * classes + c);
      if (std::isfinite(v))
        total += std::exp(v - max);
      cdf[c] = total;
    }
    for (int64_t k = 0; k < samples; ++k) {
      uint32_t x0 = stream(), x1 = stream();
      double target = uint64ToDouble(x0, x1) * total;
      out->setInt(r * samples + k,
                  std::upper_bound(cdf.begin(), cdf.end(), target) -
                      cdf.begin());
    }
  }
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult statelessMultinomialKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 3)
    return ctx.fail("expected three operands");
  return multinomial(ctx, getSeedGenerator(ctx, 2));
}

static LogicalResult multinomialKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 2)
    return ctx.fail("expected two operands");
  return multinomial(ctx, getAttrGenerator(ctx));
}

/// RandomShuffle (value; seed/seed2 as the other stateful ops): the rows
/// of value along its first dimension in a random order, by Fisher-Yates
/// from the last row down, row i swapping with row j = draw mod (i + 1) (a
/// draw is one uint32 of the stream, two for i + 1 over 2^32). TensorFlow
/// defines the op as a uniformly random permutation; its kernel's own
/// draws depend on how it reserves Philox counters, so the order here is
/// this generator's, not TensorFlow's bits. A scalar is returned as is.
static LogicalResult randomShuffleKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected one operand");
  FailureOr<Philox> gen = getAttrGenerator(ctx);
  if (failed(gen))
    return failure();
  FailureOr<const HostTensor *> valueOr = getOperand(ctx, 0);
  if (failed(valueOr))
    return failure();
  const HostTensor &value = **valueOr;
  FailureOr<HostTensor> out =
      createResult(ctx, value.getElementType(), value.getShape());
  if (failed(out))
    return failure();
  int64_t rows = value.getRank() == 0 ? 1 : value.getShape()[0];
  int64_t rowSize = rows == 0 ? 0 : value.getNumElements() / rows;
  std::vector<int64_t> order(rows);
  for (int64_t i = 0; i < rows; ++i)
    order[i] = i;
  SingleSamples stream{*gen};
  for (int64_t i = rows - 1; i > 0; --i) {
    uint64_t n = uint64_t(i) + 1;
    uint64_t draw = stream();
    if (n > 0xffffffffull)
      draw = draw << 32 | stream();
    std::swap(order[i], order[draw % n]);
  }
  for (int64_t i = 0; i < rows; ++i)
    copyElements(value, order[i] * rowSize, *out, i * rowSize, rowSize);
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult getKeyCounterKernel(EvalContext &ctx) {
  if (ctx.getNumOperands() != 1)
    return ctx.fail("expected one operand");
  FailureOr<Philox> gen = getSeedGenerator(ctx, 0);
  if (failed(gen))
    return failure();
  Type u64 = IntegerType::get(ctx.getContext(), 64, IntegerType::Unsigned);
  FailureOr<HostTensor> key = createResult(ctx, u64, {1});
  FailureOr<HostTensor> counter = createResult(ctx, u64, {2});
  if (failed(key) || failed(counter))
    return failure();
  key->setUInt(0, uint64_t(gen->key[1]) << 32 | gen->key[0]);
  counter->setUInt(0, uint64_t(gen->counter[1]) << 32 | gen->counter[0]);
  counter->setUInt(1, uint64_t(gen->counter[3]) << 32 | gen->counter[2]);
  HostTensor results[] = {std::move(*key), std::move(*counter)};
  return setResults(ctx, results);
}

bool mlir::tfg::isStatefulRandomOp(StringRef opName) {
  return opName == "RandomUniform" || opName == "RandomStandardNormal" ||
         opName == "TruncatedNormal" || opName == "RandomUniformInt" ||
         opName == "Multinomial" || opName == "RandomShuffle";
}

void mlir::tfg::addRandomKernels(EvalKernelTable &table) {
  addKernels(table, {"StatelessRandomUniform"}, statelessKernel<Dist::Uniform>);
  addKernels(table, {"StatelessRandomNormal"}, statelessKernel<Dist::Normal>);
  addKernels(table, {"StatelessTruncatedNormal"},
             statelessKernel<Dist::Truncated>);
  addKernels(table, {"StatelessRandomUniformInt"},
             statelessKernel<Dist::UniformInt>);
  addKernels(table, {"StatelessRandomUniformFullInt"},
             statelessKernel<Dist::FullInt>);
  addKernels(table, {"StatelessRandomUniformV2"},
             statelessV2Kernel<Dist::Uniform>);
  addKernels(table, {"StatelessRandomNormalV2"},
             statelessV2Kernel<Dist::Normal>);
  addKernels(table, {"StatelessTruncatedNormalV2"},
             statelessV2Kernel<Dist::Truncated>);
  addKernels(table, {"StatelessRandomUniformIntV2"},
             statelessV2Kernel<Dist::UniformInt>);
  addKernels(table, {"StatelessRandomUniformFullIntV2"},
             statelessV2Kernel<Dist::FullInt>);
  addKernels(table, {"StatelessRandomGetKeyCounter"}, getKeyCounterKernel);
  addKernels(table, {"RandomUniform"}, statefulKernel<Dist::Uniform>);
  addKernels(table, {"RandomStandardNormal"}, statefulKernel<Dist::Normal>);
  addKernels(table, {"TruncatedNormal"}, statefulKernel<Dist::Truncated>);
  addKernels(table, {"RandomUniformInt"}, statefulKernel<Dist::UniformInt>);
  addKernels(table, {"StatelessMultinomial"}, statelessMultinomialKernel);
  addKernels(table, {"Multinomial"}, multinomialKernel);
  addKernels(table, {"RandomShuffle"}, randomShuffleKernel);
}
