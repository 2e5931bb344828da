//===- MemoryEstimate.h - Static peak-memory estimate -----------*- C++ -*-===//
//
// A static estimate of the memory one graph or function body needs: the
// nodes in a deterministic topological schedule (GraphView's stable order:
// ready nodes in block order, NextIteration back edges ignored) and the live
// range of every data result, from the step of its producer to the step of
// its last user (a use in a node's nested regions counts at that node; a use
// by the terminator, a function's return, lasts to the end). A tensor's bytes
// come from its inferred type: a static shape and an element type of known
// width; any other tensor is counted in `unknownTensors` and left out of the
// sums, never guessed. Const outputs are persistent (the interpreter keeps
// them for its whole life, as TensorFlow keeps weights): they count at every
// step. The copies `_CopyFromGpuToHost` produce live in host memory; with
// `deviceOnly`, only the results of nodes placed on a GPU (or of unplaced
// nodes, with `assumeGpu`) are counted, as the memory optimizer's budget
// needs. Building is O(N + E) plus the stable schedule's O(N log N).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_MEMORYESTIMATE_H
#define TFG_TRANSFORMS_MEMORYESTIMATE_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace tfg {

/// Which tensors an estimate counts.
struct MemoryEstimateOptions {
  /// Only tensors of nodes placed on a GPU (device or assigned device names
  /// one), and of unplaced nodes when `assumeGpu`.
  bool deviceOnly = false;
  bool assumeGpu = false;
};

/// One data result and its live range in the schedule.
struct EstimatedTensor {
  Value value;
  /// Bytes, or -1 when its size is not known statically.
  int64_t bytes = -1;
  /// Schedule steps of the producer and of the last user (the producer's
  /// step when it has no user).
  unsigned def = 0, lastUse = 0;
  /// A Const output: counted at every step.
  bool persistent = false;
};

struct MemoryEstimate {
  /// The nodes of the body in schedule order (the terminator included).
  std::vector<Operation *> schedule;
  /// The counted tensors (known sizes; the device filter applied).
  std::vector<EstimatedTensor> tensors;
  /// Bytes live at each schedule step (persistent bytes included).
  std::vector<int64_t> liveBytes;
  int64_t persistentBytes = 0;
  int64_t peakBytes = 0;
  /// The first step at which the peak is reached (0 for an empty body).
  unsigned peakStep = 0;
  /// Data results of unknown size (not counted), and the first of them.
  int64_t unknownTensors = 0;
  Value firstUnknown;

  /// The indices into `tensors` of the tensors live at `step`, largest
  /// first (ties: earlier producer first).
  std::vector<unsigned> getLiveTensors(unsigned step) const;
};

/// The bytes of a value of type `type`, or -1 when unknown (not a ranked
/// tensor of static shape, or an element type without a fixed width:
/// strings, resources, variants).
int64_t getStaticTensorBytes(Type type);

/// Whether `op` is placed on a GPU (its assigned device, else its requested
/// device, names one); unplaced nodes count when `assumeGpu`.
bool isPlacedOnGpu(Operation *op, bool assumeGpu);

/// Estimates the memory of `body` (a tfg.graph or tfg.func body).
MemoryEstimate estimateMemory(Block &body,
                              const MemoryEstimateOptions &options = {});

/// Prints the estimate: the peak and its step and node, the persistent
/// bytes, the unknown tensors, and the `top` largest tensors live at the
/// peak. `title` names the body.
void printMemoryEstimate(const MemoryEstimate &estimate, StringRef title,
                         unsigned top, llvm::raw_ostream &os);

/// The name of the node producing `value` (`node`, `node:k` for result k >
/// 0, `<arg N>` for a block argument).
std::string getTensorDisplayName(Value value);

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_MEMORYESTIMATE_H
