//===- tfg-run.cpp - Runs a TensorFlow model with tfg's interpreter -------===//
//
// tfg-run imports a model the way tfg-translate reads it (tfg MLIR,
// GraphDef, SavedModel, TF.js) and runs it with the graph interpreter
// (tfg/Interpreter/Interpreter.h): inputs from .npy files or generated,
// fetches from --fetch or the model's recorded signature (`tfg.fetches`),
// outputs summarized (--print), written to an .npz (--output), compared
// with a reference (--expect) or timed (--benchmark). Lookup tables may read
// vocabulary files from the model's directory only (its asset directory).
// Errors exit 1 with a message naming the node, and a note at the node.
//
//===----------------------------------------------------------------------===//

#include "LLVMBackend.h"
#include "RunSupport.h"
#include "Stages.h"

#include "tfg/Codegen/CompileCache.h"
#include "tfg/Dialect/StableHLO/StableHLODialect.h"
#include "tfg/Eval/Evaluator.h"
#include "tfg/Eval/NumPy.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Interpreter/Interpreter.h"
#include "tfg/Support/CommandLine.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Translate/FreezeVariables.h"
#include "tfg/Translate/ModelInput.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <chrono>
#include <set>

using namespace mlir;
using namespace mlir::tfg;
namespace cl = llvm::cl;

static cl::OptionCategory category("tfg-run options");

static cl::opt<std::string>
    modelPath(cl::Positional,
              cl::desc("<model: tfg MLIR, GraphDef, SavedModel, "
                       "model.json or a directory holding one>"),
              cl::cat(category));
static cl::list<std::string>
    fetchNames("fetch", cl::CommaSeparated,
               cl::desc("Tensors to fetch (node, node:output, or the name a "
                        "TF.js signature gives an output), in order; "
                        "default: the model's recorded outputs "
                        "(tfg.fetches, a TF.js signature's outputs), else the "
                        "graph's unused outputs"),
               cl::value_desc("name,..."), cl::cat(category));
static cl::list<std::string> inputSpecs(
    "input",
    cl::desc(
        "Feeds tensor NAME (node, node:output or a TF.js signature's "
        "input name): a .npy file (or an .npz "
        "holding one array), random:SEED (floats in [0,1), ints in "
        "[0,10), bools; splitmix64, see tools/tfg-run/RunSupport.h) or "
        "zeros, of the Placeholder's dtype and shape. Repeatable. A "
        "Placeholder without --input gets random:K, K being its place "
        "among the graph's Placeholders (from 1), when its shape is known"),
    cl::value_desc("NAME=FILE.npy|random:SEED|zeros"), cl::cat(category));
static cl::list<std::string> inputShapes(
    "input-shape",
    cl::desc("The shape of a generated input, for Placeholders with unknown "
             "dimensions (must agree with the known ones). Repeatable"),
    cl::value_desc("NAME=1x224x224x3"), cl::cat(category));
static cl::opt<std::string>
    outputPath("output",
               cl::desc("Writes the fetched tensors to an .npz (one array per "
                        "fetch, named by it, in fetch order; .npy for one "
                        "fetch), atomically"),
               cl::value_desc("out.npz"), cl::cat(category));
static cl::opt<bool>
    printOutputs("print",
                 cl::desc("Prints each fetch's name, dtype, shape and "
                          "min/max/mean"),
                 cl::cat(category));
static cl::opt<unsigned> benchmarkRuns(
    "benchmark",
    cl::desc("Runs N more times after the first and prints median_ms, min_ms "
             "and max_ms of those runs"),
    cl::value_desc("N"), cl::init(0), cl::cat(category));
// --threads is read before the command line is parsed: libLLVM registers an
// option of that name already (RunSupport.h, takeThreadsOption).
static unsigned numThreads = 0;
static cl::extrahelp threadsHelp(
    "\n--threads=<N>: threads of the kernels' thread pool (0, the default: "
    "one per hardware thread; 1: no multithreading)\n");
