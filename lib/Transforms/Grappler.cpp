//===- Grappler.cpp - The tfg-grappler meta optimizer ---------------------===//

#include "tfg/Transforms/Grappler.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <chrono>
#include <deque>
#include <optional>

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_GRAPPLERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct OptimizerRegistry {
  std::vector<GrapplerOptimizer> optimizers;
  bool defaultsAdded = false;
};
} // namespace

static OptimizerRegistry &getRegistry() {
  static OptimizerRegistry registry;
  return registry;
}

static void addOptimizer(OptimizerRegistry &registry, GrapplerOptimizer opt) {
  for (GrapplerOptimizer &existing : registry.optimizers)
    if (existing.name == opt.name) {
      existing = std::move(opt);
      return;
    }
  registry.optimizers.push_back(std::move(opt));
}

template <typename OptionsT>
static OptionsT withPreserve(const PreserveOptions &p) {
  OptionsT options;
  options.fetch.assign(p.fetch.begin(), p.fetch.end());
  options.feed.assign(p.feed.begin(), p.feed.end());
  return options;
}

static void addDefaultOptimizers(OptimizerRegistry &registry) {
  if (registry.defaultsAdded)
    return;
  registry.defaultsAdded = true;
  // Registered first so that user registrations of the same name win.
  std::vector<GrapplerOptimizer> defaults = {
      {"tfg-prune", kStagePrune,
       [](const PreserveOptions &p) {
         return createPrunePass(withPreserve<PrunePassOptions>(p));
       }},
      {"tfg-inline", kStageInline,
       [](const PreserveOptions &p) {
         return createInlinePass(withPreserve<InlinePassOptions>(p));
       }},
      {"tfg-cse", kStageCSE,
       [](const PreserveOptions &p) {
         return createCSEPass(withPreserve<CSEPassOptions>(p));
       }},
      {"tfg-shape-inference", kStageShape,
       [](const PreserveOptions &) { return createShapeInferencePass(); }},
      {"tfg-dependency-optimizer", kStageDependency,
       [](const PreserveOptions &p) {
         return createDependencyOptimizerPass(
             withPreserve<DependencyOptimizerPassOptions>(p));
       }},
  };
  std::vector<GrapplerOptimizer> user = std::move(registry.optimizers);
  registry.optimizers = std::move(defaults);
  for (GrapplerOptimizer &opt : user)
    addOptimizer(registry, std::move(opt));
}

void mlir::tfg::registerGrapplerOptimizer(GrapplerOptimizer optimizer) {
  OptimizerRegistry &registry = getRegistry();
  addDefaultOptimizers(registry);
  addOptimizer(registry, std::move(optimizer));
}

std::vector<GrapplerOptimizer> mlir::tfg::getGrapplerOptimizers() {
  OptimizerRegistry &registry = getRegistry();
  addDefaultOptimizers(registry);
  std::vector<GrapplerOptimizer> sorted = registry.optimizers;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const GrapplerOptimizer &a, const GrapplerOptimizer &b) {
                     return a.stage < b.stage;
                   });
  return sorted;
}

/// The outputs named by a TF.js model's signature (kept by the importer as
/// the `tfjs.signature` module attribute, JSON text), as fetch specs.
static std::vector<std::string> getSignatureOutputs(ModuleOp module) {
  std::vector<std::string> fetches;
  auto text = module->getAttrOfType<StringAttr>("tfjs.signature");
  if (!text)
    return fetches;
  llvm::Expected<llvm::json::Value> json = parseBoundedJSON(text.getValue());
  if (!json) {
    emitWarning(module.getLoc())
        << "tfjs.signature is not JSON (" << llvm::toString(json.takeError())
        << "): no outputs are fetched from it";
    return fetches;
  }
  const llvm::json::Object *sig = json->getAsObject();
  const llvm::json::Object *outputs = sig ? sig->getObject("outputs") : nullptr;
  if (!outputs)
    return fetches;
  for (const auto &entry : *outputs) {
    const llvm::json::Object *output = entry.second.getAsObject();
    std::optional<StringRef> name =
        output ? output->getString("name") : std::optional<StringRef>();
    fetches.push_back(name ? name->str() : entry.first.str());
  }
  llvm::sort(fetches);
  return fetches;
}

namespace {
struct GrapplerPass : tfg::impl::GrapplerPassBase<GrapplerPass> {
  GrapplerPass() { addOptimizerStatistics(); }
  GrapplerPass(const GrapplerPassOptions &options) : GrapplerPassBase(options) {
    addOptimizerStatistics();
  }
  GrapplerPass(const GrapplerPass &other) : GrapplerPassBase(other) {
    addOptimizerStatistics();
  }

