//===- Targets.cpp - Which fused kernels each remapper target has ---------===//
//
// The fusions a target runs, as the target documents them (facts, not
// code):
//  - tf-cpu, TensorFlow's CPU kernels without oneDNN: `_FusedConv2D` for
//    an NHWC Conv2D of float or double with BiasAdd or FusedBatchNorm, then
//    optionally Relu, Relu6, Elu or LeakyRelu; `_FusedMatMul` for a float
//    MatMul with BiasAdd, then optionally the same activations. Depthwise
//    and 3-D convolutions, Tanh and Sigmoid epilogues, the residual Add and
//    the comparison + Cast kernels exist only in oneDNN builds.
//  - tf-gpu, TensorFlow's GPU kernels: `_FusedConv2D` for a float Conv2D
//    (NHWC or NCHW) with a spatial filter (not 1x1: cuDNN's fused kernel is
//    slower there), with BiasAdd + Relu only; `_FusedBatchNormEx` for a
//    half-precision NHWC FusedBatchNorm (V2/V3, float statistics) with an
//    optional side input and Relu, with channels a multiple of 4.
//  - tfjs, TensorFlow.js 4.x: `_FusedConv2D`, `FusedDepthwiseConv2dNative`
//    and `_FusedMatMul` for float32 (NHWC convolutions) with BiasAdd, then
//    optionally Relu, Relu6, Elu, LeakyRelu, Prelu or Sigmoid; TF.js's
//    fused kernels take no residual Add and no batch normalization.
//  - host, tfg-run's evaluator: every epilogue lib/Eval implements (GELU
//    and Swish included), for Conv2D, DepthwiseConv2dNative, MatMul and
//    Conv3D (`_FusedConv3D`, NDHWC or NCDHW) of any float type; the
//    standalone `_MklSwish` and the comparisons with a Cast
//    (`_EqualWithCast`, ...) of float types, as oneDNN builds of TensorFlow
//    name them.
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-remapper"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

std::optional<Target> remapper::parseTarget(StringRef name) {
  return llvm::StringSwitch<std::optional<Target>>(name)
      .Case("tf-cpu", Target::TfCpu)
      .Case("tf-gpu", Target::TfGpu)
      .Case("tfjs", Target::TfJs)
      .Case("host", Target::Host)
      .Default(std::nullopt);
}

StringRef remapper::getTargetName(Target target) {
  switch (target) {
  case Target::TfCpu:
    return "tf-cpu";
  case Target::TfGpu:
    return "tf-gpu";
  case Target::TfJs:
    return "tfjs";
  case Target::Host:
    return "host";
  }
  return "?";
}

bool remapper::isFusableActivation(StringRef name) {
  return llvm::is_contained({"Relu", "Relu6", "Elu", "LeakyRelu", "Tanh",
                             "Sigmoid", "Prelu", "_MklSwish"},
                            name);
}

static bool isFloatLike(Type t) {
  return t && (t.isF16() || t.isBF16() || t.isF32() || t.isF64());
}

/// Splits fused_ops into its head (BiasAdd / FusedBatchNorm), whether it
/// has the residual Add, and its activation (empty if none). Fails when the
/// list is not of that shape.
static LogicalResult splitFusedOps(ArrayRef<std::string> ops, StringRef &head,
                                   bool &add, StringRef &activation) {
  size_t i = 0;
  head = {};
  add = false;
  activation = {};
  if (i < ops.size() && (ops[i] == "BiasAdd" || ops[i] == "FusedBatchNorm"))
    head = ops[i++];
  if (i < ops.size() && ops[i] == "Add") {
    add = true;
    ++i;
  }
  if (i < ops.size() && (isFusableActivation(ops[i]) || ops[i] == "GeluExact" ||
                         ops[i] == "GeluApproximate"))
    activation = ops[i++];
  return success(i == ops.size() && !head.empty());
}

