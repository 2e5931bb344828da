//===- CudaRuntimeTest.cpp - the mgpu* runtime over the CUDA driver -------===//
//
// The runtime's contract where IR cannot reach it: the symbols it gives the
// JIT, and its behaviour with and without a CUDA driver (a clean, sticky,
// taken-once error; never a crash).
//
//===----------------------------------------------------------------------===//

#include "CudaRuntime.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstring>

using namespace mlir::tfg;

namespace {

void *lookup(llvm::StringRef name) {
  for (const cuda::RuntimeSymbol &s : cuda::getRuntimeSymbols())
    if (name == s.name)
      return s.address;
  return nullptr;
}

std::string message(llvm::Error err) { return llvm::toString(std::move(err)); }

TEST(CudaRuntime, SymbolsCoverTheGpuToLLVMABI) {
  // Every function upstream's gpu-to-llvm and the gpu.binary translation
  // call for the ops the GPU pipeline produces, once each.
  const char *abi[] = {"mgpuModuleLoad",      "mgpuModuleLoadJIT",
                       "mgpuModuleUnload",    "mgpuModuleGetFunction",
                       "mgpuLaunchKernel",    "mgpuStreamCreate",
                       "mgpuStreamDestroy",   "mgpuStreamSynchronize",
                       "mgpuStreamWaitEvent", "mgpuEventCreate",
                       "mgpuEventDestroy",    "mgpuEventSynchronize",
                       "mgpuEventRecord",     "mgpuMemAlloc",
                       "mgpuMemFree",         "mgpuMemcpy",
                       "mgpuMemset32",        "mgpuMemset16",
                       "mgpuSetDefaultDevice"};
  llvm::StringSet<> seen;
  for (const cuda::RuntimeSymbol &s : cuda::getRuntimeSymbols()) {
    EXPECT_NE(s.address, nullptr) << s.name;
    EXPECT_TRUE(seen.insert(s.name).second) << "twice: " << s.name;
  }
  for (const char *name : abi)
    EXPECT_TRUE(seen.contains(name)) << "missing: " << name;
  EXPECT_EQ(seen.size(), std::size(abi));
}

TEST(CudaRuntime, ErrorsAreKeptOnceAndTakenOnce) {
  llvm::consumeError(cuda::takeError());
  auto streamCreate = reinterpret_cast<void *(*)()>(lookup("mgpuStreamCreate"));
  auto launch = reinterpret_cast<void (*)(
      void *, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
      int32_t, void *, void **, void **, size_t)>(lookup("mgpuLaunchKernel"));
  ASSERT_NE(streamCreate, nullptr);
  ASSERT_NE(launch, nullptr);
  if (llvm::Error err = cuda::loadDriver()) {
    // No driver (this machine): every ABI call is a no-op keeping the
    // driver's absence as the error.
    std::string why = message(std::move(err));
    EXPECT_EQ(why.rfind("no CUDA driver: libcuda.so.1 not found", 0) == 0 ||
                  why.rfind("the CUDA driver", 0) == 0,
              true)
        << why;
    EXPECT_EQ(streamCreate(), nullptr);
    launch(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
    EXPECT_EQ(message(cuda::takeError()), why);
    EXPECT_FALSE(static_cast<bool>(cuda::takeError()));
    auto ptr = cuda::allocManaged(16);
    ASSERT_FALSE(static_cast<bool>(ptr));
    EXPECT_EQ(message(ptr.takeError()), why);
    return;
  }
  // A driver: a kernel launch of 0 threads is refused before the driver
  // sees it, and nothing runs after the error until it is taken.
  int dummy = 0;
  launch(&dummy, 1, 1, 1, 0, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  std::string why = message(cuda::takeError());
  EXPECT_NE(why.find("a kernel launch of 0 blocks or threads"),
            std::string::npos)
      << why;
  EXPECT_FALSE(static_cast<bool>(cuda::takeError()));
}

TEST(CudaRuntime, ManagedMemoryRoundTrip) {
  llvm::consumeError(cuda::takeError());
  if (llvm::Error err = cuda::loadDriver()) {
    // Without a driver, nothing can be allocated: the error says why.
    auto ptr = cuda::allocManaged(64);
    ASSERT_FALSE(static_cast<bool>(ptr));
    EXPECT_EQ(message(ptr.takeError()), message(std::move(err)));
    return;
  }
  float in[16], out[16];
  for (int i = 0; i < 16; ++i)
    in[i] = static_cast<float>(i) * 0.5f;
  auto ptr = cuda::allocManaged(sizeof(in));
  ASSERT_TRUE(static_cast<bool>(ptr)) << message(ptr.takeError());
  ASSERT_FALSE(static_cast<bool>(cuda::copy(*ptr, in, sizeof(in))));
  std::memset(out, 0, sizeof(out));
  ASSERT_FALSE(static_cast<bool>(cuda::copy(out, *ptr, sizeof(out))));
  EXPECT_EQ(std::memcmp(in, out, sizeof(in)), 0);
  cuda::freeManaged(*ptr);
  EXPECT_FALSE(static_cast<bool>(cuda::synchronize()));
}

} // namespace
