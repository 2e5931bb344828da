//===- ControlFlowOps.cpp - Builtins: forwarding and control flow ---------===//
//
// The ops the interpreter runs itself that are no computation on values:
// the forwarding ops (Identity and its kin, LoopCond, Print), Const (its
// value converted once per interpreter), Placeholders (unfed: an error, or
// PlaceholderWithDefault's input), NoOp, Assert (an error when its
// condition is false, with the data it was given), PrintV2 (a sink), and
// TensorFlow's functional control flow with its semantics: If/StatelessIf
// (a condition tensor is true when it is a nonzero, non-empty scalar or a
// non-empty tensor), Case/StatelessCase (an out-of-range index takes the
// last branch), While/StatelessWhile, For (body(i, values...) for i from
// start while below limit, or above it for a negative delta), calls
// (PartitionedCall, StatefulPartitionedCall, an op named after a library
// function), and the region forms IfRegion, CaseRegion, WhileRegion and
// ForRegion. Loops are bounded by InterpreterOptions::maxLoopIterations,
// nested calls by maxCallDepth.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

using Outs = SmallVectorImpl<RtValue>;
using Ins = MutableArrayRef<RtValue>;

static llvm::Error forward(Executor &, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  unsigned n = node.consumers.size();
  if (inputs.size() < n)
    return nodeError(node.op, "expects " + Twine(n) + " data inputs");
  for (unsigned i = 0; i < n; ++i)
    outs.push_back(std::move(inputs[i]));
  return llvm::Error::success();
}

static llvm::Error noOutputs(Executor &, const CompiledNode &, Ins, Outs &) {
  return llvm::Error::success();
}

static llvm::Error constOp(Executor &exec, const CompiledNode &node, Ins,
                           Outs &outs) {
  InterpreterState &state = exec.getState();
  // The value attribute itself: a dense attribute or a tensor proto
  // (strings, quantized types), which has no ElementsAttr form.
  Attribute value = node.getAttr("value");
  if (!value)
    return nodeError(node.op, "has no value");
  TensorPtr &cached = state.constants[value];
  if (!cached) {
    auto host = HostTensor::fromAttr(value);
    if (!host)
      return nodeError(node.op, toString(host.takeError()));
    cached = makeTensorPtr(std::move(*host));
  }
  outs.push_back({cached, nullptr});
  return llvm::Error::success();
}

static llvm::Error placeholder(Executor &, const CompiledNode &node, Ins inputs,
                               Outs &outs) {
  if (node.opName == "PlaceholderWithDefault" && !inputs.empty()) {
    outs.push_back(std::move(inputs[0]));
    return llvm::Error::success();
  }
  return nodeError(node.op, "is not fed (give it a value: --input=" +
                                getNodeName(node.op) + "=...)");
}

static llvm::Error assertOp(Executor &, const CompiledNode &node, Ins inputs,
                            Outs &) {
  if (inputs.empty())
    return nodeError(node.op, "expects a condition");
  auto cond = getTensor(inputs[0], "condition");
  if (!cond)
    return nodeError(node.op, toString(cond.takeError()));
  const HostTensor &c = **cond;
  if (c.getKind() != HostElementKind::Bool || c.getNumElements() != 1)
    return nodeError(node.op, "the condition is not a boolean scalar");
  if (c.getInt(0))
    return llvm::Error::success();
  std::string message = "assertion failed";
  for (RtValue &v : inputs.drop_front()) {
    if (!v.tensor)
      continue;
    const HostTensor &t = *v.tensor;
    message += "; [";
    for (int64_t i = 0, e = std::min<int64_t>(t.getNumElements(), 3); i < e;
         ++i) {
      if (i)
        message += ", ";
      if (t.getKind() == HostElementKind::String)
        message += t.getString(i).str();
      else if (t.getKind() == HostElementKind::Float)
        message += std::to_string(t.getDouble(i));
      else
        message += std::to_string(t.getInt(i));
    }
    if (t.getNumElements() > 3)
      message += ", ...";
    message += "]";
  }
  return nodeError(node.op, message);
}

/// The function attribute `attr` of `op` (a generic callee is
/// instantiated with its attributes).
static llvm::Expected<tf_type::FuncAttr> getCallee(Operation *op,
                                                   Attribute attr) {
  auto func = dyn_cast_if_present<tf_type::FuncAttr>(attr);
  if (!func)
    return nodeError(op, "has no function attribute");
  return func;
}

