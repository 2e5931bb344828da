//===- TFGOptMain.h - tfg-opt's driver --------------------------*- C++ -*-===//
//
// The main of tfg-opt as a library function, so that the tool is only its
// registrations (and another optimizer built on tfg, with passes of its
// own, gets the same behaviour by registering them and calling it).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_TFGOPTMAIN_H
#define TFG_TOOLS_TFGOPTMAIN_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class DialectRegistry;

namespace tfg {

/// tfg-opt's main: mlir-opt's command line and behaviour (MlirOptMain: the
/// passes registered before the call, -o, --split-input-file,
/// --verify-diagnostics, ...) with what a tool reading untrusted files and
/// writing users' files adds:
/// - the input is verified by the tfg-verify pass, first in the pipeline
///   however it is given (passes, --pass-pipeline, -p, --run-reproducer;
///   tfg/Transforms/VerifiedPipeline.h), instead of by the parser (the same
///   checks in half the time on a large graph;
///   --mlir-very-unsafe-disable-verifier-on-parsing leaves it out);
/// - the printer does not verify again what the pass manager verified
///   (--mlir-print-assume-verified is implied unless a verification is
///   turned off or --mlir-print-ir-after-failure is given);
/// - MLIR text nested beyond tfg's bound (tfg/IR/TextNesting.h) is refused
///   with a diagnostic before MLIR's recursive parser sees it;
/// - the output is written in full or not at all, and an input that is also
///   the output is read safely (tfg/Support/OutputFile.h);
/// - the work runs on a thread with a large stack
///   (tfg/Support/InputLimits.h).
/// Call initToolCommandLine (tfg/Support/CommandLine.h) and register the
/// passes first; `registry` holds the dialects the tool knows. Returns the
/// process's exit code.
int tfgOptMain(int argc, char **argv, llvm::StringRef description,
               DialectRegistry &registry);

} // namespace tfg
} // namespace mlir

#endif // TFG_TOOLS_TFGOPTMAIN_H
