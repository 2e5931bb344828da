//===- Gelu.cpp - Contraction + BiasAdd + GELU ----------------------------===//
//
// The native helpers of the GELU patterns of patterns/Remapper.pdll. The
// patterns match the graphs TensorFlow's tf.nn.gelu builds after a fused
// contraction with BiasAdd (x below):
//  - exact: Mul(Mul(0.5, x), AddV2(1, Erf(RealDiv(x, sqrt(2)))));
//  - approximate: Mul(Mul(0.5, x), AddV2(1, Tanh(Mul(sqrt(2 / pi),
//    AddV2(x, Mul(0.044715, Pow(x, 3))))))).
// Here the constants are checked (to a relative 1e-6) and every node of the
// subgraph must be used only inside it (x by its nodes only), so that the
// contraction with fused_ops [BiasAdd, GeluExact] or [BiasAdd,
// GeluApproximate] computes exactly the subgraph's root.
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"

#include "llvm/ADT/SmallPtrSet.h"

#include "llvm/Support/Debug.h"
#include <cmath>

#define DEBUG_TYPE "tfg-remapper"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

/// Whether `v` is a scalar-like float constant (every element) near `want`.
static bool isConstNear(Value v, double want) {
  DenseElementsAttr attr = getConstValue(v);
  if (!attr || !isa<FloatType>(attr.getElementType()) ||
      attr.getNumElements() < 1 || attr.getNumElements() > 1)
    return false;
  double got = (*attr.getValues<APFloat>().begin()).convertToDouble();
  return std::abs(got - want) <= 1e-6 * std::abs(want);
}

namespace {
/// A matched GELU subgraph over the fused contraction `base`.
struct GeluMatch {
  Operation *root, *base;
  SmallVector<Operation *, 8> inner; // the subgraph but root, producers last
  StringRef kind;                    // GeluExact or GeluApproximate
};
} // namespace

/// The checks common to both forms: the constants were checked by the
/// caller; here the uses, control edges, protection, types and target.
static LogicalResult checkGelu(PatternRewriter &rewriter, const GeluMatch &m,
                               Target target) {
  Value x = getDataResults(m.base)[0];
  llvm::SmallPtrSet<Operation *, 8> nodes(m.inner.begin(), m.inner.end());
  nodes.insert(m.root);
  for (Operation *user : x.getUsers())
    if (!nodes.contains(user))
      return rewriter.notifyMatchFailure(m.base,
                                         "the contraction has other users");
  if (!getControlToken(m.base).use_empty() ||
      !getControlOperands(m.base).empty() || isProtectedByGraphRewrite(m.base))
    return rewriter.notifyMatchFailure(
        m.base, "the contraction has control edges or is protected");
  Type t = getTypeAttr(m.base);
  for (Operation *op : m.inner) {
    if (failed(checkIntermediate(rewriter, op, "GELU node")))
      return failure();
    if (getTypeAttr(op) != t)
      return rewriter.notifyMatchFailure(op, "element types differ");
  }
  if (getTypeAttr(m.root) != t)
    return rewriter.notifyMatchFailure(m.root, "element types differ");
  SmallVector<std::string, 4> ops;
  if (auto array = dyn_cast_or_null<ArrayAttr>(m.base->getAttr("fused_ops")))
    for (Attribute a : array)
      if (auto s = dyn_cast<StringAttr>(a))
        ops.push_back(s.getValue().str());
  if (ops.size() != 1 || ops[0] != "BiasAdd")
    return rewriter.notifyMatchFailure(m.base, "not fused with BiasAdd only");
  ContractionFusion fusion;
  fusion.contraction = getFusedContractionBase(m.base).str();
  fusion.elementType = t;
  if (fusion.contraction != "MatMul")
    fusion.dataFormat =
        getStringAttr(m.base, "data_format",
                      fusion.contraction == "Conv3D" ? "NDHWC" : "NHWC")
            .str();
  fusion.fusedOps = {"BiasAdd", m.kind.str()};
  std::string why;
  if (failed(getFusedOpName(target, fusion, why)))
    return rewriter.notifyMatchFailure(m.root, why);
  return success();
}

/// Operand `i` of `op` (a data operand), or null.
static Value operand(Operation *op, unsigned i) {
  return i < getNumDataOperands(op) ? getDataOperands(op)[i] : Value();
}

static FailureOr<GeluMatch> matchGeluExact(PatternRewriter &rewriter,
                                           Operation *root, Operation *base,
                                           Operation *half, Operation *plus,
                                           Operation *erf, Operation *div,
                                           Target target) {
  GeluMatch m{root, base, {half, plus, erf, div}, "GeluExact"};
  if (!isConstNear(operand(half, 0), 0.5) ||
      !isConstNear(operand(plus, 0), 1.0) ||
      !isConstNear(operand(div, 1), std::sqrt(2.0)))
    return rewriter.notifyMatchFailure(root, "not GELU's constants");
  if (failed(checkGelu(rewriter, m, target)))
    return failure();
  return m;
}

