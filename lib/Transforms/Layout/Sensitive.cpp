//===- Sensitive.cpp - tfg-layout's layout-sensitive transposers ----------===//
//
// Nodes whose `data_format` says how to read their rank-4 data input:
// Conv2D, DepthwiseConv2dNative, MaxPool, MaxPoolV2, AvgPool,
// FusedBatchNorm(V2/V3), _FusedBatchNormEx (and its side input), BiasAdd,
// BiasAddGrad (its result is a vector of channels), DepthToSpace,
// SpaceToDepth, Conv2DBackpropInput and DepthwiseConv2dNativeBackpropInput
// (their out_backprop; input_sizes is permuted), Conv2DBackpropFilter and
// DepthwiseConv2dNativeBackpropFilter (input and out_backprop),
// MaxPoolGrad(V2), MaxPoolGradGrad(V2),
// AvgPoolGrad (orig_input_shape permuted), FusedBatchNormGrad(V2/V3) and
// _FusedBatchNormGradEx (their rank-4 operands), and the fused _FusedConv2D and
// _FusedDepthwiseConv2dNative (their bias and batch-norm operands are vectors
// of channels); the 3-D ops Conv3D, _FusedConv3D, MaxPool3D, AvgPool3D and
// Conv3DBackpropInput/Filter(V2), MaxPool3DGrad, MaxPool3DGradGrad and
// AvgPool3DGrad with rank-5 data (NDHWC <-> NCDHW, the 5-D permutations;
// V2's input_sizes and AvgPool3DGrad's orig_input_shape of 5 permuted).
// Converting one sets the target format, permutes its per-dimension attributes
// (strides, ksize, dilations, explicit_paddings) and constant operands
// (MaxPoolV2's ksize and strides, input_sizes), transposes its rank-4 data
// inputs to the target format and its rank-4 data output back.
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-layout"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::layout;

namespace {
/// Which operands and results of a layout-sensitive node are in its format.
struct SensitiveSpec {
  /// Rank-4 data operands, transposed to the target format (the first
  /// decides whether the node is converted).
  SmallVector<unsigned, 2> data;
  /// Constant vectors of 4 per-dimension values (a shape, ksize, strides),
  /// permuted.
  SmallVector<unsigned, 2> vectors;
  /// The rank-4 data results, transposed back (a vector of channels or a
  /// filter is the same in both formats).
  SmallVector<unsigned, 2> outputs{0};
};
} // namespace

