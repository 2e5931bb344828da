//===- Window.cpp - Pooling and reduce_window -----------------------------===//
//
// The functions of tfg/Eval/Compute/Window.h. The pools compute in float
// (f16, bf16, f32) or double (f64), vectorized over channels and in
// parallel over output rows; channels-first layouts move to channels-last
// and back. reduce_window walks each window with an odometer.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Window.h"
#include "tfg/Eval/Compute/Dense.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

template <typename T>
static llvm::Expected<HostTensor> pool2D(const ComputeEnv &env, bool isMax,
                                         const HostTensor &x,
                                         const Window2D &win) {
  int64_t c = win.channels;
  bool nchw = win.nchw;
  SmallVector<int64_t, 4> shape =
      nchw ? SmallVector<int64_t, 4>{win.batch, c, win.h.out, win.w.out}
           : SmallVector<int64_t, 4>{win.batch, win.h.out, win.w.out, c};
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(env, x.getElementType(), shape);
  if (!r)
    return r.takeError();
  if (r->builder.size() == 0)
    return takeDense(*r);
  llvm::Expected<DenseValues<T>> v = readDense<T>(env, x);
  if (!v)
    return v.takeError();
  const T *in = v->data;
  std::vector<T> moved, nhwcOut;
  T *out = r->data;
  int64_t hw = win.h.in * win.w.in;
  if (nchw) {
    moved.resize(static_cast<size_t>(v->size));
    nchwToNhwc(v->data, moved.data(), win.batch, c, hw);
    in = moved.data();
    nhwcOut.resize(static_cast<size_t>(r->builder.size()));
    out = nhwcOut.data();
  }
  const Window2D &w = win;
  auto run = [&](int64_t row) {
    int64_t n = row / w.h.out;
    int64_t oh = row % w.h.out;
    int64_t h0 = oh * w.h.stride - w.h.padBefore;
    int64_t hBegin = std::max<int64_t>(h0, 0);
    int64_t hEnd = std::min(h0 + w.h.size, w.h.in);
    for (int64_t ow = 0; ow < w.w.out; ++ow) {
      T *o = out + (row * w.w.out + ow) * c;
      int64_t w0 = ow * w.w.stride - w.w.padBefore;
      int64_t wBegin = std::max<int64_t>(w0, 0);
      int64_t wEnd = std::min(w0 + w.w.size, w.w.in);
      std::fill(o, o + c, isMax ? -std::numeric_limits<T>::infinity() : T(0));
      for (int64_t ih = hBegin; ih < hEnd; ++ih)
        for (int64_t iw = wBegin; iw < wEnd; ++iw) {
          const T *p = in + ((n * w.h.in + ih) * w.w.in + iw) * c;
          if (isMax)
            for (int64_t ch = 0; ch < c; ++ch)
              o[ch] = p[ch] > o[ch] ? p[ch] : o[ch];
          else
            for (int64_t ch = 0; ch < c; ++ch)
              o[ch] += p[ch];
        }
      if (!isMax) {
        int64_t count = std::max<int64_t>(hEnd - hBegin, 0) *
                        std::max<int64_t>(wEnd - wBegin, 0);
        T scale = count > 0 ? T(1) / T(count) : T(0);
        for (int64_t ch = 0; ch < c; ++ch)
          o[ch] *= scale;
      }
    }
  };
  computeParallelFor(env, w.batch * w.h.out, run);
  if (nchw)
    nhwcToNchw(out, r->data, w.batch, c, w.h.out * w.w.out);
  return takeDense(*r);
}

