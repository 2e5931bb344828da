//===- AsyncRuntimeLoader.cpp - MLIR's async runtime in the JIT -----------===//
//
// The runtime's pool (an llvm::ThreadPool of one thread per core) runs its
// tasks in the order they were queued. drainAsyncRuntime queues one task
// per pool thread, each of which waits until all of them run: they can
// only all run at once when every thread has left the tasks queued before.
//
//===----------------------------------------------------------------------===//

#include "AsyncRuntimeLoader.h"

#include "llvm/Support/DynamicLibrary.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>

using namespace mlir;

namespace {
/// The runtime's entry points drainAsyncRuntime uses (C ABI of
/// mlir/ExecutionEngine/AsyncRuntime.h).
using ExecuteFn = void (*)(void *, void (*)(void *));
using NumWorkersFn = int64_t (*)();

struct Runtime {
  bool loaded = false;
  ExecuteFn execute = nullptr;
  NumWorkersFn numWorkers = nullptr;
};

const Runtime &getRuntime() {
  static const Runtime runtime = [] {
    Runtime r;
    std::string error;
    llvm::sys::DynamicLibrary library =
        llvm::sys::DynamicLibrary::getPermanentLibrary(
            tfg::getAsyncRuntimePath(), &error);
    if (!library.isValid())
      return r;
    r.execute = reinterpret_cast<ExecuteFn>(
        library.getAddressOfSymbol("mlirAsyncRuntimeExecute"));
    r.numWorkers = reinterpret_cast<NumWorkersFn>(
        library.getAddressOfSymbol("mlirAsyncRuntimGetNumWorkerThreads"));
    r.loaded = r.execute && r.numWorkers;
    return r;
  }();
  return runtime;
}

/// One drain at a time; the state outlives every task that touches it.
struct Drain {
  std::mutex mutex;
  std::condition_variable changed;
  int64_t expected = 0, arrived = 0, left = 0;
  bool release = false;
};

Drain &getDrain() {
  static Drain *drain = new Drain();
  return *drain;
}

void arrive(void *opaque) {
  auto *drain = static_cast<Drain *>(opaque);
  std::unique_lock<std::mutex> lock(drain->mutex);
  ++drain->arrived;
  drain->changed.notify_all();
  drain->changed.wait(lock, [&] { return drain->release; });
  ++drain->left;
  drain->changed.notify_all();
}
} // namespace

const char *tfg::getAsyncRuntimePath() { return TFG_MLIR_ASYNC_RUNTIME; }

bool tfg::loadAsyncRuntime() { return getRuntime().loaded; }

void tfg::drainAsyncRuntime() {
  const Runtime &runtime = getRuntime();
  if (!runtime.loaded)
    return;
  static std::mutex oneAtATime;
  std::lock_guard<std::mutex> guard(oneAtATime);
  Drain &drain = getDrain();
  int64_t workers = runtime.numWorkers();
  if (workers < 1)
    return;
  {
    std::lock_guard<std::mutex> lock(drain.mutex);
    drain.expected = workers;
    drain.arrived = drain.left = 0;
    drain.release = false;
  }
  for (int64_t i = 0; i < workers; ++i)
    runtime.execute(&drain, arrive);
  std::unique_lock<std::mutex> lock(drain.mutex);
  drain.changed.wait(lock, [&] { return drain.arrived == drain.expected; });
  drain.release = true;
  drain.changed.notify_all();
  drain.changed.wait(lock, [&] { return drain.left == drain.expected; });
}
