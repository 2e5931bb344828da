//===- NumPyFuzzer.cpp - Fuzz the .npy/.npz reader ------------------------===//
//
// Reads the input as an .npy file or an .npz archive (by its magic; other
// inputs go to both readers) with a 64 MB bound per array. Whatever reads
// must write back and read again to the same arrays: bit-equal for the
// dtypes NumPy has, and the same element values for those written through
// another dtype (none are read from a file, so that holds for every array
// here except bfloat16 read from `V2`, which is written as `V2` again).
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/NumPy.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/MLIRContext.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::tfg;

static MLIRContext &getContext() {
  static MLIRContext *context = [] {
    auto *ctx = new MLIRContext();
    ctx->loadDialect<tf_type::TFTypeDialect>();
    return ctx;
  }();
  return *context;
}

static void checkRoundTrip(ArrayRef<NamedHostTensor> arrays,
                           const NumPyReadOptions &options) {
  std::string out;
  llvm::raw_string_ostream os(out);
  NumPyWriteOptions writeOptions;
  writeOptions.maxBytes = int64_t(256) << 20;
  if (llvm::Error err = writeNpz(arrays, os, writeOptions)) {
    llvm::consumeError(std::move(err));
    return; // e.g. a splat of empty strings too large to write out
  }
  os.flush();
  llvm::Expected<std::vector<NamedHostTensor>> back =
      readNpz(&getContext(), out, options);
  if (!back) {
    llvm::consumeError(back.takeError());
    return; // expanded strings can pass the read bound
  }
  if (back->size() != arrays.size())
    __builtin_trap();
  for (size_t i = 0; i < arrays.size(); ++i)
    if ((*back)[i].name != arrays[i].name ||
        !(*back)[i].tensor.isBitEqual(arrays[i].tensor))
      __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  NumPyReadOptions options;
  options.maxBytes = int64_t(64) << 20;
  options.maxTotalBytes = int64_t(256) << 20;
  if (!isNpz(bytes)) {
    llvm::Expected<HostTensor> t = readNpy(&getContext(), bytes, options);
    if (t) {
      std::vector<NamedHostTensor> arrays;
      arrays.push_back({"arr_0", std::move(*t)});
      checkRoundTrip(arrays, options);
    } else {
      llvm::consumeError(t.takeError());
    }
  }
  if (!isNpy(bytes)) {
    llvm::Expected<std::vector<NamedHostTensor>> arrays =
        readNpz(&getContext(), bytes, options);
    if (arrays)
      checkRoundTrip(*arrays, options);
    else
      llvm::consumeError(arrays.takeError());
  }
  return 0;
}
