//===- ImageKernels.cpp - Kernels of image resizing, cropping, color ------===//
//
// ResizeBilinear, ResizeNearestNeighbor and CropAndResize with TensorFlow's
// coordinate mapping, computed in float as its CPU kernels do (TF.js
// matches them):
// - scale = (in - 1) / (out - 1) when align_corners and out > 1, else
//   in / out (float). align_corners and half_pixel_centers together are an
//   error.
// - Bilinear: source coordinate x * scale, or (x + 0.5) * scale - 0.5 with
//   half_pixel_centers; lower = max(floor, 0), upper = min(ceil, in - 1),
//   lerp = coordinate - floor; top = tl + (tr - tl) * xl, bottom likewise,
//   result top + (bottom - top) * yl. The result is float32.
// - Nearest: source coordinate x * scale, or (x + 0.5) * scale with
//   half_pixel_centers; index = round-half-away (align_corners) or floor,
//   at most in - 1, and at least 0 with half_pixel_centers. The result has
//   the input's type.
// - CropAndResize: box (y1, x1, y2, x2) in normalized coordinates; for
//   crop size > 1, in_y = y1 * (H - 1) + y * (y2 - y1) * (H - 1) / (ch - 1),
//   else 0.5 * (y1 + y2) * (H - 1) (in double, as TF's 0.5 literal makes
//   it); a coordinate outside [0, H - 1] gives extrapolation_value;
//   bilinear as above with floor and ceil, nearest rounds half away from
//   zero. A box index outside [0, batch) is an error.
// - RGBToHSV and HSVToRGB: TensorFlow's per-pixel formulas (hue in [0, 1),
//   0 for grays; RGB from clamped |6h - k| ramps), in float (f64 in
//   double).
// - AdjustContrastv2: per image and channel, mean + factor * (x - mean),
//   in float; the mean is the sum (in double) times float(1 / (H * W)), so
//   it may differ from TensorFlow's pairwise float sum in the last bit.
// - AdjustHue and AdjustSaturation: per pixel, RGB to HSV as above, hue +
//   delta modulo 1 (in [0, 1)) or saturation * scale clamped to [0, 1],
//   then back to RGB, in float. TensorFlow's kernels use an equivalent
//   hexcone formula, so results may differ in the last bits.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "mlir/IR/Threading.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

/// The elements of `t` as float (a view for f32, a converted copy else).
namespace {
class FloatView {
public:
  explicit FloatView(const HostTensor &t) {
    if (t.getKind() == HostElementKind::Float &&
        t.getElementInfo().byteSize == 4 && !t.isSplat()) {
      view = t.data<float>();
      return;
    }
    copy.resize(t.getNumElements());
    for (int64_t i = 0, e = copy.size(); i < e; ++i)
      copy[i] = static_cast<float>(t.getKind() == HostElementKind::Unsigned
                                       ? static_cast<double>(t.getUInt(i))
                                       : t.getDouble(i));
    view = copy;
  }
  float operator[](int64_t i) const { return view[i]; }
  const float *data() const { return view.data(); }

private:
  ArrayRef<float> view;
  std::vector<float> copy;
};

/// The images operand and output size of a resize.
struct ResizeSpec {
  const HostTensor *images;
  int64_t batch, inH, inW, channels, outH, outW;
  float scaleH, scaleW;
  bool alignCorners, halfPixel;
};
} // namespace

static float getResizeScale(int64_t in, int64_t out, bool alignCorners) {
  return alignCorners && out > 1
             ? static_cast<float>(in - 1) / static_cast<float>(out - 1)
             : static_cast<float>(in) / static_cast<float>(out);
}

static FailureOr<ResizeSpec> getResizeSpec(EvalContext &ctx) {
  FailureOr<const HostTensor *> images = getOperand(ctx, 0);
  if (failed(images))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> size = getIntVector(ctx, 1, "size");
  if (failed(size))
    return failure();
  const HostTensor &in = **images;
  if (in.getRank() != 4)
    return ctx.fail("images must have rank 4");
  if (!isRealNumberTensor(in))
    return ctx.fail("images must hold real numbers");
  if (size->size() != 2 || (*size)[0] <= 0 || (*size)[1] <= 0)
    return ctx.fail("size must hold two positive values");
  ResizeSpec s;
  s.images = &in;
  s.batch = in.getShape()[0];
  s.inH = in.getShape()[1];
  s.inW = in.getShape()[2];
  s.channels = in.getShape()[3];
  s.outH = (*size)[0];
  s.outW = (*size)[1];
  s.alignCorners = getBoolAttr(ctx, "align_corners", false);
  s.halfPixel = getBoolAttr(ctx, "half_pixel_centers", false);
  if (s.alignCorners && s.halfPixel)
    return ctx.fail("if half_pixel_centers is true, align_corners must be "
                    "false");
  if (s.inH <= 0 || s.inW <= 0)
    return ctx.fail("the input's height and width must be positive");
  s.scaleH = getResizeScale(s.inH, s.outH, s.alignCorners);
  s.scaleW = getResizeScale(s.inW, s.outW, s.alignCorners);
  return s;
}