FailureOr<StringRef> remapper::getFusedOpName(Target target,
                                              const ContractionFusion &fusion,
                                              std::string &why) {
  StringRef head, activation;
  bool add;
  std::string list = llvm::join(fusion.fusedOps, ",");
  auto refuse = [&](const Twine &reason) -> FailureOr<StringRef> {
    why = (getTargetName(target) + " has no fused " + fusion.contraction +
           " with [" + list + "]: " + reason)
              .str();
    return failure();
  };
  if (failed(splitFusedOps(fusion.fusedOps, head, add, activation)))
    return refuse("not a fusable epilogue");
  StringRef c = fusion.contraction;
  Type t = fusion.elementType;
  StringRef format = fusion.dataFormat;
  bool isConv2D = c == "Conv2D", isMatMul = c == "MatMul",
       isDepthwise = c == "DepthwiseConv2dNative", isConv3D = c == "Conv3D";
  if (head == "FusedBatchNorm" && !isConv2D)
    return refuse("batch normalization fuses into Conv2D only");
  switch (target) {
  case Target::TfCpu: {
    if (!isConv2D && !isMatMul)
      return refuse("stock TensorFlow fuses only Conv2D and MatMul on CPU");
    if (add)
      return refuse("the residual Add needs a oneDNN build");
    if (!activation.empty() &&
        !llvm::is_contained({"Relu", "Relu6", "Elu", "LeakyRelu"}, activation))
      return refuse("activation " + activation + " needs a oneDNN build");
    if (isConv2D && !(t && (t.isF32() || t.isF64())))
      return refuse("element type is not float or double");
    if (isMatMul && !(t && t.isF32()))
      return refuse("element type is not float");
    if (isMatMul && head != "BiasAdd")
      return refuse("MatMul fuses BiasAdd only");
    if (isConv2D && format != "NHWC")
      return refuse("data format " + format + " is not NHWC");
    return isConv2D ? StringRef("_FusedConv2D") : StringRef("_FusedMatMul");
  }
  case Target::TfGpu: {
    if (!isConv2D)
      return refuse("cuDNN fuses Conv2D only (cuBLASLt matmul fusion is "
                    "opt-in)");
    if (head != "BiasAdd" || add || activation != "Relu")
      return refuse("cuDNN fuses BiasAdd + Relu only");
    if (!(t && t.isF32()))
      return refuse("element type is not float");
    if (format != "NHWC" && format != "NCHW")
      return refuse("data format " + format + " is not NHWC or NCHW");
    if (!fusion.filterSize || fusion.filterSize->first == 1 ||
        fusion.filterSize->second == 1)
      return refuse("the filter is not known to be spatial (1x1 convolutions "
                    "are faster unfused)");
    return StringRef("_FusedConv2D");
  }
  case Target::TfJs: {
    if (!isConv2D && !isDepthwise && !isMatMul)
      return refuse("TF.js fuses Conv2D, DepthwiseConv2dNative and MatMul");
    if (head != "BiasAdd" || add)
      return refuse("TF.js fuses BiasAdd and an activation only");
    if (!activation.empty() &&
        !llvm::is_contained(
            {"Relu", "Relu6", "Elu", "LeakyRelu", "Prelu", "Sigmoid"},
            activation))
      return refuse("TF.js has no fused " + activation);
    if (!(t && t.isF32()))
      return refuse("element type is not float32");
    if (!isMatMul && format != "NHWC")
      return refuse("data format " + format + " is not NHWC");
    if (isConv2D)
      return StringRef("_FusedConv2D");
    return isDepthwise ? StringRef("FusedDepthwiseConv2dNative")
                       : StringRef("_FusedMatMul");
  }
  case Target::Host: {
    if (!isConv2D && !isDepthwise && !isMatMul && !isConv3D)
      return refuse("the evaluator has no fused " + c);
    if (!isFloatLike(t))
      return refuse("element type is not a float type");
    if (isConv3D) {
      if (format != "NDHWC" && format != "NCDHW")
        return refuse("data format " + format + " is not NDHWC or NCDHW");
      return StringRef("_FusedConv3D");
    }
    if (!isMatMul && format != "NHWC" && format != "NCHW")
      return refuse("data format " + format + " is not NHWC or NCHW");
    if (isConv2D)
      return StringRef("_FusedConv2D");
    return isDepthwise ? StringRef("_FusedDepthwiseConv2dNative")
                       : StringRef("_FusedMatMul");
  }
  }
  return refuse("unknown target");
}

