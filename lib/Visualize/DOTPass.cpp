//===- DOTPass.cpp - The tfg-print-dot pass -------------------------------===//
//
// The picture of --mlir-to-dot from inside a pipeline (after the pass that
// comes before it), written atomically to a file or to standard error. The
// module is left as it is.
//
//===----------------------------------------------------------------------===//

#include "tfg/Support/OutputFile.h"
#include "tfg/Visualize/DOT.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct PrintDOTPass
    : public PassWrapper<PrintDOTPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintDOTPass)

  PrintDOTPass() = default;
  PrintDOTPass(const PrintDOTPass &other) : PassWrapper(other) {}

  StringRef getArgument() const override { return "tfg-print-dot"; }
  StringRef getDescription() const override {
    return "Write the module as a Graphviz DOT picture (as tfg-translate "
           "--mlir-to-dot draws it); the module is unchanged";
  }

  Option<std::string> output{
      *this, "output",
      llvm::cl::desc("File to write (whole or not at all); default: "
                     "standard error")};
  Option<unsigned> maxNodes{
      *this, "max-nodes",
      llvm::cl::desc("Collapse name scopes until at most this many nodes "
                     "are drawn (0: no limit)"),
      llvm::cl::init(0)};
  ListOption<std::string> expand{
      *this, "expand",
      llvm::cl::desc("Nodes whose enclosing name scopes stay expanded")};

  void runOnOperation() override {
    markAllAnalysesPreserved();
    DOTOptions options;
    options.maxNodes = maxNodes;
    options.expand.assign(expand.begin(), expand.end());
    options.maxNodesOption = "tfg-print-dot max-nodes";
    options.expandOption = "tfg-print-dot expand";
    ModuleOp module = getOperation();
    if (output.empty()) {
      (void)writeDOT(module, options, llvm::errs());
      return;
    }
    std::string error;
    std::unique_ptr<AtomicOutputFile> file =
        AtomicOutputFile::open(output, error);
    if (!file || failed(writeDOT(module, options, file->os())) ||
        !file->commit(error)) {
      emitError(module.getLoc()) << "tfg-print-dot: " << error;
      signalPassFailure();
    }
  }
};
} // namespace

void mlir::tfg::registerDOTPasses() { PassRegistration<PrintDOTPass>(); }