static cl::opt<std::string> expectPath(
    "expect",
    cl::desc("Compares the fetches with the arrays of a .npz/.npy (by fetch "
             "name, else in order): floats within atol + rtol*|expected|, "
             "other dtypes exactly; prints the largest differences and exits "
             "1 when beyond the tolerance"),
    cl::value_desc("ref.npz"), cl::cat(category));
static cl::opt<double>
    relTol("rtol", cl::desc("Relative tolerance of --expect (default 1e-4)"),
           cl::init(1e-4), cl::cat(category));
static cl::opt<double>
    absTol("atol", cl::desc("Absolute tolerance of --expect (default 1e-6)"),
           cl::init(1e-6), cl::cat(category));
static cl::opt<std::string> checkPipeline(
    "check-pipeline",
    cl::desc("Runs the model, applies this pass pipeline (tfg-opt's "
             "--pass-pipeline syntax, e.g. 'tfg-grappler') to a copy, runs "
             "the copy on the same inputs and compares the fetches "
             "(--rtol/--atol): prints the largest differences per fetch and "
             "exits 1 beyond the tolerance"),
    cl::value_desc("PIPELINE"), cl::cat(category));
static cl::opt<bool> memoryProfile(
    "memory-profile",
    cl::desc("Measures the peak of the interpreter's live tensor bytes in the "
             "run and prints it with the static estimate of the graph "
             "(tfg-memory-report's) for comparison"),
    cl::cat(category));
static cl::opt<bool> listKernels(
    "list-kernels",
    cl::desc("Prints the sorted names of the ops the interpreter runs (its "
             "own and TFGEval's kernels) and exits"),
    cl::cat(category));
static cl::opt<bool>
    listStages("list-stages",
               cl::desc("Prints the stages of --stage, one a line (name, "
                        "then what it runs), and exits"),
               cl::cat(category));
static cl::opt<std::string> functionName(
    "function",
    cl::desc("Runs this function of the module instead of its graph; inputs "
             "are named by the arguments' tfg.name, all results are fetched"),
    cl::value_desc("NAME"), cl::cat(category));
static cl::opt<int64_t> maxLoopIterations(
    "max-loop-iterations",
    cl::desc("The most iterations of one loop before an error"),
    cl::init(InterpreterOptions().maxLoopIterations), cl::cat(category));
static cl::opt<unsigned>
    maxCallDepth("max-call-depth",
                 cl::desc("The most nested function calls before an error"),
                 cl::init(InterpreterOptions().maxCallDepth),
                 cl::cat(category));
static cl::opt<int64_t>
    maxElements("max-elements",
                cl::desc("The most elements of one kernel result"),
                cl::init(InterpreterOptions().maxElements), cl::cat(category));

static cl::opt<std::string> stageName(
    "stage",
    cl::desc("Lowers the model that far and runs the lowered form, fed and "
             "fetched as the graph (tools/tfg-run/Stages.cpp; --list-stages): "
             "tfg (the default: as imported), tf_executor "
             "(--tfg-to-tf-executor), tf (and --tf-executor-to-tf), stablehlo "
             "(--tfg-to-stablehlo with the feeds' shapes, run by the "
             "StableHLO interpreter)"),
    cl::value_desc("STAGE"), cl::init("tfg"), cl::cat(category));

static cl::opt<int64_t> graphSeed(
    "seed",
    cl::desc(
        "Graph-level seed of the stateful random ops whose seed and seed2 "
        "attributes are both 0 (RandomUniform, RandomStandardNormal, "
        "TruncatedNormal, RandomUniformInt, Multinomial, RandomShuffle: "
        "TensorFlow seeds them nondeterministically, e.g. in dropout), "
        "which are refused without it. Each such node runs with seed=N and "
        "its own seed2, derived from its name (see getRandomOpSeeds in "
        "tfg/Interpreter/Interpreter.h): the same N gives the same values "
        "whatever the order of evaluation, and two nodes differ. Nodes with "
        "a seed of their own keep it"),
    cl::value_desc("N"), cl::cat(category));