template <typename T>
static llvm::Expected<HostTensor> pool3D(const ComputeEnv &env, bool isMax,
                                         const HostTensor &x,
                                         ArrayRef<WindowDim> dims, bool first) {
  ArrayRef<int64_t> xs = x.getShape();
  int cIdx = first ? 1 : 4;
  int64_t batch = xs[0], c = xs[cIdx];
  SmallVector<int64_t, 5> shape =
      first ? SmallVector<int64_t, 5>{batch, c, dims[0].out, dims[1].out,
                                      dims[2].out}
            : SmallVector<int64_t, 5>{batch, dims[0].out, dims[1].out,
                                      dims[2].out, c};
  llvm::Expected<DenseResult<T>> r =
      startDense<T>(env, x.getElementType(), shape);
  if (!r)
    return r.takeError();
  if (r->builder.size() == 0)
    return takeDense(*r);
  llvm::Expected<DenseValues<T>> v = readDense<T>(env, x);
  if (!v)
    return v.takeError();
  int64_t inVolume = dims[0].in * dims[1].in * dims[2].in;
  int64_t outVolume = dims[0].out * dims[1].out * dims[2].out;
  const T *in = v->data;
  std::vector<T> moved, ndhwcOut;
  T *out = r->data;
  if (first) {
    moved.resize(static_cast<size_t>(v->size));
    nchwToNhwc(v->data, moved.data(), batch, c, inVolume);
    in = moved.data();
    ndhwcOut.resize(static_cast<size_t>(r->builder.size()));
    out = ndhwcOut.data();
  }
  // One task per output (n, od, oh) row of dims[2].out pixels.
  auto run = [&](int64_t row) {
    int64_t oh = row % dims[1].out, rest = row / dims[1].out;
    int64_t od = rest % dims[0].out, n = rest / dims[0].out;
    int64_t begin[3], end[3];
    int64_t pos[2] = {od, oh};
    for (int i = 0; i < 2; ++i) {
      int64_t p0 = pos[i] * dims[i].stride - dims[i].padBefore;
      begin[i] = std::max<int64_t>(p0, 0);
      end[i] = std::min(p0 + dims[i].size, dims[i].in);
    }
    for (int64_t ow = 0; ow < dims[2].out; ++ow) {
      T *o = out + (row * dims[2].out + ow) * c;
      int64_t p0 = ow * dims[2].stride - dims[2].padBefore;
      begin[2] = std::max<int64_t>(p0, 0);
      end[2] = std::min(p0 + dims[2].size, dims[2].in);
      std::fill(o, o + c, isMax ? -std::numeric_limits<T>::infinity() : T(0));
      for (int64_t id = begin[0]; id < end[0]; ++id)
        for (int64_t ih = begin[1]; ih < end[1]; ++ih)
          for (int64_t iw = begin[2]; iw < end[2]; ++iw) {
            const T *p =
                in +
                (((n * dims[0].in + id) * dims[1].in + ih) * dims[2].in + iw) *
                    c;
            if (isMax)
              for (int64_t ch = 0; ch < c; ++ch)
                o[ch] = p[ch] > o[ch] ? p[ch] : o[ch];
            else
              for (int64_t ch = 0; ch < c; ++ch)
                o[ch] += p[ch];
          }
      if (!isMax) {
        int64_t count = 1;
        for (int i = 0; i < 3; ++i)
          count *= std::max<int64_t>(end[i] - begin[i], 0);
        T scale = count > 0 ? T(1) / T(count) : T(0);
        for (int64_t ch = 0; ch < c; ++ch)
          o[ch] *= scale;
      }
    }
  };
  computeParallelFor(env, batch * dims[0].out * dims[1].out, run);
  if (first)
    nhwcToNchw(out, r->data, batch, c, outVolume);
  return takeDense(*r);
}

llvm::Expected<HostTensor> mlir::tfg::computePool2D(const ComputeEnv &env,
                                                    PoolKind kind,
                                                    const HostTensor &x,
                                                    const Window2D &win) {
  if (x.getRank() != 4)
    return computeError("input must be rank 4, not " +
                        formatShape(x.getShape()));
  bool isMax = kind == PoolKind::Max;
  switch (getComputeKind(x.getElementType())) {
  case ComputeKind::Float:
    return pool2D<float>(env, isMax, x, win);
  case ComputeKind::Double:
    return pool2D<double>(env, isMax, x, win);
  case ComputeKind::None:
    break;
  }
  return computeError("pooling takes float tensors");
}

