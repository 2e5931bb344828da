//===- InterpretOps.cpp - One StableHLO op from its operand values --------===//
//
// evalOp (InterpreterImpl.h): dispatches on the op's C++ class and calls the
// compute function of tfg/Eval/Compute with StableHLO's semantics
// (ElementwiseSemantics::stablehlo(), ConvertSemantics::stablehlo(),
// IndexOutOfRange::Clamp for gather and the dynamic slices). An op with no
// compute function is an error naming it.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Dialect/Check/Check.h"
#include "tfg/Dialect/StableHLO/StableHLOOps.h"
#include "tfg/Eval/Compute/Bits.h"
#include "tfg/Eval/Compute/Broadcast.h"
#include "tfg/Eval/Compute/Compare.h"
#include "tfg/Eval/Compute/Convert.h"
#include "tfg/Eval/Compute/Convolution.h"
#include "tfg/Eval/Compute/Elementwise.h"
#include "tfg/Eval/Compute/GatherScatter.h"
#include "tfg/Eval/Compute/MatMul.h"
#include "tfg/Eval/Compute/Shape.h"
#include "tfg/Eval/Compute/TensorCompare.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::stablehlo;
using namespace mlir::tfg::stablehlo::detail;

LogicalResult mlir::tfg::stablehlo::detail::reportError(Operation *op,
                                                        llvm::Error err) {
  return op->emitError() << "'" << op->getName()
                         << "': " << llvm::toString(std::move(err));
}

HostTensor mlir::tfg::stablehlo::detail::getElement(const HostTensor &t,
                                                    int64_t i) {
  llvm::Expected<HostTensor> e = HostTensor::create(t.getElementType(), {});
  if (!e) {
    llvm::consumeError(e.takeError());
    return {};
  }
  copyElement(t, i, *e, 0);
  return std::move(*e);
}

namespace {
/// The state of one evalOp.
struct Eval {
  Operation *op;
  ArrayRef<HostTensor> in;
  SmallVectorImpl<HostTensor> &out;
  const InterpreterOptions &options;

  const ComputeEnv &env() const { return options.env; }

  LogicalResult take(llvm::Expected<HostTensor> r) {
    if (!r)
      return reportError(op, r.takeError());
    out.push_back(std::move(*r));
    return success();
  }
  LogicalResult checkResult(llvm::Error err) {
    if (err)
      return op->emitError() << "'" << op->getName()
                             << "' failed: " << llvm::toString(std::move(err));
    return success();
  }
  /// The static shape of result `i`.
  FailureOr<ArrayRef<int64_t>> resultShape(unsigned i = 0) {
    auto type = dyn_cast<RankedTensorType>(op->getResult(i).getType());
    if (!type || !type.hasStaticShape())
      return op->emitError() << "the interpreter runs '" << op->getName()
                             << "' with static result shapes only";
    return type.getShape();
  }
  Type resultElementType(unsigned i = 0) {
    return cast<ShapedType>(op->getResult(i).getType()).getElementType();
  }
  bool isBool(const HostTensor &t) {
    return t.getKind() == HostElementKind::Bool;
  }
  /// A rank-0 tensor of `t`'s type holding `value`.
  FailureOr<HostTensor> scalarLike(const HostTensor &t, int64_t value) {
    llvm::Expected<HostTensor> s = HostTensor::create(t.getElementType(), {});
    if (!s) {
      (void)reportError(op, s.takeError());
      return failure();
    }
    s->setInt(0, value);
    return std::move(*s);
  }

