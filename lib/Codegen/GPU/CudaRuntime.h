//===- CudaRuntime.h - the mgpu* runtime over the CUDA driver ---*- C++ -*-===//
//
// tfg's implementation of the runtime ABI that upstream's gpu-to-llvm calls
// (mgpuModuleLoadJIT, mgpuLaunchKernel, mgpuMemAlloc, ...), on the CUDA
// driver API loaded with dlopen("libcuda.so.1") on first use: no CUDA header
// or library is needed to build. The ABI functions cannot return errors:
// the first failure is kept (sticky) and later calls do nothing; the JIT
// takes it after each run.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_GPU_CUDARUNTIME_H
#define TFG_LIB_CODEGEN_GPU_CUDARUNTIME_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <cstddef>

namespace mlir {
namespace tfg {
namespace cuda {

struct RuntimeSymbol {
  const char *name;
  void *address;
};

/// The mgpu* functions, by name, for the JIT's symbol table.
ArrayRef<RuntimeSymbol> getRuntimeSymbols();

/// Loads the driver and makes device 0's primary context current (once);
/// the error says why it cannot be used.
llvm::Error loadDriver();

/// The first error of an mgpu* call since the last take, cleared.
llvm::Error takeError();

/// Managed memory (reachable from host and device), and copies through the
/// driver (unified addressing), synchronous.
llvm::Expected<void *> allocManaged(size_t bytes);
void freeManaged(void *ptr);
llvm::Error copy(void *dst, const void *src, size_t bytes);
llvm::Error synchronize();

} // namespace cuda
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CODEGEN_GPU_CUDARUNTIME_H
