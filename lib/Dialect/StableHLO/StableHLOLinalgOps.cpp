//===- StableHLOLinalgOps.cpp - contractions and numerics -----------------===//
//
// The generated code of StableHLOLinalgOps.td with the verifiers and type
// inference of dot_general, dot, convolution, fft, cholesky,
// triangular_solve, the batch norms and the random number ops, written from
// the spec's constraints.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "StableHLOVerify.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOLinalgOps.cpp.inc"

void StableHLODialect::registerLinalgOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/StableHLO/StableHLOLinalgOps.cpp.inc"
      >();
}

#define STABLEHLO_COMPATIBLE(OP)                                               \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) {                 \
    return compatibleReturnTypes(l, r);                                        \
  }

static bool isQuant(Type t) {
  return isa<quant::QuantizedType>(getElementTypeOrSelf(t));
}

/// precision_config holds 0 or 2 entries (the spec says 2; StableHLO's
/// tools write an empty list too).
static LogicalResult verifyPrecisionConfig(Operation *op,
                                           std::optional<ArrayAttr> config) {
  if (config && !config->empty() && config->size() != 2)
    return op->emitOpError("precision_config must have 2 entries, has ")
           << config->size();
  return success();
}

//===----------------------------------------------------------------------===//
// dot_general, dot
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  ArrayRef<int64_t> lb = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rb = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lc = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rc = dims.getRhsContractingDimensions();
  // (C1), (C2)
  if (lb.size() != rb.size())
    return emitOpError("lhs and rhs must have as many batching dimensions");
  if (lc.size() != rc.size())
    return emitOpError("lhs and rhs must have as many contracting dimensions");
  // (C3)-(C8)
  SmallVector<int64_t> lhsDims(lb), rhsDims(rb);
  llvm::append_range(lhsDims, lc);
  llvm::append_range(rhsDims, rc);
  if (failed(checkDims(*this, "lhs batching and contracting dimensions",
                       lhsDims, lhs.getRank())) ||
      failed(checkDims(*this, "rhs batching and contracting dimensions",
                       rhsDims, rhs.getRank())))
    return failure();
  // (C9), (C10)
  for (auto [l, r] : llvm::zip_equal(lhsDims, rhsDims))
    if (!compatibleDim(lhs.getDimSize(l), rhs.getDimSize(r)))
      return emitOpError("lhs dimension ")
             << l << " and rhs dimension " << r << " differ in size";
  // (C11)
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig())))
    return failure();
  // (C13)
  if (!isQuant(lhs) && !isQuant(rhs) &&
      lhs.getElementType() != rhs.getElementType())
    return emitOpError("lhs and rhs must have the same element type");
  // (C12)
  SmallVector<int64_t> shape;
  for (int64_t d : lb)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsDims, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsDims, d))
      shape.push_back(rhs.getDimSize(d));
  if (result.getRank() != static_cast<int64_t>(shape.size()) ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return emitOpError("result must have shape ") << shapeString(shape);
  // (C21)-(C24)
  if (std::optional<DotAlgorithmAttr> algo = getAlgorithm()) {
    if (std::optional<ArrayAttr> config = getPrecisionConfig())
      for (Attribute a : *config)
        if (cast<PrecisionAttr>(a).getValue() != Precision::DEFAULT)
          return emitOpError("precision_config must be DEFAULT with an "
                             "algorithm");
    if (algo->getLhsComponentCount() <= 0 ||
        algo->getRhsComponentCount() <= 0 ||
        algo->getNumPrimitiveOperations() <= 0)
      return emitOpError("algorithm component counts and primitive "
                         "operations must be positive");
  }
  return success();
}

LogicalResult DotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return emitOpError("operands must be vectors or matrices");
  if (!compatibleDim(lhs.getDimSize(lhs.getRank() - 1), rhs.getDimSize(0)))
    return emitOpError("contracting dimensions differ in size");
  SmallVector<int64_t> shape;
  if (lhs.getRank() == 2)
    shape.push_back(lhs.getDimSize(0));
  if (rhs.getRank() == 2)
    shape.push_back(rhs.getDimSize(1));
  if (result.getRank() != static_cast<int64_t>(shape.size()) ||
      failed(verifyCompatibleShape(result.getShape(), shape)))
    return emitOpError("result has the wrong shape");
  return verifyPrecisionConfig(*this, getPrecisionConfig());
}

