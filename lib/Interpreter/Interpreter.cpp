//===- Interpreter.cpp - Runs tfg graphs and functions on the host --------===//
//
// The entry points of tfg/Interpreter/Interpreter.h and the interpreter's
// shared state: the builtin table, feeds and fetches of graph runs (a feed
// replaces the output it names, so the nodes only it needed do not run;
// a fed Placeholder's dtype and shape are checked), calls of library
// functions (bounded nesting) and runs of regions. Bodies are compiled once
// per function or region, once per instantiation for generic functions
// (Generic.cpp), and once per feeds and fetches for graph runs.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

static const llvm::StringMap<BuiltinFn> &getBuiltinTable() {
  static const llvm::StringMap<BuiltinFn> table = [] {
    llvm::StringMap<BuiltinFn> t;
    addControlFlowBuiltins(t);
    addStateBuiltins(t);
    addListBuiltins(t);
    addTableBuiltins(t);
    addRestoreBuiltins(t);
    return t;
  }();
  return table;
}

BuiltinFn interp::lookupBuiltin(StringRef opName) {
  return getBuiltinTable().lookup(opName);
}

std::vector<std::string> mlir::tfg::getInterpreterBuiltinOps() {
  std::vector<std::string> names = {
      "ControlTrigger",   "Enter",     "Exit",    "Merge",
      "NextIteration",    "RefEnter",  "RefExit", "RefMerge",
      "RefNextIteration", "RefSwitch", "Switch"};
  for (const auto &entry : getBuiltinTable())
    if (!entry.getKey().starts_with("<"))
      names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
}

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<std::pair<std::string, unsigned>>
mlir::tfg::parseTensorName(StringRef name) {
  auto [node, output] = name.rsplit(':');
  unsigned index = 0;
  if (name.contains(':') && output.getAsInteger(10, index))
    return error("tensor name '" + name + "': the output is not a number");
  if (!name.contains(':'))
    node = name;
  if (node.empty())
    return error("tensor name '" + name + "' has no node");
  return std::make_pair(node.str(), index);
}

std::vector<Operation *> mlir::tfg::getGraphPlaceholders(GraphOp graph) {
  std::vector<Operation *> out;
  for (Operation &op : graph.getBody()) {
    StringRef name = getTFOpName(&op);
    if (name == "Placeholder" || name == "PlaceholderV2" ||
        name == "PlaceholderWithDefault")
      out.push_back(&op);
  }
  return out;
}

llvm::Expected<std::vector<RtValue>>
InterpreterState::runBody(const CompiledBody &body, ArrayRef<RtValue> externals,
                          unsigned depth) {
  Executor exec(*this, body, depth);
  return exec.run(externals);
}

llvm::Expected<const CompiledBody *>
InterpreterState::getBlockBody(Block &block) {
  std::unique_ptr<CompiledBody> &cached = bodies[&block];
  if (!cached) {
    if (block.empty())
      return error("an empty body cannot be run");
    SmallVector<Value, 8> fetches(block.back().getOperands());
    auto body = compileBody(*this, block, fetches, [](Value) { return false; });
    if (!body)
      return body.takeError();
    cached = std::move(*body);
  }
  return cached.get();
}

