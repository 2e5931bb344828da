//===- TFGBytecodeFuzzer.cpp - Fuzz the guard before MLIR's bytecode reader
//===//
//
// Reads the input as MLIR bytecode of tfg modules the way tfg's tools do:
// the structural check (tfg/IR/BytecodeCheck.h) first; what passes is read
// by MLIR's reader in a child process, which must not fault (a fault there
// is a class of malformed bytecode the check lets through: the input is
// kept as a crash). What reads in the child is read here, verified, and
// written as bytecode again, which the check must accept (no false
// rejection of the writer's output). A reader that runs past its time in
// the child is MLIR 22's known loop on attributes that refer to
// themselves, which only the child's time bound stops: not a finding.
//
//===----------------------------------------------------------------------===//

#include "TextInput.h"

#include "tfg/IR/BytecodeCheck.h"
#include "tfg/IR/TextNesting.h"
#include "tfg/Support/InputLimits.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static tfg_fuzz::QuietContext *fuzz = new tfg_fuzz::QuietContext();
  mlir::MLIRContext &ctx = fuzz->context;
  // In memory aligned as a file's, as the reader checks padding at
  // addresses.
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      llvm::MemoryBuffer::getMemBufferCopy(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "input.mlirbc");
  if (!mlir::isBytecode(buffer->getMemBufferRef()) ||
      mlir::tfg::findBytecodeDefect(buffer->getBuffer()))
    return 0;
  // No address-space bound: the sanitizers reserve terabytes.
  mlir::tfg::BytecodeTrialLimits limits{/*milliseconds=*/2000,
                                        /*memoryBytes=*/0};
  mlir::tfg::BytecodeTrialOutcome outcome =
      mlir::tfg::runBytecodeTrialRead(buffer->getMemBufferRef(), &ctx, limits);
  if (outcome == mlir::tfg::BytecodeTrialOutcome::Failed)
    __builtin_trap();
  if (outcome == mlir::tfg::BytecodeTrialOutcome::TimedOut)
    return 0;
  mlir::tfg::runOnLargeStack([&] {
    mlir::Block block;
    if (mlir::failed(mlir::readBytecodeFile(buffer->getMemBufferRef(), &block,
                                            mlir::ParserConfig(&ctx, false))))
      return;
    for (mlir::Operation &op : block)
      if (mlir::failed(mlir::tfg::verifyRegionNesting(&op)) ||
          mlir::failed(mlir::verify(&op)))
        return;
    // The writer's bytecode of what was read passes the check.
    for (mlir::Operation &op : block) {
      std::string bytes;
      llvm::raw_string_ostream os(bytes);
      if (mlir::failed(mlir::writeBytecodeToFile(&op, os)))
        continue;
      std::unique_ptr<llvm::MemoryBuffer> again =
          llvm::MemoryBuffer::getMemBufferCopy(bytes, "again.mlirbc");
      if (mlir::tfg::findBytecodeDefect(again->getBuffer()))
        __builtin_trap();
    }
  });
  return 0;
}
