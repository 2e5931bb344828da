//===- InterpreterImpl.h - Internals of the graph interpreter ---*- C++ -*-===//
//
// Internal to TFGInterpreter. The run-time values (tensors and handles of
// run-time objects), a body compiled for one set of fetches (the nodes
// needed, their edges), the executor of one body (Executor.cpp), the
// builtin ops the interpreter runs itself (control flow in
// ControlFlowOps.cpp, run-time state in StateOps.cpp, ListOps.cpp and
// TableOps.cpp), and
// the interpreter's state shared by the runs (Interpreter.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_INTERPRETER_INTERPRETERIMPL_H
#define TFG_LIB_INTERPRETER_INTERPRETERIMPL_H

#include "tfg/Interpreter/Interpreter.h"

#include "tfg/IR/TFGOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace interp {

/// A run-time object that a resource or variant handle refers to.
struct RuntimeObject {
  enum class Kind { Variable, TensorArray, TensorList, LookupTable };
  explicit RuntimeObject(Kind kind) : kind(kind) {}
  virtual ~RuntimeObject();
  Kind kind;
};

using TensorPtr = std::shared_ptr<const HostTensor>;

/// Every tensor the interpreter keeps is made here: with memory profiling
/// on (setMemoryProfiling), its bytes count as live until the last
/// reference goes (MemoryProfile.cpp).
TensorPtr makeTensorPtr(HostTensor value);

/// A value flowing along an edge: a tensor, or a handle (a resource or a
/// variant scalar) referring to a run-time object.
struct RtValue {
  TensorPtr tensor;
  std::shared_ptr<RuntimeObject> object;
  bool isHandle() const { return object != nullptr; }
  explicit operator bool() const { return tensor || object; }
  static RtValue of(HostTensor value) {
    return {makeTensorPtr(std::move(value)), nullptr};
  }
  /// The value `feed` gives: its handle, else its tensor (an error when it
  /// has neither).
  static llvm::Expected<RtValue> of(const InterpreterFeed &feed);
};

/// A consumer of an output: node `node`'s input `slot` (kControlSlot for a
/// control input). A node index at or past the body's node count is fetch
/// `node - numNodes`.
struct Endpoint {
  unsigned node;
  unsigned slot;
};
inline constexpr unsigned kControlSlot = ~0u;

/// How the executor runs a node.
enum class NodeKind {
  Kernel,
  Builtin,
  Switch,
  Merge,
  Enter,
  Exit,
  NextIteration,
  ControlTrigger,
};

class Executor;
struct CompiledNode;

/// A builtin op: computes `outputs` (one per data result) from `inputs`.
using BuiltinFn = llvm::Error (*)(Executor &exec, const CompiledNode &node,
                                  MutableArrayRef<RtValue> inputs,
                                  SmallVectorImpl<RtValue> &outputs);

struct CompiledNode {
  Operation *op;
  StringRef opName;
  NodeKind kind = NodeKind::Kernel;
  BuiltinFn builtin = nullptr;
  /// Data inputs: the data operands, then the values the node's regions
  /// capture from outside (region control flow).
  unsigned numDataInputs = 0;
  unsigned numControlInputs = 0;
  SmallVector<Value, 0> captures;
  /// Merge: which data inputs come from a NextIteration.
  SmallVector<bool, 2> fromNextIteration;
  unsigned numForwardInputs = 0, numBackInputs = 0;
  /// Enter: the frame it enters, and whether it is a loop invariant.
  std::string frameName;
  bool isConstantEnter = false;
  /// Consumers of each data result, and of the control token. A node of a
  /// generic function instance has one data result per output its OpDef
  /// (or callee) gives it, read by the get_result ops of its opaque result.
  std::vector<std::vector<Endpoint>> consumers;
  std::vector<Endpoint> controlConsumers;
  /// The node's attributes; in a generic function instance, with the
  /// placeholders replaced by the instantiating call's attributes.
  DictionaryAttr attrs;
  /// A node of a generic function instance: its output arguments (name,
  /// first output, number of outputs).
  SmallVector<std::tuple<std::string, unsigned, unsigned>, 0> outputArgs;

