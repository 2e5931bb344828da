//===- Compile.cpp - The nodes a run needs, with their edges --------------===//
//
// Before a body (a graph, a function's body, a region) runs, the nodes its
// fetches need are found by walking back from the fetches along data and
// control inputs (and the values a region op's regions use from outside),
// as TensorFlow prunes a graph to its fetches; each kept node is given its
// kind (kernel, builtin, v1 control flow) and the consumers of each of its
// outputs. The walk is iterative. In an instance of a generic function
// (Generic.cpp) a node's outputs follow its OpDef and a get_result op is no
// node: its consumers are those of the output it reads.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/Utility.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

RuntimeObject::~RuntimeObject() = default;

char NodeError::ID = 0;

llvm::Error interp::nodeError(Operation *op, const Twine &message) {
  StringRef name = getNodeName(op);
  // A tf op (TFGTFInterpreter) is named by its type without the prefix.
  StringRef type = getTFOpName(op);
  type.consume_front("tf.");
  return llvm::make_error<NodeError>(
      op->getLoc(), ("node '" + (name.empty() ? StringRef("<unnamed>") : name) +
                     "' (" + type + "): " + message)
                        .str());
}

std::pair<int64_t, int64_t>
mlir::tfg::getRandomOpSeeds(int64_t graphSeed, StringRef nodeIdentity) {
  int64_t opSeed = int64_t(llvm::xxh3_64bits(nodeIdentity) & 0x7fffffff);
  if (graphSeed == 0 && opSeed == 0)
    opSeed = 0x7fffffff;
  return {graphSeed, opSeed};
}

/// A stateful random node with `seed` and `seed2` both 0: refused without a
/// graph seed, else given the seeds getRandomOpSeeds derives for it.
llvm::Error interp::seedRandomNode(InterpreterState &state,
                                   CompiledNode &node) {
  auto isSet = [&](StringRef name) {
    auto attr = node.getAttrOfType<IntegerAttr>(name);
    return attr && !attr.getValue().isZero();
  };
  if (isSet("seed") || isSet("seed2"))
    return llvm::Error::success();
  if (!state.options.graphSeed)
    return nodeError(node.op,
                     "seed and seed2 are both 0: TensorFlow seeds the op "
                     "nondeterministically; give a graph seed (tfg-run "
                     "--seed=N, InterpreterOptions::graphSeed) to run it");
  std::string identity = getNodeName(node.op).str();
  if (auto func = node.op->getParentOfType<GraphFuncOp>())
    identity = (func.getSymName() + "/" + identity).str();
  auto [seed, seed2] = getRandomOpSeeds(*state.options.graphSeed, identity);
  MLIRContext *ctx = node.op->getContext();
  auto i64 = IntegerType::get(ctx, 64);
  NamedAttrList attrs(node.attrs);
  attrs.set("seed", IntegerAttr::get(i64, seed));
  attrs.set("seed2", IntegerAttr::get(i64, seed2));
  node.attrs = attrs.getDictionary(ctx);
  return llvm::Error::success();
}

/// The values the regions of `op` use that are defined outside `op`, in
/// the order of first use.
static SmallVector<Value, 0> getCaptures(Operation *op) {
  llvm::SetVector<Value> captures;
  op->walk([&](Operation *inner) {
    if (inner == op)
      return;
    for (Value v : inner->getOperands()) {
      Operation *owner = isa<BlockArgument>(v)
                             ? cast<BlockArgument>(v).getOwner()->getParentOp()
                             : v.getDefiningOp();
      if (!owner || (owner != op && !op->isProperAncestor(owner)))
        captures.insert(v);
    }
  });
  return SmallVector<Value, 0>(captures.begin(), captures.end());
}

static bool isOneOf(StringRef name, StringRef a, StringRef b) {
  return name == a || name == b;
}

/// Runs a node with the handler of its op name (InterpreterState::handlers).
static llvm::Error runHandler(Executor &exec, const CompiledNode &node,
                              MutableArrayRef<RtValue> inputs,
                              SmallVectorImpl<RtValue> &outputs) {
  auto &handlers = exec.getState().handlers;
  auto it = handlers.find(node.op->getName().getStringRef());
  if (it == handlers.end())
    return nodeError(node.op, "its handler is gone");
  return it->second(exec, node, inputs, outputs);
}

