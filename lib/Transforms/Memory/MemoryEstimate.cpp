//===- MemoryEstimate.cpp - Static peak-memory estimate -------------------===//
//
// The schedule is GraphView's stable topological order; live ranges come
// from one pass over the uses of every data result, and the live bytes of
// every step from a difference array: O(N + E) after the schedule.
//
//===----------------------------------------------------------------------===//

#include "tfg/Transforms/MemoryEstimate.h"

#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

#define DEBUG_TYPE "tfg-memory-estimate"

using namespace mlir;
using namespace mlir::tfg;

int64_t mlir::tfg::getStaticTensorBytes(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return -1;
  llvm::Expected<HostElementInfo> info =
      getHostElementInfo(ranked.getElementType());
  if (!info) {
    llvm::consumeError(info.takeError());
    return -1;
  }
  if (info->kind == HostElementKind::String || info->byteSize == 0)
    return -1;
  int64_t elements = 1;
  for (int64_t dim : ranked.getShape())
    if (dim != 0 && elements > INT64_MAX / dim)
      return -1;
    else
      elements *= dim;
  if (elements != 0 && info->byteSize > INT64_MAX / elements)
    return -1;
  return elements * info->byteSize;
}

bool mlir::tfg::isPlacedOnGpu(Operation *op, bool assumeGpu) {
  StringRef device = getNodeAssignedDevice(op);
  if (device.empty())
    device = getNodeDevice(op);
  if (device.empty())
    return assumeGpu;
  return device.contains("GPU") || device.contains("gpu");
}

std::string mlir::tfg::getTensorDisplayName(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return ("<arg " + Twine(arg.getArgNumber()) + ">").str();
  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  std::string name = getNodeName(op).str();
  if (name.empty())
    name = op->getName().getStringRef().str();
  if (result.getResultNumber() > 0)
    name += ":" + std::to_string(result.getResultNumber());
  return name;
}

static bool isConstNode(Operation *op) {
  return op->getName().getDialectNamespace() == "tfg" &&
         getTFOpName(op) == "Const";
}

static bool isHostCopy(Operation *op) {
  return op->getName().getDialectNamespace() == "tfg" &&
         getTFOpName(op) == "_CopyFromGpuToHost";
}

MemoryEstimate mlir::tfg::estimateMemory(Block &body,
                                         const MemoryEstimateOptions &options) {
  MemoryEstimate est;
  GraphView view(body);
  std::vector<unsigned> order = view.topologicalOrder(/*stable=*/true);
  unsigned n = order.size();
  std::vector<unsigned> stepOf(view.size(), 0);
  est.schedule.reserve(n);
  for (auto [step, node] : llvm::enumerate(order)) {
    stepOf[node] = step;
    est.schedule.push_back(view.getNode(node));
  }
  unsigned last = n == 0 ? 0 : n - 1;
  Operation *terminator = body.empty() ? nullptr : &body.back();
  if (terminator && !terminator->hasTrait<OpTrait::IsTerminator>())
    terminator = nullptr;

  for (unsigned step = 0; step < n; ++step) {
    Operation *op = est.schedule[step];
    if (op == terminator)
      continue;
    bool counted = !options.deviceOnly ||
                   (isPlacedOnGpu(op, options.assumeGpu) && !isHostCopy(op));
    for (Value result : op->getResults()) {
      if (isControlType(result.getType()))
        continue;
      int64_t bytes = getStaticTensorBytes(result.getType());
      if (bytes < 0) {
        if (!est.firstUnknown)
          est.firstUnknown = result;
        ++est.unknownTensors;
        continue;
      }
      if (!counted)
        continue;
      EstimatedTensor t;
      t.value = result;
      t.bytes = bytes;
      t.def = t.lastUse = step;
      t.persistent = isConstNode(op);
      for (OpOperand &use : result.getUses()) {
        Operation *user = body.findAncestorOpInBlock(*use.getOwner());
        if (!user)
          continue;
        unsigned useStep =
            user == terminator ? last : stepOf[view.lookup(user)];
        t.lastUse = std::max(t.lastUse, useStep);
      }
      est.tensors.push_back(t);
    }
  }

  // Live bytes per step from a difference array.
  std::vector<int64_t> delta(n + 1, 0);
  for (const EstimatedTensor &t : est.tensors) {
    if (t.persistent) {
      est.persistentBytes += t.bytes;
      continue;
    }
    delta[t.def] += t.bytes;
    delta[t.lastUse + 1] -= t.bytes;
  }
  est.liveBytes.resize(n);
  int64_t live = est.persistentBytes;
  for (unsigned step = 0; step < n; ++step) {
    live += delta[step];
    est.liveBytes[step] = live;
    if (live > est.peakBytes) {
      est.peakBytes = live;
      est.peakStep = step;
    }
  }
  LLVM_DEBUG(llvm::dbgs() << "[tfg-memory-estimate] " << n << " steps, peak "
                          << est.peakBytes << " B at step " << est.peakStep
                          << ", " << est.unknownTensors << " unknown\n");
  return est;
}

std::vector<unsigned> MemoryEstimate::getLiveTensors(unsigned step) const {
  std::vector<unsigned> live;
  for (auto [i, t] : llvm::enumerate(tensors))
    if (t.persistent || (t.def <= step && step <= t.lastUse))
      live.push_back(i);
  std::stable_sort(live.begin(), live.end(), [&](unsigned a, unsigned b) {
    return tensors[a].bytes > tensors[b].bytes;
  });
  return live;
}

void mlir::tfg::printMemoryEstimate(const MemoryEstimate &est, StringRef title,
                                    unsigned top, llvm::raw_ostream &os) {
  os << "memory estimate of " << title << ": " << est.schedule.size()
     << " steps, " << est.tensors.size() << " tensors\n";
  os << "  peak: " << est.peakBytes << " bytes at step " << est.peakStep;
  if (est.peakStep < est.schedule.size()) {
    Operation *op = est.schedule[est.peakStep];
    StringRef name = getNodeName(op);
    os << " (" << (name.empty() ? op->getName().getStringRef() : name);
    if (op->getName().getDialectNamespace() == "tfg" && !name.empty())
      os << ", " << getTFOpName(op);
    os << ")";
  }
  os << "\n";
  os << "  persistent: " << est.persistentBytes << " bytes (constants)\n";
  os << "  unknown sizes: " << est.unknownTensors << " tensors (not counted)";
  if (est.firstUnknown)
    os << ", first " << getTensorDisplayName(est.firstUnknown);
  os << "\n";
  if (est.schedule.empty())
    return;
  std::vector<unsigned> live = est.getLiveTensors(est.peakStep);
  os << "  live at the peak: " << live.size() << " tensors\n";
  for (unsigned i = 0; i < live.size() && i < top; ++i) {
    const EstimatedTensor &t = est.tensors[live[i]];
    os << "    " << t.bytes << " bytes  " << getTensorDisplayName(t.value)
       << "  " << t.value.getType();
    if (t.persistent)
      os << "  persistent";
    else
      os << "  steps " << t.def << ".." << t.lastUse;
    os << "\n";
  }
}