/// The spec of `op` if it is a layout-sensitive node this pass converts.
static std::optional<SensitiveSpec> getSpec(StringRef name, Operation *op) {
  SensitiveSpec spec;
  spec.data.push_back(0);
  bool plain =
      llvm::StringSwitch<bool>(name)
          .Cases({"Conv2D", "DepthwiseConv2dNative", "MaxPool", "AvgPool"},
                 true)
          .Cases({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"},
                 true)
          .Cases({"BiasAdd", "DepthToSpace", "SpaceToDepth"}, true)
          // The fused contractions read data_format as their base op does.
          .Cases({"_FusedConv2D", "_FusedDepthwiseConv2dNative"}, true)
          // The 3-D ops read a rank-5 input (NDHWC / NCDHW).
          .Cases({"Conv3D", "_FusedConv3D", "MaxPool3D", "AvgPool3D"}, true)
          .Default(false);
  if (plain)
    return spec;
  if (name == "_FusedBatchNormEx") {
    // Its side input (operand 5) is added to the normalized input.
    if (getNumDataOperands(op) > 5)
      spec.data.push_back(5);
    return spec;
  }
  if (name == "MaxPoolV2") {
    spec.vectors = {1, 2};
    return spec;
  }
  if (name == "Conv3DBackpropInput" || name == "Conv3DBackpropFilter") {
    // (input, filter, out_backprop): the input's gradient has its shape,
    // the filter's is a filter.
    spec.data = {0, 2};
    if (name == "Conv3DBackpropFilter")
      spec.outputs.clear();
    return spec;
  }
  if (name == "Conv3DBackpropInputV2") {
    spec.data = {2};
    spec.vectors = {0};
    return spec;
  }
  if (name == "Conv3DBackpropFilterV2") {
    spec.data = {0, 2};
    spec.outputs.clear();
    return spec;
  }
  if (name == "Conv2DBackpropInput" ||
      name == "DepthwiseConv2dNativeBackpropInput") {
    // (input_sizes, filter, out_backprop): the gradient has input_sizes.
    spec.data = {2};
    spec.vectors = {0};
    return spec;
  }
  if (name == "BiasAddGrad") {
    spec.outputs.clear();
    return spec;
  }
  if (name == "Conv2DBackpropFilter" ||
      name == "DepthwiseConv2dNativeBackpropFilter") {
    // (input, filter_sizes, out_backprop): the gradient is a filter.
    spec.data = {0, 2};
    spec.outputs.clear();
    return spec;
  }
  if (name == "MaxPoolGrad" || name == "MaxPoolGradV2" ||
      name == "MaxPoolGradGrad" || name == "MaxPoolGradGradV2") {
    // (orig_input, orig_output, grad[, ksize, strides]).
    spec.data = {0, 1, 2};
    if (name.ends_with("V2"))
      spec.vectors = {3, 4};
    return spec;
  }
  if (name == "MaxPool3DGrad" || name == "MaxPool3DGradGrad") {
    // (orig_input, orig_output, grad), rank 5.
    spec.data = {0, 1, 2};
    return spec;
  }
  if (name == "AvgPool3DGrad") {
    // (orig_input_shape of 5, grad).
    spec.data = {1};
    spec.vectors = {0};
    return spec;
  }
  if (name == "AvgPoolGrad") {
    // (orig_input_shape, grad).
    spec.data = {1};
    spec.vectors = {0};
    return spec;
  }
  if (name == "FusedBatchNormGrad" || name == "FusedBatchNormGradV2" ||
      name == "FusedBatchNormGradV3") {
    // (y_backprop, x, scale, reserve_space_1, reserve_space_2, ...).
    spec.data = {0, 1};
    return spec;
  }
  if (name == "_FusedBatchNormGradEx") {
    // (y_backprop, x, scale, r1, r2, r3, offset, y[, side_input]); with a
    // side input, its gradient is result 3.
    spec.data = {0, 1, 7};
    if (getNumDataOperands(op) > 8) {
      spec.data.push_back(8);
      spec.outputs.push_back(3);
    }
    return spec;
  }
  return std::nullopt;
}

/// Whether `name` is a 3-D op, whose data is rank 5.
static bool is3D(StringRef name) {
  return name == "Conv3D" || name == "_FusedConv3D" || name == "MaxPool3D" ||
         name == "AvgPool3D" || name.starts_with("Conv3DBackprop") ||
         name == "MaxPool3DGrad" || name == "MaxPool3DGradGrad" ||
         name == "AvgPool3DGrad";
}

/// The per-dimension values of `attr` (one group per dimension) in the
/// target order (new[i] = old[perm[i]]), or null when `attr` is not a list
/// of perm.size() groups of integers.
static ArrayAttr permuteList(Builder &b, Attribute attr, ArrayRef<int64_t> perm,
                             int64_t group) {
  auto list = dyn_cast_or_null<ArrayAttr>(attr);
  if (!list || list.size() != perm.size() * group)
    return {};
  SmallVector<Attribute, 8> values;
  for (int64_t p : perm)
    for (int64_t k = 0; k < group; ++k) {
      Attribute value = list[p * group + k];
      if (!isa<IntegerAttr>(value))
        return {};
      values.push_back(value);
    }
  return b.getArrayAttr(values);
}

bool layout::convertSensitive(LayoutContext &ctx, Operation *op) {
  if (op->getName().getDialectNamespace() != "tfg")
    return false;
  StringRef opName = getTFOpName(op);
  std::optional<SensitiveSpec> spec = getSpec(opName, op);
  if (!spec || !ctx.isCandidate(op))
    return false;
  bool threeD = is3D(opName);
  int64_t rank = threeD ? 5 : 4;
  StringRef from = threeD ? ctx.from5 : ctx.from,
            to = threeD ? ctx.to5 : ctx.to;
  ArrayRef<int64_t> toPerm =
      threeD ? ArrayRef<int64_t>(ctx.toPerm5) : ArrayRef<int64_t>(ctx.toPerm);
  auto format = dyn_cast_or_null<StringAttr>(op->getAttr("data_format"));
  // BiasAdd and FusedBatchNorm default to NHWC, the 3-D ops to NDHWC.
  StringRef current =
      format ? format.getValue() : StringRef(threeD ? "NDHWC" : "NHWC");
  if (current != from)
    return false;
  unsigned numData = getNumDataOperands(op);
  unsigned numResults = getDataResults(op).size();
  auto beyond = [](ArrayRef<unsigned> list, unsigned n) {
    return llvm::any_of(list, [&](unsigned i) { return i >= n; });
  };
  if (beyond(spec->data, numData) || beyond(spec->vectors, numData) ||
      beyond(spec->outputs, numResults))
    return false;
  ValueRange results = getDataResults(op);
  // Only rank-4 (rank-5) data whose rank is known: Grappler's transposers
  // too skip what they cannot see is 4-D.
  auto notRank4 = [rank](Value v, bool unknownOk) {
    int64_t r = getRank(v);
    return r != rank && !(unknownOk && r == -1);
  };
  if (llvm::any_of(
          spec->data,
          [&](unsigned i) { return notRank4(op->getOperand(i), false); }) ||
      llvm::any_of(spec->outputs,
                   [&](unsigned i) { return notRank4(results[i], true); })) {
    LLVM_DEBUG(llvm::dbgs() << "tfg-layout: " << getNodeName(op)
                            << ": data not known to be rank 4\n");
    return false;
  }
  // The per-dimension operands must be constants of 4 (5 for 3-D ops).
  SmallVector<DenseElementsAttr, 2> vectors;
  for (unsigned i : spec->vectors) {
    std::optional<SmallVector<int64_t, 4>> values =
        getConstInts(op->getOperand(i));
    if (!values || static_cast<int64_t>(values->size()) != rank) {
      LLVM_DEBUG(llvm::dbgs()
                 << "tfg-layout: " << getNodeName(op) << ": operand " << i
                 << " is not a constant of " << rank << "\n");
      return false;
    }
    SmallVector<int64_t, 5> permuted;
    for (int64_t p : toPerm)
      permuted.push_back((*values)[p]);
    vectors.push_back(makeIntsLike(getConstValue(op->getOperand(i)), permuted));
  }
  // A fused contraction's epilogue operands must be vectors of channels
  // (a residual Add's or a Prelu's rank-4 operand is not converted).
  if (opName == "_FusedConv2D" || opName == "_FusedDepthwiseConv2dNative" ||
      opName == "_FusedConv3D")
    for (Value arg : getDataOperands(op).drop_front(2))
      if (getRank(arg) != 1)
        return false;
  OpBuilder b(op);
  // The per-dimension attributes, checked before anything changes.
  SmallVector<NamedAttribute, 4> updates;
  for (StringRef attrName : {"strides", "ksize", "dilations"}) {
    Attribute attr = op->getAttr(attrName);
    if (!attr)
      continue;
    ArrayAttr permuted = permuteList(b, attr, toPerm, 1);
    if (!permuted)
      return false;
    updates.push_back(b.getNamedAttr(attrName, permuted));
  }
  if (auto pads = dyn_cast_or_null<ArrayAttr>(op->getAttr("explicit_paddings"));
      pads && !pads.empty()) {
    ArrayAttr permuted = permuteList(b, pads, toPerm, 2);
    if (!permuted)
      return false;
    updates.push_back(b.getNamedAttr("explicit_paddings", permuted));
  }
  for (auto [i, value] : llvm::zip(spec->vectors, vectors)) {
    Operation *c = ctx.buildOperandConst(b, op, value, i, threeD);
    if (!c)
      return false;
    op->setOperand(i, getDataResults(c)[0]);
  }
  for (unsigned i : spec->data)
    ctx.transposeInput(op, i);
  // One new attribute dictionary, not one per attribute.
  NamedAttrList attrs(op->getAttrDictionary());
  for (NamedAttribute attr : updates)
    attrs.set(attr.getName(), attr.getValue());
  attrs.set("data_format", b.getStringAttr(to));
  op->setAttrs(attrs.getDictionary(op->getContext()));
  for (unsigned i : spec->outputs)
    results[i].setType(permuteType(results[i].getType(), toPerm));
  for (unsigned i : spec->outputs)
    ctx.transposeResultBack(op, i);
  LLVM_DEBUG(llvm::dbgs() << "tfg-layout: " << opName << " " << getNodeName(op)
                          << " -> " << to << "\n");
  return true;
}