//===----------------------------------------------------------------------===//
// convolution, dynamic_conv
//===----------------------------------------------------------------------===//

/// The constraints of convolution; `padding` is empty for dynamic_conv,
/// whose padding is only known at run time (the spatial sizes are then not
/// checked).
static LogicalResult verifyConv(Operation *op, RankedTensorType lhs,
                                RankedTensorType rhs, RankedTensorType result,
                                std::optional<ArrayRef<int64_t>> strides,
                                DenseIntElementsAttr padding, bool paddingKnown,
                                std::optional<ArrayRef<int64_t>> lhsDilation,
                                std::optional<ArrayRef<int64_t>> rhsDilation,
                                std::optional<ArrayRef<bool>> reversal,
                                ConvDimensionNumbersAttr dims,
                                int64_t featureGroups, int64_t batchGroups,
                                std::optional<ArrayAttr> precision) {
  int64_t n = lhs.getRank();
  // (C1)
  if (rhs.getRank() != n)
    return op->emitOpError("lhs and rhs must have the same rank");
  if (n < 2)
    return op->emitOpError("operands must have rank at least 2");
  int64_t spatial = n - 2;
  // (C2)-(C8), as windows of the spatial dimensions.
  WindowSpec window;
  if (failed(verifyWindow(op, spatial, std::nullopt, strides, lhsDilation,
                          rhsDilation, padding, window)))
    return failure();
  // (C9)
  if (reversal && static_cast<int64_t>(reversal->size()) != spatial)
    return op->emitOpError("window_reversal must have ")
           << spatial << " entries";
  // (C12)-(C13), (C17)-(C20)
  auto checkLayout = [&](StringRef what, int64_t a, int64_t b,
                         ArrayRef<int64_t> spatialDims) -> LogicalResult {
    if (static_cast<int64_t>(spatialDims.size()) != spatial)
      return op->emitOpError() << what << " spatial dimensions must have "
                               << spatial << " entries";
    SmallVector<int64_t> all{a, b};
    llvm::append_range(all, spatialDims);
    return checkDims(op, (what + " dimensions").str(), all, n);
  };
  if (failed(checkLayout("input", dims.getInputBatchDimension(),
                         dims.getInputFeatureDimension(),
                         dims.getInputSpatialDimensions())) ||
      failed(checkLayout("kernel", dims.getKernelInputFeatureDimension(),
                         dims.getKernelOutputFeatureDimension(),
                         dims.getKernelSpatialDimensions())) ||
      failed(checkLayout("output", dims.getOutputBatchDimension(),
                         dims.getOutputFeatureDimension(),
                         dims.getOutputSpatialDimensions())))
    return failure();
  // (C21)-(C23)
  if (featureGroups <= 0 || batchGroups <= 0)
    return op->emitOpError(
        "feature_group_count and batch_group_count must be positive");
  if (featureGroups != 1 && batchGroups != 1)
    return op->emitOpError(
        "feature_group_count or batch_group_count must be 1");
  // (C24)
  if (failed(verifyPrecisionConfig(op, precision)))
    return failure();
  int64_t batch = lhs.getDimSize(dims.getInputBatchDimension());
  int64_t features = lhs.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelIn = rhs.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t kernelOut = rhs.getDimSize(dims.getKernelOutputFeatureDimension());
  auto known = [](int64_t d) { return !ShapedType::isDynamic(d); };
  // (C10), (C11)
  if (known(batch) && batch % batchGroups != 0)
    return op->emitOpError("input batch size ")
           << batch << " is not a multiple of batch_group_count";
  if (known(features) && features % featureGroups != 0)
    return op->emitOpError("input feature size ")
           << features << " is not a multiple of feature_group_count";
  // (C14)
  if (known(features) && known(kernelIn) &&
      kernelIn != features / featureGroups)
    return op->emitOpError("kernel input feature size ")
           << kernelIn << " must be " << features / featureGroups;
  // (C15), (C16)
  if (known(kernelOut) &&
      (kernelOut % batchGroups != 0 || kernelOut % featureGroups != 0))
    return op->emitOpError("kernel output feature size ")
           << kernelOut << " is not a multiple of the group count";
  // (C27) for non-quantized types.
  if (!isQuant(lhs) && !isQuant(rhs) &&
      lhs.getElementType() != rhs.getElementType())
    return op->emitOpError("lhs and rhs must have the same element type");
  // (C25), (C26)
  if (result.getRank() != n)
    return op->emitOpError("result must have rank ") << n;
  SmallVector<int64_t> shape(n, ShapedType::kDynamic);
  shape[dims.getOutputBatchDimension()] =
      known(batch) ? batch / batchGroups : ShapedType::kDynamic;
  shape[dims.getOutputFeatureDimension()] = kernelOut;
  for (int64_t s = 0; s < spatial; ++s) {
    int64_t in = lhs.getDimSize(dims.getInputSpatialDimensions()[s]);
    int64_t win = rhs.getDimSize(dims.getKernelSpatialDimensions()[s]);
    int64_t count = ShapedType::kDynamic;
    if (paddingKnown && known(win))
      count = windowCount(in, win, window.strides[s], window.baseDilations[s],
                          window.windowDilations[s], window.padding[s].first,
                          window.padding[s].second);
    shape[dims.getOutputSpatialDimensions()[s]] = count;
  }
  if (failed(verifyCompatibleShape(result.getShape(), shape)))
    return op->emitOpError("result must have shape ")
           << shapeString(shape) << ", has " << result;
  return success();
}

