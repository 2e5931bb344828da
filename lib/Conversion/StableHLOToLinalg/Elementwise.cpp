//===- Elementwise.cpp - elementwise StableHLO ops to linalg.generic ------===//
//
// Elementwise ops become one linalg.generic whose body is the op's scalar
// computation (buildScalarOp, also used by the bodies of reduce,
// reduce_window and map); 0-d operands of select and clamp are broadcast.
// Scalar semantics follow the StableHLO interpreter: integers wrap,
// x / 0 = -1 and x % 0 = x, maximum/minimum propagate NaN, add/multiply of
// booleans are or/and, shifts by the bit width or more give 0 (-1 for
// negative arithmetic right shifts).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

namespace {
/// Builds scalar arithmetic at one location.
struct Scalar {
  OpBuilder &b;
  Location loc;

  Value cst(Type t, double v) { return scalarConstant(b, loc, t, v); }
  Value allOnes(Type t) {
    return arith::ConstantOp::create(
        b, loc,
        b.getIntegerAttr(t, APInt::getAllOnes(t.getIntOrFloatBitWidth())));
  }
  Value minInt(Type t) {
    return arith::ConstantOp::create(
        b, loc,
        b.getIntegerAttr(t,
                         APInt::getSignedMinValue(t.getIntOrFloatBitWidth())));
  }
  Value cmpi(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }

  /// Integer division or remainder with the interpreter's answers for a
  /// zero divisor (-1, x) and for MIN / -1 (wraps: MIN, 0).
  Value intDivRem(Value x, Value y, bool rem) {
    Type t = x.getType();
    Value zero = cst(t, 0), one = cst(t, 1);
    Value isZero = cmpi(arith::CmpIPredicate::eq, y, zero);
    Value overflow = arith::AndIOp::create(
        b, loc, cmpi(arith::CmpIPredicate::eq, x, minInt(t)),
        cmpi(arith::CmpIPredicate::eq, y, allOnes(t)));
    Value safe = select(arith::OrIOp::create(b, loc, isZero, overflow), one, y);
    if (rem)
      return select(isZero, x, arith::RemSIOp::create(b, loc, x, safe));
    return select(isZero, allOnes(t), arith::DivSIOp::create(b, loc, x, safe));
  }

  /// Shifts: amounts outside [0, bits) give 0 (or the sign for arithmetic
  /// right shifts).
  Value shift(Value x, Value y, int kind) {
    Type t = x.getType();
    Value bits = cst(t, t.getIntOrFloatBitWidth());
    Value inRange = cmpi(arith::CmpIPredicate::ult, y, bits);
    Value zero = cst(t, 0);
    Value safe = select(inRange, y, zero);
    if (kind == 0)
      return select(inRange, arith::ShLIOp::create(b, loc, x, safe), zero);
    if (kind == 1)
      return select(inRange, arith::ShRUIOp::create(b, loc, x, safe), zero);
    Value sign = arith::ShRSIOp::create(b, loc, x,
                                        cst(t, t.getIntOrFloatBitWidth() - 1));
    return select(inRange, arith::ShRSIOp::create(b, loc, x, safe), sign);
  }

  FailureOr<Value> compare(shlo::CompareOp op, Value x, Value y) {
    Type t = x.getType();
    auto dir = op.getComparisonDirection();
    if (isa<FloatType>(t)) {
      if (op.getCompareType() &&
          *op.getCompareType() == shlo::ComparisonType::TOTALORDER)
        return op.emitError("stablehlo-to-linalg: TOTALORDER comparisons of "
                            "floats are not supported");
      arith::CmpFPredicate p = arith::CmpFPredicate::OEQ;
      switch (dir) {
      case shlo::ComparisonDirection::EQ:
        p = arith::CmpFPredicate::OEQ;
        break;
      case shlo::ComparisonDirection::NE:
        p = arith::CmpFPredicate::UNE;
        break;
      case shlo::ComparisonDirection::GE:
        p = arith::CmpFPredicate::OGE;
        break;
      case shlo::ComparisonDirection::GT:
        p = arith::CmpFPredicate::OGT;
        break;
      case shlo::ComparisonDirection::LE:
        p = arith::CmpFPredicate::OLE;
        break;
      case shlo::ComparisonDirection::LT:
        p = arith::CmpFPredicate::OLT;
        break;
      }
      return Value(arith::CmpFOp::create(b, loc, p, x, y));
    }
    bool isUnsigned = t.isInteger(1) ||
                      (op.getCompareType() &&
                       *op.getCompareType() == shlo::ComparisonType::UNSIGNED);
    arith::CmpIPredicate p = arith::CmpIPredicate::eq;
    switch (dir) {
    case shlo::ComparisonDirection::EQ:
      p = arith::CmpIPredicate::eq;
      break;
    case shlo::ComparisonDirection::NE:
      p = arith::CmpIPredicate::ne;
      break;
    case shlo::ComparisonDirection::GE:
      p = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    case shlo::ComparisonDirection::GT:
      p = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    case shlo::ComparisonDirection::LE:
      p = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    case shlo::ComparisonDirection::LT:
      p = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    }
    return cmpi(p, x, y);
  }