static cl::opt<std::string> backend(
    "backend",
    cl::desc("interpreter (default): tfg's graph interpreter; llvm: "
             "legalize the graph to StableHLO (or take the module's StableHLO "
             "function, --function, default main), compile it for the host "
             "CPU and run the compiled code (docs/Codegen.md); cuda: the "
             "same, compiled for a CUDA GPU and run there through the CUDA "
             "driver (docs/Codegen.md, \"GPU\")"),
    cl::value_desc("interpreter|llvm|cuda"), cl::init("interpreter"),
    cl::cat(category));
static cl::opt<bool> checkInterpreter(
    "check-interpreter",
    cl::desc("With --backend=llvm: also run the StableHLO interpreter on the "
             "same arguments and compare (--rtol/--atol; integers exactly)"),
    cl::cat(category));
static cl::opt<std::string> emitPTX(
    "emit-ptx",
    cl::desc("With --backend=cuda: write the PTX of the compiled model to "
             "FILE and run nothing"),
    cl::value_desc("FILE"), cl::cat(category));
static cl::opt<std::string>
    gpuArch("gpu-arch", cl::desc("With --backend=cuda: the SM of the PTX"),
            cl::value_desc("sm_XY"), cl::init("sm_80"), cl::cat(category));
static cl::opt<bool> printCompileTime(
    "print-compile-time",
    cl::desc("With --backend=llvm: print the compile time in seconds"),
    cl::cat(category));
static cl::opt<std::string> cacheDir(
    "cache-dir",
    cl::desc("With --backend=llvm: the directory of the compile cache, where "
             "compiled objects are kept and found again (default: "
             "$XDG_CACHE_HOME/tfg, else ~/.cache/tfg)"),
    cl::value_desc("dir"), cl::cat(category));
static cl::opt<bool>
    noCache("no-cache",
            cl::desc("With --backend=llvm: compile without the compile cache "
                     "(neither read nor written)"),
            cl::cat(category));
static cl::opt<bool> noVectorize(
    "no-vectorize",
    cl::desc("With --backend=llvm: leave the elementwise, reduction and "
             "pooling loops scalar (no tfg-vectorize-linalg)"),
    cl::cat(category));
static cl::opt<unsigned> loopThreads(
    "loop-threads",
    cl::desc("With --backend=llvm: threads of the generated loops (default "
             "1): above 1, their large parallel loop nests run on MLIR's "
             "async runtime (docs/Codegen.md, \"Threads\")"),
    cl::init(1), cl::cat(category));
static cl::opt<bool> printKernelStats(
    "print-kernel-stats",
    cl::desc("--backend=llvm: print the GEMM micro-kernels' calls, work and "
             "time over the runs (docs/Codegen.md)"),
    cl::cat(category));

/// The interpreter's bounds from the command line, for `module`.
static InterpreterOptions getInterpreterOptions(ModuleOp module) {
  InterpreterOptions options;
  // A TF.js model initializer's tables are the model's by node name.
  options.tablesByNodeName = static_cast<bool>(getTFJSInitializer(module));
  options.maxLoopIterations = maxLoopIterations;
  options.maxCallDepth = maxCallDepth;
  options.maxElements = maxElements;
  if (graphSeed.getNumOccurrences())
    options.graphSeed = graphSeed;
  // Vocabulary files of lookup tables: from the model's directory only.
  options.assetDirectory = getModelDirectory(modelPath);
  return options;
}

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Restores the variables of a SavedModel `module` (one with a saver) from
/// the bundle `variables/variables` in the model's directory, as
/// TensorFlow's loader does (tfg/Translate/FreezeVariables.h).
static llvm::Error restoreSavedModelVariables(ModuleOp module,
                                              Interpreter &interp) {
  return mlir::tfg::restoreSavedModelVariables(module, interp,
                                               getModelDirectory(modelPath));
}

