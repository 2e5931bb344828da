//===- NNKernels.cpp - Softmax, batch norm, Prelu, LRN and friends --------===//
//
// The nn ops besides convolutions, products and pools, following
// TensorFlow's CPU kernels:
// - Softmax and LogSoftmax along the last dimension (rank >= 1), with the
//   row maximum subtracted first.
// - BiasAddV1: a rank-1 bias along the last dimension.
// - FusedBatchNorm, V2 and V3 in inference form (is_training=false): y =
//   (x - mean) * scale / sqrt(variance + epsilon) + offset per channel
//   (the last dimension for NHWC/NDHWC, dimension 1 for NCHW/NCDHW);
//   batch_mean, batch_variance and the reserve spaces pass mean and
//   variance through (V3's reserve_space_3 is empty). In training form
//   (is_training=true) y uses the batch's mean and biased variance over
//   every dimension but the channel; batch_mean is that mean and
//   batch_variance the Bessel-corrected variance (n / (n - 1)), both
//   mixed into the mean and variance inputs as (1 - f) * input + f *
//   batch when exponential_avg_factor f != 1 (with f == 1 the inputs are
//   ignored); the reserve spaces hold the batch mean and biased variance,
//   as TensorFlow's CPU kernel does.
//   Grappler's _FusedBatchNormEx adds a side input and an activation
//   (activation_mode Identity, Relu, Relu6, Elu).
// - Prelu (TF.js): x where x >= 0, alpha * x below, alpha broadcast to x.
// - LRN: x / (bias + alpha * sum of squares of the depth_radius
//   neighbours along the last dimension) ^ beta.
// - L2Loss: sum(x^2) / 2.
// Floats compute in float (f16, bf16, f32) or double (f64).
//
//===----------------------------------------------------------------------===//

#include "NNSupport.h"

#include "mlir/IR/Threading.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

/// Calls `fn<T>()` with T the compute type of `type`, or fails.
template <typename Fn>
static LogicalResult dispatchFloat(EvalContext &ctx, Type type, StringRef op,
                                   Fn fn) {
  switch (getComputeKind(type)) {
  case ComputeKind::Float:
    return fn(float());
  case ComputeKind::Double:
    return fn(double());
  case ComputeKind::None:
    break;
  }
  return ctx.fail(op + " takes float tensors");
}

/// Runs `fn(r0, r1)` over [0, rows) in parallel chunks of about `grain`
/// rows.
template <typename Fn>
static void forEachRowChunk(MLIRContext *context, int64_t rows, int64_t grain,
                            Fn fn) {
  grain = std::max<int64_t>(grain, 1);
  int64_t chunks = (rows + grain - 1) / grain;
  if (chunks <= 1) {
    if (rows > 0)
      fn(int64_t(0), rows);
    return;
  }
  parallelFor(context, 0, chunks, [&](size_t i) {
    int64_t r0 = static_cast<int64_t>(i) * grain;
    fn(r0, std::min(rows, r0 + grain));
  });
}

template <bool isLog> static LogicalResult softmaxKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  const HostTensor &t = **x;
  if (t.getRank() < 1)
    return ctx.fail("logits must have rank >= 1");
  return dispatchFloat(ctx, t.getElementType(), "Softmax", [&](auto zero) {
    using T = decltype(zero);
    FailureOr<DenseResult<T>> r =
        startDense<T>(ctx, t.getElementType(), t.getShape());
    if (failed(r))
      return failure();
    int64_t depth = t.getShape().back();
    if (r->builder.size() == 0 || depth == 0)
      return setSingleResult(ctx, takeDense(*r));
    FailureOr<DenseValues<T>> v = readDense<T>(ctx, t);
    if (failed(v))
      return failure();
    int64_t rows = v->size / depth;
    forEachRowChunk(ctx.getContext(), rows, 16384 / depth + 1,
                    [&](int64_t r0, int64_t r1) {
                      for (int64_t row = r0; row < r1; ++row) {
                        const T *in = v->data + row * depth;
                        T *out = r->data + row * depth;
                        T max = in[0];
                        for (int64_t i = 1; i < depth; ++i)
                          max = in[i] > max ? in[i] : max;
                        T sum = 0;
                        for (int64_t i = 0; i < depth; ++i) {
                          out[i] = std::exp(in[i] - max);
                          sum += out[i];
                        }
                        if (isLog) {
                          T logSum = std::log(sum);
                          for (int64_t i = 0; i < depth; ++i)
                            out[i] = in[i] - max - logSum;
                        } else {
                          for (int64_t i = 0; i < depth; ++i)
                            out[i] /= sum;
                        }
                      }
                    });
    return setSingleResult(ctx, takeDense(*r));
  });
}

