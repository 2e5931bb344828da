//===- MLProgramStage.cpp - tfg-run --stage=ml_program --------------------===//

#include "MLProgramStage.h"
#include "Stages.h"

#include "tfg/Conversion/TFGToMLProgram/TFGToMLProgram.h"
#include "tfg/Dialect/TF/TFDialect.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/Transforms/Functionalize.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error fail(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

MLProgramStage::MLProgramStage(OwningOpRef<ModuleOp> lowered,
                               const InterpreterOptions &options)
    : module(std::move(lowered)), interpreter(*module, options) {}

llvm::Expected<std::unique_ptr<MLProgramStage>>
MLProgramStage::create(ModuleOp module, StringRef modelDirectory,
                       ArrayRef<std::string> fetches,
                       const InterpreterOptions &options) {
  MLIRContext *context = module.getContext();
  context->loadDialect<func::FuncDialect, ml_program::MLProgramDialect,
                       TF::TFDialect>();
  OwningOpRef<ModuleOp> copy(module.clone());
  if (module->hasAttr(kSavedModelSaverAttr) && !modelDirectory.empty() &&
      !module->hasAttr(kSavedModelVariablesAttr)) {
    FailureOr<DictionaryAttr> values =
        readSavedModelVariables(context, modelDirectory, module.getLoc());
    if (failed(values))
      return fail("reading the SavedModel's variables failed");
    (*copy)->setAttr(kSavedModelVariablesAttr, *values);
  }
  // v1 loops and conditionals become While/If nodes first.
  FunctionalizeStats functionalized;
  functionalizeControlFlow(*copy, functionalized, fetches);
  MLProgramOptions lowering;
  lowering.fetch.assign(fetches.begin(), fetches.end());
  if (failed(convertTFGToMLProgram(*copy, lowering)) || failed(verify(*copy)))
    return fail("lowering the model to ml_program failed");
  auto stage = std::unique_ptr<MLProgramStage>(
      new MLProgramStage(std::move(copy), options));
  for (auto graph : module.getOps<GraphOp>())
    for (Operation &op : graph.getBody())
      if (getTFOpName(&op).starts_with("Placeholder"))
        stage->placeholders.insert(getNodeName(&op));
  return std::move(stage);
}

llvm::Expected<std::vector<HostTensor>>
MLProgramStage::run(ArrayRef<InterpreterFeed> feeds) {
  auto func = module->lookupSymbol<func::FuncOp>(MLProgramOptions().funcName);
  if (!func)
    return fail("the lowered module has no function @main");
  for (const InterpreterFeed &f : feeds) {
    auto parsed = parseTensorName(f.name);
    if (!parsed)
      return parsed.takeError();
    if (!placeholders.contains(parsed->first))
      return fail("input '" + f.name +
                  "': --stage=ml_program feeds Placeholders only");
  }
  std::vector<HostTensor> args;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto name = func.getArgAttrOfType<StringAttr>(i, kMLProgramNameAttr);
    const InterpreterFeed *feed = nullptr;
    for (const InterpreterFeed &f : feeds) {
      auto parsed = parseTensorName(f.name);
      if (!parsed) {
        llvm::consumeError(parsed.takeError());
        continue;
      }
      if (name && parsed->first == name.getValue() && parsed->second == 0)
        feed = &f;
    }
    if (!feed)
      return fail("node '" + (name ? name.getValue() : StringRef("?")) +
                  "' (Placeholder): is not fed (give it a value: --input=" +
                  (name ? name.getValue() : StringRef("?")) + "=...)");
    args.push_back(feed->value);
  }
  return interpreter.runFunction(func, args);
}

llvm::Expected<StageRunner>
mlir::tfg::prepareMLProgramStage(const StageRequest &request) {
  auto lowered = MLProgramStage::create(request.module, request.modelDirectory,
                                        request.fetches, request.options);
  if (!lowered)
    return lowered.takeError();
  std::shared_ptr<MLProgramStage> stage = std::move(*lowered);
  std::vector<InterpreterFeed> feeds(request.feeds.begin(),
                                     request.feeds.end());
  return StageRunner([stage, feeds] { return stage->run(feeds); });
}
