//===- tfg-graphdef-bench.cpp - GraphDef import/export vs protobuf --------===//
//
// Times, on one binary GraphDef: protobuf's ParseFromString, tfg import (to
// a verified module), tfg export, and protobuf's SerializeToString; prints
// the import/export ratios to protobuf's own parse/serialize and the peak
// memory as a multiple of the serialized size. Best of N runs.
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
#include <sys/resource.h>

static llvm::cl::opt<std::string> input(llvm::cl::Positional,
                                        llvm::cl::desc("<graph.pb>"),
                                        llvm::cl::Required);
static llvm::cl::opt<unsigned> runs("runs", llvm::cl::desc("Repetitions"),
                                    llvm::cl::init(3));

template <typename F> static double best(F f) {
  double t = 1e30;
  for (unsigned i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    f();
    t = std::min(t, std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count());
  }
  return t;
}

int main(int argc, char **argv) {
  llvm::cl::ParseCommandLineOptions(argc, argv, "tfg GraphDef benchmark\n");
  auto buffer = llvm::MemoryBuffer::getFile(input, /*IsText=*/false);
  if (!buffer) {
    llvm::errs() << input << ": " << buffer.getError().message() << "\n";
    return 1;
  }
  std::string bytes = (*buffer)->getBuffer().str();
  tensorflow::GraphDef graph;
  double parse = best([&] { graph.ParseFromString(bytes); });
  mlir::MLIRContext context;
  context.loadDialect<mlir::tfg::TFGraphDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bool ok = true;
  double import = best([&] {
    module = mlir::tfg::importGraphDef(&context, graph,
                                       mlir::UnknownLoc::get(&context));
    ok &= static_cast<bool>(module);
  });
  if (!ok) {
    llvm::errs() << "import failed\n";
    return 1;
  }
  tensorflow::GraphDef out;
  double exportTime = best(
      [&] { ok &= mlir::succeeded(mlir::tfg::exportGraphDef(*module, out)); });
  std::string serialized;
  double serialize = best([&] { out.SerializeToString(&serialized); });
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  double peakMB = usage.ru_maxrss / 1024.0;
  double sizeMB = bytes.size() / 1048576.0;
  llvm::outs() << llvm::format(
      "nodes %d  size %.1f MB | parse %.3f s  import %.3f s (%.1fx) | "
      "export %.3f s  serialize %.3f s (%.1fx) | peak %.0f MB (%.1fx size)\n",
      graph.node_size(), sizeMB, parse, import, import / parse, exportTime,
      serialize, exportTime / serialize, peakMB, peakMB / sizeMB);
  return ok ? 0 : 1;
}
