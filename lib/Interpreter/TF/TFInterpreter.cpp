//===- TFInterpreter.cpp - Runs tf and tf_executor functions --------------===//
//
// The graph interpreter's state and executor, with the module's func.funcs
// as its functions (InterpreterState's foreign functions) and bodies
// compiled by compileTFBody.
//
//===----------------------------------------------------------------------===//

#include "tfg/Interpreter/TF/TFInterpreter.h"

#include "TFCompile.h"

#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;
namespace tfe = mlir::tf_executor;

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The tf_executor graph a function body holds, or null.
static tfe::GraphOp getGraphOf(func::FuncOp func) {
  if (func.getBody().empty())
    return nullptr;
  return dyn_cast<tfe::GraphOp>(func.getBody().front().front());
}

/// Tensors of `values`; an error names a handle as `what` `i`.
static llvm::Expected<std::vector<HostTensor>>
toTensors(ArrayRef<RtValue> values, ArrayRef<std::string> names,
          StringRef what) {
  std::vector<HostTensor> out;
  for (auto [i, v] : llvm::enumerate(values)) {
    if (!v.tensor)
      return error(what + " '" +
                   (i < names.size() ? names[i] : std::to_string(i)) +
                   "' is a resource or variant handle, not a tensor");
    out.push_back(*v.tensor);
  }
  return out;
}

std::vector<std::string> mlir::tfg::getEntryFunctionNames(func::FuncOp func,
                                                          StringRef key) {
  std::vector<std::string> names;
  auto entry = func->getAttrOfType<DictionaryAttr>("tf.entry_function");
  auto list = entry ? entry.getAs<StringAttr>(key) : StringAttr();
  if (!list || list.getValue().empty())
    return names;
  SmallVector<StringRef, 8> parts;
  list.getValue().split(parts, ',');
  for (StringRef p : parts)
    names.push_back(p.str());
  return names;
}

struct TFInterpreter::Impl {
  InterpreterState state;
  /// Node names of each graph: the wrapped op's `_mlir_name` to its island
  /// (or v1 op).
  DenseMap<Operation *, llvm::StringMap<Operation *>> graphNodes;

  Impl(ModuleOp module, InterpreterOptions options) : state(module, options) {
    state.hasForeignFunction = [this](StringRef name) {
      return static_cast<bool>(state.symbols.lookup<func::FuncOp>(name));
    };
    state.callForeignFunction = [this](Operation *caller, StringRef name,
                                       ArrayRef<RtValue> args, unsigned depth) {
      return call(caller, name, args, depth);
    };
    addTFRegionHandlers(state);
    addMLProgramHandlers(state);
  }

  llvm::Expected<const CompiledBody *> getFunctionBody(func::FuncOp func);
  llvm::Expected<std::vector<RtValue>> call(Operation *caller, StringRef name,
                                            ArrayRef<RtValue> args,
                                            unsigned depth);
};

llvm::Expected<const CompiledBody *>
TFInterpreter::Impl::getFunctionBody(func::FuncOp func) {
  Block &entry = func.getBody().front();
  std::unique_ptr<CompiledBody> &cached = state.bodies[&entry];
  if (cached)
    return cached.get();
  SmallVector<Value, 4> fetches, controls;
  Block *block = &entry;
  if (tfe::GraphOp graph = getGraphOf(func)) {
    block = &graph.getBlock();
    for (Value v : graph.getFetch().getOperands())
      (isa<tfe::ControlType>(v.getType()) ? controls : fetches).push_back(v);
  } else {
    fetches.append(entry.getTerminator()->operand_begin(),
                   entry.getTerminator()->operand_end());
  }
  auto body = compileTFBody(state, *block, fetches, controls,
                            [](Value) { return false; });
  if (!body)
    return body.takeError();
  cached = std::move(*body);
  return cached.get();
}

llvm::Expected<std::vector<RtValue>>
TFInterpreter::Impl::call(Operation *caller, StringRef name,
                          ArrayRef<RtValue> args, unsigned depth) {
  auto fail = [&](const Twine &message) {
    return caller ? nodeError(caller, message) : error(message);
  };
  if (depth > state.options.maxCallDepth)
    return fail("calls nested deeper than " +
                Twine(state.options.maxCallDepth) + " (the call depth limit)");
  auto func = state.symbols.lookup<func::FuncOp>(name);
  if (!func)
    return fail("calls '" + name + "', which is no function of the module");
  if (func.getBody().empty())
    return fail("calls '" + name + "', which has no body");
  Block &entry = func.getBody().front();
  if (args.size() != entry.getNumArguments())
    return fail("calls '" + name + "' with " + Twine(args.size()) +
                " arguments; it takes " + Twine(entry.getNumArguments()));
  auto body = getFunctionBody(func);
  if (!body && !caller)
    return body.takeError();
  if (!body)
    return fail("in '" + name + "': " + toString(body.takeError()));
  std::vector<RtValue> externals;
  for (Value v : (*body)->externals) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &entry)
      return fail("in '" + name + "': a value from outside the function");
    externals.push_back(args[arg.getArgNumber()]);
  }
  auto results = state.runBody(**body, externals, depth);
  if (!results) {
    if (!caller || depth > 3)
      return results.takeError();
    return fail("in function '" + name + "': " + toString(results.takeError()));
  }
  tfe::GraphOp graph = getGraphOf(func);
  if (!graph)
    return results;
  // The function returns the graph's results (or its own arguments).
  std::vector<RtValue> out;
  for (Value v : entry.getTerminator()->getOperands()) {
    if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &entry)
      out.push_back(args[arg.getArgNumber()]);
    else if (auto r = dyn_cast<OpResult>(v);
             r && r.getOwner() == graph &&
             r.getResultNumber() < results->size())
      out.push_back((*results)[r.getResultNumber()]);
    else
      return fail("in '" + name +
                  "': returns a value that is not the graph's result");
  }
  return out;
}