LogicalResult ConvolutionOp::verify() {
  std::optional<ArrayRef<bool>> reversal;
  if (getWindowReversalAttr())
    reversal = getWindowReversalAttr().asArrayRef();
  return verifyConv(
      *this, cast<RankedTensorType>(getLhs().getType()),
      cast<RankedTensorType>(getRhs().getType()),
      cast<RankedTensorType>(getResult().getType()), getWindowStrides(),
      getPaddingAttr(), true, getLhsDilation(), getRhsDilation(), reversal,
      getDimensionNumbers(), static_cast<int64_t>(getFeatureGroupCount()),
      static_cast<int64_t>(getBatchGroupCount()), getPrecisionConfig());
}

LogicalResult DynamicConvOp::verify() {
  std::optional<ArrayRef<bool>> reversal;
  if (getWindowReversalAttr())
    reversal = getWindowReversalAttr().asArrayRef();
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto padding = cast<RankedTensorType>(getPadding().getType());
  if (padding.getRank() != 2 ||
      !compatibleDim(padding.getDimSize(0), lhs.getRank() - 2) ||
      !compatibleDim(padding.getDimSize(1), 2))
    return emitOpError("padding must have shape [")
           << lhs.getRank() - 2 << ", 2]";
  return verifyConv(
      *this, lhs, cast<RankedTensorType>(getRhs().getType()),
      cast<RankedTensorType>(getResult().getType()), getWindowStrides(),
      DenseIntElementsAttr(), false, getLhsDilation(), getRhsDilation(),
      reversal, getDimensionNumbers(),
      static_cast<int64_t>(getFeatureGroupCount()),
      static_cast<int64_t>(getBatchGroupCount()), getPrecisionConfig());
}

