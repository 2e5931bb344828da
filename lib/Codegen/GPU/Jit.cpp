//===- Jit.cpp - runs StableHLO functions on a CUDA GPU -------------------===//
//
// The host code of compileForGPU is JIT-compiled by MLIR's ExecutionEngine
// with the mgpu* functions of CudaRuntime.cpp as its runtime; the PTX,
// embedded by the gpu.binary's translation, is loaded by the engine's
// constructor (mgpuModuleLoadJIT) once the driver is known to load.
//
//===----------------------------------------------------------------------===//

#include "CudaRuntime.h"
#include "tfg/Codegen/Arguments.h"
#include "tfg/Codegen/GPU.h"
#include "tfg/Codegen/ResultBounds.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::tfg;

GPUCompiledFunction::~GPUCompiledFunction() = default;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

llvm::Error mlir::tfg::checkCudaDriver() { return cuda::loadDriver(); }

llvm::Expected<std::unique_ptr<GPUCompiledFunction>>
GPUCompiledFunction::compile(ModuleOp module, StringRef name,
                             const StableHLOToGPUPipelineOptions &options) {
  std::unique_ptr<GPUCompiledFunction> result(new GPUCompiledFunction());
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (func)
    for (Type t : func.getArgumentTypes())
      if (auto ranked = dyn_cast<RankedTensorType>(t))
        result->argTypes.push_back(ranked);
  auto start = std::chrono::steady_clock::now();
  auto program = compileForGPU(module, name, options);
  if (!program)
    return program.takeError();
  result->loweringSeconds = secondsSince(start);
  result->ptx = std::move(program->ptx);
  // The host code's results: bound-shaped buffers, then the actual sizes
  // of those of `?` size.
  result->resultTypes = program->resultTypes;
  result->dynamicResults = program->dynamicResults;
  Type i64 = IntegerType::get(module.getContext(), 64);
  for (unsigned i : program->dynamicResults)
    result->resultTypes.push_back(
        RankedTensorType::get({program->resultTypes[i].getRank()}, i64));

  start = std::chrono::steady_clock::now();
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  auto machine = builder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  auto transformer = makeOptimizingTransformer(2, 0, machine->get());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.enableGDBNotificationListener = false;
  engineOptions.enablePerfNotificationListener = false;
  StringRef runtime[] = {TFG_MLIR_C_RUNNER_UTILS};
  engineOptions.sharedLibPaths = runtime;
  auto engine = ExecutionEngine::create(*program->host, engineOptions,
                                        std::move(*machine));
  if (!engine)
    return engine.takeError();
  result->engine = std::move(*engine);
  result->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const cuda::RuntimeSymbol &s : cuda::getRuntimeSymbols())
      map[interner(s.name)] = {llvm::orc::ExecutorAddr::fromPtr(s.address),
                               llvm::JITSymbolFlags::Exported};
    return map;
  });
  result->llvmSeconds = secondsSince(start);
  // The host code is translated and compiled; running it needs the driver.
  if (llvm::Error err = cuda::loadDriver())
    return std::move(err);
  result->engine->initialize();
  if (llvm::Error err = cuda::takeError())
    return std::move(err);
  result->entry = ("_mlir_ciface_" + name).str();
  if (auto fn = result->engine->lookupPacked(result->entry); !fn)
    return fn.takeError();
  return result;
}

namespace {
/// A memref descriptor of static rank, row-major.
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

/// Managed buffers freed on every path.
struct ManagedBuffers {
  std::vector<void *> pointers;
  ~ManagedBuffers() {
    for (void *p : pointers)
      cuda::freeManaged(p);
  }
};
} // namespace

llvm::Expected<std::vector<HostTensor>>
GPUCompiledFunction::run(ArrayRef<HostTensor> args) {
  if (args.size() != argTypes.size())
    return fail("the compiled function takes " + Twine(argTypes.size()) +
                " arguments, not " + Twine(args.size()));
  ManagedBuffers buffers;
  std::vector<Descriptor> descriptors;
  for (auto [i, arg] : llvm::enumerate(args)) {
    auto checked = checkCompiledArgument(arg, argTypes[i], i);
    if (!checked)
      return checked.takeError();
    HostTensor copy = std::move(*checked);
    ArrayRef<char> bytes = copy.getRawData();
    auto device = cuda::allocManaged(bytes.size());
    if (!device)
      return device.takeError();
    buffers.pointers.push_back(*device);
    if (llvm::Error err = cuda::copy(*device, bytes.data(), bytes.size()))
      return std::move(err);
    descriptors.emplace_back(*device, argTypes[i].getShape());
  }
  std::vector<HostTensor> outputs;
  for (RankedTensorType type : resultTypes) {
    auto t = HostTensor::create(type.getElementType(), type.getShape());
    if (!t)
      return t.takeError();
    if (llvm::Error err = t->expandSplat())
      return std::move(err);
    auto device = cuda::allocManaged(t->getRawData().size());
    if (!device)
      return device.takeError();
    buffers.pointers.push_back(*device);
    descriptors.emplace_back(*device, type.getShape());
    outputs.push_back(std::move(*t));
  }
  std::vector<void *> pointers, packed;
  for (Descriptor &d : descriptors)
    pointers.push_back(d.words.data());
  for (void *&p : pointers)
    packed.push_back(&p);
  if (llvm::Error err = engine->invokePacked(entry, packed))
    return std::move(err);
  if (llvm::Error err = cuda::synchronize())
    return std::move(err);
  for (auto [i, out] : llvm::enumerate(outputs)) {
    MutableArrayRef<char> bytes = out.getMutableRawData();
    if (llvm::Error err = cuda::copy(
            bytes.data(), buffers.pointers[args.size() + i], bytes.size()))
      return std::move(err);
  }
  return takeActualSizes(std::move(outputs), dynamicResults);
}

llvm::Expected<std::vector<HostTensor>>
mlir::tfg::takeActualSizes(std::vector<HostTensor> outputs,
                           ArrayRef<unsigned> dynamicResults) {
  if (dynamicResults.size() > outputs.size())
    return fail("more results of `?` size than results");
  size_t numResults = outputs.size() - dynamicResults.size();
  // Cut copies: `outputs` is replaced only when every result's sizes held.
  std::vector<HostTensor> results;
  for (auto [k, i] : llvm::enumerate(dynamicResults)) {
    const HostTensor &sizes = outputs[numResults + k];
    if (i >= numResults || sizes.getRank() != 1)
      return fail("result " + Twine(i) + " has no sizes returned");
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < sizes.getNumElements(); ++d)
      dims.push_back(sizes.getInt(d));
    auto cut = cutToActualSizes(outputs[i], dims, i);
    if (!cut)
      return cut.takeError();
    results.push_back(std::move(*cut));
  }
  for (auto [k, i] : llvm::enumerate(dynamicResults))
    outputs[i] = std::move(results[k]);
  outputs.resize(numResults);
  return outputs;
}
