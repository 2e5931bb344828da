//===- Reduce.cpp - reduce and reduce_window to linalg --------------------===//
//
// reduce: one linalg.generic, parallel over the kept dimensions and
// reduction over the others, its outputs filled with the init values, its
// body the reducer's scalar ops (accumulators first, then the inputs'
// elements). reduce_window: the inputs padded with their init values
// (edge padding and base dilation), then linalg.pooling_nhwc_max/sum for the
// NHWC pooling of one float input with a max or add body, else a
// linalg.generic with the window as reduction loops (a tensor.empty of the
// window's shape gives their bounds).
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

/// The outputs of a reduction: each result type filled with its init value.
static SmallVector<Value> filledOutputs(OpBuilder &b, Location loc,
                                        TypeRange types, ValueRange inits) {
  SmallVector<Value> outs;
  for (auto [type, init] : llvm::zip(types, inits))
    outs.push_back(filledTensor(b, loc, cast<RankedTensorType>(type),
                                extractScalar(b, loc, init)));
  return outs;
}

/// A linalg.generic of `inputs` into `outs` whose body is `region` applied
/// to (accumulators..., elements...).
static Values buildReduction(OpBuilder &b, Operation *op, ValueRange inputs,
                             ValueRange outs, ArrayRef<AffineMap> maps,
                             ArrayRef<utils::IteratorType> iters,
                             Region &region, unsigned numReduced) {
  Location loc = op->getLoc();
  bool failedBody = false;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange(ValueRange(outs)), inputs, outs, maps, iters,
      [&](OpBuilder &nb, Location nl, ValueRange a) {
        SmallVector<Value> args(a.take_back(outs.size()));
        llvm::append_range(args, a.take_front(numReduced));
        auto res = inlineScalarBody(nb, nl, region, args);
        if (failed(res) || res->size() != outs.size()) {
          if (succeeded(res))
            emitError(nl, "stablehlo-to-linalg: the body returns ")
                << res->size() << " values, not " << outs.size();
          failedBody = true;
          linalg::YieldOp::create(nb, nl, a.take_back(outs.size()));
          return;
        }
        linalg::YieldOp::create(nb, nl, *res);
      });
  if (failedBody) {
    generic.erase();
    return failure();
  }
  return SmallVector<Value>(generic.getResults());
}

static Values lowerReduce(OpBuilder &b, shlo::ReduceOp op) {
  Location loc = op.getLoc();
  auto inType = cast<RankedTensorType>(op.getInputs()[0].getType());
  unsigned rank = inType.getRank();
  ArrayRef<int64_t> dims = op.getDimensions();
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iters = parallelIterators(rank);
  for (unsigned d = 0; d < rank; ++d) {
    if (llvm::is_contained(dims, static_cast<int64_t>(d)))
      iters[d] = utils::IteratorType::reduction;
    else
      kept.push_back(b.getAffineDimExpr(d));
  }
  SmallVector<AffineMap> maps;
  for (size_t i = 0; i < op.getInputs().size(); ++i)
    maps.push_back(AffineMap::getMultiDimIdentityMap(rank, b.getContext()));
  for (size_t i = 0; i < op.getResults().size(); ++i)
    maps.push_back(AffineMap::get(rank, 0, kept, b.getContext()));
  SmallVector<Value> outs =
      filledOutputs(b, loc, op.getResultTypes(), op.getInitValues());
  return buildReduction(b, op, op.getInputs(), outs, maps, iters, op.getBody(),
                        op.getInputs().size());
}