/// Runs the TF.js model initializer of `module`, if it has one, with the
/// variables and tables of `interp`, as TensorFlow.js runs it once before
/// the model's first run; restores a SavedModel's variables. `captured`
/// gets the feeds of the model's captured inputs (getTFJSCapturedInputs):
/// the handles the initializer gives them.
static llvm::Error runInitializer(ModuleOp module, Interpreter &interp,
                                  std::vector<InterpreterFeed> &captured) {
  if (llvm::Error err = restoreSavedModelVariables(module, interp))
    return err;
  auto inputs = getTFJSCapturedInputs(module);
  if (!inputs)
    return inputs.takeError();
  ModuleOp initializer = getTFJSInitializer(module);
  if (!initializer) {
    if (!inputs->empty())
      return fail("signature input '" + inputs->front().input +
                  "' is captured from the model initializer, which the "
                  "model does not have");
    return llvm::Error::success();
  }
  auto signature =
      module->getAttrOfType<StringAttr>("tfjs.initializerSignature");
  Interpreter run(initializer, getInterpreterOptions(module), interp);
  std::vector<std::string> targets = getTFJSInitializerTargets(
      initializer, signature ? signature.getValue() : "");
  std::vector<std::string> fetches;
  for (const TFJSCapturedInput &input : *inputs)
    fetches.push_back(input.initializerOutput);
  auto handles = run.runGraphForHandles({}, fetches, targets);
  if (!handles)
    return fail("the model initializer: " + toString(handles.takeError()));
  for (auto [input, handle] : llvm::zip(*inputs, *handles))
    captured.push_back({input.input, HostTensor(), handle});
  return llvm::Error::success();
}

namespace {
/// What a feed is given as.
struct InputSpec {
  std::string name;
  std::string source;
};

} // namespace

static llvm::Expected<std::pair<std::string, std::string>>
splitAssignment(StringRef text, StringRef option) {
  auto [name, value] = text.split('=');
  if (name.empty() || !text.contains('='))
    return fail("--" + option + "=" + text + ": expected NAME=VALUE");
  return std::make_pair(name.str(), value.str());
}

/// The fetches: --fetch, else the module's recorded outputs, else the
/// graph's sinks: every unused data output of a node other than a
/// Placeholder or Const, as TensorFlow.js takes a model's outputs.
static llvm::Expected<std::vector<std::string>> getFetches(ModuleOp module,
                                                           GraphOp graph) {
  if (!fetchNames.empty())
    return std::vector<std::string>(fetchNames.begin(), fetchNames.end());
  std::vector<std::string> out = getRecordedFetches(module);
  if (out.empty())
    out = getSinkFetches(graph.getBody());
  if (out.empty())
    return fail("nothing to fetch: give --fetch=NAME,... (the model records "
                "no outputs and its graph has no unused outputs)");
  return out;
}

/// Runs `run` once, then --benchmark times, printing the timings.
static llvm::Expected<std::vector<HostTensor>>
runTimed(llvm::function_ref<llvm::Expected<std::vector<HostTensor>>()> run) {
  auto results = run();
  if (!results || benchmarkRuns == 0)
    return results;
  std::vector<double> ms;
  for (unsigned i = 0; i < benchmarkRuns; ++i) {
    auto start = std::chrono::steady_clock::now();
    auto again = run();
    auto end = std::chrono::steady_clock::now();
    if (!again)
      return again.takeError();
    ms.push_back(
        std::chrono::duration<double, std::milli>(end - start).count());
  }
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  double median = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
  llvm::outs() << "median_ms: " << llvm::format("%.3f", median) << "\n"
               << "min_ms: " << llvm::format("%.3f", ms.front()) << "\n"
               << "max_ms: " << llvm::format("%.3f", ms.back()) << "\n";
  return results;
}

/// Prints, writes and checks the outputs.
static llvm::Error reportOutputs(MLIRContext *context,
                                 ArrayRef<std::string> names,
                                 std::vector<HostTensor> &outputs) {
  if (printOutputs)
    for (auto [name, t] : llvm::zip(names, outputs))
      printSummary(llvm::outs(), name, t);
  if (!outputPath.empty()) {
    std::vector<NamedHostTensor> arrays;
    for (auto [name, t] : llvm::zip(names, outputs))
      arrays.push_back({name, t});
    if (llvm::Error err = writeNumPyFile(outputPath, arrays))
      return err;
  }
  if (expectPath.empty())
    return llvm::Error::success();
  auto expected = readNumPyFile(context, expectPath);
  if (!expected)
    return expected.takeError();
  bool ok = true;
  for (auto [i, name] : llvm::enumerate(names)) {
    const HostTensor *ref = nullptr;
    for (const NamedHostTensor &a : *expected)
      if (a.name == name)
        ref = &a.tensor;
    if (!ref && i < expected->size())
      ref = &(*expected)[i].tensor;
    if (!ref)
      return fail("the reference " + expectPath + " has no array for '" + name +
                  "'");
    ok &= compareTensors(llvm::outs(), name, outputs[i], *ref, relTol, absTol);
  }
  if (!ok)
    return fail("outputs differ from " + expectPath +
                " beyond the tolerance (rtol=" + std::to_string(relTol) +
                ", atol=" + std::to_string(absTol) + ")");
  return llvm::Error::success();
}

