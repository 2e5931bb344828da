//===- VectorizeLinalg.cpp - tile and vectorize linalg on buffers ---------===//
//
// tfg-vectorize-linalg: the elementwise, reduction, pooling and copy linalg
// ops that remain on buffers after the micro-kernel pass are tiled and
// vectorized with upstream MLIR's linalg transformations, so that they
// become vector loads, vector arithmetic and vector stores instead of the
// scalar loops of convert-linalg-to-loops (docs/Codegen.md, "Tiling and
// vectorization"). For each op:
//
//   1. named pooling ops and linalg.copy are generalized
//      (linalg::generalizeNamedOp); an all-parallel generic with identity
//      maps over identity-layout buffers is collapsed to one loop
//      (linalg::collapseOpIterationDims);
//   2. the vector loop is the loop that indexes the innermost dimension of
//      the first input (of the first output without inputs); every operand
//      it indexes must be indexed by it in its innermost dimension, by
//      itself, with a static unit stride (a transpose stays scalar);
//   3. every other loop is tiled by 1 and the vector loop by at most four
//      vector registers, a size that divides it if there is one, else four
//      registers with the remainder split off as a second op of its own
//      (linalg::tileLinalgOp, scf.for; with `parallel-loops`, scf.parallel
//      for the parallel dimensions);
//   4. the tile's unit loops are dropped: a 1-d op on rank-reducing
//      subviews (toVectorLoopOnly);
//   5. linalg::vectorize turns it into vector.transfer_read, vector
//      arithmetic (vector.multi_reduction for a reduction) and
//      vector.transfer_write.
//
// An op that does not meet a condition of steps 1-3 is left as it is (its
// loops come from convert-linalg-to-loops); a tile the vectorizer refuses
// stays a scalar linalg op inside the tile loops.
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/TargetParser/Host.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_VECTORIZELINALGPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {

/// Width of the host's widest float vector registers in bits.
unsigned hostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 512;
  if (features.lookup("avx"))
    return 256;
  return 128;
}

/// Static shape, float or integer elements of at least 8 bits (a vector of
/// i1 is stored as packed bits, a buffer of i1 as one byte per element),
/// a unit innermost stride.
bool isVectorizableBuffer(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return false;
  Type element = memref.getElementType();
  if ((!isa<FloatType>(element) && !element.isSignlessInteger()) ||
      element.getIntOrFloatBitWidth() < 8)
    return false;
  if (memref.getRank() == 0)
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1 || memref.getShape().back() == 1;
}

/// The ops the pass considers: on buffers, static, elementwise-style bodies.
bool isCandidate(linalg::LinalgOp op) {
  if (!isa<linalg::GenericOp, linalg::CopyOp, linalg::PoolingNhwcMaxOp,
           linalg::PoolingNhwcSumOp, linalg::PoolingNhwcMinOp>(op))
    return false;
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0)
    return false;
  for (Value operand : op->getOperands())
    if (!isVectorizableBuffer(operand.getType()))
      return false;
  // Only scalar arith/math in the body (a gather's tensor.extract, a
  // memref.load or nested control flow stay scalar loops).
  for (Operation &inner : op->getRegion(0).front()) {
    if (isa<linalg::YieldOp, linalg::IndexOp>(inner))
      continue;
    Dialect *dialect = inner.getDialect();
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(dialect) ||
        inner.getNumRegions() != 0)
      return false;
  }
  return true;
}

/// Whether every indexing expression is a sum of loops with non-negative
/// coefficients and constants (a window's `d1 * 2 + d4`): a tile of one
/// iteration per loop then reads one element per dimension. A reversal
/// (`-d1 + 7`) or a division is not.
bool hasIncreasingMaps(linalg::GenericOp op) {
  for (AffineMap map : op.getIndexingMapsArray())
    for (AffineExpr result : map.getResults()) {
      bool ok = true;
      result.walk([&](AffineExpr expr) {
        auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
        if (!binary)
          return;
        if (binary.getKind() == AffineExprKind::Add)
          return;
        auto lhs = dyn_cast<AffineConstantExpr>(binary.getLHS());
        auto rhs = dyn_cast<AffineConstantExpr>(binary.getRHS());
        if (binary.getKind() != AffineExprKind::Mul || (lhs   ? lhs.getValue()
                                                        : rhs ? rhs.getValue()
                                                              : -1) < 0)
          ok = false;
      });
      if (!ok)
        return false;
    }
  return true;
}