/// Sets the kind of `node` from its op; fails when it cannot run.
llvm::Error interp::classifyNode(InterpreterState &state, CompiledNode &node) {
  Operation *op = node.op;
  StringRef name = node.opName;
  if (isa<GetResultOp>(op))
    return nodeError(op, "get_result outside of a generic function");
  if (state.handlers.count(op->getName().getStringRef())) {
    node.kind = NodeKind::Builtin;
    node.builtin = runHandler;
  } else if (isOneOf(name, "Switch", "RefSwitch")) {
    node.kind = NodeKind::Switch;
  } else if (isOneOf(name, "Merge", "RefMerge")) {
    node.kind = NodeKind::Merge;
  } else if (isOneOf(name, "Enter", "RefEnter")) {
    node.kind = NodeKind::Enter;
    auto frame = node.getAttrOfType<StringAttr>("frame_name");
    if (!frame)
      return nodeError(op, "has no frame_name attribute");
    node.frameName = frame.str();
    if (auto constant = node.getAttrOfType<BoolAttr>("is_constant"))
      node.isConstantEnter = constant.getValue();
  } else if (isOneOf(name, "Exit", "RefExit")) {
    node.kind = NodeKind::Exit;
  } else if (isOneOf(name, "NextIteration", "RefNextIteration")) {
    node.kind = NodeKind::NextIteration;
  } else if (name == "ControlTrigger") {
    node.kind = NodeKind::ControlTrigger;
  } else if (BuiltinFn fn = lookupBuiltin(name)) {
    node.kind = NodeKind::Builtin;
    node.builtin = fn;
  } else if (state.symbols.lookup<GraphFuncOp>(name) ||
             (state.hasForeignFunction && state.hasForeignFunction(name))) {
    node.kind = NodeKind::Builtin;
    node.builtin = lookupBuiltin("<call>");
  } else if (lookupEvalKernel(name)) {
    node.kind = NodeKind::Kernel;
  } else {
    return nodeError(op, "no kernel for op '" + name +
                             "' (and no function of that name)");
  }
  if (node.kind == NodeKind::Switch && node.numDataInputs != 2)
    return nodeError(op, "expects 2 data inputs");
  if ((node.kind == NodeKind::Enter || node.kind == NodeKind::Exit ||
       node.kind == NodeKind::NextIteration) &&
      node.numDataInputs != 1)
    return nodeError(op, "expects 1 data input");
  if (node.kind == NodeKind::Switch && node.consumers.size() != 2)
    return nodeError(op, "expects 2 data results");
  if (node.kind == NodeKind::Merge &&
      (node.numDataInputs == 0 || node.consumers.size() != 2))
    return nodeError(op, "expects data inputs and 2 data results");
  return llvm::Error::success();
}