TFInterpreter::TFInterpreter(ModuleOp module, InterpreterOptions options)
    : impl(std::make_unique<Impl>(module, std::move(options))) {}

TFInterpreter::~TFInterpreter() = default;

llvm::Error TFInterpreter::addOpHandler(StringRef opName, TFOpHandler handler) {
  if (impl->state.handlers.count(opName))
    return error("a handler of op '" + opName + "' is registered twice");
  impl->state.handlers[opName] =
      [handler = std::move(handler)](
          Executor &, const CompiledNode &node, MutableArrayRef<RtValue> inputs,
          SmallVectorImpl<RtValue> &outputs) -> llvm::Error {
    SmallVector<const HostTensor *, 4> tensors;
    for (auto [i, v] : llvm::enumerate(inputs)) {
      if (!v.tensor)
        return nodeError(node.op, "operand " + Twine(i) +
                                      " is a resource or variant handle");
      tensors.push_back(v.tensor.get());
    }
    std::vector<HostTensor> results;
    if (llvm::Error err = handler(node.op, tensors, results)) {
      std::string message;
      bool isNodeError = err.isA<NodeError>();
      if (isNodeError)
        return err;
      return nodeError(node.op, toString(std::move(err)));
    }
    if (results.size() != node.consumers.size())
      return nodeError(node.op, "its handler computed " +
                                    Twine(results.size()) +
                                    " results, the op "
                                    "has " +
                                    Twine(node.consumers.size()));
    for (HostTensor &r : results)
      outputs.push_back(RtValue::of(std::move(r)));
    return llvm::Error::success();
  };
  return llvm::Error::success();
}

llvm::Expected<std::vector<HostTensor>>
TFInterpreter::runFunction(func::FuncOp func, ArrayRef<HostTensor> args) {
  std::vector<RtValue> values;
  for (const HostTensor &arg : args)
    values.push_back(RtValue::of(arg));
  auto results = impl->call(nullptr, func.getSymName(), values, 0);
  if (!results)
    return results.takeError();
  return toTensors(*results, getEntryFunctionNames(func, "outputs"), "result");
}

func::FuncOp TFInterpreter::getEntryFunction() {
  for (auto func : impl->state.module.getOps<func::FuncOp>())
    if (func->hasAttr("tf.entry_function"))
      return func;
  return nullptr;
}

llvm::Expected<std::vector<HostTensor>>
TFInterpreter::runGraph(func::FuncOp func, ArrayRef<InterpreterFeed> feeds,
                        ArrayRef<std::string> fetches,
                        ArrayRef<std::string> targets) {
  tfe::GraphOp graph = getGraphOf(func);
  if (!graph)
    return error("function '" + func.getSymName() +
                 "' holds no tf_executor.graph");
  if (func.getNumArguments() != 0)
    return error("function '" + func.getSymName() +
                 "' takes arguments: run it with runFunction");
  auto [it, inserted] = impl->graphNodes.try_emplace(graph);
  llvm::StringMap<Operation *> &nodes = it->second;
  if (inserted)
    for (Operation &op : graph.getBlock()) {
      Operation *named = &op;
      if (auto island = dyn_cast<tfe::IslandOp>(op))
        named = island.getWrappedOp();
      if (!named)
        continue;
      if (auto name = named->getAttrOfType<StringAttr>("_mlir_name"))
        nodes[name.getValue()] = &op;
    }
  // The data results of node `op` (a NextIteration.Sink's are its
  // Source's); its control token.
  auto outputsOf = [](Operation *op) -> ValueRange {
    if (auto sink = dyn_cast<tfe::NextIterationSinkOp>(op))
      if (auto src =
              sink.getToken().getDefiningOp<tfe::NextIterationSourceOp>())
        return src->getResults().take_front();
    return op->getResults().drop_back();
  };
  auto run = resolveGraphRun(
      "graph:" + func.getSymName().str(), feeds, fetches, targets,
      [&](StringRef node) { return nodes.lookup(node); }, outputsOf);
  if (!run)
    return run.takeError();
  SmallVector<Value, 4> controls;
  for (Operation *op : run->targets)
    controls.push_back(op->getResults().back());
  auto results = runGraphCached(
      impl->state, *run, [&](llvm::function_ref<bool(Value)> isFed) {
        return compileTFBody(impl->state, graph.getBlock(), run->fetches,
                             controls, isFed);
      });
  if (!results)
    return results.takeError();
  return toTensors(*results, fetches, "fetch");
}
