//===- Scatter.cpp - scatter to an scf.for over the updates ---------------===//
//
// stablehlo.scatter becomes one scf.for over the elements of the updates,
// in row-major order, carrying the results (the inputs at first) as
// tensors. Each iteration delinearizes its update index, reads the start
// vector from the scatter indices, adds the batching and window positions
// as the spec's full result index, and, when that index lies inside the
// results (an update outside them is skipped, as the StableHLO interpreter
// does), replaces the result elements by the update computation (inlined as
// scalar ops) of the current elements and the update elements. Duplicate
// indices apply in update order, as in the interpreter.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

static Values lowerScatter(OpBuilder &b, shlo::ScatterOp op) {
  Location loc = op.getLoc();
  auto dn = op.getScatterDimensionNumbers();
  SmallVector<Value> inputs(op.getInputs().begin(), op.getInputs().end());
  SmallVector<Value> updates(op.getUpdates().begin(), op.getUpdates().end());
  Value indices = op.getScatterIndices();
  auto inType = cast<RankedTensorType>(inputs[0].getType());
  auto updType = cast<RankedTensorType>(updates[0].getType());
  auto idxType = cast<RankedTensorType>(indices.getType());
  int64_t rank = inType.getRank(), updRank = updType.getRank();
  int64_t idxRank = idxType.getRank();
  int64_t ivd = dn.getIndexVectorDim();
  ArrayRef<int64_t> windowDims = dn.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dn.getInsertedWindowDims();
  ArrayRef<int64_t> inBatch = dn.getInputBatchingDims();
  ArrayRef<int64_t> idxBatch = dn.getScatterIndicesBatchingDims();
  ArrayRef<int64_t> toOperand = dn.getScatterDimsToOperandDims();
  if (ivd < 0 || ivd > idxRank || inBatch.size() != idxBatch.size())
    return op.emitError("stablehlo-to-linalg: 'stablehlo.scatter' has "
                        "invalid dimension numbers");
  int64_t numUpdates = updType.getNumElements();
  if (numUpdates == 0)
    return inputs;
  // Update dims: window (-> input dims not inserted or batching, in order)
  // or scatter (-> scatter-indices dims but index_vector_dim, in order).
  SmallVector<int64_t> windowInputDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(inserted, d) && !llvm::is_contained(inBatch, d))
      windowInputDims.push_back(d);
  if (windowInputDims.size() != windowDims.size())
    return op.emitError("stablehlo-to-linalg: 'stablehlo.scatter' has "
                        "invalid dimension numbers");
  SmallVector<int64_t> scatterUpdDims;
  for (int64_t d = 0; d < updRank; ++d)
    if (!llvm::is_contained(windowDims, d))
      scatterUpdDims.push_back(d);
  if (static_cast<int64_t>(scatterUpdDims.size()) !=
      idxRank - (ivd < idxRank ? 1 : 0))
    return op.emitError("stablehlo-to-linalg: 'stablehlo.scatter' has "
                        "invalid dimension numbers");
  Region &body = op.getUpdateComputation();
  bool failedBody = false;
  auto loop = scf::ForOp::create(
      b, loc, indexConstant(b, loc, 0), indexConstant(b, loc, numUpdates),
      indexConstant(b, loc, 1), inputs,
      [&](OpBuilder &nb, Location nl, Value lin, ValueRange acc) {
        // The update index, row-major.
        SmallVector<Value> u(updRank);
        Value rest = lin;
        for (int64_t d = updRank - 1; d >= 0; --d) {
          Value size = indexConstant(nb, nl, updType.getDimSize(d));
          u[d] = arith::RemUIOp::create(nb, nl, rest, size);
          rest = arith::DivUIOp::create(nb, nl, rest, size);
        }
        // Its scatter position, as scatter-indices coordinates.
        SmallVector<Value> scatterPos;
        for (int64_t d : scatterUpdDims)
          scatterPos.push_back(u[d]);
        SmallVector<Value> full(rank, indexConstant(nb, nl, 0));
        for (auto [k, d] : llvm::enumerate(toOperand)) {
          SmallVector<Value> at;
          for (int64_t i = 0, s = 0; i < idxRank; ++i)
            at.push_back(i == ivd ? indexConstant(nb, nl, k) : scatterPos[s++]);
          Value v = tensor::ExtractOp::create(nb, nl, indices, at);
          full[d] = arith::IndexCastOp::create(nb, nl, nb.getIndexType(), v);
        }
        for (auto [d, ds] : llvm::zip(inBatch, idxBatch))
          full[d] = arith::AddIOp::create(nb, nl, full[d],
                                          scatterPos[ds - (ds < ivd ? 0 : 1)]);
        for (auto [k, d] : llvm::enumerate(windowInputDims))
          full[d] = arith::AddIOp::create(nb, nl, full[d], u[windowDims[k]]);
        Value inside = arith::ConstantIntOp::create(nb, nl, 1, 1);
        for (int64_t d = 0; d < rank; ++d) {
          Value geZero =
              arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sge, full[d],
                                    indexConstant(nb, nl, 0));
          Value ltDim = arith::CmpIOp::create(
              nb, nl, arith::CmpIPredicate::slt, full[d],
              indexConstant(nb, nl, inType.getDimSize(d)));
          inside = arith::AndIOp::create(
              nb, nl, inside, arith::AndIOp::create(nb, nl, geZero, ltDim));
        }
        auto branch = scf::IfOp::create(nb, nl, acc.getTypes(), inside,
                                        /*withElseRegion=*/true);
        {
          OpBuilder tb = branch.getThenBodyBuilder();
          SmallVector<Value> args;
          for (Value r : acc)
            args.push_back(tensor::ExtractOp::create(tb, nl, r, full));
          for (Value up : updates)
            args.push_back(tensor::ExtractOp::create(tb, nl, up, u));
          FailureOr<SmallVector<Value>> out =
              inlineScalarBody(tb, nl, body, args);
          SmallVector<Value> next(acc.begin(), acc.end());
          if (failed(out) || out->size() != acc.size()) {
            if (succeeded(out))
              op.emitError("stablehlo-to-linalg: the update computation of "
                           "'stablehlo.scatter' returns ")
                  << out->size() << " values for " << acc.size() << " inputs";
            failedBody = true;
          } else {
            for (auto [i, v] : llvm::enumerate(*out))
              next[i] = tensor::InsertOp::create(tb, nl, v, acc[i], full);
          }
          scf::YieldOp::create(tb, nl, next);
        }
        {
          OpBuilder eb = branch.getElseBodyBuilder();
          scf::YieldOp::create(eb, nl, acc);
        }
        scf::YieldOp::create(nb, nl, branch.getResults());
      });
  if (failedBody)
    return failure();
  return SmallVector<Value>(loop.getResults().begin(), loop.getResults().end());
}

Lowered shlo_linalg::lowerScatterOp(OpBuilder &b, Operation *op) {
  if (auto scatter = dyn_cast<shlo::ScatterOp>(op))
    return lowerScatter(b, scatter);
  return std::nullopt;
}
