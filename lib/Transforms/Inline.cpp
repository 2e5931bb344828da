//===- Inline.cpp - Inline function calls (Grappler's function optimizer) -===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-inline"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_INLINEPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// The function a node calls, if it is a call: PartitionedCall and
/// StatefulPartitionedCall through `f`, legacy calls by op name.
static GraphFuncOp getCallee(Operation *op, SymbolTable &symbols) {
  if (op->getName().getDialectNamespace() != "tfg" || !getControlToken(op) ||
      op->getNumRegions())
    return {};
  StringRef name = getTFOpName(op);
  if (name == "PartitionedCall" || name == "StatefulPartitionedCall") {
    auto f = op->getAttrOfType<tf_type::FuncAttr>("f");
    return f ? symbols.lookup<GraphFuncOp>(f.getName().getRootReference())
             : GraphFuncOp();
  }
  if (op->isRegistered())
    return {};
  return symbols.lookup<GraphFuncOp>(name);
}

static bool isTrue(Operation *op, StringRef attr) {
  auto b = dyn_cast_if_present<BoolAttr>(op->getAttr(attr));
  return b && b.getValue();
}

namespace {
/// Finds the functions that can reach themselves through calls.
class RecursionInfo {
public:
  RecursionInfo(ModuleOp module, SymbolTable &symbols) {
    for (GraphFuncOp func : module.getOps<GraphFuncOp>()) {
      auto &out = callees[func];
      if (func.isExternal())
        continue;
      func.walk([&](Operation *op) {
        if (GraphFuncOp callee = getCallee(op, symbols))
          out.insert(callee);
      });
    }
  }

  bool isRecursive(GraphFuncOp func) {
    auto [it, inserted] = recursive.try_emplace(func, false);
    if (!inserted)
      return it->second;
    llvm::SetVector<Operation *> seen;
    SmallVector<Operation *> worklist(callees[func].begin(),
                                      callees[func].end());
    bool found = false;
    while (!worklist.empty() && !found) {
      Operation *f = worklist.pop_back_val();
      if (f == func)
        found = true;
      else if (seen.insert(f))
        llvm::append_range(worklist, callees[f]);
    }
    return recursive[func] = found;
  }

private:
  llvm::DenseMap<Operation *, llvm::SetVector<Operation *>> callees;
  llvm::DenseMap<Operation *, bool> recursive;
};
} // namespace

InlinedBody mlir::tfg::inlineFunctionBody(Operation *call, GraphFuncOp callee,
                                          ValueRange args,
                                          NodeNameUniquer &names) {
  OperandRange ctls = getControlOperands(call);
  StringRef callName = getNodeNamePrefix(call);
  StringRef device = getNodeDevice(call);
  OpBuilder builder(call);
  Location loc = call->getLoc();

  Operation *inputControl = nullptr;
  if (!ctls.empty())
    inputControl = createNoOp(
        builder, loc, names.get((callName + "/input_control_node").str()),
        device, ctls);

  IRMapping mapping;
  for (unsigned k = 0; k < args.size(); ++k) {
    mapping.map(callee.getDataArgument(k), args[k]);
    mapping.map(callee.getControlArgument(k), getControlTokenOf(args[k]));
  }
  ClonedBody body = cloneFunctionBody(callee, builder, mapping);
  llvm::SmallPtrSet<Operation *, 16> cloned(body.ops.begin(), body.ops.end());
  for (Operation *op : body.ops) {
    if (StringRef name = getNodeName(op); !name.empty())
      setNodeName(op, names.get((callName + "/" + name).str()));
    if (!device.empty() && getNodeDevice(op).empty() && getControlToken(op))
      setNodeDevice(op, device);
    // Nodes with no producer in the body wait for the call's dependencies.
    bool hasInnerProducer = llvm::any_of(op->getOperands(), [&](Value v) {
      return cloned.contains(v.getDefiningOp());
    });
    if (inputControl && !hasInnerProducer && getControlToken(op))
      addControlOperands(op, getControlToken(inputControl));
  }
  InlinedBody inlined;
  inlined.results = std::move(body.results);
  inlined.controls = std::move(body.controls);
  if (inputControl)
    inlined.controls.push_back(getControlToken(inputControl));
  else
    llvm::append_range(inlined.controls, ctls);
  return inlined;
}

/// Inlines one call; returns false when it must stay a call.
static bool inlineCall(Operation *call, GraphFuncOp callee,
                       NodeNameUniquer &names) {
  OperandRange data = getDataOperands(call);
  if (data.size() != callee.getNumArguments() ||
      getDataResults(call).size() != callee.getNumResults())
    return false;
  InlinedBody body = inlineFunctionBody(call, callee, data, names);
  for (auto [result, replacement] :
       llvm::zip(getDataResults(call), body.results))
    result.replaceAllUsesWith(replacement);
  Value ctl = getControlToken(call);
  if (!ctl.use_empty()) {
    // Users of the call's control token wait for every result and control
    // return (and for the call's own dependencies).
    OpBuilder builder(call);
    Operation *outputControl = createNoOp(
        builder, call->getLoc(),
        names.get((getNodeNamePrefix(call) + "/output_control_node").str()),
        getNodeDevice(call),
        getControlDependencies(body.results, body.controls));
    ctl.replaceAllUsesWith(getControlToken(outputControl));
  }
  call->erase();
  return true;
}

FailureOr<int64_t> mlir::tfg::inlineCalls(ModuleOp module,
                                          const PreserveOptions &options) {
  if (module.getOps<GraphFuncOp>().empty()) {
    if (failed(checkPreserveOptions(module, options)))
      return failure();
    return 0;
  }
  SymbolTable symbols(module);
  RecursionInfo recursion(module, symbols);
  int64_t inlined = 0;
  for (Block *body : getGraphBodies(module)) {
    FailureOr<PreservedNodes> preserved =
        PreservedNodes::compute(*body, options);
    if (failed(preserved))
      return failure();
    // Inlining deletes the call node: only with fetches in a graph.
    if (!preserved->canDeleteNodes())
      continue;
    SmallVector<std::pair<Operation *, GraphFuncOp>> calls;
    for (Operation &op : *body) {
      GraphFuncOp callee = getCallee(&op, symbols);
      if (!callee || callee.getGeneric() || callee.isExternal() ||
          callee == body->getParentOp() || recursion.isRecursive(callee) ||
          preserved->isFetchOrFeed(&op) ||
          op.hasAttr("_grappler_do_not_remove"))
        continue;
      if (isTrue(callee, "_noinline") || isTrue(callee, "_XlaMustCompile") ||
          isTrue(callee, "_XlaCompile") || isTrue(&op, "_XlaMustCompile") ||
          isTrue(&op, "_noinline"))
        continue;
      calls.emplace_back(&op, callee);
    }
    if (calls.empty())
      continue;
    NodeNameUniquer names(*body);
    for (auto [call, callee] : calls)
      inlined += inlineCall(call, callee, names);
  }
  return inlined;
}

namespace {
struct InlinePass : tfg::impl::InlinePassBase<InlinePass> {
  using InlinePassBase::InlinePassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-inline: running on "
                            << getOperation()->getName() << "\n");
    FailureOr<int64_t> n =
        inlineCalls(getOperation(), makePreserveOptions(fetch, feed));
    if (failed(n))
      return signalPassFailure();
    numInlined += *n;
    if (!*n)
      markAllAnalysesPreserved();
  }
};
} // namespace
