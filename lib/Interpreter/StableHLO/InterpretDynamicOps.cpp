//===- InterpretDynamicOps.cpp - StableHLO ops with run-time shapes -------===//
//
// evalDynamicOp (InterpreterImpl.h): the ops whose result shape an operand
// gives at run time (spec.md, "dynamic_broadcast_in_dim", "dynamic_iota",
// "dynamic_pad", "dynamic_reshape"). The shape operand is read, checked
// (rank, no negative size, the element count bounded by the compute
// environment) and the static op's compute function runs with it. The
// result's type may have `?` dimensions; the interpreter checks every
// result against its type when the op completes (Interpreter.cpp).
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"
#include "tfg/Eval/Compute/Broadcast.h"
#include "tfg/Eval/Compute/Shape.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::stablehlo;
using namespace mlir::tfg::stablehlo::detail;

namespace {
struct DynamicEval {
  Operation *op;
  ArrayRef<HostTensor> in;
  SmallVectorImpl<HostTensor> &out;
  const InterpreterOptions &options;

  LogicalResult take(llvm::Expected<HostTensor> r) {
    if (!r)
      return reportError(op, r.takeError());
    out.push_back(std::move(*r));
    return success();
  }
  Type resultElementType() {
    return cast<ShapedType>(op->getResult(0).getType()).getElementType();
  }
  /// The values of the 1-D integer operand `t` (`what`): `count` of them
  /// when count >= 0.
  FailureOr<SmallVector<int64_t>> ints(const HostTensor &t, StringRef what,
                                       int64_t count = -1) {
    if (t.getRank() != 1 || (count >= 0 && t.getNumElements() != count))
      return op->emitError()
             << "'" << op->getName() << "': " << what << " must hold " << count
             << " values, not " << t.getNumElements();
    SmallVector<int64_t> v;
    for (int64_t i = 0, e = t.getNumElements(); i < e; ++i)
      v.push_back(t.getInt(i));
    return v;
  }
  /// A result shape read from an operand: as many sizes as the result's
  /// rank, none negative, at most the environment's element bound in all.
  FailureOr<SmallVector<int64_t>> shapeOperand(const HostTensor &t) {
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    FailureOr<SmallVector<int64_t>> shape =
        ints(t, "the shape operand", type.getRank());
    if (failed(shape))
      return failure();
    int64_t elements = 1;
    for (int64_t d : *shape) {
      if (d < 0 || llvm::MulOverflow(elements, d, elements) ||
          elements > options.env.maxElements)
        return op->emitError()
               << "'" << op->getName() << "': the result shape ["
               << llvm::make_range(shape->begin(), shape->end())
               << "] is negative or above the interpreter's element limit ("
               << options.env.maxElements << ")";
    }
    return shape;
  }

  LogicalResult run() {
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](DynamicReshapeOp) {
          FailureOr<SmallVector<int64_t>> shape = shapeOperand(in[1]);
          if (failed(shape))
            return failure();
          return take(computeReshape(options.env, in[0], *shape));
        })
        .Case([&](DynamicBroadcastInDimOp b) {
          FailureOr<SmallVector<int64_t>> shape = shapeOperand(in[1]);
          if (failed(shape))
            return failure();
          return take(computeBroadcastInDim(options.env, in[0], *shape,
                                            b.getBroadcastDimensions()));
        })
        .Case([&](DynamicIotaOp i) {
          FailureOr<SmallVector<int64_t>> shape = shapeOperand(in[0]);
          if (failed(shape))
            return failure();
          return take(computeIota(options.env, resultElementType(), *shape,
                                  i.getIotaDimension()));
        })
        .Case([&](DynamicPadOp) {
          int64_t rank = in[0].getRank();
          FailureOr<SmallVector<int64_t>> low =
              ints(in[2], "edge_padding_low", rank);
          FailureOr<SmallVector<int64_t>> high =
              ints(in[3], "edge_padding_high", rank);
          FailureOr<SmallVector<int64_t>> interior =
              ints(in[4], "interior_padding", rank);
          if (failed(low) || failed(high) || failed(interior))
            return failure();
          return take(
              computePad(options.env, in[0], in[1], *low, *high, *interior));
        })
        .Default([](Operation *) { return failure(); });
  }
};
} // namespace

std::optional<LogicalResult> mlir::tfg::stablehlo::detail::evalDynamicOp(
    Operation *op, ArrayRef<HostTensor> operands,
    SmallVectorImpl<HostTensor> &results, const InterpreterOptions &options) {
  if (!isa<DynamicReshapeOp, DynamicBroadcastInDimOp, DynamicIotaOp,
           DynamicPadOp>(op))
    return std::nullopt;
  DynamicEval eval{op, operands, results, options};
  return eval.run();
}

LogicalResult
mlir::tfg::stablehlo::detail::checkResultShapes(Operation *op,
                                                ArrayRef<HostTensor> values) {
  for (auto [i, value] : llvm::enumerate(values)) {
    auto type = dyn_cast<RankedTensorType>(op->getResult(i).getType());
    if (!type)
      continue;
    ArrayRef<int64_t> shape = value.getShape();
    bool ok = type.getRank() == static_cast<int64_t>(shape.size());
    for (int64_t d = 0; ok && d < type.getRank(); ++d)
      ok = type.isDynamicDim(d) || type.getDimSize(d) == shape[d];
    if (!ok)
      return op->emitError()
             << "'" << op->getName() << "': result " << i << " has shape ["
             << llvm::make_range(shape.begin(), shape.end())
             << "] at run time, which its type " << type << " does not admit";
  }
  return success();
}
