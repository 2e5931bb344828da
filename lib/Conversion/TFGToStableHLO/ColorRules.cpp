//===- ColorRules.cpp - Color TensorFlow image ops to StableHLO -----------===//
//
// RGBToHSV, HSVToRGB, AdjustHue, AdjustSaturation and AdjustContrastv2 on
// float images whose last dimension holds the channels, with TensorFlow's
// per-pixel formulas: hue in [0, 1) (0 for grays), RGB from the clamped
// |6h - k| ramps; AdjustHue adds delta modulo 1, AdjustSaturation scales
// the saturation and clamps it to [0, 1]; AdjustContrastv2 moves each
// channel of each image away from its mean over height and width.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// Elementwise ops on one channel's tensor type [..., 1].
struct Pixels {
  Lowering &l;
  RankedTensorType t;
  Value c(double v) { return l.splat(t, v); }
  Value add(Value a, Value b) { return l.op("add", {a, b}, t); }
  Value sub(Value a, Value b) { return l.op("subtract", {a, b}, t); }
  Value mul(Value a, Value b) { return l.op("multiply", {a, b}, t); }
  Value div(Value a, Value b) { return l.op("divide", {a, b}, t); }
  Value max(Value a, Value b) { return l.op("maximum", {a, b}, t); }
  Value min(Value a, Value b) { return l.op("minimum", {a, b}, t); }
  Value abs(Value a) { return l.op("abs", a, t); }
  Value sel(Value p, Value a, Value b) { return l.op("select", {p, a, b}, t); }
  Value clamp01(Value a) { return l.op("clamp", {c(0), a, c(1)}, t); }

  void toHsv(Value r, Value g, Value b, Value out[3]) {
    Value v = max(max(r, g), b);
    Value range = sub(v, min(min(r, g), b));
    Value s = sel(l.compare(v, c(0), "GT"), div(range, v), c(0));
    Value norm = mul(div(c(1), range), div(c(1), c(6)));
    Value h = sel(l.compare(r, v, "EQ"), mul(norm, sub(g, b)),
                  sel(l.compare(g, v, "EQ"),
                      add(mul(norm, sub(b, r)), div(c(2), c(6))),
                      add(mul(norm, sub(r, g)), div(c(4), c(6)))));
    h = sel(l.compare(range, c(0), "GT"), h, c(0));
    h = sel(l.compare(h, c(0), "LT"), add(h, c(1)), h);
    out[0] = h;
    out[1] = s;
    out[2] = v;
  }

  void toRgb(Value h, Value s, Value v, Value out[3]) {
    Value dh = mul(h, c(6));
    Value dr = clamp01(sub(abs(sub(dh, c(3))), c(1)));
    Value dg = clamp01(add(l.op("negate", abs(sub(dh, c(2))), t), c(2)));
    Value db = clamp01(add(l.op("negate", abs(sub(dh, c(4))), t), c(2)));
    Value oneMinusS = add(l.op("negate", s, t), c(1));
    out[0] = mul(add(oneMinusS, mul(s, dr)), v);
    out[1] = mul(add(oneMinusS, mul(s, dg)), v);
    out[2] = mul(add(oneMinusS, mul(s, db)), v);
  }
};

/// The three channels of `x` [..., 3].
SmallVector<Value, 3> channels(Lowering &l, Value x) {
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  SmallVector<int64_t> shape(t.getShape()), strides(rank, 1);
  shape[rank - 1] = 1;
  auto ct = RankedTensorType::get(shape, t.getElementType());
  SmallVector<Value, 3> out;
  for (int64_t i = 0; i < 3; ++i) {
    SmallVector<int64_t> start(rank, 0), limit(t.getShape());
    start[rank - 1] = i;
    limit[rank - 1] = i + 1;
    out.push_back(l.op("slice", x, ct,
                       {l.named("start_indices", l.i64s(start)),
                        l.named("limit_indices", l.i64s(limit)),
                        l.named("strides", l.i64s(strides))}));
  }
  return out;
}