llvm::Error interp::finishNode(InterpreterState &state, CompiledBody &body,
                               CompiledNode &node) {
  if (llvm::Error err = classifyNode(state, node))
    return err;
  if (node.kind == NodeKind::Kernel && isStatefulEvalKernel(node.opName))
    if (llvm::Error err = seedRandomNode(state, node))
      return err;
  if (node.kind == NodeKind::Enter)
    ++body.enterCounts[node.frameName];
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<CompiledBody>> interp::compileBody(
    InterpreterState &state, Block &block, ArrayRef<Value> fetches,
    llvm::function_ref<bool(Value)> isExternal, DictionaryAttr instance) {
  auto body = std::make_unique<CompiledBody>();
  DenseMap<Operation *, SmallVector<Value, 0>> captures;
  // The node defining `v` in this block, if it runs. In a generic function,
  // a get_result's value is an output of the node it reads.
  auto producer = [&](Value v) -> Operation * {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &block || isExternal(v))
      return nullptr;
    if (auto getResult = dyn_cast<GetResultOp>(def); getResult && instance) {
      def = getResult.getValue().getDefiningOp();
      if (!def || def->getBlock() != &block || isa<GetResultOp>(def))
        return nullptr;
    }
    return def;
  };

  // Backward reachability from the fetches.
  DenseSet<Operation *> needed;
  SmallVector<Operation *, 64> worklist;
  auto need = [&](Value v) {
    if (Operation *def = producer(v))
      if (needed.insert(def).second)
        worklist.push_back(def);
  };
  for (Value v : fetches)
    need(v);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value v : op->getOperands())
      need(v);
    if (op->getNumRegions() != 0) {
      SmallVector<Value, 0> &caps = captures[op];
      caps = getCaptures(op);
      for (Value v : caps)
        need(v);
    }
  }

  // Nodes in block order.
  DenseMap<Operation *, unsigned> index;
  // The outputs of an instance's nodes in all: each is a consumer list, so
  // the count is bounded as the importer bounds one node's.
  int64_t totalOutputs = 0;
  for (Operation &op : block) {
    if (!needed.contains(&op))
      continue;
    index[&op] = body->nodes.size();
    CompiledNode node;
    node.op = &op;
    node.opName = getTFOpName(&op);
    node.consumers.resize(getDataResults(&op).size());
    auto it = captures.find(&op);
    if (it != captures.end())
      node.captures = std::move(it->second);
    node.numDataInputs = getNumDataOperands(&op) + node.captures.size();
    node.numControlInputs = getControlOperands(&op).size();
    node.attrs = getNodeAttrs(&op);
    if (instance) {
      if (op.getNumRegions() != 0)
        return nodeError(&op, "region ops in generic functions cannot be run");
      auto attrs = substitutePlaceholders(node.attrs, instance);
      if (!attrs)
        return nodeError(&op, toString(attrs.takeError()));
      node.attrs = *attrs;
      if (llvm::Error err = computeOutputArgs(state, node))
        return std::move(err);
      totalOutputs += node.consumers.size();
      if (totalOutputs > kMaxNodeOutputs)
        return nodeError(&op, "the nodes of the generic function have more "
                              "than " +
                                  Twine(kMaxNodeOutputs) + " outputs in all");
    }
    body->nodes.push_back(std::move(node));
  }

  DenseMap<Value, unsigned> externalIndex;
  // The consumer list of value `v`.
  auto consumersOf = [&](Value v) -> llvm::Expected<std::vector<Endpoint> *> {
    if (Operation *def = producer(v)) {
      CompiledNode &src = body->nodes[index.lookup(def)];
      if (isControlType(v.getType()))
        return &src.controlConsumers;
      if (!instance)
        return &src.consumers[cast<OpResult>(v).getResultNumber()];
      auto getResult = dyn_cast<GetResultOp>(v.getDefiningOp());
      if (!getResult)
        return nodeError(def, "its opaque result is read without get_result");
      auto i = getResultIndex(src, getResult);
      if (!i)
        return i.takeError();
      return &src.consumers[*i];
    }
    auto [it, inserted] = externalIndex.try_emplace(v, body->externals.size());
    if (inserted) {
      body->externals.push_back(v);
      body->externalConsumers.emplace_back();
    }
    return &body->externalConsumers[it->second];
  };
  auto addConsumer = [&](Value v, Endpoint e) -> llvm::Error {
    auto list = consumersOf(v);
    if (!list)
      return list.takeError();
    (*list)->push_back(e);
    return llvm::Error::success();
  };

  unsigned numNodes = body->nodes.size();
  for (unsigned n = 0; n < numNodes; ++n) {
    CompiledNode &node = body->nodes[n];
    Operation *op = node.op;
    unsigned numOperands = getNumDataOperands(op);
    for (unsigned i = 0; i < numOperands; ++i)
      if (llvm::Error err = addConsumer(op->getOperand(i), {n, i}))
        return std::move(err);
    for (Value v : getControlOperands(op))
      if (llvm::Error err = addConsumer(v, {n, kControlSlot}))
        return std::move(err);
    for (auto [j, v] : llvm::enumerate(body->nodes[n].captures))
      if (llvm::Error err = addConsumer(v, {n, numOperands + unsigned(j)}))
        return std::move(err);
    if (node.numDataInputs + node.numControlInputs == 0)
      body->sources.push_back(n);
    if (node.opName == "Merge" || node.opName == "RefMerge") {
      for (unsigned i = 0; i < numOperands; ++i) {
        Operation *def = op->getOperand(i).getDefiningOp();
        bool back = def && isOneOf(getTFOpName(def), "NextIteration",
                                   "RefNextIteration");
        node.fromNextIteration.push_back(back);
        ++(back ? node.numBackInputs : node.numForwardInputs);
      }
    }
    if (llvm::Error err = finishNode(state, *body, node))
      return std::move(err);
  }

  for (auto [i, v] : llvm::enumerate(fetches)) {
    body->fetches.push_back(v);
    if (!producer(v)) {
      if (auto list = consumersOf(v); !list)
        return list.takeError();
      body->fetchExternal.push_back(externalIndex.lookup(v));
      continue;
    }
    body->fetchExternal.push_back(-1);
    if (llvm::Error err =
            addConsumer(v, {numNodes + unsigned(i),
                            isControlType(v.getType()) ? kControlSlot : 0}))
      return std::move(err);
  }
  return body;
}