namespace {
/// Where output coordinate i reads in bilinear interpolation.
struct Interpolation {
  int64_t lower, upper;
  float lerp;
};
} // namespace

static std::vector<Interpolation>
getInterpolations(int64_t out, int64_t in, float scale, bool halfPixel) {
  std::vector<Interpolation> result(out);
  for (int64_t i = 0; i < out; ++i) {
    float x = halfPixel ? (static_cast<float>(i) + 0.5f) * scale - 0.5f
                        : static_cast<float>(i) * scale;
    float lo = std::floor(x);
    result[i].lower = std::max<int64_t>(static_cast<int64_t>(lo), 0);
    result[i].upper =
        std::min<int64_t>(static_cast<int64_t>(std::ceil(x)), in - 1);
    result[i].lerp = x - lo;
  }
  return result;
}

/// Runs `fn(row)` for rows [0, n), in parallel when the work is large.
template <typename Fn>
static void forEachRow(EvalContext &ctx, int64_t n, int64_t workPerRow, Fn fn) {
  if (n > 1 && n * workPerRow >= (int64_t(1) << 16)) {
    parallelFor(ctx.getContext(), 0, n, [&](size_t row) { fn(row); });
    return;
  }
  for (int64_t row = 0; row < n; ++row)
    fn(row);
}

static LogicalResult resizeBilinearKernel(EvalContext &ctx) {
  FailureOr<ResizeSpec> s = getResizeSpec(ctx);
  if (failed(s))
    return failure();
  FailureOr<HostTensor> out =
      createResult(ctx, Float32Type::get(ctx.getContext()),
                   {s->batch, s->outH, s->outW, s->channels});
  if (failed(out))
    return failure();
  FloatView in(*s->images);
  std::vector<Interpolation> ys =
      getInterpolations(s->outH, s->inH, s->scaleH, s->halfPixel);
  std::vector<Interpolation> xs =
      getInterpolations(s->outW, s->inW, s->scaleW, s->halfPixel);
  float *o = out->data<float>().data();
  const float *src = in.data();
  int64_t c = s->channels;
  forEachRow(ctx, s->batch * s->outH, s->outW * c, [&](int64_t row) {
    int64_t b = row / s->outH, y = row % s->outH;
    const Interpolation &iy = ys[y];
    const float *top = src + (b * s->inH + iy.lower) * s->inW * c;
    const float *bottom = src + (b * s->inH + iy.upper) * s->inW * c;
    float yl = iy.lerp;
    float *dst = o + row * s->outW * c;
    for (int64_t x = 0; x < s->outW; ++x, dst += c) {
      const Interpolation &ix = xs[x];
      const float *tl = top + ix.lower * c, *tr = top + ix.upper * c;
      const float *bl = bottom + ix.lower * c, *br = bottom + ix.upper * c;
      float xl = ix.lerp;
      for (int64_t k = 0; k < c; ++k) {
        float t = tl[k] + (tr[k] - tl[k]) * xl;
        float bo = bl[k] + (br[k] - bl[k]) * xl;
        dst[k] = t + (bo - t) * yl;
      }
    }
  });
  return setSingleResult(ctx, std::move(*out));
}

/// The source index of output coordinate i in nearest-neighbor resizing.
static int64_t nearestIndex(int64_t i, int64_t in, float scale,
                            bool alignCorners, bool halfPixel) {
  float x = halfPixel ? (static_cast<float>(i) + 0.5f) * scale
                      : static_cast<float>(i) * scale;
  int64_t index =
      static_cast<int64_t>(alignCorners ? std::round(x) : std::floor(x));
  index = std::min(index, in - 1);
  return halfPixel ? std::max<int64_t>(index, 0) : index;
}

