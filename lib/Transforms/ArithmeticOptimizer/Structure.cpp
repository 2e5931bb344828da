//===- Structure.cpp - Structural stages of tfg-arithmetic-optimizer -----===//
//
// The stages of Grappler's ArithmeticOptimizer that move or drop nodes
// around data movement ops: a slice of a Pack picking one packed input, an
// embedding lookup through Unique, a widening Cast of segment ids, a
// narrowing Cast moved before a value-preserving op (so it moves fewer
// bytes), a chain of unary ops shared by every input of a Concat hoisted
// after it or by every output of a Split hoisted before it, and (off by
// default) a Mul by ones that only
// broadcasts replaced by a Tile. All of them are exact: they only reorder
// elementwise functions and data movement, or drop lossless conversions.
//
//===----------------------------------------------------------------------===//

#include "ArithmeticOptimizer.h"

#include "tfg/IR/OpClassification.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-arithmetic-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::arith_opt;

namespace {

/// An integer attribute of `op` (0 when absent).
static int64_t getIntAttr(Operation *op, StringRef name) {
  auto attr = dyn_cast_or_null<IntegerAttr>(op->getAttr(name));
  return attr ? attr.getInt() : 0;
}

// Pattern: Slice(Pack(x_0..x_n, axis), k along axis) -> x_k or ExpandDims(x_k)
/// Slice/StridedSlice(Pack(x_0..x_{n-1}, axis)) picking x_k along the
/// packing axis and everything along the other dimensions -> x_k (when the
/// slice shrinks the axis) or ExpandDims(x_k, axis).
struct RemoveStackSliceSameAxis : NodePattern {
  RemoveStackSliceSameAxis(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    bool strided = isNode(op, "StridedSlice");
    if (getNumDataOperands(op) != (strided ? 4u : 3u))
      return rewriter.notifyMatchFailure(op, "wrong operand count for a slice");
    Operation *pack = getProducerOf(getDataOperands(op)[0], "Pack");
    if (!pack || hasControlOperands(pack) || getNumDataOperands(pack) == 0)
      return rewriter.notifyMatchFailure(
          op, "the input is not a Pack without control operands");
    OperandRange inputs = getDataOperands(pack);
    std::optional<SmallVector<int64_t>> inShape = getStaticShape(inputs[0]);
    if (!inShape)
      return rewriter.notifyMatchFailure(
          op, "the packed values have no static shape");
    int64_t rank = static_cast<int64_t>(inShape->size()) + 1;
    int64_t n = static_cast<int64_t>(inputs.size());
    int64_t axis = getIntAttr(pack, "axis");
    if (axis < -rank || axis >= rank)
      return rewriter.notifyMatchFailure(op, "the Pack axis is out of range");
    if (axis < 0)
      axis += rank;
    SmallVector<int64_t> packed(*inShape);
    packed.insert(packed.begin() + axis, n);
    std::optional<SmallVector<int64_t>> begin =
        getConstInts(getDataOperands(op)[1]);
    std::optional<SmallVector<int64_t>> second =
        getConstInts(getDataOperands(op)[2]);
    if (!begin || !second || static_cast<int64_t>(begin->size()) != rank ||
        static_cast<int64_t>(second->size()) != rank)
      return rewriter.notifyMatchFailure(
          op, "begin and size/end are not constants of the rank");
    int64_t k = (*begin)[axis];
    if (k < 0 && strided)
      k += n;
    if (k < 0 || k >= n)
      return rewriter.notifyMatchFailure(
          op, "the index along the axis is out of range");
    bool shrink = false;
    if (!strided) {
      // Slice(begin, size): size -1 means to the end.
      for (int64_t d = 0; d < rank; ++d) {
        if (d == axis) {
          if ((*second)[d] != 1)
            return rewriter.notifyMatchFailure(
                op, "the slice takes more than one element along the axis");
          continue;
        }
        if ((*begin)[d] != 0 ||
            ((*second)[d] != -1 && (*second)[d] != packed[d]))
          return rewriter.notifyMatchFailure(
              op, "the slice does not take everything along another dimension");
      }
    } else {
      std::optional<SmallVector<int64_t>> strides =
          getConstInts(getDataOperands(op)[3]);
      int64_t beginMask = getIntAttr(op, "begin_mask");
      int64_t endMask = getIntAttr(op, "end_mask");
      int64_t shrinkMask = getIntAttr(op, "shrink_axis_mask");
      if (!strides || static_cast<int64_t>(strides->size()) != rank ||
          getIntAttr(op, "ellipsis_mask") || getIntAttr(op, "new_axis_mask") ||
          (shrinkMask != 0 && shrinkMask != (int64_t(1) << axis)))
        return rewriter.notifyMatchFailure(
            op, "strides or masks that are not supported");
      shrink = shrinkMask != 0;
      for (int64_t d = 0; d < rank; ++d) {
        if ((*strides)[d] != 1)
          return rewriter.notifyMatchFailure(op, "a stride other than 1");
        bool fromStart = (beginMask >> d) & 1 || (*begin)[d] == 0;
        bool toEnd = (endMask >> d) & 1 || (*second)[d] >= packed[d];
        if (d == axis) {
          if ((beginMask >> d) & 1)
            return rewriter.notifyMatchFailure(
                op, "begin_mask set on the packing axis");
          if (!shrink &&
              ((endMask >> d) & 1 || (*second)[d] != k + 1 || (*begin)[d] < 0))
            return rewriter.notifyMatchFailure(
                op, "the end along the axis is not k + 1");
          continue;
        }
        if (!fromStart || !toEnd)
          return rewriter.notifyMatchFailure(
              op, "the slice does not take everything along another dimension");
      }
    }
    Value x = inputs[k];
    if (shrink)
      return bypassNode(rewriter, op, x, mayDelete);
    Type i32 = rewriter.getI32Type();
    Operation *dim = buildScalarConst(rewriter, op, i32, axis);
    if (!dim)
      return rewriter.notifyMatchFailure(op,
                                         "could not build the axis constant");
    Operation *node =
        buildNode(rewriter, op, "ExpandDims", {x, getDataResults(dim)[0]},
                  {rewriter.getNamedAttr("T", pack->getAttr("T")),
                   rewriter.getNamedAttr("Tdim", TypeAttr::get(i32))},
                  getDataResults(op)[0].getType());
    if (!node || !pack->getAttr("T"))
      return rewriter.notifyMatchFailure(op, "could not build ExpandDims");
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: SparseSegmentSum(Gather(p, Unique(x).y), Unique(x).idx, s) ->
// SparseSegmentSum(p, x, s)
/// SparseSegment{Sum,Mean,SqrtN}(Gather(params, Unique(x).y), Unique(x).idx,
/// segment_ids) -> SparseSegment*(params, x, segment_ids): row j selects
/// params[y[idx[j]]] = params[x[j]] either way.
struct SimplifyEmbeddingLookup : NodePattern {
  SimplifyEmbeddingLookup(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) != 3)
      return rewriter.notifyMatchFailure(op, "not a ternary segment reduction");
    Value gathered = getDataOperands(op)[0], idx = getDataOperands(op)[1];
    Operation *gather = getProducerNode(gathered);
    if (!gather || hasControlOperands(gather))
      return rewriter.notifyMatchFailure(
          op, "the data is not a Gather without control operands");
    if (isNode(gather, "GatherV2")) {
      std::optional<double> axis = getSplatValue(getDataOperands(gather)[2]);
      if (getNumDataOperands(gather) != 3 || !axis || *axis != 0 ||
          getIntAttr(gather, "batch_dims") != 0)
        return rewriter.notifyMatchFailure(
            op, "not a GatherV2 on axis 0 without batch dimensions");
    } else if (!isNode(gather, "Gather") || getNumDataOperands(gather) != 2) {
      return rewriter.notifyMatchFailure(op, "not a Gather or GatherV2");
    }
    Operation *unique = getProducerOf(idx, "Unique");
    if (!unique || hasControlOperands(unique) ||
        getDataOperands(gather)[1] != getDataResults(unique)[0] ||
        idx != getDataResults(unique)[1] || getNumDataOperands(unique) != 1)
      return rewriter.notifyMatchFailure(
          op,
          "the indices are not Unique(x).y with segment indices Unique(x).idx");
    Type idsType = getTypeAttr(unique);
    if (!idsType || !(idsType.isInteger(32) || idsType.isInteger(64)))
      return rewriter.notifyMatchFailure(op, "the ids are not int32 or int64");
    Operation *node = cloneNodeWithData(
        rewriter, op,
        {getDataOperands(gather)[0], getDataOperands(unique)[0],
         getDataOperands(op)[2]},
        {rewriter.getNamedAttr("Tidx", TypeAttr::get(idsType))});
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: SegmentReduction(d, Cast<int64>(ids int32)) -> SegmentReduction(d,
// ids)
/// Segment reductions (segment ids at operand 1, type attribute Tindices)
/// reading Cast(ids) where the cast widens int32 to int64 -> reading ids.
/// Narrowing casts change out-of-range ids and are kept.
struct RemoveCastIntoSegmentReduction : NodePattern {
  RemoveCastIntoSegmentReduction(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (getNumDataOperands(op) < 2)
      return rewriter.notifyMatchFailure(op,
                                         "not a segment reduction with ids");
    Operation *cast = getProducerOf(getDataOperands(op)[1], "Cast");
    if (!cast || hasControlOperands(cast) || getNumDataOperands(cast) != 1)
      return rewriter.notifyMatchFailure(
          op, "the ids are not a unary Cast without control operands");
    Type src = getTypeAttr(cast, "SrcT"), dst = getTypeAttr(cast, "DstT");
    if (!src || !dst || !src.isInteger(32) || !dst.isInteger(64) ||
        getTypeAttr(op, "Tindices") != dst)
      return rewriter.notifyMatchFailure(
          op, "not a widening int32 to int64 Cast of the ids");
    SmallVector<Value> data(getDataOperands(op));
    data[1] = getDataOperands(cast)[0];
    Operation *node = cloneNodeWithData(
        rewriter, op, data,
        {rewriter.getNamedAttr("Tindices", TypeAttr::get(src))});
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

/// The bit width of an int or float dtype, 0 for others.
static unsigned getWidth(Type t) {
  return t && t.isIntOrFloat() ? t.getIntOrFloatBitWidth() : 0;
}

// Pattern: Cast(vp(x)) -> vp(Cast(x)) for a narrowing Cast
/// Cast(vp(x)) -> vp(Cast(x)) for a value-preserving vp (Transpose,
/// Reshape, ...) with a `T` attribute when the cast narrows the type: vp
/// then moves fewer bytes. Exact: a cast is elementwise.
struct ReorderCastLikeAndValuePreserving : NodePattern {
  explicit ReorderCastLikeAndValuePreserving(MLIRContext *ctx)
      : NodePattern("Cast", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type src = getTypeAttr(op, "SrcT"), dst = getTypeAttr(op, "DstT");
    if (getNumDataOperands(op) != 1 || !getWidth(src) || !getWidth(dst) ||
        getWidth(dst) >= getWidth(src))
      return rewriter.notifyMatchFailure(op, "not a narrowing Cast");
    Value in = getDataOperands(op)[0];
    Operation *vp = getProducerNode(in);
    if (!vp || hasControlOperands(vp) || !hasSingleUse(in) ||
        !isValuePreserving(vp) || isIdentityLike(vp) ||
        getNumDataOperands(vp) < 1 || getDataResults(vp).size() != 1 ||
        getTypeAttr(vp) != src)
      return rewriter.notifyMatchFailure(
          op, "the input is not a value-preserving node of the source type");
    Value x = getDataOperands(vp)[0];
    Type castType;
    if (auto ranked = dyn_cast<RankedTensorType>(x.getType()))
      castType = RankedTensorType::get(ranked.getShape(), dst);
    Operation *cast = cloneNodeWithData(rewriter, op, {x});
    if (castType)
      getDataResults(cast)[0].setType(castType);
    else
      getDataResults(cast)[0].setType(UnrankedTensorType::get(dst));
    SmallVector<Value> data(getDataOperands(vp));
    data[0] = getDataResults(cast)[0];
    Operation *node = cloneNodeWithData(
        rewriter, vp, data, {rewriter.getNamedAttr("T", TypeAttr::get(dst))});
    getDataResults(node)[0].setType(getDataResults(op)[0].getType());
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

/// Whether `a` and `b` have the same attributes but `_output_shapes`
/// (the shapes of the values differ between the inputs of a Concat or the
/// outputs of a SplitV; the hoisted clone drops the attribute).
static bool haveSameAttrs(Operation *a, Operation *b) {
  DictionaryAttr da = getNodeAttrs(a), db = getNodeAttrs(b);
  if (da == db)
    return true;
  auto kept = [](DictionaryAttr d) {
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : d)
      if (attr.getName() != "_output_shapes")
        attrs.push_back(attr);
    return attrs;
  };
  return kept(da) == kept(db);
}

/// The most unary ops hoisted at once.
constexpr int kMaxHoisted = 16;

// Pattern: ConcatV2(f(x_0), ..., f(x_n), axis) -> f(ConcatV2(x_0, ..., x_n,
// axis))
/// ConcatV2(f(x_0), ..., f(x_{n-1}), axis) -> f(ConcatV2(x_0, ..., axis))
/// for a chain f of elementwise unary ops that keep the dtype (same op and
/// attributes on every input, each node used once, no control operands).
struct HoistCWiseUnaryChains : NodePattern {
  explicit HoistCWiseUnaryChains(MLIRContext *ctx)
      : NodePattern("ConcatV2", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    unsigned numData = getNumDataOperands(op);
    if (numData < 3)
      return rewriter.notifyMatchFailure(
          op, "fewer than two values to concatenate");
    SmallVector<Value> values(getDataOperands(op).drop_back());
    Type t = getTypeAttr(op);
    if (!t)
      return rewriter.notifyMatchFailure(op, "no T attribute");
    SmallVector<Operation *> chain; // nearest the Concat first
    while (static_cast<int>(chain.size()) < kMaxHoisted) {
      SmallVector<Operation *> producers;
      for (Value v : values) {
        Operation *p = getProducerNode(v);
        if (!p || hasControlOperands(p) || !hasSingleUse(v) ||
            !isElementwiseUnary(p) || getNumDataOperands(p) != 1 ||
            getDataResults(p).size() != 1 || getTypeAttr(p) != t ||
            isNode(p, "Cast") ||
            (!producers.empty() && (p->getName() != producers[0]->getName() ||
                                    !haveSameAttrs(p, producers[0]))))
          break;
        producers.push_back(p);
      }
      if (producers.size() != values.size())
        break;
      chain.push_back(producers[0]);
      for (auto [i, p] : llvm::enumerate(producers))
        values[i] = getDataOperands(p)[0];
    }
    if (chain.empty())
      return rewriter.notifyMatchFailure(
          op, "no unary chain common to every input");
    values.push_back(getDataOperands(op).back());
    Operation *node = cloneNodeWithData(rewriter, op, values);
    getDataResults(node)[0].setType(UnrankedTensorType::get(t));
    for (Operation *f : llvm::reverse(chain)) {
      node = cloneNodeWithData(rewriter, f, {getDataResults(node)[0]});
      getDataResults(node)[0].setType(UnrankedTensorType::get(t));
    }
    getDataResults(node)[0].setType(getDataResults(op)[0].getType());
    replaceNodeAndClean(rewriter, op, node, mayDelete);
    return success();
  }
};

// Pattern: f(Split(x)_i) for every output i -> Split(f(x))_i
/// Split(axis, x) / SplitV(x, sizes, axis) whose every output i feeds a
/// chain f(g(split:i)) of the same elementwise unary ops (same op and
/// attributes, dtype kept, no Cast) -> Split(axis, f(g(x))): the users of
/// each chain's last node read the new Split's output i. The rewrite
/// replaces nodes other than its root (the chains' last nodes), so it is
/// done only when none of the chain nodes is protected (fetched or fed, as
/// the driver would refuse it after the other replacements), has control
/// operands or a used control token, and nodes may be deleted (each chain
/// end is replaced by an existing value). Every node before a chain's end
/// is used only by the next one.
struct HoistCWiseUnaryChainsSplit : NodePattern {
  HoistCWiseUnaryChainsSplit(StringRef name, MLIRContext *ctx)
      : NodePattern(name, ctx) {}

  /// Whether `p` may be a chain node: an elementwise unary op of dtype `t`,
  /// without control edges, not protected.
  bool isChainNode(Operation *p, Type t) const {
    return p && getControlToken(p) && getControlToken(p).use_empty() &&
           !hasControlOperands(p) && isElementwiseUnary(p) &&
           getNumDataOperands(p) == 1 && getDataResults(p).size() == 1 &&
           getTypeAttr(p) == t && !isNode(p, "Cast") &&
           !isProtectedByGraphRewrite(p);
  }

  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    if (!mayDelete)
      return rewriter.notifyMatchFailure(
          op, "the chains end at other nodes: nodes may not be deleted here");
    bool isSplitV = isNode(op, "SplitV");
    unsigned numData = getNumDataOperands(op);
    ResultRange outputs = getDataResults(op);
    Type t = getTypeAttr(op);
    if (numData != (isSplitV ? 3u : 2u) || outputs.empty() || !t)
      return rewriter.notifyMatchFailure(
          op, "not a Split/SplitV with typed outputs");
    unsigned xIndex = isSplitV ? 0 : 1;
    SmallVector<Value> values(outputs);
    SmallVector<Operation *> ends(values.size(), nullptr);
    SmallVector<Operation *> chain; // nearest the Split first
    while (static_cast<int>(chain.size()) < kMaxHoisted) {
      SmallVector<Operation *> users;
      for (Value v : values) {
        if (!v.hasOneUse())
          break;
        Operation *p = v.getUses().begin()->getOwner();
        if (!isChainNode(p, t) ||
            (!users.empty() && (p->getName() != users[0]->getName() ||
                                !haveSameAttrs(p, users[0]))))
          break;
        users.push_back(p);
      }
      if (users.size() != values.size())
        break;
      chain.push_back(users[0]);
      for (auto [i, p] : llvm::enumerate(users)) {
        ends[i] = p;
        values[i] = getDataResults(p)[0];
      }
    }
    if (chain.empty())
      return rewriter.notifyMatchFailure(
          op, "no unary chain common to every output");
    Value x = getDataOperands(op)[xIndex];
    Value hoisted = x;
    for (Operation *f : chain) {
      Operation *node = cloneNodeWithData(rewriter, f, {hoisted});
      getDataResults(node)[0].setType(x.getType());
      hoisted = getDataResults(node)[0];
    }
    SmallVector<Value> data(getDataOperands(op));
    data[xIndex] = hoisted;
    Operation *split = cloneNodeWithData(rewriter, op, data);
    // The new Split takes the old one's name (uniqued by the driver if the
    // old one outlives the rewrite), the hoisted chain `<split>/<OpType>`.
    if (StringRef name = getNodeName(op); !name.empty()) {
      setNodeName(split, name);
      for (Value v = hoisted; v != x;
           v = getDataOperands(v.getDefiningOp())[0]) {
        Operation *f = v.getDefiningOp();
        setNodeName(f, (name + "/" + getTFOpName(f)).str());
      }
    }
    for (auto [result, end] : llvm::zip(getDataResults(split), ends))
      result.setType(getDataResults(end)[0].getType());
    for (auto [i, end] : llvm::enumerate(ends))
      replaceNodeAndClean(rewriter, end, ValueRange{getDataResults(split)[i]},
                          mayDelete);
    return success();
  }
};

// Pattern: Mul(x, Ones) broadcasting x -> Tile(x, multiples)
/// Mul(x, Ones) where the ones only broadcast x to a larger static shape
/// -> Tile(x, multiples). Exact (x * 1 is x); off by default as in
/// Grappler.
struct ReplaceMulWithBroadcastByTile : NodePattern {
  explicit ReplaceMulWithBroadcastByTile(MLIRContext *ctx)
      : NodePattern("Mul", ctx) {}
  LogicalResult rewriteNode(Operation *op,
                            PatternRewriter &rewriter) const override {
    Type t = getTypeAttr(op);
    if (getNumDataOperands(op) != 2 || !(isFloatLike(t) || isIntegerLike(t)))
      return rewriter.notifyMatchFailure(op, "not a binary numeric node");
    std::optional<SmallVector<int64_t>> out =
        getStaticShape(getDataResults(op)[0]);
    if (!out)
      return rewriter.notifyMatchFailure(op, "the result has no static shape");
    for (int i = 0; i < 2; ++i) {
      Value x = getDataOperands(op)[i], ones = getDataOperands(op)[1 - i];
      std::optional<double> one = getSplatValue(ones);
      std::optional<SmallVector<int64_t>> in = getStaticShape(x);
      if (!one || *one != 1.0 || !in || in->size() != out->size())
        continue;
      SmallVector<int32_t> multiples;
      bool ok = true, tiles = false;
      for (auto [a, b] : llvm::zip(*in, *out)) {
        if (a == b) {
          multiples.push_back(1);
        } else if (a == 1 && b <= INT32_MAX) {
          multiples.push_back(static_cast<int32_t>(b));
          tiles = true;
        } else {
          ok = false;
        }
      }
      if (!ok || !tiles)
        continue;
      auto type = RankedTensorType::get(
          {static_cast<int64_t>(multiples.size())}, rewriter.getI32Type());
      Operation *m = buildNode(
          rewriter, op, "Const", {},
          {rewriter.getNamedAttr("dtype", TypeAttr::get(rewriter.getI32Type())),
           rewriter.getNamedAttr(
               "value", DenseElementsAttr::get(type, ArrayRef(multiples)))},
          type);
      if (!m)
        return rewriter.notifyMatchFailure(op, "could not build the multiples");
      Operation *node =
          buildNode(rewriter, op, "Tile", {x, getDataResults(m)[0]},
                    {rewriter.getNamedAttr("T", TypeAttr::get(t)),
                     rewriter.getNamedAttr(
                         "Tmultiples", TypeAttr::get(rewriter.getI32Type()))},
                    getDataResults(op)[0].getType());
      if (!node)
        return rewriter.notifyMatchFailure(op, "could not build Tile");
      replaceNodeAndClean(rewriter, op, node, mayDelete);
      return success();
    }
    return rewriter.notifyMatchFailure(
        op, "no operand is a broadcasting constant of ones");
  }
};

} // namespace

void arith_opt::populateStructurePatterns(
    RewritePatternSet &patterns, const ArithmeticOptimizerPassOptions &stages,
    bool mayDelete) {
  MLIRContext *ctx = patterns.getContext();
  if (stages.removeStackSliceSameAxis)
    for (StringRef name : {"Slice", "StridedSlice"})
      addPattern<RemoveStackSliceSameAxis>(patterns, mayDelete, name, ctx);
  if (stages.simplifyEmbeddingLookup)
    for (StringRef name :
         {"SparseSegmentSum", "SparseSegmentMean", "SparseSegmentSqrtN"})
      addPattern<SimplifyEmbeddingLookup>(patterns, mayDelete, name, ctx);
  if (stages.removeCastIntoSegmentReduction)
    for (StringRef name :
         {"SegmentSum", "SegmentMean", "SegmentProd", "SegmentMin",
          "SegmentMax", "UnsortedSegmentSum", "UnsortedSegmentProd",
          "UnsortedSegmentMin", "UnsortedSegmentMax"})
      addPattern<RemoveCastIntoSegmentReduction>(patterns, mayDelete, name,
                                                 ctx);
  if (stages.reorderCastLikeAndValuePreserving)
    addPattern<ReorderCastLikeAndValuePreserving>(patterns, mayDelete, ctx);
  if (stages.hoistCWiseUnaryChains) {
    addPattern<HoistCWiseUnaryChains>(patterns, mayDelete, ctx);
    for (StringRef name : {"Split", "SplitV"})
      addPattern<HoistCWiseUnaryChainsSplit>(patterns, mayDelete, name, ctx);
  }
  if (stages.replaceMulWithBroadcastByTile)
    addPattern<ReplaceMulWithBroadcastByTile>(patterns, mayDelete, ctx);
}