/// The loop to vectorize: the one indexing the innermost dimension of the
/// first input (else output) with a plain dimension; checks that every
/// operand that uses it does so in its innermost dimension only.
std::optional<unsigned> chooseVectorLoop(linalg::GenericOp op) {
  OpOperand *reference = op.getNumDpsInputs() > 0 ? op.getDpsInputOperand(0)
                                                  : op.getDpsInitOperand(0);
  AffineMap referenceMap = op.getMatchingIndexingMap(reference);
  if (referenceMap.getNumResults() == 0)
    return std::nullopt;
  auto dim = dyn_cast<AffineDimExpr>(referenceMap.getResults().back());
  if (!dim)
    return std::nullopt;
  unsigned loop = dim.getPosition();
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    unsigned rank = map.getNumResults();
    for (unsigned i = 0; i < rank; ++i) {
      AffineExpr expr = map.getResult(i);
      if (!expr.isFunctionOfDim(loop))
        continue;
      if (i + 1 != rank || expr != dim)
        return std::nullopt;
    }
  }
  return loop;
}

/// The tile of a vector loop of `size` iterations: the whole loop when it
/// fits four registers of `lanes`, else the largest of four, three or two
/// registers that divides it, else four registers (the remainder is split
/// off, splitVectorLoop).
int64_t chooseVectorTile(int64_t size, int64_t lanes) {
  if (size <= 4 * lanes)
    return size;
  for (int64_t tile = 4 * lanes; tile >= 2 * lanes; tile -= lanes)
    if (size % tile == 0)
      return tile;
  return 4 * lanes;
}

/// Splits `op` along loop `loop` at `point`: two copies of it on subviews
/// of the operands that `loop` indexes (in their innermost dimension, as
/// chooseVectorLoop checked), the first over [0, point), the second over
/// the rest (its `linalg.index` of `loop` shifted by `point`).
std::pair<linalg::GenericOp, linalg::GenericOp>
splitVectorLoop(RewriterBase &rewriter, linalg::GenericOp op, unsigned loop,
                int64_t point) {
  int64_t size = op.getStaticLoopRanges()[loop];
  rewriter.setInsertionPoint(op);
  auto part = [&](int64_t offset, int64_t length) {
    SmallVector<Value> operands;
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      Value value = operand.get();
      if (map.getNumResults() == 0 ||
          !map.getResults().back().isFunctionOfDim(loop)) {
        operands.push_back(value);
        continue;
      }
      auto type = cast<MemRefType>(value.getType());
      int64_t rank = type.getRank();
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t dim : type.getShape())
        sizes.push_back(rewriter.getIndexAttr(dim));
      offsets.back() = rewriter.getIndexAttr(offset);
      sizes.back() = rewriter.getIndexAttr(length);
      operands.push_back(memref::SubViewOp::create(rewriter, op.getLoc(), value,
                                                   offsets, sizes, strides));
    }
    auto copy = cast<linalg::GenericOp>(rewriter.clone(*op));
    copy->setOperands(operands);
    // The second part's iterations start at `offset`.
    SmallVector<linalg::IndexOp> indices;
    copy.getRegion().walk([&](linalg::IndexOp index) {
      if (index.getDim() == loop && offset != 0)
        indices.push_back(index);
    });
    for (linalg::IndexOp index : indices) {
      rewriter.setInsertionPointAfter(index);
      Value shift =
          arith::ConstantIndexOp::create(rewriter, index.getLoc(), offset);
      auto shifted =
          arith::AddIOp::create(rewriter, index.getLoc(), index, shift);
      rewriter.replaceAllUsesExcept(index, shifted.getResult(), shifted);
    }
    rewriter.setInsertionPoint(op);
    return copy;
  };
  linalg::GenericOp first = part(0, point);
  linalg::GenericOp second = part(point, size - point);
  rewriter.eraseOp(op);
  return {first, second};
}

