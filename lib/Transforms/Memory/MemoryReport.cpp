//===- MemoryReport.cpp - tfg-memory-report -------------------------------===//
//
// Prints the static memory estimate of every body of a module
// (MemoryEstimate.h) to stdout or a file; the IR is not changed.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/MemoryEstimate.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_MEMORYREPORTPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct MemoryReportPass : tfg::impl::MemoryReportPassBase<MemoryReportPass> {
  using MemoryReportPassBase::MemoryReportPassBase;

  void runOnOperation() override {
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file;
    if (output != "-") {
      file = openOutputFile(output, &error);
      if (!file) {
        getOperation()->emitError()
            << "tfg-memory-report: cannot open '" << output << "': " << error;
        return signalPassFailure();
      }
    }
    llvm::raw_ostream &os = file ? file->os() : llvm::outs();
    MemoryEstimateOptions options;
    options.deviceOnly = deviceOnly;
    options.assumeGpu = assumeGpu;
    for (Block *body : getGraphBodies(getOperation())) {
      Operation *parent = body->getParentOp();
      std::string title = "tfg.graph";
      if (auto func = dyn_cast<GraphFuncOp>(parent))
        title = ("tfg.func @" + func.getSymName()).str();
      MemoryEstimate est = estimateMemory(*body, options);
      printMemoryEstimate(est, title, top, os);
    }
    os.flush();
    if (file)
      file->keep();
    markAllAnalysesPreserved();
  }
};
} // namespace