/// --check-pipeline: runs the optimized copy on `feeds` and compares its
/// fetches with the original's `outputs`.
static llvm::Error checkAgainstPipeline(ModuleOp module,
                                        ArrayRef<InterpreterFeed> feeds,
                                        ArrayRef<std::string> fetches,
                                        ArrayRef<HostTensor> outputs) {
  auto optimized = applyPipeline(module, checkPipeline);
  if (!optimized)
    return optimized.takeError();
  Interpreter interp(**optimized, getInterpreterOptions(**optimized));
  std::vector<InterpreterFeed> captured;
  if (llvm::Error err = runInitializer(**optimized, interp, captured))
    return fail("after the pipeline: " + toString(std::move(err)));
  // The captured inputs get this run's tables, the others the same values.
  std::vector<InterpreterFeed> newFeeds;
  for (const InterpreterFeed &feed : feeds)
    if (!feed.handle)
      newFeeds.push_back(feed);
  llvm::append_range(newFeeds, captured);
  auto after = runTimed([&] { return interp.runGraph(newFeeds, fetches); });
  if (!after)
    return fail("after the pipeline: " + toString(after.takeError()));
  llvm::outs() << "check-pipeline: " << checkPipeline << "\n";
  bool ok = true;
  for (auto [i, name] : llvm::enumerate(fetches))
    ok &= compareTensors(llvm::outs(), name, (*after)[i], outputs[i], relTol,
                         absTol);
  if (!ok)
    return fail("the pipeline changed the outputs beyond the tolerance (rtol=" +
                std::to_string(relTol) + ", atol=" + std::to_string(absTol) +
                ")");
  return llvm::Error::success();
}

