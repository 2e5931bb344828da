//===- TFCompile.cpp - Compiles tf and tf_executor bodies -----------------===//
//
// A node of the graph interpreter's CompiledBody per island (the op it
// wraps computes), per v1 control-flow op (a NextIteration.Sink is the
// NextIteration node, whose output is its Source's), and per op of a body
// of tf ops. The executor then runs them as it runs tfg nodes.
//
//===----------------------------------------------------------------------===//

#include "TFCompile.h"

#include "tfg/Dialect/TF/TFOps.h"
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"
#include "tfg/Eval/Evaluator.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;
namespace tfe = mlir::tf_executor;

namespace {
/// What one node of the block reads and writes.
struct NodeDesc {
  /// The op computed (the wrapped one of an island), named in errors.
  Operation *op = nullptr;
  StringRef opName;
  SmallVector<Value, 4> data;
  SmallVector<Value, 2> controls;
  /// Nodes this one follows by a control edge without a value (the chain
  /// of side effects of a body of tf ops).
  SmallVector<unsigned, 1> after;
  unsigned numResults = 0;
  /// Merge: whether each data input comes from a NextIteration.
  SmallVector<bool, 2> fromNextIteration;
  /// Region control flow: the values its regions read from above (the
  /// last data inputs).
  SmallVector<Value, 0> captures;
};
} // namespace

/// The op type of a tf op (`AddV2` for `tf.AddV2`); other ops keep their
/// full name (handlers are registered by it).
static StringRef getOpType(Operation *op) {
  StringRef name = op->getName().getStringRef();
  name.consume_front("tf.");
  return name;
}

/// Splits `values` into data values and tf_executor controls.
static void splitControls(ValueRange values, NodeDesc &desc) {
  for (Value v : values) {
    if (isa<tfe::ControlType>(v.getType()))
      desc.controls.push_back(v);
    else
      desc.data.push_back(v);
  }
}

static void addResults(DenseMap<Value, std::pair<unsigned, unsigned>> &map,
                       unsigned node, ValueRange data, Value control) {
  for (auto [i, v] : llvm::enumerate(data))
    map[v] = {node, unsigned(i)};
  if (control)
    map[control] = {node, kControlSlot};
}

/// Describes op `op` of a tf_executor graph; returns false for ops that are
/// no node (the fetch, NextIteration.Source).
static llvm::Expected<bool>
describeGraphOp(Operation &op, unsigned index, NodeDesc &d,
                DenseMap<Value, std::pair<unsigned, unsigned>> &producers) {
  if (isa<tfe::FetchOp, tfe::NextIterationSourceOp>(op))
    return false;
  d.op = &op;
  if (auto island = dyn_cast<tfe::IslandOp>(op)) {
    Operation *wrapped = island.getWrappedOp();
    if (!wrapped)
      return nodeError(&op, "is an island of other than one op yielding its "
                            "results, which the interpreter does not run");
    d.op = wrapped;
    d.opName = getOpType(wrapped);
    d.data.append(wrapped->operand_begin(), wrapped->operand_end());
    d.controls.append(island.getControlInputs().begin(),
                      island.getControlInputs().end());
    d.numResults = island.getOutputs().size();
    addResults(producers, index, island.getOutputs(), island.getControl());
    return true;
  }
  if (auto sink = dyn_cast<tfe::NextIterationSinkOp>(op)) {
    auto source = sink.getToken().getDefiningOp<tfe::NextIterationSourceOp>();
    if (!source)
      return nodeError(&op, "its token is no NextIteration.Source's");
    d.opName = "NextIteration";
    d.data.push_back(sink.getInput());
    d.controls.append(sink.getControlInputs().begin(),
                      sink.getControlInputs().end());
    d.numResults = 1;
    addResults(producers, index, source.getOutput(), source.getControl());
    return true;
  }
  d.opName = op.getName().getStringRef();
  d.opName.consume_front("tf_executor.");
  Value control = op.getNumResults() ? op.getResults().back() : Value();
  if (!control || !isa<tfe::ControlType>(control.getType()))
    return nodeError(&op, "is no node of a tf_executor graph");
  splitControls(op.getOperands(), d);
  d.numResults = op.getNumResults() - 1;
  addResults(producers, index, op.getResults().drop_back(), control);
  if (isa<tfe::MergeOp>(op))
    for (Value v : d.data)
      d.fromNextIteration.push_back(
          v.getDefiningOp<tfe::NextIterationSourceOp>() != nullptr);
  return true;
}

