//===- LLVMBackend.cpp - tfg-run --backend=llvm ---------------------------===//

#include "LLVMBackend.h"
#include "RunSupport.h"

#include "tfg/Codegen/CPUJit.h"
#include "tfg/Codegen/GPU.h"
#include "tfg/Codegen/Runtime.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"
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

llvm::Expected<std::vector<HostTensor>>
mlir::tfg::runWithLLVM(const LLVMRunRequest &request, LLVMArgMaker makeArg,
                       LLVMRunner runner, std::vector<std::string> &names) {
  ModelLoweringOptions lowering;
  lowering.fetches = request.fetches;
  for (const auto &entry : request.nodeShapes)
    lowering.nodeShapes[entry.getKey()] = entry.getValue();
  auto module = legalizeModelToStableHLO(request.module, lowering);
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
