//===- ImportThread.cpp - Threads and memory of a large import ------------===//
//
// OwnThread on POSIX threads where LLVM is built with threads (else the
// work runs on the caller at join()), and glibc's malloc_trim.
//
//===----------------------------------------------------------------------===//

#include "ImportThread.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace mlir::tfg::detail;

OwnThread::OwnThread(std::function<void()> work) : work(std::move(work)) {
#if TFG_HAVE_PTHREAD
  started = pthread_create(&thread, nullptr, &OwnThread::run, this) == 0;
#endif
}

void OwnThread::join() {
  if (joined)
    return;
  joined = true;
#if TFG_HAVE_PTHREAD
  if (started) {
    pthread_join(thread, nullptr);
    return;
  }
#endif
  work();
}

#if TFG_HAVE_PTHREAD
void *OwnThread::run(void *self) {
  static_cast<OwnThread *>(self)->work();
  return nullptr;
}
#endif

void mlir::tfg::detail::releaseFreedHeapPages() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}
