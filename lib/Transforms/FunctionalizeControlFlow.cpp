//===- FunctionalizeControlFlow.cpp - --tfg-functionalize-control-flow ----===//
//
// The pass and the helpers the loop and conditional functionalizations
// share. Loops are functionalized first (innermost first), then the
// Switch/Merge conditionals left, including those now in loop bodies.
//
//===----------------------------------------------------------------------===//

#include "FunctionalizeUtils.h"

#include "tfg/IR/Utility.h"
#include "tfg/Transforms/Functionalize.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_FUNCTIONALIZECONTROLFLOWPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

bool mlir::tfg::isTFOp(Operation *op, StringRef name) {
  StringRef type = getTFOpName(op);
  return type == name || (type.consume_front("Ref") && type == name);
}

std::string mlir::tfg::sanitizeSymbol(StringRef name) {
  std::string out;
  for (char c : name)
    out.push_back(llvm::isAlnum(c) ? c : '_');
  return out.empty() ? std::string("fn") : out;
}

ArrayAttr mlir::tfg::getElementTypesAttr(Builder &b, TypeRange types) {
  SmallVector<Attribute> attrs;
  for (Type t : types) {
    auto shaped = dyn_cast<ShapedType>(t);
    attrs.push_back(TypeAttr::get(shaped ? shaped.getElementType() : t));
  }
  return b.getArrayAttr(attrs);
}

Operation *mlir::tfg::createIdentityFor(OpBuilder &builder, Operation *node,
                                        Value value) {
  Type type = getDataResults(node)[0].getType();
  SmallVector<NamedAttribute> attrs = getNodeIdentityAttrs(node);
  auto shaped = dyn_cast<ShapedType>(type);
  attrs.push_back(builder.getNamedAttr(
      "T", TypeAttr::get(shaped ? shaped.getElementType() : type)));
  return createNode(builder, node->getLoc(), "Identity", {value}, {}, {type},
                    attrs);
}

GraphFuncOp mlir::tfg::buildFunctionOf(
    ModuleOp module, SymbolTable &symbols, StringRef name, Location loc,
    ArrayRef<Type> argTypes, ArrayRef<Type> resultTypes,
    ArrayRef<Operation *> nodes, const DenseMap<Value, unsigned> &dataArgs,
    const DenseMap<Value, unsigned> &controlArgs, ArrayRef<Value> results) {
  MLIRContext *ctx = module.getContext();
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto func = GraphFuncOp::create(
      builder, loc, name, FunctionType::get(ctx, argTypes, resultTypes));
  // Renames the function when the name is taken.
  symbols.insert(func);
  auto names = [&](unsigned count, StringRef prefix) {
    SmallVector<Attribute> dicts;
    for (unsigned i = 0; i < count; ++i)
      dicts.push_back(builder.getDictionaryAttr(builder.getNamedAttr(
          "tfg.name", builder.getStringAttr((prefix + Twine(i)).str()))));
    return builder.getArrayAttr(dicts);
  };
  func.setArgAttrsAttr(names(argTypes.size(), "arg"));
  func.setResAttrsAttr(names(resultTypes.size(), "output"));

  IRMapping mapping;
  for (auto [v, k] : dataArgs)
    mapping.map(v, func.getDataArgument(k));
  for (auto [v, k] : controlArgs)
    mapping.map(v, func.getControlArgument(k));
  OpBuilder inner = OpBuilder::atBlockEnd(&func.getBody().front());
  SmallVector<Operation *> clones;
  clones.reserve(nodes.size());
  for (Operation *op : nodes)
    clones.push_back(inner.clone(*op, mapping));
  // Operands defined later in the order (graph regions) now have their
  // clones; control tokens from outside go.
  auto isInside = [&](Value v) {
    Operation *owner = isa<BlockArgument>(v)
                           ? cast<BlockArgument>(v).getOwner()->getParentOp()
                           : v.getDefiningOp();
    return func->isAncestor(owner);
  };
  for (Operation *clone : clones) {
    for (OpOperand &operand : clone->getOpOperands())
      if (Value m = mapping.lookupOrNull(operand.get()))
        operand.set(m);
    eraseOperandsIf(clone, [&](OpOperand &operand) {
      return isControlType(operand.get().getType()) && !isInside(operand.get());
    });
  }
  SmallVector<Value> mapped;
  for (Value v : results)
    mapped.push_back(mapping.lookupOrDefault(v));
  ReturnOp::create(inner, loc, mapped, ValueRange(), ArrayRef<Attribute>());
  return func;
}

KeptNodes mlir::tfg::getKeptNodes(ArrayRef<std::string> specs) {
  KeptNodes kept;
  for (const std::string &spec : specs) {
    NodeSpec parsed = parseNodeSpec(spec);
    kept[parsed.name] |= parsed.output > 0;
  }
  return kept;
}

void mlir::tfg::functionalizeControlFlow(ModuleOp module,
                                         FunctionalizeStats &stats,
                                         ArrayRef<std::string> keep) {
  std::vector<std::string> specs(keep.begin(), keep.end());
  for (std::string &fetch : getRecordedFetches(module))
    specs.push_back(std::move(fetch));
  KeptNodes kept = getKeptNodes(specs);
  SymbolTable symbols(module);
  // The bodies as they are now: the functions added are built from
  // converted frames and hold their inner loops as While nodes already.
  SmallVector<Block *> bodies = getGraphBodies(module);
  for (Block *body : bodies)
    functionalizeLoops(*body, module, symbols, kept, stats);
  // Conditionals, in the bodies and in the loop functions just built.
  for (Block *body : getGraphBodies(module))
    functionalizeConds(*body, module, symbols, kept, stats);
}

namespace {
struct FunctionalizeControlFlowPass
    : tfg::impl::FunctionalizeControlFlowPassBase<
          FunctionalizeControlFlowPass> {
  using FunctionalizeControlFlowPassBase::FunctionalizeControlFlowPassBase;
  void runOnOperation() override {
    FunctionalizeStats stats;
    std::vector<std::string> keep(fetch.begin(), fetch.end());
    keep.insert(keep.end(), feed.begin(), feed.end());
    functionalizeControlFlow(getOperation(), stats, keep);
    numLoops += stats.loops;
    numConds += stats.conds;
    numFunctions += stats.functions;
    numUnstructured += stats.unstructured;
  }
};
} // namespace
