//===- Verify.cpp - The tfg-verify pass -----------------------------------===//

#include "tfg/IR/TextNesting.h"
#include "tfg/IR/Verifier.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/Transforms/VerifiedPipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-verify"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_VERIFYPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {
struct VerifyPass : tfg::impl::VerifyPassBase<VerifyPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-verify: running on "
                            << getOperation()->getName() << "\n");
    // Nothing changes: the pass manager need not verify again after it.
    markAllAnalysesPreserved();
    // What the verifier and every later recursion could not hold (MLIR
    // bytecode reads any nesting) is refused first.
    if (failed(tfg::verifyRegionNesting(getOperation())) ||
        failed(tfg::verifyGraphModule(getOperation())))
      signalPassFailure();
  }
};
} // namespace

/// Parses the elements of a pipeline, `passes`, into a pass manager on
/// `anchor` behind a tfg-verify pass, and makes it `pm`.
static LogicalResult parseBehindVerify(StringRef anchor, StringRef passes,
                                       OpPassManager &pm,
                                       llvm::raw_ostream &errors) {
  OpPassManager verified(anchor, pm.getNesting());
  verified.addPass(tfg::createVerifyPass());
  if (!passes.trim().empty() &&
      failed(parsePassPipeline(passes, verified, errors)))
    return failure();
  pm = std::move(verified);
  return success();
}

LogicalResult tfg::parseVerifiedPipeline(StringRef pipeline, OpPassManager &pm,
                                         llvm::raw_ostream &errors) {
  // The split MLIR's parsePassPipeline makes: `<anchor>(<elements>)`.
  pipeline = pipeline.trim();
  size_t open = pipeline.find_first_of('(');
  if (open == 0 || open == StringRef::npos || !pipeline.consume_back(")")) {
    errors << "expected pass pipeline to be wrapped with the anchor "
              "operation type, e.g. 'builtin.module(...)'\n";
    return failure();
  }
  return parseBehindVerify(pipeline.take_front(open).rtrim(),
                           pipeline.drop_front(open + 1), pm, errors);
}

LogicalResult tfg::verifyFirst(OpPassManager &pm, llvm::raw_ostream &errors) {
  if (!pm.empty() && pm.begin()->getArgument() == "tfg-verify")
    return success();
  // OpPassManager can add a pass only at the end, and a pass cannot be
  // moved from one manager to another: the passes are rebuilt from their
  // text (`anchor(pass{options},...)`, as a crash reproducer records them).
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  StringRef passes = text;
  if (!passes.consume_front(pm.getOpAnchorName()) ||
      !passes.consume_front("(") || !passes.consume_back(")")) {
    errors << "cannot read the pass pipeline '" << text << "'\n";
    return failure();
  }
  std::string parseErrors;
  llvm::raw_string_ostream parseOs(parseErrors);
  if (failed(parseBehindVerify(pm.getOpAnchorName(), passes, pm, parseOs))) {
    errors << "cannot put tfg-verify first in the pass pipeline '" << text
           << "': " << parseErrors << "\n";
    return failure();
  }
  return success();
}