llvm::Expected<std::vector<RtValue>>
InterpreterState::callFunction(Operation *caller, StringRef name,
                               ArrayRef<RtValue> args, unsigned depth,
                               DictionaryAttr callAttrs) {
  auto fail = [&](const Twine &message) {
    return caller ? nodeError(caller, message) : error(message);
  };
  if (depth > options.maxCallDepth)
    return fail("calls nested deeper than " + Twine(options.maxCallDepth) +
                " (the call depth limit)");
  auto func = symbols.lookup<GraphFuncOp>(name);
  if (!func && hasForeignFunction && hasForeignFunction(name))
    return callForeignFunction(caller, name, args, depth);
  if (!func)
    return fail("calls '" + name + "', which is no function of the module");
  if (func.getBody().empty())
    return fail("calls '" + name + "', which has no body");
  unsigned numArgs = func.getFunctionType().getNumInputs();
  if (args.size() != numArgs)
    return fail("calls '" + name + "' with " + Twine(args.size()) +
                " arguments; it takes " + Twine(numArgs));
  Block &block = func.getBody().front();
  DictionaryAttr values;
  if (func.getGeneric()) {
    auto instance = getInstanceValues(func, callAttrs);
    if (!instance)
      return fail("calls generic function '" + name +
                  "': " + toString(instance.takeError()));
    values = *instance;
  }
  auto body = values ? getInstanceBody(func, values) : getBlockBody(block);
  if (!body)
    return fail("in '" + name + "': " + toString(body.takeError()));
  std::vector<RtValue> externals;
  for (Value v : (*body)->externals) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &block)
      return fail("in '" + name + "': a value from outside the function");
    unsigned n = arg.getArgNumber();
    externals.push_back(n % 2 == 0 && n / 2 < args.size() ? args[n / 2]
                                                          : RtValue());
  }
  auto results = runBody(**body, externals, depth);
  if (!results) {
    // The outermost calls are named; deeper ones pass the error on as it is
    // (a deep recursion would repeat itself).
    if (!caller || depth > 3)
      return results.takeError();
    return fail("in function '" + name + "': " + toString(results.takeError()));
  }
  results->resize(std::min<size_t>(results->size(),
                                   func.getFunctionType().getNumResults()));
  return results;
}

llvm::Expected<std::vector<RtValue>>
InterpreterState::runRegion(const CompiledNode &node, Region &region,
                            ArrayRef<RtValue> args, ArrayRef<RtValue> captured,
                            unsigned depth) {
  if (depth > options.maxCallDepth)
    return nodeError(node.op, "regions nested deeper than " +
                                  Twine(options.maxCallDepth) +
                                  " (the call depth limit)");
  if (region.empty())
    return nodeError(node.op, "has an empty region");
  Block &block = region.front();
  auto body = getBlockBody(block);
  if (!body)
    return body.takeError();
  unsigned numData = llvm::count_if(block.getArgumentTypes(),
                                    [](Type t) { return !isControlType(t); });
  std::vector<RtValue> externals;
  for (Value v : (*body)->externals) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (arg && arg.getOwner() == &block) {
      unsigned n = arg.getArgNumber();
      if (n < numData && n >= args.size())
        return nodeError(node.op, "a region takes more values than given");
      externals.push_back(n < numData ? args[n] : RtValue());
      continue;
    }
    auto it = llvm::find(node.captures, v);
    if (it == node.captures.end() ||
        size_t(it - node.captures.begin()) >= captured.size())
      return nodeError(node.op, "a region uses a value that is not captured");
    externals.push_back(captured[it - node.captures.begin()]);
  }
  auto results = runBody(**body, externals, depth);
  if (!results)
    return results.takeError();
  results->resize(
      std::min<size_t>(results->size(), getNumDataOperands(&block.back())));
  return results;
}

//===----------------------------------------------------------------------===//
// Interpreter
//===----------------------------------------------------------------------===//

struct Interpreter::Impl {
  InterpreterState state;
  /// Graph nodes by name (built on the first graph run).
  llvm::StringMap<Operation *> nodesByName;
  bool indexed = false;

  Impl(ModuleOp module, InterpreterOptions options) : state(module, options) {}
};

Interpreter::Interpreter(ModuleOp module, InterpreterOptions options)
    : impl(std::make_unique<Impl>(module, options)) {}

Interpreter::Interpreter(ModuleOp module, InterpreterOptions options,
                         const Interpreter &shared)
    : impl(std::make_unique<Impl>(module, options)) {
  impl->state.resources = shared.impl->state.resources;
}

Interpreter::~Interpreter() = default;

GraphOp Interpreter::getGraph() {
  for (Operation &op : impl->state.module.getBody()->getOperations())
    if (auto graph = dyn_cast<GraphOp>(op))
      return graph;
  return nullptr;
}

