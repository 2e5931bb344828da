//===- TFRegions.cpp - Runs tf.IfRegion, tf.CaseRegion, tf.WhileRegion ----===//
//
// Handlers of the tf dialect's region control flow. A region's block is
// compiled once (compileTFBody, all its tf.Yield's operands fetched) and
// run with its block arguments and the values the op captures from above
// (the node's data inputs after its operands, TFCompile.cpp). Semantics as
// TensorFlow's: a condition is true when it is a nonzero scalar (or a
// non-empty tensor; tf.ToBool gives it as a bool), an out-of-range branch index
// takes the last branch, a loop runs its body while its condition region yields
// true.
//
//===----------------------------------------------------------------------===//

#include "TFCompile.h"

#include "tfg/Dialect/TF/TFOps.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

using Ins = MutableArrayRef<RtValue>;
using Outs = SmallVectorImpl<RtValue>;

/// Runs `region` of `node` with block arguments `args`; `inputs` are the
/// node's data inputs (operands, then captures).
static llvm::Expected<std::vector<RtValue>>
runTFRegion(Executor &exec, const CompiledNode &node, Region &region,
            ArrayRef<RtValue> args, Ins inputs) {
  InterpreterState &state = exec.getState();
  unsigned depth = exec.getDepth() + 1;
  if (depth > state.options.maxCallDepth)
    return nodeError(node.op, "regions nested deeper than " +
                                  Twine(state.options.maxCallDepth) +
                                  " (the call depth limit)");
  if (region.empty() || region.front().empty())
    return nodeError(node.op, "has an empty region");
  Block &block = region.front();
  auto it = state.bodies.find(&block);
  if (it == state.bodies.end()) {
    SmallVector<Value, 8> fetches(block.back().getOperands());
    auto body =
        compileTFBody(state, block, fetches, {}, [](Value) { return false; });
    if (!body)
      return body.takeError();
    it = state.bodies.try_emplace(&block, std::move(*body)).first;
  }
  const CompiledBody &body = *it->second;
  unsigned numOperands = node.numDataInputs - node.captures.size();
  std::vector<RtValue> externals;
  for (Value v : body.externals) {
    if (auto arg = dyn_cast<BlockArgument>(v);
        arg && arg.getOwner() == &block) {
      if (arg.getArgNumber() >= args.size())
        return nodeError(node.op, "a region takes more values than given");
      externals.push_back(args[arg.getArgNumber()]);
      continue;
    }
    const Value *c = llvm::find(node.captures, v);
    if (c == node.captures.end() ||
        numOperands + (c - node.captures.begin()) >= inputs.size())
      return nodeError(node.op, "a region uses a value that is not captured");
    externals.push_back(inputs[numOperands + (c - node.captures.begin())]);
  }
  return state.runBody(body, externals, depth);
}

/// Moves `results` to `outs`, one per result of the node.
static llvm::Error takeResults(const CompiledNode &node,
                               llvm::Expected<std::vector<RtValue>> results,
                               Outs &outs) {
  if (!results)
    return results.takeError();
  if (results->size() != node.consumers.size())
    return nodeError(node.op, "a region yielded " + Twine(results->size()) +
                                  " values, the op has " +
                                  Twine(node.consumers.size()) + " results");
  for (RtValue &v : *results)
    outs.push_back(std::move(v));
  return llvm::Error::success();
}

static llvm::Error ifRegion(Executor &exec, const CompiledNode &node,
                            Ins inputs, Outs &outs) {
  if (inputs.empty())
    return nodeError(node.op, "expects a condition");
  auto truth = getTruth(inputs[0]);
  if (!truth)
    return nodeError(node.op, toString(truth.takeError()));
  Region &region = node.op->getRegion(*truth ? 0 : 1);
  return takeResults(node, runTFRegion(exec, node, region, {}, inputs), outs);
}

static llvm::Error caseRegion(Executor &exec, const CompiledNode &node,
                              Ins inputs, Outs &outs) {
  unsigned n = node.op->getNumRegions();
  if (inputs.empty() || n == 0)
    return nodeError(node.op, "expects a branch index and branches");
  auto index = getScalarInt(inputs[0], "branch_index");
  if (!index)
    return nodeError(node.op, toString(index.takeError()));
  unsigned branch = *index < 0 || uint64_t(*index) >= n ? n - 1 : *index;
  Region &region = node.op->getRegion(branch);
  return takeResults(node, runTFRegion(exec, node, region, {}, inputs), outs);
}

static llvm::Error whileRegion(Executor &exec, const CompiledNode &node,
                               Ins inputs, Outs &outs) {
  unsigned n = node.numDataInputs - node.captures.size();
  std::vector<RtValue> vars(inputs.begin(), inputs.begin() + n);
  int64_t limit = exec.getState().options.maxLoopIterations;
  for (int64_t iter = 0;; ++iter) {
    auto c = runTFRegion(exec, node, node.op->getRegion(0), vars, inputs);
    if (!c)
      return c.takeError();
    if (c->size() != 1)
      return nodeError(node.op, "the condition region yielded " +
                                    Twine(c->size()) + " values, not one");
    auto truth = getTruth((*c)[0]);
    if (!truth)
      return nodeError(node.op, toString(truth.takeError()));
    if (!*truth)
      break;
    if (iter >= limit)
      return nodeError(node.op, "ran more than " + Twine(limit) +
                                    " iterations (the loop iteration limit)");
    auto next = runTFRegion(exec, node, node.op->getRegion(1), vars, inputs);
    if (!next)
      return next.takeError();
    if (next->size() != n)
      return nodeError(node.op, "the body region yielded " +
                                    Twine(next->size()) + " values, not " +
                                    Twine(n));
    vars = std::move(*next);
  }
  return takeResults(node, std::move(vars), outs);
}

/// tf.ToBool (which tf.IfRegion's condition goes through when the If's was
/// no bool): the truth of its operand as an i1 scalar.
static llvm::Error toBool(Executor &, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  if (inputs.size() != 1)
    return nodeError(node.op, "expects one operand");
  auto truth = getTruth(inputs[0]);
  if (!truth)
    return nodeError(node.op, toString(truth.takeError()));
  Builder b(node.op->getContext());
  auto value = HostTensor::fromAttr(
      DenseElementsAttr::get(RankedTensorType::get({}, b.getI1Type()), *truth));
  if (!value)
    return nodeError(node.op, toString(value.takeError()));
  outs.push_back(RtValue::of(std::move(*value)));
  return llvm::Error::success();
}

void interp::addTFRegionHandlers(InterpreterState &state) {
  state.handlers["tf.ToBool"] = toBool;
  state.handlers[TF::IfRegionOp::getOperationName()] = ifRegion;
  state.handlers[TF::CaseRegionOp::getOperationName()] = caseRegion;
  state.handlers[TF::WhileRegionOp::getOperationName()] = whileRegion;
}
