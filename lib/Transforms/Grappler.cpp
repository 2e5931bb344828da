//===- Grappler.cpp - The tfg-grappler meta optimizer ---------------------===//

#include "tfg/Transforms/Grappler.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include "llvm/Support/Debug.h"

#include <chrono>
#include <deque>
#include <optional>

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_GRAPPLERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

#define DEBUG_TYPE "tfg-grappler"

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
       },
       /*bodyLocal=*/true},
      {"tfg-constant-folding", kStageConstantFolding,
       [](const PreserveOptions &p) {
         return createConstantFoldingPass(
             withPreserve<ConstantFoldingPassOptions>(p));
       },
       /*bodyLocal=*/true},
      {"tfg-arithmetic-optimizer", kStageArithmetic,
       [](const PreserveOptions &p) {
         return createArithmeticOptimizerPass(
             withPreserve<ArithmeticOptimizerPassOptions>(p));
       },
       /*bodyLocal=*/true},
      // Interprocedural (shapes flow through calls into functions and
      // back): it runs on the whole module.
      {"tfg-shape-inference", kStageShape,
       [](const PreserveOptions &) { return createShapeInferencePass(); }},
      // Grappler runs its layout optimizer where nodes are placed on a
      // GPU: unplaced and CPU nodes are left alone (assume-gpu off).
      {"tfg-layout", kStageLayout,
       [](const PreserveOptions &p) {
         return createLayoutPass(withPreserve<LayoutPassOptions>(p));
       }},
      {"tfg-remapper", kStageRemapper,
       [](const PreserveOptions &p) {
         return createRemapperPass(withPreserve<RemapperPassOptions>(p));
       },
       /*bodyLocal=*/true},
      {"tfg-loop-optimizer", kStageLoop,
       [](const PreserveOptions &p) {
         return createLoopOptimizerPass(
             withPreserve<LoopOptimizerPassOptions>(p));
       },
       /*bodyLocal=*/false, describeLoopOptimizerWork},
      {"tfg-memory-optimizer", kStageMemory,
       [](const PreserveOptions &p) {
         return createMemoryOptimizerPass(
             withPreserve<MemoryOptimizerPassOptions>(p));
       },
       /*bodyLocal=*/true},
      {"tfg-dependency-optimizer", kStageDependency,
       [](const PreserveOptions &p) {
         return createDependencyOptimizerPass(
             withPreserve<DependencyOptimizerPassOptions>(p));
       },
       /*bodyLocal=*/true},
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

/// "N nodes and M edges removed" for an optimizer that removed `nodes`
/// nodes and `edges` edges; a negative count is said as added.
static std::string describeSizeChange(int64_t nodes, int64_t edges) {
  auto part = [](int64_t n, StringRef what) {
    return std::to_string(n < 0 ? -n : n) + " " + what.str();
  };
  if ((nodes >= 0) == (edges >= 0))
    return part(nodes, "nodes") + " and " + part(edges, "edges") +
           (nodes >= 0 ? " removed" : " added");
  return part(nodes, "nodes") + (nodes >= 0 ? " removed" : " added") + " and " +
         part(edges, "edges") + (edges >= 0 ? " removed" : " added");
}

/// The fetches an importer recorded with the model (getRecordedFetches);
/// warns when the attribute is malformed.
static std::vector<std::string> getRecordedFetchesOrWarn(ModuleOp module) {
  bool malformed = false;
  std::vector<std::string> fetches = getRecordedFetches(module, &malformed);
  if (malformed)
    emitWarning(module.getLoc())
        << "tfg.fetches is not an array of strings: nothing is fetched from it";
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
      preserve.fetch = getRecordedFetchesOrWarn(module);
      if (!preserve.fetch.empty() && printStatistics)
        emitRemark(module.getLoc())
            << "fetching the outputs recorded with the model: "
            << llvm::join(preserve.fetch, ", ");
    }
    // Checked once before any optimizer runs (some take no fetches).
    if (failed(checkPreserveOptions(module, preserve)))
      return signalPassFailure();
    struct Step {
      std::string name;
      OpPassManager pm;
      OptimizerStats *stats;
      std::function<std::string(Pass &)> report;
      GraphSize removed = {};
      double seconds = 0;
    };
    std::vector<Step> steps;
    for (const GrapplerOptimizer &opt : getGrapplerOptimizers()) {
      if (llvm::is_contained(disable, opt.name))
        continue;
      // Each optimizer is a pipeline run by this pass manager (runPipeline):
      // instrumentation, statistics and verification apply to it as to any
      // pass. Body-local optimizers run on the functions and graphs, in
      // parallel.
      OpPassManager pm(ModuleOp::getOperationName());
      if (opt.bodyLocal) {
        pm.nest<GraphFuncOp>().addPass(opt.create(preserve));
        pm.nest<GraphOp>().addPass(opt.create(preserve));
      } else {
        pm.addPass(opt.create(preserve));
      }
      OptimizerStats *stats = nullptr;
      for (OptimizerStats &s : perOptimizer)
        if (s.name == opt.name)
          stats = &s;
      steps.push_back({opt.name, std::move(pm), stats, {}});
      steps.back().report = opt.report;
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
        if (failed(runPipeline(step.pm, module)))
          return signalPassFailure();
        LLVM_DEBUG(llvm::dbgs() << "tfg-grappler: iteration " << iter << ", "
                                << step.name << " done\n");
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
      for (Step &step : steps) {
        // What the optimizer says it did (module-level passes only: the
        // pass manager clones nested passes per thread).
        std::string work;
        if (step.report)
          for (Pass &pass : step.pm.getPasses())
            if (std::string r = step.report(pass); !r.empty())
              work += (work.empty() ? "" : ", ") + r;
        emitRemark(module.getLoc())
            << step.name << ": "
            << describeSizeChange(step.removed.nodes, step.removed.edges)
            << " in " << llvm::formatv("{0:F3}", step.seconds).str() << " s"
            << (work.empty() ? "" : " (" + work + ")");
      }
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
