//===- ObjectCodegen.cpp - StableHLO functions to host objects ------------===//
//
// The function is cloned into a module of its own (with its callees; its
// arguments marked read-only for bufferization, so that the compiled code
// never writes an input), lowered by tfg-stablehlo-to-llvm-pipeline and
// translated to LLVM IR; the checked entry points are added (EntryPoints.h),
// the weights optionally moved out, everything else made internal, the
// module optimized (O2 by default, for the target CPU's vector extensions,
// without loop unrolling) and emitted as an object by the target machine.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/ObjectCodegen.h"
#include "EntryPoints.h"
#include "tfg/Codegen/ResultBounds.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <chrono>
#include <mutex>

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::optional<AOTDType> mlir::tfg::getAOTDType(Type type) {
  if (type.isF32())
    return AOTDType::F32;
  if (type.isF64())
    return AOTDType::F64;
  if (type.isF16())
    return AOTDType::F16;
  if (type.isBF16())
    return AOTDType::BF16;
  if (type.isSignlessInteger(1))
    return AOTDType::Bool;
  if (type.isSignlessInteger(8))
    return AOTDType::I8;
  if (type.isSignlessInteger(16))
    return AOTDType::I16;
  if (type.isSignlessInteger(32))
    return AOTDType::I32;
  if (type.isSignlessInteger(64))
    return AOTDType::I64;
  if (type.isUnsignedInteger(8))
    return AOTDType::U8;
  return std::nullopt;
}

StringRef mlir::tfg::getAOTDTypeName(AOTDType dtype) {
  switch (dtype) {
  case AOTDType::F32:
    return "float32";
  case AOTDType::F64:
    return "float64";
  case AOTDType::F16:
    return "float16";
  case AOTDType::BF16:
    return "bfloat16";
  case AOTDType::Bool:
    return "bool";
  case AOTDType::I8:
    return "int8";
  case AOTDType::I16:
    return "int16";
  case AOTDType::I32:
    return "int32";
  case AOTDType::I64:
    return "int64";
  case AOTDType::U8:
    return "uint8";
  }
  return "unknown";
}

int64_t mlir::tfg::getAOTDTypeBytes(AOTDType dtype) {
  switch (dtype) {
  case AOTDType::F64:
  case AOTDType::I64:
    return 8;
  case AOTDType::F32:
  case AOTDType::I32:
    return 4;
  case AOTDType::F16:
  case AOTDType::BF16:
  case AOTDType::I16:
    return 2;
  case AOTDType::Bool:
  case AOTDType::I8:
  case AOTDType::U8:
    return 1;
  }
  return 1;
}

int64_t TensorSignature::getBytes() const {
  int64_t n = getAOTDTypeBytes(dtype);
  for (int64_t d : shape)
    n *= d;
  return n;
}

bool mlir::tfg::isCIdentifier(StringRef prefix) {
  if (prefix.empty() || llvm::isDigit(prefix.front()))
    return false;
  return llvm::all_of(prefix,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// The signature of one argument or result, or an error at `func`.
static FailureOr<TensorSignature> getTensorSignature(func::FuncOp func,
                                                     Type type, StringRef what,
                                                     unsigned index,
                                                     std::string name) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  std::optional<AOTDType> dtype =
      ranked ? getAOTDType(ranked.getElementType()) : std::nullopt;
  if (!ranked || !ranked.hasStaticShape() || !dtype)
    return func.emitError() << what << " " << index << " is a " << type
                            << ": a compiled function takes and returns "
                               "static tensors of floats (f16, bf16, f32, "
                               "f64), signless integers, booleans or uint8";
  // Elements * bytes fits in int64 (the lowering refuses tensors over
  // 1 GiB; this guards the sum below).
  int64_t elements = 1;
  for (int64_t d : ranked.getShape())
    if (d > 0 && elements > (int64_t(1) << 40) / d)
      return func.emitError() << what << " " << index << " is too large";
    else
      elements *= d;
  TensorSignature sig;
  sig.name = std::move(name);
  sig.shape.assign(ranked.getShape().begin(), ranked.getShape().end());
  sig.dtype = *dtype;
  return sig;
}

FailureOr<std::pair<std::vector<TensorSignature>, std::vector<TensorSignature>>>
mlir::tfg::getABISignature(ModuleOp module, StringRef name,
                           ArrayRef<std::string> resultNames) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func || func.isDeclaration())
    return module.emitError()
           << "the module has no function '" << name << "' with a body";
  std::vector<TensorSignature> inputs, outputs;
  FunctionType type = func.getFunctionType();
  for (unsigned i = 0; i < type.getNumInputs(); ++i) {
    auto attr = func.getArgAttrOfType<StringAttr>(i, "tfg.name");
    auto sig =
        getTensorSignature(func, type.getInput(i), "argument", i,
                           attr ? attr.str() : "arg" + std::to_string(i));
    if (failed(sig))
      return failure();
    inputs.push_back(std::move(*sig));
  }
  // A result of `?` size crosses as a buffer of its bound's shape.
  auto bounds = computeResultBounds(func);
  if (failed(bounds))
    return failure();
  for (unsigned i = 0; i < type.getNumResults(); ++i) {
    auto attr = func.getResultAttrOfType<StringAttr>(i, "tfg.name");
    std::string resultName = i < resultNames.size() ? resultNames[i]
                             : attr                 ? attr.str()
                                    : "result" + std::to_string(i);
    Type resultType = type.getResult(i);
    auto ranked = dyn_cast<RankedTensorType>(resultType);
    bool dynamicDims = ranked && !ranked.hasStaticShape();
    if (dynamicDims)
      resultType = RankedTensorType::get((*bounds)[i], ranked.getElementType());
    auto sig = getTensorSignature(func, resultType, "result", i, resultName);
    if (failed(sig))
      return failure();
    sig->dynamicDims = dynamicDims;
    outputs.push_back(std::move(*sig));
  }
  return std::make_pair(std::move(inputs), std::move(outputs));
}

