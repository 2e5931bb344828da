//===- CPUJit.cpp - compiles StableHLO functions for the host CPU ---------===//
//
// The function is cloned into a module of its own (with its callees), lowered
// by tfg-stablehlo-to-llvm-pipeline, translated to LLVM IR, optimized at O2
// for the host CPU (its vector extensions included) and JIT-compiled by the
// ExecutionEngine. A call passes one memref descriptor per argument and per
// result (the pipeline turns results into out parameters) to the function's
// C interface. Matrix products and convolutions call the micro-kernels of
// tfg/Codegen/Runtime.h, whose symbols are registered with the engine.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/CPUJit.h"
#include "tfg/Codegen/Runtime.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>
#include <cstdlib>
#include <mutex>

using namespace mlir;
using namespace mlir::tfg;

CompiledFunction::~CompiledFunction() = default;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

llvm::Expected<std::unique_ptr<CompiledFunction>>
CompiledFunction::compile(ModuleOp module, StringRef name) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func || func.isDeclaration())
    return fail("the module has no function '" + name + "' with a body");
  std::unique_ptr<CompiledFunction> result(new CompiledFunction());
  for (Type t : func.getArgumentTypes()) {
    auto ranked = dyn_cast<RankedTensorType>(t);
    if (!ranked || !ranked.hasStaticShape())
      return fail("function '" + name +
                  "': an argument is not a static "
                  "ranked tensor");
    result->argTypes.push_back(ranked);
  }
  for (Type t : func.getResultTypes()) {
    auto ranked = dyn_cast<RankedTensorType>(t);
    if (!ranked || !ranked.hasStaticShape())
      return fail("function '" + name +
                  "': a result is not a static "
                  "ranked tensor");
    result->resultTypes.push_back(ranked);
  }
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerStableHLOToLinalgDialects(registry);
  // The bufferization, deallocation and LLVM conversion interfaces of the
  // dialects the pipeline goes through (registerAllDialects holds the
  // bufferization models, registerAllExtensions the LLVM conversions).
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  context->appendDialectRegistry(registry);

  // A module of the entry (public) and everything else (private).
  auto start = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  for (auto f : copy->getOps<func::FuncOp>()) {
    f.setVisibility(f.getName() == name ? SymbolTable::Visibility::Public
                                        : SymbolTable::Visibility::Private);
    // Argument and result attributes (tfg.name) mean nothing to LLVM.
    f.removeArgAttrsAttr();
    f.removeResAttrsAttr();
  }
  PassManager pm(context);
  buildStableHLOToLLVMPipeline(pm, StableHLOToLLVMPipelineOptions());
  if (failed(pm.run(*copy)))
    return fail("lowering function '" + name + "' to the LLVM dialect failed");
  result->loweringSeconds = secondsSince(start);

  start = std::chrono::steady_clock::now();
  initializeNativeTarget();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Default);
  auto machine = builder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  // O2: LLVM's vectorizers run; O3 doubles the optimization time of the
  // models (docs/Codegen.md, "Compile time").
  auto transformer = makeOptimizingTransformer(2, 0, machine->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Default;
  options.enableGDBNotificationListener = false;
  // TFG_JIT_PERF=1: the compiled functions are announced to `perf`
  // (a jit-PID.dump for `perf inject --jit`; docs/Codegen.md, "Profiling").
  options.enablePerfNotificationListener =
      std::getenv("TFG_JIT_PERF") != nullptr;
  // memrefCopy (copies between strided buffers) lives in MLIR's C runner
  // utilities.
  StringRef runtime[] = {TFG_MLIR_C_RUNNER_UTILS};
  options.sharedLibPaths = runtime;
  auto engine = ExecutionEngine::create(*copy, options, std::move(*machine));
  if (!engine)
    return engine.takeError();
  result->engine = std::move(*engine);
  // The micro-kernels of tfg-linalg-to-ukernels (tfg/Codegen/Runtime.h),
  // linked into this process.
  result->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto add = [&](StringRef name, auto *fn) {
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                                 llvm::JITSymbolFlags::Exported};
    };
    add("_mlir_ciface_tfg_rt_matmul_f32", &_mlir_ciface_tfg_rt_matmul_f32);
    add("_mlir_ciface_tfg_rt_batch_matmul_f32",
        &_mlir_ciface_tfg_rt_batch_matmul_f32);
    add("_mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32",
        &_mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32);
    add("_mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32",
        &_mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32);
    add("_mlir_ciface_tfg_rt_depthwise_conv2d_nhwc_hwcm_f32",
        &_mlir_ciface_tfg_rt_depthwise_conv2d_nhwc_hwcm_f32);
    return symbols;
  });
  result->entry = ("_mlir_ciface_" + name).str();
  // Resolve now, so that compile() and not the first run() pays.
  if (auto fn = result->engine->lookupPacked(result->entry); !fn)
    return fn.takeError();
  result->llvmSeconds = secondsSince(start);
  return result;
}

namespace {
/// A memref descriptor of static rank: allocated and aligned pointers,
/// offset, sizes, strides (row-major).
struct Descriptor {
  std::vector<int64_t> words;
  Descriptor(void *data, ArrayRef<int64_t> shape) {
    words.resize(3 + 2 * shape.size());
    auto ptr = reinterpret_cast<int64_t>(data);
    words[0] = ptr;
    words[1] = ptr;
    words[2] = 0;
    int64_t stride = 1;
    for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
      words[3 + i] = shape[i];
      words[3 + shape.size() + i] = stride;
      stride *= shape[i];
    }
  }
};
} // namespace

static_assert(sizeof(void *) == sizeof(int64_t),
              "memref descriptors are built for 64-bit pointers");

llvm::Expected<std::vector<HostTensor>>
CompiledFunction::run(ArrayRef<HostTensor> args) {
  if (args.size() != argTypes.size())
    return fail("the compiled function takes " + Twine(argTypes.size()) +
                " arguments, not " + Twine(args.size()));
  std::vector<HostTensor> inputs;
  for (auto [i, arg] : llvm::enumerate(args)) {
    RankedTensorType type = argTypes[i];
    if (arg.getElementType() != type.getElementType() ||
        arg.getShape() != type.getShape()) {
      std::string expected, got;
      llvm::raw_string_ostream(expected) << type;
      llvm::raw_string_ostream(got) << arg.getType();
      return fail("argument " + Twine(i) + " is a " + got +
                  " but the function was compiled for " + expected);
    }
    HostTensor copy = arg;
    if (llvm::Error err = copy.expandSplat())
      return std::move(err);
    inputs.push_back(std::move(copy));
  }
  std::vector<HostTensor> outputs;
  for (RankedTensorType type : resultTypes) {
    auto t = HostTensor::create(type.getElementType(), type.getShape());
    if (!t)
      return t.takeError();
    if (llvm::Error err = t->expandSplat())
      return std::move(err);
    outputs.push_back(std::move(*t));
  }
  std::vector<Descriptor> descriptors;
  descriptors.reserve(inputs.size() + outputs.size());
  for (HostTensor &t : inputs)
    descriptors.emplace_back(t.getMutableRawData().data(), t.getShape());
  for (HostTensor &t : outputs)
    descriptors.emplace_back(t.getMutableRawData().data(), t.getShape());
  std::vector<void *> pointers, packed;
  for (Descriptor &d : descriptors)
    pointers.push_back(d.words.data());
  for (void *&p : pointers)
    packed.push_back(&p);
  if (llvm::Error err = engine->invokePacked(entry, packed))
    return std::move(err);
  return outputs;
}