/// Checks a feed of a Placeholder against its dtype and shape.
static llvm::Error checkPlaceholderFeed(Operation *op, const HostTensor &t) {
  StringRef name = getTFOpName(op);
  if (name != "Placeholder" && name != "PlaceholderV2")
    return llvm::Error::success();
  if (Type dtype = getTypeAttr(op, "dtype"))
    if (dtype != t.getElementType())
      return nodeError(op, "is fed a tensor of another dtype than its own");
  auto shape = op->getAttrOfType<tf_type::ShapeAttr>("shape");
  if (!shape || shape.getUnranked())
    return llvm::Error::success();
  ArrayRef<int64_t> dims = shape.getShape();
  bool ok = int64_t(dims.size()) == t.getRank();
  for (size_t i = 0; ok && i < dims.size(); ++i)
    ok = ShapedType::isDynamic(dims[i]) || dims[i] == t.getShape()[i];
  if (!ok) {
    std::string got;
    llvm::raw_string_ostream os(got);
    llvm::interleave(t.getShape(), os, "x");
    return nodeError(op, "is fed a tensor of shape [" + got +
                             "], which its shape attribute does not allow");
  }
  return llvm::Error::success();
}

llvm::Expected<RtValue> RtValue::of(const InterpreterFeed &feed) {
  if (feed.handle)
    return RtValue{nullptr, feed.handle};
  if (!feed.value)
    return error("feed '" + feed.name + "' has no value");
  return RtValue::of(feed.value);
}

/// Checks a handle fed to a Placeholder: its dtype must be resource.
static llvm::Error checkPlaceholderHandle(Operation *op) {
  StringRef name = getTFOpName(op);
  if (name != "Placeholder" && name != "PlaceholderV2")
    return llvm::Error::success();
  if (Type dtype = getTypeAttr(op, "dtype"))
    if (!isa<tf_type::ResourceType>(dtype))
      return nodeError(op, "is fed a resource handle, but its dtype is not "
                           "resource");
  return llvm::Error::success();
}

llvm::Expected<Value> interp::resolveTensorName(
    StringRef name, llvm::function_ref<Operation *(StringRef)> lookupNode,
    llvm::function_ref<ValueRange(Operation *)> outputsOf) {
  auto parsed = parseTensorName(name);
  if (!parsed)
    return parsed.takeError();
  Operation *op = lookupNode(parsed->first);
  if (!op)
    return error("tensor '" + name + "': the graph has no node '" +
                 parsed->first + "'");
  ValueRange results = outputsOf(op);
  if (parsed->second >= results.size())
    return error("tensor '" + name + "': node '" + parsed->first + "' has " +
                 Twine(results.size()) + " outputs");
  return results[parsed->second];
}

llvm::Expected<std::vector<RtValue>>
interp::GraphFeeds::getExternals(const CompiledBody &body) const {
  std::vector<RtValue> externals;
  for (Value v : body.externals) {
    auto it = values.find(v);
    if (it != values.end())
      externals.push_back(it->second);
    else if (isFed(v))
      externals.push_back(RtValue()); // The control result of a fed node.
    else
      return error("a value of the graph is defined outside of it");
  }
  return externals;
}

llvm::Expected<interp::GraphRun> interp::resolveGraphRun(
    StringRef scope, ArrayRef<InterpreterFeed> feeds,
    ArrayRef<std::string> fetches, ArrayRef<std::string> targets,
    llvm::function_ref<Operation *(StringRef)> lookupNode,
    llvm::function_ref<ValueRange(Operation *)> outputsOf,
    llvm::function_ref<llvm::Error(Value, const InterpreterFeed &)> check) {
  GraphRun run;
  run.key = scope.str() + "|";
  for (const InterpreterFeed &feed : feeds) {
    auto v = resolveTensorName(feed.name, lookupNode, outputsOf);
    if (!v)
      return v.takeError();
    auto value = RtValue::of(feed);
    if (!value)
      return value.takeError();
    if (check)
      if (llvm::Error err = check(*v, feed))
        return std::move(err);
    run.fed.add(*v, std::move(*value));
    run.key += feed.name + ",";
  }
  run.key += "|";
  for (const std::string &name : fetches) {
    auto v = resolveTensorName(name, lookupNode, outputsOf);
    if (!v)
      return v.takeError();
    run.fetches.push_back(*v);
    run.key += name + ",";
  }
  run.key += "|";
  for (const std::string &name : targets) {
    Operation *op = lookupNode(name);
    if (!op)
      return error("target '" + name + "': the graph has no node '" + name +
                   "'");
    run.targets.push_back(op);
    run.key += name + ",";
  }
  return run;
}

