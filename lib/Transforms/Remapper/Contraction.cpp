//===- Contraction.cpp - Contraction + epilogue fusion --------------------===//
//
// The native helpers of the contraction patterns of patterns/Remapper.pdll.
// A chain starts at a contraction (Conv2D, DepthwiseConv2dNative, MatMul,
// Conv3D) or at a fused contraction whose epilogue can grow, and climbs
// through single users: BiasAdd (or an Add of a channel vector, which is a
// BiasAdd in all but name), an inference FusedBatchNorm, a residual AddV2,
// then an activation. The fused node takes the contraction's attributes
// that its OpDef declares, `fused_ops`, `num_args`, and `epsilon` or
// `leakyrelu_alpha` where the epilogue has them.
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"

#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-remapper"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

//===----------------------------------------------------------------------===//
// Shared node helpers
//===----------------------------------------------------------------------===//

static bool isNode(Operation *op, StringRef name) {
  return op && op->getName().getDialectNamespace() == "tfg" &&
         getTFOpName(op) == name;
}

Type remapper::getTypeAttr(Operation *op, StringRef name) {
  auto attr = op ? dyn_cast_or_null<TypeAttr>(op->getAttr(name)) : TypeAttr();
  return attr ? attr.getValue() : Type();
}

StringRef remapper::getStringAttr(Operation *op, StringRef name,
                                  StringRef dflt) {
  auto attr = op ? dyn_cast_or_null<StringAttr>(op->getAttr(name)) : nullptr;
  return attr ? attr.getValue() : dflt;
}

DenseElementsAttr remapper::getConstValue(Value v) {
  for (int depth = 0; depth < 8; ++depth) {
    Operation *op = v.getDefiningOp();
    if (!op || op->getName().getDialectNamespace() != "tfg")
      return {};
    if (isNode(op, "Identity") && getNumDataOperands(op) == 1 &&
        getControlOperands(op).empty()) {
      v = getDataOperands(op)[0];
      continue;
    }
    if (!isNode(op, "Const"))
      return {};
    return dyn_cast_or_null<DenseElementsAttr>(op->getAttr("value"));
  }
  return {};
}

std::optional<SmallVector<int64_t>> remapper::getKnownShape(Value v) {
  if (auto type = dyn_cast<RankedTensorType>(v.getType()))
    if (type.hasStaticShape())
      return SmallVector<int64_t>(type.getShape());
  if (DenseElementsAttr value = getConstValue(v))
    return SmallVector<int64_t>(value.getType().getShape());
  return std::nullopt;
}

bool remapper::isFusedBatchNorm(Operation *op) {
  return isNode(op, "FusedBatchNorm") || isNode(op, "FusedBatchNormV2") ||
         isNode(op, "FusedBatchNormV3");
}

LogicalResult remapper::checkIntermediate(PatternRewriter &rewriter,
                                          Operation *op, StringRef role) {
  auto fail = [&](const Twine &why) {
    return rewriter.notifyMatchFailure(
        op, [&](Diagnostic &diag) { diag << "the " << role << " " << why; });
  };
  ResultRange data = getDataResults(op);
  if (data.empty() || !data[0].hasOneUse())
    return fail("has other users");
  for (Value r : data.drop_front())
    if (!r.use_empty())
      return fail("has other results in use");
  if (Value ctl = getControlToken(op); !ctl || !ctl.use_empty())
    return fail("has control users");
  if (!getControlOperands(op).empty())
    return fail("has control operands");
  if (isProtectedByGraphRewrite(op) || op->hasAttr("_grappler_do_not_remove"))
    return fail("is fetched or protected");
  return success();
}

Operation *remapper::buildConst(PatternRewriter &rewriter, Operation *like,
                                DenseElementsAttr value) {
  FailureOr<Operation *> node = createNodeLike(
      rewriter, like, "Const", {}, {},
      {rewriter.getNamedAttr("dtype", TypeAttr::get(value.getElementType())),
       rewriter.getNamedAttr("value", value)});
  if (failed(node))
    return nullptr;
  getDataResults(*node)[0].setType(value.getType());
  return *node;
}