/// y = x * scale[c] + shift[c] with c the channel (the last dimension, or
/// dimension 1 when `channelFirst`), into a new result; then `post`, which
/// acts elementwise (an addend of x's layout, an activation).
template <typename T>
static FailureOr<HostTensor>
scaleShift(EvalContext &ctx, const HostTensor &x, const Epilogue<T> &e,
           int64_t channels, bool channelFirst, const Epilogue<T> &post = {}) {
  FailureOr<DenseResult<T>> r =
      startDense<T>(ctx, x.getElementType(), x.getShape());
  if (failed(r))
    return failure();
  if (r->builder.size() == 0)
    return takeDense(*r);
  FailureOr<DenseValues<T>> v = readDense<T>(ctx, x);
  if (failed(v))
    return failure();
  std::copy(v->data, v->data + v->size, r->data);
  if (!channelFirst) {
    applyEpilogue(ctx.getContext(), e, r->data, v->size / channels, channels);
    applyEpilogue(ctx.getContext(), post, r->data, v->size / channels,
                  channels);
    return takeDense(*r);
  }
  int64_t inner = v->size / x.getShape()[0] / channels;
  int64_t planes = x.getShape()[0] * channels;
  forEachRowChunk(ctx.getContext(), planes,
                  16384 / std::max<int64_t>(inner, 1) + 1,
                  [&](int64_t p0, int64_t p1) {
                    for (int64_t p = p0; p < p1; ++p) {
                      int64_t c = p % channels;
                      T s = e.scale.empty() ? T(1) : e.scale[c];
                      T b = e.shift.empty() ? T(0) : e.shift[c];
                      T *d = r->data + p * inner;
                      for (int64_t i = 0; i < inner; ++i)
                        d[i] = d[i] * s + b;
                    }
                  });
  // `post` is elementwise: any [rows, columns] view of the tensor works.
  applyEpilogue(ctx.getContext(), post, r->data, v->size / inner, inner);
  return takeDense(*r);
}

/// Operand `i`'s values as doubles, which must number `channels`.
static FailureOr<std::vector<double>>
readVector(EvalContext &ctx, unsigned i, int64_t channels, StringRef what) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  if (getComputeKind((*t)->getElementType()) == ComputeKind::None ||
      (*t)->getRank() != 1 || (*t)->getNumElements() != channels)
    return ctx.fail(what + " must be a float vector of " +
                    std::to_string(channels) + " elements, not " +
                    formatShape((*t)->getShape()));
  std::vector<double> v(static_cast<size_t>(channels));
  for (int64_t c = 0; c < channels; ++c)
    v[c] = (*t)->getDouble(c);
  return v;
}

static LogicalResult biasAddV1Kernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  if (x.getRank() < 2)
    return ctx.fail("value must have rank >= 2");
  int64_t channels = x.getShape().back();
  if ((*ops)[1]->getElementType() != x.getElementType())
    return ctx.fail("value and bias must have one element type");
  FailureOr<std::vector<double>> bias = readVector(ctx, 1, channels, "bias");
  if (failed(bias))
    return failure();
  return dispatchFloat(ctx, x.getElementType(), "BiasAddV1", [&](auto zero) {
    using T = decltype(zero);
    Epilogue<T> e;
    e.shift.assign(bias->begin(), bias->end());
    FailureOr<HostTensor> y = scaleShift(ctx, x, e, channels, false);
    if (failed(y))
      return failure();
    return setSingleResult(ctx, std::move(*y));
  });
}

