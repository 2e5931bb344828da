//===- Remapper.h - Internals of tfg-remapper -------------------*- C++ -*-===//
//
// What the remapper's native PDLL helpers share: the targets and the table
// of fused kernels each one has (Targets.cpp), the walk over a chain of
// nodes that fuses into one (Contraction.cpp), the batch-norm rewrites
// (BatchNorm.cpp), the batch-norm gradient fusion (BatchNormGrad.cpp), the
// dilated-convolution rewrite (Dilation.cpp), the
// GELU fusion (Gelu.cpp) and the elementwise fusions, Sigmoid(x) * x and
// comparison + Cast (Elementwise.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_REMAPPER_REMAPPER_H
#define TFG_LIB_TRANSFORMS_REMAPPER_REMAPPER_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace mlir {
class PDLPatternModule;
namespace tfg {
namespace remapper {

/// Where the remapped graph will run: the fusions made are those the
/// target has a fused kernel for.
enum class Target {
  TfCpu, // TensorFlow's CPU kernels (a stock build, without oneDNN)
  TfGpu, // TensorFlow's GPU kernels (cuDNN)
  TfJs,  // TensorFlow.js (its converter's fused ops)
  Host,  // tfg-run's evaluator (every epilogue lib/Eval implements)
};

/// Parses `tf-cpu`, `tf-gpu`, `tfjs` or `host`.
std::optional<Target> parseTarget(llvm::StringRef name);
llvm::StringRef getTargetName(Target target);

/// A fusion of a contraction and its epilogue, as the target would run it.
struct ContractionFusion {
  /// Conv2D, DepthwiseConv2dNative, MatMul or Conv3D.
  std::string contraction;
  Type elementType;
  /// data_format for convolutions, empty for MatMul.
  std::string dataFormat;
  /// The filter's spatial size when known (kh, kw), for targets that only
  /// fuse spatial convolutions.
  std::optional<std::pair<int64_t, int64_t>> filterSize;
  /// The epilogue: BiasAdd or FusedBatchNorm, then Add, then an activation.
  SmallVector<std::string, 4> fusedOps;
};

/// The op the target runs `fusion` as (`_FusedConv2D`, ...), or failure
/// with the reason in `why`.
FailureOr<llvm::StringRef> getFusedOpName(Target target,
                                          const ContractionFusion &fusion,
                                          std::string &why);

/// Whether the target runs FusedBatchNorm + side input + `activation` as
/// _FusedBatchNormEx for these types and format; the reason in `why` if not.
bool supportsFusedBatchNormEx(Target target, Type t, Type u,
                              llvm::StringRef dataFormat,
                              llvm::StringRef activation, bool sideInput,
                              std::string &why);

/// Whether the target runs the gradient of a training _FusedBatchNormEx
/// with Relu (FusedBatchNormGradV3 + ReluGrad) as _FusedBatchNormGradEx;
/// the reason in `why` if not.
bool supportsFusedBatchNormGradEx(Target target, Type t, Type u,
                                  llvm::StringRef dataFormat, std::string &why);

/// Whether the target computes an inference FusedBatchNorm faster as
/// elementwise primitives.
bool prefersBatchNormPrimitives(Target target);

/// Whether `name` is an activation fused_ops can name (Relu, Relu6, Elu,
/// LeakyRelu, Tanh, Sigmoid, Prelu, _MklSwish).
bool isFusableActivation(llvm::StringRef name);

/// Whether the target runs Sigmoid(x) * x as one `_MklSwish` node for
/// element type `t`; the reason in `why` if not.
bool supportsSwish(Target target, Type t, std::string &why);

/// Whether the target runs Cast(comparison(x, y)) as one
/// `_<comparison>WithCast` node for operands of `t` and results of `dstT`;
/// the reason in `why` if not.
bool supportsComparisonWithCast(Target target, Type t, Type dstT,
                                std::string &why);

//===----------------------------------------------------------------------===//
// Shared node helpers
//===----------------------------------------------------------------------===//

/// The element type in the node's `T` attribute, or null.
Type getTypeAttr(Operation *op, llvm::StringRef name = "T");
/// The node's string attribute `name`, or `dflt`.
llvm::StringRef getStringAttr(Operation *op, llvm::StringRef name,
                              llvm::StringRef dflt = {});
/// The dense `value` of the Const node producing `v` (through Identity
/// nodes without control operands), or null.
DenseElementsAttr getConstValue(Value v);
/// The static shape of `v`: its type's, or its Const value's.
std::optional<SmallVector<int64_t>> getKnownShape(Value v);
/// Whether `op` may disappear into a fusion: a node of the graph whose data
/// result 0 has exactly one user, whose other results (data and control
/// token) are unused, with no control operands, not protected by the
/// rewrite driver (fetched, fed) or `_grappler_do_not_remove`. Explains a
/// failure on `rewriter`.
LogicalResult checkIntermediate(PatternRewriter &rewriter, Operation *op,
                                llvm::StringRef role);
/// Whether `op` is FusedBatchNorm, FusedBatchNormV2 or FusedBatchNormV3.
bool isFusedBatchNorm(Operation *op);
/// The plain contraction a fused contraction node stands for (Conv2D for
/// _FusedConv2D, ...), or empty.
llvm::StringRef getFusedContractionBase(Operation *op);
/// Builds a Const of `value` like `like` (device), unnamed.
Operation *buildConst(PatternRewriter &rewriter, Operation *like,
                      DenseElementsAttr value);

/// Registers the native constraints and rewrites of patterns/Remapper.pdll
/// for `target`.
void registerRemapperNatives(PDLPatternModule &pdl, Target target);
void registerBatchNormNatives(PDLPatternModule &pdl, Target target);
void registerBatchNormGradNatives(PDLPatternModule &pdl, Target target);
void registerDilationNatives(PDLPatternModule &pdl, Target target);
void registerGeluNatives(PDLPatternModule &pdl, Target target);
void registerElementwiseNatives(PDLPatternModule &pdl, Target target);

} // namespace remapper
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_REMAPPER_REMAPPER_H