Value join(Lowering &l, Value parts[3], RankedTensorType t) {
  return l.op("concatenate", {parts[0], parts[1], parts[2]}, t,
              {l.named("dimension", l.b.getI64IntegerAttr(t.getRank() - 1))});
}

LogicalResult checkImage(Lowering &l, Value x, int64_t minRank) {
  RankedTensorType t = l.type(x);
  if (!isa<FloatType>(t.getElementType()) || t.getRank() < minRank ||
      t.getDimSize(t.getRank() - 1) != 3)
    return l.error() << "expects float images of rank " << minRank
                     << " or more with 3 channels last, has " << t;
  return success();
}

/// A float scalar operand broadcast to `t`.
FailureOr<Value> scalarOperand(Lowering &l, unsigned i, RankedTensorType t) {
  Value v = l.operand(i);
  if (l.type(v).getRank() != 0 || !isa<FloatType>(l.type(v).getElementType()))
    return l.error() << "input " << i << " must be a float scalar";
  v = l.convert(v, t.getElementType());
  return l.op("broadcast_in_dim", v, t,
              {l.named("broadcast_dimensions", l.i64s({}))});
}

LogicalResult colorRule(Lowering &l, SmallVectorImpl<Value> &results) {
  StringRef op = l.node.opType;
  bool adjust = op.starts_with("Adjust");
  if (failed(l.expectArity(adjust ? 2 : 1, 1)))
    return failure();
  Value x = l.operand(0);
  if (failed(checkImage(l, x, adjust ? 3 : 1)))
    return failure();
  SmallVector<Value, 3> ch = channels(l, x);
  Pixels p{l, l.type(ch[0])};
  Value out[3];
  if (op == "HSVToRGB") {
    p.toRgb(ch[0], ch[1], ch[2], out);
  } else {
    p.toHsv(ch[0], ch[1], ch[2], out);
    if (adjust) {
      FailureOr<Value> a = scalarOperand(l, 1, p.t);
      if (failed(a))
        return failure();
      Value hsv[3] = {out[0], out[1], out[2]};
      if (op == "AdjustHue") {
        Value h = l.op("remainder", {p.add(hsv[0], *a), p.c(1)}, p.t);
        hsv[0] = p.sel(l.compare(h, p.c(0), "LT"), p.add(h, p.c(1)), h);
      } else {
        hsv[1] = p.clamp01(p.mul(hsv[1], *a));
      }
      p.toRgb(hsv[0], hsv[1], hsv[2], out);
    }
  }
  results.push_back(join(l, out, l.type(x)));
  return success();
}

/// AdjustContrastv2(images, contrast_factor): per image and channel,
/// mean + factor * (x - mean), the mean over height and width.
LogicalResult adjustContrast(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(2, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  int64_t rank = t.getRank();
  if (!isa<FloatType>(t.getElementType()) || rank < 3)
    return l.error() << "expects float images of rank 3 or more, has " << t;
  FailureOr<Value> f = scalarOperand(l, 1, t);
  if (failed(f))
    return failure();
  Value sum = l.reduce(x, {rank - 3, rank - 2}, "add", 0);
  int64_t size = t.getDimSize(rank - 3) * t.getDimSize(rank - 2);
  Value mean = l.op("multiply",
                    {sum, l.splatLike(sum, 1.0 / std::max<int64_t>(size, 1))},
                    l.type(sum));
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i)
    if (i != rank - 3 && i != rank - 2)
      dims.push_back(i);
  Value m = l.op("broadcast_in_dim", mean, t,
                 {l.named("broadcast_dimensions", l.i64s(dims))});
  results.push_back(l.op(
      "add", {m, l.op("multiply", {*f, l.op("subtract", {x, m}, t)}, t)}, t));
  return success();
}

} // namespace

void tohlo::addColorRules(RuleTable &table) {
  for (const char *name :
       {"RGBToHSV", "HSVToRGB", "AdjustHue", "AdjustSaturation"})
    table[name] = colorRule;
  table["AdjustContrastv2"] = adjustContrast;
}