  Attribute getAttr(StringRef name) const {
    return attrs ? attrs.get(name) : Attribute();
  }
  template <typename T> T getAttrOfType(StringRef name) const {
    return dyn_cast_if_present<T>(getAttr(name));
  }
};

/// The nodes of one block that some fetches need, with their edges.
struct CompiledBody {
  std::vector<CompiledNode> nodes;
  /// Values given from outside (block arguments, captured values, feeds),
  /// and their consumers.
  std::vector<Value> externals;
  std::vector<std::vector<Endpoint>> externalConsumers;
  /// The fetched values; a fetch of an external value is read directly.
  std::vector<Value> fetches;
  std::vector<int> fetchExternal;
  /// The op an error about each fetch names, where it is not the fetched
  /// value's defining op (the op an island wraps); empty: those.
  std::vector<Operation *> fetchOps;
  /// Nodes without inputs: ready at the start.
  std::vector<unsigned> sources;
  /// The number of Enter nodes of each frame name.
  llvm::StringMap<unsigned> enterCounts;
};

/// The values fed to one graph run. A node with a fed output has its
/// control result live from the start, as TensorFlow moves a fed node's
/// outgoing control edges to the feed: the node itself is not run (nor are
/// its inputs needed). Shared by the tfg and the tf_executor graph runs.
class GraphFeeds {
public:
  /// Feeds `value` for `v`, a data result of its defining node.
  void add(Value v, RtValue value) {
    values[v] = std::move(value);
    nodes.insert(v.getDefiningOp());
  }
  /// Whether `v` is given from outside: fed, or a fed node's control result
  /// (the one result of such a node that is no tensor).
  bool isFed(Value v) const {
    return values.count(v) != 0 ||
           (!isa<TensorType>(v.getType()) && nodes.contains(v.getDefiningOp()));
  }
  /// The external values of `body` (compiled with isFed), in its order: the
  /// fed values and, for fed nodes' control results, empty values.
  llvm::Expected<std::vector<RtValue>>
  getExternals(const CompiledBody &body) const;

private:
  DenseMap<Value, RtValue> values;
  llvm::DenseSet<Operation *> nodes;
};

/// The value tensor `name` ("node" or "node:i") names: data output i of the
/// node `lookupNode` finds, among `outputsOf(node)`. An error names the
/// tensor when there is no such node or output.
llvm::Expected<Value>
resolveTensorName(StringRef name,
                  llvm::function_ref<Operation *(StringRef)> lookupNode,
                  llvm::function_ref<ValueRange(Operation *)> outputsOf);

struct InterpreterState;

/// One run of a graph, its names resolved: the fed values, the fetched
/// values, the target nodes, and the key its compiled body is cached under.
struct GraphRun {
  GraphFeeds fed;
  SmallVector<Value, 4> fetches;
  SmallVector<Operation *, 4> targets;
  std::string key;
};

/// Resolves the names of a graph run (feeds and fetches by
/// resolveTensorName, targets by `lookupNode`); `check` (if given) accepts
/// or refuses each feed for the value it feeds. The key starts with `scope`.
llvm::Expected<GraphRun> resolveGraphRun(
    StringRef scope, ArrayRef<InterpreterFeed> feeds,
    ArrayRef<std::string> fetches, ArrayRef<std::string> targets,
    llvm::function_ref<Operation *(StringRef)> lookupNode,
    llvm::function_ref<ValueRange(Operation *)> outputsOf,
    llvm::function_ref<llvm::Error(Value, const InterpreterFeed &)> check =
        nullptr);

/// Runs `run` with the body cached in `state` under its key, compiled by
/// `compile` (with `isFed` of its feeds) on the first run of that key.
llvm::Expected<std::vector<RtValue>>
runGraphCached(InterpreterState &state, const GraphRun &run,
               llvm::function_ref<llvm::Expected<std::unique_ptr<CompiledBody>>(
                   llvm::function_ref<bool(Value)> isFed)>
                   compile);

