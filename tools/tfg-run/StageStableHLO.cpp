//===- StageStableHLO.cpp - tfg-run --stage=stablehlo ---------------------===//
//
// Lowers the model for the run's feeds and fetches with the same pipeline
// as tfg-translate --tfjs-to-stablehlo (tfg-set-input-shapes,
// tfg-shape-inference, tfg-to-stablehlo) and runs the function with the
// StableHLO interpreter.
//
//===----------------------------------------------------------------------===//

#include "StageStableHLO.h"
#include "Stages.h"

#include "tfg/Conversion/Passes.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/KnownValues.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/Translate/FreezeVariables.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error stageError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "the stablehlo stage: " + message);
}

/// `NAME=D0xD1x...` (`NAME=scalar`) for tfg-set-input-shapes.
static std::string getShapeEntry(StringRef node, ArrayRef<int64_t> shape) {
  std::string entry = (node + "=").str();
  if (shape.empty())
    return entry + "scalar";
  for (auto [i, d] : llvm::enumerate(shape))
    entry += (i ? "x" : "") + std::to_string(d);
  return entry;
}

/// Whether `value` may be a compile-time constant: at most
/// kMaxKnownElements integers or floats (a size, a ratio, a flag).
static bool isSmallFeed(const HostTensor &value, MLIRContext *context) {
  if (value.getNumElements() > kMaxKnownElements)
    return false;
  auto attr = dyn_cast_or_null<ElementsAttr>(value.toAttr(context));
  return attr && isa<IntegerType, FloatType>(attr.getElementType());
}

/// Replaces Placeholder `op` by a Const node of `value`.
static void freezeFeed(Operation *op, const HostTensor &value) {
  replaceNodeByConst(op, cast<ElementsAttr>(value.toAttr(op->getContext())));
}

/// One lowering; `freezeSmall` makes the small feeds (isSmallFeed)
/// constants of their fed values.
static llvm::Expected<StableHLOStage>
lowerOnce(ModuleOp module, Interpreter &interp, ArrayRef<InterpreterFeed> feeds,
          ArrayRef<std::string> fetches, bool freezeSmall) {
  StableHLOStage stage;
  stage.module = OwningOpRef<ModuleOp>(module.clone());
  GraphOp graph;
  for (Operation &op : *stage.module->getBody())
    if (auto g = dyn_cast<GraphOp>(op))
      graph = g;
  if (!graph)
    return stageError("the model has no graph");
  llvm::StringMap<Operation *> placeholders;
  for (Operation *op : getGraphPlaceholders(graph))
    if (getTFOpName(op) != "PlaceholderWithDefault")
      placeholders[getNodeName(op)] = op;
  // Each feed pins its Placeholder's shape; the function's arguments are
  // named by their Placeholder (tfg.name).
  llvm::StringMap<unsigned> feedByNode;
  SetInputShapesPassOptions shapes;
  for (auto [i, feed] : llvm::enumerate(feeds)) {
    auto parsed = parseTensorName(feed.name);
    if (!parsed)
      return parsed.takeError();
    Operation *op = placeholders.lookup(parsed->first);
    if (!op || parsed->second != 0)
      return stageError("the feed '" + feed.name +
                        "' is not a Placeholder's output: the lowered "
                        "function takes Placeholders only (no "
                        "PlaceholderWithDefault, no other node)");
    if (!feedByNode.try_emplace(parsed->first, i).second)
      return stageError("'" + parsed->first + "' is fed twice");
    if (freezeSmall && isSmallFeed(feed.value, module.getContext())) {
      freezeFeed(op, feed.value);
      continue;
    }
    shapes.shapes.push_back(
        getShapeEntry(parsed->first, feed.value.getShape()));
  }
  // Weights: a SavedModel's variables, as restored, become constants.
  llvm::Expected<unsigned> frozen = freezeVariableReads(graph, interp);
  if (!frozen)
    return stageError(toString(frozen.takeError()));
  PassManager pm(module.getContext());
  FunctionalizeControlFlowPassOptions functionalize;
  functionalize.fetch.assign(fetches.begin(), fetches.end());
  pm.addPass(createFunctionalizeControlFlowPass(functionalize));
  if (!shapes.shapes.empty())
    pm.addPass(createSetInputShapesPass(shapes));
  pm.addPass(createShapeInferencePass());
  TFGToStableHLOPassOptions options;
  options.fetch.assign(fetches.begin(), fetches.end());
  // Every constant inline: nothing is printed, and blobs would be copies.
  options.resourceThreshold = -1;
  pm.addPass(createTFGToStableHLOPass(options));
  if (failed(pm.run(*stage.module)))
    return stageError("lowering the model to StableHLO failed (see the "
                      "errors above)");
  stage.func = stage.module->lookupSymbol<func::FuncOp>(options.funcName);
  if (!stage.func)
    return stageError("the lowering left no function '" + options.funcName +
                      "'");
  for (unsigned i = 0, e = stage.func.getNumArguments(); i < e; ++i) {
    auto name = stage.func.getArgAttrOfType<StringAttr>(i, "tfg.name");
    auto it = name ? feedByNode.find(name.getValue()) : feedByNode.end();
    if (it == feedByNode.end())
      return stageError("the model needs the Placeholder '" +
                        (name ? name.getValue() : StringRef("?")) +
                        "', which is not fed (give --input or a shape)");
    stage.argFeeds.push_back(it->second);
  }
  return stage;
}