//===----------------------------------------------------------------------===//
// Chains
//===----------------------------------------------------------------------===//

/// The plain contraction a fused op stands for, or empty.
StringRef remapper::getFusedContractionBase(Operation *op) {
  if (isNode(op, "_FusedConv2D") || isNode(op, "FusedConv2D"))
    return "Conv2D";
  if (isNode(op, "_FusedConv3D"))
    return "Conv3D";
  if (isNode(op, "_FusedMatMul"))
    return "MatMul";
  if (isNode(op, "_FusedDepthwiseConv2dNative") ||
      isNode(op, "FusedDepthwiseConv2dNative"))
    return "DepthwiseConv2dNative";
  return {};
}

static bool isContraction(Operation *op) {
  return isNode(op, "Conv2D") || isNode(op, "DepthwiseConv2dNative") ||
         isNode(op, "MatMul") || isNode(op, "Conv3D");
}

static SmallVector<std::string, 4> getFusedOps(Operation *op) {
  SmallVector<std::string, 4> ops;
  if (auto array = dyn_cast_or_null<ArrayAttr>(op->getAttr("fused_ops")))
    for (Attribute a : array)
      if (auto s = dyn_cast<StringAttr>(a))
        ops.push_back(s.getValue().str());
  return ops;
}

static bool isActivationNode(Operation *op) {
  return op && op->getName().getDialectNamespace() == "tfg" &&
         isFusableActivation(getTFOpName(op));
}

namespace {
/// A chain from `base` up to `root` and what fusing it makes.
struct Chain {
  Operation *base = nullptr;
  SmallVector<Operation *, 4> nodes; // above base, the root last
  ContractionFusion fusion;
  SmallVector<Value, 4> args;
  std::optional<double> epsilon, alpha;
  StringRef fusedOpName;
};
} // namespace

/// Whether `add` adds the vector `bias` of the contraction's output
/// channels along the last dimension (so that it is a BiasAdd).
static bool isBiasSemanticAdd(Operation *add, Value bias) {
  if (!(isNode(add, "Add") || isNode(add, "AddV2")) ||
      getNumDataOperands(add) != 2)
    return false;
  Value other = getDataOperands(add)[0] == bias ? getDataOperands(add)[1]
                                                : getDataOperands(add)[0];
  Operation *c = other.getDefiningOp();
  if (!c || !isContraction(c) || getDataResults(c)[0] != other)
    return false;
  std::optional<SmallVector<int64_t>> biasShape = getKnownShape(bias);
  if (!biasShape || biasShape->size() != 1)
    return false;
  // The output channels: the filter's last dimension (Conv2D, Conv3D),
  // in * multiplier (depthwise), or the product's columns (MatMul).
  StringRef op = getTFOpName(c);
  if (op != "MatMul" && getStringAttr(c, "data_format", "NHWC") != "NHWC" &&
      getStringAttr(c, "data_format", "NDHWC") != "NDHWC")
    return false;
  std::optional<SmallVector<int64_t>> filter =
      getKnownShape(getDataOperands(c)[1]);
  if (!filter || filter->empty())
    return false;
  int64_t channels;
  if (op == "MatMul") {
    auto transB = dyn_cast_or_null<BoolAttr>(c->getAttr("transpose_b"));
    if (filter->size() != 2)
      return false;
    channels = (*filter)[transB && transB.getValue() ? 0 : 1];
  } else if (op == "DepthwiseConv2dNative") {
    if (filter->size() != 4)
      return false;
    channels = (*filter)[2] * (*filter)[3];
  } else {
    channels = filter->back();
  }
  // With one output channel the Add could broadcast the contraction up.
  return channels > 1 && (*biasShape)[0] == channels;
}