bool remapper::supportsFusedBatchNormEx(Target target, Type t, Type u,
                                        StringRef dataFormat,
                                        StringRef activation, bool sideInput,
                                        std::string &why) {
  auto refuse = [&](const Twine &reason) {
    why = (getTargetName(target) + " has no _FusedBatchNormEx here: " + reason)
              .str();
    return false;
  };
  switch (target) {
  case Target::TfCpu:
    return refuse("stock TensorFlow runs it on GPU only");
  case Target::TfJs:
    return refuse("TF.js has no _FusedBatchNormEx");
  case Target::TfGpu:
    if (!(t && t.isF16()) || !(u && u.isF32()))
      return refuse("cuDNN fuses half-precision batch norms only");
    if (dataFormat != "NHWC")
      return refuse("data format " + dataFormat.str() + " is not NHWC");
    if (activation != "Relu")
      return refuse("cuDNN fuses Relu only");
    return true;
  case Target::Host:
    if (!isFloatLike(t))
      return refuse("element type is not a float type");
    if (!llvm::is_contained({"Relu", "Relu6", "Elu"}, activation) &&
        !(sideInput && activation == "Identity"))
      return refuse("activation " + activation.str() + " is not evaluated");
    return true;
  }
  return refuse("unknown target");
}

bool remapper::supportsFusedBatchNormGradEx(Target target, Type t, Type u,
                                            StringRef dataFormat,
                                            std::string &why) {
  auto refuse = [&](const Twine &reason) {
    why = (getTargetName(target) +
           " has no _FusedBatchNormGradEx here: " + reason)
              .str();
    return false;
  };
  switch (target) {
  case Target::TfCpu:
    return refuse("stock TensorFlow runs it on GPU only");
  case Target::TfJs:
    return refuse("TF.js has no _FusedBatchNormGradEx");
  case Target::TfGpu:
    // The gradient of the cuDNN forward kernel: the same constraints.
    if (!(t && t.isF16()) || !(u && u.isF32()))
      return refuse("cuDNN fuses half-precision batch norms only");
    if (dataFormat != "NHWC")
      return refuse("data format " + dataFormat.str() + " is not NHWC");
    return true;
  case Target::Host:
    if (!isFloatLike(t) || !isFloatLike(u))
      return refuse("element type is not a float type");
    if (dataFormat != "NHWC" && dataFormat != "NCHW")
      return refuse("data format " + dataFormat.str() + " is not 4-D");
    return true;
  }
  return refuse("unknown target");
}

bool remapper::supportsSwish(Target target, Type t, std::string &why) {
  // _MklSwish exists only in oneDNN builds of TensorFlow; TF.js has no
  // fused swish.
  if (target != Target::Host) {
    why = (getTargetName(target) + " has no _MklSwish").str();
    return false;
  }
  if (!isFloatLike(t)) {
    why = "element type is not a float type";
    return false;
  }
  return true;
}

bool remapper::supportsComparisonWithCast(Target target, Type t, Type dstT,
                                          std::string &why) {
  // The _<comparison>WithCast kernels exist only in oneDNN builds of
  // TensorFlow, for float and bfloat16 operands and results.
  if (target != Target::Host) {
    why = (getTargetName(target) + " has no comparison with Cast").str();
    return false;
  }
  if (!isFloatLike(t)) {
    why = "the comparison's operands are not of a float type";
    return false;
  }
  if (!isFloatLike(dstT)) {
    why = "the Cast's destination is not a float type";
    return false;
  }
  return true;
}

bool remapper::prefersBatchNormPrimitives(Target target) {
  // TensorFlow's CPU FusedBatchNorm kernel in inference is slower than the
  // four elementwise ops (Grappler splits it on CPU); GPUs, TF.js and the
  // evaluator run the fused kernel.
  return target == Target::TfCpu;
}