  Value convert(Value x, Type to) {
    Type from = x.getType();
    if (from == to)
      return x;
    bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
    if (to.isInteger(1)) {
      if (fromFloat)
        return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                     cst(from, 0));
      return cmpi(arith::CmpIPredicate::ne, x, cst(from, 0));
    }
    if (fromFloat && toFloat) {
      if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
        return arith::ExtFOp::create(b, loc, to, x);
      return arith::TruncFOp::create(b, loc, to, x);
    }
    if (fromFloat)
      return arith::FPToSIOp::create(b, loc, to, x);
    if (toFloat) {
      if (from.isInteger(1))
        return arith::UIToFPOp::create(b, loc, to, x);
      return arith::SIToFPOp::create(b, loc, to, x);
    }
    unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
    if (fw < tw) {
      if (from.isInteger(1))
        return arith::ExtUIOp::create(b, loc, to, x);
      return arith::ExtSIOp::create(b, loc, to, x);
    }
    return arith::TruncIOp::create(b, loc, to, x);
  }
};
} // namespace

FailureOr<Value> shlo_linalg::buildScalarOp(OpBuilder &b, Location loc,
                                            Operation *op, ValueRange args,
                                            Type resultType) {
  Scalar s{b, loc};
  Value x = args.empty() ? Value() : args[0];
  Value y = args.size() > 1 ? args[1] : Value();
  Type t = x ? x.getType() : resultType;
  bool isFloat = isa<FloatType>(t);
  bool isBool = t.isInteger(1);
  auto unsupported = [&]() -> FailureOr<Value> {
    return op->emitError("stablehlo-to-linalg: '")
           << op->getName() << "' is not supported on " << t;
  };
  using V = FailureOr<Value>;
  return llvm::TypeSwitch<Operation *, V>(op)
      .Case([&](shlo::AddOp) -> V {
        if (isFloat)
          return Value(arith::AddFOp::create(b, loc, x, y));
        if (isBool)
          return Value(arith::OrIOp::create(b, loc, x, y));
        return Value(arith::AddIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::SubtractOp) -> V {
        if (isFloat)
          return Value(arith::SubFOp::create(b, loc, x, y));
        return Value(arith::SubIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::MultiplyOp) -> V {
        if (isFloat)
          return Value(arith::MulFOp::create(b, loc, x, y));
        if (isBool)
          return Value(arith::AndIOp::create(b, loc, x, y));
        return Value(arith::MulIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::DivideOp) -> V {
        if (isFloat)
          return Value(arith::DivFOp::create(b, loc, x, y));
        return s.intDivRem(x, y, /*rem=*/false);
      })
      .Case([&](shlo::RemainderOp) -> V {
        if (isFloat)
          return Value(arith::RemFOp::create(b, loc, x, y));
        return s.intDivRem(x, y, /*rem=*/true);
      })
      .Case([&](shlo::MaximumOp) -> V {
        if (isFloat)
          return Value(arith::MaximumFOp::create(b, loc, x, y));
        if (isBool)
          return Value(arith::OrIOp::create(b, loc, x, y));
        return Value(arith::MaxSIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::MinimumOp) -> V {
        if (isFloat)
          return Value(arith::MinimumFOp::create(b, loc, x, y));
        if (isBool)
          return Value(arith::AndIOp::create(b, loc, x, y));
        return Value(arith::MinSIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::PowerOp) -> V {
        if (isFloat)
          return Value(math::PowFOp::create(b, loc, x, y));
        return Value(math::IPowIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::Atan2Op) -> V {
        return Value(math::Atan2Op::create(b, loc, x, y));
      })
      .Case([&](shlo::AndOp) -> V {
        return Value(arith::AndIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::OrOp) -> V {
        return Value(arith::OrIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::XorOp) -> V {
        return Value(arith::XOrIOp::create(b, loc, x, y));
      })
      .Case([&](shlo::NotOp) -> V {
        return Value(arith::XOrIOp::create(b, loc, x, s.allOnes(t)));
      })
      .Case([&](shlo::ShiftLeftOp) -> V { return s.shift(x, y, 0); })
      .Case([&](shlo::ShiftRightLogicalOp) -> V { return s.shift(x, y, 1); })
      .Case([&](shlo::ShiftRightArithmeticOp) -> V { return s.shift(x, y, 2); })
      .Case([&](shlo::NegateOp) -> V {
        if (isFloat)
          return Value(arith::NegFOp::create(b, loc, x));
        return Value(arith::SubIOp::create(b, loc, s.cst(t, 0), x));
      })
      .Case([&](shlo::AbsOp) -> V {
        if (isFloat)
          return Value(math::AbsFOp::create(b, loc, x));
        return Value(math::AbsIOp::create(b, loc, x));
      })
      .Case([&](shlo::SignOp) -> V {
        if (isFloat) {
          Value zero = s.cst(t, 0);
          Value pos =
              arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x, zero);
          Value neg =
              arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
          return s.select(pos, s.cst(t, 1), s.select(neg, s.cst(t, -1), x));
        }
        Value zero = s.cst(t, 0);
        Value pos = s.cmpi(arith::CmpIPredicate::sgt, x, zero);
        Value neg = s.cmpi(arith::CmpIPredicate::slt, x, zero);
        return s.select(pos, s.cst(t, 1), s.select(neg, s.allOnes(t), zero));
      })
      .Case([&](shlo::SqrtOp) -> V {
        return Value(math::SqrtOp::create(b, loc, x));
      })
      .Case([&](shlo::RsqrtOp) -> V {
        return Value(math::RsqrtOp::create(b, loc, x));
      })
      .Case([&](shlo::CbrtOp) -> V {
        return Value(math::CbrtOp::create(b, loc, x));
      })
      .Case([&](shlo::ExponentialOp) -> V {
        return Value(math::ExpOp::create(b, loc, x));
      })
      .Case([&](shlo::ExponentialMinusOneOp) -> V {
        return Value(math::ExpM1Op::create(b, loc, x));
      })
      .Case([&](shlo::LogOp) -> V {
        return Value(math::LogOp::create(b, loc, x));
      })
      .Case([&](shlo::LogPlusOneOp) -> V {
        return Value(math::Log1pOp::create(b, loc, x));
      })
      .Case([&](shlo::LogisticOp) -> V {
        Value one = s.cst(t, 1);
        Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
        return Value(arith::DivFOp::create(
            b, loc, one, arith::AddFOp::create(b, loc, one, e)));
      })
      .Case([&](shlo::SineOp) -> V {
        return Value(math::SinOp::create(b, loc, x));
      })
      .Case([&](shlo::CosineOp) -> V {
        return Value(math::CosOp::create(b, loc, x));
      })
      .Case([&](shlo::TanOp) -> V {
        return Value(math::TanOp::create(b, loc, x));
      })
      .Case([&](shlo::TanhOp) -> V {
        return Value(math::TanhOp::create(b, loc, x));
      })
      .Case([&](shlo::FloorOp) -> V {
        return Value(math::FloorOp::create(b, loc, x));
      })
      .Case([&](shlo::CeilOp) -> V {
        return Value(math::CeilOp::create(b, loc, x));
      })
      .Case([&](shlo::RoundNearestEvenOp) -> V {
        return Value(math::RoundEvenOp::create(b, loc, x));
      })
      .Case([&](shlo::RoundNearestAfzOp) -> V {
        return Value(math::RoundOp::create(b, loc, x));
      })
      .Case([&](shlo::IsFiniteOp) -> V {
        return Value(math::IsFiniteOp::create(b, loc, x));
      })
      .Case([&](shlo::PopcntOp) -> V {
        return Value(math::CtPopOp::create(b, loc, x));
      })
      .Case([&](shlo::CountLeadingZerosOp) -> V {
        return Value(math::CountLeadingZerosOp::create(b, loc, x));
      })
      .Case([&](shlo::CompareOp cmp) -> V { return s.compare(cmp, x, y); })
      .Case([&](shlo::SelectOp) -> V {
        return s.select(args[0], args[1], args[2]);
      })
      .Case([&](shlo::ClampOp) -> V {
        // clamp(min, x, max) = min(max(x, min), max).
        Value lo = args[0], v = args[1], hi = args[2];
        if (isa<FloatType>(v.getType()))
          return Value(arith::MinimumFOp::create(
              b, loc, arith::MaximumFOp::create(b, loc, v, lo), hi));
        return Value(arith::MinSIOp::create(
            b, loc, arith::MaxSIOp::create(b, loc, v, lo), hi));
      })
      .Case([&](shlo::ConvertOp) -> V { return s.convert(x, resultType); })
      .Case([&](shlo::BitcastConvertOp) -> V {
        if (t.getIntOrFloatBitWidth() != resultType.getIntOrFloatBitWidth())
          return unsupported();
        return Value(arith::BitcastOp::create(b, loc, resultType, x));
      })
      .Default([&](Operation *) -> V { return unsupported(); });
}

bool shlo_linalg::isElementwiseOp(Operation *op) {
  return isa<shlo::AddOp, shlo::SubtractOp, shlo::MultiplyOp, shlo::DivideOp,
             shlo::RemainderOp, shlo::MaximumOp, shlo::MinimumOp, shlo::PowerOp,
             shlo::Atan2Op, shlo::AndOp, shlo::OrOp, shlo::XorOp, shlo::NotOp,
             shlo::ShiftLeftOp, shlo::ShiftRightLogicalOp,
             shlo::ShiftRightArithmeticOp, shlo::NegateOp, shlo::AbsOp,
             shlo::SignOp, shlo::SqrtOp, shlo::RsqrtOp, shlo::CbrtOp,
             shlo::ExponentialOp, shlo::ExponentialMinusOneOp, shlo::LogOp,
             shlo::LogPlusOneOp, shlo::LogisticOp, shlo::SineOp, shlo::CosineOp,
             shlo::TanOp, shlo::TanhOp, shlo::FloorOp, shlo::CeilOp,
             shlo::RoundNearestEvenOp, shlo::RoundNearestAfzOp,
             shlo::IsFiniteOp, shlo::PopcntOp, shlo::CountLeadingZerosOp,
             shlo::CompareOp, shlo::SelectOp, shlo::ClampOp, shlo::ConvertOp,
             shlo::BitcastConvertOp>(op);
}

/// A parallel linalg.generic of `resultType` into `init` whose body yields
/// `body`'s value of the block's arguments (the inputs', then the
/// output's). When `body` fails (it has emitted the error), the generic is
/// erased and nothing of it is left.
static FailureOr<Value> buildGenericOrErase(
    OpBuilder &b, Location loc, RankedTensorType resultType, ValueRange inputs,
    Value init, ArrayRef<AffineMap> maps,
    function_ref<FailureOr<Value>(OpBuilder &, Location, ValueRange)> body) {
  bool failedBody = false;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
      parallelIterators(resultType.getRank()),
      [&](OpBuilder &nb, Location nl, ValueRange a) {
        FailureOr<Value> v = body(nb, nl, a);
        if (failed(v)) {
          failedBody = true;
          linalg::YieldOp::create(nb, nl, ValueRange{a.back()});
          return;
        }
        linalg::YieldOp::create(nb, nl, ValueRange{*v});
      });
  if (failedBody) {
    generic.erase();
    return failure();
  }
  return generic.getResult(0);
}

/// The generic of an elementwise op with `?` sizes: over the result's
/// static sizes and, for its `?` ones, the smallest of the operands' (equal
/// when the program is valid); operands of the result's rank are read with
/// safeExtract, so that no size mismatch reads outside them.
static FailureOr<SmallVector<Value>> buildDynamicElementwiseGeneric(
    OpBuilder &b, Operation *op, ValueRange inputs,
    function_ref<FailureOr<Value>(OpBuilder &, Location, ValueRange)> body) {
  Location loc = op->getLoc();
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  unsigned rank = resultType.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<OpFoldResult> sizes;
  for (unsigned d = 0; d < rank; ++d) {
    if (!resultType.isDynamicDim(d)) {
      sizes.push_back(b.getIndexAttr(resultType.getDimSize(d)));
      continue;
    }
    OpFoldResult size;
    for (Value in : inputs) {
      auto type = cast<RankedTensorType>(in.getType());
      if (type.getRank() != rank)
        continue;
      OpFoldResult s = tensorSizes(b, loc, in)[d];
      size = size ? minSize(b, loc, size, s) : s;
    }
    sizes.push_back(size);
  }
  // 0-d operands through their (empty) indexing maps, the others read.
  SmallVector<Value> scalars;
  SmallVector<AffineMap> maps;
  for (Value in : inputs)
    if (cast<RankedTensorType>(in.getType()).getRank() == 0 && rank != 0) {
      scalars.push_back(in);
      maps.push_back(AffineMap::get(rank, 0, {}, ctx));
    }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  Value init = emptyTensor(b, loc, resultType, sizes);
  FailureOr<Value> result = buildGenericOrErase(
      b, loc, resultType, scalars, init, maps,
      [&](OpBuilder &nb, Location nl, ValueRange a) -> FailureOr<Value> {
        SmallVector<Value> r;
        for (unsigned d = 0; d < rank; ++d)
          r.push_back(linalg::IndexOp::create(nb, nl, d));
        SmallVector<Value> args;
        unsigned next = 0;
        for (Value in : inputs) {
          if (cast<RankedTensorType>(in.getType()).getRank() == 0 && rank != 0)
            args.push_back(a[next++]);
          else
            args.push_back(safeExtract(nb, nl, in, r));
        }
        return body(nb, nl, args);
      });
  if (failed(result))
    return failure();
  return SmallVector<Value>{*result};
}

/// One linalg.generic over the result's shape; 0-d operands of a result of
/// higher rank are broadcast (select's predicate, clamp's bounds).
static FailureOr<SmallVector<Value>> buildElementwiseGeneric(
    OpBuilder &b, Operation *op, ValueRange inputs,
    function_ref<FailureOr<Value>(OpBuilder &, Location, ValueRange)> body) {
  if (hasDynamicShapes(op))
    return buildDynamicElementwiseGeneric(b, op, inputs, body);
  Location loc = op->getLoc();
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  unsigned rank = resultType.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value in : inputs) {
    auto type = cast<RankedTensorType>(in.getType());
    maps.push_back(type.getRank() == 0 && rank != 0
                       ? AffineMap::get(rank, 0, {}, ctx)
                       : AffineMap::getMultiDimIdentityMap(rank, ctx));
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  Value init = emptyTensor(b, loc, resultType);
  FailureOr<Value> result =
      buildGenericOrErase(b, loc, resultType, inputs, init, maps,
                          [&](OpBuilder &nb, Location nl, ValueRange a) {
                            return body(nb, nl, a.drop_back());
                          });
  if (failed(result))
    return failure();
  return SmallVector<Value>{*result};
}

Lowered shlo_linalg::lowerElementwise(OpBuilder &b, Operation *op) {
  if (auto map = dyn_cast<shlo::MapOp>(op)) {
    return buildElementwiseGeneric(
        b, op, map.getInputs(),
        [&](OpBuilder &nb, Location nl, ValueRange a) -> FailureOr<Value> {
          auto out = inlineScalarBody(nb, nl, map.getComputation(), a);
          if (failed(out))
            return failure();
          if (out->size() != 1)
            return emitError(nl, "stablehlo-to-linalg: map body must return "
                                 "one value");
          return (*out)[0];
        });
  }
  if (!isElementwiseOp(op))
    return std::nullopt;
  // A convert of unsigned elements: the scalar reinterpreted as signless
  // (unrealized_conversion_cast, which the LLVM lowering's type conversion
  // folds away), then extended, truncated or converted as unsigned.
  if (auto convert = dyn_cast<shlo::ConvertOp>(op)) {
    Type in = getElementTypeOrSelf(convert.getOperand().getType());
    if (in.isUnsignedInteger()) {
      Type out = getElementTypeOrSelf(convert.getType());
      return buildElementwiseGeneric(
          b, op, op->getOperands(),
          [&](OpBuilder &nb, Location nl, ValueRange a) -> FailureOr<Value> {
            auto signless = nb.getIntegerType(in.getIntOrFloatBitWidth());
            Value x = UnrealizedConversionCastOp::create(
                          nb, nl, TypeRange{signless}, ValueRange{a[0]})
                          .getResult(0);
            if (isa<FloatType>(out))
              return Value(arith::UIToFPOp::create(nb, nl, out, x));
            unsigned from = signless.getWidth();
            unsigned to = out.getIntOrFloatBitWidth();
            if (to == 1)
              return Value(arith::CmpIOp::create(
                  nb, nl, arith::CmpIPredicate::ne, x,
                  arith::ConstantIntOp::create(nb, nl, signless, 0)));
            if (to > from)
              return Value(arith::ExtUIOp::create(nb, nl, out, x));
            if (to < from)
              return Value(arith::TruncIOp::create(nb, nl, out, x));
            return x;
          });
    }
  }
  Type resultElement = getElementTypeOrSelf(op->getResult(0).getType());
  return buildElementwiseGeneric(
      b, op, op->getOperands(), [&](OpBuilder &nb, Location nl, ValueRange a) {
        return buildScalarOp(nb, nl, op, a, resultElement);
      });
}