/// Compiles the nodes of `block` that `fetches` need. `isExternal` tells
/// the values given from outside apart (fed outputs); values not defined by
/// a node of the block are external too. Fails on a node the interpreter
/// cannot run (no kernel, no function of its name).
/// With `instance` (the attribute values of a generic function's
/// instantiation, by placeholder name), the block is a generic function's
/// body: the nodes' placeholders are substituted and get_result ops are
/// wired to the outputs they read.
llvm::Expected<std::unique_ptr<CompiledBody>>
compileBody(InterpreterState &state, Block &block, ArrayRef<Value> fetches,
            llvm::function_ref<bool(Value)> isExternal,
            DictionaryAttr instance = nullptr);

/// Generic function instances (Generic.cpp).
/// `attrs` with every `#tf_type.placeholder<"NAME">` (nested ones too)
/// replaced by attribute NAME of `values`; an error names a missing one.
llvm::Expected<DictionaryAttr> substitutePlaceholders(DictionaryAttr attrs,
                                                      DictionaryAttr values);
/// The output arguments of node `node` of a generic function instance
/// (its attributes substituted): from its OpDef, or one output per result
/// of the function it calls.
llvm::Error computeOutputArgs(InterpreterState &state, CompiledNode &node);
/// The output of `node` a get_result op reads.
llvm::Expected<unsigned> getResultIndex(const CompiledNode &node,
                                        GetResultOp getResult);

/// The error of node `op`: names the node and its op.
llvm::Error nodeError(Operation *op, const Twine &message);

/// Sets the kind of `node` (op, opName, attrs, operand and consumer
/// counts filled in) from its op name; fails when it cannot run.
llvm::Error classifyNode(InterpreterState &state, CompiledNode &node);
/// Gives a stateful random kernel node its seeds: its own, else those of
/// the graph seed (an error without one).
llvm::Error seedRandomNode(InterpreterState &state, CompiledNode &node);
/// The last step of compiling a node of `body`, shared by the tfg and the
/// tf_executor compilers: its kind (classifyNode), the seed of a random
/// kernel, the count of its frame's Enter nodes.
llvm::Error finishNode(InterpreterState &state, CompiledBody &body,
                       CompiledNode &node);

/// The builtin of an op name, or null.
BuiltinFn lookupBuiltin(StringRef opName);
/// The builtins of each family.
void addControlFlowBuiltins(llvm::StringMap<BuiltinFn> &table);
void addStateBuiltins(llvm::StringMap<BuiltinFn> &table);
void addListBuiltins(llvm::StringMap<BuiltinFn> &table);
void addTableBuiltins(llvm::StringMap<BuiltinFn> &table);
void addRestoreBuiltins(llvm::StringMap<BuiltinFn> &table);

/// The persistent state of an interpreter.
struct InterpreterState {
  ModuleOp module;
  InterpreterOptions options;
  SymbolTable symbols;
  /// The objects that persist from run to run, which interpreters may
  /// share.
  struct Resources {
    /// Variables by container and shared name.
    std::map<std::pair<std::string, std::string>,
             std::shared_ptr<RuntimeObject>>
        variables;
    /// Lookup tables by container and shared name (TableOps.cpp); a table
    /// without a shared name is keyed by its node.
    std::map<std::pair<std::string, std::string>,
             std::shared_ptr<RuntimeObject>>
        tables;
    /// The values of ml_program globals by symbol name, each set from its
    /// initial value when first read (TF/TFMLProgram.cpp).
    std::map<std::string, RtValue> globals;
  };
  std::shared_ptr<Resources> resources = std::make_shared<Resources>();
  /// Constants converted once, by value attribute (a Const of a generic
  /// function may take its value from a placeholder).
  DenseMap<Attribute, TensorPtr> constants;
  /// Compiled bodies of functions and regions (all their results fetched).
  DenseMap<Block *, std::unique_ptr<CompiledBody>> bodies;
  /// Compiled instances of generic functions, by function and the
  /// attribute values of its placeholders; the placeholder names of each
  /// generic function.
  DenseMap<std::pair<Operation *, Attribute>, std::unique_ptr<CompiledBody>>
      instances;
  DenseMap<Operation *, SmallVector<StringAttr, 2>> placeholderNames;
  /// Compiled graph runs by feeds and fetches.
  std::map<std::string, std::unique_ptr<CompiledBody>> graphRuns;

