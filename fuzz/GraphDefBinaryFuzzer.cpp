//===- GraphDefBinaryFuzzer.cpp - Fuzz the binary GraphDef importer -------===//
//
// Differential: the in-place import of the bytes must agree with parsing
// them with protobuf and importing the message (both fail, or both give the
// same module); then the message import goes through export and the passes.
//
//===----------------------------------------------------------------------===//

#include "FuzzCommon.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

static std::string print(mlir::ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, mlir::OpPrintingFlags().printGenericOpForm());
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::FuzzContext *fuzz = new tfg_fuzz::FuzzContext();
  mlir::MLIRContext &ctx = fuzz->context;
  mlir::Location loc = mlir::UnknownLoc::get(&ctx);
  auto inPlace = mlir::tfg::importBinaryGraphDef(
      &ctx, llvm::StringRef(reinterpret_cast<const char *>(data), size), loc);
  tensorflow::GraphDef graph;
  if (!graph.ParseFromArray(data, static_cast<int>(size))) {
    if (inPlace)
      __builtin_trap(); // imported what protobuf rejects
    return 0;
  }
  auto fromMessage = mlir::tfg::importGraphDef(&ctx, graph, loc);
  if (static_cast<bool>(inPlace) != static_cast<bool>(fromMessage))
    __builtin_trap();
  if (inPlace && print(*inPlace) != print(*fromMessage))
    __builtin_trap();
  inPlace = nullptr;
  fromMessage = nullptr;
  tfg_fuzz::importAndExport(*fuzz, graph);
  return 0;
}
