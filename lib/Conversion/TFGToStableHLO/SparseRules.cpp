//===- SparseRules.cpp - Sparse-tensor TensorFlow ops to StableHLO --------===//
//
// TensorFlow's sparse tensors (indices [N, R], values [N], a dense shape)
// made dense by one stablehlo.scatter, with the dense shape the node's
// static result shape:
// - SparseToDense: the values replace default_value at their indices (a
//   repeated index takes the last value).
// - SparseTensorDenseMatMul: A scattered (added) into a dense [M, K], then
//   a dot_general with B; adjoint_a/adjoint_b transpose a side (real
//   element types only).
// - SparseReduceSum: the values added into a dense tensor of input_shape,
//   then a reduce over reduction_axes (keep_dims through the result shape).
// - InvertPermutation: iota scattered to the positions the permutation
//   names.
// TensorFlow reports an index outside the shape (and, for SparseToDense
// with validate_indices, unsorted or repeated indices); StableHLO's scatter
// skips an index out of bounds.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

bool isInt(Lowering &l, Value v) {
  auto it = dyn_cast<IntegerType>(l.type(v).getElementType());
  return it && it.getWidth() > 1;
}

/// Sparse `values` (a scalar is repeated for every index) scattered into
/// `dense` at `indices` ([N, R], [N] for R = 1, or a scalar) with `body`.
FailureOr<Value> scatterSparse(Lowering &l, Value dense, Value indices,
                               Value values, StringRef body) {
  RankedTensorType it = l.type(indices), dt = l.type(dense);
  if (!isInt(l, indices) || it.getRank() > 2)
    return l.error() << "sparse indices must be integers of rank 0, 1 or 2, "
                        "has "
                     << it;
  int64_t n = it.getRank() == 0 ? 1 : it.getDimSize(0);
  int64_t r = it.getRank() == 2 ? it.getDimSize(1) : 1;
  if (r != dt.getRank())
    return l.error() << "indices " << it << " do not index " << dt;
  indices = l.reshape(indices, {n, r});
  RankedTensorType vt = l.type(values);
  if (vt.getElementType() != dt.getElementType())
    return l.error() << "values " << vt << " are not of " << dt;
  if (vt.getRank() == 0)
    values = l.op("broadcast_in_dim", values,
                  RankedTensorType::get({n}, vt.getElementType()),
                  {l.named("broadcast_dimensions", l.i64s({}))});
  else if (vt.getRank() != 1 || vt.getDimSize(0) != n)
    return l.error() << "values " << vt << " do not match " << n << " indices";
  return emitScatter(l, dense, indices, values, 1, r, 1, body);
}

/// SparseToDense(sparse_indices, output_shape, sparse_values,
/// default_value).
LogicalResult sparseToDense(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(4, 1)))
    return failure();
  RankedTensorType out = l.resultType();
  Value dflt = l.operand(3);
  if (l.type(dflt).getRank() != 0 ||
      l.type(dflt).getElementType() != out.getElementType())
    return l.error() << "default_value must be a scalar of "
                     << out.getElementType();
  Value dense = l.op("broadcast_in_dim", dflt, out,
                     {l.named("broadcast_dimensions", l.i64s({}))});
  FailureOr<Value> r = scatterSparse(l, dense, l.operand(0), l.operand(2), "");
  if (failed(r))
    return failure();
  results.push_back(*r);
  return success();
}

/// SparseTensorDenseMatMul(a_indices, a_values, a_shape, b).
LogicalResult sparseDenseMatMul(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(4, 1)))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = l.constInts(2);
  FailureOr<bool> adjA = l.boolAttr("adjoint_a", false);
  FailureOr<bool> adjB = l.boolAttr("adjoint_b", false);
  if (failed(shape) || failed(adjA) || failed(adjB))
    return failure();
  Value b = l.operand(3);
  RankedTensorType bt = l.type(b), out = l.resultType();
  if (shape->size() != 2 || bt.getRank() != 2 ||
      isa<ComplexType>(bt.getElementType()))
    return l.error() << "expects a sparse matrix and a real dense matrix";
  for (int64_t d : *shape)
    if (d < 0)
      return l.error() << "a_shape must not be negative";
  Value a = l.splat(RankedTensorType::get(*shape, bt.getElementType()), 0);
  FailureOr<Value> dense =
      scatterSparse(l, a, l.operand(0), l.operand(1), "add");
  if (failed(dense))
    return failure();
  int64_t ka = *adjA ? 0 : 1, kb = *adjB ? 1 : 0;
  if ((*shape)[ka] != bt.getDimSize(kb))
    return l.error() << "inner dimensions differ: " << (*shape)[ka] << " and "
                     << bt.getDimSize(kb);
  auto dims = stablehlo::DotDimensionNumbersAttr::get(l.b.getContext(), {}, {},
                                                      {ka}, {kb});
  RankedTensorType dotType = RankedTensorType::get(
      {(*shape)[1 - ka], bt.getDimSize(1 - kb)}, bt.getElementType());
  if (dotType != out)
    return l.error() << "gives " << dotType << ", not " << out;
  results.push_back(l.op("dot_general", {*dense, b}, out,
                         {l.named("dot_dimension_numbers", dims)}));
  return success();
}

/// SparseReduceSum(input_indices, input_values, input_shape,
/// reduction_axes).
LogicalResult sparseReduceSum(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(4, 1)))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = l.constInts(2);
  FailureOr<SmallVector<int64_t>> axes = l.constInts(3);
  if (failed(shape) || failed(axes))
    return failure();
  RankedTensorType out = l.resultType();
  int64_t rank = shape->size();
  for (int64_t d : *shape)
    if (d < 0)
      return l.error() << "input_shape must not be negative";
  SmallVector<int64_t> dims;
  for (int64_t a : *axes) {
    if (a < -rank || a >= rank)
      return l.error() << "axis " << a << " is out of range for rank " << rank;
    int64_t n = a < 0 ? a + rank : a;
    if (!llvm::is_contained(dims, n))
      dims.push_back(n);
  }
  if (axes->empty())
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(i);
  llvm::sort(dims);
  Value dense = l.splat(RankedTensorType::get(*shape, out.getElementType()), 0);
  FailureOr<Value> full =
      scatterSparse(l, dense, l.operand(0), l.operand(1), "add");
  if (failed(full))
    return failure();
  Value r = l.reduce(*full, dims, "add", 0);
  if (l.type(r).getNumElements() != out.getNumElements())
    return l.error() << "the sum gives " << r.getType() << ", not " << out;
  results.push_back(l.reshape(r, out.getShape()));
  return success();
}

/// InvertPermutation(x): y[x[i]] = i.
LogicalResult invertPermutation(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  Value x = l.operand(0);
  RankedTensorType t = l.type(x);
  if (t.getRank() != 1 || !isInt(l, x))
    return l.error() << "expects an integer vector, has " << t;
  int64_t n = t.getDimSize(0);
  Value iota = l.op("iota", {}, t,
                    {l.named("iota_dimension", l.b.getI64IntegerAttr(0))});
  results.push_back(
      emitScatter(l, l.splat(t, 0), l.reshape(x, {n, 1}), iota, 1, 1, 1, ""));
  return success();
}

} // namespace

void tohlo::addSparseRules(RuleTable &table) {
  table["SparseToDense"] = sparseToDense;
  table["SparseTensorDenseMatMul"] = sparseDenseMatMul;
  table["SparseReduceSum"] = sparseReduceSum;
  table["InvertPermutation"] = invertPermutation;
}
