//===- Combine.cpp - Combining an element into an accumulator -------------===//
//
// combineElement and fillIdentity (tfg/Eval/Compute/Combine.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Compute/Combine.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfg;

template <typename T> static T combineValues(Combine op, T a, T b) {
  switch (op) {
  case Combine::Assign:
    return b;
  case Combine::Add:
    return a + b;
  case Combine::Sub:
    return a - b;
  case Combine::Mul:
    return a * b;
  case Combine::Max:
    return a < b ? b : a;
  case Combine::Min:
    return b < a ? b : a;
  }
  return b;
}

void mlir::tfg::combineElement(Combine op, const HostTensor &src, int64_t from,
                               HostTensor &dst, int64_t to) {
  if (op == Combine::Assign) {
    copyElement(src, from, dst, to);
    return;
  }
  switch (src.getKind()) {
  case HostElementKind::Float:
    if (src.getElementInfo().byteSize == 4) {
      const float *s = src.data<float>().data();
      float &d = dst.data<float>()[to];
      d = combineValues(op, d, s[src.isSplat() ? 0 : from]);
    } else if (src.getElementInfo().byteSize == 8) {
      const double *s = src.data<double>().data();
      double &d = dst.data<double>()[to];
      d = combineValues(op, d, s[src.isSplat() ? 0 : from]);
    } else {
      dst.setDouble(to,
                    combineValues(op, dst.getDouble(to), src.getDouble(from)));
    }
    return;
  case HostElementKind::Unsigned:
    dst.setUInt(to, combineValues(op, dst.getUInt(to), src.getUInt(from)));
    return;
  case HostElementKind::Signed: {
    int64_t a = dst.getInt(to), b = src.getInt(from);
    if (op == Combine::Max || op == Combine::Min) {
      dst.setInt(to, combineValues(op, a, b));
      return;
    }
    // Wrapping arithmetic in uint64; setInt wraps to the width.
    uint64_t r =
        combineValues(op, static_cast<uint64_t>(a), static_cast<uint64_t>(b));
    dst.setInt(to, static_cast<int64_t>(r));
    return;
  }
  default:
    copyElement(src, from, dst, to);
    return;
  }
}

void mlir::tfg::fillIdentity(Combine op, HostTensor &dst) {
  int64_t n = dst.getNumStoredElements();
  if (op == Combine::Assign || op == Combine::Add || op == Combine::Sub)
    return; // Created zeroed.
  bool max = op == Combine::Max;
  unsigned width = dst.getElementInfo().bitWidth;
  for (int64_t i = 0; i < n; ++i) {
    switch (dst.getKind()) {
    case HostElementKind::Float:
      if (op == Combine::Mul)
        dst.setDouble(i, 1.0);
      else if (dst.getElementInfo().byteSize == 4)
        dst.data<float>()[i] = max ? std::numeric_limits<float>::lowest()
                                   : std::numeric_limits<float>::max();
      else if (dst.getElementInfo().byteSize == 8)
        dst.data<double>()[i] = max ? std::numeric_limits<double>::lowest()
                                    : std::numeric_limits<double>::max();
      else
        dst.setDouble(
            i, llvm::APFloat::getLargest(
                   cast<FloatType>(dst.getElementType()).getFloatSemantics(),
                   /*Negative=*/max)
                   .convertToDouble());
      break;
    case HostElementKind::Unsigned:
      dst.setUInt(i, op == Combine::Mul ? 1
                     : max              ? 0
                                        : ~uint64_t(0) >> (64 - width));
      break;
    case HostElementKind::Signed: {
      int64_t highest =
          width >= 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
      dst.setInt(i, op == Combine::Mul ? 1 : max ? -highest - 1 : highest);
      break;
    }
    default:
      break;
    }
  }
}
