//===- LLVMBackend.cpp - tfg-run --backend=llvm ---------------------------===//

#include "LLVMBackend.h"
#include "RunSupport.h"

#include "tfg/Codegen/CPUJit.h"
#include "tfg/Codegen/Runtime.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// A copy of the module with the graph legalized to `func.func @main`.
static llvm::Expected<OwningOpRef<ModuleOp>>
legalize(const LLVMRunRequest &request) {
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(request.module->clone());
  if (copy->getOps<GraphOp>().empty())
    return std::move(copy);
  PassManager pm(copy->getContext());
  if (!request.nodeShapes.empty()) {
    SetInputShapesPassOptions shapes;
    for (const auto &entry : request.nodeShapes)
      shapes.shapes.push_back((entry.getKey() + "=" + entry.getValue()).str());
    pm.addPass(createSetInputShapesPass(shapes));
  }
  pm.addPass(createShapeInferencePass());
  TFGToStableHLOPassOptions options;
  options.fetch.assign(request.fetches.begin(), request.fetches.end());
  pm.addPass(createTFGToStableHLOPass(options));
  if (failed(pm.run(*copy)))
    return fail("legalizing the graph to StableHLO failed");
  return std::move(copy);
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
  auto module = legalize(request);
  if (!module)
    return module.takeError();
  ModuleOp original = request.module;
  bool fromGraph = !original.getOps<GraphOp>().empty();
  std::string name = fromGraph ? "main" : request.functionName;
  auto func = (*module)->lookupSymbol<func::FuncOp>(name);
  if (!func)
    return fail("the module has no function '" + name + "'");
  auto compiled = CompiledFunction::compile(**module, name);
  if (!compiled)
    return compiled.takeError();
  if (request.printCompileTime)
    llvm::outs() << "compile_s: "
                 << llvm::format("%.3f", (*compiled)->getLoweringSeconds() +
                                             (*compiled)->getLLVMSeconds())
                 << " (lowering "
                 << llvm::format("%.3f", (*compiled)->getLoweringSeconds())
                 << ", llvm "
                 << llvm::format("%.3f", (*compiled)->getLLVMSeconds())
                 << ")\n";
  // --threads: the micro-kernels run on as many threads as the context's
  // pool has (1 without one).
  MLIRContext *context = original.getContext();
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
  auto outputs = runner([&] { return (*compiled)->run(args); });
  if (outputs && request.printKernelStats)
    printKernelStats();
  if (!outputs || !request.checkInterpreter)
    return outputs;
  FailureOr<SmallVector<HostTensor>> reference =
      stablehlo::interpretFunction(func, args);
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
