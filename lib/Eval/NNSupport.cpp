//===- NNSupport.cpp - Shared helpers of the nn kernels -------------------===//
//
// Dense float views and results, the attributes and output geometry of
// windowed ops (TensorFlow's GetWindowedOutputSize: SAME gives
// ceil(in / stride) with the padding's smaller half before, VALID none,
// EXPLICIT the given pairs), NCHW <-> NHWC moves, and the fused epilogues
// (BiasAdd or FusedBatchNorm in inference form, Add, then Relu, Relu6,
// Elu, LeakyRelu, Sigmoid, Tanh, Prelu, GeluExact, GeluApproximate or
// _MklSwish) of _FusedConv2D, _FusedDepthwiseConv2dNative, _FusedMatMul,
// _FusedConv3D and TF.js's
// FusedConv2D / FusedDepthwiseConv2dNative.
//
//===----------------------------------------------------------------------===//

#include "NNSupport.h"

#include "mlir/IR/Threading.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <type_traits>

using namespace mlir;
using namespace mlir::tfg;

FailureOr<int64_t> mlir::tfg::readIntAttr(EvalContext &ctx, StringRef name,
                                          int64_t def) {
  Attribute attr = ctx.getAttr(name);
  if (!attr)
    return def;
  auto i = dyn_cast<IntegerAttr>(attr);
  if (!i)
    return ctx.fail("attribute '" + name + "' must be an int");
  return i.getValue().getSExtValue();
}

FailureOr<double> mlir::tfg::readFloatAttr(EvalContext &ctx, StringRef name,
                                           double def) {
  Attribute attr = ctx.getAttr(name);
  if (!attr)
    return def;
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return static_cast<double>(i.getValue().getSExtValue());
  return ctx.fail("attribute '" + name + "' must be a float");
}

FailureOr<bool> mlir::tfg::readBoolAttr(EvalContext &ctx, StringRef name,
                                        bool def) {
  Attribute attr = ctx.getAttr(name);
  if (!attr)
    return def;
  if (auto b = dyn_cast<BoolAttr>(attr))
    return b.getValue();
  return ctx.fail("attribute '" + name + "' must be a bool");
}

FailureOr<std::string>
mlir::tfg::readStringAttr(EvalContext &ctx, StringRef name, StringRef def) {
  Attribute attr = ctx.getAttr(name);
  if (!attr)
    return def.str();
  if (auto s = dyn_cast<StringAttr>(attr))
    return s.getValue().str();
  return ctx.fail("attribute '" + name + "' must be a string");
}

FailureOr<SmallVector<int64_t, 8>>
mlir::tfg::getIntListAttr(EvalContext &ctx, StringRef name, size_t size,
                          ArrayRef<int64_t> def) {
  Attribute attr = ctx.getAttr(name);
  SmallVector<int64_t, 8> out;
  if (!attr) {
    if (def.empty() && size != 0)
      return ctx.fail("missing attribute '" + name + "'");
    out.assign(def.begin(), def.end());
    return out;
  }
  if (auto dense = dyn_cast<DenseI64ArrayAttr>(attr)) {
    out.assign(dense.asArrayRef().begin(), dense.asArrayRef().end());
  } else if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute a : array) {
      auto i = dyn_cast<IntegerAttr>(a);
      if (!i)
        return ctx.fail("attribute '" + name + "' must be a list of ints");
      out.push_back(i.getValue().getSExtValue());
    }
  } else {
    return ctx.fail("attribute '" + name + "' must be a list of ints");
  }
  if (size != 0 && out.size() != size)
    return ctx.fail("attribute '" + name + "' must have " +
                    std::to_string(size) + " entries, not " +
                    std::to_string(out.size()));
  return out;
}

FailureOr<bool> mlir::tfg::getNCHW(EvalContext &ctx) {
  FailureOr<std::string> format = readStringAttr(ctx, "data_format", "NHWC");
  if (failed(format))
    return failure();
  if (*format == "NHWC")
    return false;
  if (*format == "NCHW")
    return true;
  return ctx.fail("unsupported data_format '" + *format + "'");
}

FailureOr<Padding> mlir::tfg::getPadding(EvalContext &ctx) {
  FailureOr<std::string> padding = readStringAttr(ctx, "padding", "");
  if (failed(padding))
    return failure();
  if (*padding == "SAME")
    return Padding::Same;
  if (*padding == "VALID")
    return Padding::Valid;
  if (*padding == "EXPLICIT")
    return Padding::Explicit;
  return ctx.fail("unsupported padding '" + *padding + "'");
}