  LogicalResult binary(BinaryOp kind) {
    const HostTensor &a = in[0], &b = in[1];
    // add and multiply of booleans are or and and (spec.md, "add").
    if (isBool(a) && kind == BinaryOp::Add)
      return take(computeLogical(env(), /*isAnd=*/false, a, b));
    if (isBool(a) && kind == BinaryOp::Mul)
      return take(computeLogical(env(), /*isAnd=*/true, a, b));
    return take(
        computeBinary(env(), kind, a, b, ElementwiseSemantics::stablehlo()));
  }
  LogicalResult
  unary(UnaryOp kind,
        ElementwiseSemantics s = ElementwiseSemantics::stablehlo()) {
    return take(computeUnary(env(), kind, in[0], s));
  }
  LogicalResult logic(BitwiseOp intOp) {
    const HostTensor &a = in[0], &b = in[1];
    if (isBool(a)) {
      if (intOp == BitwiseOp::Xor)
        return take(computeCompare(env(), CompareDirection::NE, a, b,
                                   CompareSemantics{FloatOrder::Ieee, true}));
      return take(computeLogical(env(), intOp == BitwiseOp::And, a, b));
    }
    return take(
        computeBitwise(env(), intOp, a, b, ElementwiseSemantics::stablehlo()));
  }
  LogicalResult logicalNot() {
    const HostTensor &x = in[0];
    FailureOr<HostTensor> s = scalarLike(x, isBool(x) ? 0 : -1);
    if (failed(s))
      return failure();
    if (isBool(x))
      return take(computeCompare(env(), CompareDirection::EQ, x, *s,
                                 CompareSemantics{FloatOrder::Ieee, true}));
    return take(computeBitwise(env(), BitwiseOp::Xor, x, *s,
                               ElementwiseSemantics::stablehlo()));
  }
  LogicalResult compare(CompareOp c) {
    CompareDirection dir = CompareDirection::EQ;
    switch (c.getComparisonDirection()) {
    case ComparisonDirection::EQ:
      dir = CompareDirection::EQ;
      break;
    case ComparisonDirection::NE:
      dir = CompareDirection::NE;
      break;
    case ComparisonDirection::LT:
      dir = CompareDirection::LT;
      break;
    case ComparisonDirection::LE:
      dir = CompareDirection::LE;
      break;
    case ComparisonDirection::GT:
      dir = CompareDirection::GT;
      break;
    case ComparisonDirection::GE:
      dir = CompareDirection::GE;
      break;
    }
    CompareSemantics s{FloatOrder::Ieee, /*orderedBools=*/true};
    if (c.getCompareType() && *c.getCompareType() == ComparisonType::TOTALORDER)
      s.floatOrder = FloatOrder::TotalOrder;
    return take(computeCompare(env(), dir, in[0], in[1], s));
  }
  LogicalResult clamp() {
    // spec.md, "clamp": min(max(operand, min), max); min and max may be
    // scalars.
    llvm::Expected<HostTensor> lo = computeBinary(
        env(), BinaryOp::Max, in[1], in[0], ElementwiseSemantics::stablehlo());
    if (!lo)
      return reportError(op, lo.takeError());
    return take(computeBinary(env(), BinaryOp::Min, *lo, in[2],
                              ElementwiseSemantics::stablehlo()));
  }
  LogicalResult
  withShape(function_ref<llvm::Expected<HostTensor>(ArrayRef<int64_t>)> fn) {
    FailureOr<ArrayRef<int64_t>> shape = resultShape();
    if (failed(shape))
      return failure();
    return take(fn(*shape));
  }
  SmallVector<int64_t> scalarInts(ArrayRef<HostTensor> ts) {
    SmallVector<int64_t> v;
    for (const HostTensor &t : ts)
      v.push_back(t.getInt(0));
    return v;
  }
  LogicalResult gather(GatherOp g) {
    GatherDimensionNumbersAttr a = g.getDimensionNumbers();
    GatherDimensionNumbers d;
    d.offsetDims.assign(a.getOffsetDims().begin(), a.getOffsetDims().end());
    d.collapsedSliceDims.assign(a.getCollapsedSliceDims().begin(),
                                a.getCollapsedSliceDims().end());
    d.operandBatchingDims.assign(a.getOperandBatchingDims().begin(),
                                 a.getOperandBatchingDims().end());
    d.startIndicesBatchingDims.assign(a.getStartIndicesBatchingDims().begin(),
                                      a.getStartIndicesBatchingDims().end());
    d.startIndexMap.assign(a.getStartIndexMap().begin(),
                           a.getStartIndexMap().end());
    d.indexVectorDim = a.getIndexVectorDim();
    return take(computeGather(env(), in[0], in[1], d, g.getSliceSizes(),
                              IndexOutOfRange::Clamp));
  }
  LogicalResult dotGeneral(DotDimensionNumbersAttr a) {
    DotDimensionNumbers d;
    d.lhsBatchingDims.assign(a.getLhsBatchingDimensions().begin(),
                             a.getLhsBatchingDimensions().end());
    d.rhsBatchingDims.assign(a.getRhsBatchingDimensions().begin(),
                             a.getRhsBatchingDimensions().end());
    d.lhsContractingDims.assign(a.getLhsContractingDimensions().begin(),
                                a.getLhsContractingDimensions().end());
    d.rhsContractingDims.assign(a.getRhsContractingDimensions().begin(),
                                a.getRhsContractingDimensions().end());
    return take(computeDotGeneral(env(), in[0], in[1], d));
  }
  LogicalResult dot() {
    // dot: lhs's last dimension contracts with rhs's first.
    DotDimensionNumbers d;
    d.lhsContractingDims.push_back(in[0].getRank() - 1);
    d.rhsContractingDims.push_back(0);
    return take(computeDotGeneral(env(), in[0], in[1], d));
  }
  /// A 2-D convolution (two spatial dimensions, feature groups, window
  /// strides, padding, input and kernel dilation, window reversal) on
  /// floats: the operands are transposed to NHWC and HWIO, the input
  /// dilated (zeros between its elements, as `pad` with interior padding
  /// does), the kernel reversed where the window is, convolved by
  /// computeConv2D and the result transposed to the output layout.
  LogicalResult convolution(ConvolutionOp c) {
    ConvDimensionNumbersAttr d = c.getDimensionNumbers();
    auto ones = [](std::optional<ArrayRef<int64_t>> v) {
      return !v || llvm::all_of(*v, [](int64_t x) { return x == 1; });
    };
    if (d.getInputSpatialDimensions().size() != 2 ||
        c.getBatchGroupCount() != 1)
      return op->emitError()
             << "the interpreter runs 'stablehlo.convolution' with two "
                "spatial dimensions and batch_group_count 1 only";
    FailureOr<ArrayRef<int64_t>> outShape = resultShape();
    if (failed(outShape))
      return failure();
    ArrayRef<int64_t> is = d.getInputSpatialDimensions();
    ArrayRef<int64_t> ks = d.getKernelSpatialDimensions();
    ArrayRef<int64_t> os = d.getOutputSpatialDimensions();
    int64_t lhsPerm[] = {d.getInputBatchDimension(), is[0], is[1],
                         d.getInputFeatureDimension()};
    int64_t rhsPerm[] = {ks[0], ks[1], d.getKernelInputFeatureDimension(),
                         d.getKernelOutputFeatureDimension()};
    llvm::Expected<HostTensor> lhs = computeTranspose(env(), in[0], lhsPerm);
    if (!lhs)
      return reportError(op, lhs.takeError());
    llvm::Expected<HostTensor> rhs = computeTranspose(env(), in[1], rhsPerm);
    if (!rhs)
      return reportError(op, rhs.takeError());
    if (!ones(c.getLhsDilation())) {
      ArrayRef<int64_t> f = *c.getLhsDilation();
      if (f.size() != 2 || f[0] < 1 || f[1] < 1)
        return op->emitError("convolution lhs_dilation of the wrong size");
      llvm::Expected<HostTensor> zero =
          HostTensor::create(lhs->getElementType(), {});
      if (!zero)
        return reportError(op, zero.takeError());
      int64_t none[4] = {0, 0, 0, 0};
      int64_t interior[4] = {0, f[0] - 1, f[1] - 1, 0};
      lhs = computePad(env(), *lhs, *zero, none, none, interior);
      if (!lhs)
        return reportError(op, lhs.takeError());
    }
    if (auto r = c.getWindowReversal()) {
      if (r->size() != 2)
        return op->emitError("convolution window_reversal of the wrong size");
      SmallVector<int64_t, 2> dims;
      for (int k = 0; k < 2; ++k)
        if ((*r)[k])
          dims.push_back(k);
      if (!dims.empty()) {
        rhs = computeReverse(env(), *rhs, dims);
        if (!rhs)
          return reportError(op, rhs.takeError());
      }
    }
    SmallVector<int64_t> strides(2, 1), dilations(2, 1), pads(4, 0);
    if (auto v = c.getWindowStrides())
      strides.assign(v->begin(), v->end());
    if (auto v = c.getRhsDilation())
      dilations.assign(v->begin(), v->end());
    if (auto p = c.getPadding())
      pads = llvm::to_vector(p->getValues<int64_t>());
    if (strides.size() != 2 || dilations.size() != 2 || pads.size() != 4)
      return op->emitError("convolution window attributes of the wrong size");
    Window2D win;
    win.batch = lhs->getShape()[0];
    win.channels = lhs->getShape()[3];
    WindowDim *wd[] = {&win.h, &win.w};
    for (int k = 0; k < 2; ++k) {
      wd[k]->in = lhs->getShape()[1 + k];
      wd[k]->size = rhs->getShape()[k];
      wd[k]->stride = strides[k];
      wd[k]->dilation = dilations[k];
      wd[k]->out = (*outShape)[os[k]];
      wd[k]->padBefore = pads[2 * k];
    }
    llvm::Expected<HostTensor> nhwc =
        computeConv2D(env(), Conv2DKind::Dense, *lhs, *rhs, win);
    if (!nhwc)
      return reportError(op, nhwc.takeError());
    SmallVector<int64_t, 4> outPerm(4, 0);
    outPerm[d.getOutputBatchDimension()] = 0;
    outPerm[os[0]] = 1;
    outPerm[os[1]] = 2;
    outPerm[d.getOutputFeatureDimension()] = 3;
    return take(computeTranspose(env(), *nhwc, outPerm));
  }
  LogicalResult constant(Attribute value) {
    return take(HostTensor::fromAttr(value));
  }
  LogicalResult expected(Attribute value, HostTensor &storage) {
    llvm::Expected<HostTensor> t = HostTensor::fromAttr(value);
    if (!t)
      return reportError(op, t.takeError());
    storage = std::move(*t);
    return success();
  }

