//===- TFGBytecodeFuzzer.cpp - Fuzz the guard before MLIR's bytecode reader
//===//
//
// Reads the input as MLIR bytecode of tfg modules the way tfg's tools do:
// the structural check (tfg/IR/BytecodeCheck.h) first, then MLIR's reader
// in a child process (the trial read), then MLIR's reader here, which must
// not fault. What reads is verified and written as bytecode again, which
// the check must accept (no false rejection of the writer's output).
// A child that faults or runs past its time is refused, as the tools do:
// the payloads of custom-encoded attributes are known to fault and loop
// MLIR 22's reader, and only the trial read meets them. With
// TFG_BYTECODE_FUZZ_STRICT set in the environment, a faulting child traps
// instead, to hunt for what the structural check lets through (the seed
// attribute-payload-count.mlirbc traps then, by design).
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

#include <cstdlib>
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
  static const bool strict = std::getenv("TFG_BYTECODE_FUZZ_STRICT");
  if (outcome == mlir::tfg::BytecodeTrialOutcome::Failed && strict)
    __builtin_trap();
  if (outcome != mlir::tfg::BytecodeTrialOutcome::Finished)
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
