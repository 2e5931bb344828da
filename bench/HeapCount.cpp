//===- HeapCount.cpp - Bytes the allocator gives out, counted -------------===//
//
// Defines malloc, free and their kin in the benchmark's executable; the
// dynamic linker binds every library's calls (libMLIR, libprotobuf,
// libstdc++'s operator new) to these, which forward to glibc's own entry
// points (__libc_malloc and kin) and add or subtract each block's usable
// size while counting is on. Counting is off until resetHeapPeak(): the
// timed runs pay one predictable branch per call. Not under a sanitizer
// (whose runtime has its own allocator) nor outside glibc.
//
//===----------------------------------------------------------------------===//

#include "HeapCount.h"

#include <atomic>

// A sanitizer's runtime replaces the allocator itself: blocks from it must
// not reach glibc's functions, so nothing is counted under one.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||     \
    __has_feature(thread_sanitizer)
#define TFG_BENCH_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TFG_BENCH_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(TFG_BENCH_SANITIZED)
#include <cerrno>
#include <cstddef>
#include <malloc.h>

extern "C" {
void *__libc_malloc(size_t size);
void __libc_free(void *ptr);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *ptr, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void *__libc_valloc(size_t size);
void *__libc_pvalloc(size_t size);
}

namespace {
std::atomic<bool> counting{false};
std::atomic<int64_t> live{0};
std::atomic<int64_t> peak{0};

void added(void *ptr) {
  if (!ptr || !counting.load(std::memory_order_relaxed))
    return;
  int64_t now =
      live.fetch_add(malloc_usable_size(ptr), std::memory_order_relaxed) +
      static_cast<int64_t>(malloc_usable_size(ptr));
  int64_t seen = peak.load(std::memory_order_relaxed);
  while (now > seen &&
         !peak.compare_exchange_weak(seen, now, std::memory_order_relaxed))
    ;
}

void removed(void *ptr) {
  if (ptr && counting.load(std::memory_order_relaxed))
    live.fetch_sub(malloc_usable_size(ptr), std::memory_order_relaxed);
}
} // namespace

extern "C" {
void *malloc(size_t size) {
  void *ptr = __libc_malloc(size);
  added(ptr);
  return ptr;
}
void free(void *ptr) {
  removed(ptr);
  __libc_free(ptr);
}
void *calloc(size_t count, size_t size) {
  void *ptr = __libc_calloc(count, size);
  added(ptr);
  return ptr;
}
void *realloc(void *ptr, size_t size) {
  // The old block is gone once the new one exists (or the call failed
  // with a nonzero size, in which case the old block stays).
  int64_t before = ptr && counting.load(std::memory_order_relaxed)
                       ? malloc_usable_size(ptr)
                       : 0;
  void *moved = __libc_realloc(ptr, size);
  if (moved || size == 0) {
    live.fetch_sub(before, std::memory_order_relaxed);
    added(moved);
  }
  return moved;
}
void *memalign(size_t alignment, size_t size) {
  void *ptr = __libc_memalign(alignment, size);
  added(ptr);
  return ptr;
}
void *aligned_alloc(size_t alignment, size_t size) {
  return memalign(alignment, size);
}
int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  void *ptr = memalign(alignment, size);
  if (!ptr && size != 0)
    return ENOMEM;
  *out = ptr;
  return 0;
}
void *valloc(size_t size) {
  void *ptr = __libc_valloc(size);
  added(ptr);
  return ptr;
}
void *pvalloc(size_t size) {
  void *ptr = __libc_pvalloc(size);
  added(ptr);
  return ptr;
}
} // extern "C"

namespace tfg_bench {
bool heapCounted() { return true; }
void resetHeapPeak() {
  counting.store(true);
  peak.store(live.load());
}
int64_t heapLiveBytes() { return live.load(); }
int64_t heapPeakBytes() { return peak.load(); }
} // namespace tfg_bench

#else

namespace tfg_bench {
bool heapCounted() { return false; }
void resetHeapPeak() {}
int64_t heapLiveBytes() { return 0; }
int64_t heapPeakBytes() { return 0; }
} // namespace tfg_bench

#endif
