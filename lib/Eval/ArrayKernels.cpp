//===- ArrayKernels.cpp - Kernels of ops that move values -----------------===//
//
// The identity-like ops forward their operands (no copy). CheckNumerics and
// EnsureShape are identity-like too but check: their kernels are in
// SplitKernels.cpp. Print is left to a kernel that prints.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

using namespace mlir;
using namespace mlir::tfg;

/// Each result is the operand of the same index.
static LogicalResult forwardKernel(EvalContext &ctx) {
  // Attributes are forwarded as they are; host tensors are copied.
  ctx.results.clear();
  ctx.hostResults.clear();
  bool any = false;
  for (unsigned i = 0; i < ctx.getNumOperands(); ++i) {
    ctx.results.push_back(ctx.getValue(i));
    const HostTensor *host = ctx.results.back() ? nullptr : ctx.getHostValue(i);
    ctx.hostResults.push_back(host ? *host : HostTensor());
    any |= bool(ctx.results.back()) || host;
  }
  return success(any);
}

void mlir::tfg::addArrayKernels(EvalKernelTable &table) {
  addKernels(
      table,
      {"Identity", "IdentityN", "PreventGradient", "Snapshot", "StopGradient"},
      forwardKernel);
  // The memory optimizer's swap copies move a tensor between GPU and host
  // memory: on the host, the identity.
  addKernels(table, {"_CopyFromGpuToHost", "_CopyFromHostToGpu"},
             forwardKernel);
}
