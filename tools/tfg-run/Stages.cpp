//===- Stages.cpp - tfg-run --stage: the lowered forms a model runs in ----===//
//
// The table of stages. `tfg` runs the model as imported with the graph
// interpreter (tfg-run itself does); `tf_executor` lowers it with
// `--tfg-to-tf-executor` and runs the entry function's graph by tensor
// name; `tf` lowers it further with `--tf-executor-to-tf` (the feeds as the
// entry function's arguments, the fetches as its results) and calls it.
// Both run on TFGTFInterpreter (tfg/Interpreter/TF/TFInterpreter.h).
//
//===----------------------------------------------------------------------===//

#include "Stages.h"
#include "MLProgramStage.h"
#include "StageStableHLO.h"

#include "tfg/Conversion/Passes.h"
#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/Interpreter/TF/TFInterpreter.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

#include <memory>

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// A copy of `module` lowered by the passes `build` adds.
static llvm::Expected<std::shared_ptr<OwningOpRef<ModuleOp>>>
lower(ModuleOp module, StringRef stage,
      llvm::function_ref<void(PassManager &)> build) {
  // Run-time state set up outside the graph is not lowered yet.
  if (getTFJSInitializer(module) || module->hasAttr(kSavedModelSaverAttr))
    return fail("--stage=" + stage +
                ": models with a TF.js initializer or SavedModel variables "
                "run at stage tfg only");
  auto copy = std::make_shared<OwningOpRef<ModuleOp>>(module.clone());
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(createVerifyPass());
  build(pm);
  pm.addPass(createVerifyPass());
  if (failed(pm.run(**copy)))
    return fail("--stage=" + stage + ": lowering the model failed");
  return copy;
}

static llvm::Expected<StageRunner> prepareTFExecutor(const StageRequest &req) {
  auto lowered = lower(req.module, "tf_executor", [](PassManager &pm) {
    pm.addPass(createTFGToTFExecutorPass());
  });
  if (!lowered)
    return lowered.takeError();
  std::shared_ptr<OwningOpRef<ModuleOp>> owned = *lowered;
  auto interp = std::make_shared<TFInterpreter>(**owned, req.options);
  func::FuncOp entry = interp->getEntryFunction();
  if (!entry)
    return fail("--stage=tf_executor: the lowered model has no entry "
                "function");
  std::vector<InterpreterFeed> feeds(req.feeds.begin(), req.feeds.end());
  std::vector<std::string> fetches(req.fetches.begin(), req.fetches.end());
  return StageRunner([=]() {
    (void)owned;
    return interp->runGraph(entry, feeds, fetches);
  });
}

/// The `tf` stage; with `regions`, the `tf_region` stage (tf.If/While/Case
/// in region form).
static llvm::Expected<StageRunner> prepareTFStage(const StageRequest &req,
                                                  bool regions) {
  StringRef stage = regions ? "tf_region" : "tf";
  TFExecutorToTFPassOptions options;
  for (const InterpreterFeed &feed : req.feeds)
    options.feeds.push_back(feed.name);
  options.fetches.assign(req.fetches.begin(), req.fetches.end());
  auto lowered = lower(req.module, stage, [&](PassManager &pm) {
    // v1 loops and conditionals become tf.While/tf.If of func.funcs.
    FunctionalizeControlFlowPassOptions functionalize;
    functionalize.fetch.assign(options.fetches.begin(), options.fetches.end());
    functionalize.feed.assign(options.feeds.begin(), options.feeds.end());
    pm.addPass(createFunctionalizeControlFlowPass(functionalize));
    pm.addPass(createTFGToTFExecutorPass());
    pm.addPass(createTFExecutorToTFPass(options));
    if (regions)
      pm.addPass(createTFFunctionalToRegionPass());
  });
  if (!lowered)
    return lowered.takeError();
  std::shared_ptr<OwningOpRef<ModuleOp>> owned = *lowered;
  auto interp = std::make_shared<TFInterpreter>(**owned, req.options);
  func::FuncOp entry = interp->getEntryFunction();
  if (!entry)
    return fail("--stage=" + stage +
                ": the lowered model has no entry function");
  std::vector<HostTensor> args;
  for (const InterpreterFeed &feed : req.feeds)
    args.push_back(feed.value);
  return StageRunner([=]() {
    (void)owned;
    return interp->runFunction(entry, args);
  });
}

static llvm::Expected<StageRunner> prepareTF(const StageRequest &req) {
  return prepareTFStage(req, /*regions=*/false);
}

static llvm::Expected<StageRunner> prepareTFRegion(const StageRequest &req) {
  return prepareTFStage(req, /*regions=*/true);
}

static const Stage stages[] = {
    {"tfg", "the model as imported, run by the graph interpreter", nullptr},
    {"tf_executor",
     "--tfg-to-tf-executor: tf_executor islands of tf ops, run in "
     "dependency order",
     prepareTFExecutor},
    {"tf",
     "--tfg-functionalize-control-flow, --tfg-to-tf-executor, "
     "--tf-executor-to-tf: a func.func of tf ops, "
     "feeds as arguments, fetches as results",
     prepareTF},
    {"stablehlo",
     "--tfg-to-stablehlo with the feeds' shapes pinned and the weights "
     "inline, run by the StableHLO interpreter",
     prepareStableHLOStage},
    {"ml_program",
     "--tfg-to-ml-program for the fetches: variables as ml_program globals, "
     "run by the tf interpreter",
     prepareMLProgramStage},
    {"tf_region",
     "the tf stage, then --tf-functional-to-region: tf.IfRegion, "
     "tf.CaseRegion, tf.WhileRegion",
     prepareTFRegion},
};

ArrayRef<Stage> mlir::tfg::getStages() { return stages; }

const Stage *mlir::tfg::lookupStage(StringRef name) {
  for (const Stage &stage : stages)
    if (name == stage.name)
      return &stage;
  return nullptr;
}
