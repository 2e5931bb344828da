//===- Sort.cpp - sort to a merge sort of a permutation -------------------===//
//
// A rank-1 stablehlo.sort becomes a bottom-up merge sort of a permutation
// (an index tensor, iota at first) in scf loops on tensors: passes of width
// 1, 2, 4, ... merge adjacent runs from one permutation tensor into the
// other. The comparator is inlined as scalar ops on the operands' elements
// at the two permutation entries, right run first: the right element is
// taken only when it compares less than the left one, so the sort is stable
// (which `is_stable = false` allows too). Every read index is clamped into
// its run, so that no access leaves the tensors. Then each result is the
// operand read through the permutation (linalg.generic, tensor.extract).
// O(n log n) comparisons, two permutation buffers. A `?` size sorts the
// smallest of the operands' sizes.
//
// A sort of rank > 1 (static sizes; TopKV2 sorts the rows of a matrix)
// moves the sorted dimension last and collapses the others into rows
// (linalg.transpose, tensor.collapse_shape), sorts each row as above in an
// scf.for over the rows (tensor.extract_slice / tensor.insert_slice), then
// expands and transposes the results back. A `?` size at rank > 1 is an
// error.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

using Values = FailureOr<SmallVector<Value>>;

/// The identity permutation of `n` entries.
static Value iotaIndices(OpBuilder &b, Location loc, OpFoldResult n) {
  std::optional<int64_t> known = getConstantIntValue(n);
  auto type = RankedTensorType::get({known ? *known : ShapedType::kDynamic},
                                    b.getIndexType());
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{},
             ValueRange{emptyTensor(b, loc, type, {n})},
             {AffineMap::getMultiDimIdentityMap(1, b.getContext())},
             parallelIterators(1),
             [&](OpBuilder &nb, Location nl, ValueRange) {
               linalg::YieldOp::create(
                   nb, nl, ValueRange{linalg::IndexOp::create(nb, nl, 0)});
             })
      .getResult(0);
}

/// One merge of src[lo, mid) and src[mid, hi) into dst[lo, hi); returns dst.
/// `less(b, loc, right, left)` compares the operands' elements at two
/// permutation entries.
static FailureOr<Value> buildMerge(
    OpBuilder &b, Location loc, Value src, Value dst, Value lo, Value mid,
    Value hi,
    function_ref<FailureOr<Value>(OpBuilder &, Location, Value, Value)> less) {
  bool failedBody = false;
  Value step = indexConstant(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lo, hi, step, ValueRange{lo, mid, dst},
      [&](OpBuilder &nb, Location nl, Value k, ValueRange iter) {
        Value i = iter[0], j = iter[1], out = iter[2];
        Value one = indexConstant(nb, nl, 1);
        // Clamped reads (lo <= ii < mid, lo <= jj < hi: mid > lo, hi > lo);
        // i < mid and j < hi are checked below.
        Value ii = arith::MinSIOp::create(
            nb, nl, i, arith::SubIOp::create(nb, nl, mid, one));
        Value jj = arith::MinSIOp::create(
            nb, nl, j, arith::SubIOp::create(nb, nl, hi, one));
        Value pi = tensor::ExtractOp::create(nb, nl, src, ValueRange{ii});
        Value pj = tensor::ExtractOp::create(nb, nl, src, ValueRange{jj});
        FailureOr<Value> rightLess = less(nb, nl, pj, pi);
        Value take;
        if (failed(rightLess)) {
          failedBody = true;
          take = arith::ConstantIntOp::create(nb, nl, 0, 1);
        } else {
          Value leftDone =
              arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sge, i, mid);
          Value rightLeft =
              arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, j, hi);
          take = arith::OrIOp::create(
              nb, nl, leftDone,
              arith::AndIOp::create(nb, nl, rightLeft, *rightLess));
        }
        Value v = arith::SelectOp::create(nb, nl, take, pj, pi);
        Value next = tensor::InsertOp::create(nb, nl, v, out, ValueRange{k});
        Value zero = indexConstant(nb, nl, 0);
        Value di = arith::SelectOp::create(nb, nl, take, zero, one);
        Value dj = arith::SelectOp::create(nb, nl, take, one, zero);
        scf::YieldOp::create(nb, nl,
                             ValueRange{arith::AddIOp::create(nb, nl, i, di),
                                        arith::AddIOp::create(nb, nl, j, dj),
                                        next});
      });
  if (failedBody)
    return failure();
  return loop.getResult(2);
}

