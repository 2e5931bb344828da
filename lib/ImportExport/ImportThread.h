//===- ImportThread.h - Threads and memory of a large import ----*- C++ -*-===//
//
// Internal to TFGImportExport: what the GraphDef importer does about
// threads and the heap beyond MLIR's thread pool: work on a thread started
// for it alone (whose per-thread caches end with it), and the pages of
// freed memory given back between the phases of a large import.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_IMPORTTHREAD_H
#define TFG_LIB_IMPORTEXPORT_IMPORTTHREAD_H

#include "llvm/Config/llvm-config.h"

#include <functional>

#if LLVM_ENABLE_THREADS && (defined(__unix__) || defined(__APPLE__))
#include <pthread.h>
#define TFG_HAVE_PTHREAD 1
#else
#define TFG_HAVE_PTHREAD 0
#endif

namespace mlir {
namespace tfg {
namespace detail {

/// Work that runs on a thread of its own, started for it and ended with it,
/// or, when no thread can be started, on the calling thread at join().
///
/// The import makes a large graph's node names this way: MLIR's uniquer
/// keeps, per thread, a cache of every attribute the thread has asked for,
/// freed only when the thread ends. On a thread of the context's pool (or
/// the caller's) the cache of 100k new names (4 MB) would outlive the import
/// with that thread; here each thread makes a batch of them, and their
/// caches (0.5 MB a batch) go one after the other.
class OwnThread {
public:
  explicit OwnThread(std::function<void()> work);
  OwnThread(const OwnThread &) = delete;
  OwnThread &operator=(const OwnThread &) = delete;
  ~OwnThread() { join(); }

  /// Waits for the work to end (or does it, when no thread was started).
  void join();

private:
#if TFG_HAVE_PTHREAD
  static void *run(void *self);
  pthread_t thread;
#endif
  std::function<void()> work;
  bool started = false;
  bool joined = false;
};

/// Gives the pages of freed heap memory back to the system. The import calls
/// it between resolving a large graph's inputs and building its operations:
/// the tables freed by then lie in pieces that the operations (other sizes,
/// allocated on other threads) do not reuse, and would count toward the
/// import's peak.
void releaseFreedHeapPages();

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_IMPORTTHREAD_H
