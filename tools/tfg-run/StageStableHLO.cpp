//===- StageStableHLO.cpp - tfg-run --stage=stablehlo ---------------------===//
//
// Lowers the model for the run's feeds and fetches with
// legalizeModelToStableHLO (tfg/Translate/ModelLowering.h, as
// --backend=llvm and tfg-compile do) and runs the function with the
// StableHLO interpreter.
//
//===----------------------------------------------------------------------===//

#include "StageStableHLO.h"
#include "Stages.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/KnownValues.h"
#include "tfg/Translate/ModelLowering.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error stageError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "the stablehlo stage: " + message);
}

/// `D0xD1x...` (`scalar`) for tfg-set-input-shapes.
static std::string getShapeText(ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "scalar";
  std::string text;
  for (auto [i, d] : llvm::enumerate(shape))
    text += (i ? "x" : "") + std::to_string(d);
  return text;
}

/// Whether `value` may be a compile-time constant: at most
/// kMaxKnownElements integers or floats (a size, a ratio, a flag).
static bool isSmallFeed(const HostTensor &value, MLIRContext *context) {
  if (value.getNumElements() > kMaxKnownElements)
    return false;
  auto attr = dyn_cast_or_null<ElementsAttr>(value.toAttr(context));
  return attr && isa<IntegerType, FloatType>(attr.getElementType());
}

/// One lowering (legalizeModelToStableHLO); `freezeSmall` makes the small
/// feeds (isSmallFeed) constants of their fed values.
static llvm::Expected<StableHLOStage>
lowerOnce(ModuleOp module, Interpreter &interp, ArrayRef<InterpreterFeed> feeds,
          ArrayRef<std::string> fetches, bool freezeSmall) {
  GraphOp graph;
  for (Operation &op : *module.getBody())
    if (auto g = dyn_cast<GraphOp>(op))
      graph = g;
  if (!graph)
    return stageError("the model has no graph");
  llvm::StringSet<> placeholders;
  for (Operation *op : getGraphPlaceholders(graph))
    if (getTFOpName(op) != "PlaceholderWithDefault")
      placeholders.insert(getNodeName(op));
  // Each feed pins its Placeholder's shape; the function's arguments are
  // named by their Placeholder (tfg.name).
  llvm::StringMap<unsigned> feedByNode;
  ModelLoweringOptions options;
  options.fetches.assign(fetches.begin(), fetches.end());
  // Weights: a SavedModel's variables, as restored, become constants.
  options.variables = &interp;
  // Every constant inline: nothing is printed, and blobs would be copies.
  options.resourceThreshold = -1;
  options.refineShapes = false;
  for (auto [i, feed] : llvm::enumerate(feeds)) {
    auto parsed = parseTensorName(feed.name);
    if (!parsed)
      return parsed.takeError();
    if (!placeholders.contains(parsed->first) || parsed->second != 0)
      return stageError("the feed '" + feed.name +
                        "' is not a Placeholder's output: the lowered "
                        "function takes Placeholders only (no "
                        "PlaceholderWithDefault, no other node)");
    if (!feedByNode.try_emplace(parsed->first, i).second)
      return stageError("'" + parsed->first + "' is fed twice");
    if (freezeSmall && isSmallFeed(feed.value, module.getContext())) {
      options.constantFeeds[parsed->first] =
          cast<ElementsAttr>(feed.value.toAttr(module.getContext()));
      continue;
    }
    options.nodeShapes[parsed->first] = getShapeText(feed.value.getShape());
  }
  auto lowered = legalizeModelToStableHLO(module, options);
  if (!lowered)
    return stageError(toString(lowered.takeError()));
  StableHLOStage stage;
  stage.module = std::move(*lowered);
  stage.func = stage.module->lookupSymbol<func::FuncOp>("main");
  if (!stage.func)
    return stageError("the lowering left no function 'main'");
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