//===----------------------------------------------------------------------===//
// fft
//===----------------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> length = getFftLength();
  int64_t k = length.size();
  // (C1), (C3)
  if (k < 1 || k > 3 || k > operand.getRank())
    return emitOpError("fft_length must have 1 to 3 entries, at most the "
                       "operand's rank");
  if (result.getRank() != operand.getRank())
    return emitOpError("result must have the operand's rank");
  Type in = operand.getElementType(), out = result.getElementType();
  auto inComplex = dyn_cast<ComplexType>(in);
  auto outComplex = dyn_cast<ComplexType>(out);
  FftType type = getFftType();
  // (C2)
  bool ok = false;
  switch (type) {
  case FftType::FFT:
  case FftType::IFFT:
    ok = inComplex && in == out;
    break;
  case FftType::RFFT:
    ok = isa<FloatType>(in) && outComplex && outComplex.getElementType() == in;
    break;
  case FftType::IRFFT:
    ok = inComplex && isa<FloatType>(out) && inComplex.getElementType() == out;
    break;
  }
  if (!ok)
    return emitOpError("element types ")
           << in << " and " << out << " do not fit fft_type "
           << stringifyFftType(type);
  // (C4)
  RankedTensorType real = type == FftType::RFFT    ? operand
                          : type == FftType::IRFFT ? result
                                                   : RankedTensorType();
  int64_t rank = operand.getRank();
  if (real)
    for (int64_t i = 0; i < k; ++i)
      if (!compatibleDim(real.getDimSize(rank - k + i), length[i]))
        return emitOpError("the trailing dimensions of the real tensor must "
                           "be fft_length");
  // (C5)
  for (int64_t d = 0; d < rank; ++d) {
    int64_t a = operand.getDimSize(d), b = result.getDimSize(d);
    if (d == rank - 1 && type == FftType::RFFT && !ShapedType::isDynamic(a))
      a = a == 0 ? 0 : a / 2 + 1;
    if (d == rank - 1 && type == FftType::IRFFT && !ShapedType::isDynamic(b))
      b = b == 0 ? 0 : b / 2 + 1;
    if (!compatibleDim(a, b))
      return emitOpError("result dimension ") << d << " has the wrong size";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve
//===----------------------------------------------------------------------===//

LogicalResult CholeskyOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location>,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &types) {
  // (C1)
  types.push_back(adaptor.getA().getType());
  return success();
}
STABLEHLO_COMPATIBLE(CholeskyOp)

LogicalResult CholeskyOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  // (C2), (C3)
  if (a.getRank() < 2)
    return emitOpError("a must have rank at least 2");
  if (!compatibleDim(a.getDimSize(a.getRank() - 1),
                     a.getDimSize(a.getRank() - 2)))
    return emitOpError("a must hold square matrices");
  return success();
}

LogicalResult
TriangularSolveOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                    Adaptor adaptor,
                                    SmallVectorImpl<Type> &types) {
  // (C4)
  types.push_back(adaptor.getB().getType());
  return success();
}
STABLEHLO_COMPATIBLE(TriangularSolveOp)

LogicalResult TriangularSolveOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  // (C1)
  if (!compatibleElementTypes(a.getElementType(), b.getElementType()))
    return emitOpError("a and b must have the same element type");
  // (C2)
  int64_t r = a.getRank();
  if (r < 2 || b.getRank() != r)
    return emitOpError("a and b must have the same rank, at least 2");
  // (C3)
  for (int64_t d = 0; d + 2 < r; ++d)
    if (!compatibleDim(a.getDimSize(d), b.getDimSize(d)))
      return emitOpError("a and b must have the same batch dimensions");
  int64_t n = a.getDimSize(r - 1);
  if (!compatibleDim(a.getDimSize(r - 2), n))
    return emitOpError("a must hold square matrices");
  if (!compatibleDim(b.getDimSize(getLeftSide() ? r - 2 : r - 1), n))
    return emitOpError("b's ")
           << (getLeftSide() ? "rows" : "columns") << " must match a";
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError("transpose_a must not be TRANSPOSE_INVALID");
  return success();
}

//===----------------------------------------------------------------------===//
// Batch normalization.
//===----------------------------------------------------------------------===//

/// (C1)-(C6) of the batch norms: the feature index is a dimension and the
/// 1-d operands have its size and the operand's element type.
static LogicalResult verifyBatchNorm(Operation *op, Type operandType,
                                     int64_t featureIndex,
                                     ValueRange features) {
  auto operand = cast<RankedTensorType>(operandType);
  if (featureIndex < 0 || featureIndex >= operand.getRank())
    return op->emitOpError("feature_index ")
           << featureIndex << " is out of range [0, " << operand.getRank()
           << ")";
  int64_t size = operand.getDimSize(featureIndex);
  for (Value v : features) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != 1 || !compatibleDim(t.getDimSize(0), size))
      return op->emitOpError("scale, offset, mean and variance must be 1-d "
                             "of the feature size ")
             << size;
    if (!compatibleElementTypes(t.getElementType(), operand.getElementType()))
      return op->emitOpError("all operands must have the same element type");
  }
  return success();
}

