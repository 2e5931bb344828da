//===- Interpreter.h - Runs tfg graphs and functions ------------*- C++ -*-===//
//
// The graph interpreter runs a `tfg.graph` or a `tfg.func` on host tensors
// (tfg/Eval/HostTensor.h): it is fed tensors by name and returns the fetched
// ones, computing each node with the kernel TFGEval registers for its op
// (evaluateOnHost) and running itself what is no computation on values:
// TensorFlow's v1 control flow (Switch, Merge, Enter, Exit, NextIteration,
// LoopCond, with dead tensors, frames and iterations as TensorFlow's
// executor has them), functional and region control flow (If, Case, While,
// For, calls of library functions), and the ops with run-time state
// (variables, TensorArrays, TensorLists, lookup tables; RestoreV2 reads a
// tensor bundle in the asset directory). Only the nodes the
// fetches need run, each once its inputs and control inputs are there,
// scheduled from a ready list (no recursion on the graph's depth); a value is
// freed when its last consumer ran. docs/rationale/Interpreter.md has the
// design.
//
// Errors name the node and its op. TFGInterpreter depends on TFGEval, TFGIR
// and the tensor bundle reader (TFGTensorBundle, LLVM only) only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_INTERPRETER_INTERPRETER_H
#define TFG_INTERPRETER_INTERPRETER_H

#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class GraphOp;
class GraphFuncOp;

/// Bounds of one interpreter.
struct InterpreterOptions {
  /// The most elements one kernel result may have (constant folding's
  /// default is far smaller; a run computes whole models).
  int64_t maxElements = int64_t(1) << 31;
  /// The most iterations of one loop (one frame of v1 control flow, or one
  /// While/For): more is an error rather than a hang.
  int64_t maxLoopIterations = 10000000;
  /// The most nested function calls (If, While, calls by op name, ...).
  unsigned maxCallDepth = 256;
  /// The directory whose files InitializeTableFromTextFile and RestoreV2
  /// may read (a model's assets and variables: tfg-run gives the model's
  /// directory; RestoreV2's bundle files are confined as
  /// tfg/TensorBundle/TensorBundle.h says). A file is read
  /// only when its real path (symlinks and `..` resolved) lies inside this
  /// directory's real path, it is a regular file and it has at most
  /// kMaxAssetFileBytes bytes. Empty: no file may be read.
  std::string assetDirectory;
  /// Whether lookup tables are kept by node name alone, whatever their
  /// container and shared_name, as TensorFlow.js keeps them: a TF.js model
  /// initializer's tables are those of the model's HashTable nodes of the
  /// same names.
  bool tablesByNodeName = false;
  /// The graph-level seed of the stateful random ops (RandomUniform,
  /// RandomStandardNormal, TruncatedNormal, RandomUniformInt, Multinomial,
  /// RandomShuffle) whose `seed` and `seed2` are both 0, which TensorFlow
  /// seeds nondeterministically. Unset: such a node is refused. Set: each
  /// runs as if TensorFlow had derived its seeds from this graph seed
  /// (getRandomOpSeeds): deterministic, and independent of the order in
  /// which nodes run. Nodes with a seed of their own keep it.
  std::optional<int64_t> graphSeed;
};

/// The (seed, seed2) an unseeded stateful random node runs with under graph
/// seed `graphSeed`, by TensorFlow's rule for an op without a seed of its
/// own in a graph with a seed: seed is the graph seed and seed2 an op seed
/// that tells the graph's ops apart. TensorFlow takes a counter of the ops
/// built so far, which a GraphDef does not keep; here the op seed is the
/// low 31 bits of the XXH3-64 hash of `nodeIdentity` (the node's name,
/// `function/node` in a function), so it depends on the node alone. (0, 0)
/// means "nondeterministic" to the kernels: as TensorFlow does, seed2 is
/// then 2^31 - 1.
std::pair<int64_t, int64_t> getRandomOpSeeds(int64_t graphSeed,
                                             StringRef nodeIdentity);

/// An error at a node: the message names the node and its op; the
/// location is the node's (tfg-run reports it as a note there).
class NodeError : public llvm::ErrorInfo<NodeError> {
public:
  static char ID;
  NodeError(Location loc, std::string message)
      : loc(loc), message(std::move(message)) {}
  Location getLocation() const { return loc; }
  StringRef getMessage() const { return message; }
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  Location loc;
  std::string message;
};

/// The most bytes of a file InitializeTableFromTextFile reads.
inline constexpr int64_t kMaxAssetFileBytes = int64_t(256) << 20;

