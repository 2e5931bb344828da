//===- LLVMBackend.cpp - tfg-run --backend=llvm ---------------------------===//

#include "LLVMBackend.h"
#include "RunSupport.h"

#include "tfg/Codegen/CPUJit.h"
#include "tfg/Codegen/GPU.h"
#include "tfg/Codegen/Runtime.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Interpreter/Interpreter.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"
#include "tfg/Transforms/KnownValues.h"
#include "tfg/Translate/FreezeVariables.h"
#include "tfg/Translate/ModelLowering.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The work and time of the micro-kernels over the runs (--benchmark's
/// warm-up included): GFLOP/s per family.
static void printKernelStats() {
  TfgRtStats s;
  tfg_rt_get_stats(&s);
  auto line = [](StringRef family, int64_t calls, int64_t flops,
                 int64_t nanos) {
    llvm::outs() << "kernel_stats: " << family << " calls=" << calls
                 << " gflop=" << llvm::format("%.3f", flops * 1e-9)
                 << " ms=" << llvm::format("%.3f", nanos * 1e-6) << " gflops="
                 << llvm::format("%.1f", nanos ? double(flops) / nanos : 0.0)
                 << "\n";
  };
  line("gemm", s.gemmCalls, s.gemmFlops, s.gemmNanos);
  line("conv2d", s.convCalls, s.convFlops, s.convNanos);
  line("depthwise", s.depthwiseCalls, s.depthwiseFlops, s.depthwiseNanos);
}

/// A copy of the request's module in which each Placeholder of a static
/// shape (--input-shape, else its own) of at most kMaxKnownElements integers or
/// floats (a ratio, a size, a flag) is a Const node of the value `makeArg`
/// gives it (their names added to `frozen`); none when there is no such
/// Placeholder. Shapes that depend on a
/// fed value are static only for that value, as in --stage=stablehlo
/// (StageStableHLO.h): the compiled code is then for that value (the compile
/// cache's key holds it).
static llvm::Expected<std::optional<OwningOpRef<ModuleOp>>>
freezeSmallFeeds(const LLVMRunRequest &request, LLVMArgMaker makeArg,
                 std::vector<std::string> &frozen) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(request.module->clone());
  for (auto graph : copy->getOps<GraphOp>()) {
    unsigned index = 0;
    for (Operation *op : getGraphPlaceholders(graph)) {
      if (getTFOpName(op) == "PlaceholderWithDefault")
        continue;
      ++index;
      auto dtype = op->getAttrOfType<TypeAttr>("dtype");
      if (!dtype || !isa<IntegerType, FloatType>(dtype.getValue()))
        continue;
      // The shape pinned by --input-shape, else the Placeholder's own.
      std::optional<SmallVector<int64_t, 4>> shape;
      auto it = request.nodeShapes.find(getNodeName(op));
      if (it != request.nodeShapes.end()) {
        auto parsed = parseShape(it->getValue() == "scalar" ? StringRef()
                                                            : it->getValue());
        if (parsed)
          shape = *parsed;
        else
          llvm::consumeError(parsed.takeError());
      } else {
        FeedSignature sig = getPlaceholderSignature(op);
        if (sig.shape && !ShapedType::isDynamicShape(*sig.shape))
          shape = sig.shape;
      }
      if (!shape)
        continue;
      auto type = RankedTensorType::get(*shape, dtype.getValue());
      if (type.getNumElements() > kMaxKnownElements)
        continue;
      auto value = makeArg(getNodeName(op), index - 1, type);
      if (!value)
        return value.takeError();
      auto attr =
          dyn_cast_or_null<ElementsAttr>(value->toAttr(op->getContext()));
      if (!attr || attr.getNumElements() > kMaxKnownElements)
        continue;
      frozen.push_back(getNodeName(op).str());
      replaceNodeByConst(op, attr);
    }
  }
  if (frozen.empty())
    return std::nullopt;
  return std::optional<OwningOpRef<ModuleOp>>(std::move(copy));
}

/// legalizeModelToStableHLO; when that fails on a graph with small feeds,
/// again with those feeds as constants (freezeSmallFeeds). The first
/// try's diagnostics are shown when both fail.
static llvm::Expected<OwningOpRef<ModuleOp>>
legalize(const LLVMRunRequest &request, const ModelLoweringOptions &lowering,
         LLVMArgMaker makeArg) {
  if (!hasGraph(request.module))
    return legalizeModelToStableHLO(request.module, lowering);
  MLIRContext *context = request.module->getContext();
  std::vector<Diagnostic> held;
  llvm::Expected<OwningOpRef<ModuleOp>> first = [&] {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      held.push_back(std::move(diag));
      return success();
    });
    return legalizeModelToStableHLO(request.module, lowering);
  }();
  auto replay = [&] {
    for (Diagnostic &diag : held)
      context->getDiagEngine().emit(std::move(diag));
  };
  if (first) {
    replay();
    return first;
  }
  std::vector<std::string> names;
  auto frozen = freezeSmallFeeds(request, makeArg, names);
  if (!frozen || !*frozen) {
    if (!frozen)
      llvm::consumeError(frozen.takeError());
    replay();
    return first;
  }
  // The frozen Placeholders are Const nodes: no shape to pin.
  ModelLoweringOptions constants = lowering;
  for (const std::string &name : names)
    constants.nodeShapes.erase(name);
  llvm::Expected<OwningOpRef<ModuleOp>> second = [&] {
    ScopedDiagnosticHandler handler(context,
                                    [](Diagnostic &) { return success(); });
    return legalizeModelToStableHLO(***frozen, constants);
  }();
  if (second) {
    llvm::consumeError(first.takeError());
    return second;
  }
  llvm::consumeError(second.takeError());
  replay();
  return first;
}