/// The per-channel mean and biased variance of `x` over every dimension
/// but the channel one (the last, or dimension 1 when `channelFirst`), in
/// double, two passes; NaN when x has no element per channel (0 / 0).
static FailureOr<std::pair<std::vector<double>, std::vector<double>>>
batchMoments(EvalContext &ctx, const HostTensor &x, int64_t channels,
             bool channelFirst) {
  std::vector<double> mean(static_cast<size_t>(channels), 0.0);
  std::vector<double> var(static_cast<size_t>(channels), 0.0);
  if (channels == 0)
    return std::make_pair(std::move(mean), std::move(var));
  FailureOr<DenseValues<double>> v = readDense<double>(ctx, x);
  if (failed(v))
    return failure();
  int64_t rest = v->size / channels;
  // Element i's channel: NHWC (i % channels), NCHW ((i / inner) %
  // channels).
  int64_t inner = channelFirst && x.getShape()[0] > 0
                      ? v->size / x.getShape()[0] / channels
                      : 1;
  auto channelOf = [&](int64_t i) {
    return channelFirst ? (i / inner) % channels : i % channels;
  };
  for (int64_t i = 0; i < v->size; ++i)
    mean[channelOf(i)] += v->data[i];
  for (double &m : mean)
    m /= static_cast<double>(rest);
  for (int64_t i = 0; i < v->size; ++i) {
    double d = v->data[i] - mean[channelOf(i)];
    var[channelOf(i)] += d * d;
  }
  for (double &s : var)
    s /= static_cast<double>(rest);
  return std::make_pair(std::move(mean), std::move(var));
}

/// FusedBatchNorm (version 1, also V2), V3 (3) and Grappler's
/// _FusedBatchNormEx (4: then a side input, num_side_inputs 0 or 1, and
/// activation_mode Identity, Relu, Relu6 or Elu).
template <int version>
static LogicalResult fusedBatchNormKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 5);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0];
  const HostTensor *side = nullptr;
  Activation activation = Activation::None;
  if (version == 4) {
    FailureOr<int64_t> sides = readIntAttr(ctx, "num_side_inputs", 0);
    FailureOr<std::string> mode =
        readStringAttr(ctx, "activation_mode", "Identity");
    if (failed(sides) || failed(mode))
      return failure();
    if (*sides < 0 || *sides > 1 || ctx.getNumOperands() != 5 + *sides)
      return ctx.fail("num_side_inputs must be 0 or 1 and match the operands");
    if (*sides == 1) {
      FailureOr<const HostTensor *> t = getOperand(ctx, 5);
      if (failed(t))
        return failure();
      if ((*t)->getShape() != x.getShape() ||
          (*t)->getElementType() != x.getElementType())
        return ctx.fail("side_input must have x's type and shape");
      side = *t;
    }
    if (*mode == "Relu")
      activation = Activation::Relu;
    else if (*mode == "Relu6")
      activation = Activation::Relu6;
    else if (*mode == "Elu")
      activation = Activation::Elu;
    else if (*mode != "Identity")
      return ctx.fail("unsupported activation_mode '" + *mode + "'");
  }
  FailureOr<bool> training = readBoolAttr(ctx, "is_training", true);
  FailureOr<double> epsilon = readFloatAttr(ctx, "epsilon", 0.0001);
  FailureOr<double> factor = readFloatAttr(ctx, "exponential_avg_factor", 1.0);
  FailureOr<std::string> format = readStringAttr(ctx, "data_format", "NHWC");
  if (failed(training) || failed(epsilon) || failed(factor) || failed(format))
    return failure();
  bool channelFirst;
  if (*format == "NHWC" || *format == "NDHWC")
    channelFirst = false;
  else if (*format == "NCHW" || *format == "NCDHW")
    channelFirst = true;
  else
    return ctx.fail("unsupported data_format '" + *format + "'");
  int64_t rank = format->size();
  if (x.getRank() != rank)
    return ctx.fail("x must have rank " + std::to_string(rank) + ", not " +
                    formatShape(x.getShape()));
  int64_t channels = x.getShape()[channelFirst ? 1 : rank - 1];
  if (channels > ctx.getMaxElements())
    return ctx.fail("x has " + std::to_string(channels) +
                    " channels, more than the bound of " +
                    std::to_string(ctx.getMaxElements()));
  // Training with an exponential_avg_factor of 1 ignores mean and
  // variance (TensorFlow wants them empty).
  bool runningInputs = !*training || *factor != 1.0;
  std::vector<double> v[4];
  const char *names[] = {"scale", "offset", "mean", "variance"};
  for (int k = 0; k < 4; ++k) {
    if (k >= 2 && !runningInputs)
      continue;
    FailureOr<std::vector<double>> c =
        readVector(ctx, k + 1, channels, names[k]);
    if (failed(c))
      return failure();
    v[k] = std::move(*c);
  }
  // Training: normalize with the batch's moments; batch_mean and
  // batch_variance are the batch mean and the Bessel-corrected variance
  // (n / (n - 1), n the elements per channel; 1 when n <= 1), mixed into
  // the running mean and variance as (1 - f) * running + f * batch when
  // f != 1; the reserve spaces hold the batch mean and biased variance.
  std::vector<double> stats[4];
  if (*training) {
    if (failed(checkOperandElements(ctx, x, "x")))
      return failure();
    auto moments = batchMoments(ctx, x, channels, channelFirst);
    if (failed(moments))
      return failure();
    int64_t n = channels > 0 ? x.getNumElements() / channels : 0;
    double bessel = n > 1 ? double(n) / double(n - 1) : 1.0;
    double f = *factor;
    stats[0] = moments->first;
    stats[1] = moments->second;
    stats[2] = moments->first;
    stats[3] = moments->second;
    for (int64_t c = 0; c < channels; ++c) {
      stats[1][c] *= bessel;
      if (runningInputs) {
        stats[0][c] = (1 - f) * v[2][c] + f * stats[0][c];
        stats[1][c] = (1 - f) * v[3][c] + f * stats[1][c];
      }
    }
    v[2] = moments->first;
    v[3] = moments->second;
  }
  return dispatchFloat(
      ctx, x.getElementType(), "FusedBatchNorm",
      [&](auto zero) -> LogicalResult {
        using T = decltype(zero);
        Epilogue<T> e;
        e.scale.resize(channels);
        e.shift.resize(channels);
        for (int64_t c = 0; c < channels; ++c) {
          double s = v[0][c] / std::sqrt(v[3][c] + *epsilon);
          e.scale[c] = static_cast<T>(s);
          e.shift[c] = static_cast<T>(v[1][c] - v[2][c] * s);
        }
        Epilogue<T> post;
        post.activation = activation;
        if (side) {
          FailureOr<DenseValues<T>> sv = readDense<T>(ctx, *side);
          if (failed(sv))
            return failure();
          post.addend.assign(sv->data, sv->data + sv->size);
        }
        FailureOr<HostTensor> y =
            scaleShift(ctx, x, e, channels, channelFirst, post);
        if (failed(y))
          return failure();
        ctx.results.clear();
        ctx.hostResults.clear();
        ctx.hostResults.push_back(std::move(*y));
        // batch_mean, batch_variance, reserve_space_1, reserve_space_2.
        for (unsigned k = 0; k < 4; ++k) {
          if (!*training) {
            ctx.hostResults.push_back(*(*ops)[k % 2 ? 4 : 3]);
            continue;
          }
          llvm::Expected<HostTensor> t =
              HostTensor::create((*ops)[1]->getElementType(), {channels});
          if (!t)
            return ctx.fail(llvm::toString(t.takeError()));
          for (int64_t c = 0; c < channels; ++c)
            t->setDouble(c, stats[k][c]);
          ctx.hostResults.push_back(std::move(*t));
        }
        if (version >= 3) {
          llvm::Expected<HostTensor> empty =
              HostTensor::create((*ops)[3]->getElementType(), {0});
          if (!empty)
            return ctx.fail(llvm::toString(empty.takeError()));
          ctx.hostResults.push_back(std::move(*empty));
        }
        return success();
      });
}