  LogicalResult run(BodyRunner &runner);
};
} // namespace

LogicalResult Eval::run(BodyRunner &runner) {
  if (std::optional<LogicalResult> r =
          evalRegionOp(op, in, out, runner, options))
    return *r;
  if (std::optional<LogicalResult> r = evalDynamicOp(op, in, out, options))
    return *r;
  auto unsupported = [&](Operation *) -> LogicalResult {
    return op->emitError() << "'" << op->getName()
                           << "' is not supported by the interpreter";
  };
  ElementwiseSemantics afz = ElementwiseSemantics::stablehlo();
  afz.rounding = RoundingMode::NearestAwayFromZero;
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](ConstantOp c) { return constant(c.getValue()); })
      .Case([&](AddOp) { return binary(BinaryOp::Add); })
      .Case([&](SubtractOp) { return binary(BinaryOp::Sub); })
      .Case([&](MultiplyOp) { return binary(BinaryOp::Mul); })
      .Case([&](DivideOp) { return binary(BinaryOp::Div); })
      .Case([&](RemainderOp) { return binary(BinaryOp::TruncMod); })
      .Case([&](MaximumOp) { return binary(BinaryOp::Max); })
      .Case([&](MinimumOp) { return binary(BinaryOp::Min); })
      .Case([&](PowerOp) { return binary(BinaryOp::Pow); })
      .Case([&](Atan2Op) { return binary(BinaryOp::Atan2); })
      .Case([&](AndOp) { return logic(BitwiseOp::And); })
      .Case([&](OrOp) { return logic(BitwiseOp::Or); })
      .Case([&](XorOp) { return logic(BitwiseOp::Xor); })
      .Case([&](NotOp) { return logicalNot(); })
      .Case([&](ShiftLeftOp) {
        return take(computeBitwise(env(), BitwiseOp::LeftShift, in[0], in[1],
                                   ElementwiseSemantics::stablehlo()));
      })
      .Case([&](ShiftRightLogicalOp) {
        return take(computeBitwise(env(), BitwiseOp::LogicalRightShift, in[0],
                                   in[1], ElementwiseSemantics::stablehlo()));
      })
      .Case([&](ShiftRightArithmeticOp) {
        return take(computeBitwise(env(), BitwiseOp::ArithmeticRightShift,
                                   in[0], in[1],
                                   ElementwiseSemantics::stablehlo()));
      })
      .Case([&](AbsOp) { return unary(UnaryOp::Abs); })
      .Case([&](NegateOp) { return unary(UnaryOp::Neg); })
      .Case([&](SignOp) { return unary(UnaryOp::Sign); })
      .Case([&](SqrtOp) { return unary(UnaryOp::Sqrt); })
      .Case([&](RsqrtOp) { return unary(UnaryOp::Rsqrt); })
      .Case([&](ExponentialOp) { return unary(UnaryOp::Exp); })
      .Case([&](ExponentialMinusOneOp) { return unary(UnaryOp::Expm1); })
      .Case([&](LogOp) { return unary(UnaryOp::Log); })
      .Case([&](LogPlusOneOp) { return unary(UnaryOp::Log1p); })
      .Case([&](SineOp) { return unary(UnaryOp::Sin); })
      .Case([&](CosineOp) { return unary(UnaryOp::Cos); })
      .Case([&](TanOp) { return unary(UnaryOp::Tan); })
      .Case([&](TanhOp) { return unary(UnaryOp::Tanh); })
      .Case([&](LogisticOp) { return unary(UnaryOp::Sigmoid); })
      .Case([&](FloorOp) { return unary(UnaryOp::Floor); })
      .Case([&](CeilOp) { return unary(UnaryOp::Ceil); })
      .Case([&](RoundNearestEvenOp) { return unary(UnaryOp::Round); })
      .Case([&](RoundNearestAfzOp) { return unary(UnaryOp::Round, afz); })
      .Case([&](IsFiniteOp) {
        return take(computeFloatClass(env(), FloatClass::IsFinite, in[0]));
      })
      .Case([&](PopcntOp) {
        return take(computeBitCount(env(), BitCount::Ones, in[0]));
      })
      .Case([&](CountLeadingZerosOp) {
        return take(computeBitCount(env(), BitCount::LeadingZeros, in[0]));
      })
      .Case([&](BitcastConvertOp) {
        return take(computeBitcast(env(), in[0], resultElementType()));
      })
      .Case([&](RealOp) {
        return take(computeComplexPart(env(), in[0], /*imaginary=*/false,
                                       resultElementType()));
      })
      .Case([&](ImagOp) {
        return take(computeComplexPart(env(), in[0], /*imaginary=*/true,
                                       resultElementType()));
      })
      .Case([&](ComplexOp) {
        return take(
            computeMakeComplex(env(), in[0], in[1], resultElementType()));
      })
      .Case([&](ConvertOp) {
        return take(computeConvert(env(), in[0], resultElementType(),
                                   ConvertSemantics::stablehlo()));
      })
      .Case([&](CompareOp c) { return compare(c); })
      .Case([&](SelectOp) {
        return take(computeSelect(env(), in[0], in[1], in[2]));
      })
      .Case([&](ClampOp) { return clamp(); })
      .Case([&](BroadcastInDimOp b) {
        return withShape([&](ArrayRef<int64_t> shape) {
          return computeBroadcastInDim(env(), in[0], shape,
                                       b.getBroadcastDimensions());
        });
      })
      .Case([&](ReshapeOp) {
        return withShape([&](ArrayRef<int64_t> shape) {
          return computeReshape(env(), in[0], shape);
        });
      })
      .Case([&](TransposeOp t) {
        return take(computeTranspose(env(), in[0], t.getPermutation()));
      })
      .Case([&](ReverseOp r) {
        return take(computeReverse(env(), in[0], r.getDimensions()));
      })
      .Case([&](ConcatenateOp c) {
        SmallVector<const HostTensor *> ptrs;
        for (const HostTensor &t : in)
          ptrs.push_back(&t);
        return take(computeConcatenate(env(), ptrs, c.getDimension()));
      })
      .Case([&](IotaOp i) {
        return withShape([&](ArrayRef<int64_t> shape) {
          return computeIota(env(), resultElementType(), shape,
                             i.getIotaDimension());
        });
      })
      .Case([&](SliceOp s) {
        return take(computeSlice(env(), in[0], s.getStartIndices(),
                                 s.getLimitIndices(), s.getStrides()));
      })
      .Case([&](PadOp p) {
        return take(computePad(env(), in[0], in[1], p.getEdgePaddingLow(),
                               p.getEdgePaddingHigh(), p.getInteriorPadding()));
      })
      .Case([&](DynamicSliceOp d) {
        return take(
            computeDynamicSlice(env(), in[0], scalarInts(in.drop_front()),
                                d.getSliceSizes(), IndexOutOfRange::Clamp));
      })
      .Case([&](DynamicUpdateSliceOp) {
        return take(computeDynamicUpdateSlice(env(), in[0], in[1],
                                              scalarInts(in.drop_front(2)),
                                              IndexOutOfRange::Clamp));
      })
      .Case([&](GatherOp g) { return gather(g); })
      .Case([&](DotGeneralOp d) {
        return dotGeneral(d.getDotDimensionNumbers());
      })
      .Case([&](DotOp) { return dot(); })
      .Case([&](ConvolutionOp c) { return convolution(c); })
      .Case([&](GetDimensionSizeOp g) {
        llvm::Expected<HostTensor> s =
            HostTensor::create(resultElementType(), {});
        if (!s)
          return reportError(op, s.takeError());
        s->setInt(0, in[0].getShape()[g.getDimension()]);
        out.push_back(std::move(*s));
        return success();
      })
      .Case([&](OptimizationBarrierOp) {
        out.append(in.begin(), in.end());
        return success();
      })
      .Case([&](check::ExpectEqOp) {
        return checkResult(expectEqual(in[0], in[1]));
      })
      .Case([&](check::ExpectEqConstOp c) {
        HostTensor e;
        if (failed(expected(c.getValue(), e)))
          return failure();
        return checkResult(expectEqual(in[0], e));
      })
      .Case([&](check::ExpectAlmostEqOp c) {
        return checkResult(expectAlmostEqual(
            in[0], in[1], c.getTolerance().convertToDouble()));
      })
      .Case([&](check::ExpectAlmostEqConstOp c) {
        HostTensor e;
        if (failed(expected(c.getValue(), e)))
          return failure();
        return checkResult(
            expectAlmostEqual(in[0], e, c.getTolerance().convertToDouble()));
      })
      .Case([&](check::ExpectCloseOp c) {
        return checkResult(expectClose(in[0], in[1], c.getMaxUlpDifference(),
                                       c.getMinUlpDifference()));
      })
      .Default(unsupported);
}

LogicalResult mlir::tfg::stablehlo::detail::evalOp(
    Operation *op, ArrayRef<HostTensor> operands,
    SmallVectorImpl<HostTensor> &results, BodyRunner &runner,
    const InterpreterOptions &options) {
  Eval eval{op, operands, results, options};
  return eval.run(runner);
}