static llvm::Error runGraphMode(MLIRContext *context, ModuleOp module,
                                Interpreter &interp, ArrayRef<InputSpec> inputs,
                                const llvm::StringMap<std::string> &shapes,
                                ArrayRef<InterpreterFeed> captured) {
  GraphOp graph = interp.getGraph();
  if (!graph)
    return fail("the model has no graph (use --function to run a function)");
  llvm::StringMap<Operation *> nodes;
  for (Operation &op : graph.getBody())
    nodes[getNodeName(&op)] = &op;
  // A name that is no node's but a TF.js signature's stands for the
  // tensor the signature names (--input, --input-shape, --fetch).
  llvm::StringMap<std::string> aliases = getSignatureAliases(module);
  auto resolveName = [&](StringRef name) -> std::string {
    auto parsed = parseTensorName(name);
    if (parsed && nodes.count(parsed->first))
      return name.str();
    auto it = aliases.find(name);
    return it != aliases.end() ? it->second : name.str();
  };
  // --input-shape by node name.
  llvm::StringMap<std::string> nodeShapes;
  for (const auto &entry : shapes) {
    std::string name = resolveName(entry.getKey());
    auto parsed = parseTensorName(name);
    nodeShapes[parsed ? parsed->first : name] = entry.getValue();
  }
  std::vector<InterpreterFeed> feeds;
  llvm::StringSet<> given;
  for (const InputSpec &input : inputs) {
    std::string name = resolveName(input.name);
    auto parsed = parseTensorName(name);
    if (!parsed)
      return parsed.takeError();
    Operation *op = nodes.lookup(parsed->first);
    if (!op)
      return fail("input '" + input.name + "': the graph has no node '" +
                  parsed->first + "'");
    auto value = makeFeed(context, parsed->first, input.source,
                          getPlaceholderSignature(op), nodeShapes);
    if (!value)
      return value.takeError();
    feeds.push_back({name, std::move(*value)});
    given.insert(parsed->first);
  }
  // Placeholders without --input: random:1, random:2, ... in graph order.
  // Inputs captured from the model initializer, unless given.
  for (const InterpreterFeed &feed : captured) {
    auto parsed = parseTensorName(feed.name);
    if (!parsed)
      return parsed.takeError();
    if (given.insert(parsed->first).second)
      feeds.push_back(feed);
  }
  uint64_t seed = 0;
  for (Operation *op : getGraphPlaceholders(graph)) {
    if (getTFOpName(op) == "PlaceholderWithDefault")
      continue;
    ++seed;
    std::string name = getNodeName(op).str();
    if (given.contains(name))
      continue;
    // One that cannot be generated (unknown dimensions) stays unfed: the
    // run says so if it needs it.
    auto value = makeFeed(context, name, "random:" + std::to_string(seed),
                          getPlaceholderSignature(op), nodeShapes);
    if (!value) {
      llvm::consumeError(value.takeError());
      continue;
    }
    feeds.push_back({name, std::move(*value)});
  }
  auto fetches = getFetches(module, graph);
  if (!fetches)
    return fetches.takeError();
  std::vector<std::string> tensors;
  for (const std::string &name : *fetches)
    tensors.push_back(resolveName(name));
  StageRunner runner = [&] { return interp.runGraph(feeds, tensors); };
  if (const Stage *stage = lookupStage(stageName); stage && stage->prepare) {
    auto prepared =
        stage->prepare({module, getInterpreterOptions(module), feeds, tensors,
                        &interp, getModelDirectory(modelPath)});
    if (!prepared)
      return prepared.takeError();
    runner = std::move(*prepared);
  }
  if (memoryProfile)
    resetMemoryProfilePeak();
  auto outputs = runTimed(runner);
  if (!outputs)
    return outputs.takeError();
  if (memoryProfile) {
    MemoryProfile measured = getMemoryProfile();
    setMemoryProfiling(false);
    if (llvm::Error err =
            printMemoryProfile(module, feeds, measured, llvm::outs()))
      return err;
  }
  if (!checkPipeline.empty())
    return checkAgainstPipeline(module, feeds, tensors, *outputs);
  return reportOutputs(context, *fetches, *outputs);
}

static llvm::Error runFunctionMode(MLIRContext *context, ModuleOp module,
                                   Interpreter &interp,
                                   ArrayRef<InputSpec> inputs,
                                   const llvm::StringMap<std::string> &shapes) {
  auto func = SymbolTable::lookupNearestSymbolFrom<GraphFuncOp>(
      module, StringAttr::get(context, functionName));
  if (!func)
    return fail("the module has no function '" + functionName + "'");
  FunctionType type = func.getFunctionType();
  std::vector<HostTensor> args;
  for (unsigned i = 0; i < type.getNumInputs(); ++i) {
    auto nameAttr = func.getArgAttrOfType<StringAttr>(i, "tfg.name");
    std::string name = nameAttr ? nameAttr.str() : "arg" + std::to_string(i);
    auto it = llvm::find_if(inputs,
                            [&](const InputSpec &s) { return s.name == name; });
    if (it == inputs.end())
      return fail("argument '" + name + "' is not given: --input=" + name +
                  "=...");
    FeedSignature sig;
    if (auto ranked = dyn_cast<RankedTensorType>(type.getInput(i))) {
      sig.elementType = ranked.getElementType();
      sig.shape.emplace(ranked.getShape());
    } else if (auto tensor = dyn_cast<TensorType>(type.getInput(i))) {
      sig.elementType = tensor.getElementType();
    }
    auto value = makeFeed(context, name, it->source, sig, shapes);
    if (!value)
      return value.takeError();
    args.push_back(std::move(*value));
  }
  std::vector<std::string> names;
  for (unsigned i = 0; i < type.getNumResults(); ++i) {
    auto nameAttr = func.getResultAttrOfType<StringAttr>(i, "tfg.name");
    names.push_back(nameAttr ? nameAttr.str() : "result" + std::to_string(i));
  }
  auto outputs = runTimed([&] { return interp.runFunction(func, args); });
  if (!outputs)
    return outputs.takeError();
  return reportOutputs(context, names, *outputs);
}

