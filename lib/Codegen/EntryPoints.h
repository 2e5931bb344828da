//===- EntryPoints.h - the checked C entry points of objects ----*- C++ -*-===//
//
// LLVM IR of PREFIX_run (checks, then the compiled function's C interface)
// and, with a weights file, PREFIX_load_weights; internal to TFGCodegen.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_ENTRYPOINTS_H
#define TFG_LIB_CODEGEN_ENTRYPOINTS_H

#include "tfg/Codegen/ObjectCodegen.h"

#include "llvm/IR/Module.h"

namespace mlir {
namespace tfg {

/// The magic word of a weights file ("TFGWGHT1" read as a little-endian
/// 64-bit word) and its version.
constexpr uint64_t kWeightsMagic = 0x3154484757474654ULL;
constexpr uint64_t kWeightsVersion = 1;
constexpr unsigned kWeightsHeaderBytes = 32;

/// FNV-1a, 64 bits.
uint64_t fnv1a64(llvm::StringRef bytes);

/// Moves every local constant array of at least `minBytes` bytes into one
/// zero-initialized storage array `PREFIX_weights` (64-byte aligned
/// pieces); returns the payload the storage must be filled with.
/// `storage` is null when nothing moved.
std::string moveWeightsToStorage(llvm::Module &m, llvm::StringRef prefix,
                                 uint64_t minBytes,
                                 llvm::GlobalVariable *&storage);

/// Adds PREFIX_run calling `ciface` (the compiled function's C interface:
/// inputs then outputs, one memref descriptor pointer each) and, with
/// `sideFile`, PREFIX_load_weights filling `storage` (null for an empty
/// payload) from a weights file of `payload`'s size and checksum. Every
/// other definition becomes internal.
llvm::Error addEntryPoints(llvm::Module &m, llvm::StringRef prefix,
                           llvm::StringRef ciface,
                           llvm::ArrayRef<TensorSignature> inputs,
                           llvm::ArrayRef<TensorSignature> outputs,
                           bool sideFile, llvm::GlobalVariable *storage,
                           llvm::StringRef payload);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CODEGEN_ENTRYPOINTS_H