  /// One "nodes removed" and one "edges removed" statistic per optimizer.
  void addOptimizerStatistics() {
    for (const GrapplerOptimizer &opt : getGrapplerOptimizers()) {
      names.push_back(opt.name + "-nodes-removed");
      const char *nodes = names.back().c_str();
      names.push_back(opt.name + "-edges-removed");
      const char *edges = names.back().c_str();
      perOptimizer.push_back(
          {opt.name,
           std::make_unique<Statistic>(this, nodes,
                                       "Nodes removed by this optimizer"),
           std::make_unique<Statistic>(this, edges,
                                       "Edges removed by this optimizer")});
    }
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    PreserveOptions preserve = makePreserveOptions(fetch, feed);
    // Without fetches, a TF.js model's signature says what its outputs are.
    if (preserve.fetch.empty()) {
      preserve.fetch = getSignatureOutputs(module);
      if (!preserve.fetch.empty() && printStatistics)
        emitRemark(module.getLoc())
            << "fetching the model signature's outputs: "
            << llvm::join(preserve.fetch, ", ");
    }
    // Checked once before any optimizer runs (some take no fetches).
    if (failed(checkPreserveOptions(module, preserve)))
      return signalPassFailure();
    struct Step {
      std::string name;
      std::unique_ptr<PassManager> pm;
      OptimizerStats *stats;
      GraphSize removed = {};
      double seconds = 0;
    };
    std::vector<Step> steps;
    for (const GrapplerOptimizer &opt : getGrapplerOptimizers()) {
      if (llvm::is_contained(disable, opt.name))
        continue;
      // A private pass manager: the optimizers' IR is verified once, after
      // tfg-grappler, unless `verify-each` asks for it after every one.
      auto pm = std::make_unique<PassManager>(&getContext(),
                                              ModuleOp::getOperationName());
      pm->enableVerifier(verifyEach);
      pm->addPass(opt.create(preserve));
      OptimizerStats *stats = nullptr;
      for (OptimizerStats &s : perOptimizer)
        if (s.name == opt.name)
          stats = &s;
      steps.push_back({opt.name, std::move(pm), stats});
    }
    GraphSize initial = countGraphSize(module);
    unsigned iterationsRun = 0;
    for (unsigned iter = 0; iter < iterations; ++iter) {
      bool last = iter + 1 == iterations;
      GraphSize start = last ? GraphSize() : countGraphSize(module);
      // The fingerprint (a hash of the whole module) is only needed to stop
      // early, and only when the sizes did not change.
      std::optional<OperationFingerPrint> before;
      if (!last)
        before.emplace(module);
      // Sizes around each optimizer are only counted for the report (a
      // walk over the whole module each).
      bool measure = printStatistics;
      for (Step &step : steps) {
        GraphSize pre = measure ? countGraphSize(module) : GraphSize();
        auto t0 = std::chrono::steady_clock::now();
        if (failed(step.pm->run(module)))
          return signalPassFailure();
        step.seconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                .count();
        if (!measure)
          continue;
        GraphSize post = countGraphSize(module);
        step.removed.nodes += pre.nodes - post.nodes;
        step.removed.edges += pre.edges - post.edges;
        if (step.stats && pre.nodes > post.nodes)
          *step.stats->nodes += pre.nodes - post.nodes;
        if (step.stats && pre.edges > post.edges)
          *step.stats->edges += pre.edges - post.edges;
      }
      ++numIterations;
      ++iterationsRun;
      if (last)
        break;
      GraphSize end = countGraphSize(module);
      if (end.nodes == start.nodes && end.edges == start.edges &&
          OperationFingerPrint(module) == *before)
        break;
    }
    GraphSize final = countGraphSize(module);
    if (printStatistics) {
      for (const Step &step : steps)
        emitRemark(module.getLoc())
            << step.name << ": " << step.removed.nodes << " nodes and "
            << step.removed.edges << " edges removed in "
            << llvm::formatv("{0:F3}", step.seconds).str() << " s";
      emitRemark(module.getLoc())
          << "tfg-grappler: " << initial.nodes << " -> " << final.nodes
          << " nodes, " << initial.edges << " -> " << final.edges << " edges, "
          << iterationsRun << " iteration(s)";
    }
    if (initial.nodes > final.nodes)
      numNodesRemoved += initial.nodes - final.nodes;
    if (initial.edges > final.edges)
      numEdgesRemoved += initial.edges - final.edges;
  }

  struct OptimizerStats {
    std::string name;
    std::unique_ptr<Statistic> nodes, edges;
  };
  std::deque<std::string> names;
  std::vector<OptimizerStats> perOptimizer;
};
} // namespace
