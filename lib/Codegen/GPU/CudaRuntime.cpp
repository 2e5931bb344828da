//===- CudaRuntime.cpp - the mgpu* runtime over the CUDA driver -----------===//
//
// The driver's entry points are declared here from their documented
// signatures (CUDA Driver API reference) and resolved with dlsym; handles
// are opaque pointers, CUdeviceptr a 64-bit integer. Every ABI function
// makes the context current (callers may be on any thread), and does
// nothing once an error is kept (CudaRuntime.h).
//
//===----------------------------------------------------------------------===//

#include "CudaRuntime.h"

#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <dlfcn.h>
#include <mutex>
#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
constexpr CUresult kSuccess = 0;
// CUjit_option values.
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSize = 6;
constexpr int kJitOptimizationLevel = 7;
constexpr unsigned kMemAttachGlobal = 1;
constexpr unsigned kEventDisableTiming = 2;

struct Driver {
  void *handle = nullptr;
  CUcontext context = nullptr;
  std::string loadError;
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
};

std::mutex errorMutex;
std::string keptError;
int defaultDevice = 0;

template <typename Fn> bool resolve(Driver &d, Fn &fn, const char *name) {
  fn = reinterpret_cast<Fn>(dlsym(d.handle, name));
  if (!fn)
    d.loadError = std::string("the CUDA driver lacks ") + name;
  return fn != nullptr;
}

std::string describe(Driver &d, CUresult result) {
  const char *text = nullptr;
  if (d.cuGetErrorString && d.cuGetErrorString(result, &text) == kSuccess &&
      text)
    return std::string(text) + " (" + std::to_string(result) + ")";
  return "CUDA error " + std::to_string(result);
}

Driver &getDriver() {
  static Driver driver;
  static std::once_flag once;
  std::call_once(once, [] {
    Driver &d = driver;
    d.handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!d.handle) {
      d.loadError = "no CUDA driver: libcuda.so.1 not found";
      return;
    }
    bool ok =
        resolve(d, d.cuInit, "cuInit") &&
        resolve(d, d.cuDeviceGet, "cuDeviceGet") &&
        resolve(d, d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
        resolve(d, d.cuCtxSetCurrent, "cuCtxSetCurrent") &&
        resolve(d, d.cuCtxSynchronize, "cuCtxSynchronize") &&
        resolve(d, d.cuGetErrorString, "cuGetErrorString") &&
        resolve(d, d.cuModuleLoadDataEx, "cuModuleLoadDataEx") &&
        resolve(d, d.cuModuleUnload, "cuModuleUnload") &&
        resolve(d, d.cuModuleGetFunction, "cuModuleGetFunction") &&
        resolve(d, d.cuLaunchKernel, "cuLaunchKernel") &&
        resolve(d, d.cuStreamCreate, "cuStreamCreate") &&
        resolve(d, d.cuStreamDestroy, "cuStreamDestroy_v2") &&
        resolve(d, d.cuStreamSynchronize, "cuStreamSynchronize") &&
        resolve(d, d.cuStreamWaitEvent, "cuStreamWaitEvent") &&
        resolve(d, d.cuEventCreate, "cuEventCreate") &&
        resolve(d, d.cuEventDestroy, "cuEventDestroy_v2") &&
        resolve(d, d.cuEventRecord, "cuEventRecord") &&
        resolve(d, d.cuEventSynchronize, "cuEventSynchronize") &&
        resolve(d, d.cuMemAlloc, "cuMemAlloc_v2") &&
        resolve(d, d.cuMemAllocManaged, "cuMemAllocManaged") &&
        resolve(d, d.cuMemFree, "cuMemFree_v2") &&
        resolve(d, d.cuMemcpyAsync, "cuMemcpyAsync") &&
        resolve(d, d.cuMemsetD32Async, "cuMemsetD32Async") &&
        resolve(d, d.cuMemsetD16Async, "cuMemsetD16Async");
    if (!ok)
      return;
    CUdevice device = 0;
    CUresult r = d.cuInit(0);
    if (r == kSuccess)
      r = d.cuDeviceGet(&device, defaultDevice);
    if (r == kSuccess)
      r = d.cuDevicePrimaryCtxRetain(&d.context, device);
    if (r != kSuccess)
      d.loadError = "the CUDA driver found no usable device " +
                    std::to_string(defaultDevice) + ": " + describe(d, r);
  });
  return driver;
}

bool hasKeptError() {
  std::lock_guard<std::mutex> lock(errorMutex);
  return !keptError.empty();
}

void keep(const std::string &message) {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (keptError.empty())
    keptError = message;
}

/// The driver with its context current, or null (the error kept).
Driver *ready() {
  Driver &d = getDriver();
  if (!d.loadError.empty()) {
    keep(d.loadError);
    return nullptr;
  }
  if (hasKeptError())
    return nullptr;
  CUresult r = d.cuCtxSetCurrent(d.context);
  if (r != kSuccess) {
    keep("cuCtxSetCurrent: " + describe(d, r));
    return nullptr;
  }
  return &d;
}