static LogicalResult preluKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &x = *(*ops)[0], &alpha = *(*ops)[1];
  if (x.getElementType() != alpha.getElementType())
    return ctx.fail("x and alpha must have one element type");
  FailureOr<Broadcast> bc =
      broadcastShapes(ctx, {x.getShape(), alpha.getShape()});
  if (failed(bc))
    return failure();
  return dispatchFloat(ctx, x.getElementType(), "Prelu", [&](auto zero) {
    using T = decltype(zero);
    FailureOr<DenseResult<T>> r =
        startDense<T>(ctx, x.getElementType(), bc->shape);
    if (failed(r))
      return failure();
    if (r->builder.size() == 0)
      return setSingleResult(ctx, takeDense(*r));
    FailureOr<DenseValues<T>> xv = readDense<T>(ctx, x);
    FailureOr<DenseValues<T>> av = readDense<T>(ctx, alpha);
    if (failed(xv) || failed(av))
      return failure();
    // alpha usually spans x's trailing dimensions: index i % size.
    ArrayRef<int64_t> as = alpha.getShape();
    while (!as.empty() && as.front() == 1)
      as = as.drop_front();
    bool trailing = bc->identity[0] && av->size > 0 &&
                    x.getShape().take_back(as.size()) == as;
    int64_t n = r->builder.size();
    forEachRowChunk(ctx.getContext(), n, 65536, [&](int64_t i0, int64_t i1) {
      for (int64_t i = i0; i < i1; ++i) {
        T v = xv->data[bc->operandIndex(0, i)];
        T a = av->data[trailing ? i % av->size : bc->operandIndex(1, i)];
        r->data[i] = v < T(0) ? a * v : v;
      }
    });
    return setSingleResult(ctx, takeDense(*r));
  });
}

