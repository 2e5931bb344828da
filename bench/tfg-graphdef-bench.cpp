//===- tfg-graphdef-bench.cpp - GraphDef import/export vs protobuf --------===//
//
// Times, on one binary GraphDef: protobuf's ParseFromString, tfg import (to
// a verified module, each in a fresh MLIR context) of the parsed message
// and of the bytes in place
// (importBinaryGraphDef, which parses as it goes), tfg export, and
// protobuf's SerializeToString; prints the import/export ratios to
// protobuf's own parse/serialize and the peak memory as a multiple of the
// serialized size: of each import alone (read, [parse,] import and verify in
// a process of its own, started afresh as a tool is; the in-place import
// reads the file mapped, as tfg-translate does) and of the whole run. Best
// of N runs.
//
// An import's memory is counted above the process it starts in, twice: cold
// (a process that has only made its MLIR context) and warm (one that has
// imported the same file before, in another context since destroyed, and
// given the freed memory back: the code an import runs is paged in and the
// context's threads exist, which at 1k nodes is most of the cold figure).
// The process is a new program, not a fork of this one: a forked child
// would fault in again, one by one, the pages of libMLIR and libLLVM that
// the dynamic linker maps at once when a program starts, about 5 MB that
// no tool pays.
//
// Each import's memory is also counted at the allocator (HeapCount.cpp):
// the most bytes in blocks alive at once above those alive before it (the
// input file, mapped, is not among them), and the bytes still alive once it
// returned (the module). Cold and warm agree there: what separates them in
// resident memory is code paged in, thread stacks and allocator arenas.
//
// --import-once only imports the file in place and exits (without tearing
// the module down), for profilers and whole-process timers.
//
//===----------------------------------------------------------------------===//

#include "HeapCount.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/Support/CommandLine.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/arena.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdio>
#include <memory>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

static llvm::cl::opt<std::string> input(llvm::cl::Positional,
                                        llvm::cl::desc("<graph.pb>"),
                                        llvm::cl::Required);
static llvm::cl::opt<unsigned> runs("runs", llvm::cl::desc("Repetitions"),
                                    llvm::cl::init(3));
static llvm::cl::opt<bool> importOnce(
    "import-once",
    llvm::cl::desc("Only import the file in place, once, and exit without "
                   "destroying the module (for profilers and whole-process "
                   "timers)"),
    llvm::cl::init(false));
static llvm::cl::opt<std::string> peakOf(
    "peak-of",
    llvm::cl::desc("(Used by the benchmark itself.) Import the file once, "
                   "'in-place' or parsed into a 'message' first, and print "
                   "the process's resident memory before and its peak "
                   "after, in MB"),
    llvm::cl::Hidden);
static llvm::cl::opt<bool>
    peakWarm("peak-warm",
             llvm::cl::desc("(With --peak-of.) Import the file once before, in "
                            "a context of its own"),
             llvm::cl::Hidden, llvm::cl::init(false));
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

/// Resident memory of this process now, in MB.
static double currentRssMB() {
  long pages = 0, resident = 0;
  if (FILE *f = fopen("/proc/self/statm", "r")) {
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
      resident = 0;
    fclose(f);
  }
  return resident * (sysconf(_SC_PAGESIZE) / 1048576.0);
}

/// Memory of importing the file alone (read, parse, import, verify; or read
/// and import in place), in a process of its own so that nothing else
/// counts.
struct ImportPeak {
  double peakMB = -1;
  /// The process before it reads the input.
  double baselineMB = 0;
  /// The process once the message is parsed (message imports only).
  double parsedMB = -1;
  /// The most bytes in the allocator's blocks alive at once during the
  /// import, above those alive before it (the mapped file is not a
  /// block); -1 if not counted.
  double heapMB = -1;
  /// The bytes in blocks still alive once the import returned (the module
  /// and what the context keeps for it); -1 if not counted.
  double moduleMB = -1;
};

/// The peak resident memory of this process (VmHWM), in MB; -1 if unknown.
static double peakRssMB() {
  double peak = -1;
  if (FILE *f = fopen("/proc/self/status", "r")) {
    char line[256];
    long kb;
    while (fgets(line, sizeof(line), f))
      if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
        peak = kb / 1024.0;
    fclose(f);
  }
  return peak;
}

/// Starts the process's peak resident memory over from what is resident
/// now (Linux's clear_refs); false if it cannot.
static bool resetPeakRss() {
  FILE *f = fopen("/proc/self/clear_refs", "w");
  if (!f)
    return false;
  bool written = fputs("5", f) >= 0;
  return fclose(f) == 0 && written;
}

