//===- MemoryProfile.cpp - The interpreter's live tensor bytes ------------===//
//
// With profiling on, each tensor is made with a deleter that subtracts its
// bytes from the live count; the peak is raised as tensors are made.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include <atomic>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

namespace {
struct Counters {
  std::atomic<bool> enabled{false};
  std::atomic<int64_t> live{0}, peak{0}, tensors{0};
};
} // namespace

static Counters &getCounters() {
  static Counters counters;
  return counters;
}

/// The bytes a tensor counts for: all its elements.
static int64_t getProfiledBytes(const HostTensor &t) {
  if (t.getKind() == HostElementKind::String)
    return t.getStorageBytes();
  return t.getNumElements() * int64_t(t.getElementInfo().byteSize);
}

TensorPtr interp::makeTensorPtr(HostTensor value) {
  Counters &c = getCounters();
  if (!c.enabled.load(std::memory_order_relaxed))
    return std::make_shared<const HostTensor>(std::move(value));
  int64_t bytes = getProfiledBytes(value);
  int64_t live = c.live.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  int64_t peak = c.peak.load(std::memory_order_relaxed);
  while (live > peak &&
         !c.peak.compare_exchange_weak(peak, live, std::memory_order_relaxed))
    ;
  c.tensors.fetch_add(1, std::memory_order_relaxed);
  return TensorPtr(
      new HostTensor(std::move(value)), [bytes](const HostTensor *t) {
        getCounters().live.fetch_sub(bytes, std::memory_order_relaxed);
        delete t;
      });
}

void mlir::tfg::setMemoryProfiling(bool enabled) {
  getCounters().enabled.store(enabled, std::memory_order_relaxed);
}

MemoryProfile mlir::tfg::getMemoryProfile() {
  Counters &c = getCounters();
  MemoryProfile p;
  p.liveBytes = c.live.load(std::memory_order_relaxed);
  p.peakBytes = c.peak.load(std::memory_order_relaxed);
  p.tensors = c.tensors.load(std::memory_order_relaxed);
  return p;
}

void mlir::tfg::resetMemoryProfilePeak() {
  Counters &c = getCounters();
  c.peak.store(c.live.load(std::memory_order_relaxed),
               std::memory_order_relaxed);
  c.tensors.store(0, std::memory_order_relaxed);
}