llvm::Expected<HostTensor> mlir::tfg::computePool3D(const ComputeEnv &env,
                                                    PoolKind kind,
                                                    const HostTensor &x,
                                                    ArrayRef<WindowDim> dims,
                                                    bool channelsFirst) {
  if (x.getRank() != 5 || dims.size() != 3)
    return computeError("input must be rank 5, not " +
                        formatShape(x.getShape()));
  bool isMax = kind == PoolKind::Max;
  switch (getComputeKind(x.getElementType())) {
  case ComputeKind::Float:
    return pool3D<float>(env, isMax, x, dims, channelsFirst);
  case ComputeKind::Double:
    return pool3D<double>(env, isMax, x, dims, channelsFirst);
  case ComputeKind::None:
    break;
  }
  return computeError("pooling takes float tensors");
}

//===----------------------------------------------------------------------===//
// reduce_window
//===----------------------------------------------------------------------===//

namespace {
/// An accumulator of one element kind.
struct Accumulator {
  ReduceOp op;
  HostElementKind kind;
  bool isSigned = false;
  double f = 0;
  std::complex<double> z;
  uint64_t u = 0;

  void start(const HostTensor &t, int64_t i) {
    f = 0;
    u = 0;
    z = 0;
    if (kind == HostElementKind::Float)
      f = t.getDouble(i);
    else if (kind == HostElementKind::Complex)
      z = t.getComplex(i);
    else
      u = isSigned ? static_cast<uint64_t>(t.getInt(i)) : t.getUInt(i);
  }
  void add(const HostTensor &t, int64_t i) {
    switch (kind) {
    case HostElementKind::Float: {
      double v = t.getDouble(i);
      if (op == ReduceOp::Sum)
        f += v;
      else if (op == ReduceOp::Prod)
        f *= v;
      else if (std::isnan(f) || std::isnan(v))
        f = NAN;
      else
        f = op == ReduceOp::Max ? std::max(f, v) : std::min(f, v);
      return;
    }
    case HostElementKind::Complex:
      z = op == ReduceOp::Sum ? z + t.getComplex(i) : z * t.getComplex(i);
      return;
    case HostElementKind::Bool: {
      bool v = t.getInt(i) != 0;
      u = op == ReduceOp::All ? (u && v) : (u || v);
      return;
    }
    default: {
      uint64_t v = isSigned ? static_cast<uint64_t>(t.getInt(i)) : t.getUInt(i);
      bool less =
          isSigned ? static_cast<int64_t>(u) < static_cast<int64_t>(v) : u < v;
      if (op == ReduceOp::Sum)
        u += v;
      else if (op == ReduceOp::Prod)
        u *= v;
      else if (op == ReduceOp::Max)
        u = less ? v : u;
      else
        u = less ? u : v;
      return;
    }
    }
  }
  void store(HostTensor &t, int64_t i) const {
    if (kind == HostElementKind::Float)
      t.setDouble(i, f);
    else if (kind == HostElementKind::Complex)
      t.setComplex(i, z);
    else
      t.setUInt(i, u);
  }
};
} // namespace