static LogicalResult resizeNearestKernel(EvalContext &ctx) {
  FailureOr<ResizeSpec> s = getResizeSpec(ctx);
  if (failed(s))
    return failure();
  const HostTensor &in = *s->images;
  FailureOr<HostTensor> out = createResult(
      ctx, in.getElementType(), {s->batch, s->outH, s->outW, s->channels});
  if (failed(out))
    return failure();
  std::vector<int64_t> ys(s->outH), xs(s->outW);
  for (int64_t y = 0; y < s->outH; ++y)
    ys[y] = nearestIndex(y, s->inH, s->scaleH, s->alignCorners, s->halfPixel);
  for (int64_t x = 0; x < s->outW; ++x)
    xs[x] = nearestIndex(x, s->inW, s->scaleW, s->alignCorners, s->halfPixel);
  int64_t c = s->channels;
  forEachRow(ctx, s->batch * s->outH, s->outW * c, [&](int64_t row) {
    int64_t b = row / s->outH, y = row % s->outH;
    int64_t src = (b * s->inH + ys[y]) * s->inW * c;
    for (int64_t x = 0; x < s->outW; ++x)
      copyElements(in, src + xs[x] * c, *out, (row * s->outW + x) * c, c);
  });
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult cropAndResizeKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  FailureOr<SmallVector<int64_t, 4>> crop = getIntVector(ctx, 3, "crop_size");
  if (failed(crop))
    return failure();
  const HostTensor &image = *(*ops)[0], &boxes = *(*ops)[1],
                   &boxIndex = *(*ops)[2];
  if (image.getRank() != 4 || !isRealNumberTensor(image))
    return ctx.fail("image must be a rank-4 tensor of real numbers");
  int64_t batch = image.getShape()[0], h = image.getShape()[1],
          w = image.getShape()[2], depth = image.getShape()[3];
  if (h <= 0 || w <= 0)
    return ctx.fail("image dimensions must be positive");
  if (boxes.getKind() != HostElementKind::Float || boxes.getRank() != 2 ||
      boxes.getShape()[1] != 4)
    return ctx.fail("boxes must be a float tensor of shape [n, 4]");
  int64_t n = boxes.getShape()[0];
  if (!isIndexTensor(boxIndex) || boxIndex.getShape() != ArrayRef<int64_t>{n})
    return ctx.fail("box_ind must be an int vector of " + std::to_string(n) +
                    " elements");
  if (crop->size() != 2 || (*crop)[0] <= 0 || (*crop)[1] <= 0)
    return ctx.fail("crop_size must hold two positive values");
  std::string method = getStringAttr(ctx, "method", "bilinear");
  if (method != "bilinear" && method != "nearest")
    return ctx.fail("method must be bilinear or nearest");
  bool bilinear = method == "bilinear";
  float extrapolation =
      static_cast<float>(getFloatAttr(ctx, "extrapolation_value", 0.0));
  for (int64_t i = 0; i < n; ++i)
    if (boxIndex.getInt(i) < 0 || boxIndex.getInt(i) >= batch)
      return ctx.fail("box_ind[" + std::to_string(i) +
                      "] = " + std::to_string(boxIndex.getInt(i)) +
                      " is outside [0, " + std::to_string(batch) + ")");
  int64_t ch = (*crop)[0], cw = (*crop)[1];
  FailureOr<HostTensor> out =
      createResult(ctx, Float32Type::get(ctx.getContext()), {n, ch, cw, depth});
  if (failed(out))
    return failure();
  FloatView in(image), box(boxes);
  float *o = out->data<float>().data();
  auto pixel = [&](int64_t b, int64_t y, int64_t x, int64_t d) {
    return in[((b * h + y) * w + x) * depth + d];
  };
  forEachRow(ctx, n, ch * cw * depth, [&](int64_t i) {
    float y1 = box[4 * i], x1 = box[4 * i + 1], y2 = box[4 * i + 2],
          x2 = box[4 * i + 3];
    int64_t b = boxIndex.getInt(i);
    float hScale = ch > 1 ? (y2 - y1) * static_cast<float>(h - 1) /
                                static_cast<float>(ch - 1)
                          : 0.0f;
    float wScale = cw > 1 ? (x2 - x1) * static_cast<float>(w - 1) /
                                static_cast<float>(cw - 1)
                          : 0.0f;
    for (int64_t y = 0; y < ch; ++y) {
      float inY =
          ch > 1
              ? y1 * static_cast<float>(h - 1) + static_cast<float>(y) * hScale
              : static_cast<float>(0.5 * double(y1 + y2) * double(h - 1));
      float *row = o + ((i * ch + y) * cw) * depth;
      // Negated so that a NaN coordinate extrapolates too.
      if (!(inY >= 0 && inY <= static_cast<float>(h - 1))) {
        std::fill(row, row + cw * depth, extrapolation);
        continue;
      }
      int64_t top = static_cast<int64_t>(std::floor(inY)),
              bottom = static_cast<int64_t>(std::ceil(inY));
      float yLerp = inY - static_cast<float>(top);
      for (int64_t x = 0; x < cw; ++x) {
        float inX =
            cw > 1 ? x1 * static_cast<float>(w - 1) +
                         static_cast<float>(x) * wScale
                   : static_cast<float>(0.5 * double(x1 + x2) * double(w - 1));
        float *dst = row + x * depth;
        if (!(inX >= 0 && inX <= static_cast<float>(w - 1))) {
          std::fill(dst, dst + depth, extrapolation);
          continue;
        }
        if (!bilinear) {
          int64_t ny = static_cast<int64_t>(std::round(inY)),
                  nx = static_cast<int64_t>(std::round(inX));
          for (int64_t d = 0; d < depth; ++d)
            dst[d] = pixel(b, ny, nx, d);
          continue;
        }
        int64_t left = static_cast<int64_t>(std::floor(inX)),
                right = static_cast<int64_t>(std::ceil(inX));
        float xLerp = inX - static_cast<float>(left);
        for (int64_t d = 0; d < depth; ++d) {
          float tl = pixel(b, top, left, d), tr = pixel(b, top, right, d);
          float bl = pixel(b, bottom, left, d), br = pixel(b, bottom, right, d);
          float t = tl + (tr - tl) * xLerp;
          float bo = bl + (br - bl) * xLerp;
          dst[d] = t + (bo - t) * yLerp;
        }
      }
    }
  });
  return setSingleResult(ctx, std::move(*out));
}

