//===- TFGOptMain.cpp - tfg-opt's driver ----------------------------------===//
//
// MLIR's MlirOptMain with tfg-opt's configuration (tfg-verify in place of
// the parser's verification, the printer's check skipped when the IR was
// verified) and what MLIR's driver does around its core, redone for a tool
// that reads untrusted files and writes users' files
// (tfg/Tools/TFGOptMain.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Tools/TFGOptMain.h"
#include "tfg/IR/BytecodeCheck.h"
#include "tfg/IR/TextNesting.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Support/OutputFile.h"
#include "tfg/Transforms/VerifiedPipeline.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

/// MLIR's printer verifies the IR once more before printing it, to fall back
/// to the generic form for invalid IR: a fifth of the run time of a large
/// graph. What tfg-opt prints has been verified after parsing and by the
/// pass manager after every pass, unless the user turned either off or asked
/// for the IR after a failure: only then does the printer keep its check.
/// (`--mlir-print-assume-verified` given explicitly is left alone.)
///
/// The option is set as if given on the command line, through its
/// registered cl::opt: MLIR has no other public way. MlirOptMainConfig holds
/// no printing flags, and MlirOptMain prints with OpPrintingFlags built
/// from the AsmPrinter's command-line options, which can be set only so.
static void assumeVerifiedWhenVerified(const mlir::MlirOptMainConfig &config) {
  if (!config.shouldVerifyPasses() || !config.shouldVerifyOnParsing())
    return;
  auto options = llvm::cl::getRegisteredOptions();
  auto given = [&](llvm::StringRef name) {
    auto it = options.find(name);
    return it != options.end() && it->second->getNumOccurrences() > 0;
  };
  if (given("mlir-print-ir-after-failure") ||
      given("mlir-print-assume-verified"))
    return;
  auto it = options.find("mlir-print-assume-verified");
  if (it != options.end())
    (void)it->second->addOccurrence(/*pos=*/0, it->first, "true");
}

/// The pipeline given with `--pass-pipeline` (or `-p`), if any: MLIR's
/// PassPipelineCLParser holds it in a `cl::opt<std::string>` of that name.
static std::optional<std::string> givenPassPipeline() {
  auto options = llvm::cl::getRegisteredOptions();
  auto it = options.find("pass-pipeline");
  if (it == options.end() || it->second->getNumOccurrences() == 0)
    return std::nullopt;
  return static_cast<llvm::cl::opt<std::string> *>(it->second)->getValue();
}

/// The verification after parsing becomes the pipeline's first pass,
/// tfg-verify: the same checks as mlir::verify, which the parser would run,
/// in half its time on a large graph (tfg/IR/Verifier.h). It stays first
/// whatever builds the pipeline (tfg/Transforms/VerifiedPipeline.h):
/// `--run-reproducer` puts the reproducer's pipeline in the pass manager
/// before this runs, the pass list adds to it, and `--pass-pipeline` (`-p`)
/// replaces it, so that pipeline is parsed again, as written, behind
/// tfg-verify. `--dump-pass-pipeline` then shows the pipeline as it runs:
/// MLIR's command-line pipeline dumps it as soon as it has built it, reading
/// the flag from the registered option (not from `config`), so the option is
/// turned off there, as above, and the dump is made here.
static void verifyInputWithTFGVerify(mlir::MlirOptMainConfig &config) {
  if (!config.shouldVerifyOnParsing())
    return;
  bool dump = config.shouldDumpPassPipeline();
  if (dump) {
    auto options = llvm::cl::getRegisteredOptions();
    auto it = options.find("dump-pass-pipeline");
    if (it != options.end())
      (void)it->second->addOccurrence(/*pos=*/0, it->first, "false");
    config.dumpPassPipeline(false);
  }
  mlir::MlirOptMainConfig withPipeline = config;
  config.verifyOnParsing(false);
  config.setPassPipelineSetupFn(
      [withPipeline, dump, given = givenPassPipeline()](mlir::PassManager &pm) {
        if (mlir::failed(mlir::tfg::verifyFirst(pm)) ||
            mlir::failed(withPipeline.setupPassPipeline(pm)))
          return mlir::failure();
        if (given && mlir::failed(mlir::tfg::parseVerifiedPipeline(*given, pm)))
          return mlir::failure();
        if (mlir::failed(mlir::tfg::verifyFirst(pm)))
          return mlir::failure();
        if (dump) {
          pm.dump();
          llvm::errs() << "\n";
        }
        return mlir::success();
      });
}

/// Reports MLIR text nested beyond tfg's bound as a diagnostic at the
/// bracket crossing it, and bytecode that MLIR's reader must not see (its
/// structure checked, then a trial read in a child process) as a diagnostic
/// at the file and byte offset of the defect.
static mlir::LogicalResult checkInput(const llvm::MemoryBuffer &file,
                                      mlir::DialectRegistry &registry,
                                      const mlir::MlirOptMainConfig &config) {
  bool bytecode = mlir::isBytecode(file.getMemBufferRef());
  if (!bytecode && !mlir::tfg::findNestingBeyond(file.getBuffer(),
                                                 mlir::tfg::kMaxTextNesting))
    return mlir::success();
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects(config.shouldAllowUnregisteredDialects());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(file.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  if (!bytecode)
    return mlir::tfg::verifyTextNesting(file.getMemBufferRef(), &context);
  mlir::LogicalResult result = mlir::failure();
  mlir::tfg::runOnLargeStack([&] {
    result = mlir::tfg::verifyBytecodeInput(file.getMemBufferRef(), &context);
  });
  return result;
}

int mlir::tfg::tfgOptMain(int argc, char **argv, llvm::StringRef description,
                          mlir::DialectRegistry &registry) {
  llvm::InitLLVM initLLVM(argc, argv);
  auto [input, output] =
      mlir::registerAndParseCLIOptions(argc, argv, description, registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  assumeVerifiedWhenVerified(config);
  // Listing dialects or passes: MLIR's driver as it is.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, input, output, registry));
  verifyInputWithTFGVerify(config);

  // What MLIR's driver does around its core, with this configuration, but
  // for what a tool reading untrusted files and writing users' files must
  // add: the input read so that replacing it cannot fault (it is never
  // truncated: the output is written beside it and renamed over it), text
  // nested beyond tfg's bound refused before MLIR's recursive parser sees
  // it, malformed bytecode refused before MLIR's reader sees it, the work done
  // on a large stack, and the output written in full or not at all.
  if (input == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::tfg::openToolInput(
      input, mlir::tfg::isSameFile(input, output), error);
  if (!file) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(checkInput(*file, registry, config)))
    return EXIT_FAILURE;
  std::unique_ptr<mlir::tfg::AtomicOutputFile> out =
      mlir::tfg::AtomicOutputFile::open(output, error);
  if (!out) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  mlir::LogicalResult result = mlir::failure();
  mlir::tfg::runOnLargeStack([&] {
    result = mlir::MlirOptMain(out->os(), std::move(file), registry, config);
  });
  if (mlir::failed(result))
    return EXIT_FAILURE;
  if (!out->commit(error)) {
    llvm::errs() << "error: " << error << "\n";
    return EXIT_FAILURE;
  }
  return EXIT_SUCCESS;
}