/// Builds the chain from `base` to `root`, or fails with the reason.
static FailureOr<Chain> buildChain(PatternRewriter &rewriter, Operation *root,
                                   Operation *base, Target target) {
  Chain chain;
  chain.base = base;
  StringRef plain =
      isContraction(base) ? getTFOpName(base) : getFusedContractionBase(base);
  if (plain.empty())
    return rewriter.notifyMatchFailure(base, "not a contraction");
  chain.fusion.contraction = plain.str();
  chain.fusion.elementType = getTypeAttr(base);
  if (plain != "MatMul")
    chain.fusion.dataFormat =
        getStringAttr(base, "data_format", plain == "Conv3D" ? "NDHWC" : "NHWC")
            .str();
  if (getNumDataOperands(base) < 2)
    return rewriter.notifyMatchFailure(base, "too few operands");
  if (std::optional<SmallVector<int64_t>> f =
          getKnownShape(getDataOperands(base)[1]);
      f && f->size() == 4)
    chain.fusion.filterSize = std::make_pair((*f)[0], (*f)[1]);
  if (!isContraction(base)) {
    chain.fusion.fusedOps = getFusedOps(base);
    for (Value v : getDataOperands(base).drop_front(2))
      chain.args.push_back(v);
    if (auto eps = dyn_cast_or_null<FloatAttr>(base->getAttr("epsilon")))
      chain.epsilon = eps.getValueAsDouble();
  }
  Type t = chain.fusion.elementType;
  if (!t)
    return rewriter.notifyMatchFailure(base, "no element type T");
  Operation *cur = base;
  bool done = false;
  while (!done) {
    if (failed(checkIntermediate(rewriter, cur, "contraction or epilogue")))
      return failure();
    Value value = getDataResults(cur)[0];
    Operation *next = *value.getUsers().begin();
    if (!next || next->getBlock() != base->getBlock())
      return rewriter.notifyMatchFailure(cur, "the user is elsewhere");
    if (getTypeAttr(next) != t)
      return rewriter.notifyMatchFailure(next, "element types differ");
    OperandRange ops = getDataOperands(next);
    SmallVector<std::string, 4> &fused = chain.fusion.fusedOps;
    if (isNode(next, "BiasAdd") && ops.size() == 2 && ops[0] == value &&
        fused.empty()) {
      // BiasAdd's NHWC / NCHW say channels last / first at any rank.
      StringRef format = getStringAttr(next, "data_format", "NHWC");
      bool channelsLast = StringRef(chain.fusion.dataFormat).ends_with("C");
      if (plain == "MatMul" ? format != "NHWC"
                            : format != (channelsLast ? "NHWC" : "NCHW"))
        return rewriter.notifyMatchFailure(next, "BiasAdd data format differs");
      fused.push_back("BiasAdd");
      chain.args.push_back(ops[1]);
    } else if ((isNode(next, "Add") || isNode(next, "AddV2")) &&
               ops.size() == 2 && fused.empty()) {
      Value bias = ops[0] == value ? ops[1] : ops[0];
      if (!isBiasSemanticAdd(next, bias))
        return rewriter.notifyMatchFailure(next, "not a bias addition");
      fused.push_back("BiasAdd");
      chain.args.push_back(bias);
    } else if (isNode(next, "AddV2") && ops.size() == 2 && fused.size() == 1 &&
               fused[0] == "BiasAdd") {
      Value other = ops[0] == value ? ops[1] : ops[0];
      std::optional<SmallVector<int64_t>> a = getKnownShape(value);
      std::optional<SmallVector<int64_t>> b = getKnownShape(other);
      if (!a || !b || *a != *b)
        return rewriter.notifyMatchFailure(
            next, "the residual Add's operand shapes are not known equal");
      fused.push_back("Add");
      chain.args.push_back(other);
    } else if (isFusedBatchNorm(next) && ops.size() == 5 && ops[0] == value &&
               fused.empty() && plain == "Conv2D") {
      auto training = dyn_cast_or_null<BoolAttr>(next->getAttr("is_training"));
      if (!training || training.getValue())
        return rewriter.notifyMatchFailure(next, "not an inference batch norm");
      Type u = getTypeAttr(next, "U");
      if (!isNode(next, "FusedBatchNorm") && u != t)
        return rewriter.notifyMatchFailure(next, "statistics type differs");
      if (getStringAttr(next, "data_format", "NHWC") != chain.fusion.dataFormat)
        return rewriter.notifyMatchFailure(next, "data format differs");
      auto eps = dyn_cast_or_null<FloatAttr>(next->getAttr("epsilon"));
      if (!eps)
        return rewriter.notifyMatchFailure(next, "no epsilon");
      chain.epsilon = eps.getValueAsDouble();
      fused.push_back("FusedBatchNorm");
      for (Value v : ops.drop_front())
        chain.args.push_back(v);
      // Its other results must be unused (checkIntermediate, or here for
      // the root).
      for (Value r : getDataResults(next).drop_front())
        if (!r.use_empty())
          return rewriter.notifyMatchFailure(next, "statistics are used");
    } else if (isActivationNode(next) && ops[0] == value && !fused.empty() &&
               !isFusableActivation(fused.back())) {
      StringRef name = getTFOpName(next);
      if (name == "Prelu") {
        if (ops.size() != 2)
          return rewriter.notifyMatchFailure(next, "Prelu takes two operands");
        chain.args.push_back(ops[1]);
      } else if (ops.size() != 1) {
        return rewriter.notifyMatchFailure(next, "unexpected operands");
      }
      if (name == "LeakyRelu") {
        auto alpha = dyn_cast_or_null<FloatAttr>(next->getAttr("alpha"));
        chain.alpha = alpha ? alpha.getValueAsDouble() : 0.2;
      }
      fused.push_back(name.str());
    } else {
      return rewriter.notifyMatchFailure(next, "not a fusable epilogue node");
    }
    chain.nodes.push_back(next);
    done = next == root;
    cur = next;
  }
  std::string why;
  FailureOr<StringRef> name = getFusedOpName(target, chain.fusion, why);
  if (failed(name))
    return rewriter.notifyMatchFailure(root, why);
  chain.fusedOpName = *name;
  return chain;
}