bool check(Driver &d, CUresult r, const char *what) {
  if (r == kSuccess)
    return true;
  keep(std::string(what) + ": " + describe(d, r));
  return false;
}

CUdeviceptr devicePtr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

/// A null stream means "synchronously" (a non-async gpu op).
void finish(Driver &d, CUstream stream, const char *what) {
  if (!stream)
    check(d, d.cuStreamSynchronize(nullptr), what);
}
} // namespace

//===----------------------------------------------------------------------===//
// The ABI (names and signatures as upstream's gpu-to-llvm calls them)
//===----------------------------------------------------------------------===//

extern "C" {

static CUmodule loadModule(const void *data, int optLevel, bool jit) {
  Driver *d = ready();
  if (!d || !data)
    return nullptr;
  char log[4096] = {0};
  int options[3] = {kJitErrorLogBuffer, kJitErrorLogBufferSize,
                    kJitOptimizationLevel};
  void *values[3] = {log, reinterpret_cast<void *>(sizeof(log) - 1),
                     reinterpret_cast<void *>(static_cast<intptr_t>(
                         optLevel < 0 ? 0 : (optLevel > 4 ? 4 : optLevel)))};
  CUmodule module = nullptr;
  CUresult r =
      d->cuModuleLoadDataEx(&module, data, jit ? 3 : 2, options, values);
  if (r != kSuccess) {
    keep("cuModuleLoadDataEx: " + describe(*d, r) +
         (log[0] ? std::string(": ") + log : std::string()));
    return nullptr;
  }
  return module;
}

static void *mgpuModuleLoad(void *data, size_t /*size*/) {
  return loadModule(data, 0, /*jit=*/false);
}

static void *mgpuModuleLoadJIT(void *data, int optLevel) {
  return loadModule(data, optLevel, /*jit=*/true);
}

static void mgpuModuleUnload(void *module) {
  Driver &d = getDriver();
  if (module && d.loadError.empty())
    d.cuModuleUnload(static_cast<CUmodule>(module));
}

static void *mgpuModuleGetFunction(void *module, const char *name) {
  Driver *d = ready();
  if (!d)
    return nullptr;
  if (!module) {
    keep(std::string("no module to take kernel '") + name + "' from");
    return nullptr;
  }
  CUfunction fn = nullptr;
  if (!check(*d,
             d->cuModuleGetFunction(&fn, static_cast<CUmodule>(module), name),
             "cuModuleGetFunction"))
    return nullptr;
  return fn;
}

static void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                             intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                             intptr_t blockZ, int32_t smem, void *stream,
                             void **params, void ** /*extra*/,
                             size_t /*paramsCount*/) {
  Driver *d = ready();
  if (!d || !function)
    return;
  auto dim = [](intptr_t v) { return static_cast<unsigned>(v); };
  for (intptr_t v : {gridX, gridY, gridZ, blockX, blockY, blockZ})
    if (v <= 0 || v > UINT32_MAX) {
      keep("a kernel launch of " + std::to_string(v) +
           " blocks or threads in one dimension");
      return;
    }
  check(*d,
        d->cuLaunchKernel(static_cast<CUfunction>(function), dim(gridX),
                          dim(gridY), dim(gridZ), dim(blockX), dim(blockY),
                          dim(blockZ), static_cast<unsigned>(smem),
                          static_cast<CUstream>(stream), params, nullptr),
        "cuLaunchKernel");
}

static void *mgpuStreamCreate() {
  Driver *d = ready();
  CUstream stream = nullptr;
  if (d)
    check(*d, d->cuStreamCreate(&stream, 0), "cuStreamCreate");
  return stream;
}

static void mgpuStreamDestroy(void *stream) {
  Driver &d = getDriver();
  if (stream && d.loadError.empty())
    d.cuStreamDestroy(static_cast<CUstream>(stream));
}

static void mgpuStreamSynchronize(void *stream) {
  if (Driver *d = ready())
    check(*d, d->cuStreamSynchronize(static_cast<CUstream>(stream)),
          "cuStreamSynchronize");
}

static void mgpuStreamWaitEvent(void *stream, void *event) {
  if (Driver *d = ready())
    check(*d,
          d->cuStreamWaitEvent(static_cast<CUstream>(stream),
                               static_cast<CUevent>(event), 0),
          "cuStreamWaitEvent");
}

static void *mgpuEventCreate() {
  Driver *d = ready();
  CUevent event = nullptr;
  if (d)
    check(*d, d->cuEventCreate(&event, kEventDisableTiming), "cuEventCreate");
  return event;
}

static void mgpuEventDestroy(void *event) {
  Driver &d = getDriver();
  if (event && d.loadError.empty())
    d.cuEventDestroy(static_cast<CUevent>(event));
}

static void mgpuEventSynchronize(void *event) {
  if (Driver *d = ready())
    check(*d, d->cuEventSynchronize(static_cast<CUevent>(event)),
          "cuEventSynchronize");
}

