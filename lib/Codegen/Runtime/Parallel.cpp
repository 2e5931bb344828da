//===- Parallel.cpp - The runtime's thread pool ---------------------------===//
//
// Workers wait for a job (a generation number changes), take indices from
// an atomic counter until none is left, and report when they are done. The
// caller works on the same job. One job runs at a time (a mutex); the pool
// is never destroyed (its threads would otherwise race with static
// destructors at exit).
//
//===----------------------------------------------------------------------===//

#include "Parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace {
class Pool {
public:
  int32_t size() {
    std::lock_guard<std::mutex> lock(jobMutex);
    return threads;
  }

  void resize(int32_t n) {
    std::lock_guard<std::mutex> lock(jobMutex);
    threads = std::max<int32_t>(n, 1);
    // Workers are only added: extra ones stay idle (a job uses at most
    // threads - 1 of them).
    while (static_cast<int32_t>(workers.size()) < threads - 1)
      workers.emplace_back([this] { work(); });
  }

  void run(int64_t count, const std::function<void(int64_t)> &fn) {
    std::lock_guard<std::mutex> lock(jobMutex);
    int32_t helpers =
        static_cast<int32_t>(std::min<int64_t>(threads - 1, count - 1));
    if (helpers <= 0) {
      for (int64_t i = 0; i < count; ++i)
        fn(i);
      return;
    }
    {
      std::lock_guard<std::mutex> state(stateMutex);
      job = &fn;
      jobCount = count;
      next.store(0);
      wanted = helpers;
      busy = helpers;
      ++generation;
    }
    wake.notify_all();
    drain(fn, count);
    std::unique_lock<std::mutex> state(stateMutex);
    done.wait(state, [this] { return busy == 0; });
    job = nullptr;
  }

private:
  void drain(const std::function<void(int64_t)> &fn, int64_t count) {
    for (int64_t i = next.fetch_add(1); i < count; i = next.fetch_add(1))
      fn(i);
  }

  void work() {
    uint64_t seen = 0;
    for (;;) {
      const std::function<void(int64_t)> *fn;
      int64_t count;
      {
        std::unique_lock<std::mutex> state(stateMutex);
        wake.wait(state, [&] { return generation != seen && wanted > 0; });
        seen = generation;
        --wanted;
        fn = job;
        count = jobCount;
      }
      drain(*fn, count);
      std::lock_guard<std::mutex> state(stateMutex);
      if (--busy == 0)
        done.notify_one();
    }
  }

  std::mutex jobMutex;   // one job at a time; guards `threads`
  std::mutex stateMutex; // guards the job's fields below
  std::condition_variable wake, done;
  std::vector<std::thread> workers;
  int32_t threads = 1;
  const std::function<void(int64_t)> *job = nullptr;
  int64_t jobCount = 0;
  std::atomic<int64_t> next{0};
  int32_t wanted = 0, busy = 0;
  uint64_t generation = 0;
};

Pool &pool() {
  static Pool *p = new Pool();
  return *p;
}
} // namespace

int32_t tfg_rt::getNumThreads() { return pool().size(); }

void tfg_rt::setNumThreads(int32_t threads) {
  if (threads <= 0)
    threads = static_cast<int32_t>(
        std::max<unsigned>(std::thread::hardware_concurrency(), 1));
  pool().resize(threads);
}

void tfg_rt::parallelFor(int64_t count,
                         const std::function<void(int64_t)> &fn) {
  if (count <= 0)
    return;
  pool().run(count, fn);
}