static void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
  });
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
mlir::tfg::createCPUTargetMachine(const CPUTargetOptions &options) {
  initializeTargets();
  bool host = options.triple.empty();
  llvm::Triple triple(llvm::Triple::normalize(
      host ? llvm::sys::getProcessTriple() : options.triple));
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return fail("--mtriple=" + options.triple + ": " + error);
  std::string cpu = options.cpu;
  if (cpu.empty() || cpu == "native")
    cpu = host ? llvm::sys::getHostCPUName().str() : "generic";
  std::string features = options.features;
  if (host && options.cpu.empty() && features.empty()) {
    llvm::SubtargetFeatures list;
    for (const auto &feature : llvm::sys::getHostCPUFeatures())
      list.AddFeature(feature.first(), feature.second);
    features = list.getString();
  }
  if (!target->hasTargetMachine())
    return fail("the target '" + triple.str() + "' generates no code");
  llvm::TargetOptions targetOptions;
  auto level = static_cast<llvm::CodeGenOptLevel>(
      std::min<unsigned>(options.optLevel, 3));
  std::unique_ptr<llvm::TargetMachine> machine(
      target->createTargetMachine(triple, cpu, features, targetOptions,
                                  llvm::Reloc::PIC_, std::nullopt, level));
  if (!machine)
    return fail("cannot create a target machine for '" + triple.str() +
                "', CPU '" + cpu + "'");
  llvm::DataLayout layout = machine->createDataLayout();
  if (layout.getPointerSize() != 8 || !layout.isLittleEndian())
    return fail("the target '" + triple.str() +
                "' is not a 64-bit little-endian one (the only kind the "
                "lowering and the weights' layout support)");
  return machine;
}

/// Runs LLVM's default pipeline of `optLevel` (0-3) on `module` for
/// `machine`, with the loop and SLP vectorizers but without loop unrolling
/// (full, partial or runtime): the lowered loops are already tiled and
/// vectorized where it pays (tfg-vectorize-linalg) and the products run in
/// the runtime's kernels, while unrolling every other loop multiplied the
/// code LLVM then compiles (docs/Codegen.md, "Compile time").
/// StandardInstrumentations make LLVM's --time-passes and --print-*
/// options apply to it.
static void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                           unsigned optLevel) {
  llvm::OptimizationLevel level = optLevel == 0   ? llvm::OptimizationLevel::O0
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                                  : llvm::OptimizationLevel::O3;
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  llvm::PassInstrumentationCallbacks callbacks;
  llvm::StandardInstrumentations instrumentations(module.getContext(),
                                                  /*DebugLogging=*/false);
  instrumentations.registerCallbacks(callbacks, &modules);
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(&machine, tuning, std::nullopt, &callbacks);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  llvm::ModulePassManager pipeline =
      level == llvm::OptimizationLevel::O0
          ? builder.buildO0DefaultPipeline(level)
          : builder.buildPerModuleDefaultPipeline(level);
  pipeline.run(module, modules);
}

static double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