/// The widest element of `op`'s operands, in bits (at least 8).
unsigned widestElementBits(linalg::LinalgOp op) {
  unsigned bits = 8;
  for (Value operand : op->getOperands())
    bits = std::max(
        bits, getElementTypeOrSelf(operand.getType()).getIntOrFloatBitWidth());
  return bits;
}

/// Collapses an all-parallel generic with identity maps over identity-layout
/// buffers to one loop (a [1, 64, 64, 3] elementwise op becomes 12288
/// iterations, vectorized along all of them).
linalg::GenericOp collapseElementwise(RewriterBase &rewriter,
                                      linalg::GenericOp op) {
  if (op.getNumLoops() < 2 || op.getNumParallelLoops() != op.getNumLoops() ||
      op.hasIndexSemantics())
    return op;
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isIdentity())
      return op;
  for (Value operand : op->getOperands())
    if (!cast<MemRefType>(operand.getType()).getLayout().isIdentity())
      return op;
  ReassociationIndices all;
  for (unsigned i = 0, e = op.getNumLoops(); i < e; ++i)
    all.push_back(i);
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(op, {all}, rewriter);
  if (failed(collapsed))
    return op;
  auto generic =
      dyn_cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
  if (!generic) {
    rewriter.eraseOp(collapsed->collapsedOp);
    return op;
  }
  rewriter.eraseOp(op);
  return generic;
}

/// The 1-d op of a tile whose loops all have one iteration but
/// `vectorLoop`: each operand indexed by it becomes its innermost row
/// (a rank-reducing subview), each other one its single element (a 0-d
/// subview); `linalg.index` of a unit loop is 0. `op` is returned as it is
/// when an operand has another dimension of more than one element.
linalg::GenericOp toVectorLoopOnly(RewriterBase &rewriter, linalg::GenericOp op,
                                   unsigned vectorLoop) {
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    ArrayRef<int64_t> shape =
        cast<MemRefType>(operand.get().getType()).getShape();
    for (auto [i, size] : llvm::enumerate(shape))
      if (size != 1 && !(i + 1 == shape.size() &&
                         map.getResult(i).isFunctionOfDim(vectorLoop)))
        return op;
  }
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> inputs, outputs;
  SmallVector<AffineMap> maps;
  AffineMap row = AffineMap::get(1, 0, getAffineDimExpr(0, context));
  AffineMap element = AffineMap::get(1, 0, context);
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    auto type = cast<MemRefType>(operand.get().getType());
    int64_t rank = type.getRank();
    bool usesLoop =
        rank > 0 && map.getResults().back().isFunctionOfDim(vectorLoop);
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<int64_t> resultShape;
    if (usesLoop) {
      sizes.back() = rewriter.getIndexAttr(type.getShape().back());
      resultShape.push_back(type.getShape().back());
    }
    Value value = operand.get();
    if (rank > 0) {
      auto reduced = memref::SubViewOp::inferRankReducedResultType(
          resultShape, type, offsets, sizes, strides);
      value = memref::SubViewOp::create(rewriter, loc, reduced, value, offsets,
                                        sizes, strides);
    }
    (op.isDpsInput(&operand) ? inputs : outputs).push_back(value);
    maps.push_back(usesLoop ? row : element);
  }
  utils::IteratorType iterator = op.getIteratorTypesArray()[vectorLoop];
  auto result = linalg::GenericOp::create(
      rewriter, loc, TypeRange(), ValueRange(inputs), ValueRange(outputs), maps,
      ArrayRef<utils::IteratorType>(iterator));
  rewriter.inlineRegionBefore(op.getRegion(), result.getRegion(),
                              result.getRegion().begin());
  SmallVector<linalg::IndexOp> indices;
  result.getRegion().walk(
      [&](linalg::IndexOp index) { indices.push_back(index); });
  for (linalg::IndexOp index : indices) {
    rewriter.setInsertionPoint(index);
    if (index.getDim() == vectorLoop)
      rewriter.replaceOpWithNewOp<linalg::IndexOp>(index, uint64_t(0));
    else
      rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(index, 0);
  }
  rewriter.eraseOp(op);
  return result;
}

