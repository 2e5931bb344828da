//===- DOTTranslation.cpp - tfg-translate --mlir-to-dot -------------------===//
//
// A tfg module (and, with --dot-diff, the module it was made from) drawn as
// a Graphviz DOT digraph (tfg/Visualize/DOT.h). Both modules are read as the
// export translations read theirs: nesting bounded before the parser
// recurses, then verified.
//
//===----------------------------------------------------------------------===//

#include "DOTTranslation.h"

#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TextNesting.h"
#include "tfg/Support/OutputFile.h"
#include "tfg/Visualize/DOT.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::cl::opt<unsigned> dotMaxNodes(
    "dot-max-nodes",
    llvm::cl::desc("With --mlir-to-dot: when the picture has more nodes, draw "
                   "name scopes (node name prefixes before a '/') as one node "
                   "each, deepest first, until it has at most this many "
                   "(default 0: no limit)"),
    llvm::cl::value_desc("N"), llvm::cl::init(0));

static llvm::cl::list<std::string> dotExpand(
    "dot-expand",
    llvm::cl::desc("With --mlir-to-dot --dot-max-nodes: nodes (or name "
                   "scopes) whose enclosing name scopes stay expanded"),
    llvm::cl::value_desc("name,..."), llvm::cl::CommaSeparated);

static llvm::cl::opt<std::string> dotDiff(
    "dot-diff",
    llvm::cl::desc("With --mlir-to-dot: draw what the input removed (red, "
                   "dashed) and added (green) relative to this module (the "
                   "input of the pipeline that made it), matching nodes by "
                   "name"),
    llvm::cl::value_desc("OTHER.mlir"));

/// Parses and verifies the tfg module in the main buffer of `sourceMgr`;
/// null after an error.
static OwningOpRef<ModuleOp>
parseVerifiedModule(const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                    MLIRContext *ctx) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
  // MLIR's parser recurses once per level: deeper text is refused first.
  if (failed(verifyTextNesting(buffer->getMemBufferRef(), ctx)))
    return nullptr;
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(ctx, /*verify=*/false));
  // Bytecode can hold any nesting: bounded before anything recurses.
  if (module &&
      (failed(verifyRegionNesting(*module)) || failed(verify(*module))))
    return nullptr;
  return module;
}

void mlir::tfg::registerDOTTranslation() {
  static TranslateRegistration dot(
      "mlir-to-dot",
      "Draw a tfg module as a Graphviz DOT digraph (--dot-max-nodes, "
      "--dot-expand, --dot-diff)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        ctx->loadDialect<TFGraphDialect>(); // loads tf_type as a dependency
        OwningOpRef<ModuleOp> module = parseVerifiedModule(sourceMgr, ctx);
        if (!module)
          return failure();
        DOTOptions options;
        options.maxNodes = dotMaxNodes;
        options.expand.assign(dotExpand.begin(), dotExpand.end());
        OwningOpRef<ModuleOp> base;
        if (!dotDiff.empty()) {
          std::string error;
          std::unique_ptr<llvm::MemoryBuffer> buffer =
              openToolInput(dotDiff, /*mayBeReplaced=*/false, error);
          if (!buffer)
            return emitError(module->getLoc()) << "--dot-diff: " << error;
          auto baseSourceMgr = std::make_shared<llvm::SourceMgr>();
          baseSourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
          base = parseVerifiedModule(baseSourceMgr, ctx);
          if (!base)
            return emitError(module->getLoc()) << "--dot-diff: '" << dotDiff
                                               << "' is not a valid tfg module";
          options.base = *base;
        }
        return writeDOT(*module, options, os);
      });
}
