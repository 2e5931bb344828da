//===- tfg-graphdef-bench.cpp - GraphDef import/export vs protobuf --------===//
//
// Times, on one binary GraphDef: protobuf's ParseFromString, tfg import (to
// a verified module) of the parsed message and of the bytes in place
// (importBinaryGraphDef, which parses as it goes), tfg export, and
// protobuf's SerializeToString; prints the import/export ratios to
// protobuf's own parse/serialize and the peak memory as a multiple of the
// serialized size: of each import alone (read, [parse,] import and verify in
// a child process) and of the whole run. Best of N runs.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <memory>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static llvm::cl::opt<std::string> input(llvm::cl::Positional,
                                        llvm::cl::desc("<graph.pb>"),
                                        llvm::cl::Required);
static llvm::cl::opt<unsigned> runs("runs", llvm::cl::desc("Repetitions"),
                                    llvm::cl::init(3));
static llvm::cl::opt<bool>
    disableThreading("mlir-disable-threading",
                     llvm::cl::desc("Import on one thread (as the MLIR tools' "
                                    "option of the same name)"),
                     llvm::cl::init(false));

/// A context for the import, with the tfg dialect loaded.
static std::unique_ptr<mlir::MLIRContext> makeContext() {
  auto context = std::make_unique<mlir::MLIRContext>(
      disableThreading ? mlir::MLIRContext::Threading::DISABLED
                       : mlir::MLIRContext::Threading::ENABLED);
  context->loadDialect<mlir::tfg::TFGraphDialect>();
  return context;
}

/// Best time of `f` over the runs; `reset` runs before each, untimed (it
/// destroys the previous result, which must not count).
template <typename F, typename R> static double best(F f, R reset) {
  double t = 1e30;
  for (unsigned i = 0; i < runs; ++i) {
    reset();
    auto start = std::chrono::steady_clock::now();
    f();
    t = std::min(t, std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count());
  }
  return t;
}
template <typename F> static double best(F f) {
  return best(f, [] {});
}

/// Peak memory (MB) of importing the file alone (read, parse, import,
/// verify; or read and import in place), in a child process so that
/// nothing else counts; -1 if the child failed.
static double importPeakMB(bool inPlace) {
  int fds[2];
  if (pipe(fds) != 0)
    return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    double peak = -1;
    auto buffer = llvm::MemoryBuffer::getFile(input, /*IsText=*/false);
    if (buffer && inPlace) {
      auto context = makeContext();
      auto module =
          mlir::tfg::importBinaryGraphDef(context.get(), (*buffer)->getBuffer(),
                                          mlir::UnknownLoc::get(context.get()));
      struct rusage usage;
      getrusage(RUSAGE_SELF, &usage);
      if (module)
        peak = usage.ru_maxrss / 1024.0;
    } else if (buffer) {
      auto graph = std::make_unique<tensorflow::GraphDef>();
      if (graph->ParseFromArray((*buffer)->getBufferStart(),
                                (*buffer)->getBufferSize())) {
        auto context = makeContext();
        auto module =
            mlir::tfg::importGraphDef(context.get(), std::move(*graph),
                                      mlir::UnknownLoc::get(context.get()));
        struct rusage usage;
        getrusage(RUSAGE_SELF, &usage);
        if (module)
          peak = usage.ru_maxrss / 1024.0;
      }
    }
    (void)!write(fds[1], &peak, sizeof(peak));
    _exit(0);
  }
  close(fds[1]);
  double peak = -1;
  if (pid < 0 || read(fds[0], &peak, sizeof(peak)) != sizeof(peak))
    peak = -1;
  close(fds[0]);
  if (pid > 0)
    waitpid(pid, nullptr, 0);
  return peak;
}

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(argc, argv, "tfg GraphDef benchmark\n");
  double importPeak = importPeakMB(/*inPlace=*/false);
  double inPlacePeak = importPeakMB(/*inPlace=*/true);
  auto buffer = llvm::MemoryBuffer::getFile(input, /*IsText=*/false);
  if (!buffer) {
    llvm::errs() << input << ": " << buffer.getError().message() << "\n";
    return 1;
  }
  std::string bytes = (*buffer)->getBuffer().str();
  // Cold parses into a fresh message, as the import below is cold.
  std::unique_ptr<tensorflow::GraphDef> parsed;
  double parse =
      best([&] { parsed->ParseFromString(bytes); },
           [&] { parsed = std::make_unique<tensorflow::GraphDef>(); });
  tensorflow::GraphDef &graph = *parsed;
  auto contextOwner = makeContext();
  mlir::MLIRContext &context = *contextOwner;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bool ok = true;
  double import = best(
      [&] {
        module = mlir::tfg::importGraphDef(&context, graph,
                                           mlir::UnknownLoc::get(&context));
        ok &= static_cast<bool>(module);
      },
      [&] { module = nullptr; });
  double inPlace = best(
      [&] {
        module = mlir::tfg::importBinaryGraphDef(
            &context, bytes, mlir::UnknownLoc::get(&context));
        ok &= static_cast<bool>(module);
      },
      [&] { module = nullptr; });
  if (!ok) {
    llvm::errs() << "import failed\n";
    return 1;
  }
  std::unique_ptr<tensorflow::GraphDef> out;
  double exportTime = best(
      [&] { ok &= mlir::succeeded(mlir::tfg::exportGraphDef(*module, *out)); },
      [&] { out = std::make_unique<tensorflow::GraphDef>(); });
  std::string serialized;
  double serialize = best([&] { out->SerializeToString(&serialized); },
                          [&] { serialized = std::string(); });
  int functionNodes = 0;
  for (const tensorflow::FunctionDef &func : graph.library().function())
    functionNodes += func.node_def_size();
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  double peakMB = usage.ru_maxrss / 1024.0;
  double sizeMB = bytes.size() / 1048576.0;
  llvm::outs() << llvm::format(
      "nodes %d (+%d in %d functions)  size %.1f MB | parse %.3f s  import "
      "%.3f s (%.1fx), in "
      "place %.3f s (%.1fx) | export %.3f s  serialize %.3f s (%.1fx) | "
      "import peak %.0f MB (%.1fx size), in place %.0f MB (%.1fx), whole "
      "run %.0f MB (%.1fx)\n",
      graph.node_size(), functionNodes, graph.library().function_size(), sizeMB,
      parse, import, import / parse, inPlace, inPlace / parse, exportTime,
      serialize, exportTime / serialize, importPeak, importPeak / sizeMB,
      inPlacePeak, inPlacePeak / sizeMB, peakMB, peakMB / sizeMB);
  return ok ? 0 : 1;
}