static StringRef nameOf(tf_type::FuncAttr func) {
  return func.getName().getRootReference().getValue();
}

static llvm::Error checkResults(const CompiledNode &node,
                                std::vector<RtValue> &results, Outs &outs) {
  if (results.size() != node.consumers.size())
    return nodeError(node.op, "the callee returned " + Twine(results.size()) +
                                  " values, the node has " +
                                  Twine(node.consumers.size()) + " results");
  for (RtValue &v : results)
    outs.push_back(std::move(v));
  return llvm::Error::success();
}

static llvm::Error call(Executor &exec, const CompiledNode &node,
                        StringRef callee, DictionaryAttr attrs,
                        ArrayRef<RtValue> args, Outs &outs) {
  auto results = exec.getState().callFunction(node.op, callee, args,
                                              exec.getDepth() + 1, attrs);
  if (!results)
    return results.takeError();
  return checkResults(node, *results, outs);
}

static llvm::Error call(Executor &exec, const CompiledNode &node,
                        tf_type::FuncAttr callee, ArrayRef<RtValue> args,
                        Outs &outs) {
  return call(exec, node, nameOf(callee), callee.getAttrs(), args, outs);
}

/// A node named after a function: its own attributes instantiate a
/// generic one.
static llvm::Error callByName(Executor &exec, const CompiledNode &node,
                              Ins inputs, Outs &outs) {
  return call(exec, node, node.opName, node.attrs, inputs, outs);
}

static llvm::Error partitionedCall(Executor &exec, const CompiledNode &node,
                                   Ins inputs, Outs &outs) {
  auto callee = getCallee(node.op, node.getAttr("f"));
  if (!callee)
    return callee.takeError();
  return call(exec, node, *callee, inputs, outs);
}

static llvm::Error ifOp(Executor &exec, const CompiledNode &node, Ins inputs,
                        Outs &outs) {
  if (inputs.empty())
    return nodeError(node.op, "expects a condition");
  auto truth = getTruth(inputs[0]);
  if (!truth)
    return nodeError(node.op, toString(truth.takeError()));
  auto callee =
      getCallee(node.op, node.getAttr(*truth ? "then_branch" : "else_branch"));
  if (!callee)
    return callee.takeError();
  return call(exec, node, *callee, inputs.drop_front(), outs);
}

/// The branch an index selects among `n` (the last when out of range).
static llvm::Expected<unsigned> selectBranch(const CompiledNode &node,
                                             const RtValue &index, size_t n) {
  if (n == 0)
    return nodeError(node.op, "has no branches");
  auto i = getScalarInt(index, "branch_index");
  if (!i)
    return nodeError(node.op, toString(i.takeError()));
  return *i < 0 || uint64_t(*i) >= n ? unsigned(n - 1) : unsigned(*i);
}

static llvm::Error caseOp(Executor &exec, const CompiledNode &node, Ins inputs,
                          Outs &outs) {
  auto branches = node.getAttrOfType<ArrayAttr>("branches");
  if (inputs.empty() || !branches)
    return nodeError(node.op, "expects a branch index and branches");
  auto branch = selectBranch(node, inputs[0], branches.size());
  if (!branch)
    return branch.takeError();
  auto callee = getCallee(node.op, branches[*branch]);
  if (!callee)
    return callee.takeError();
  return call(exec, node, *callee, inputs.drop_front(), outs);
}

static llvm::Error loopLimit(const CompiledNode &node, int64_t limit) {
  return nodeError(node.op, "ran more than " + Twine(limit) +
                                " iterations (the loop iteration limit)");
}

