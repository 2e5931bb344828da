//===- TFGLoweringFuzzer.cpp - Fuzz the lowerings from tfg text -----------===//
//
// Reads the input as tfg MLIR text within the tools' bounds and runs each
// lowering of docs/Lowering.md on its own copy of the module: tfg to
// tf_executor and back, tf_executor to tf, tfg to ml_program, and shape
// inference with tfg to StableHLO (fetching the last node of the first
// graph), whose function the StableHLO interpreter then runs on zeros
// within small bounds. Whatever the input, nothing may crash, and what a
// lowering accepts must verify (the pass manager verifies after each pass;
// a module it accepted that does not verify traps).
//
//===----------------------------------------------------------------------===//

#include "TextInput.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/InitAll.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Transforms/GraphTransforms.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Error.h"

namespace {
/// Every dialect and pass of the tools, loaded up front: a pass pipeline
/// may not load dialects while the fuzzer's context is shared.
struct Context {
  Context() {
    mlir::tfg::registerAllPasses();
    mlir::DialectRegistry registry;
    mlir::tfg::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  tfg_fuzz::QuietContext quiet;
  mlir::MLIRContext &context = quiet.context;
};

/// The name of the last node of the module's first graph, if any.
std::string lastNodeOfFirstGraph(mlir::ModuleOp module) {
  for (mlir::Block *body : mlir::tfg::getGraphBodies(module))
    if (llvm::isa<mlir::tfg::GraphOp>(body->getParentOp()) && !body->empty())
      return mlir::tfg::getNodeName(&body->back()).str();
  return "";
}

/// Runs `pipeline` (textual, on the module) on a copy of `module`; the
/// result when the pipeline accepted it. Traps if an accepted module does
/// not verify.
mlir::OwningOpRef<mlir::ModuleOp> lower(mlir::ModuleOp module,
                                        llvm::StringRef pipeline) {
  mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
  mlir::PassManager pm(module.getContext());
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm)))
    __builtin_trap();
  if (mlir::failed(pm.run(*copy)))
    return nullptr;
  if (mlir::failed(mlir::verify(*copy)))
    __builtin_trap();
  return copy;
}

/// Runs `@main` of a lowered StableHLO module on zeros, within small
/// bounds: an error is fine, a crash is not.
void interpretMain(mlir::ModuleOp module) {
  auto main = module.lookupSymbol<mlir::func::FuncOp>("main");
  if (!main || main.isExternal())
    return;
  constexpr int64_t kMaxBytes = int64_t(1) << 20;
  llvm::SmallVector<mlir::tfg::HostTensor> args;
  for (mlir::Type type : main.getArgumentTypes()) {
    auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return;
    llvm::Expected<mlir::tfg::HostTensor> zeros = mlir::tfg::HostTensor::create(
        tensor.getElementType(), tensor.getShape(), kMaxBytes);
    if (!zeros) {
      llvm::consumeError(zeros.takeError());
      return;
    }
    args.push_back(std::move(*zeros));
  }
  mlir::tfg::stablehlo::InterpreterOptions options;
  options.env.context = module.getContext();
  options.env.maxElements = kMaxBytes / 8;
  options.maxWhileIterations = 64;
  options.maxCallDepth = 16;
  options.maxSteps = int64_t(1) << 14;
  (void)mlir::tfg::stablehlo::interpretFunction(main, args, options);
}

void runLowerings(Context &fuzz, llvm::StringRef input) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tfg_fuzz::parseWithinBounds(fuzz.context, input);
  if (!module || mlir::failed(mlir::verify(*module)))
    return;
  (void)lower(*module, "builtin.module(tfg-to-tf-executor,tf-executor-to-tfg)");
  (void)lower(*module, "builtin.module(tfg-to-tf-executor,tf-executor-to-tf)");
  (void)lower(*module, "builtin.module(tfg-to-ml-program)");
  std::string fetch = lastNodeOfFirstGraph(*module);
  if (fetch.empty() || fetch.find_first_of(",{}\"' ") != std::string::npos)
    return;
  if (mlir::OwningOpRef<mlir::ModuleOp> stablehlo = lower(
          *module,
          "builtin.module(tfg-shape-inference,tfg-to-stablehlo{fetch=" + fetch +
              " resource-threshold=-1})"))
    interpretMain(*stablehlo);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Context *fuzz = new Context();
  // MLIR's lexer reads up to a terminating NUL, as files have in memory.
  std::string input(reinterpret_cast<const char *>(data), size);
  // On the tools' stack: MLIR's parser, printer and verifier recurse per
  // level.
  mlir::tfg::runOnLargeStack([&] { runLowerings(*fuzz, input); });
  return 0;
}