LogicalResult mlir::tfg::computeWindow(EvalContext &ctx, WindowDim &dim,
                                       Padding padding, int64_t before,
                                       int64_t after) {
  constexpr int64_t kLimit = int64_t(1) << 48;
  if (dim.stride < 1 || dim.dilation < 1)
    return ctx.fail("strides and dilations must be positive");
  if (dim.size < 1)
    return ctx.fail("window sizes must be positive");
  if (dim.stride > kLimit || dim.dilation > kLimit || dim.size > kLimit ||
      before < 0 || after < 0 || before > kLimit || after > kLimit)
    return ctx.fail("window attribute out of range");
  int64_t effective;
  if (llvm::MulOverflow(dim.size - 1, dim.dilation, effective) ||
      effective >= kLimit)
    return ctx.fail("dilated window size overflows");
  effective += 1;
  int64_t numerator = 0;
  switch (padding) {
  case Padding::Valid:
    numerator = dim.in - effective + dim.stride;
    dim.padBefore = 0;
    break;
  case Padding::Explicit:
    numerator = dim.in + before + after - effective + dim.stride;
    dim.padBefore = before;
    break;
  case Padding::Same: {
    dim.out = (dim.in + dim.stride - 1) / dim.stride;
    int64_t needed = std::max<int64_t>(
        0, (dim.out > 0 ? dim.out - 1 : 0) * dim.stride + effective - dim.in);
    dim.padBefore = needed / 2;
    return success();
  }
  }
  if (numerator < 0)
    return ctx.fail("computed output size would be negative (input " +
                    std::to_string(dim.in) + ", window " +
                    std::to_string(effective) + ")");
  dim.out = numerator / dim.stride;
  return success();
}

FailureOr<Window2D> mlir::tfg::getWindow2D(EvalContext &ctx,
                                           ArrayRef<int64_t> shape, int64_t kh,
                                           int64_t kw,
                                           ArrayRef<int64_t> strides,
                                           bool withDilations) {
  Window2D win;
  FailureOr<bool> nchw = getNCHW(ctx);
  if (failed(nchw))
    return failure();
  win.nchw = *nchw;
  if (shape.size() != 4)
    return ctx.fail("input must be rank 4, not " + formatShape(shape));
  int hIdx = win.nchw ? 2 : 1, wIdx = win.nchw ? 3 : 2, cIdx = win.nchw ? 1 : 3;
  if (strides.size() != 4 || strides[0] != 1 || strides[cIdx] != 1)
    return ctx.fail("strides must have 4 entries, 1 in the batch and depth "
                    "dimensions");
  SmallVector<int64_t, 8> dilations{1, 1, 1, 1};
  if (withDilations) {
    FailureOr<SmallVector<int64_t, 8>> d =
        getIntListAttr(ctx, "dilations", 4, {1, 1, 1, 1});
    if (failed(d))
      return failure();
    dilations = *d;
    if (dilations[0] != 1 || dilations[cIdx] != 1)
      return ctx.fail("dilations in the batch and depth dimensions must be 1");
  }
  FailureOr<Padding> padding = getPadding(ctx);
  if (failed(padding))
    return failure();
  SmallVector<int64_t, 8> explicitPads(8, 0);
  if (*padding == Padding::Explicit) {
    FailureOr<SmallVector<int64_t, 8>> pads =
        getIntListAttr(ctx, "explicit_paddings", 8, {});
    if (failed(pads))
      return failure();
    explicitPads = *pads;
    if (explicitPads[0] || explicitPads[1] || explicitPads[2 * cIdx] ||
        explicitPads[2 * cIdx + 1])
      return ctx.fail("explicit padding of the batch and depth dimensions "
                      "must be 0");
  }
  win.batch = shape[0];
  win.channels = shape[cIdx];
  win.h = {shape[hIdx], kh, strides[hIdx], dilations[hIdx], 0, 0};
  win.w = {shape[wIdx], kw, strides[wIdx], dilations[wIdx], 0, 0};
  if (failed(computeWindow(ctx, win.h, *padding, explicitPads[2 * hIdx],
                           explicitPads[2 * hIdx + 1])) ||
      failed(computeWindow(ctx, win.w, *padding, explicitPads[2 * wIdx],
                           explicitPads[2 * wIdx + 1])))
    return failure();
  return win;
}

FailureOr<int64_t> mlir::tfg::checkedProduct(EvalContext &ctx,
                                             ArrayRef<int64_t> sizes,
                                             StringRef what) {
  int64_t n = 1;
  for (int64_t s : sizes)
    if (s < 0 || llvm::MulOverflow(n, s, n))
      return ctx.fail(what + " overflows");
  return n;
}