static llvm::Error whileOp(Executor &exec, const CompiledNode &node, Ins inputs,
                           Outs &outs) {
  InterpreterState &state = exec.getState();
  auto cond = getCallee(node.op, node.getAttr("cond"));
  if (!cond)
    return cond.takeError();
  auto bodyFn = getCallee(node.op, node.getAttr("body"));
  if (!bodyFn)
    return bodyFn.takeError();
  std::vector<RtValue> vars(inputs.begin(), inputs.end());
  for (int64_t iter = 0;; ++iter) {
    auto c = state.callFunction(node.op, nameOf(*cond), vars,
                                exec.getDepth() + 1, cond->getAttrs());
    if (!c)
      return c.takeError();
    if (c->empty())
      return nodeError(node.op, "the condition returned nothing");
    auto truth = getTruth((*c)[0]);
    if (!truth)
      return nodeError(node.op, toString(truth.takeError()));
    if (!*truth)
      break;
    if (iter >= state.options.maxLoopIterations)
      return loopLimit(node, state.options.maxLoopIterations);
    auto next = state.callFunction(node.op, nameOf(*bodyFn), vars,
                                   exec.getDepth() + 1, bodyFn->getAttrs());
    if (!next)
      return next.takeError();
    if (next->size() != vars.size())
      return nodeError(node.op, "the body returned " + Twine(next->size()) +
                                    " values for " + Twine(vars.size()));
    vars = std::move(*next);
  }
  return checkResults(node, vars, outs);
}

/// Reads For's start, limit and delta.
static llvm::Error getForBounds(const CompiledNode &node, Ins inputs,
                                int64_t bounds[3]) {
  if (inputs.size() < 3)
    return nodeError(node.op, "expects start, limit and delta");
  static const char *names[] = {"start", "limit", "delta"};
  for (int i = 0; i < 3; ++i) {
    auto v = getScalarInt(inputs[i], names[i]);
    if (!v)
      return nodeError(node.op, toString(v.takeError()));
    bounds[i] = *v;
  }
  if (bounds[2] == 0)
    return nodeError(node.op, "delta is 0");
  return llvm::Error::success();
}

/// Runs a For loop; `runBody` computes the next values from (i, values).
static llvm::Error
runFor(Executor &exec, const CompiledNode &node, Ins inputs, unsigned numVars,
       llvm::function_ref<
           llvm::Expected<std::vector<RtValue>>(std::vector<RtValue> &)>
           runBody,
       Outs &outs) {
  int64_t b[3];
  if (llvm::Error err = getForBounds(node, inputs, b))
    return err;
  if (inputs.size() < 3 + numVars)
    return nodeError(node.op, "expects " + Twine(numVars) + " loop values");
  Type indexType = inputs[0].tensor->getElementType();
  std::vector<RtValue> vars(inputs.begin() + 3, inputs.begin() + 3 + numVars);
  int64_t limit = exec.getState().options.maxLoopIterations;
  int64_t iter = 0;
  for (int64_t i = b[0]; b[2] > 0 ? i < b[1] : i > b[1]; ++iter) {
    if (iter >= limit)
      return loopLimit(node, limit);
    auto index = HostTensor::create(indexType, {});
    if (!index)
      return index.takeError();
    index->setInt(0, i);
    std::vector<RtValue> args;
    args.push_back(RtValue::of(std::move(*index)));
    args.insert(args.end(), vars.begin(), vars.end());
    auto next = runBody(args);
    if (!next)
      return next.takeError();
    if (next->size() < numVars)
      return nodeError(node.op, "the body returned " + Twine(next->size()) +
                                    " values for " + Twine(numVars));
    next->resize(numVars);
    vars = std::move(*next);
    if (llvm::AddOverflow(i, b[2], i))
      break;
  }
  return checkResults(node, vars, outs);
}

static llvm::Error forOp(Executor &exec, const CompiledNode &node, Ins inputs,
                         Outs &outs) {
  auto bodyFn = getCallee(node.op, node.getAttr("body"));
  if (!bodyFn)
    return bodyFn.takeError();
  unsigned numVars = inputs.size() < 3 ? 0 : inputs.size() - 3;
  return runFor(
      exec, node, inputs, numVars,
      [&](std::vector<RtValue> &args) {
        return exec.getState().callFunction(node.op, nameOf(*bodyFn), args,
                                            exec.getDepth() + 1,
                                            bodyFn->getAttrs());
      },
      outs);
}

//===----------------------------------------------------------------------===//
// Region forms
//===----------------------------------------------------------------------===//

/// The data operands of a region op node (its inputs before the captures).
static unsigned getNumOperands(const CompiledNode &node) {
  return node.numDataInputs - node.captures.size();
}