/// Sorts the rank-1 `inputs` by the comparator of `op`.
static Values sortVectors(OpBuilder &b, Location loc, shlo::SortOp op,
                          ValueRange inputRange) {
  SmallVector<Value> inputs(inputRange.begin(), inputRange.end());
  auto type = cast<RankedTensorType>(inputs[0].getType());
  if (!type.isDynamicDim(0) && type.getDimSize(0) <= 1)
    return inputs;
  // A `?` size: the smallest of the operands' (equal when valid).
  OpFoldResult n;
  for (Value in : inputs) {
    OpFoldResult s = tensorSizes(b, loc, in)[0];
    n = n ? minSize(b, loc, n, s) : s;
  }
  Region &comparator = op.getComparator();
  auto less = [&](OpBuilder &nb, Location nl, Value right,
                  Value left) -> FailureOr<Value> {
    SmallVector<Value> args;
    for (Value in : inputs) {
      args.push_back(tensor::ExtractOp::create(nb, nl, in, ValueRange{right}));
      args.push_back(tensor::ExtractOp::create(nb, nl, in, ValueRange{left}));
    }
    FailureOr<SmallVector<Value>> out =
        inlineScalarBody(nb, nl, comparator, args);
    if (failed(out))
      return failure();
    if (out->size() != 1 || !(*out)[0].getType().isInteger(1))
      return op.emitError("stablehlo-to-linalg: the comparator of "
                          "'stablehlo.sort' must return one predicate");
    return (*out)[0];
  };
  Value size = getValueOrCreateConstantIndexOp(b, loc, n);
  Value perm = iotaIndices(b, loc, n);
  Value other =
      emptyTensor(b, loc, cast<RankedTensorType>(perm.getType()), {n});
  bool failedBody = false;
  Type indexType = b.getIndexType();
  auto passes = scf::WhileOp::create(
      b, loc, TypeRange{indexType, perm.getType(), perm.getType()},
      ValueRange{indexConstant(b, loc, 1), perm, other},
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value more = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt,
                                           args[0], size);
        scf::ConditionOp::create(nb, nl, more, args);
      },
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value width = args[0], src = args[1], dst = args[2];
        Value width2 = arith::AddIOp::create(nb, nl, width, width);
        auto runs = scf::ForOp::create(
            nb, nl, indexConstant(nb, nl, 0), size, width2, ValueRange{dst},
            [&](OpBuilder &rb, Location rl, Value lo, ValueRange iter) {
              Value mid = arith::MinSIOp::create(
                  rb, rl, arith::AddIOp::create(rb, rl, lo, width), size);
              Value hi = arith::MinSIOp::create(
                  rb, rl, arith::AddIOp::create(rb, rl, lo, width2), size);
              FailureOr<Value> merged =
                  buildMerge(rb, rl, src, iter[0], lo, mid, hi, less);
              if (failed(merged)) {
                failedBody = true;
                scf::YieldOp::create(rb, rl, iter);
                return;
              }
              scf::YieldOp::create(rb, rl, ValueRange{*merged});
            });
        scf::YieldOp::create(nb, nl,
                             ValueRange{width2, runs.getResult(0), src});
      });
  if (failedBody)
    return failure();
  Value sorted = passes.getResult(1);
  SmallVector<Value> results;
  for (Value in : inputs) {
    auto inType = cast<RankedTensorType>(in.getType());
    // The result has the permutation's size (the operand's when valid).
    auto outType = RankedTensorType::get(
        cast<RankedTensorType>(sorted.getType()).getShape(),
        inType.getElementType());
    Value out = linalg::GenericOp::create(
                    b, loc, TypeRange{outType}, ValueRange{sorted},
                    ValueRange{emptyTensor(b, loc, outType, {n})},
                    {AffineMap::getMultiDimIdentityMap(1, b.getContext()),
                     AffineMap::getMultiDimIdentityMap(1, b.getContext())},
                    parallelIterators(1),
                    [&](OpBuilder &nb, Location nl, ValueRange args) {
                      Value v = tensor::ExtractOp::create(nb, nl, in, args[0]);
                      linalg::YieldOp::create(nb, nl, ValueRange{v});
                    })
                    .getResult(0);
    if (outType != inType)
      out = tensor::CastOp::create(b, loc, inType, out);
    results.push_back(out);
  }
  return results;
}