/// Operand `index` as a per-channel vector of `channels` values (a single
/// value is repeated when `allowOne`).
template <typename T>
static FailureOr<std::vector<T>> readChannels(EvalContext &ctx, unsigned index,
                                              int64_t channels, StringRef what,
                                              bool allowOne) {
  FailureOr<const HostTensor *> t = getOperand(ctx, index);
  if (failed(t))
    return failure();
  int64_t n = (*t)->getNumElements();
  if (n != channels && !(allowOne && n == 1))
    return ctx.fail(what + " has " + std::to_string(n) +
                    " elements; expected " + std::to_string(channels));
  std::vector<T> v(static_cast<size_t>(channels));
  for (int64_t c = 0; c < channels; ++c)
    v[c] = static_cast<T>((*t)->getDouble(n == 1 ? 0 : c));
  return v;
}

template <typename T>
FailureOr<Epilogue<T>>
mlir::tfg::getFusedEpilogue(EvalContext &ctx, unsigned firstArg,
                            ArrayRef<int64_t> outShape, int64_t channels,
                            bool nchw) {
  Epilogue<T> e;
  SmallVector<std::string, 4> ops;
  if (Attribute attr = ctx.getAttr("fused_ops")) {
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array)
      return ctx.fail("fused_ops must be a list of strings");
    for (Attribute a : array) {
      auto s = dyn_cast<StringAttr>(a);
      if (!s)
        return ctx.fail("fused_ops must be a list of strings");
      ops.push_back(s.getValue().str());
    }
  }
  int64_t given = static_cast<int64_t>(ctx.getNumOperands()) - firstArg;
  FailureOr<int64_t> numArgs = readIntAttr(ctx, "num_args", given);
  FailureOr<double> epsilon = readFloatAttr(ctx, "epsilon", 0.0001);
  FailureOr<double> alpha = readFloatAttr(ctx, "leakyrelu_alpha", 0.2);
  if (failed(numArgs) || failed(epsilon) || failed(alpha))
    return failure();
  if (*numArgs != given || given < 0)
    return ctx.fail("num_args is " + std::to_string(*numArgs) + " but " +
                    std::to_string(std::max<int64_t>(given, 0)) +
                    " extra operands are given");
  e.alpha = static_cast<T>(*alpha);
  unsigned arg = firstArg;
  auto needArgs = [&](unsigned n, StringRef op) -> LogicalResult {
    if (arg + n > ctx.getNumOperands())
      return ctx.fail("fused op " + op + " needs " + std::to_string(n) +
                      " more operands");
    return success();
  };
  size_t i = 0;
  if (i < ops.size() && ops[i] == "BiasAdd") {
    if (failed(needArgs(1, "BiasAdd")))
      return failure();
    FailureOr<std::vector<T>> bias =
        readChannels<T>(ctx, arg++, channels, "bias", false);
    if (failed(bias))
      return failure();
    e.shift = std::move(*bias);
    ++i;
  } else if (i < ops.size() && ops[i] == "FusedBatchNorm") {
    if (failed(needArgs(4, "FusedBatchNorm")))
      return failure();
    std::vector<T> v[4];
    const char *names[] = {"scale", "offset", "mean", "variance"};
    for (int k = 0; k < 4; ++k) {
      FailureOr<std::vector<T>> c =
          readChannels<T>(ctx, arg++, channels, names[k], false);
      if (failed(c))
        return failure();
      v[k] = std::move(*c);
    }
    e.scale.resize(channels);
    e.shift.resize(channels);
    for (int64_t c = 0; c < channels; ++c) {
      double s = double(v[0][c]) / std::sqrt(double(v[3][c]) + *epsilon);
      e.scale[c] = static_cast<T>(s);
      e.shift[c] = static_cast<T>(double(v[1][c]) - double(v[2][c]) * s);
    }
    ++i;
  }
  if (i < ops.size() && (ops[i] == "Add" || ops[i] == "AddV2")) {
    if (failed(needArgs(1, ops[i])))
      return failure();
    FailureOr<const HostTensor *> t = getOperand(ctx, arg++);
    if (failed(t))
      return failure();
    if ((*t)->getShape() != outShape)
      return ctx.fail("the addend of fused Add has shape " +
                      formatShape((*t)->getShape()) + "; expected " +
                      formatShape(outShape));
    FailureOr<DenseValues<T>> add = readDense<T>(ctx, **t);
    if (failed(add))
      return failure();
    e.addend.resize(static_cast<size_t>(add->size));
    if (nchw && !outShape.empty())
      nchwToNhwc(add->data, e.addend.data(), outShape[0], channels,
                 channels
                     ? add->size / std::max<int64_t>(outShape[0], 1) / channels
                     : 0);
    else
      std::copy(add->data, add->data + add->size, e.addend.begin());
    ++i;
  }
  if (i < ops.size()) {
    static const std::pair<const char *, Activation> kActivations[] = {
        {"Relu", Activation::Relu},
        {"Relu6", Activation::Relu6},
        {"Elu", Activation::Elu},
        {"LeakyRelu", Activation::LeakyRelu},
        {"Sigmoid", Activation::Sigmoid},
        {"Tanh", Activation::Tanh},
        {"Prelu", Activation::Prelu},
        {"GeluExact", Activation::GeluExact},
        {"GeluApproximate", Activation::GeluApproximate},
        {"_MklSwish", Activation::Swish}};
    for (auto [name, act] : kActivations)
      if (ops[i] == name)
        e.activation = act;
    if (e.activation != Activation::None) {
      if (e.activation == Activation::Prelu) {
        if (failed(needArgs(1, "Prelu")))
          return failure();
        FailureOr<std::vector<T>> alphas =
            readChannels<T>(ctx, arg++, channels, "Prelu alpha", true);
        if (failed(alphas))
          return failure();
        e.alphas = std::move(*alphas);
      }
      ++i;
    }
  }
  if (i < ops.size())
    return ctx.fail("unsupported fused op '" + ops[i] + "' in fused_ops");
  if (arg != ctx.getNumOperands())
    return ctx.fail("fused_ops use " + std::to_string(arg - firstArg) +
                    " extra operands but " + std::to_string(given) +
                    " are given");
  return e;
}