/// --backend=llvm: compiles the model's StableHLO form and runs it. Inputs
/// are named as in the graph (Placeholders) or by the function's tfg.name;
/// generated inputs get the seeds the interpreter would give them.
static llvm::Error runLLVMMode(MLIRContext *context, ModuleOp module,
                               ArrayRef<InputSpec> inputs,
                               const llvm::StringMap<std::string> &shapes) {
  LLVMRunRequest request;
  request.module = module;
  request.functionName =
      functionName.empty() ? std::string("main") : functionName.getValue();
  request.checkInterpreter = checkInterpreter;
  request.maxElements = maxElements;
  request.rtol = relTol;
  request.atol = absTol;
  request.printCompileTime = printCompileTime;
  if (!noCache)
    request.cacheDirectory = cacheDir.empty()
                                 ? CompileCache::getDefaultDirectory()
                                 : cacheDir.getValue();
  request.cuda = backend == "cuda";
  request.emitPTX = emitPTX;
  request.gpuArch = gpuArch;
  request.printKernelStats = printKernelStats;
  request.vectorize = !noVectorize;
  request.loopThreads = std::max(1u, unsigned(loopThreads));
  llvm::StringMap<std::string> aliases = getSignatureAliases(module);
  auto resolve = [&](StringRef name) -> std::string {
    auto it = aliases.find(name);
    return it != aliases.end() ? it->second : name.str();
  };
  auto nodeOf = [](StringRef tensor) { return tensor.split(':').first.str(); };
  llvm::StringMap<uint64_t> seeds;
  std::vector<std::string> userNames;
  auto graphs = module.getOps<GraphOp>();
  if (!graphs.empty()) {
    GraphOp graph = *graphs.begin();
    auto fetches = getFetches(module, graph);
    if (!fetches)
      return fetches.takeError();
    userNames = *fetches;
    for (const std::string &name : *fetches)
      request.fetches.push_back(resolve(name));
    for (const auto &entry : shapes)
      request.nodeShapes[nodeOf(resolve(entry.getKey()))] = entry.getValue();
    uint64_t seed = 0;
    for (Operation *op : getGraphPlaceholders(graph))
      if (getTFOpName(op) != "PlaceholderWithDefault")
        seeds[getNodeName(op)] = ++seed;
  }
  auto makeArg = [&](StringRef name, unsigned index,
                     RankedTensorType type) -> llvm::Expected<HostTensor> {
    std::string source =
        "random:" +
        std::to_string(seeds.lookup(name) ? seeds.lookup(name) : index + 1);
    for (const InputSpec &input : inputs)
      if (nodeOf(resolve(input.name)) == name)
        source = input.source;
    FeedSignature sig;
    sig.elementType = type.getElementType();
    sig.shape.emplace(type.getShape());
    return makeFeed(context, name, source, sig, {});
  };
  std::vector<std::string> names;
  auto outputs = runWithLLVM(request, makeArg, runTimed, names);
  if (!outputs)
    return outputs.takeError();
  if (!userNames.empty())
    names = userNames;
  return reportOutputs(context, names, *outputs);
}