static FailureOr<GeluMatch>
matchGeluApproximate(PatternRewriter &rewriter, Operation *root,
                     Operation *base, Operation *half, Operation *plus,
                     Operation *tanh, Operation *scaled, Operation *sum,
                     Operation *cubed, Operation *pow, Target target) {
  GeluMatch m{root,
              base,
              {half, plus, tanh, scaled, sum, cubed, pow},
              "GeluApproximate"};
  if (!isConstNear(operand(half, 0), 0.5) ||
      !isConstNear(operand(plus, 0), 1.0) ||
      !isConstNear(operand(scaled, 0), std::sqrt(2.0 / M_PI)) ||
      !isConstNear(operand(cubed, 0), 0.044715) ||
      !isConstNear(operand(pow, 1), 3.0))
    return rewriter.notifyMatchFailure(root, "not GELU's constants");
  if (failed(checkGelu(rewriter, m, target)))
    return failure();
  return m;
}

/// Replaces the subgraph with the base extended by the GELU.
static void fuseGelu(PatternRewriter &rewriter, const GeluMatch &m) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeAttrs(m.base)) {
    StringRef n = attr.getName().getValue();
    if (!n.starts_with("_mlir_") && n != "_output_shapes" && n != "fused_ops" &&
        n != "tfg.defaulted_attrs")
      attrs.push_back(attr);
  }
  attrs.push_back(rewriter.getNamedAttr(
      "fused_ops", rewriter.getStrArrayAttr({"BiasAdd", m.kind})));
  rewriter.setInsertionPoint(m.root);
  FailureOr<Operation *> fused =
      createNodeLike(rewriter, m.base, getTFOpName(m.base),
                     getDataOperands(m.base), {}, attrs);
  if (failed(fused))
    return;
  getDataResults(*fused)[0].setType(getDataResults(m.root)[0].getType());
  rewriter.replaceOp(m.root, getDataResults(*fused));
  // Users first: each inner node is unused once its users are gone. The
  // list holds them from the root's operands down, so erase while any
  // remains whose results are unused.
  SmallVector<Operation *, 8> left(m.inner.begin(), m.inner.end());
  while (!left.empty()) {
    auto it = llvm::find_if(left, [](Operation *op) {
      return llvm::all_of(getDataResults(op),
                          [](Value r) { return r.use_empty(); });
    });
    if (it == left.end())
      break;
    rewriter.eraseOp(*it);
    left.erase(it);
  }
  if (getDataResults(m.base)[0].use_empty())
    rewriter.eraseOp(m.base);
}

void remapper::registerGeluNatives(PDLPatternModule &pdl, Target target) {
  pdl.registerConstraintFunction(
      "CanFuseGeluExact",
      [target](PatternRewriter &rewriter, Operation *root, Operation *base,
               Operation *half, Operation *plus, Operation *erf,
               Operation *div) {
        return success(succeeded(matchGeluExact(rewriter, root, base, half,
                                                plus, erf, div, target)));
      });
  pdl.registerRewriteFunction(
      "FuseGeluExact",
      [target](PatternRewriter &rewriter, Operation *root, Operation *base,
               Operation *half, Operation *plus, Operation *erf,
               Operation *div) {
        FailureOr<GeluMatch> m =
            matchGeluExact(rewriter, root, base, half, plus, erf, div, target);
        if (succeeded(m))
          fuseGelu(rewriter, *m);
      });
  pdl.registerConstraintFunction(
      "CanFuseGeluApproximate",
      [target](PatternRewriter &rewriter, Operation *root, Operation *base,
               Operation *half, Operation *plus, Operation *tanh,
               Operation *scaled, Operation *sum, Operation *cubed,
               Operation *pow) {
        return success(succeeded(
            matchGeluApproximate(rewriter, root, base, half, plus, tanh, scaled,
                                 sum, cubed, pow, target)));
      });
  pdl.registerRewriteFunction(
      "FuseGeluApproximate",
      [target](PatternRewriter &rewriter, Operation *root, Operation *base,
               Operation *half, Operation *plus, Operation *tanh,
               Operation *scaled, Operation *sum, Operation *cubed,
               Operation *pow) {
        FailureOr<GeluMatch> m =
            matchGeluApproximate(rewriter, root, base, half, plus, tanh, scaled,
                                 sum, cubed, pow, target);
        if (succeeded(m))
          fuseGelu(rewriter, *m);
      });
}