/// Imports the file into `context`: in place, or parsed into a message
/// first (the process's resident memory then goes to `parsedMB`).
static mlir::OwningOpRef<mlir::ModuleOp>
importFile(mlir::MLIRContext *context, bool inPlace,
           double *parsedMB = nullptr) {
  mlir::Location loc = mlir::UnknownLoc::get(context);
  auto buffer = llvm::MemoryBuffer::getFile(input, /*IsText=*/false);
  if (!buffer)
    return nullptr;
  if (inPlace)
    return mlir::tfg::importBinaryGraphDef(context, **buffer, loc);
  auto graph = std::make_unique<tensorflow::GraphDef>();
  if (!graph->ParseFromArray((*buffer)->getBufferStart(),
                             (*buffer)->getBufferSize()))
    return nullptr;
  if (parsedMB)
    *parsedMB = currentRssMB();
  return mlir::tfg::importGraphDef(context, std::move(*graph), loc);
}

/// --peak-of: one import in this process, which has done nothing else;
/// prints the resident memory before the import and the peak after it.
static int measurePeak() {
  bool inPlace = peakOf == "in-place";
  if (!inPlace && peakOf != "message") {
    llvm::errs() << "--peak-of: expected 'in-place' or 'message'\n";
    return 1;
  }
  if (peakWarm) {
    // The same import once before, in a context of its own, gone since:
    // its code is paged in, the context's threads exist, and what it
    // freed is given back to the system before the peak starts over.
    if (!importFile(makeContext().get(), inPlace))
      return 1;
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    if (!resetPeakRss())
      return 1;
  }
  auto context = makeContext();
  double baselineMB = currentRssMB(), parsedMB = -1;
  tfg_bench::resetHeapPeak();
  int64_t heapBaseline = tfg_bench::heapLiveBytes();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      importFile(context.get(), inPlace, &parsedMB);
  if (!module)
    return 1;
  bool counted = tfg_bench::heapCounted();
  double heapMB =
      counted ? (tfg_bench::heapPeakBytes() - heapBaseline) / 1048576.0 : -1;
  double moduleMB =
      counted ? (tfg_bench::heapLiveBytes() - heapBaseline) / 1048576.0 : -1;
  llvm::outs() << llvm::format("%.3f %.3f %.3f %.6f %.6f\n", baselineMB,
                               peakRssMB(), parsedMB, heapMB, moduleMB);
  llvm::outs().flush();
  // Without tearing the module down: the peak is taken.
  _exit(0);
}

/// The peak of one import in a new process of this program (--peak-of),
/// cold, or `warm` after a warm-up import of a tiny graph.
static ImportPeak importPeak(bool inPlace, bool warm) {
  ImportPeak result;
  int fds[2];
  if (pipe(fds) != 0)
    return result;
  std::vector<std::string> args = {"tfg-graphdef-bench", input,
                                   std::string("--peak-of=") +
                                       (inPlace ? "in-place" : "message")};
  if (warm)
    args.push_back("--peak-warm");
  if (disableThreading)
    args.push_back("--mlir-disable-threading");
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    if (dup2(fds[1], STDOUT_FILENO) < 0)
      _exit(1);
    close(fds[1]);
    execv("/proc/self/exe", argv.data());
    _exit(127);
  }
  close(fds[1]);
  std::string text;
  char chunk[256];
  ssize_t n;
  while (pid > 0 && (n = read(fds[0], chunk, sizeof(chunk))) > 0)
    text.append(chunk, n);
  close(fds[0]);
  int status = 0;
  if (pid > 0)
    waitpid(pid, &status, 0);
  ImportPeak measured;
  if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
      sscanf(text.c_str(), "%lf %lf %lf %lf %lf", &measured.baselineMB,
             &measured.peakMB, &measured.parsedMB, &measured.heapMB,
             &measured.moduleMB) == 5)
    result = measured;
  return result;
}

