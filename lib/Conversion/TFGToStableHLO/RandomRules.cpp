//===- RandomRules.cpp - Seeded random TensorFlow ops to StableHLO --------===//
//
// TensorFlow's counter-based random ops with TensorFlow's bits (as TFGEval's
// RandomKernels.cpp computes them): Philox4x32-10 written in StableHLO's
// integer ops, one block of four uint32 per element of an iota of calls
// (the 128-bit counter plus the call's index, carried), the 32x32->64
// products in ui64.
// - V1 stateless ops (seed [2]): the seed pair scrambled by one Philox call
//   with key (0x3ec8f720, 0x02461e29) gives the key and counter.
//   StatelessRandomGetKeyCounter returns them.
// - V2 stateless ops: key [1] and counter [2] uint64, alg 1 or 3 (Philox;
//   a constant).
// - RandomUniform, RandomStandardNormal, RandomUniformInt with `seed` and
//   `seed2` not both 0: key (seed), counter (0, 0, seed2). A StableHLO
//   program is pure: it gives the values of the op's first run, every run.
// Distributions: uniform floats from the low mantissa bits (f64 from two
// uint32), normals by Box-Muller on pairs (float arithmetic; f64 on four
// uint32), ints in [minval, maxval) as minval + bits % range, full ints as
// the bits. The truncated normal (a rejection loop) is not legalized.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include <array>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// Integer helpers over one shape [n] of ui32/ui64 tensors.
struct Bits {
  Lowering &l;
  int64_t n;
  RankedTensorType u32() {
    return RankedTensorType::get({n}, l.b.getIntegerType(32, false));
  }
  RankedTensorType u64() {
    return RankedTensorType::get({n}, l.b.getIntegerType(64, false));
  }
  Value c32(uint64_t v) { return l.splat(u32(), double(v)); }
  Value c64(uint64_t v) {
    auto t = u64();
    return l.constant(DenseElementsAttr::get(
        t, IntegerAttr::get(t.getElementType(), APInt(64, v))));
  }
  Value bin(StringRef name, Value a, Value b) {
    return l.op(name, {a, b}, a.getType());
  }
  Value to64(Value v) { return l.convert(v, u64().getElementType()); }
  /// The low 32 bits of a ui64.
  Value lo(Value v) {
    return l.convert(bin("and", v, c64(0xffffffffull)), u32().getElementType());
  }
  Value hi(Value v) {
    return l.convert(bin("shift_right_logical", v, c64(32)),
                     u32().getElementType());
  }
  Value join(Value low, Value high) {
    return bin("or", to64(low), bin("shift_left", to64(high), c64(32)));
  }
  /// A scalar ui32/ui64 broadcast to [n].
  Value spread(Value scalar) {
    auto t = RankedTensorType::get({n}, l.type(scalar).getElementType());
    return l.op("broadcast_in_dim", scalar, t,
                {l.named("broadcast_dimensions", l.i64s({}))});
  }