static int runTool() {
  if (listKernels) {
    std::set<std::string> names;
    for (const std::string &name : getOpsWithEvalKernels())
      names.insert(name);
    for (const std::string &name : getInterpreterBuiltinOps())
      names.insert(name);
    for (const std::string &name : names)
      llvm::outs() << name << "\n";
    return 0;
  }
  if (listStages) {
    for (const Stage &stage : getStages())
      llvm::outs() << stage.name << " " << stage.description << "\n";
    return 0;
  }
  if (modelPath.empty()) {
    llvm::errs() << "tfg-run: error: no model given (tfg-run MODEL ...; see "
                    "--help)\n";
    return 1;
  }
  std::unique_ptr<llvm::DefaultThreadPool> pool;
  DialectRegistry registry;
  registry.insert<TFGraphDialect, tf_type::TFTypeDialect, func::FuncDialect,
                  stablehlo::StableHLODialect>();
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  if (numThreads != 1) {
    pool = std::make_unique<llvm::DefaultThreadPool>(
        llvm::hardware_concurrency(numThreads));
    context.setThreadPool(*pool);
  }
  context.loadAllAvailableDialects();
  // A pass of --check-pipeline that fails on a real model would otherwise
  // print the whole module after its message.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  // An error at a node is followed by a note at the node's location.
  auto report = [&](llvm::Error err) {
    std::optional<Location> nodeLoc;
    llvm::handleAllErrors(
        std::move(err),
        [&](const NodeError &e) {
          llvm::errs() << "tfg-run: error: " << e.getMessage() << "\n";
          nodeLoc = e.getLocation();
        },
        [&](const llvm::ErrorInfoBase &e) {
          llvm::errs() << "tfg-run: error: " << e.message() << "\n";
        });
    if (nodeLoc)
      context.getDiagEngine().emit(*nodeLoc, DiagnosticSeverity::Note)
          << "the node is here";
    return 1;
  };
  std::vector<InputSpec> inputs;
  for (const std::string &spec : inputSpecs) {
    auto parts = splitAssignment(spec, "input");
    if (!parts)
      return report(parts.takeError());
    inputs.push_back({parts->first, parts->second});
  }
  llvm::StringMap<std::string> shapes;
  for (const std::string &spec : inputShapes) {
    auto parts = splitAssignment(spec, "input-shape");
    if (!parts)
      return report(parts.takeError());
    shapes[parts->first] = parts->second;
  }

  const Stage *stage = lookupStage(stageName);
  if (!stage || (stage->prepare && !functionName.empty())) {
    std::string names;
    for (const Stage &s : getStages())
      names += (names.empty() ? "" : ", ") + std::string(s.name);
    return report(fail(
        !stage ? "--stage=" + stageName + ": no such stage (" + names + ")"
               : "--stage=" + stageName + " runs a graph, not --function"));
  }
  OwningOpRef<ModuleOp> module = loadModel(&context, modelPath);
  if (!module)
    return 1;
  if (backend != "interpreter") {
    if (backend != "llvm" && backend != "cuda")
      return report(fail("--backend=" + backend +
                         ": expected interpreter, llvm or cuda"));
    if (!emitPTX.empty() && backend != "cuda")
      return report(fail("--emit-ptx needs --backend=cuda"));
    if (llvm::Error err = runLLVMMode(&context, *module, inputs, shapes))
      return report(std::move(err));
    return 0;
  }
  // Counting starts before the interpreter caches anything (the model's
  // initializer's constants and tables count as live in the run).
  if (memoryProfile)
    setMemoryProfiling(true);
  Interpreter interp(*module, getInterpreterOptions(*module));
  std::vector<InterpreterFeed> captured;
  llvm::Error err = runInitializer(*module, interp, captured);
  if (!err)
    err =
        functionName.empty()
            ? runGraphMode(&context, *module, interp, inputs, shapes, captured)
            : runFunctionMode(&context, *module, interp, inputs, shapes);
  if (err)
    return report(std::move(err));
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  initToolCommandLine();
  SmallVector<char *, 16> args;
  std::string threadsError;
  if (!takeThreadsOption(argc, argv, args, numThreads, threadsError)) {
    llvm::errs() << "tfg-run: error: " << threadsError << "\n";
    return 1;
  }
  argc = args.size();
  argv = args.data();
  // --mlir-timing (and --mlir-print-ir-*) for the CPU pipeline's passes.
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tfg-run: runs a TensorFlow model (tfg MLIR, GraphDef, SavedModel, "
      "TF.js) on the host with tfg's graph interpreter\n\n"
      "  tfg-run MODEL --input=x=in.npy --fetch=y:0 --print\n");
  int code = 1;
  runOnLargeStack([&] { code = runTool(); });
  llvm::outs().flush();
  return code;
}