  /// Functions of other dialects than tfg (the func.funcs of the tf and
  /// tf_executor dialects, TFGTFInterpreter): whether the module has one of
  /// a name, and calling it. Unset: only tfg.funcs are functions.
  std::function<bool(StringRef)> hasForeignFunction;
  std::function<llvm::Expected<std::vector<RtValue>>(
      Operation *caller, StringRef name, ArrayRef<RtValue> args,
      unsigned depth)>
      callForeignFunction;
  /// Handlers by full op name (`ml_program.global_load`), before every
  /// other way to run an op (TFGTFInterpreter's ops of other dialects).
  using Handler = std::function<llvm::Error(Executor &, const CompiledNode &,
                                            MutableArrayRef<RtValue>,
                                            SmallVectorImpl<RtValue> &)>;
  llvm::StringMap<Handler> handlers;

  explicit InterpreterState(ModuleOp module, InterpreterOptions options)
      : module(module), options(options), symbols(module) {}

  /// Runs `body` with its external values; returns the fetched values.
  /// `depth` is the call depth.
  llvm::Expected<std::vector<RtValue>> runBody(const CompiledBody &body,
                                               ArrayRef<RtValue> externals,
                                               unsigned depth);
  /// Runs function `name` on `args`; errors name `caller`. A generic
  /// function is instantiated with `callAttrs` (the attributes of the
  /// call's function attribute, or of the calling node).
  llvm::Expected<std::vector<RtValue>>
  callFunction(Operation *caller, StringRef name, ArrayRef<RtValue> args,
               unsigned depth, DictionaryAttr callAttrs = nullptr);
  /// The values of the placeholders of generic function `func` in a call
  /// with attributes `callAttrs`; an error names a missing one.
  llvm::Expected<DictionaryAttr> getInstanceValues(GraphFuncOp func,
                                                   DictionaryAttr callAttrs);
  /// The compiled instance of generic function `func` for placeholder
  /// values `values`.
  llvm::Expected<const CompiledBody *> getInstanceBody(GraphFuncOp func,
                                                       DictionaryAttr values);
  /// Runs region `region` of `node` (a region op) with data arguments
  /// `args` (control arguments are live); `captured` are the node's
  /// captured values in `node.captures` order.
  llvm::Expected<std::vector<RtValue>>
  runRegion(const CompiledNode &node, Region &region, ArrayRef<RtValue> args,
            ArrayRef<RtValue> captured, unsigned depth);
  /// The compiled body of a function or region block, fetching the
  /// terminator's operands.
  llvm::Expected<const CompiledBody *> getBlockBody(Block &block);
};

/// Runs one body (Executor.cpp).
class Executor {
public:
  Executor(InterpreterState &state, const CompiledBody &body, unsigned depth)
      : state(state), body(body), depth(depth) {}
  llvm::Expected<std::vector<RtValue>> run(ArrayRef<RtValue> externals);

  InterpreterState &getState() { return state; }
  unsigned getDepth() const { return depth; }
  MLIRContext *getContext() { return state.module.getContext(); }

private:
  struct Impl;
  InterpreterState &state;
  const CompiledBody &body;
  unsigned depth;
};

/// The most elements of one TensorArray or TensorList: each is a pointer,
/// so the bound on tensor elements would let a size operand ask for tens of
/// gigabytes.
inline constexpr int64_t kMaxListElements = int64_t(1) << 22;

/// Tensor helpers shared by the builtins (TensorUtil.cpp).
/// A scalar int32 or int64 tensor's value (`what` names it in errors).
llvm::Expected<int64_t> getScalarInt(const RtValue &value, StringRef what);
/// The truth of a condition as TensorFlow's If and While take it: a scalar
/// is true when nonzero (a string when non-empty), any other tensor when
/// it has elements.
llvm::Expected<bool> getTruth(const RtValue &value);
/// The tensor of a value, or an error naming `what` for a handle or none.
llvm::Expected<const HostTensor *> getTensor(const RtValue &value,
                                             StringRef what);