/// The attributes of the fused node: those of `base` that the fused op's
/// OpDef declares, then the epilogue's.
static SmallVector<NamedAttribute> getFusedAttrs(PatternRewriter &rewriter,
                                                 const Chain &chain) {
  MLIRContext *ctx = rewriter.getContext();
  auto *dialect = ctx->getLoadedDialect<TFGraphDialect>();
  const OpDef *def = dialect->getOpRegistry().lookup(chain.fusedOpName);
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeAttrs(chain.base)) {
    StringRef n = attr.getName().getValue();
    if (n == "fused_ops" || n == "num_args" || n == "epsilon" ||
        n == "leakyrelu_alpha")
      continue;
    if (def && def->findAttr(n))
      attrs.push_back(attr);
  }
  SmallVector<Attribute> ops;
  for (const std::string &op : chain.fusion.fusedOps)
    ops.push_back(rewriter.getStringAttr(op));
  attrs.push_back(
      rewriter.getNamedAttr("fused_ops", rewriter.getArrayAttr(ops)));
  attrs.push_back(rewriter.getNamedAttr(
      "num_args", rewriter.getI64IntegerAttr(chain.args.size())));
  if (chain.epsilon)
    attrs.push_back(rewriter.getNamedAttr(
        "epsilon", rewriter.getF32FloatAttr(*chain.epsilon)));
  if (chain.alpha)
    attrs.push_back(rewriter.getNamedAttr(
        "leakyrelu_alpha", rewriter.getF32FloatAttr(*chain.alpha)));
  return attrs;
}