static LogicalResult lrnKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  const HostTensor &t = **x;
  if (t.getRank() != 4)
    return ctx.fail("LRN input must be rank 4, not " +
                    formatShape(t.getShape()));
  FailureOr<int64_t> radius = readIntAttr(ctx, "depth_radius", 5);
  FailureOr<double> bias = readFloatAttr(ctx, "bias", 1.0);
  FailureOr<double> alpha = readFloatAttr(ctx, "alpha", 1.0);
  FailureOr<double> beta = readFloatAttr(ctx, "beta", 0.5);
  if (failed(radius) || failed(bias) || failed(alpha) || failed(beta))
    return failure();
  if (*radius < 0 || *radius > (int64_t(1) << 30))
    return ctx.fail("depth_radius out of range");
  return dispatchFloat(ctx, t.getElementType(), "LRN", [&](auto zero) {
    using T = decltype(zero);
    FailureOr<DenseResult<T>> r =
        startDense<T>(ctx, t.getElementType(), t.getShape());
    if (failed(r))
      return failure();
    int64_t depth = t.getShape().back();
    if (r->builder.size() == 0)
      return setSingleResult(ctx, takeDense(*r));
    FailureOr<DenseValues<T>> v = readDense<T>(ctx, t);
    if (failed(v))
      return failure();
    int64_t rows = v->size / depth;
    forEachRowChunk(
        ctx.getContext(), rows, 4096 / depth + 1, [&](int64_t r0, int64_t r1) {
          for (int64_t row = r0; row < r1; ++row) {
            const T *in = v->data + row * depth;
            T *out = r->data + row * depth;
            for (int64_t c = 0; c < depth; ++c) {
              int64_t lo = std::max<int64_t>(0, c - *radius);
              int64_t hi = std::min<int64_t>(depth - 1, c + *radius);
              double sum = 0;
              for (int64_t q = lo; q <= hi; ++q)
                sum += double(in[q]) * in[q];
              out[c] =
                  static_cast<T>(in[c] / std::pow(*bias + *alpha * sum, *beta));
            }
          }
        });
    return setSingleResult(ctx, takeDense(*r));
  });
}

static LogicalResult l2LossKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> x = getOperand(ctx, 0);
  if (failed(x))
    return failure();
  const HostTensor &t = **x;
  if (getComputeKind(t.getElementType()) == ComputeKind::None)
    return ctx.fail("L2Loss takes float tensors");
  double sum = 0;
  if (t.isSplat()) {
    double v = t.getDouble(0);
    sum = v * v * static_cast<double>(t.getNumElements());
  } else {
    for (int64_t i = 0, e = t.getNumElements(); i < e; ++i) {
      double v = t.getDouble(i);
      sum += v * v;
    }
  }
  FailureOr<ResultBuilder> r = startResult(ctx, t.getElementType(), {}, false);
  if (failed(r))
    return failure();
  r->tensor.setDouble(0, sum / 2);
  return finishResult(ctx, std::move(*r));
}

void mlir::tfg::addNNKernels(EvalKernelTable &table) {
  addKernels(table, {"Softmax"}, softmaxKernel<false>);
  addKernels(table, {"LogSoftmax"}, softmaxKernel<true>);
  addKernels(table, {"BiasAddV1"}, biasAddV1Kernel);
  addKernels(table, {"FusedBatchNorm", "FusedBatchNormV2"},
             fusedBatchNormKernel<1>);
  addKernels(table, {"FusedBatchNormV3"}, fusedBatchNormKernel<3>);
  addKernels(table, {"_FusedBatchNormEx"}, fusedBatchNormKernel<4>);
  addKernels(table, {"Prelu"}, preluKernel);
  addKernels(table, {"LRN"}, lrnKernel);
  addKernels(table, {"L2Loss"}, l2LossKernel);
}