llvm::Expected<std::vector<HostTensor>>
mlir::tfg::runWithLLVM(const LLVMRunRequest &request, LLVMArgMaker makeArg,
                       LLVMRunner runner, std::vector<std::string> &names) {
  ModelLoweringOptions lowering;
  lowering.fetches = request.fetches;
  for (const auto &entry : request.nodeShapes) // tfg-run's "" is a scalar.
    lowering.nodeShapes[entry.getKey()] =
        entry.getValue().empty() ? "scalar" : entry.getValue();
  auto module = legalize(request, lowering, makeArg);
  if (!module)
    return module.takeError();
  bool fromGraph = hasGraph(request.module);
  std::string name = fromGraph ? "main" : request.functionName;
  auto func = (*module)->lookupSymbol<func::FuncOp>(name);
  if (!func)
    return fail("the module has no function '" + name + "'");
  // The compiled code, for the host CPU or a CUDA GPU.
  std::function<llvm::Expected<std::vector<HostTensor>>(ArrayRef<HostTensor>)>
      runCompiled;
  double loweringSeconds = 0, llvmSeconds = 0;
  std::unique_ptr<CompiledFunction> cpu;
  std::unique_ptr<GPUCompiledFunction> gpu;
  const char *cacheNote = "";
  if (request.cuda) {
    StableHLOToGPUPipelineOptions options;
    options.gpuArch = request.gpuArch;
    if (!request.emitPTX.empty()) {
      std::error_code ec;
      llvm::ToolOutputFile out(request.emitPTX, ec, llvm::sys::fs::OF_Text);
      if (ec)
        return fail("cannot write '" + request.emitPTX + "': " + ec.message());
      if (llvm::Error err = writePTX(**module, name, options, out.os()))
        return std::move(err);
      out.keep();
      names.clear();
      return std::vector<HostTensor>();
    }
    auto compiled = GPUCompiledFunction::compile(**module, name, options);
    if (!compiled)
      return compiled.takeError();
    gpu = std::move(*compiled);
    loweringSeconds = gpu->getLoweringSeconds();
    llvmSeconds = gpu->getLLVMSeconds();
    runCompiled = [&](ArrayRef<HostTensor> a) { return gpu->run(a); };
  } else {
    JitCacheOptions cache;
    cache.directory = request.cacheDirectory;
    // --loop-threads: the generated loops (docs/Codegen.md, "Threads").
    auto compiled = CompiledFunction::compile(
        **module, name, cache, request.vectorize, request.loopThreads);
    if (!compiled)
      return compiled.takeError();
    cpu = std::move(*compiled);
    loweringSeconds = cpu->getLoweringSeconds();
    llvmSeconds = cpu->getLLVMSeconds();
    if (!request.cacheDirectory.empty())
      cacheNote = cpu->isCacheHit() ? " cache hit" : " cache miss";
    runCompiled = [&](ArrayRef<HostTensor> a) { return cpu->run(a); };
  }
  if (request.printCompileTime)
    llvm::outs() << "compile_s: "
                 << llvm::format("%.3f", loweringSeconds + llvmSeconds)
                 << " (lowering " << llvm::format("%.3f", loweringSeconds)
                 << ", llvm " << llvm::format("%.3f", llvmSeconds) << ")"
                 << cacheNote << "\n";
  // --threads: the micro-kernels run on as many threads as the context's
  // pool has (1 without one).
  MLIRContext *context = func.getContext();
  tfg_rt_set_num_threads(context->isMultithreadingEnabled()
                             ? static_cast<int32_t>(context->getNumThreads())
                             : 1);
  if (request.printKernelStats)
    tfg_rt_reset_stats();
  std::vector<HostTensor> args;
  FunctionType type = func.getFunctionType();
  for (unsigned i = 0; i < type.getNumInputs(); ++i) {
    auto argName = func.getArgAttrOfType<StringAttr>(i, "tfg.name");
    auto ranked = dyn_cast<RankedTensorType>(type.getInput(i));
    if (!ranked)
      return fail("argument " + Twine(i) + " is not a ranked tensor");
    auto value = makeArg(argName ? argName.getValue()
                                 : StringRef("arg" + std::to_string(i)),
                         i, ranked);
    if (!value)
      return value.takeError();
    args.push_back(std::move(*value));
  }
  names.clear();
  for (unsigned i = 0; i < type.getNumResults(); ++i)
    names.push_back(i < request.fetches.size() ? request.fetches[i]
                                               : "result" + std::to_string(i));
  auto outputs = runner([&] { return runCompiled(args); });
  if (outputs && request.printKernelStats)
    printKernelStats();
  if (!outputs || !request.checkInterpreter)
    return outputs;
  stablehlo::InterpreterOptions interpreterOptions;
  interpreterOptions.env.maxElements = request.maxElements;
  FailureOr<SmallVector<HostTensor>> reference =
      stablehlo::interpretFunction(func, args, interpreterOptions);
  if (failed(reference))
    return fail("the StableHLO interpreter failed on the function");
  llvm::outs() << "check-interpreter: compiled vs. StableHLO interpreter\n";
  bool ok = true;
  for (auto [i, n] : llvm::enumerate(names))
    ok &= compareTensors(llvm::outs(), n, (*outputs)[i], (*reference)[i],
                         request.rtol, request.atol);
  if (!ok)
    return fail("the compiled outputs differ from the interpreter's beyond "
                "the tolerance");
  return outputs;
}