/// RGB to HSV of one pixel in T, TensorFlow's formula.
template <typename T> static void rgbToHsv(const T *rgb, T *hsv) {
  T r = rgb[0], g = rgb[1], b = rgb[2];
  T v = std::max(std::max(r, g), b);
  T range = v - std::min(std::min(r, g), b);
  T s = v > T(0) ? range / v : T(0);
  T norm = (T(1) / range) * (T(1) / T(6));
  T h = r == v   ? norm * (g - b)
        : g == v ? norm * (b - r) + T(2) / T(6)
                 : norm * (r - g) + T(4) / T(6);
  h = range > T(0) ? h : T(0);
  h = h < T(0) ? h + T(1) : h;
  hsv[0] = h;
  hsv[1] = s;
  hsv[2] = v;
}

/// HSV to RGB of one pixel in T, TensorFlow's formula.
template <typename T> static void hsvToRgb(const T *hsv, T *rgb) {
  T h = hsv[0], s = hsv[1], v = hsv[2];
  T dh = h * T(6);
  auto clamp01 = [](T x) { return std::min(std::max(x, T(0)), T(1)); };
  T dr = clamp01(std::abs(dh - T(3)) - T(1));
  T dg = clamp01(-std::abs(dh - T(2)) + T(2));
  T db = clamp01(-std::abs(dh - T(4)) + T(2));
  T oneMinusS = -s + T(1);
  rgb[0] = (oneMinusS + s * dr) * v;
  rgb[1] = (oneMinusS + s * dg) * v;
  rgb[2] = (oneMinusS + s * db) * v;
}

/// RGBToHSV (`toHsv`) or HSVToRGB on the last dimension (3) of a float
/// tensor: f64 in double, other floats in float.
template <bool toHsv> static LogicalResult colorKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  const HostTensor &t = **in;
  if (t.getKind() != HostElementKind::Float || t.getRank() < 1 ||
      t.getShape().back() != 3)
    return ctx.fail("the input must be floats with a last dimension of 3");
  FailureOr<HostTensor> out =
      createResult(ctx, t.getElementType(), t.getShape());
  if (failed(out))
    return failure();
  int64_t pixels = t.getNumElements() / 3;
  for (int64_t p = 0; p < pixels; ++p) {
    if (t.getElementInfo().byteSize == 8) {
      double a[3] = {t.getDouble(3 * p), t.getDouble(3 * p + 1),
                     t.getDouble(3 * p + 2)};
      double r[3];
      toHsv ? rgbToHsv(a, r) : hsvToRgb(a, r);
      for (int k = 0; k < 3; ++k)
        out->setDouble(3 * p + k, r[k]);
      continue;
    }
    float a[3] = {static_cast<float>(t.getDouble(3 * p)),
                  static_cast<float>(t.getDouble(3 * p + 1)),
                  static_cast<float>(t.getDouble(3 * p + 2))};
    float r[3];
    toHsv ? rgbToHsv(a, r) : hsvToRgb(a, r);
    for (int k = 0; k < 3; ++k)
      out->setDouble(3 * p + k, r[k]);
  }
  return setSingleResult(ctx, std::move(*out));
}

