//===- Compile.cpp - StableHLO functions to PTX and host code -------------===//

#include "tfg/Codegen/GPU.h"
#include "tfg/Codegen/ResultBounds.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::optional<std::string>
mlir::tfg::checkGPUOptions(const StableHLOToGPUPipelineOptions &options) {
  int64_t block = options.blockSize;
  if (block < 1 || block > 1024)
    return "block size " + std::to_string(block) +
           ": expected 1 to 1024 threads";
  unsigned opt = options.optLevel;
  if (opt > 3)
    return "opt-level " + std::to_string(opt) + ": expected 0 to 3";
  std::string arch = options.gpuArch;
  StringRef digits = arch;
  if (!digits.consume_front("sm_") || digits.size() < 2 ||
      !llvm::all_of(digits.drop_back(digits.ends_with("a") ? 1 : 0),
                    [](char c) { return llvm::isDigit(c); }))
    return "--gpu-arch=" + arch + ": expected sm_XY (e.g. sm_80)";
  return std::nullopt;
}

llvm::Expected<std::string> mlir::tfg::extractPTX(ModuleOp lowered) {
  std::string ptx;
  unsigned count = 0;
  for (auto binary : lowered.getOps<gpu::BinaryOp>()) {
    for (Attribute a : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(a);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
        return fail("gpu.binary @" + binary.getSymName() +
                    " holds an object that is not PTX");
      StringRef text = object.getObject().getValue();
      // The serialized PTX ends with a NUL for the driver.
      ptx += text.rtrim(StringRef("\0", 1)).str();
      ++count;
    }
  }
  if (count == 0)
    return fail("the lowered module holds no PTX");
  return ptx;
}

llvm::Expected<GPUProgram>
mlir::tfg::compileForGPU(ModuleOp module, StringRef name,
                         const StableHLOToGPUPipelineOptions &options) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func || func.isDeclaration())
    return fail("the module has no function '" + name + "' with a body");
  for (Type t : func.getArgumentTypes()) {
    auto ranked = dyn_cast<RankedTensorType>(t);
    if (!ranked || !ranked.hasStaticShape())
      return fail("function '" + name +
                  "': an argument is not a static ranked tensor");
  }
  for (Type t : func.getResultTypes())
    if (!isa<RankedTensorType>(t))
      return fail("function '" + name + "': a result is not a ranked tensor");
  if (std::optional<std::string> why = checkGPUOptions(options))
    return fail(*why);
  MLIRContext *context = module.getContext();
  DialectRegistry registry;
  registerStableHLOToGPUDialects(registry);
  context->appendDialectRegistry(registry);

  GPUProgram program;
  program.host = cast<ModuleOp>(module->clone());
  for (auto f : program.host->getOps<func::FuncOp>()) {
    f.setVisibility(f.getName() == name ? SymbolTable::Visibility::Public
                                        : SymbolTable::Visibility::Private);
    f.removeArgAttrsAttr();
    f.removeResAttrsAttr();
  }
  // Results of `?` size: returned in buffers of their bounds with their
  // actual sizes appended, as at the CPU entry points.
  auto entry = program.host->lookupSymbol<func::FuncOp>(name);
  auto bounds = computeResultBounds(entry);
  if (failed(bounds))
    return fail("function '" + name + "' has a result without a bound");
  for (auto [i, t] : llvm::enumerate(entry.getResultTypes())) {
    auto ranked = cast<RankedTensorType>(t);
    program.resultTypes.push_back(
        RankedTensorType::get((*bounds)[i], ranked.getElementType()));
    if (!ranked.hasStaticShape())
      program.dynamicResults.push_back(i);
  }
  if (!program.dynamicResults.empty())
    boundDynamicResults(entry, *bounds);
  PassManager pm(context);
  // Only the entry and what it calls are compiled.
  pm.addPass(createSymbolDCEPass());
  buildStableHLOToGPUPipeline(pm, options);
  if (failed(pm.run(*program.host)))
    return fail("lowering function '" + name + "' for the GPU failed");
  auto ptx = extractPTX(*program.host);
  if (!ptx)
    return ptx.takeError();
  program.ptx = std::move(*ptx);
  return program;
}

llvm::Error mlir::tfg::writePTX(ModuleOp module, StringRef name,
                                const StableHLOToGPUPipelineOptions &options,
                                llvm::raw_ostream &os) {
  auto program = compileForGPU(module, name, options);
  if (!program)
    return program.takeError();
  os << program->ptx;
  return llvm::Error::success();
}