static llvm::Expected<std::vector<RtValue>>
runRegion(Executor &exec, const CompiledNode &node, Region &region,
          ArrayRef<RtValue> args, Ins inputs) {
  return exec.getState().runRegion(node, region, args,
                                   inputs.drop_front(getNumOperands(node)),
                                   exec.getDepth() + 1);
}

static llvm::Error takeResults(const CompiledNode &node,
                               llvm::Expected<std::vector<RtValue>> results,
                               Outs &outs) {
  if (!results)
    return results.takeError();
  results->resize(std::min(results->size(), node.consumers.size()));
  return checkResults(node, *results, outs);
}

static llvm::Error ifRegion(Executor &exec, const CompiledNode &node,
                            Ins inputs, Outs &outs) {
  auto truth = getTruth(inputs[0]);
  if (!truth)
    return nodeError(node.op, toString(truth.takeError()));
  Region &region = node.op->getRegion(*truth ? 0 : 1);
  return takeResults(node, runRegion(exec, node, region, {}, inputs), outs);
}

static llvm::Error caseRegion(Executor &exec, const CompiledNode &node,
                              Ins inputs, Outs &outs) {
  auto branch = selectBranch(node, inputs[0], node.op->getNumRegions());
  if (!branch)
    return branch.takeError();
  Region &region = node.op->getRegion(*branch);
  return takeResults(node, runRegion(exec, node, region, {}, inputs), outs);
}

static llvm::Error whileRegion(Executor &exec, const CompiledNode &node,
                               Ins inputs, Outs &outs) {
  unsigned n = getNumOperands(node);
  std::vector<RtValue> vars(inputs.begin(), inputs.begin() + n);
  int64_t limit = exec.getState().options.maxLoopIterations;
  for (int64_t iter = 0;; ++iter) {
    auto c = runRegion(exec, node, node.op->getRegion(0), vars, inputs);
    if (!c)
      return c.takeError();
    if (c->size() < n + 1)
      return nodeError(node.op,
                       "the condition region passed on too few values");
    auto truth = getTruth((*c)[0]);
    if (!truth)
      return nodeError(node.op, toString(truth.takeError()));
    std::vector<RtValue> passed(c->begin() + 1, c->begin() + 1 + n);
    if (!*truth) {
      vars = std::move(passed);
      break;
    }
    if (iter >= limit)
      return loopLimit(node, limit);
    auto next = runRegion(exec, node, node.op->getRegion(1), passed, inputs);
    if (!next)
      return next.takeError();
    if (next->size() < n)
      return nodeError(node.op, "the body region yielded too few values");
    next->resize(n);
    vars = std::move(*next);
  }
  return checkResults(node, vars, outs);
}

static llvm::Error forRegion(Executor &exec, const CompiledNode &node,
                             Ins inputs, Outs &outs) {
  unsigned numOperands = getNumOperands(node);
  unsigned numVars = numOperands < 3 ? 0 : numOperands - 3;
  return runFor(
      exec, node, inputs, numVars,
      [&](std::vector<RtValue> &args) {
        return runRegion(exec, node, node.op->getRegion(0), args, inputs);
      },
      outs);
}

void interp::addControlFlowBuiltins(llvm::StringMap<BuiltinFn> &table) {
  for (StringRef name :
       {"Identity", "IdentityN", "Snapshot", "StopGradient", "PreventGradient",
        "LoopCond", "Print", "RefIdentity", "_Retval"})
    table[name] = forward;
  for (StringRef name : {"NoOp", "PrintV2"})
    table[name] = noOutputs;
  table["Const"] = constOp;
  for (StringRef name :
       {"Placeholder", "PlaceholderV2", "PlaceholderWithDefault"})
    table[name] = placeholder;
  table["Assert"] = assertOp;
  table["<call>"] = callByName;
  for (StringRef name : {"PartitionedCall", "StatefulPartitionedCall"})
    table[name] = partitionedCall;
  for (StringRef prefix : {"", "Stateless", "Stateful"}) {
    table[(prefix + "If").str()] = ifOp;
    table[(prefix + "Case").str()] = caseOp;
    table[(prefix + "While").str()] = whileOp;
    table[(prefix + "IfRegion").str()] = ifRegion;
    table[(prefix + "CaseRegion").str()] = caseRegion;
    table[(prefix + "WhileRegion").str()] = whileRegion;
  }
  table["For"] = forOp;
  table["ForRegion"] = forRegion;
}
