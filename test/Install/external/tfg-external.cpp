//===- tfg-external.cpp - a program using the installed tfg libraries -----===//
//
// Reads a text GraphDef, imports it into tfg, runs tfg-cse with its fetches,
// prints the module and exports it back, then counts its commutative nodes
// and those TFGEval evaluates. Built by test/Install against the
// installed package only.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/OpClassification.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/text_format.h>

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: tfg-external GRAPH.pbtxt FETCH\n";
    return 1;
  }
  auto file = llvm::MemoryBuffer::getFile(argv[1]);
  if (!file) {
    llvm::errs() << argv[1] << ": " << file.getError().message() << "\n";
    return 1;
  }
  tensorflow::GraphDef graph;
  if (!google::protobuf::TextFormat::ParseFromString((*file)->getBuffer().str(),
                                                     &graph)) {
    llvm::errs() << argv[1] << ": not a text GraphDef\n";
    return 1;
  }

  mlir::DialectRegistry registry;
  registry.insert<mlir::tf_type::TFTypeDialect, mlir::tfg::TFGraphDialect>();
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::tfg::importGraphDef(
      &context, graph, mlir::FileLineColLoc::get(&context, argv[1], 0, 0));
  if (!module)
    return 1;

  mlir::PassManager pm(&context);
  mlir::tfg::CSEPassOptions options;
  options.fetch.push_back(argv[2]);
  pm.addPass(mlir::tfg::createCSEPass(options));
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());

  tensorflow::GraphDef exported;
  if (mlir::failed(mlir::tfg::exportGraphDef(*module, exported)))
    return 1;
  llvm::outs() << "exported " << exported.node_size() << " nodes\n";

  // The op classes and the evaluator, from the installed headers.
  unsigned commutative = 0, evaluated = 0;
  module->walk([&](mlir::Operation *op) {
    commutative += mlir::tfg::isCommutative(op);
    evaluated += mlir::succeeded(mlir::tfg::evaluateNode(op));
  });
  llvm::outs() << commutative << " commutative, " << evaluated
               << " evaluated\n";
  return 0;
}
