//===- InterpretRegionOps.cpp - The ops with bodies run per element -------===//
//
// evalRegionOp (InterpreterImpl.h): reduce, reduce_window, map, sort and
// scatter. A reduce or reduce_window whose body is one add, multiply,
// maximum, minimum (or, on booleans, and / or) of its two arguments runs as
// computeReduce / computeReduceWindow; any other reduce runs its body once
// per input element (row-major), as do map (once per element), scatter
// (once per update element, forEachScatterUpdate with
// IndexOutOfRange::Skip) and sort (a stable merge sort calling the
// comparator).
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"
#include "tfg/Eval/Compute/GatherScatter.h"
#include "tfg/Eval/Compute/Reduction.h"
#include "tfg/Eval/Compute/Window.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include <algorithm>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::stablehlo;
using namespace mlir::tfg::stablehlo::detail;

/// The ReduceOp that `body` computes, when it is a single binary op of its
/// two arguments on `elementKind`.
static std::optional<tfg::ReduceOp> getSimpleReducer(Region &body,
                                                     HostElementKind kind) {
  Block &block = body.front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return std::nullopt;
  Operation &op = block.front();
  Operation *ret = block.getTerminator();
  if (op.getNumOperands() != 2 || op.getNumResults() != 1 ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != op.getResult(0))
    return std::nullopt;
  Value a = block.getArgument(0), b = block.getArgument(1);
  if (!((op.getOperand(0) == a && op.getOperand(1) == b) ||
        (op.getOperand(0) == b && op.getOperand(1) == a)))
    return std::nullopt;
  bool isBool = kind == HostElementKind::Bool;
  if (isa<AddOp>(op) && !isBool)
    return tfg::ReduceOp::Sum;
  if (isa<MultiplyOp>(op) && !isBool)
    return tfg::ReduceOp::Prod;
  if (isa<MaximumOp>(op) && !isBool && kind != HostElementKind::Complex)
    return tfg::ReduceOp::Max;
  if (isa<MinimumOp>(op) && !isBool && kind != HostElementKind::Complex)
    return tfg::ReduceOp::Min;
  if ((isa<AndOp>(op) || isa<MultiplyOp>(op)) && isBool)
    return tfg::ReduceOp::All;
  if ((isa<OrOp>(op) || isa<AddOp>(op)) && isBool)
    return tfg::ReduceOp::Any;
  return std::nullopt;
}

namespace {
struct RegionEval {
  Operation *op;
  ArrayRef<HostTensor> in;
  SmallVectorImpl<HostTensor> &out;
  BodyRunner &runner;
  const InterpreterOptions &options;

  /// A tensor of `type` and `shape` to fill element by element.
  FailureOr<HostTensor> startTensor(Type type, ArrayRef<int64_t> shape) {
    llvm::Expected<ResultBuilder> b =
        startResult(options.env, type, shape, /*splat=*/false);
    if (!b)
      return reportError(op, b.takeError());
    return std::move(b->tensor);
  }
  /// `t` with every element stored (bounded).
  FailureOr<HostTensor> expanded(const HostTensor &t) {
    if (llvm::Error err =
            checkElementBound(t, "operand", options.env.maxElements))
      return reportError(op, std::move(err));
    HostTensor copy = t;
    if (llvm::Error err = copy.expandSplat())
      return reportError(op, std::move(err));
    return copy;
  }
  /// Runs the body on scalars and stores its results at `at` of `accs`.
  LogicalResult apply(Region &body, ArrayRef<HostTensor> args,
                      MutableArrayRef<HostTensor> accs, int64_t at) {
    FailureOr<SmallVector<HostTensor>> r = runner.runBody(body, args);
    if (failed(r))
      return failure();
    if (r->size() != accs.size())
      return op->emitError("the body returned ")
             << r->size() << " values, expected " << accs.size();
    for (auto [acc, v] : llvm::zip(accs, *r)) {
      if (v.getElementType() != acc.getElementType() || v.getNumElements() != 1)
        return op->emitError("the body returned a value of another type");
      copyElement(v, 0, acc, at);
    }
    return success();
  }