llvm::Expected<HostTensor>
mlir::tfg::computeReduceWindow(const ComputeEnv &env, ReduceOp op,
                               const HostTensor &input, const HostTensor &init,
                               const ReduceWindowOptions &window) {
  int64_t rank = input.getRank();
  HostElementKind kind = input.getKind();
  bool logical = op == ReduceOp::All || op == ReduceOp::Any;
  bool minMax = op == ReduceOp::Max || op == ReduceOp::Min;
  if (logical != (kind == HostElementKind::Bool) ||
      kind == HostElementKind::String || op == ReduceOp::Mean ||
      op == ReduceOp::EuclideanNorm ||
      (minMax && kind == HostElementKind::Complex))
    return computeError("reduce_window does not take this element type");
  if (init.getElementType() != input.getElementType() ||
      init.getNumElements() != 1)
    return computeError("the initial value must be one element of the "
                        "input's type");
  auto orOnes = [&](ArrayRef<int64_t> v) {
    return v.empty() ? SmallVector<int64_t, 4>(rank, 1)
                     : SmallVector<int64_t, 4>(v.begin(), v.end());
  };
  SmallVector<int64_t, 4> size(window.dimensions.begin(),
                               window.dimensions.end());
  SmallVector<int64_t, 4> stride = orOnes(window.strides);
  SmallVector<int64_t, 4> baseDil = orOnes(window.baseDilations);
  SmallVector<int64_t, 4> winDil = orOnes(window.windowDilations);
  SmallVector<std::pair<int64_t, int64_t>, 4> pad(window.padding.begin(),
                                                  window.padding.end());
  if (pad.empty())
    pad.assign(rank, {0, 0});
  if (static_cast<int64_t>(size.size()) != rank ||
      static_cast<int64_t>(stride.size()) != rank ||
      static_cast<int64_t>(baseDil.size()) != rank ||
      static_cast<int64_t>(winDil.size()) != rank ||
      static_cast<int64_t>(pad.size()) != rank)
    return computeError("reduce_window takes one window entry per dimension");
  SmallVector<int64_t, 4> shape(rank);
  for (int64_t d = 0; d < rank; ++d) {
    if (size[d] < 1 || stride[d] < 1 || baseDil[d] < 1 || winDil[d] < 1)
      return computeError("reduce_window's window sizes, strides and "
                          "dilations must be positive");
    int64_t in = input.getShape()[d];
    // Sizes of valid tensors and windows: no overflow in int64 products
    // of two of them, as the bounds below keep them under 2^62.
    if (std::abs(pad[d].first) > (int64_t(1) << 40) ||
        std::abs(pad[d].second) > (int64_t(1) << 40) ||
        size[d] > (int64_t(1) << 40) || winDil[d] > (int64_t(1) << 20) ||
        baseDil[d] > (int64_t(1) << 20))
      return computeError("reduce_window's window is too large");
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * baseDil[d] + 1;
    int64_t padded = pad[d].first + dilatedIn + pad[d].second;
    int64_t dilatedWindow = (size[d] - 1) * winDil[d] + 1;
    shape[d] = padded <= 0 || dilatedWindow > padded
                   ? 0
                   : (padded - dilatedWindow) / stride[d] + 1;
  }
  if (llvm::Error e = checkElementBound(input, "the input", env.maxElements))
    return e;
  llvm::Expected<ResultBuilder> r =
      startResult(env, input.getElementType(), shape, false);
  if (!r)
    return r.takeError();
  llvm::Expected<int64_t> windowElements = getHostNumElements(size);
  if (!windowElements)
    return windowElements.takeError();
  if (*windowElements > 0 &&
      r->size() > env.maxElements * int64_t(64) / *windowElements)
    return computeError("reduce_window would read more than " +
                        std::to_string(env.maxElements * int64_t(64)) +
                        " elements");
  SmallVector<int64_t, 4> inStrides = getStrides(input.getShape());
  SmallVector<int64_t, 4> index(rank, 0), w(rank, 0);
  Accumulator acc{op, kind, kind == HostElementKind::Signed};
  for (int64_t i = 0, n = r->size(); i < n; ++i) {
    acc.start(init, 0);
    std::fill(w.begin(), w.end(), 0);
    for (int64_t k = 0; k < *windowElements; ++k) {
      // The window element's position in the padded, dilated input.
      int64_t at = 0;
      bool isPad = false;
      for (int64_t d = 0; d < rank && !isPad; ++d) {
        int64_t q = index[d] * stride[d] + w[d] * winDil[d] - pad[d].first;
        if (q < 0 || q % baseDil[d] != 0 ||
            q / baseDil[d] >= input.getShape()[d])
          isPad = true;
        else
          at += (q / baseDil[d]) * inStrides[d];
      }
      if (isPad)
        acc.add(init, 0);
      else
        acc.add(input, at);
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++w[d] < size[d])
          break;
        w[d] = 0;
      }
    }
    acc.store(r->tensor, i);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return finishResult(std::move(*r));
}
