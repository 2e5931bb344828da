//===- NNTestSupport.h - Shared helpers of the nn kernel tests --*- C++ -*-===//
//
// Random float tensors, attribute builders, layout moves and a naive
// reference convolution (NHWC, double) that the tests of ConvKernels.cpp,
// MatMulKernels.cpp, PoolKernels.cpp and NNKernels.cpp compare against.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_UNITTESTS_EVAL_NNTESTSUPPORT_H
#define TFG_UNITTESTS_EVAL_NNTESTSUPPORT_H

#include "KernelTestFixture.h"

#include <cmath>
#include <functional>
#include <random>

namespace mlir {
namespace tfg {

class NNKernelTest : public HostKernelTest {
protected:
  /// Uniform values in [-1, 1) of `shape` and `type` (f32 by default).
  HostTensor random(ArrayRef<int64_t> shape, Type type = {}) {
    HostTensor t =
        llvm::cantFail(HostTensor::create(type ? type : b.getF32Type(), shape));
    std::uniform_real_distribution<double> dist(-1.0, 1.0);
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      t.setDouble(i, dist(rng));
    return t;
  }
  /// random() of f64 elements.
  HostTensor rand64(ArrayRef<int64_t> shape) {
    return random(shape, b.getF64Type());
  }
  /// The sum of the elementwise products of `x` and `y`.
  static double dot(const HostTensor &x, const HostTensor &y) {
    double s = 0;
    for (int64_t i = 0; i < x.getNumElements(); ++i)
      s += x.getDouble(i) * y.getDouble(i);
    return s;
  }
  /// d/dt[i] of loss(t) by central differences of step `h`, for every
  /// element of t (a loss linear in t is exact at any step).
  static std::vector<double>
  numericGrad(const HostTensor &t,
              const std::function<double(const HostTensor &)> &loss,
              double h = 1e-5) {
    std::vector<double> g;
    for (int64_t i = 0; i < t.getNumElements(); ++i) {
      HostTensor up(t), down(t);
      up.setDouble(i, t.getDouble(i) + h);
      down.setDouble(i, t.getDouble(i) - h);
      g.push_back((loss(up) - loss(down)) / (2 * h));
    }
    return g;
  }
  static std::string shapeStr(ArrayRef<int64_t> shape) {
    std::string s = "[";
    for (auto [i, d] : llvm::enumerate(shape))
      s += (i ? ", " : "") + std::to_string(d);
    return s + "]";
  }
  static std::vector<double> doubles(const HostTensor &t) {
    std::vector<double> v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(t.getDouble(i));
    return v;
  }
  /// Expects `t` to have `shape` and values within `tol` of `expected`.
  static void expectNear(const HostTensor &t, ArrayRef<int64_t> shape,
                         ArrayRef<double> expected, double tol = 1e-4) {
    ASSERT_TRUE(static_cast<bool>(t));
    ASSERT_EQ(shapeOf(t), std::vector<int64_t>(shape.begin(), shape.end()));
    ASSERT_EQ(static_cast<size_t>(t.getNumElements()), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
      ASSERT_NEAR(t.getDouble(i), expected[i],
                  tol * std::max(1.0, std::fabs(expected[i])))
          << "at element " << i;
  }
  NamedAttribute ints(StringRef name, ArrayRef<int64_t> v) {
    return b.getNamedAttr(name, b.getI64ArrayAttr(v));
  }
  NamedAttribute str(StringRef name, StringRef v) {
    return b.getNamedAttr(name, b.getStringAttr(v));
  }
  NamedAttribute boolean(StringRef name, bool v) {
    return b.getNamedAttr(name, b.getBoolAttr(v));
  }
  NamedAttribute real(StringRef name, double v) {
    return b.getNamedAttr(name, b.getF32FloatAttr(v));
  }
  NamedAttribute integer(StringRef name, int64_t v) {
    return b.getNamedAttr(name, b.getI64IntegerAttr(v));
  }
  NamedAttribute strs(StringRef name, ArrayRef<StringRef> v) {
    SmallVector<Attribute> list;
    for (StringRef s : v)
      list.push_back(b.getStringAttr(s));
    return b.getNamedAttr(name, b.getArrayAttr(list));
  }

  /// [n, h, w, c] <-> [n, c, h, w] of a host tensor (f32).
  HostTensor toNCHW(const HostTensor &t) {
    ArrayRef<int64_t> s = t.getShape();
    HostTensor r = llvm::cantFail(
        HostTensor::create(t.getElementType(), {s[0], s[3], s[1], s[2]}));
    for (int64_t n = 0; n < s[0]; ++n)
      for (int64_t h = 0; h < s[1]; ++h)
        for (int64_t w = 0; w < s[2]; ++w)
          for (int64_t c = 0; c < s[3]; ++c)
            r.setDouble(((n * s[3] + c) * s[1] + h) * s[2] + w,
                        t.getDouble(((n * s[1] + h) * s[2] + w) * s[3] + c));
    return r;
  }
  /// [n, d, h, w, c] -> [n, c, d, h, w] of a host tensor.
  HostTensor toNCDHW(const HostTensor &t) {
    ArrayRef<int64_t> s = t.getShape();
    HostTensor r = llvm::cantFail(
        HostTensor::create(t.getElementType(), {s[0], s[4], s[1], s[2], s[3]}));
    int64_t volume = s[1] * s[2] * s[3];
    for (int64_t n = 0; n < s[0]; ++n)
      for (int64_t p = 0; p < volume; ++p)
        for (int64_t c = 0; c < s[4]; ++c)
          r.setDouble((n * s[4] + c) * volume + p,
                      t.getDouble((n * volume + p) * s[4] + c));
    return r;
  }
  HostTensor toNHWC(const HostTensor &t) {
    ArrayRef<int64_t> s = t.getShape();
    HostTensor r = llvm::cantFail(
        HostTensor::create(t.getElementType(), {s[0], s[2], s[3], s[1]}));
    for (int64_t n = 0; n < s[0]; ++n)
      for (int64_t c = 0; c < s[1]; ++c)
        for (int64_t h = 0; h < s[2]; ++h)
          for (int64_t w = 0; w < s[3]; ++w)
            r.setDouble(((n * s[2] + h) * s[3] + w) * s[1] + c,
                        t.getDouble(((n * s[1] + c) * s[2] + h) * s[3] + w));
    return r;
  }

  /// The geometry of one spatial dimension (TensorFlow's formulas).
  struct Dim {
    int64_t out, before;
  };
  static Dim same(int64_t in, int64_t k, int64_t s, int64_t d = 1) {
    int64_t eff = (k - 1) * d + 1;
    int64_t out = (in + s - 1) / s;
    int64_t pad = std::max<int64_t>(0, (out - 1) * s + eff - in);
    return {out, pad / 2};
  }
  static Dim valid(int64_t in, int64_t k, int64_t s, int64_t d = 1) {
    int64_t eff = (k - 1) * d + 1;
    return {(in - eff) / s + 1, 0};
  }

  /// Naive NHWC convolution in double. `mult` > 0 makes it depthwise with
  /// that channel multiplier (filter [kh, kw, c, mult]).
  static std::vector<double> refConv(const HostTensor &x, const HostTensor &f,
                                     int64_t sh, int64_t sw, int64_t dh,
                                     int64_t dw, Dim h, Dim w,
                                     int64_t mult = 0) {
    ArrayRef<int64_t> xs = x.getShape(), fs = f.getShape();
    int64_t n = xs[0], ih = xs[1], iw = xs[2], c = xs[3];
    int64_t oc = mult ? c * mult : fs[3];
    std::vector<double> out(n * h.out * w.out * oc, 0.0);
    for (int64_t b = 0; b < n; ++b)
      for (int64_t oy = 0; oy < h.out; ++oy)
        for (int64_t ox = 0; ox < w.out; ++ox)
          for (int64_t o = 0; o < oc; ++o) {
            double s = 0;
            for (int64_t ky = 0; ky < fs[0]; ++ky)
              for (int64_t kx = 0; kx < fs[1]; ++kx) {
                int64_t y = oy * sh - h.before + ky * dh;
                int64_t z = ox * sw - w.before + kx * dw;
                if (y < 0 || y >= ih || z < 0 || z >= iw)
                  continue;
                if (mult) {
                  int64_t ci = o / mult;
                  s += x.getDouble(((b * ih + y) * iw + z) * c + ci) *
                       f.getDouble(((ky * fs[1] + kx) * c + ci) * mult +
                                   o % mult);
                } else {
                  for (int64_t ci = 0; ci < c; ++ci)
                    s += x.getDouble(((b * ih + y) * iw + z) * c + ci) *
                         f.getDouble(((ky * fs[1] + kx) * c + ci) * oc + o);
                }
              }
            out[((b * h.out + oy) * w.out + ox) * oc + o] = s;
          }
    return out;
  }

  std::mt19937 rng{1234};
};

} // namespace tfg
} // namespace mlir

#endif // TFG_UNITTESTS_EVAL_NNTESTSUPPORT_H
