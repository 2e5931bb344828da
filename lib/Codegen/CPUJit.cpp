//===- CPUJit.cpp - compiles StableHLO functions for the host CPU ---------===//
//
// The function is compiled by compileToObject (ObjectCodegen.h: the CPU
// pipeline, LLVM at O2 for the host CPU, its vector extensions included,
// and the checked entry point tfg_jit_run), or its object taken from the
// compile cache, and loaded into an ORC LLJIT whose symbols resolve in the
// process (libc, libm), MLIR's C runner utilities (memrefCopy), MLIR's
// async runtime when the loops are compiled for threads, and the
// micro-kernels of tfg/Codegen/Runtime.h (matrix products, convolutions),
// defined in the JIT as this process's functions. A call passes one
// tfg_tensor per argument and result to the entry point.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/CPUJit.h"
#include "tfg/Codegen/Arguments.h"
#include "tfg/Codegen/CompileCache.h"
#include "tfg/Codegen/ResultBounds.h"
#include "tfg/Codegen/Runtime.h"

#include "AsyncRuntimeLoader.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tfg;

CompiledFunction::~CompiledFunction() {
  // A runtime thread may still be finishing a task's coroutine in this
  // code after the call it belongs to returned.
  if (threads > 1)
    drainAsyncRuntime();
}

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

/// The symbol prefix of the JIT's objects (tfg_jit_run).
static constexpr llvm::StringLiteral kJitPrefix = "tfg_jit";

/// An LLJIT holding `object`, its symbols resolved in the process, the C
/// runner utilities and, with `asyncRuntime`, MLIR's async runtime.
static llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>>
loadObject(StringRef object, bool asyncRuntime) {
  initializeNativeTarget();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  auto jit =
      llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*builder).create();
  if (!jit)
    return jit.takeError();
  llvm::orc::JITDylib &dylib = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return process.takeError();
  dylib.addGenerator(std::move(*process));
  // memrefCopy (copies between strided buffers) lives in MLIR's C runner
  // utilities.
  auto runtime = llvm::orc::DynamicLibrarySearchGenerator::Load(
      TFG_MLIR_C_RUNNER_UTILS, prefix);
  if (!runtime)
    return runtime.takeError();
  dylib.addGenerator(std::move(*runtime));
  // The async runtime's task and group functions (mlirAsyncRuntime*), which
  // the loops compiled for threads call.
  if (asyncRuntime) {
    auto async = llvm::orc::DynamicLibrarySearchGenerator::Load(
        getAsyncRuntimePath(), prefix);
    if (!async)
      return async.takeError();
    dylib.addGenerator(std::move(*async));
  }
  // The micro-kernels tfg-linalg-to-ukernels calls, linked into this
  // process (not exported from it: defined by address).
  llvm::orc::MangleAndInterner mangle((*jit)->getExecutionSession(),
                                      (*jit)->getDataLayout());
  llvm::orc::SymbolMap kernels;
  auto add = [&](StringRef symbol, auto *fn) {
    kernels[mangle(symbol)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
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
  add("_mlir_ciface_tfg_rt_conv2d_packed_f32",
      &_mlir_ciface_tfg_rt_conv2d_packed_f32);
  add("_mlir_ciface_tfg_rt_depthwise_f32", &_mlir_ciface_tfg_rt_depthwise_f32);
  add("_mlir_ciface_tfg_rt_matmul_epilogue_f32",
      &_mlir_ciface_tfg_rt_matmul_epilogue_f32);
  add("_mlir_memref_to_llvm_alloc", &_mlir_memref_to_llvm_alloc);
  add("_mlir_memref_to_llvm_aligned_alloc",
      &_mlir_memref_to_llvm_aligned_alloc);
  add("_mlir_memref_to_llvm_free", &_mlir_memref_to_llvm_free);
  if (llvm::Error err =
          dylib.define(llvm::orc::absoluteSymbols(std::move(kernels))))
    return std::move(err);
  if (llvm::Error err = (*jit)->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(object, "tfg-jit-object")))
    return std::move(err);
  return std::move(*jit);
}