llvm::Expected<StableHLOStage>
mlir::tfg::lowerToStableHLOStage(ModuleOp module, Interpreter &interp,
                                 ArrayRef<InterpreterFeed> feeds,
                                 ArrayRef<std::string> fetches) {
  // The first try takes every feed as an argument; its diagnostics are
  // held back until it is known whether a second try is needed.
  MLIRContext *context = module.getContext();
  struct Held {
    Location loc;
    DiagnosticSeverity severity;
    std::string message;
  };
  std::vector<Held> held;
  llvm::Expected<StableHLOStage> first = [&] {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      held.push_back({diag.getLocation(), diag.getSeverity(), diag.str()});
      return success();
    });
    return lowerOnce(module, interp, feeds, fetches, /*freezeSmall=*/false);
  }();
  auto replay = [&] {
    for (const Held &h : held)
      switch (h.severity) {
      case DiagnosticSeverity::Error:
        emitError(h.loc) << h.message;
        break;
      case DiagnosticSeverity::Warning:
        emitWarning(h.loc) << h.message;
        break;
      default:
        emitRemark(h.loc) << h.message;
        break;
      }
  };
  if (first || llvm::none_of(feeds, [&](const InterpreterFeed &f) {
        return isSmallFeed(f.value, context);
      })) {
    replay();
    return first;
  }
  // Shapes that depend on a fed value (a resize ratio, a size) are static
  // only for that value: the small feeds become compile-time constants, as
  // XLA takes such arguments, and the function is lowered for them.
  llvm::Expected<StableHLOStage> second = [&] {
    ScopedDiagnosticHandler handler(context,
                                    [](Diagnostic &) { return success(); });
    return lowerOnce(module, interp, feeds, fetches, /*freezeSmall=*/true);
  }();
  if (second) {
    llvm::consumeError(first.takeError());
    return second;
  }
  llvm::consumeError(second.takeError());
  replay();
  return first;
}

llvm::Expected<std::vector<HostTensor>>
mlir::tfg::runStableHLOStage(const StableHLOStage &stage,
                             ArrayRef<InterpreterFeed> feeds,
                             const stablehlo::InterpreterOptions &options) {
  SmallVector<HostTensor> args;
  for (unsigned feed : stage.argFeeds)
    args.push_back(feeds[feed].value);
  FailureOr<SmallVector<HostTensor>> results =
      stablehlo::interpretFunction(stage.func, args, options);
  if (failed(results))
    return stageError("the StableHLO interpreter failed (see the errors "
                      "above)");
  return std::vector<HostTensor>(std::make_move_iterator(results->begin()),
                                 std::make_move_iterator(results->end()));
}

llvm::Expected<StageRunner>
mlir::tfg::prepareStableHLOStage(const StageRequest &request) {
  if (!request.interp)
    return stageError("no graph interpreter to read the variables with");
  auto lowered = lowerToStableHLOStage(request.module, *request.interp,
                                       request.feeds, request.fetches);
  if (!lowered)
    return lowered.takeError();
  stablehlo::InterpreterOptions options;
  ModuleOp module = request.module;
  options.env.context = module.getContext();
  options.env.maxElements = request.options.maxElements;
  options.maxWhileIterations = request.options.maxLoopIterations;
  options.maxCallDepth = request.options.maxCallDepth;
  auto stage = std::make_shared<StableHLOStage>(std::move(*lowered));
  std::vector<InterpreterFeed> feeds(request.feeds.begin(),
                                     request.feeds.end());
  return StageRunner([stage, feeds, options] {
    return runStableHLOStage(*stage, feeds, options);
  });
}
