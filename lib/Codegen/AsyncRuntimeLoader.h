//===- AsyncRuntimeLoader.h - MLIR's async runtime in the JIT ---*- C++ -*-===//
//
// Code compiled for threads (ObjectOptions::threads above 1) calls MLIR's
// async runtime (libmlir_async_runtime.so). The JIT loads it into the
// process and, before it frees such code, waits until no runtime thread
// runs any of it (docs/Codegen.md, "Threads").
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_ASYNCRUNTIMELOADER_H
#define TFG_LIB_CODEGEN_ASYNCRUNTIMELOADER_H

namespace mlir {
namespace tfg {

/// Path of the installed MLIR's async runtime library.
const char *getAsyncRuntimePath();

/// Whether the async runtime loads into the process (tried once).
bool loadAsyncRuntime();

/// Returns once every thread of the async runtime's pool has finished the
/// tasks queued before the call: a task that emplaced its token (so that
/// the caller's await returned) may still be running the end of its
/// coroutine in compiled code, which must not be freed before. No-op when
/// the runtime is not loaded.
void drainAsyncRuntime();

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CODEGEN_ASYNCRUNTIMELOADER_H