int main(int argc, char **argv) {
  mlir::tfg::initToolCommandLine();
  llvm::cl::ParseCommandLineOptions(argc, argv, "tfg GraphDef benchmark\n");
  if (!peakOf.empty())
    return measurePeak();
  if (importOnce) {
    auto context = makeContext();
    auto buffer = llvm::MemoryBuffer::getFile(input, /*IsText=*/false);
    if (!buffer) {
      llvm::errs() << input << ": " << buffer.getError().message() << "\n";
      return 1;
    }
    mlir::OwningOpRef<mlir::ModuleOp> module = mlir::tfg::importBinaryGraphDef(
        context.get(), **buffer, mlir::UnknownLoc::get(context.get()));
    // Without tearing the module and context down: the import alone.
    _exit(module ? 0 : 1);
  }
  ImportPeak messageCold = importPeak(/*inPlace=*/false, /*warm=*/false);
  ImportPeak messageWarm = importPeak(/*inPlace=*/false, /*warm=*/true);
  ImportPeak inPlaceCold = importPeak(/*inPlace=*/true, /*warm=*/false);
  ImportPeak inPlaceWarm = importPeak(/*inPlace=*/true, /*warm=*/true);
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
  // Each import gets a fresh context, as a tool's one import does: in a
  // context that imported the graph before, the names, locations and
  // attribute dictionaries are found in MLIR's uniquer instead of being
  // created (the second import of a 1M-node graph is 1 s faster).
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  auto freshContext = [&] {
    module = nullptr;
    context = makeContext();
  };
  bool ok = true;
  double import = best(
      [&] {
        module = mlir::tfg::importGraphDef(
            context.get(), graph, mlir::UnknownLoc::get(context.get()));
        ok &= static_cast<bool>(module);
      },
      freshContext);
  double inPlace = best(
      [&] {
        module = mlir::tfg::importBinaryGraphDef(
            context.get(), bytes, mlir::UnknownLoc::get(context.get()));
        ok &= static_cast<bool>(module);
      },
      freshContext);
  if (!ok) {
    llvm::errs() << "import failed\n";
    return 1;
  }
  // Export writes into a message on an arena, as tfg-translate does; the
  // previous run's arena is freed before the clock starts.
  std::unique_ptr<google::protobuf::Arena> arena;
  tensorflow::GraphDef *out = nullptr;
  double exportTime = best(
      [&] { ok &= mlir::succeeded(mlir::tfg::exportGraphDef(*module, *out)); },
      [&] {
        out = nullptr;
        arena = std::make_unique<google::protobuf::Arena>();
        out = google::protobuf::Arena::CreateMessage<tensorflow::GraphDef>(
            arena.get());
      });
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
  // Peaks as multiples of the file: what each import adds to the process it
  // starts in, cold and warm.
  auto ratio = [&](const ImportPeak &peak, const char *kind) {
    if (peak.peakMB < 0)
      return llvm::formatv("{0} not measured", kind).str();
    double above = peak.peakMB - peak.baselineMB;
    return llvm::formatv("{0:F1}x {1} ({2:F1} MB above {3:F0} MB)",
                         above / sizeMB, kind, above, peak.baselineMB)
        .str();
  };
  auto ratios = [&](const ImportPeak &cold, const ImportPeak &warm) {
    return ratio(cold, "cold") + ", " + ratio(warm, "warm");
  };
  // The message import's own part: above the process holding the parsed
  // message (which protobuf makes several times the file).
  auto aboveParsed = [&](const ImportPeak &cold, const ImportPeak &warm) {
    auto given = [](ImportPeak peak) {
      peak.baselineMB = peak.parsedMB;
      if (peak.parsedMB < 0)
        peak.peakMB = -1;
      return peak;
    };
    return ratio(given(cold), "cold") + ", " + ratio(given(warm), "warm");
  };
  llvm::outs() << llvm::format(
      "nodes %d (+%d in %d functions)  size %.1f MB | parse %.3f s  import "
      "%.3f s (%.1fx), in place %.3f s (%.1fx) | export %.3f s  serialize "
      "%.3f s (%.1fx)\n",
      graph.node_size(), functionNodes, graph.library().function_size(), sizeMB,
      parse, import, import / parse, inPlace, inPlace / parse, exportTime,
      serialize, exportTime / serialize);
  auto heap = [&](const ImportPeak &cold, const ImportPeak &warm) {
    if (cold.heapMB < 0 || warm.heapMB < 0)
      return std::string("not counted");
    return llvm::formatv("{0:F1}x cold ({1:F2} MB), {2:F1}x warm ({3:F2} MB)",
                         cold.heapMB / sizeMB, cold.heapMB,
                         warm.heapMB / sizeMB, warm.heapMB)
        .str();
  };
  llvm::outs()
      << "  peak, import " << ratios(messageCold, messageWarm)
      << "\n     of which, given the parsed message, "
      << aboveParsed(messageCold, messageWarm) << "\n        in place "
      << ratios(inPlaceCold, inPlaceWarm)
      << "\n  heap peak (the allocator's, the input file not counted), import "
      << heap(messageCold, messageWarm) << "\n        in place "
      << heap(inPlaceCold, inPlaceWarm) << "\n        the module alone "
      << (inPlaceWarm.moduleMB < 0
              ? std::string("not counted")
              : llvm::formatv("{0:F2} MB ({1:F1}x)", inPlaceWarm.moduleMB,
                              inPlaceWarm.moduleMB / sizeMB)
                    .str())
      << llvm::format("\n  whole run %.0f MB (%.1fx)\n", peakMB,
                      peakMB / sizeMB);
  return ok ? 0 : 1;
}