static void mgpuEventRecord(void *event, void *stream) {
  if (Driver *d = ready())
    check(*d,
          d->cuEventRecord(static_cast<CUevent>(event),
                           static_cast<CUstream>(stream)),
          "cuEventRecord");
}

static void *mgpuMemAlloc(uint64_t bytes, void * /*stream*/,
                          bool isHostShared) {
  Driver *d = ready();
  if (!d || bytes == 0)
    return nullptr;
  CUdeviceptr ptr = 0;
  if (isHostShared)
    check(*d, d->cuMemAllocManaged(&ptr, bytes, kMemAttachGlobal),
          "cuMemAllocManaged");
  else
    check(*d, d->cuMemAlloc(&ptr, bytes), "cuMemAlloc");
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

static void mgpuMemFree(void *ptr, void * /*stream*/) {
  Driver &d = getDriver();
  if (ptr && d.loadError.empty()) {
    d.cuCtxSetCurrent(d.context);
    d.cuMemFree(devicePtr(ptr));
  }
}

static void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream) {
  Driver *d = ready();
  if (!d || bytes == 0)
    return;
  auto s = static_cast<CUstream>(stream);
  if (check(*d, d->cuMemcpyAsync(devicePtr(dst), devicePtr(src), bytes, s),
            "cuMemcpyAsync"))
    finish(*d, s, "cuMemcpyAsync");
}

static void mgpuMemset32(void *dst, unsigned value, size_t count,
                         void *stream) {
  Driver *d = ready();
  if (!d || count == 0)
    return;
  auto s = static_cast<CUstream>(stream);
  if (check(*d, d->cuMemsetD32Async(devicePtr(dst), value, count, s),
            "cuMemsetD32Async"))
    finish(*d, s, "cuMemsetD32Async");
}

static void mgpuMemset16(void *dst, unsigned short value, size_t count,
                         void *stream) {
  Driver *d = ready();
  if (!d || count == 0)
    return;
  auto s = static_cast<CUstream>(stream);
  if (check(*d, d->cuMemsetD16Async(devicePtr(dst), value, count, s),
            "cuMemsetD16Async"))
    finish(*d, s, "cuMemsetD16Async");
}

static void mgpuSetDefaultDevice(int32_t device) {
  // Takes effect when the driver is first loaded.
  defaultDevice = device;
}

} // extern "C"

ArrayRef<cuda::RuntimeSymbol> cuda::getRuntimeSymbols() {
#define TFG_SYMBOL(name)                                                       \
  { #name, reinterpret_cast < void *>(&name) }
  static const RuntimeSymbol symbols[] = {
      TFG_SYMBOL(mgpuModuleLoad),       TFG_SYMBOL(mgpuModuleLoadJIT),
      TFG_SYMBOL(mgpuModuleUnload),     TFG_SYMBOL(mgpuModuleGetFunction),
      TFG_SYMBOL(mgpuLaunchKernel),     TFG_SYMBOL(mgpuStreamCreate),
      TFG_SYMBOL(mgpuStreamDestroy),    TFG_SYMBOL(mgpuStreamSynchronize),
      TFG_SYMBOL(mgpuStreamWaitEvent),  TFG_SYMBOL(mgpuEventCreate),
      TFG_SYMBOL(mgpuEventDestroy),     TFG_SYMBOL(mgpuEventSynchronize),
      TFG_SYMBOL(mgpuEventRecord),      TFG_SYMBOL(mgpuMemAlloc),
      TFG_SYMBOL(mgpuMemFree),          TFG_SYMBOL(mgpuMemcpy),
      TFG_SYMBOL(mgpuMemset32),         TFG_SYMBOL(mgpuMemset16),
      TFG_SYMBOL(mgpuSetDefaultDevice),
  };
#undef TFG_SYMBOL
  return symbols;
}

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error cuda::loadDriver() {
  Driver &d = getDriver();
  if (!d.loadError.empty())
    return fail(d.loadError);
  return llvm::Error::success();
}

llvm::Error cuda::takeError() {
  std::lock_guard<std::mutex> lock(errorMutex);
  if (keptError.empty())
    return llvm::Error::success();
  std::string message = std::move(keptError);
  keptError.clear();
  return fail(message);
}

llvm::Expected<void *> cuda::allocManaged(size_t bytes) {
  if (llvm::Error err = loadDriver())
    return std::move(err);
  // At least one byte, so that an empty tensor still has an address.
  void *ptr = mgpuMemAlloc(bytes ? bytes : 1, nullptr, true);
  if (llvm::Error err = takeError())
    return std::move(err);
  return ptr;
}

void cuda::freeManaged(void *ptr) { mgpuMemFree(ptr, nullptr); }

llvm::Error cuda::copy(void *dst, const void *src, size_t bytes) {
  mgpuMemcpy(dst, const_cast<void *>(src), bytes, nullptr);
  return takeError();
}

llvm::Error cuda::synchronize() {
  if (Driver *d = ready())
    check(*d, d->cuCtxSynchronize(), "cuCtxSynchronize");
  return takeError();
}
