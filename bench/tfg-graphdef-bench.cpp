//===- tfg-graphdef-bench.cpp - GraphDef import/export vs protobuf --------===//
//
// Times, on one binary GraphDef: protobuf's ParseFromString, tfg import (to
// a verified module), tfg export, and protobuf's SerializeToString; prints
// the import/export ratios to protobuf's own parse/serialize and the peak
// memory as a multiple of the serialized size: of an import alone (read,
// parse, import and verify in a child process) and of the whole run. Best
// of N runs.
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

/// Peak memory (MB) of importing the file alone, as tfg-translate does it
/// (read, parse, import, verify), in a child process so that nothing else
/// counts; -1 if the child failed.
static double importPeakMB() {
  int fds[2];
  if (pipe(fds) != 0)
    return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    double peak = -1;
    auto buffer = llvm::MemoryBuffer::getFile(input, /*IsText=*/false);
    if (buffer) {
      auto graph = std::make_unique<tensorflow::GraphDef>();
      if (graph->ParseFromArray((*buffer)->getBufferStart(),
                                (*buffer)->getBufferSize())) {
        mlir::MLIRContext context;
        context.loadDialect<mlir::tfg::TFGraphDialect>();
        auto module = mlir::tfg::importGraphDef(
            &context, std::move(*graph), mlir::UnknownLoc::get(&context));
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
  double importPeak = importPeakMB();
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
  mlir::MLIRContext context;
  context.loadDialect<mlir::tfg::TFGraphDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bool ok = true;
  double import = best(
      [&] {
        module = mlir::tfg::importGraphDef(&context, graph,
                                           mlir::UnknownLoc::get(&context));
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
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  double peakMB = usage.ru_maxrss / 1024.0;
  double sizeMB = bytes.size() / 1048576.0;
  llvm::outs() << llvm::format(
      "nodes %d  size %.1f MB | parse %.3f s  import %.3f s (%.1fx) | "
      "export %.3f s  serialize %.3f s (%.1fx) | import peak %.0f MB "
      "(%.1fx size), whole run %.0f MB (%.1fx)\n",
      graph.node_size(), sizeMB, parse, import, import / parse, exportTime,
      serialize, exportTime / serialize, importPeak, importPeak / sizeMB,
      peakMB, peakMB / sizeMB);
  return ok ? 0 : 1;
}
