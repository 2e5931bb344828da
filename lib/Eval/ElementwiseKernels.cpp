//===- ElementwiseKernels.cpp - Kernels of elementwise arithmetic ---------===//
//
// Integer and floating-point Add/AddV2/Sub/Mul, integer Maximum/Minimum
// and Neg on dense constants. Integers wrap (two's complement), as
// TensorFlow's CPU kernels do; floats round to nearest even in their own
// semantics. Binary kernels broadcast a one-element operand against the
// other (NumPy rules for the result's shape); other shapes must be equal
// (general broadcasting comes with the kernels that need it).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
enum class BinaryOp { Add, Sub, Mul, Max, Min };
} // namespace

static std::optional<APInt> applyInt(BinaryOp op, const APInt &a,
                                     const APInt &b, bool isUnsigned) {
  switch (op) {
  case BinaryOp::Add:
    return a + b;
  case BinaryOp::Sub:
    return a - b;
  case BinaryOp::Mul:
    return a * b;
  case BinaryOp::Max:
    return isUnsigned ? llvm::APIntOps::umax(a, b) : llvm::APIntOps::smax(a, b);
  case BinaryOp::Min:
    return isUnsigned ? llvm::APIntOps::umin(a, b) : llvm::APIntOps::smin(a, b);
  }
  return std::nullopt;
}

static std::optional<APFloat> applyFloat(BinaryOp op, APFloat a,
                                         const APFloat &b) {
  switch (op) {
  case BinaryOp::Add:
    a.add(b, APFloat::rmNearestTiesToEven);
    return a;
  case BinaryOp::Sub:
    a.subtract(b, APFloat::rmNearestTiesToEven);
    return a;
  case BinaryOp::Mul:
    a.multiply(b, APFloat::rmNearestTiesToEven);
    return a;
  case BinaryOp::Max:
  case BinaryOp::Min:
    // NaN handling differs between TensorFlow's devices: not folded here.
    return std::nullopt;
  }
  return std::nullopt;
}

/// The dense value of operand `i`, or null.
static DenseElementsAttr getDense(EvalContext &ctx, unsigned i) {
  return dyn_cast_if_present<DenseElementsAttr>(ctx.getValue(i));
}

static LogicalResult binaryKernel(EvalContext &ctx, BinaryOp op) {
  DenseElementsAttr a = getDense(ctx, 0), b = getDense(ctx, 1);
  if (!a || !b || ctx.getNumOperands() != 2)
    return failure();
  ShapedType ta = a.getType(), tb = b.getType();
  Type element = ta.getElementType();
  if (element != tb.getElementType())
    return failure();
  // NumPy broadcasting of the shapes; each operand must then have a single
  // element or as many as the result (then its elements are the result's
  // in row-major order: only leading 1s differ).
  ArrayRef<int64_t> sa = ta.getShape(), sb = tb.getShape();
  size_t rank = std::max(sa.size(), sb.size());
  SmallVector<int64_t> shape(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - sa.size() ? 1 : sa[i - (rank - sa.size())];
    int64_t db = i < rank - sb.size() ? 1 : sb[i - (rank - sb.size())];
    if (da != db && da != 1 && db != 1)
      return failure();
    shape[i] = da == 1 ? db : da;
  }
  ShapedType resultType = RankedTensorType::get(shape, element);
  auto fits = [&](ShapedType t) {
    return t.getNumElements() == 1 ||
           t.getNumElements() == resultType.getNumElements();
  };
  if (!fits(ta) || !fits(tb))
    return failure();
  if (resultType.getNumElements() > ctx.getMaxElements())
    return failure();
  int64_t n = resultType.getNumElements();
  auto at = [](DenseElementsAttr v, int64_t i) {
    return v.isSplat() || v.getNumElements() == 1 ? 0 : i;
  };
  if (auto intType = dyn_cast<IntegerType>(element)) {
    // Booleans are integers of width 1 but not numbers to TensorFlow.
    if (intType.getWidth() == 1)
      return failure();
    auto va = a.getValues<APInt>(), vb = b.getValues<APInt>();
    SmallVector<APInt> out;
    out.reserve(n);
    for (int64_t i = 0; i < n; ++i) {
      std::optional<APInt> r =
          applyInt(op, va[at(a, i)], vb[at(b, i)], intType.isUnsigned());
      if (!r)
        return failure();
      out.push_back(*r);
    }
    return setSingleResult(ctx, DenseElementsAttr::get(resultType, out));
  }
  if (isa<FloatType>(element)) {
    auto va = a.getValues<APFloat>(), vb = b.getValues<APFloat>();
    SmallVector<APFloat> out;
    out.reserve(n);
    for (int64_t i = 0; i < n; ++i) {
      std::optional<APFloat> r = applyFloat(op, va[at(a, i)], vb[at(b, i)]);
      if (!r)
        return failure();
      out.push_back(*r);
    }
    return setSingleResult(ctx, DenseElementsAttr::get(resultType, out));
  }
  return failure();
}

template <BinaryOp Op> static LogicalResult binary(EvalContext &ctx) {
  return binaryKernel(ctx, Op);
}

static LogicalResult negKernel(EvalContext &ctx) {
  DenseElementsAttr a = getDense(ctx, 0);
  if (!a || ctx.getNumOperands() != 1 ||
      a.getNumElements() > ctx.getMaxElements())
    return failure();
  Type element = a.getElementType();
  if (auto intType = dyn_cast<IntegerType>(element)) {
    if (intType.getWidth() == 1)
      return failure();
    return setSingleResult(
        ctx, a.mapValues(element, [](const APInt &v) { return -v; }));
  }
  if (isa<FloatType>(element))
    return setSingleResult(ctx, a.mapValues(element, [](const APFloat &v) {
      return (-v).bitcastToAPInt();
    }));
  return failure();
}

void mlir::tfg::addElementwiseKernels(EvalKernelTable &table) {
  // Add on strings concatenates: the kernel takes numbers only.
  addKernels(table, {"Add", "AddV2"}, binary<BinaryOp::Add>);
  addKernels(table, {"Sub"}, binary<BinaryOp::Sub>);
  addKernels(table, {"Mul"}, binary<BinaryOp::Mul>);
  addKernels(table, {"Maximum"}, binary<BinaryOp::Max>);
  addKernels(table, {"Minimum"}, binary<BinaryOp::Min>);
  addKernels(table, {"Neg"}, negKernel);
}