  /// Philox4x32-10 of counters (c + i, i in [0, n)) under key k.
  std::array<Value, 4> philox(std::array<Value, 4> c, std::array<Value, 2> k) {
    Value low = join(c[0], c[1]), high = join(c[2], c[3]);
    Value iota = l.op("iota", {}, u64(),
                      {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
    Value sum = bin("add", low, iota);
    Value carry = l.convert(l.compare(sum, low, "LT"), u64().getElementType());
    high = bin("add", high, carry);
    std::array<Value, 4> x = {lo(sum), hi(sum), lo(high), hi(high)};
    Value k0 = k[0], k1 = k[1];
    for (int round = 0; round < 10; ++round) {
      Value p0 = bin("multiply", c64(0xD2511F53), to64(x[0]));
      Value p1 = bin("multiply", c64(0xCD9E8D57), to64(x[2]));
      x = {bin("xor", bin("xor", hi(p1), x[1]), k0), lo(p1),
           bin("xor", bin("xor", hi(p0), x[3]), k1), lo(p0)};
      k0 = bin("add", k0, c32(0x9E3779B9));
      k1 = bin("add", k1, c32(0xBB67AE85));
    }
    return x;
  }
};

/// A generator: key and counter as ui32 scalars.
struct Generator {
  std::array<Value, 2> key;
  std::array<Value, 4> counter;
};

Value scalarU32(Lowering &l, Value v) { return l.reshape(v, {}); }

/// The ui32 halves of element `i` of a ui64 vector.
std::pair<Value, Value> halves(Lowering &l, Value v, int64_t i) {
  RankedTensorType t = l.type(v);
  Value e = l.op("slice", v, RankedTensorType::get({1}, t.getElementType()),
                 {l.named("start_indices", l.i64s({i})),
                  l.named("limit_indices", l.i64s({i + 1})),
                  l.named("strides", l.i64s({1}))});
  Bits b{l, 1};
  return {scalarU32(l, b.lo(e)), scalarU32(l, b.hi(e))};
}

/// The generator of a V1 op's seed operand `i`.
FailureOr<Generator> seedGenerator(Lowering &l, unsigned i) {
  Value seed = l.operand(i);
  RankedTensorType st = l.type(seed);
  auto it = dyn_cast<IntegerType>(st.getElementType());
  if (!it || it.getWidth() < 32 || st.getShape() != ArrayRef<int64_t>{2})
    return l.error() << "seed must be an int32/int64 tensor of shape [2]";
  Value s64 = l.convert(seed, l.b.getI64Type());
  Value u = l.op("bitcast_convert", s64,
                 RankedTensorType::get({2}, l.b.getIntegerType(64, false)));
  auto [a0, a1] = halves(l, u, 0);
  auto [b0, b1] = halves(l, u, 1);
  Bits one{l, 1};
  auto bc = [&](Value s) { return one.spread(s); };
  std::array<Value, 4> m =
      one.philox({bc(a0), bc(a1), bc(b0), bc(b1)},
                 {one.c32(0x3ec8f720), one.c32(0x02461e29)});
  Value zero =
      l.splat(RankedTensorType::get({}, one.u32().getElementType()), 0);
  return Generator{{scalarU32(l, m[0]), scalarU32(l, m[1])},
                   {zero, zero, scalarU32(l, m[2]), scalarU32(l, m[3])}};
}

/// The generator of a V2 op's key (1), counter (2) and alg (3) operands.
FailureOr<Generator> keyCounterGenerator(Lowering &l) {
  Value key = l.operand(1), counter = l.operand(2);
  auto u64 = l.b.getIntegerType(64, false);
  if (l.type(key) != RankedTensorType::get({1}, u64) ||
      l.type(counter).getRank() != 1 ||
      l.type(counter).getElementType() != u64 ||
      l.type(counter).getDimSize(0) < 2)
    return l.error() << "key must be uint64 [1] and counter uint64 [2]";
  FailureOr<SmallVector<int64_t>> alg = l.constInts(3);
  if (failed(alg))
    return failure();
  if (alg->size() != 1 || ((*alg)[0] != 1 && (*alg)[0] != 3))
    return l.error() << "algorithm " << (alg->empty() ? 0 : (*alg)[0])
                     << " is not legalized (Philox: 1, or 3, auto-select)";
  auto [k0, k1] = halves(l, key, 0);
  auto [c0, c1] = halves(l, counter, 0);
  auto [c2, c3] = halves(l, counter, 1);
  return Generator{{k0, k1}, {c0, c1, c2, c3}};
}

/// The generator of a stateful op's seed/seed2 attributes.
FailureOr<Generator> attrGenerator(Lowering &l) {
  FailureOr<int64_t> seed = l.intAttr("seed", 0), seed2 = l.intAttr("seed2", 0);
  if (failed(seed) || failed(seed2))
    return failure();
  if (*seed == 0 && *seed2 == 0)
    return l.error() << "seed and seed2 are both 0: TensorFlow seeds the op "
                        "nondeterministically";
  auto t = RankedTensorType::get({}, l.b.getIntegerType(32, false));
  auto c = [&](uint64_t v) { return l.splat(t, double(v & 0xffffffffull)); };
  uint64_t s = *seed, s2 = *seed2;
  return Generator{{c(s), c(s >> 32)}, {c(0), c(0), c(s2), c(s2 >> 32)}};
}

enum class Dist { Uniform, Normal, UniformInt, FullInt };

/// uint32 -> [0, 1) from the low `mantissa` bits, in f32.
Value unitFloat(Lowering &l, Bits &b, Value x, unsigned mantissa) {
  Value m = b.bin("and", x, b.c32((1u << mantissa) - 1));
  Value f = l.convert(m, l.b.getF32Type());
  return l.op("multiply", {f, l.splatLike(f, std::ldexp(1.0, -int(mantissa)))},
              l.type(f));
}

/// (x0, x1) -> [0, 1) in f64 from 52 bits.
Value unitDouble(Lowering &l, Bits &b, Value x0, Value x1) {
  Value bits = b.bin("or", b.c64(uint64_t(1023) << 52),
                     b.join(x1, b.bin("and", x0, b.c32(0xfffff))));
  auto ft = RankedTensorType::get({b.n}, l.b.getF64Type());
  Value d = l.op("bitcast_convert", bits, ft);
  return l.op("subtract", {d, l.splat(ft, 1)}, ft);
}

/// Box-Muller of two uniforms u (clamped to 1e-7) and w: r sin v, r cos v
/// with v = 2 pi w (rounded once to u's type), r = sqrt(-2 log u).
std::pair<Value, Value> boxMuller(Lowering &l, Value u, Value w) {
  RankedTensorType t = l.type(u);
  u = l.op("maximum", {u, l.splat(t, 1.0e-7)}, t);
  auto dt = RankedTensorType::get(t.getShape(), l.b.getF64Type());
  Value v = l.convert(l.op("multiply",
                           {l.splat(dt, 2 * 3.14159265358979323846),
                            l.convert(w, dt.getElementType())},
                           dt),
                      t.getElementType());
  Value r =
      l.op("sqrt", l.op("multiply", {l.splat(t, -2), l.op("log", u, t)}, t), t);
  return {l.op("multiply", {l.op("sine", v, t), r}, t),
          l.op("multiply", {l.op("cosine", v, t), r}, t)};
}

/// The node's result of `dist` from `gen`; `lo`/`range` (ui64 scalars)
/// bound UniformInt.
FailureOr<Value> generate(Lowering &l, const Generator &gen, Dist dist,
                          Value lo, Value range) {
  RankedTensorType out = l.resultType();
  Type elem = out.getElementType();
  int64_t count = out.getNumElements();
  unsigned width = elem.getIntOrFloatBitWidth();
  bool wide = width == 64;
  int64_t group = wide ? 2 : 4;
  if (isa<FloatType>(elem)
          ? !(elem.isF16() || elem.isBF16() || elem.isF32() || elem.isF64())
          : !isa<IntegerType>(elem) || width < 32)
    return l.error() << "element type " << elem << " is not legalized";
  int64_t n = std::max<int64_t>((count + group - 1) / group, 1);
  Bits b{l, n};
  auto spread = [&](Value s) { return b.spread(s); };
  std::array<Value, 4> s =
      b.philox({spread(gen.counter[0]), spread(gen.counter[1]),
                spread(gen.counter[2]), spread(gen.counter[3])},
               {spread(gen.key[0]), spread(gen.key[1])});
  SmallVector<Value, 4> parts;
  if (dist == Dist::Uniform && !wide) {
    unsigned mantissa = elem.isF16() ? 10 : elem.isBF16() ? 7 : 23;
    for (Value x : s)
      parts.push_back(l.convert(unitFloat(l, b, x, mantissa), elem));
  } else if (dist == Dist::Uniform) {
    parts = {unitDouble(l, b, s[0], s[1]), unitDouble(l, b, s[2], s[3])};
  } else if (dist == Dist::Normal && !wide) {
    for (int k = 0; k < 4; k += 2) {
      auto [f0, f1] = boxMuller(l, unitFloat(l, b, s[k], 23),
                                unitFloat(l, b, s[k + 1], 23));
      parts.push_back(l.convert(f0, elem));
      parts.push_back(l.convert(f1, elem));
    }
  } else if (dist == Dist::Normal) {
    auto [d0, d1] = boxMuller(l, unitDouble(l, b, s[0], s[1]),
                              unitDouble(l, b, s[2], s[3]));
    parts = {d0, d1};
  } else {
    for (int k = 0; k < group; ++k) {
      Value bits = wide ? b.join(s[2 * k], s[2 * k + 1]) : b.to64(s[k]);
      if (dist == Dist::UniformInt)
        bits =
            b.bin("add", spread(lo), b.bin("remainder", bits, spread(range)));
      Value word = wide ? bits : b.lo(bits);
      auto it = RankedTensorType::get({n}, elem);
      parts.push_back(isa<IntegerType>(elem) &&
                              cast<IntegerType>(elem).isUnsigned()
                          ? l.convert(word, elem)
                          : l.op("bitcast_convert", word, it));
    }
  }
  // [n, group] row-major is the order of the values; the last block is cut.
  SmallVector<Value, 4> cols;
  for (Value p : parts)
    cols.push_back(l.reshape(p, {n, 1}));
  Value all = l.op("concatenate", cols, RankedTensorType::get({n, group}, elem),
                   {l.named("dimension", l.b.getI64IntegerAttr(1))});
  Value flat = l.reshape(all, {n * group});
  Value cut = l.op("slice", flat, RankedTensorType::get({count}, elem),
                   {l.named("start_indices", l.i64s({0})),
                    l.named("limit_indices", l.i64s({count})),
                    l.named("strides", l.i64s({1}))});
  return l.reshape(cut, out.getShape());
}

/// minval/maxval operands `at`, `at + 1`: lo and range as ui64 scalars.
FailureOr<std::pair<Value, Value>> intBounds(Lowering &l, unsigned at) {
  Value mn = l.operand(at), mx = l.operand(at + 1);
  auto it = dyn_cast<IntegerType>(l.type(mn).getElementType());
  if (l.type(mn).getRank() != 0 || mn.getType() != mx.getType() || !it ||
      it.getWidth() < 32 || it.isUnsigned())
    return l.error() << "minval and maxval must be int32/int64 scalars of one "
                        "type";
  auto u64 = RankedTensorType::get({}, l.b.getIntegerType(64, false));
  auto asU64 = [&](Value v) {
    return l.op("bitcast_convert", l.convert(v, l.b.getI64Type()), u64);
  };
  Value lo = asU64(mn);
  Value range = l.op("subtract", {asU64(mx), lo}, u64);
  if (it.getWidth() == 32)
    range = l.op("and",
                 {range, l.constant(DenseElementsAttr::get(
                             u64, IntegerAttr::get(u64.getElementType(),
                                                   APInt(64, 0xffffffffull))))},
                 u64);
  // TensorFlow requires minval < maxval (checked when constant).
  FailureOr<SmallVector<int64_t>> a = l.constInts(at), z = l.constInts(at + 1);
  if (failed(a) || failed(z))
    return failure();
  if ((*a)[0] >= (*z)[0])
    return l.error() << "need minval < maxval: " << (*a)[0]
                     << " >= " << (*z)[0];
  return std::make_pair(lo, range);
}

LogicalResult randomRule(Lowering &l, SmallVectorImpl<Value> &results) {
  StringRef op = l.node.opType;
  bool v2 = op.ends_with("V2");
  bool stateful = !op.starts_with("Stateless");
  Dist dist = op.contains("Normal")    ? Dist::Normal
              : op.contains("FullInt") ? Dist::FullInt
              : op.contains("Int")     ? Dist::UniformInt
                                       : Dist::Uniform;
  unsigned base = stateful ? 1 : v2 ? 4 : 2;
  unsigned operands = base + (dist == Dist::UniformInt ? 2 : 0);
  if (failed(l.expectArity(operands, 1)))
    return failure();
  FailureOr<Generator> gen = stateful ? attrGenerator(l)
                             : v2     ? keyCounterGenerator(l)
                                      : seedGenerator(l, 1);
  if (failed(gen))
    return failure();
  Value lo, range;
  if (dist == Dist::UniformInt) {
    FailureOr<std::pair<Value, Value>> bounds = intBounds(l, base);
    if (failed(bounds))
      return failure();
    std::tie(lo, range) = *bounds;
  }
  FailureOr<Value> r = generate(l, *gen, dist, lo, range);
  if (failed(r))
    return failure();
  results.push_back(*r);
  return success();
}

/// StatelessRandomGetKeyCounter(seed): key [1] and counter [2] as uint64.
LogicalResult getKeyCounter(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 2)))
    return failure();
  FailureOr<Generator> gen = seedGenerator(l, 0);
  if (failed(gen))
    return failure();
  Bits b{l, 1};
  auto one = [&](Value s) { return l.reshape(s, {1}); };
  Value key = b.join(one(gen->key[0]), one(gen->key[1]));
  Value c0 = b.join(one(gen->counter[0]), one(gen->counter[1]));
  Value c1 = b.join(one(gen->counter[2]), one(gen->counter[3]));
  results.push_back(key);
  results.push_back(l.op("concatenate", {c0, c1}, l.resultType(1),
                         {l.named("dimension", l.b.getI64IntegerAttr(0))}));
  return success();
}

} // namespace

void tohlo::addRandomRules(RuleTable &table) {
  for (const char *name :
       {"StatelessRandomUniform", "StatelessRandomNormal",
        "StatelessRandomUniformInt", "StatelessRandomUniformFullInt",
        "StatelessRandomUniformV2", "StatelessRandomNormalV2",
        "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
        "RandomUniform", "RandomStandardNormal", "RandomUniformInt"})
    table[name] = randomRule;
  table["StatelessRandomGetKeyCounter"] = getKeyCounter;
}