#define TFG_INSTANTIATE(T)                                                     \
  template FailureOr<Epilogue<T>> mlir::tfg::getFusedEpilogue(                 \
      EvalContext &, unsigned, ArrayRef<int64_t>, int64_t, bool);
TFG_INSTANTIATE(float)
TFG_INSTANTIATE(double)

FailureOr<SmallVector<int64_t, 4>> mlir::tfg::readShape(EvalContext &ctx,
                                                        const HostTensor &t,
                                                        StringRef what,
                                                        int64_t n) {
  if (t.getKind() != HostElementKind::Signed || t.getRank() != 1 ||
      t.getNumElements() != n)
    return ctx.fail(what + " must be an int vector of " + std::to_string(n) +
                    " elements");
  SmallVector<int64_t, 4> out;
  for (int64_t i = 0; i < n; ++i) {
    if (t.getInt(i) < 0)
      return ctx.fail(what + " must be non-negative");
    out.push_back(t.getInt(i));
  }
  return out;
}

LogicalResult mlir::tfg::checkFloat(EvalContext &ctx, const HostTensor &t,
                                    StringRef what) {
  if (t.getKind() != HostElementKind::Float)
    return ctx.fail(what + " must be a float tensor");
  return success();
}

LogicalResult mlir::tfg::pushResult(EvalContext &ctx, Type type,
                                    ArrayRef<int64_t> shape,
                                    ArrayRef<double> values) {
  FailureOr<HostTensor> out = createResult(ctx, type, shape);
  if (failed(out))
    return failure();
  for (auto [i, v] : llvm::enumerate(values))
    out->setDouble(static_cast<int64_t>(i), v);
  ctx.hostResults.push_back(std::move(*out));
  return success();
}

FailureOr<Window3DAttrs> mlir::tfg::getWindow3DAttrs(EvalContext &ctx,
                                                     StringRef sizesName) {
  static const int64_t ones[] = {1, 1, 1, 1, 1};
  bool pool = sizesName == "ksize";
  FailureOr<std::string> format = readStringAttr(ctx, "data_format", "NDHWC");
  FailureOr<SmallVector<int64_t, 8>> strides =
      getIntListAttr(ctx, "strides", 5, {});
  FailureOr<SmallVector<int64_t, 8>> sizes = getIntListAttr(
      ctx, sizesName, 5, pool ? ArrayRef<int64_t>() : ArrayRef<int64_t>(ones));
  FailureOr<Padding> padding = getPadding(ctx);
  if (failed(format) || failed(strides) || failed(sizes) || failed(padding))
    return failure();
  if (*format != "NDHWC" && *format != "NCDHW")
    return ctx.fail("unsupported data_format '" + *format + "'");
  if (*padding == Padding::Explicit)
    return ctx.fail(std::string(pool ? "3-D pooling" : "Conv3D") +
                    " does not take EXPLICIT padding");
  Window3DAttrs attrs;
  attrs.first = *format == "NCDHW";
  attrs.channelDim = attrs.first ? 1 : 4;
  attrs.spatialDim = attrs.first ? 2 : 1;
  int c = attrs.channelDim;
  if ((*strides)[0] != 1 || (*strides)[c] != 1 || (*sizes)[0] != 1 ||
      (*sizes)[c] != 1)
    return ctx.fail("strides and " + sizesName.str() +
                    " must be 1 in the batch and channel dimensions");
  attrs.strides = std::move(*strides);
  attrs.sizes = std::move(*sizes);
  attrs.padding = *padding;
  return attrs;
}
