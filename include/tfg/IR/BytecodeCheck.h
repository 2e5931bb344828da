//===- BytecodeCheck.h - Structure of untrusted MLIR bytecode ---*- C++ -*-===//
//
// MLIR's bytecode reader trusts much of what it reads: counts it allocates
// for before reading what they count, table groups longer than their
// table, use-list orders naming uses that do not exist. Malformed bytecode
// can make it write out of bounds, fault, or ask for memory without bound.
// tfg checks the structure of bytecode before MLIR reads it, from the
// format (https://mlir.llvm.org/docs/BytecodeFormat/, mlir/Bytecode/
// Encoding.h): framing, sections, every table and index, and the IR
// section's regions, blocks, operations, values and use-list orders, walked
// without building anything. What passes has the shape the reader expects;
// the reader itself then decides what the entries mean. docs/Reliability.md
// says what is checked and what is left to the reader.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_BYTECODECHECK_H
#define TFG_IR_BYTECODECHECK_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
class MLIRContext;

namespace tfg {

/// A structural defect of a bytecode file: the offset of the byte where it
/// was found, from the start of the file, and what is wrong there.
struct BytecodeDefect {
  size_t offset;
  std::string message;
};

/// The first structural defect of the MLIR bytecode `bytes` (which begin
/// with the bytecode magic number), or nothing when the structure is what
/// MLIR 22's reader expects. Iterative; time and memory linear in the size
/// of `bytes`. Alignment padding is checked at the addresses of `bytes`, as
/// the reader does, so `bytes` must be the very memory handed to the reader.
std::optional<BytecodeDefect> findBytecodeDefect(llvm::StringRef bytes);

/// For bytecode, whether findBytecodeDefect finds nothing; if it finds a
/// defect, emits an error at the buffer's name, line 0 and the defect's byte
/// offset as column (file:0:offset), which says the offset again. MLIR text
/// passes.
LogicalResult verifyBytecodeStructure(llvm::MemoryBufferRef buffer,
                                      MLIRContext *context);

/// The bounds of a trial read of bytecode in a child process.
struct BytecodeTrialLimits {
  /// Wall-clock milliseconds (an interval timer); 0: unbounded.
  unsigned milliseconds = 0;
  /// Address space the child may add to what it inherits; 0: unbounded.
  uint64_t memoryBytes = 0;

  /// The bounds tfg's tools use for `bytes` of bytecode: 10 s plus 1 s a
  /// MiB; 4 GiB or 64 times its size, whichever is more.
  static BytecodeTrialLimits forSize(uint64_t bytes);
};

/// How a trial read ended.
enum class BytecodeTrialOutcome {
  /// The child read the input and exited (whether or not the input was
  /// valid: MLIR's reader reported what it found), or no child could be
  /// had (no fork on this platform, or fork failed).
  Finished,
  /// The child ran past its time.
  TimedOut,
  /// The child died of another signal (a fault, or an allocation past its
  /// address space) or exited with a status other than 0.
  Failed,
};

/// Reads `buffer` (bytecode) with MLIR's reader in a forked child process
/// within `limits`, and discards what it read; the parent's state is never
/// touched. The child reads in `context` as it was at the fork, without
/// threads, with default signal handlers and no output. `status`, when
/// given, receives the child's wait status.
BytecodeTrialOutcome runBytecodeTrialRead(llvm::MemoryBufferRef buffer,
                                          MLIRContext *context,
                                          const BytecodeTrialLimits &limits,
                                          int *status = nullptr);

/// runBytecodeTrialRead, with an error at the buffer's name (file:0:0)
/// saying how the child ended unless it finished. MLIR text passes.
LogicalResult readBytecodeInChild(llvm::MemoryBufferRef buffer,
                                  MLIRContext *context,
                                  const BytecodeTrialLimits &limits);

/// What tfg's tools do before MLIR's parser reads bytecode: the structural
/// check, then the trial read in a child process with the limits for the
/// buffer's size. MLIR text passes.
LogicalResult verifyBytecodeInput(llvm::MemoryBufferRef buffer,
                                  MLIRContext *context);

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_BYTECODECHECK_H