llvm::Expected<std::unique_ptr<CompiledFunction>>
CompiledFunction::compile(ModuleOp module, StringRef name,
                          const JitCacheOptions &cacheOptions, bool vectorize,
                          unsigned threads) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func || func.isDeclaration())
    return fail("the module has no function '" + name + "' with a body");
  std::unique_ptr<CompiledFunction> result(new CompiledFunction());
  // A `?` size inside the function is fine; an argument needs a static
  // shape (the caller's buffer and the entry point's checks).
  auto notStatic = [&](StringRef what, unsigned i, Type t) {
    std::string type;
    llvm::raw_string_ostream os(type);
    os << t;
    return fail("function '" + name + "': " + what + " " + Twine(i) + " is " +
                type + ", not a static ranked tensor (set the input shapes)");
  };
  for (auto [i, t] : llvm::enumerate(func.getArgumentTypes())) {
    auto ranked = dyn_cast<RankedTensorType>(t);
    if (!ranked || !ranked.hasStaticShape())
      return notStatic("argument", i, t);
    result->argTypes.push_back(ranked);
  }
  // A result of `?` size is returned in a buffer of its bound's shape
  // with its actual sizes (getABISignature computes the bound).
  auto signature = getABISignature(module, name);
  if (failed(signature))
    return fail("function '" + name +
                "' cannot be compiled (see the errors "
                "above)");
  result->inputSigs = std::move(signature->first);
  result->outputSigs = std::move(signature->second);
  for (auto [t, sig] : llvm::zip(func.getResultTypes(), result->outputSigs))
    result->resultTypes.push_back(RankedTensorType::get(
        sig.shape, cast<RankedTensorType>(t).getElementType()));

  ObjectOptions options;
  options.vectorize = vectorize;
  // Without the async runtime, the loops stay on the calling thread.
  options.threads = threads > 1 && loadAsyncRuntime() ? threads : 1;
  result->threads = options.threads;
  options.prefix = kJitPrefix.str();
  std::optional<CompileCache> cache;
  std::string key, object;
  if (!cacheOptions.directory.empty()) {
    cache.emplace(cacheOptions.directory);
    key = CompileCache::computeKey(module, name, options);
    std::string problem;
    if (std::optional<std::string> hit = cache->lookup(key, problem)) {
      object = std::move(*hit);
      result->cacheHit = true;
    } else if (!problem.empty()) {
      emitWarning(func.getLoc())
          << "the compile cache entry '" << cache->getEntryPath(key) << "' is "
          << problem << ": compiling again";
    }
  }
  if (!result->cacheHit) {
    auto compiled = compileToObject(module, name, options);
    if (!compiled)
      return compiled.takeError();
    object = std::move(compiled->object);
    result->loweringSeconds = compiled->loweringSeconds;
    result->llvmSeconds = compiled->llvmSeconds;
    if (cache)
      if (llvm::Error err = cache->store(key, object))
        emitWarning(func.getLoc()) << "the compiled object is not cached: "
                                   << llvm::toString(std::move(err));
  }
  auto jit = loadObject(object, options.threads > 1);
  if (!jit)
    return jit.takeError();
  result->jit = std::move(*jit);
  // Resolve now, so that compile() and not the first run() pays.
  auto address = result->jit->lookup((kJitPrefix + "_run").str());
  if (!address)
    return address.takeError();
  result->entry = address->toPtr<EntryFn>();
  return result;
}

llvm::Expected<std::vector<HostTensor>>
CompiledFunction::run(ArrayRef<HostTensor> args) {
  if (args.size() != argTypes.size())
    return fail("the compiled function takes " + Twine(argTypes.size()) +
                " arguments, not " + Twine(args.size()));
  std::vector<HostTensor> inputs;
  for (auto [i, arg] : llvm::enumerate(args)) {
    auto checked = checkCompiledArgument(arg, argTypes[i], i);
    if (!checked)
      return checked.takeError();
    HostTensor copy = std::move(*checked);
    inputs.push_back(std::move(copy));
  }
  std::vector<HostTensor> outputs;
  // The actual sizes of the outputs of `?` size.
  std::vector<SmallVector<int64_t>> dims(resultTypes.size());
  for (auto [i, sig] : llvm::enumerate(outputSigs))
    dims[i].assign(sig.shape.size(), 0);
  for (RankedTensorType type : resultTypes) {
    auto t = HostTensor::create(type.getElementType(), type.getShape());
    if (!t)
      return t.takeError();
    if (llvm::Error err = t->expandSplat())
      return std::move(err);
    outputs.push_back(std::move(*t));
  }
  auto describe = [](HostTensor &t, const TensorSignature &sig) {
    AOTTensor a;
    a.data = t.getMutableRawData().data();
    a.shape = sig.shape.data();
    a.rank = static_cast<int64_t>(sig.shape.size());
    a.dtype = static_cast<int64_t>(sig.dtype);
    a.sizeBytes = static_cast<int64_t>(t.getMutableRawData().size());
    a.dims = nullptr;
    return a;
  };
  std::vector<AOTTensor> in, out;
  for (auto [t, sig] : llvm::zip(inputs, inputSigs))
    in.push_back(describe(t, sig));
  for (auto [i, t] : llvm::enumerate(outputs)) {
    out.push_back(describe(t, outputSigs[i]));
    out.back().dims = dims[i].data();
  }
  char message[512] = {0};
  int32_t status =
      entry(in.data(), static_cast<int64_t>(in.size()), out.data(),
            static_cast<int64_t>(out.size()), message, sizeof(message));
  if (status != kAOTOk)
    return fail("the compiled entry point refused the call (code " +
                Twine(status) + "): " + message);
  // Outputs of `?` size: their first elements, of the sizes returned
  // (the entry point checked them against the bound; checked again here).
  for (auto [i, sig] : llvm::enumerate(outputSigs)) {
    if (!sig.dynamicDims)
      continue;
    auto actual = cutToActualSizes(outputs[i], dims[i], i);
    if (!actual)
      return actual.takeError();
    outputs[i] = std::move(*actual);
  }
  return outputs;
}