/// Tiles `op` by 1 in every loop but `vectorLoop`, by `tile` in it, drops
/// the tile's unit loops and vectorizes it. With `parallelLoops`, the tile
/// loops of parallel dimensions are scf.parallel (reductions stay scf.for).
void tileAndVectorize(RewriterBase &rewriter, linalg::GenericOp op,
                      unsigned vectorLoop, int64_t tile, bool parallelLoops) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> tileSizes;
  bool tiled = false;
  for (auto [i, size] : llvm::enumerate(ranges)) {
    int64_t t =
        i == vectorLoop ? (tile == size ? 0 : tile) : (size == 1 ? 0 : 1);
    tiled |= t != 0;
    tileSizes.push_back(t);
  }
  linalg::GenericOp inner = op;
  if (tiled) {
    rewriter.setInsertionPoint(op);
    linalg::LinalgTilingOptions tiling;
    tiling.setTileSizes(tileSizes);
    tiling.setLoopType(parallelLoops
                           ? linalg::LinalgTilingLoopType::ParallelLoops
                           : linalg::LinalgTilingLoopType::Loops);
    FailureOr<linalg::TiledLinalgOp> result =
        linalg::tileLinalgOp(rewriter, op, tiling);
    if (failed(result))
      return;
    rewriter.eraseOp(op);
    inner = cast<linalg::GenericOp>(result->op.getOperation());
  }
  if (inner.getNumLoops() > 1)
    inner = toVectorLoopOnly(rewriter, inner, vectorLoop);
  if (failed(linalg::vectorizeOpPrecondition(inner)))
    return;
  rewriter.setInsertionPoint(inner);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, inner);
  if (succeeded(vectorized))
    rewriter.eraseOp(inner);
}

/// Generalizes, collapses, chooses the vector loop and its tile, splits off
/// a remainder, then tiles and vectorizes; leaves the op alone when a step
/// does not apply.
void vectorizeOp(RewriterBase &rewriter, linalg::LinalgOp named,
                 unsigned vectorBits, bool parallelLoops) {
  rewriter.setInsertionPoint(named);
  linalg::GenericOp op = dyn_cast<linalg::GenericOp>(named.getOperation());
  if (!op) {
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, named);
    if (failed(generic))
      return;
    op = *generic;
  }
  op = collapseElementwise(rewriter, op);
  if (!hasIncreasingMaps(op))
    return;
  std::optional<unsigned> vectorLoop = chooseVectorLoop(op);
  if (!vectorLoop)
    return;
  int64_t size = op.getStaticLoopRanges()[*vectorLoop];
  int64_t lanes = std::max<int64_t>(1, vectorBits / widestElementBits(op));
  int64_t tile = chooseVectorTile(size, lanes);
  if (size < 2)
    return;
  int64_t remainder = size % tile;
  if (remainder == 0) {
    tileAndVectorize(rewriter, op, *vectorLoop, tile, parallelLoops);
    return;
  }
  auto [main, rest] =
      splitVectorLoop(rewriter, op, *vectorLoop, size - remainder);
  tileAndVectorize(rewriter, main, *vectorLoop, tile, parallelLoops);
  tileAndVectorize(rewriter, rest, *vectorLoop, remainder, parallelLoops);
}

struct VectorizeLinalgPass
    : public tfg::impl::VectorizeLinalgPassBase<VectorizeLinalgPass> {
  using VectorizeLinalgPassBase::VectorizeLinalgPassBase;
  void runOnOperation() override {
    unsigned bits = vectorBits ? unsigned(vectorBits) : hostVectorBits();
    SmallVector<linalg::LinalgOp> candidates;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isCandidate(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates)
      vectorizeOp(rewriter, op, bits, parallelLoops);
  }
};
} // namespace