llvm::Expected<std::vector<RtValue>> interp::runGraphCached(
    InterpreterState &state, const GraphRun &run,
    llvm::function_ref<llvm::Expected<std::unique_ptr<CompiledBody>>(
        llvm::function_ref<bool(Value)> isFed)>
        compile) {
  std::unique_ptr<CompiledBody> &body = state.graphRuns[run.key];
  if (!body) {
    auto compiled = compile([&](Value v) { return run.fed.isFed(v); });
    if (!compiled)
      return compiled.takeError();
    body = std::move(*compiled);
  }
  auto externals = run.fed.getExternals(*body);
  if (!externals)
    return externals.takeError();
  return state.runBody(*body, *externals, 0);
}

llvm::Expected<std::vector<HostTensor>>
Interpreter::runGraph(ArrayRef<InterpreterFeed> feeds,
                      ArrayRef<std::string> fetches,
                      ArrayRef<std::string> targets) {
  auto results = runGraphValues(feeds, fetches, targets);
  if (!results)
    return results.takeError();
  std::vector<HostTensor> out;
  for (auto [i, v] : llvm::enumerate(*results)) {
    if (!v.tensor)
      return error("fetch '" + fetches[i] +
                   "' is a resource or variant handle, not a tensor");
    out.push_back(*v.tensor);
  }
  return out;
}

llvm::Expected<std::vector<InterpreterHandle>>
Interpreter::runGraphForHandles(ArrayRef<InterpreterFeed> feeds,
                                ArrayRef<std::string> fetches,
                                ArrayRef<std::string> targets) {
  auto results = runGraphValues(feeds, fetches, targets);
  if (!results)
    return results.takeError();
  std::vector<InterpreterHandle> out;
  for (auto [i, v] : llvm::enumerate(*results)) {
    if (!v.object)
      return error("fetch '" + fetches[i] + "' is a tensor, not a handle");
    out.push_back(v.object);
  }
  return out;
}

llvm::Expected<std::vector<RtValue>>
Interpreter::runGraphValues(ArrayRef<InterpreterFeed> feeds,
                            ArrayRef<std::string> fetches,
                            ArrayRef<std::string> targets) {
  GraphOp graph = getGraph();
  if (!graph)
    return error("the module has no tfg.graph");
  if (!impl->indexed) {
    for (Operation &op : graph.getBody())
      if (StringRef name = getNodeName(&op); !name.empty())
        impl->nodesByName[name] = &op;
    impl->indexed = true;
  }
  auto lookup = [&](StringRef node) { return impl->nodesByName.lookup(node); };
  auto run = resolveGraphRun(
      "", feeds, fetches, targets, lookup,
      [](Operation *op) -> ValueRange { return getDataResults(op); },
      [](Value v, const InterpreterFeed &feed) {
        return feed.handle
                   ? checkPlaceholderHandle(v.getDefiningOp())
                   : checkPlaceholderFeed(v.getDefiningOp(), feed.value);
      });
  if (!run)
    return run.takeError();
  // A target runs as the fetch of its control token.
  for (Operation *op : run->targets)
    run->fetches.push_back(getControlToken(op));
  auto results = runGraphCached(
      impl->state, *run, [&](llvm::function_ref<bool(Value)> isFed) {
        return compileBody(impl->state, graph.getBody(), run->fetches, isFed);
      });
  if (!results)
    return results.takeError();
  results->resize(fetches.size()); // The targets' control results go.
  return results;
}

llvm::Expected<std::vector<HostTensor>>
Interpreter::runFunction(GraphFuncOp func, ArrayRef<HostTensor> args) {
  std::vector<RtValue> values;
  for (const HostTensor &arg : args)
    values.push_back(RtValue::of(arg));
  auto results =
      impl->state.callFunction(nullptr, func.getSymName(), values, 0);
  if (!results)
    return results.takeError();
  std::vector<HostTensor> out;
  for (auto [i, v] : llvm::enumerate(*results)) {
    if (!v.tensor)
      return error("result " + Twine(i) +
                   " is a resource or variant handle, not a tensor");
    out.push_back(*v.tensor);
  }
  return out;
}