/// A copy of `module` with function `name` public and read-only in its
/// arguments, lowered to the LLVM dialect.
static llvm::Expected<OwningOpRef<ModuleOp>>
lowerToLLVMDialect(ModuleOp module, StringRef name,
                   const ObjectOptions &options) {
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
  context->loadDialect<bufferization::BufferizationDialect>();

  OwningOpRef<ModuleOp> copy = cast<ModuleOp>(module->clone());
  for (auto f : copy->getOps<func::FuncOp>()) {
    bool entry = f.getName() == name;
    f.setVisibility(entry ? SymbolTable::Visibility::Public
                          : SymbolTable::Visibility::Private);
    // Argument and result attributes (tfg.name) mean nothing to LLVM.
    f.removeArgAttrsAttr();
    f.removeResAttrsAttr();
    if (entry)
      for (unsigned i = 0, e = f.getNumArguments(); i < e; ++i)
        f.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                     BoolAttr::get(context, false));
    // Results of `?` size: bound-shaped, their sizes appended.
    if (entry && llvm::any_of(f.getResultTypes(), [](Type t) {
          auto ranked = dyn_cast<RankedTensorType>(t);
          return ranked && !ranked.hasStaticShape();
        })) {
      auto bounds = computeResultBounds(f);
      if (failed(bounds))
        return fail("function '" + name + "' has a result without a bound");
      boundDynamicResults(f, *bounds);
    }
  }
  PassManager pm(context);
  // --mlir-timing and --mlir-print-ir-* where the tool registered them
  // (tfg-run, tfg-compile); nothing otherwise.
  (void)applyPassManagerCLOptions(pm);
  applyDefaultTimingPassManagerCLOptions(pm);
  StableHLOToLLVMPipelineOptions pipeline;
  pipeline.vectorize = options.vectorize;
  pipeline.threads = options.threads;
  buildStableHLOToLLVMPipeline(pm, pipeline);
  if (failed(pm.run(*copy)))
    return fail("lowering function '" + name + "' to the LLVM dialect failed");
  return std::move(copy);
}

llvm::Expected<ObjectResult>
mlir::tfg::compileToObject(ModuleOp module, StringRef name,
                           const ObjectOptions &options) {
  if (!isCIdentifier(options.prefix))
    return fail("the symbol prefix '" + options.prefix +
                "' is not a C identifier");
  ObjectResult result;
  auto signature = getABISignature(module, name, options.resultNames);
  if (failed(signature))
    return fail("function '" + name +
                "' cannot be compiled (see the errors "
                "above)");
  result.inputs = std::move(signature->first);
  result.outputs = std::move(signature->second);
  auto machine = createCPUTargetMachine(options.target);
  if (!machine)
    return machine.takeError();
  result.triple = (*machine)->getTargetTriple().str();
  result.cpu = (*machine)->getTargetCPU().str();
  result.features = (*machine)->getTargetFeatureString().str();

  auto start = std::chrono::steady_clock::now();
  auto lowered = lowerToLLVMDialect(module, name, options);
  if (!lowered)
    return lowered.takeError();
  result.loweringSeconds = secondsSince(start);

  start = std::chrono::steady_clock::now();
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(**lowered, llvmContext, "tfg-aot");
  if (!llvmModule)
    return fail("translating function '" + name + "' to LLVM IR failed");
  llvmModule->setDataLayout((*machine)->createDataLayout());
  llvmModule->setTargetTriple((*machine)->getTargetTriple());
  llvm::GlobalVariable *storage = nullptr;
  std::string payload;
  if (options.weightsInSideFile)
    payload = moveWeightsToStorage(*llvmModule, options.prefix,
                                   options.sideFileMinBytes, storage);
  if (llvm::Error err = addEntryPoints(
          *llvmModule, options.prefix, ("_mlir_ciface_" + name).str(),
          result.inputs, result.outputs, options.weightsInSideFile, storage,
          payload))
    return std::move(err);
  optimizeModule(*llvmModule, **machine, options.target.optLevel);
  llvm::SmallVector<char, 0> object;
  {
    llvm::raw_svector_ostream os(object);
    llvm::legacy::PassManager codegen;
    if ((*machine)->addPassesToEmitFile(codegen, os, nullptr,
                                        llvm::CodeGenFileType::ObjectFile))
      return fail("the target '" + result.triple + "' cannot emit objects");
    codegen.run(*llvmModule);
  }
  result.object.assign(object.begin(), object.end());
  result.llvmSeconds = secondsSince(start);
  if (options.weightsInSideFile) {
    auto putWord = [&](uint64_t w) {
      for (unsigned i = 0; i < 8; ++i)
        result.weights.push_back(static_cast<char>((w >> (8 * i)) & 0xff));
    };
    putWord(kWeightsMagic);
    putWord(kWeightsVersion);
    putWord(payload.size());
    putWord(fnv1a64(payload));
    result.weights += payload;
    result.weightsPayloadBytes = payload.size();
  }
  return result;
}
