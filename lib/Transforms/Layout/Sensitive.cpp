//===- Sensitive.cpp - tfg-layout's layout-sensitive transposers ----------===//
//
// Nodes whose `data_format` says how to read their rank-4 data input:
// Conv2D, DepthwiseConv2dNative, MaxPool, AvgPool, FusedBatchNorm(V2/V3),
// BiasAdd, and the fused _FusedConv2D and _FusedDepthwiseConv2dNative
// (their bias and batch-norm operands are vectors of channels). Converting one
// sets the target format, permutes its per-dimension attributes (strides,
// ksize, dilations, explicit_paddings), transposes its rank-4 data input to the
// target format and its rank-4 data output back.
//
//===----------------------------------------------------------------------===//

#include "Layout.h"

#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-layout"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::layout;

/// Whether `op` is a layout-sensitive node this pass converts.
static bool isSensitive(StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"Conv2D", "DepthwiseConv2dNative", "MaxPool", "AvgPool"}, true)
      .Cases({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3"}, true)
      .Case("BiasAdd", true)
      // The fused contractions read data_format as their base op does.
      .Cases({"_FusedConv2D", "_FusedDepthwiseConv2dNative"}, true)
      .Default(false);
}

/// The 4 per-dimension values of `attr` in the target order (new[i] =
/// old[perm[i]]), or null when `attr` is not a list of 4 integers.
static ArrayAttr permuteList(Builder &b, Attribute attr, const Perm &perm,
                             int64_t group) {
  auto list = dyn_cast_or_null<ArrayAttr>(attr);
  if (!list || list.size() != static_cast<size_t>(4 * group))
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
  if (!isSensitive(opName) || !ctx.isCandidate(op))
    return false;
  auto format = dyn_cast_or_null<StringAttr>(op->getAttr("data_format"));
  // BiasAdd and FusedBatchNorm default to NHWC.
  StringRef current = format ? format.getValue() : StringRef("NHWC");
  if (current != ctx.from)
    return false;
  if (getNumDataOperands(op) < 1 || getDataResults(op).empty())
    return false;
  Value input = getDataOperands(op)[0];
  Value output = getDataResults(op)[0];
  // Only rank-4 data whose rank is known: Grappler's transposers too skip
  // what they cannot see is 4-D.
  if (getRank(input) != 4 || (getRank(output) != -1 && getRank(output) != 4)) {
    LLVM_DEBUG(llvm::dbgs() << "tfg-layout: " << getNodeName(op)
                            << ": data not known to be rank 4\n");
    return false;
  }
  // A fused contraction's epilogue operands must be vectors of channels
  // (a residual Add's or a Prelu's rank-4 operand is not converted).
  if (opName.starts_with("_Fused"))
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
    ArrayAttr permuted = permuteList(b, attr, ctx.toPerm, 1);
    if (!permuted)
      return false;
    updates.push_back(b.getNamedAttr(attrName, permuted));
  }
  if (auto pads = dyn_cast_or_null<ArrayAttr>(op->getAttr("explicit_paddings"));
      pads && !pads.empty()) {
    ArrayAttr permuted = permuteList(b, pads, ctx.toPerm, 2);
    if (!permuted)
      return false;
    updates.push_back(b.getNamedAttr("explicit_paddings", permuted));
  }
  Operation *in = ctx.buildTranspose(b, op, input, ctx.toPerm, 0, true);
  if (!in)
    return false;
  op->setOperand(0, getDataResults(in)[0]);
  for (NamedAttribute attr : updates)
    op->setAttr(attr.getName(), attr.getValue());
  op->setAttr("data_format", b.getStringAttr(ctx.to));
  output.setType(permuteType(output.getType(), ctx.toPerm));
  ctx.transposeResultBack(b, op, 0);
  LLVM_DEBUG(llvm::dbgs() << "tfg-layout: " << opName << " " << getNodeName(op)
                          << " -> " << ctx.to << "\n");
  return true;
}
