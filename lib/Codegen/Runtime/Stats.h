//===- Stats.h - Work and time counters of the runtime's kernels -*- C++
//-*-===//
//
// The counters behind tfg_rt_get_stats (tfg/Codegen/Runtime.h), shared by
// the runtime's kernel files.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_RUNTIME_STATS_H
#define TFG_LIB_CODEGEN_RUNTIME_STATS_H

#include <atomic>
#include <chrono>
#include <cstdint>

namespace tfg_rt {

/// Calls, floating-point operations and wall nanoseconds of one kernel
/// family.
struct Counters {
  std::atomic<int64_t> calls{0}, flops{0}, nanos{0};
};

Counters &gemmCounters();
Counters &convCounters();
Counters &depthwiseCounters();
/// Calls refused for inconsistent descriptors (their outputs untouched).
std::atomic<int64_t> &rejectedCalls();

/// Adds a call's work and wall time to a family's counters when it goes
/// out of scope.
class Timed {
public:
  Timed(Counters &counters, int64_t work)
      : counters(counters), start(std::chrono::steady_clock::now()) {
    counters.calls.fetch_add(1, std::memory_order_relaxed);
    counters.flops.fetch_add(work, std::memory_order_relaxed);
  }
  ~Timed() {
    auto d = std::chrono::steady_clock::now() - start;
    counters.nanos.fetch_add(
        std::chrono::duration_cast<std::chrono::nanoseconds>(d).count(),
        std::memory_order_relaxed);
  }

private:
  Counters &counters;
  std::chrono::steady_clock::time_point start;
};

} // namespace tfg_rt

#endif // TFG_LIB_CODEGEN_RUNTIME_STATS_H
