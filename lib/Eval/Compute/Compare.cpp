//===- Compare.cpp - Comparisons, logical ops and select ------------------===//
//
// The functions of tfg/Eval/Compute/Compare.h.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Compare.h"
#include "tfg/Eval/Compute/Broadcast.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::tfg;

template <typename T> static bool compare(CompareDirection d, T a, T b) {
  switch (d) {
  case CompareDirection::EQ:
    return a == b;
  case CompareDirection::NE:
    return a != b;
  case CompareDirection::LT:
    return a < b;
  case CompareDirection::LE:
    return a <= b;
  case CompareDirection::GT:
    return a > b;
  case CompareDirection::GE:
    return a >= b;
  }
  return false;
}

/// A key whose signed order is IEEE-754's totalOrder of `x`.
static int64_t totalOrderKey(double x) {
  int64_t bits;
  std::memcpy(&bits, &x, sizeof(bits));
  // Negative values order by reversed magnitude.
  return bits < 0 ? (bits ^ INT64_MAX) : bits;
}

/// The bool result type of a comparison of `t`.
static Type boolType(const HostTensor &t) {
  return IntegerType::get(t.getElementType().getContext(), 1);
}

llvm::Expected<HostTensor>
mlir::tfg::computeCompare(const ComputeEnv &env, CompareDirection direction,
                          const HostTensor &a, const HostTensor &b,
                          const CompareSemantics &semantics) {
  if (a.getElementType() != b.getElementType())
    return computeError("operands of different element types");
  HostElementKind kind = a.getKind();
  bool equality =
      direction == CompareDirection::EQ || direction == CompareDirection::NE;
  if (!equality &&
      (kind == HostElementKind::String || kind == HostElementKind::Complex ||
       (kind == HostElementKind::Bool && !semantics.orderedBools)))
    return computeError("operands of an unsupported element type");
  llvm::Expected<Broadcast> bc = broadcastShapes({a.getShape(), b.getShape()});
  if (!bc)
    return bc.takeError();
  llvm::Expected<ResultBuilder> out =
      startResult(env, boolType(a), bc->shape, isUniform(a) && isUniform(b));
  if (!out)
    return out.takeError();
  bool total = semantics.floatOrder == FloatOrder::TotalOrder;
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t ia = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ib = out->splat ? 0 : bc->operandIndex(1, i);
    bool v;
    switch (kind) {
    case HostElementKind::Float:
      v = total ? compare(direction, totalOrderKey(a.getDouble(ia)),
                          totalOrderKey(b.getDouble(ib)))
                : compare(direction, a.getDouble(ia), b.getDouble(ib));
      break;
    case HostElementKind::Unsigned:
    case HostElementKind::Bool:
      v = compare(direction, a.getUInt(ia), b.getUInt(ib));
      break;
    case HostElementKind::Complex: {
      std::complex<double> x = a.getComplex(ia), y = b.getComplex(ib);
      bool same = total ? totalOrderKey(x.real()) == totalOrderKey(y.real()) &&
                              totalOrderKey(x.imag()) == totalOrderKey(y.imag())
                        : x == y;
      v = same == (direction == CompareDirection::EQ);
      break;
    }
    case HostElementKind::String:
      v = (a.getString(ia) == b.getString(ib)) ==
          (direction == CompareDirection::EQ);
      break;
    default:
      v = compare(direction, a.getInt(ia), b.getInt(ib));
    }
    out->tensor.setInt(i, v);
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeLogical(const ComputeEnv &env,
                                                     bool isAnd,
                                                     const HostTensor &a,
                                                     const HostTensor &b) {
  if (a.getElementType() != b.getElementType())
    return computeError("operands of different element types");
  if (a.getKind() != HostElementKind::Bool)
    return computeError("operands of an unsupported element type");
  llvm::Expected<Broadcast> bc = broadcastShapes({a.getShape(), b.getShape()});
  if (!bc)
    return bc.takeError();
  llvm::Expected<ResultBuilder> out =
      startResult(env, boolType(a), bc->shape, isUniform(a) && isUniform(b));
  if (!out)
    return out.takeError();
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    bool x = a.getInt(out->splat ? 0 : bc->operandIndex(0, i)) != 0;
    bool y = b.getInt(out->splat ? 0 : bc->operandIndex(1, i)) != 0;
    out->tensor.setInt(i, isAnd ? (x && y) : (x || y));
  }
  return finishResult(std::move(*out));
}

llvm::Expected<HostTensor> mlir::tfg::computeSelect(const ComputeEnv &env,
                                                    const HostTensor &pred,
                                                    const HostTensor &onTrue,
                                                    const HostTensor &onFalse) {
  if (pred.getKind() != HostElementKind::Bool)
    return computeError("condition is not bool");
  if (onTrue.getElementType() != onFalse.getElementType())
    return computeError("branches of different element types");
  llvm::Expected<Broadcast> bc =
      broadcastShapes({pred.getShape(), onTrue.getShape(), onFalse.getShape()});
  if (!bc)
    return bc.takeError();
  bool uniform = isUniform(pred) && isUniform(onTrue) && isUniform(onFalse);
  llvm::Expected<ResultBuilder> out =
      startResult(env, onTrue.getElementType(), bc->shape, uniform);
  if (!out)
    return out.takeError();
  const HostTensor *branches[3] = {&pred, &onTrue, &onFalse};
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    bool c = pred.getInt(out->splat ? 0 : bc->operandIndex(0, i));
    unsigned k = c ? 1 : 2;
    copyElement(*branches[k], out->splat ? 0 : bc->operandIndex(k, i),
                out->tensor, i);
  }
  return finishResult(std::move(*out));
}