static Values lowerReduceWindow(OpBuilder &b, shlo::ReduceWindowOp op) {
  Location loc = op.getLoc();
  auto inType = cast<RankedTensorType>(op.getInputs()[0].getType());
  int64_t rank = inType.getRank();
  auto get = [&](std::optional<ArrayRef<int64_t>> a, int64_t i) -> int64_t {
    return a && !a->empty() ? (*a)[i] : 1;
  };
  SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
  if (auto pad = op.getPadding()) {
    auto values = llvm::to_vector(pad->getValues<int64_t>());
    for (int64_t i = 0; i < rank; ++i) {
      low[i] = values[2 * i];
      high[i] = values[2 * i + 1];
    }
  }
  for (int64_t i = 0; i < rank; ++i)
    interior[i] = get(op.getBaseDilations(), i) - 1;
  SmallVector<Value> inputs;
  for (auto [in, init] : llvm::zip(op.getInputs(), op.getInitValues()))
    inputs.push_back(padTensor(b, loc, in, extractScalar(b, loc, init), low,
                               high, interior));
  ArrayRef<int64_t> window = op.getWindowDimensions();
  SmallVector<int64_t> strides, dilations;
  for (int64_t i = 0; i < rank; ++i) {
    strides.push_back(get(op.getWindowStrides(), i));
    dilations.push_back(get(op.getWindowDilations(), i));
  }
  SmallVector<Value> outs =
      filledOutputs(b, loc, op.getResultTypes(), op.getInitValues());
  Type et = inType.getElementType();
  Operation *bodyOp = getSingleBinaryBodyOp(op.getBody());
  bool isMax = bodyOp && isa<shlo::MaximumOp>(bodyOp);
  bool isAdd = bodyOp && isa<shlo::AddOp>(bodyOp);
  if (inputs.size() == 1 && rank == 4 && isa<FloatType>(et) &&
      (isMax || isAdd) && window[0] == 1 && window[3] == 1 && strides[0] == 1 &&
      strides[3] == 1 && dilations[0] == 1 && dilations[3] == 1) {
    auto attr = [&](int64_t x, int64_t y) {
      return DenseIntElementsAttr::get(
          RankedTensorType::get({2}, b.getI64Type()), ArrayRef<int64_t>{x, y});
    };
    Value shape = tensor::EmptyOp::create(b, loc, window.slice(1, 2), et);
    TypeRange types = op.getResultTypes();
    Value r;
    if (isMax)
      r = linalg::PoolingNhwcMaxOp::create(
              b, loc, types, ValueRange{inputs[0], shape}, outs,
              attr(strides[1], strides[2]), attr(dilations[1], dilations[2]))
              .getResult(0);
    else
      r = linalg::PoolingNhwcSumOp::create(
              b, loc, types, ValueRange{inputs[0], shape}, outs,
              attr(strides[1], strides[2]), attr(dilations[1], dilations[2]))
              .getResult(0);
    return SmallVector<Value>{r};
  }
  unsigned loops = 2 * rank;
  SmallVector<AffineExpr> ie, we, oe;
  for (int64_t i = 0; i < rank; ++i) {
    AffineExpr d = b.getAffineDimExpr(i), w = b.getAffineDimExpr(rank + i);
    ie.push_back(d * strides[i] + w * dilations[i]);
    we.push_back(w);
    oe.push_back(d);
  }
  SmallVector<AffineMap> maps;
  for (size_t i = 0; i < inputs.size(); ++i)
    maps.push_back(AffineMap::get(loops, 0, ie, b.getContext()));
  maps.push_back(AffineMap::get(loops, 0, we, b.getContext()));
  for (size_t i = 0; i < outs.size(); ++i)
    maps.push_back(AffineMap::get(loops, 0, oe, b.getContext()));
  SmallVector<Value> operands(inputs);
  operands.push_back(tensor::EmptyOp::create(b, loc, window, et));
  SmallVector<utils::IteratorType> iters = parallelIterators(loops);
  for (unsigned i = rank; i < loops; ++i)
    iters[i] = utils::IteratorType::reduction;
  return buildReduction(b, op, operands, outs, maps, iters, op.getBody(),
                        inputs.size());
}

Lowered shlo_linalg::lowerReduceOp(OpBuilder &b, Operation *op) {
  if (auto reduce = dyn_cast<shlo::ReduceOp>(op))
    return lowerReduce(b, reduce);
  if (auto window = dyn_cast<shlo::ReduceWindowOp>(op))
    return lowerReduceWindow(b, window);
  return std::nullopt;
}