/// Keeps the record of which attributes were defaulted
/// (`tfg.defaulted_attrs`): those `base` had, and that the fused node
/// carries over unchanged, stay defaulted on `fused`.
static void mergeDefaultedAttrs(PatternRewriter &rewriter, Operation *base,
                                Operation *fused, const Chain &chain) {
  auto from =
      dyn_cast_or_null<ArrayAttr>(base->getAttr(kDefaultedAttrsAttrName));
  if (!from)
    return;
  SmallVector<Attribute> merged;
  if (auto own =
          dyn_cast_or_null<ArrayAttr>(fused->getAttr(kDefaultedAttrsAttrName)))
    merged.append(own.begin(), own.end());
  for (Attribute a : from) {
    auto name = dyn_cast<StringAttr>(a);
    if (!name || llvm::is_contained(merged, a) || !fused->getAttr(name))
      continue;
    StringRef n = name.getValue();
    if (n == "fused_ops" || n == "num_args" ||
        (n == "epsilon" && chain.epsilon) ||
        (n == "leakyrelu_alpha" && chain.alpha))
      continue;
    merged.push_back(a);
  }
  rewriter.modifyOpInPlace(fused, [&] {
    fused->setAttr(kDefaultedAttrsAttrName, rewriter.getArrayAttr(merged));
  });
}

/// Replaces the chain with the fused node; fails (changing nothing) when
/// the node cannot be built.
static LogicalResult fuseChain(PatternRewriter &rewriter, const Chain &chain) {
  Operation *root = chain.nodes.back();
  SmallVector<Value> data(getDataOperands(chain.base).take_front(2));
  data.append(chain.args.begin(), chain.args.end());
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> fused =
      createNodeLike(rewriter, chain.base, chain.fusedOpName, data, {},
                     getFusedAttrs(rewriter, chain));
  if (failed(fused))
    return failure();
  getDataResults(*fused)[0].setType(getDataResults(root)[0].getType());
  mergeDefaultedAttrs(rewriter, chain.base, *fused, chain);
  LLVM_DEBUG(llvm::dbgs() << "tfg-remapper: " << getNodeName(root) << " -> "
                          << chain.fusedOpName << "\n");
  // A batch norm root's statistics are unused (buildChain checked): the
  // fused output stands in for every data result, so that the rewriter
  // moves the root's control operands and users to the fused node.
  SmallVector<Value> replacement(getDataResults(root).size(),
                                 getDataResults(*fused)[0]);
  rewriter.replaceOp(root, replacement);
  // The chain below the root is dead now, the last first.
  for (Operation *op : llvm::reverse(ArrayRef(chain.nodes).drop_back()))
    rewriter.eraseOp(op);
  rewriter.eraseOp(chain.base);
  return success();
}

//===----------------------------------------------------------------------===//
// Conv2D + Squeeze + BiasAdd
//===----------------------------------------------------------------------===//

static LogicalResult canFuseSqueeze(PatternRewriter &rewriter, Operation *root,
                                    Operation *squeeze, Operation *conv,
                                    Target target) {
  if (failed(checkIntermediate(rewriter, conv, "convolution")) ||
      failed(checkIntermediate(rewriter, squeeze, "squeeze")))
    return failure();
  Type t = getTypeAttr(conv);
  if (getTypeAttr(squeeze) != t || getTypeAttr(root) != t)
    return rewriter.notifyMatchFailure(root, "element types differ");
  StringRef format = getStringAttr(conv, "data_format", "NHWC");
  if (format != "NHWC" || getStringAttr(root, "data_format", "NHWC") != "NHWC")
    return rewriter.notifyMatchFailure(conv, "not NHWC");
  auto dims = dyn_cast_or_null<ArrayAttr>(squeeze->getAttr("squeeze_dims"));
  if (!dims || dims.empty())
    return rewriter.notifyMatchFailure(squeeze, "squeeze dims not given");
  for (Attribute d : dims) {
    auto i = dyn_cast<IntegerAttr>(d);
    if (!i || i.getInt() == 3 || i.getInt() == -1 || i.getInt() < -4 ||
        i.getInt() > 3)
      return rewriter.notifyMatchFailure(squeeze,
                                         "squeezes the channel dimension");
  }
  ContractionFusion fusion;
  fusion.contraction = "Conv2D";
  fusion.elementType = t;
  fusion.dataFormat = format.str();
  fusion.fusedOps.push_back("BiasAdd");
  if (std::optional<SmallVector<int64_t>> f =
          getKnownShape(getDataOperands(conv)[1]);
      f && f->size() == 4)
    fusion.filterSize = std::make_pair((*f)[0], (*f)[1]);
  std::string why;
  if (failed(getFusedOpName(target, fusion, why)))
    return rewriter.notifyMatchFailure(root, why);
  return success();
}