/// AdjustHue (`isHue`: hue + delta modulo 1) or AdjustSaturation
/// (saturation * scale clamped to [0, 1]) of images [..., 3] (rank 3 or
/// more) by a float scalar: RGB to HSV, the adjustment, HSV to RGB, in
/// float.
template <bool isHue> static LogicalResult adjustHsvKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &images = *(*ops)[0], &amount = *(*ops)[1];
  if (images.getKind() != HostElementKind::Float || images.getRank() < 3 ||
      images.getShape().back() != 3)
    return ctx.fail("images must be floats of rank 3 or more with a last "
                    "dimension of 3, not " +
                    formatShape(images.getShape()));
  if (amount.getKind() != HostElementKind::Float || amount.getRank() != 0)
    return ctx.fail(std::string(isHue ? "delta" : "scale") +
                    " must be a float scalar");
  if (failed(checkOperandElements(ctx, images, "images")))
    return failure();
  FailureOr<HostTensor> out =
      createResult(ctx, images.getElementType(), images.getShape());
  if (failed(out))
    return failure();
  FloatView in(images);
  float a = static_cast<float>(amount.getDouble(0));
  int64_t pixels = images.getNumElements() / 3;
  for (int64_t p = 0; p < pixels; ++p) {
    float hsv[3], rgb[3];
    rgbToHsv(in.data() + 3 * p, hsv);
    if (isHue) {
      float h = std::fmod(hsv[0] + a, 1.0f);
      hsv[0] = h < 0.0f ? h + 1.0f : h;
    } else {
      hsv[1] = std::min(std::max(hsv[1] * a, 0.0f), 1.0f);
    }
    hsvToRgb(hsv, rgb);
    for (int k = 0; k < 3; ++k)
      out->setDouble(3 * p + k, rgb[k]);
  }
  return setSingleResult(ctx, std::move(*out));
}

static LogicalResult adjustContrastKernel(EvalContext &ctx) {
  FailureOr<SmallVector<const HostTensor *, 4>> ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &images = *(*ops)[0], &factor = *(*ops)[1];
  if (images.getKind() != HostElementKind::Float || images.getRank() < 3)
    return ctx.fail("images must be floats of rank 3 or more");
  if (factor.getKind() != HostElementKind::Float ||
      factor.getNumElements() != 1 || factor.getRank() != 0)
    return ctx.fail("contrast_factor must be a float scalar");
  ArrayRef<int64_t> shape = images.getShape();
  int64_t rank = shape.size();
  int64_t channels = shape[rank - 1], size = shape[rank - 2] * shape[rank - 3];
  int64_t batch = getSubSize(shape, 0, rank - 3);
  FailureOr<HostTensor> out = createResult(ctx, images.getElementType(), shape);
  if (failed(out))
    return failure();
  FloatView in(images);
  float f = static_cast<float>(factor.getDouble(0));
  float scale = 1.0f / static_cast<float>(size);
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t c = 0; c < channels; ++c) {
      int64_t base = b * size * channels + c;
      double sum = 0;
      for (int64_t i = 0; i < size; ++i)
        sum += in[base + i * channels];
      float mean = static_cast<float>(sum) * scale;
      for (int64_t i = 0; i < size; ++i) {
        float x = in[base + i * channels];
        out->setDouble(base + i * channels, mean + f * (x - mean));
      }
    }
  }
  return setSingleResult(ctx, std::move(*out));
}

void mlir::tfg::addImageKernels(EvalKernelTable &table) {
  addKernels(table, {"RGBToHSV"}, colorKernel<true>);
  addKernels(table, {"HSVToRGB"}, colorKernel<false>);
  addKernels(table, {"AdjustContrastv2"}, adjustContrastKernel);
  addKernels(table, {"AdjustHue"}, adjustHsvKernel<true>);
  addKernels(table, {"AdjustSaturation"}, adjustHsvKernel<false>);
  addKernels(table, {"ResizeBilinear"}, resizeBilinearKernel);
  addKernels(table, {"ResizeNearestNeighbor"}, resizeNearestKernel);
  addKernels(table, {"CropAndResize"}, cropAndResizeKernel);
}
