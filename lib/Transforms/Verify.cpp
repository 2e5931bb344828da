//===- Verify.cpp - The tfg-verify pass -----------------------------------===//

#include "tfg/IR/TextNesting.h"
#include "tfg/IR/Verifier.h"
#include "tfg/Transforms/Passes.h"

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
