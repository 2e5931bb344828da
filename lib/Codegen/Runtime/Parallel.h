//===- Parallel.h - The runtime's thread pool -------------------*- C++ -*-===//
//
// A fixed pool of worker threads for the kernels of TFGCodegenRuntime
// (tfg/Codegen/Runtime.h), written against the C++ standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_RUNTIME_PARALLEL_H
#define TFG_LIB_CODEGEN_RUNTIME_PARALLEL_H

#include <cstdint>
#include <functional>

namespace tfg_rt {

/// Threads the kernels use (the caller included), at least 1.
int32_t getNumThreads();
/// Sets them; 0 or less: the host's hardware threads.
void setNumThreads(int32_t threads);

/// Calls fn(i) for i in [0, count), on the pool's threads and the caller;
/// returns when every call has returned. Concurrent callers take turns.
void parallelFor(int64_t count, const std::function<void(int64_t)> &fn);

} // namespace tfg_rt

#endif // TFG_LIB_CODEGEN_RUNTIME_PARALLEL_H