llvm::Expected<std::unique_ptr<CompiledBody>>
interp::compileTFBody(InterpreterState &state, Block &block,
                      ArrayRef<Value> fetches, ArrayRef<Value> controlRoots,
                      llvm::function_ref<bool(Value)> isExternal) {
  bool isGraph = isa<tfe::GraphOp>(block.getParentOp());
  std::vector<NodeDesc> descs;
  DenseMap<Value, std::pair<unsigned, unsigned>> producers;
  std::vector<unsigned> effectful;
  for (Operation &op : block) {
    NodeDesc d;
    unsigned index = descs.size();
    if (isGraph) {
      auto isNode = describeGraphOp(op, index, d, producers);
      if (!isNode)
        return isNode.takeError();
      if (!*isNode)
        continue;
    } else {
      if (op.hasTrait<OpTrait::IsTerminator>())
        continue;
      bool isRegionOp =
          isa<TF::IfRegionOp, TF::CaseRegionOp, TF::WhileRegionOp>(op);
      if (op.getNumRegions() != 0 && !isRegionOp)
        return nodeError(&op, "has regions, which the interpreter does not "
                              "run in a body of tf ops");
      d.op = &op;
      d.opName = getOpType(&op);
      d.data.append(op.operand_begin(), op.operand_end());
      // Region control flow (TFRegions.cpp): the values its regions read
      // from above are data inputs after the operands.
      if (isRegionOp) {
        llvm::SetVector<Value> captures;
        getUsedValuesDefinedAbove(op.getRegions(), captures);
        d.captures.assign(captures.begin(), captures.end());
        d.data.append(captures.begin(), captures.end());
      }
      d.numResults = op.getNumResults();
      addResults(producers, index, op.getResults(), Value());
      // Ops with side effects keep their program order.
      if (!isMemoryEffectFree(&op)) {
        if (!effectful.empty())
          d.after.push_back(effectful.back());
        effectful.push_back(index);
      }
    }
    descs.push_back(std::move(d));
  }
  auto producer = [&](Value v) -> const std::pair<unsigned, unsigned> * {
    if (isExternal(v))
      return nullptr;
    auto it = producers.find(v);
    return it == producers.end() ? nullptr : &it->second;
  };

  // Backward reachability from the fetches and the roots.
  std::vector<char> needed(descs.size(), 0);
  SmallVector<unsigned, 64> worklist;
  auto needNode = [&](unsigned n) {
    if (!needed[n]) {
      needed[n] = 1;
      worklist.push_back(n);
    }
  };
  auto need = [&](Value v) {
    if (auto *p = producer(v))
      needNode(p->first);
  };
  for (Value v : fetches)
    need(v);
  for (Value v : controlRoots)
    need(v);
  for (unsigned n : effectful)
    needNode(n);
  while (!worklist.empty()) {
    unsigned n = worklist.pop_back_val();
    for (Value v : descs[n].data)
      need(v);
    for (Value v : descs[n].controls)
      need(v);
    for (unsigned a : descs[n].after)
      needNode(a);
  }

  auto body = std::make_unique<CompiledBody>();
  std::vector<unsigned> index(descs.size(), ~0u);
  for (auto [n, d] : llvm::enumerate(descs)) {
    if (!needed[n])
      continue;
    index[n] = body->nodes.size();
    CompiledNode node;
    node.op = d.op;
    node.opName = d.opName;
    node.consumers.resize(d.numResults);
    node.numDataInputs = d.data.size();
    node.captures = d.captures;
    node.numControlInputs = d.controls.size() + d.after.size();
    node.attrs = d.op->getAttrDictionary();
    node.fromNextIteration = d.fromNextIteration;
    node.numBackInputs = llvm::count(d.fromNextIteration, true);
    node.numForwardInputs = d.fromNextIteration.size() - node.numBackInputs;
    body->nodes.push_back(std::move(node));
  }

  DenseMap<Value, unsigned> externalIndex;
  auto consumersOf = [&](Value v) -> std::vector<Endpoint> & {
    if (auto *p = producer(v)) {
      CompiledNode &src = body->nodes[index[p->first]];
      return p->second == kControlSlot ? src.controlConsumers
                                       : src.consumers[p->second];
    }
    auto [it, inserted] = externalIndex.try_emplace(v, body->externals.size());
    if (inserted) {
      body->externals.push_back(v);
      body->externalConsumers.emplace_back();
    }
    return body->externalConsumers[it->second];
  };

  unsigned numNodes = body->nodes.size();
  for (auto [n, d] : llvm::enumerate(descs)) {
    if (!needed[n])
      continue;
    unsigned self = index[n];
    for (auto [i, v] : llvm::enumerate(d.data))
      consumersOf(v).push_back({self, unsigned(i)});
    for (Value v : d.controls)
      consumersOf(v).push_back({self, kControlSlot});
    for (unsigned a : d.after)
      body->nodes[index[a]].controlConsumers.push_back({self, kControlSlot});
    CompiledNode &node = body->nodes[self];
    if (node.numDataInputs + node.numControlInputs == 0)
      body->sources.push_back(self);
    if (llvm::Error err = finishNode(state, *body, node))
      return std::move(err);
  }

  for (auto [i, v] : llvm::enumerate(fetches)) {
    body->fetches.push_back(v);
    auto *p = producer(v);
    body->fetchOps.push_back(p ? body->nodes[index[p->first]].op : nullptr);
    if (!producer(v)) {
      consumersOf(v);
      body->fetchExternal.push_back(externalIndex.lookup(v));
      continue;
    }
    body->fetchExternal.push_back(-1);
    consumersOf(v).push_back({numNodes + unsigned(i), 0});
  }
  return body;
}