/// Stacks equal-shaped tensors along a new leading axis.
llvm::Expected<HostTensor> stackTensors(ArrayRef<const HostTensor *> items,
                                        Type elementType,
                                        ArrayRef<int64_t> elementShape,
                                        int64_t maxElements);
/// Row `i` of `tensor` along its leading axis (rows [i, i+count) when
/// `keepAxis`).
llvm::Expected<HostTensor> sliceRows(const HostTensor &tensor, int64_t i,
                                     int64_t count, bool keepAxis);
/// Concatenates tensors along their leading axis.
llvm::Expected<HostTensor> concatRows(ArrayRef<const HostTensor *> items,
                                      Type elementType,
                                      ArrayRef<int64_t> rowShape,
                                      int64_t maxElements);
/// The element type of a node's type attribute `name`.
Type getTypeAttr(Operation *op, StringRef name);
Type getTypeAttr(const CompiledNode &node, StringRef name);
/// A shape tensor (int32/int64; -1 for an unknown dimension; a scalar -1
/// for an unknown rank) as dimensions, or nullopt for an unknown rank.
llvm::Expected<std::optional<SmallVector<int64_t, 4>>>
readShapeTensor(const RtValue &value, StringRef what);

/// Node-level helpers of the builtins on handles (SequenceUtil.cpp): the
/// prologue every TensorArray, TensorList and variable op shares, and the
/// stacking and concatenation of their items.
/// An error unless the node got at least `n` inputs.
llvm::Error expectInputs(const CompiledNode &node, ArrayRef<RtValue> inputs,
                         unsigned n);
/// The object behind operand 0 `handle` when it is of `kind`; an error
/// naming the node and `what` otherwise.
template <typename T>
llvm::Expected<T *> getObject(const CompiledNode &node, const RtValue &handle,
                              RuntimeObject::Kind kind, StringRef what) {
  if (!handle.object || handle.object->kind != kind)
    return nodeError(node.op, "operand 0 is not a " + what + " handle");
  return static_cast<T *>(handle.object.get());
}
/// The object behind input 0 once the node got at least `n` inputs: the
/// prologue of every op on a handle.
template <typename T>
llvm::Expected<T *> getObjectInput(const CompiledNode &node,
                                   ArrayRef<RtValue> inputs, unsigned n,
                                   RuntimeObject::Kind kind, StringRef what) {
  if (llvm::Error err = expectInputs(node, inputs, n))
    return std::move(err);
  return getObject<T>(node, inputs[0], kind, what);
}
/// An int32/int64 vector of indices.
llvm::Expected<SmallVector<int64_t, 8>>
readIndexVector(const CompiledNode &node, const RtValue &value);
/// A scalar of the integer type of `width` bits holding `value`.
RtValue scalarIntValue(MLIRContext *context, unsigned width, int64_t value);
/// Pushes `items` stacked along a new leading axis; an unset (null) item
/// is zeros of `elementShape`.
llvm::Error stackItems(Executor &exec, const CompiledNode &node,
                       ArrayRef<TensorPtr> items, Type dtype,
                       ArrayRef<int64_t> elementShape,
                       SmallVectorImpl<RtValue> &outs);
/// Pushes `items` concatenated along their leading axis and the int64
/// vector of their lengths (no items: an empty vector); an unset or
/// scalar item is an error.
llvm::Error concatItems(Executor &exec, const CompiledNode &node,
                        ArrayRef<TensorPtr> items, Type dtype,
                        SmallVectorImpl<RtValue> &outs);

/// The vocabulary files of lookup tables (TableFile.cpp).
/// The contents of file `path` (relative to the asset directory, or
/// absolute) when `options` allow reading it: inside the asset directory
/// once resolved, a regular file, at most kMaxAssetFileBytes bytes.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readAssetFile(const InterpreterOptions &options, StringRef path);
/// The lines of `text`; more than `maxLines` is an error.
llvm::Expected<std::vector<StringRef>> splitLines(StringRef text,
                                                  int64_t maxLines);

} // namespace interp
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_INTERPRETER_INTERPRETERIMPL_H
