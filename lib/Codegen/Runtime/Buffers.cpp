//===- Buffers.cpp - The compiled code's buffer allocator ----------------===//
//
// Compiled code allocates its temporaries through
// _mlir_memref_to_llvm_alloc / _aligned_alloc / _free (the pipeline lowers
// memref.alloc with finalize-memref-to-llvm's use-generic-functions). A
// model allocates the same large buffers on every inference; handed back
// to the C library, they are returned to the system and page-faulted in
// (and zeroed by the kernel) again on the next call, which cost as much as
// the convolutions. Here freed blocks of at least kCachedBytes are kept by
// exact size, up to kCacheLimit bytes in all, for the next allocation of
// that size; smaller ones go to malloc/free. tfg_rt_release_buffers()
// empties the cache.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/Runtime.h"

#include <cstdlib>
#include <map>
#include <mutex>

namespace {
/// Blocks from this size on are cached.
constexpr uint64_t kCachedBytes = 32 << 10;
/// At most this many bytes of free blocks are kept.
constexpr uint64_t kCacheLimit = uint64_t(1) << 30;
/// The header before each block's memory: where the allocation starts and
/// its total size. It is a multiple of 64 bytes, and of the alignment.
struct Header {
  void *base;
  uint64_t total;
};

struct Cache {
  std::mutex mutex;
  std::multimap<uint64_t, void *> free; // total size -> base
  uint64_t bytes = 0;
};

Cache &cache() {
  static Cache *c = new Cache(); // never destroyed: compiled code may run
                                 // during static destruction
  return *c;
}

void *allocate(uint64_t alignment, uint64_t size) {
  if (alignment < 64)
    alignment = 64;
  // Powers of two only; a larger header keeps the memory aligned.
  if (alignment & (alignment - 1))
    return nullptr;
  uint64_t header = alignment;
  if (size > UINT64_MAX - header - alignment)
    return nullptr;
  uint64_t total = (size + header + alignment - 1) / alignment * alignment;
  void *base = nullptr;
  if (total >= kCachedBytes) {
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    auto it = c.free.find(total);
    if (it != c.free.end()) {
      base = it->second;
      c.free.erase(it);
      c.bytes -= total;
    }
  }
  // The header must fit at the block's start with the memory aligned.
  if (!base && !(base = std::aligned_alloc(alignment, total)))
    return nullptr;
  char *memory = static_cast<char *>(base) + header;
  auto *h = reinterpret_cast<Header *>(memory - sizeof(Header));
  h->base = base;
  h->total = total;
  return memory;
}
} // namespace

extern "C" {

void *_mlir_memref_to_llvm_alloc(uint64_t size) { return allocate(64, size); }

void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size) {
  return allocate(alignment, size);
}

void _mlir_memref_to_llvm_free(void *ptr) {
  if (!ptr)
    return;
  auto *h =
      reinterpret_cast<Header *>(static_cast<char *>(ptr) - sizeof(Header));
  void *base = h->base;
  uint64_t total = h->total;
  if (total >= kCachedBytes) {
    Cache &c = cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    if (c.bytes + total <= kCacheLimit) {
      c.free.emplace(total, base);
      c.bytes += total;
      return;
    }
  }
  std::free(base);
}

void tfg_rt_release_buffers(void) {
  Cache &c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  for (auto &entry : c.free)
    std::free(entry.second);
  c.free.clear();
  c.bytes = 0;
}

int64_t tfg_rt_cached_buffer_bytes(void) {
  Cache &c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return static_cast<int64_t>(c.bytes);
}

} // extern "C"
