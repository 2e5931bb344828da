//===- VerifiedPipeline.h - Pipelines that verify first ---------*- C++ -*-===//
//
// No pass of tfg's tools runs on a module the verifier rejects: their pass
// managers start with the tfg-verify pass, however the pipeline was given.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_VERIFIEDPIPELINE_H
#define TFG_TRANSFORMS_VERIFIEDPIPELINE_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class OpPassManager;
namespace tfg {

/// Makes the tfg-verify pass the first pass of `pm`, whatever pm held
/// (passes added to it, or a pipeline assigned to it, as `--run-reproducer`
/// does), so that no pass runs on an operation the verifier rejects. Nothing
/// changes if tfg-verify is already first; otherwise the pipeline is rebuilt
/// from its printed form behind a tfg-verify pass, on pm's anchor. The
/// printed form spells every option with its value, so a pass that tells an
/// option left at its default from one given the default value sees them
/// all as given: where the pipeline's text is at hand, parseVerifiedPipeline
/// reads it as written. Fails, with the reason in `errors`, for a pass with
/// no textual form (one never registered).
LogicalResult verifyFirst(OpPassManager &pm,
                          llvm::raw_ostream &errors = llvm::errs());

/// Parses `pipeline`, anchored as `--pass-pipeline` takes it
/// (`builtin.module(...)`, `any(...)`), into `pm` behind a tfg-verify pass:
/// pm becomes a pass manager on that anchor, with pm's nesting, running
/// tfg-verify and then the pipeline as written. Fails, with MLIR's message
/// in `errors`, on a pipeline that does not parse.
LogicalResult parseVerifiedPipeline(StringRef pipeline, OpPassManager &pm,
                                    llvm::raw_ostream &errors = llvm::errs());

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_VERIFIEDPIPELINE_H
