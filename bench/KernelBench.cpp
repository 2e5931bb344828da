//===- KernelBench.cpp - Timing of TFGEval's heavy nn kernels -------------===//
//
// tfg-kernel-bench times, through evaluateOnHost (the entry point tfg-run
// uses), the kernels that dominate MobileNet-like models: a 3x3 Conv2D
// (1x112x112x32 -> 64), a 1x1 Conv2D, a strided 3x3 Conv2D on an RGB
// image, a 3x3 depthwise convolution and a 256x256x256 MatMul. It prints
// the best of N runs in ms and GFLOP/s (2 flops per multiply-add), with the
// context's threads (default) or on one thread (--threads=1). Not a test;
// docs/Performance.md ("Host kernels") records its numbers.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Evaluator.h"
#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/TFGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstring>
#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {
struct Case {
  const char *name;
  const char *op;
  SmallVector<SmallVector<int64_t, 4>, 2> shapes;
  double flops;
  SmallVector<NamedAttribute> attrs;
};
} // namespace

static HostTensor random(Type type, ArrayRef<int64_t> shape) {
  HostTensor t = llvm::cantFail(HostTensor::create(type, shape));
  MutableArrayRef<float> data = t.data<float>();
  uint32_t state = 12345;
  for (float &v : data) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<float>(state >> 8) / float(1 << 24) - 0.5f;
  }
  return t;
}

int main(int argc, char **argv) {
  int runs = 10;
  bool oneThread = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--threads=1") == 0)
      oneThread = true;
    else if (std::strncmp(argv[i], "--runs=", 7) == 0)
      runs = std::max(1, std::atoi(argv[i] + 7));
    else {
      llvm::errs() << "usage: tfg-kernel-bench [--threads=1] [--runs=N]\n";
      return 2;
    }
  }
  MLIRContext context;
  context.loadDialect<TFGraphDialect>();
  if (oneThread)
    context.disableMultithreading();
  Builder b(&context);
  auto conv = [&](StringRef padding, int64_t stride) {
    return SmallVector<NamedAttribute>{
        b.getNamedAttr("padding", b.getStringAttr(padding)),
        b.getNamedAttr("strides", b.getI64ArrayAttr({1, stride, stride, 1}))};
  };
  std::vector<Case> cases = {
      {"Conv2D 1x112x112x32 -> 64, 3x3",
       "Conv2D",
       {{1, 112, 112, 32}, {3, 3, 32, 64}},
       2.0 * 112 * 112 * 64 * 3 * 3 * 32,
       conv("SAME", 1)},
      {"Conv2D 1x56x56x128 -> 128, 1x1",
       "Conv2D",
       {{1, 56, 56, 128}, {1, 1, 128, 128}},
       2.0 * 56 * 56 * 128 * 128,
       conv("SAME", 1)},
      {"Conv2D 1x224x224x3 -> 32, 3x3 s2",
       "Conv2D",
       {{1, 224, 224, 3}, {3, 3, 3, 32}},
       2.0 * 112 * 112 * 32 * 27,
       conv("SAME", 2)},
      {"DepthwiseConv2dNative 1x112x112x64, 3x3",
       "DepthwiseConv2dNative",
       {{1, 112, 112, 64}, {3, 3, 64, 1}},
       2.0 * 112 * 112 * 64 * 9,
       conv("SAME", 1)},
      {"MatMul 256x256x256",
       "MatMul",
       {{256, 256}, {256, 256}},
       2.0 * 256 * 256 * 256,
       {}},
  };
  Type f32 = b.getF32Type();
  llvm::outs() << (oneThread ? "1 thread" : "threads: ")
               << (oneThread ? "" : std::to_string(context.getNumThreads()))
               << ", best of " << runs << "\n";
  for (const Case &c : cases) {
    SmallVector<HostTensor, 2> operands;
    for (const auto &shape : c.shapes)
      operands.push_back(random(f32, shape));
    DictionaryAttr attrs = b.getDictionaryAttr(c.attrs);
    double best = 1e30;
    for (int r = 0; r < runs; ++r) {
      auto start = std::chrono::steady_clock::now();
      auto results =
          evaluateOnHost(&context, c.op, operands, attrs, int64_t(1) << 30);
      auto end = std::chrono::steady_clock::now();
      if (!results) {
        llvm::errs() << c.name << ": " << llvm::toString(results.takeError())
                     << "\n";
        return 1;
      }
      best = std::min(best, std::chrono::duration<double>(end - start).count());
    }
    llvm::outs() << llvm::format("%-42s %9.3f ms %8.2f GFLOP/s\n", c.name,
                                 best * 1e3, c.flops / best / 1e9);
  }
  return 0;
}