static void fuseSqueeze(PatternRewriter &rewriter, Operation *root,
                        Operation *squeeze, Operation *conv, Target target) {
  Chain chain;
  chain.base = conv;
  chain.fusion.contraction = "Conv2D";
  chain.fusion.elementType = getTypeAttr(conv);
  chain.fusion.dataFormat = "NHWC";
  chain.fusion.fusedOps.push_back("BiasAdd");
  chain.args.push_back(getDataOperands(root)[1]);
  std::string why;
  chain.fusedOpName = getFusedOpName(target, chain.fusion, why).value_or("");
  rewriter.setInsertionPoint(root);
  FailureOr<Operation *> fused = createNodeLike(
      rewriter, conv, chain.fusedOpName,
      {getDataOperands(conv)[0], getDataOperands(conv)[1], chain.args[0]}, {},
      getFusedAttrs(rewriter, chain));
  if (failed(fused))
    return;
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : getNodeAttrs(squeeze))
    if (attr.getName() == "T" || attr.getName() == "squeeze_dims")
      attrs.push_back(attr);
  FailureOr<Operation *> newSqueeze =
      createNodeLike(rewriter, squeeze, "Squeeze",
                     getDataResults(*fused).take_front(1), {}, attrs);
  if (failed(newSqueeze)) {
    rewriter.eraseOp(*fused);
    return;
  }
  getDataResults(*newSqueeze)[0].setType(getDataResults(root)[0].getType());
  rewriter.replaceOp(root, getDataResults(*newSqueeze));
  rewriter.eraseOp(squeeze);
  rewriter.eraseOp(conv);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void remapper::registerRemapperNatives(PDLPatternModule &pdl, Target target) {
  pdl.registerConstraintFunction("IsContraction",
                                 [](PatternRewriter &, Operation *op) {
                                   return success(isContraction(op));
                                 });
  pdl.registerConstraintFunction(
      "IsOpenFusedContraction", [](PatternRewriter &, Operation *op) {
        if (getFusedContractionBase(op).empty() || getNumDataOperands(op) < 2)
          return failure();
        SmallVector<std::string, 4> ops = getFusedOps(op);
        return success(!ops.empty() && !isFusableActivation(ops.back()));
      });
  pdl.registerConstraintFunction(
      "IsActivation", [](PatternRewriter &, Operation *op) {
        return success(isActivationNode(op) && getTFOpName(op) != "Prelu");
      });
  pdl.registerConstraintFunction(
      "IsBiasSemanticAdd", [](PatternRewriter &, Operation *add, Value bias) {
        return success(isBiasSemanticAdd(add, bias));
      });
  pdl.registerConstraintFunction(
      "CanFuse",
      [target](PatternRewriter &rewriter, Operation *root, Operation *base) {
        return success(succeeded(buildChain(rewriter, root, base, target)));
      });
  pdl.registerRewriteFunction(
      "FuseChain",
      [target](PatternRewriter &rewriter, Operation *root, Operation *base) {
        FailureOr<Chain> chain = buildChain(rewriter, root, base, target);
        if (succeeded(chain))
          (void)fuseChain(rewriter, *chain);
      });
  pdl.registerConstraintFunction(
      "CanFuseSqueeze", [target](PatternRewriter &rewriter, Operation *root,
                                 Operation *squeeze, Operation *conv) {
        return canFuseSqueeze(rewriter, root, squeeze, conv, target);
      });
  pdl.registerRewriteFunction(
      "FuseSqueeze", [target](PatternRewriter &rewriter, Operation *root,
                              Operation *squeeze, Operation *conv) {
        fuseSqueeze(rewriter, root, squeeze, conv, target);
      });
}