/// Sorts the static `inputs` of rank > 1 along `dim`: each row (the other
/// dimensions collapsed) sorted by sortVectors in an scf.for.
static Values sortRows(OpBuilder &b, Location loc, shlo::SortOp op,
                       int64_t dim) {
  auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
  int64_t rank = type.getRank();
  SmallVector<Value> inputs(op.getInputs().begin(), op.getInputs().end());
  int64_t n = type.getDimSize(dim);
  if (n <= 1 || type.getNumElements() == 0)
    return inputs;
  // The sorted dimension last, the others in their order.
  SmallVector<int64_t> perm, inverse(rank);
  for (int64_t i = 0; i < rank; ++i)
    if (i != dim)
      perm.push_back(i);
  perm.push_back(dim);
  for (int64_t i = 0; i < rank; ++i)
    inverse[perm[i]] = i;
  int64_t rows = type.getNumElements() / n;
  SmallVector<Value> matrices, inits;
  SmallVector<RankedTensorType> transposedTypes;
  for (Value in : inputs) {
    Value t = transposeTensor(b, loc, in, perm);
    auto tType = cast<RankedTensorType>(t.getType());
    transposedTypes.push_back(tType);
    auto matrixType = RankedTensorType::get({rows, n}, tType.getElementType());
    matrices.push_back(reshapeTensor(b, loc, t, matrixType));
    inits.push_back(emptyTensor(b, loc, matrixType));
  }
  bool failedBody = false;
  auto loop = scf::ForOp::create(
      b, loc, indexConstant(b, loc, 0), indexConstant(b, loc, rows),
      indexConstant(b, loc, 1), inits,
      [&](OpBuilder &nb, Location nl, Value row, ValueRange iter) {
        SmallVector<OpFoldResult> offsets = {row, nb.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes = {nb.getIndexAttr(1),
                                           nb.getIndexAttr(n)};
        SmallVector<OpFoldResult> strides(2, nb.getIndexAttr(1));
        SmallVector<Value> vectors;
        for (Value m : matrices) {
          auto vType = RankedTensorType::get(
              {n}, cast<RankedTensorType>(m.getType()).getElementType());
          vectors.push_back(tensor::ExtractSliceOp::create(
              nb, nl, vType, m, offsets, sizes, strides));
        }
        Values sorted = sortVectors(nb, nl, op, vectors);
        if (failed(sorted)) {
          failedBody = true;
          scf::YieldOp::create(nb, nl, iter);
          return;
        }
        SmallVector<Value> next;
        for (auto [v, acc] : llvm::zip(*sorted, iter))
          next.push_back(tensor::InsertSliceOp::create(nb, nl, v, acc, offsets,
                                                       sizes, strides));
        scf::YieldOp::create(nb, nl, next);
      });
  if (failedBody)
    return failure();
  SmallVector<Value> results;
  for (auto [m, tType] : llvm::zip(loop.getResults(), transposedTypes))
    results.push_back(
        transposeTensor(b, loc, reshapeTensor(b, loc, m, tType), inverse));
  return results;
}

static Values lowerSort(OpBuilder &b, shlo::SortOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getInputs()[0].getType());
  int64_t rank = type.getRank();
  int64_t dim = op.getDimension();
  if (dim < 0)
    dim += rank;
  if (rank == 0 || dim < 0 || dim >= rank)
    return op.emitError("stablehlo-to-linalg: 'stablehlo.sort' dimension ")
           << op.getDimension() << " is not a dimension of its rank-" << rank
           << " operands";
  if (rank == 1)
    return sortVectors(b, loc, op, op.getInputs());
  for (Value in : op.getInputs())
    if (!cast<RankedTensorType>(in.getType()).hasStaticShape())
      return op.emitError("stablehlo-to-linalg: 'stablehlo.sort' of rank ")
             << rank << " with a `?` size is not supported (rank 1 only)";
  return sortRows(b, loc, op, dim);
}

Lowered shlo_linalg::lowerSortOp(OpBuilder &b, Operation *op) {
  if (auto sort = dyn_cast<shlo::SortOp>(op))
    return lowerSort(b, sort);
  return std::nullopt;
}