/// A fed tensor: `name` is `node` or `node:output`.
namespace interp {
struct RuntimeObject;
struct RtValue;
} // namespace interp

/// A run-time object that a resource handle refers to (a lookup table, a
/// variable, ...), as one interpreter's run gives it to another's: a TF.js
/// model's initializer gives the tables the model captures so.
using InterpreterHandle = std::shared_ptr<interp::RuntimeObject>;

/// A feed: a tensor, or (`handle` set) a resource handle for a
/// Placeholder of dtype resource.
struct InterpreterFeed {
  std::string name;
  HostTensor value;
  InterpreterHandle handle = nullptr;
};

/// Runs the graph and functions of one module. Variables (VarHandleOp) and
/// lookup tables (HashTableV2, ...) keep their values from one run to the
/// next. Not thread-safe: one run at a time.
class Interpreter {
public:
  explicit Interpreter(ModuleOp module, InterpreterOptions options = {});
  /// An interpreter of `module` with the variables and lookup tables of
  /// `shared` (whose later runs see what this one's do, and the other way
  /// round): a TF.js model's initializer runs so before the model.
  Interpreter(ModuleOp module, InterpreterOptions options,
              const Interpreter &shared);
  ~Interpreter();
  Interpreter(const Interpreter &) = delete;
  Interpreter &operator=(const Interpreter &) = delete;

  /// Runs the module's `tfg.graph`: feeds replace the outputs they name
  /// (Placeholders must be fed unless they have a default), and the result
  /// holds one tensor per fetch (`node` or `node:output`), in order. Only
  /// the nodes the fetches need (data and control inputs, transitively)
  /// run. `targets` name nodes that run for their effects alone (and those
  /// they need), as TensorFlow's targets do.
  llvm::Expected<std::vector<HostTensor>>
  runGraph(ArrayRef<InterpreterFeed> feeds, ArrayRef<std::string> fetches,
           ArrayRef<std::string> targets = {});

  /// As runGraph, for fetches that are resource handles (an error names a
  /// fetch that is a tensor).
  llvm::Expected<std::vector<InterpreterHandle>>
  runGraphForHandles(ArrayRef<InterpreterFeed> feeds,
                     ArrayRef<std::string> fetches,
                     ArrayRef<std::string> targets = {});

  /// Runs function `func` of the module on `args` (one per data argument)
  /// and returns its data results.
  llvm::Expected<std::vector<HostTensor>>
  runFunction(GraphFuncOp func, ArrayRef<HostTensor> args);

  /// The module's graph, or null.
  GraphOp getGraph();

private:
  /// runGraph's values: tensors and handles.
  llvm::Expected<std::vector<interp::RtValue>>
  runGraphValues(ArrayRef<InterpreterFeed> feeds, ArrayRef<std::string> fetches,
                 ArrayRef<std::string> targets);

  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Splits a tensor name `node:output` (or `node`, output 0). Fails for an
/// empty node name or an output that is not a number.
llvm::Expected<std::pair<std::string, unsigned>>
parseTensorName(StringRef name);

/// The Placeholder nodes of `graph` (Placeholder, PlaceholderV2,
/// PlaceholderWithDefault), in the graph's order.
std::vector<Operation *> getGraphPlaceholders(GraphOp graph);

/// The interpreter's live tensor bytes: every tensor a run computes, feeds,
/// reads from a constant (constants stay cached for the interpreter's life)
/// or keeps in run-time state, counted from its creation to the moment the
/// last reference to it goes. A tensor counts with all its elements (a
/// splat too) times the element's byte size; a string tensor with its
/// storage bytes. Process-wide, for tools (`tfg-run --memory-profile`):
/// profiling is off by default and costs one atomic addition per tensor
/// when on.
struct MemoryProfile {
  int64_t liveBytes = 0;
  int64_t peakBytes = 0;
  /// Tensors made while profiling was on.
  int64_t tensors = 0;
};
/// Turns the counting of tensors made from now on on or off.
void setMemoryProfiling(bool enabled);
/// The counts so far.
MemoryProfile getMemoryProfile();
/// Restarts the peak (and the tensor count) from the bytes live now.
void resetMemoryProfilePeak();

/// The names of the ops the interpreter runs itself (control flow, state,
/// calls), sorted; the other ops run on TFGEval's kernels.
std::vector<std::string> getInterpreterBuiltinOps();

} // namespace tfg
} // namespace mlir

#endif // TFG_INTERPRETER_INTERPRETER_H