/// The 1-d feature type of an operand: tensor<dim(operand, feature_index)>.
static Type featureType(Type operandType, int64_t featureIndex) {
  auto operand = dyn_cast<RankedTensorType>(operandType);
  if (!operand || featureIndex < 0 || featureIndex >= operand.getRank())
    return {};
  return RankedTensorType::get({operand.getDimSize(featureIndex)},
                               operand.getElementType());
}

LogicalResult
BatchNormInferenceOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &types) {
  types.push_back(adaptor.getOperand().getType());
  return success();
}
STABLEHLO_COMPATIBLE(BatchNormInferenceOp)

LogicalResult BatchNormInferenceOp::verify() {
  return verifyBatchNorm(*this, getOperand().getType(),
                         static_cast<int64_t>(getFeatureIndex()),
                         {getScale(), getOffset(), getMean(), getVariance()});
}

LogicalResult BatchNormTrainingOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<Type> &types) {
  Type operand = adaptor.getOperand().getType();
  Type feature =
      featureType(operand, static_cast<int64_t>(adaptor.getFeatureIndex()));
  if (!feature)
    return inferError(loc, "batch_norm_training: bad feature_index");
  types.append({operand, feature, feature});
  return success();
}
STABLEHLO_COMPATIBLE(BatchNormTrainingOp)

LogicalResult BatchNormTrainingOp::verify() {
  return verifyBatchNorm(*this, getOperand().getType(),
                         static_cast<int64_t>(getFeatureIndex()),
                         {getScale(), getOffset()});
}

LogicalResult BatchNormGradOp::inferReturnTypes(MLIRContext *,
                                                std::optional<Location> loc,
                                                Adaptor adaptor,
                                                SmallVectorImpl<Type> &types) {
  Type operand = adaptor.getOperand().getType();
  Type feature =
      featureType(operand, static_cast<int64_t>(adaptor.getFeatureIndex()));
  if (!feature)
    return inferError(loc, "batch_norm_grad: bad feature_index");
  types.append({operand, feature, feature});
  return success();
}
STABLEHLO_COMPATIBLE(BatchNormGradOp)

LogicalResult BatchNormGradOp::verify() {
  if (failed(verifyBatchNorm(*this, getOperand().getType(),
                             static_cast<int64_t>(getFeatureIndex()),
                             {getScale(), getMean(), getVariance()})))
    return failure();
  if (getGradOutput().getType() != getOperand().getType())
    return emitOpError("grad_output must have the operand's type");
  return success();
}

//===----------------------------------------------------------------------===//
// rng, rng_bit_generator
//===----------------------------------------------------------------------===//

LogicalResult RngOp::verify() {
  Type a = getElementTypeOrSelf(getA().getType());
  Type b = getElementTypeOrSelf(getB().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  // (C1)
  if (a != b || a != result.getElementType())
    return emitOpError("a, b and result must have the same element type");
  // (C2)
  if (getRngDistribution() == RngDistribution::NORMAL && !isa<FloatType>(a))
    return emitOpError("NORMAL needs a floating-point type");
  // (C3)
  auto shape = cast<RankedTensorType>(getShape().getType());
  if (!compatibleDim(shape.getDimSize(0), result.getRank()))
    return emitOpError("shape must have ") << result.getRank() << " elements";
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  // (C1)
  if (getInitialState().getType() != getOutputState().getType())
    return emitOpError("output_state must have the type of initial_state");
  auto state = cast<RankedTensorType>(getInitialState().getType());
  if (state.getRank() != 1)
    return emitOpError("initial_state must be 1-d");
  // (C2)
  int64_t size = state.getDimSize(0);
  if (!ShapedType::isDynamic(size)) {
    if (getRngAlgorithm() == RngAlgorithm::THREE_FRY && size != 2)
      return emitOpError("THREE_FRY needs a state of 2 elements");
    if (getRngAlgorithm() == RngAlgorithm::PHILOX && size != 2 && size != 3)
      return emitOpError("PHILOX needs a state of 2 or 3 elements");
  }
  return success();
}
