//===- Remapper.cpp - tfg-remapper, Grappler's remapper -------------------===//
//
// The pass: the PDLL patterns of patterns/Remapper.pdll with the native
// helpers of this directory, for one target, applied by the graph rewrite
// driver (which keeps fetched and fed nodes, names and control edges).
//
//===----------------------------------------------------------------------===//

#include "Remapper.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphRewrite.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-remapper"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_REMAPPERPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::remapper;

#include "patterns/Remapper.h.inc"

void mlir::tfg::populateRemapperPatterns(RewritePatternSet &patterns,
                                         StringRef targetName) {
  MLIRContext *ctx = patterns.getContext();
  ctx->getOrLoadDialect<pdl::PDLDialect>();
  ctx->getOrLoadDialect<pdl_interp::PDLInterpDialect>();
  Target target = parseTarget(targetName).value_or(Target::TfCpu);
  populateGeneratedPDLLPatterns(patterns);
  PDLPatternModule &pdl = patterns.getPDLPatterns();
  registerRemapperNatives(pdl, target);
  registerBatchNormNatives(pdl, target);
  registerBatchNormGradNatives(pdl, target);
  registerDilationNatives(pdl, target);
  registerGeluNatives(pdl, target);
  registerElementwiseNatives(pdl, target);
}

/// The target `auto` stands for: TF.js for a module imported from a TF.js
/// model (it goes back to TF.js), else TensorFlow's CPU kernels.
static StringRef resolveAutoTarget(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  if (module && module->getAttr("tfjs.format"))
    return "tfjs";
  return "tf-cpu";
}

namespace {
struct RemapperPass : tfg::impl::RemapperPassBase<RemapperPass> {
  using RemapperPassBase::RemapperPassBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    RemapperPassBase::getDependentDialects(registry);
    registerPDLDialects(registry);
  }

  LogicalResult initialize(MLIRContext *ctx) override {
    // An unknown target builds nothing; runOnOperation reports it.
    for (StringRef name : {"tf-cpu", "tf-gpu", "tfjs", "host"}) {
      if (target != "auto" && target != name)
        continue;
      RewritePatternSet set(ctx);
      populateRemapperPatterns(set, name);
      patterns[name.str()] = FrozenRewritePatternSet(std::move(set));
    }
    return success();
  }

  void runOnOperation() override {
    StringRef name = target == "auto" ? resolveAutoTarget(getOperation())
                                      : StringRef(target);
    auto it = patterns.find(name.str());
    if (it == patterns.end()) {
      getOperation()->emitError()
          << "tfg-remapper: unknown target '" << target
          << "' (expected tf-cpu, tf-gpu, tfjs, host or auto)";
      return signalPassFailure();
    }
    GraphRewriteConfig config;
    config.preserve = makePreserveOptions(fetch, feed);
    if (config.preserve.fetch.empty())
      config.preserve.fetch = getRecordedFetches(getOperation());
    bool noFetches = config.preserve.fetch.empty();
    int64_t rewrites = 0;
    for (Block *body : getGraphBodies(getOperation())) {
      // A graph without fetches: any node may be an output the user
      // fetches later, so no intermediate node may vanish into a fusion.
      if (noFetches && isa<GraphOp>(body->getParentOp()))
        continue;
      FailureOr<GraphRewriteStats> stats =
          applyGraphPatterns(*body, it->second, config);
      if (failed(stats))
        return signalPassFailure();
      rewrites += stats->rewrites;
    }
    LLVM_DEBUG(llvm::dbgs() << "tfg-remapper (" << name << "): " << rewrites
                            << " rewrites\n");
    numRewrites += rewrites;
    if (!rewrites)
      markAllAnalysesPreserved();
  }

  /// The frozen patterns of each target the pass may use.
  std::map<std::string, FrozenRewritePatternSet> patterns;
};
} // namespace