  LogicalResult reduce(stablehlo::ReduceOp r) {
    size_t n = r.getInputs().size();
    ArrayRef<HostTensor> inputs = in.take_front(n), inits = in.drop_front(n);
    ArrayRef<int64_t> dims = r.getDimensions();
    if (n == 1) {
      if (std::optional<tfg::ReduceOp> k =
              getSimpleReducer(r.getBody(), inputs[0].getKind())) {
        ReduceOptions o;
        o.init = &inits[0];
        llvm::Expected<HostTensor> t =
            computeReduce(options.env, *k, inputs[0], dims, o);
        if (!t)
          return reportError(op, t.takeError());
        out.push_back(std::move(*t));
        return success();
      }
    }
    // The body per element: accumulators start at the init values.
    ArrayRef<int64_t> shape = inputs[0].getShape();
    int64_t rank = shape.size();
    SmallVector<bool, 4> reduced(rank, false);
    for (int64_t d : dims)
      if (d >= 0 && d < rank)
        reduced[d] = true;
    SmallVector<int64_t, 4> resultShape;
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d])
        resultShape.push_back(shape[d]);
    SmallVector<int64_t, 4> resultStrides = getStrides(resultShape);
    SmallVector<int64_t, 4> steps(rank, 0);
    for (int64_t d = 0, k = 0; d < rank; ++d)
      if (!reduced[d])
        steps[d] = resultStrides[k++];
    SmallVector<HostTensor> accs;
    for (size_t k = 0; k < n; ++k) {
      if (llvm::Error err =
              checkElementBound(inputs[k], "input", options.env.maxElements))
        return reportError(op, std::move(err));
      FailureOr<HostTensor> acc =
          startTensor(inits[k].getElementType(), resultShape);
      if (failed(acc))
        return failure();
      for (int64_t i = 0, e = acc->getNumElements(); i < e; ++i)
        copyElement(inits[k], 0, *acc, i);
      accs.push_back(std::move(*acc));
    }
    int64_t total = inputs[0].getNumElements();
    LogicalResult status = success();
    SmallVector<HostTensor> args(2 * n);
    forEachStridedOffset(shape, steps, 0, total, [&](int64_t i, int64_t at) {
      if (failed(status))
        return;
      for (size_t k = 0; k < n; ++k) {
        args[k] = getElement(accs[k], at);
        args[n + k] = getElement(inputs[k], i);
      }
      status = apply(r.getBody(), args, accs, at);
    });
    if (failed(status))
      return failure();
    out.append(accs.begin(), accs.end());
    return success();
  }

  LogicalResult reduceWindow(ReduceWindowOp r) {
    std::optional<tfg::ReduceOp> k;
    if (in.size() == 2)
      k = getSimpleReducer(r.getBody(), in[0].getKind());
    if (!k)
      return op->emitError()
             << "the interpreter runs 'stablehlo.reduce_window' with one "
                "input and a body of one add, multiply, maximum or minimum "
                "only";
    ReduceWindowOptions w;
    w.dimensions.assign(r.getWindowDimensions().begin(),
                        r.getWindowDimensions().end());
    if (auto s = r.getWindowStrides())
      w.strides.assign(s->begin(), s->end());
    if (auto s = r.getBaseDilations())
      w.baseDilations.assign(s->begin(), s->end());
    if (auto s = r.getWindowDilations())
      w.windowDilations.assign(s->begin(), s->end());
    if (auto p = r.getPadding()) {
      SmallVector<int64_t> v = llvm::to_vector(p->getValues<int64_t>());
      for (size_t i = 0; i + 1 < v.size(); i += 2)
        w.padding.push_back({v[i], v[i + 1]});
    }
    llvm::Expected<HostTensor> t =
        computeReduceWindow(options.env, *k, in[0], in[1], w);
    if (!t)
      return reportError(op, t.takeError());
    out.push_back(std::move(*t));
    return success();
  }

  LogicalResult map(MapOp m) {
    if (in.empty())
      return op->emitError("the interpreter runs 'stablehlo.map' with inputs");
    for (const HostTensor &t : in)
      if (llvm::Error err =
              checkElementBound(t, "input", options.env.maxElements))
        return reportError(op, std::move(err));
    FailureOr<HostTensor> res = startTensor(
        cast<ShapedType>(op->getResult(0).getType()).getElementType(),
        in[0].getShape());
    if (failed(res))
      return failure();
    SmallVector<HostTensor> args(in.size());
    for (int64_t i = 0, e = res->getNumElements(); i < e; ++i) {
      for (size_t k = 0; k < in.size(); ++k)
        args[k] = getElement(in[k], i);
      if (failed(apply(m.getComputation(), args, *res, i)))
        return failure();
    }
    out.push_back(std::move(*res));
    return success();
  }

  /// sort: a bottom-up merge sort (stable, n log n comparator runs) of
  /// each row along the dimension; the comparator gets lhs_0, rhs_0, lhs_1,
  /// rhs_1, ... and says whether lhs comes first.
  LogicalResult sort(SortOp s) {
    if (in.empty())
      return op->emitError("the interpreter runs 'stablehlo.sort' with inputs");
    ArrayRef<int64_t> shape = in[0].getShape();
    int64_t rank = shape.size();
    int64_t dim = s.getDimension();
    if (dim < 0)
      dim += rank;
    if (dim < 0 || dim >= rank)
      return op->emitError("sort dimension out of range");
    for (const HostTensor &t : in)
      if (llvm::Error err =
              checkElementBound(t, "input", options.env.maxElements))
        return reportError(op, std::move(err));
    int64_t n = shape[dim];
    int64_t inner = getSubSize(shape, dim + 1, rank);
    int64_t outer = getSubSize(shape, 0, dim);
    SmallVector<HostTensor> results;
    for (const HostTensor &t : in) {
      FailureOr<HostTensor> r = startTensor(t.getElementType(), shape);
      if (failed(r))
        return failure();
      results.push_back(std::move(*r));
    }
    SmallVector<HostTensor> args(2 * in.size());
    std::vector<int64_t> order(n), merged(n);
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t j = 0; j < inner; ++j) {
        int64_t base = o * n * inner + j;
        auto at = [&](int64_t k) { return base + k * inner; };
        // Whether element b must come before element a.
        auto before = [&](int64_t b, int64_t a) -> FailureOr<bool> {
          for (size_t k = 0; k < in.size(); ++k) {
            args[2 * k] = getElement(in[k], at(b));
            args[2 * k + 1] = getElement(in[k], at(a));
          }
          FailureOr<SmallVector<HostTensor>> r =
              runner.runBody(s.getComparator(), args);
          if (failed(r))
            return failure();
          if (r->size() != 1 || (*r)[0].getNumElements() != 1)
            return op->emitError("the comparator must return one boolean");
          return (*r)[0].getInt(0) != 0;
        };
        for (int64_t k = 0; k < n; ++k)
          order[k] = k;
        for (int64_t width = 1; width < n; width *= 2) {
          for (int64_t lo = 0; lo < n; lo += 2 * width) {
            int64_t mid = std::min(lo + width, n),
                    hi = std::min(lo + 2 * width, n);
            int64_t a = lo, b = mid, w = lo;
            while (a < mid && b < hi) {
              FailureOr<bool> takeB = before(order[b], order[a]);
              if (failed(takeB))
                return failure();
              merged[w++] = *takeB ? order[b++] : order[a++];
            }
            while (a < mid)
              merged[w++] = order[a++];
            while (b < hi)
              merged[w++] = order[b++];
          }
          std::swap(order, merged);
        }
        for (size_t k = 0; k < in.size(); ++k)
          for (int64_t q = 0; q < n; ++q)
            copyElement(in[k], at(order[q]), results[k], at(q));
      }
    }
    out.append(results.begin(), results.end());
    return success();
  }

  LogicalResult scatter(ScatterOp s) {
    size_t n = s.getInputs().size();
    ArrayRef<HostTensor> inputs = in.take_front(n);
    const HostTensor &indices = in[n];
    ArrayRef<HostTensor> updates = in.drop_front(n + 1);
    ScatterDimensionNumbersAttr a = s.getScatterDimensionNumbers();
    ScatterDimensionNumbers d;
    d.updateWindowDims.assign(a.getUpdateWindowDims().begin(),
                              a.getUpdateWindowDims().end());
    d.insertedWindowDims.assign(a.getInsertedWindowDims().begin(),
                                a.getInsertedWindowDims().end());
    d.inputBatchingDims.assign(a.getInputBatchingDims().begin(),
                               a.getInputBatchingDims().end());
    d.scatterIndicesBatchingDims.assign(
        a.getScatterIndicesBatchingDims().begin(),
        a.getScatterIndicesBatchingDims().end());
    d.scatterDimsToOperandDims.assign(a.getScatterDimsToOperandDims().begin(),
                                      a.getScatterDimsToOperandDims().end());
    d.indexVectorDim = a.getIndexVectorDim();
    SmallVector<HostTensor> results;
    for (const HostTensor &t : inputs) {
      FailureOr<HostTensor> e = expanded(t);
      if (failed(e))
        return failure();
      results.push_back(std::move(*e));
    }
    SmallVector<HostTensor> args(2 * n);
    bool bodyFailed = false;
    llvm::Error err = forEachScatterUpdate(
        indices, inputs[0].getShape(), updates[0].getShape(), d,
        IndexOutOfRange::Skip,
        [&](int64_t resultOffset, int64_t updateOffset) -> llvm::Error {
          for (size_t k = 0; k < n; ++k) {
            args[k] = getElement(results[k], resultOffset);
            args[n + k] = getElement(updates[k], updateOffset);
          }
          if (failed(apply(s.getUpdateComputation(), args, results,
                           resultOffset))) {
            bodyFailed = true;
            return computeError("the update computation failed");
          }
          return llvm::Error::success();
        });
    if (err) {
      if (bodyFailed) {
        llvm::consumeError(std::move(err));
        return failure();
      }
      return reportError(op, std::move(err));
    }
    out.append(results.begin(), results.end());
    return success();
  }
};
} // namespace

std::optional<LogicalResult> mlir::tfg::stablehlo::detail::evalRegionOp(
    Operation *op, ArrayRef<HostTensor> operands,
    SmallVectorImpl<HostTensor> &results, BodyRunner &runner,
    const InterpreterOptions &options) {
  RegionEval e{op, operands, results, runner, options};
  if (auto r = dyn_cast<stablehlo::ReduceOp>(op))
    return e.reduce(r);
  if (auto r = dyn_cast<ReduceWindowOp>(op))
    return e.reduceWindow(r);
  if (auto m = dyn_cast<MapOp>(op))
    return e.map(m);
  if (auto s = dyn_cast<ScatterOp>(op))
    return e.scatter(s);
  if (auto s = dyn_cast<SortOp>(op))
    return e.sort(s);
  return std::nullopt;
}
