//===- TranslateMain.cpp - tfg-translate's driver -------------------------===//
//
// mlir-translate's command line and behaviour (translation flags, -o,
// --split-input-file, --verify-diagnostics, --mlir-timing, ...), with what a
// tool that reads untrusted files and writes users' files must add:
// - every output is an AtomicOutputFile: a failed run leaves existing files
//   as they were, and an input that is also the output is never truncated
//   while it is read;
// - the work runs on a thread with a large stack (tfg/Support/InputLimits.h);
// - translations that write more than one file (TF.js export) see the run's
//   main output path and commit their files with it
//   (TranslationOutputs.h).
//
//===----------------------------------------------------------------------===//

#include "TranslationOutputs.h"

#include "tfg/ImportExport/Translations.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Support/OutputFile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;

static TranslationOutputs *activeOutputs = nullptr;

TranslationOutputs *TranslationOutputs::getActive() { return activeOutputs; }
void TranslationOutputs::setActive(TranslationOutputs *outputs) {
  activeOutputs = outputs;
}

llvm::raw_ostream *TranslationOutputs::openExtra(llvm::StringRef path,
                                                 std::string &error) {
  if (path == getMainPath() || isSameFile(path, getMainPath())) {
    error = "'" + path.str() + "' is the output file";
    return nullptr;
  }
  for (const auto &extra : extras)
    if (extra->getPath() == path || isSameFile(path, extra->getPath())) {
      error = "'" + path.str() + "' is written twice in one run";
      return nullptr;
    }
  std::unique_ptr<AtomicOutputFile> file = AtomicOutputFile::open(path, error);
  if (!file)
    return nullptr;
  extras.push_back(std::move(file));
  return &extras.back()->os();
}

bool TranslationOutputs::commit(std::string &error) {
  for (auto &extra : extras)
    if (!extra->commit(error))
      return false;
  return main->commit(error);
}

namespace {
/// The command line of tfg-translate, as mlir-translate's.
struct TranslateOptions {
  llvm::cl::opt<std::string> input{llvm::cl::Positional,
                                   llvm::cl::desc("<input file>"),
                                   llvm::cl::init("-")};
  llvm::cl::opt<std::string> output{
      "o",
      llvm::cl::desc("Output filename (written in full or not at all: a "
                     "failed run leaves an existing file as it was)"),
      llvm::cl::value_desc("filename"), llvm::cl::init("-")};
  llvm::cl::opt<bool> allowUnregisteredDialects{
      "allow-unregistered-dialect",
      llvm::cl::desc("Allow operation with no registered dialects "
                     "(discouraged: testing only!)"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> inputSplitMarker{
      "split-input-file", llvm::cl::ValueOptional,
      llvm::cl::callback([this](const std::string &value) {
        if (value.empty())
          inputSplitMarker = kDefaultSplitMarker;
      }),
      llvm::cl::desc("Split the input file into chunks using the given or "
                     "default marker and process each chunk independently"),
      llvm::cl::init("")};
  llvm::cl::opt<SourceMgrDiagnosticVerifierHandler::Level> verifyDiagnostics{
      "verify-diagnostics", llvm::cl::ValueOptional,
      llvm::cl::desc("Check that emitted diagnostics match expected-* lines "
                     "on the corresponding line"),
      llvm::cl::values(
          clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::All, "all",
                     "Check all diagnostics (expected, unexpected, "
                     "near-misses)"),
          clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::All, "",
                     "Check all diagnostics (expected, unexpected, "
                     "near-misses)"),
          clEnumValN(SourceMgrDiagnosticVerifierHandler::Level::OnlyExpected,
                     "only-expected", "Check only expected diagnostics"))};
  llvm::cl::opt<bool> errorDiagnosticsOnly{
      "error-diagnostics-only",
      llvm::cl::desc("Filter all non-error diagnostics (discouraged: testing "
                     "only!)"),
      llvm::cl::init(false)};
  llvm::cl::opt<std::string> outputSplitMarker{
      "output-split-marker",
      llvm::cl::desc("Split marker to use for merging the output"),
      llvm::cl::init("")};
  llvm::cl::opt<const Translation *, false, TranslationParser> translation{
      llvm::cl::desc("Translations to perform"), llvm::cl::Required};
};
} // namespace

/// Runs the translation on one buffer (the input or a chunk of it) with a
/// context of its own, as mlir-translate does.
static LogicalResult translateBuffer(const TranslateOptions &options,
                                     std::unique_ptr<llvm::MemoryBuffer> buffer,
                                     llvm::raw_ostream &os) {
  // The context is destroyed last (timed: at a million nodes it frees a
  // million uniqued names).
  std::optional<TimingScope> destroyTiming;
  MLIRContext context;
  llvm::scope_exit timeDestruction(
      [&] { destroyTiming.emplace(nestTiming("Destroy context")); });
  context.allowUnregisteredDialects(options.allowUnregisteredDialects);
  bool verifying = options.verifyDiagnostics.getNumOccurrences() > 0;
  context.printOpOnDiagnostic(!verifying);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  const Translation &translation = *options.translation;
  if (!verifying) {
    SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
    if (options.errorDiagnosticsOnly)
      context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
        if (diag.getSeverity() != DiagnosticSeverity::Error)
          return success();
        return failure(); // On to the SourceMgr handler.
      });
    return translation(sourceMgr, os, &context);
  }
  // Checking diagnostics: the translation's own result does not count.
  SourceMgrDiagnosticVerifierHandler handler(*sourceMgr, &context,
                                             options.verifyDiagnostics);
  (void)translation(sourceMgr, os, &context);
  return handler.verify();
}

int mlir::tfg::tfgTranslateMain(int argc, char **argv,
                                llvm::StringRef description) {
  llvm::InitLLVM initLLVM(argc, argv);
  TranslateOptions options;
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerTranslationCLOptions();
  registerDefaultTimingManagerCLOptions();
  llvm::cl::ParseCommandLineOptions(argc, argv, description);

  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input;
  {
    TimingScope inputTiming = timing.nest("Read input");
    // A SavedModel's directory stands for its saved_model.pb(txt).
    if (llvm::sys::fs::is_directory(options.input))
      for (const char *name : {"saved_model.pb", "saved_model.pbtxt"}) {
        llvm::SmallString<256> file(options.input);
        llvm::sys::path::append(file, name);
        if (llvm::sys::fs::exists(file)) {
          options.input = file.str().str();
          break;
        }
      }
    input = openToolInput(options.input,
                          isSameFile(options.input, options.output), error);
  }
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<AtomicOutputFile> output =
      AtomicOutputFile::open(options.output, error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  TranslationOutputs outputs(std::move(output));
  outputs.setTiming(&timing);
  TranslationOutputs::setActive(&outputs);
  LogicalResult result = failure();
  runOnLargeStack([&] {
    auto process = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                       llvm::raw_ostream &os) {
      return translateBuffer(options, std::move(chunk), os);
    };
    result = splitAndProcessBuffer(
        std::move(input), process, outputs.mainStream(),
        options.inputSplitMarker, options.outputSplitMarker);
  });
  TranslationOutputs::setActive(nullptr);
  if (failed(result))
    return EXIT_FAILURE;
  TimingScope commitTiming = timing.nest("Commit output");
  if (!outputs.commit(error)) {
    llvm::errs() << "error: " << error << "\n";
    return EXIT_FAILURE;
  }
  return EXIT_SUCCESS;
}
