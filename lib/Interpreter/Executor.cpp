//===- Executor.cpp - Runs one compiled body ------------------------------===//
//
// The executor of one body follows TensorFlow's executor: a node runs once
// all its inputs (data and control) have arrived; nodes become ready in a
// queue that is worked off one node at a time, in order (no recursion). Values
// live in the input slots of the nodes waiting for them and are freed when the
// last consumer ran.
//
// v1 control flow has TensorFlow's semantics. Every value may be dead: a
// Switch forwards its data to the output its predicate selects, the other
// output is dead; a node with a dead input (data or control) does not run
// and its outputs are dead; a Merge forwards the first live input that
// arrives (and its index), and is dead only when all its inputs are. Nodes
// run in frames and iterations: Enter moves a value into the child frame
// named by `frame_name` (one frame per parent frame and iteration; an
// `is_constant` Enter is a loop invariant, seen by every iteration),
// NextIteration into the next iteration (a dead one ends the loop there),
// Exit back to the parent frame. A Merge of a loop waits in iteration 0
// only for its inputs that are not NextIterations, and in later iterations
// only for those. A frame is done when all its Enters ran and no node of it
// is ready; its dead Exits (of the last iteration) then send dead values
// to the parent frame, as TensorFlow's executor does, so that a loop on a
// branch not taken is dead after it. An iteration is freed once it and the
// ones before it are done; at most `parallel_iterations` iterations of a
// frame are in flight (a NextIteration past them waits for the first to
// end), as TensorFlow bounds them. The number of iterations of one frame is
// bounded (InterpreterOptions::maxLoopIterations).
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/Utility.h"

#include <deque>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

namespace {
struct Slot {
  RtValue value;
  bool dead = false;
};

/// The inputs a node instance has received so far.
struct Pending {
  SmallVector<Slot, 2> inputs;
  unsigned remaining = 0;
  bool anyDead = false;
  // Merge only.
  unsigned remainingControl = 0, remainingData = 0;
  bool live = false, fired = false;
  int liveIndex = -1;
};

struct Iteration {
  DenseMap<unsigned, Pending> pending;
  /// Ready node instances of the iteration not yet run.
  int64_t outstanding = 0;
  /// Child frames started in this iteration and not yet done.
  int64_t childFrames = 0;
};

struct Frame {
  std::string name;
  Frame *parent = nullptr;
  int64_t parentIter = 0;
  unsigned pendingEnters = 0;
  int64_t firstIter = 0;
  std::deque<Iteration> iterations;
  struct Invariant {
    unsigned node;
    RtValue value;
    bool dead;
  };
  std::vector<Invariant> invariants;
  std::vector<unsigned> deadExits;
  std::map<std::pair<std::string, int64_t>, Frame *> children;
  /// The most iterations in flight (the Enters' parallel_iterations), and
  /// the NextIteration values waiting for one to end.
  int64_t maxParallel = 10;
  std::vector<std::pair<unsigned, RtValue>> deferred;

  int64_t lastIter() const {
    return firstIter + int64_t(iterations.size()) - 1;
  }
};

struct Task {
  unsigned node;
  Frame *frame;
  int64_t iter;
  SmallVector<Slot, 2> inputs;
  bool dead;
  int valueIndex;
};
} // namespace

struct Executor::Impl {
  Executor &exec;
  const CompiledBody &body;
  unsigned numNodes;
  std::deque<Task> ready;
  Frame root;
  DenseMap<Frame *, std::unique_ptr<Frame>> frames;
  std::vector<Slot> fetched;
  std::vector<bool> arrived;

  Impl(Executor &exec, const CompiledBody &body)
      : exec(exec), body(body), numNodes(body.nodes.size()) {
    root.iterations.emplace_back();
    fetched.resize(body.fetches.size());
    arrived.resize(body.fetches.size());
  }

  Iteration &iteration(Frame *f, int64_t k) {
    return f->iterations[k - f->firstIter];
  }

  void push(Task task) {
    ++iteration(task.frame, task.iter).outstanding;
    ready.push_back(std::move(task));
  }

  void initPending(Pending &p, const CompiledNode &n, int64_t k) {
    if (n.kind == NodeKind::Merge) {
      p.inputs.resize(1);
      p.remainingControl = n.numControlInputs;
      p.remainingData = n.numBackInputs == 0 ? n.numDataInputs
                        : k == 0             ? n.numForwardInputs
                                             : n.numBackInputs;
      return;
    }
    p.inputs.resize(n.numDataInputs);
    p.remaining = n.numDataInputs + n.numControlInputs;
  }

  void deliver(Frame *f, int64_t k, Endpoint e, const RtValue &v, bool dead) {
    if (e.node >= numNodes) {
      unsigned i = e.node - numNodes;
      fetched[i] = {v, dead};
      arrived[i] = true;
      return;
    }
    const CompiledNode &n = body.nodes[e.node];
    Iteration &it = iteration(f, k);
    auto [pos, inserted] = it.pending.try_emplace(e.node);
    Pending &p = pos->second;
    if (inserted)
      initPending(p, n, k);
    if (n.kind == NodeKind::Merge) {
      if (e.slot == kControlSlot) {
        --p.remainingControl;
      } else {
        // A back edge delivered to iteration 0 (or a forward one later) is
        // not expected there; it still counts as an arrival.
        if (p.remainingData)
          --p.remainingData;
        if (!dead && !p.live) {
          p.live = true;
          p.liveIndex = e.slot;
          p.inputs[0].value = v;
        }
      }
      if (!p.fired && p.remainingControl == 0 &&
          (p.live || p.remainingData == 0)) {
        p.fired = true;
        Task task{e.node, f, k, {}, !p.live, p.liveIndex};
        task.inputs.push_back({std::move(p.inputs[0].value), !p.live});
        push(std::move(task));
      }
      if (p.fired && p.remainingControl == 0 && p.remainingData == 0)
        it.pending.erase(pos);
      return;
    }
    if (e.slot != kControlSlot)
      p.inputs[e.slot] = {v, dead};
    p.anyDead |= dead;
    if (--p.remaining == 0) {
      Task task{e.node, f, k, std::move(p.inputs), p.anyDead, -1};
      it.pending.erase(pos);
      push(std::move(task));
    }
  }

  /// Delivers the outputs of node `n` to its consumers in (f, k).
  void deliverOutputs(const CompiledNode &n, Frame *f, int64_t k,
                      ArrayRef<RtValue> outs, bool dead, int liveOnly = -1) {
    for (auto [r, consumers] : llvm::enumerate(n.consumers)) {
      bool outDead = dead || (liveOnly >= 0 && int(r) != liveOnly);
      RtValue value = r < outs.size() && !outDead ? outs[r] : RtValue();
      for (const Endpoint &e : consumers)
        deliver(f, k, e, value, outDead);
    }
    for (const Endpoint &e : n.controlConsumers)
      deliver(f, k, e, RtValue(), dead);
  }

  Frame *getChild(Frame *f, int64_t k, const CompiledNode &enter) {
    auto key = std::make_pair(enter.frameName, k);
    auto it = f->children.find(key);
    if (it != f->children.end())
      return it->second;
    auto child = std::make_unique<Frame>();
    child->name = enter.frameName;
    child->parent = f;
    child->parentIter = k;
    child->pendingEnters = body.enterCounts.lookup(enter.frameName);
    if (auto parallel = enter.getAttrOfType<IntegerAttr>("parallel_iterations"))
      child->maxParallel = std::max<int64_t>(parallel.getInt(), 1);
    child->iterations.emplace_back();
    Frame *raw = child.get();
    frames[raw] = std::move(child);
    f->children[key] = raw;
    ++iteration(f, k).childFrames;
    return raw;
  }

  /// Starts the next iteration of `f` (its loop invariants delivered) and
  /// returns its number.
  int64_t startIteration(Frame *f) {
    f->iterations.emplace_back();
    // Only the dead Exits of the last iteration count (TensorFlow's
    // IncrementIteration clears them).
    f->deadExits.clear();
    int64_t next = f->lastIter();
    for (const Frame::Invariant &inv : f->invariants)
      deliverOutputs(body.nodes[inv.node], f, next, inv.value, inv.dead);
    return next;
  }

  /// Frees the done iterations of `f` and, when `f` is done, ends it and
  /// goes on with its parent.
  void cleanup(Frame *f) {
    while (f && f != &root) {
      Iteration &first = f->iterations.front();
      if (first.outstanding != 0 || first.childFrames != 0 ||
          (f->firstIter == 0 && f->pendingEnters != 0))
        return;
      // An iteration ends: the deferred NextIterations start the next one.
      if (!f->deferred.empty()) {
        std::vector<std::pair<unsigned, RtValue>> deferred;
        std::swap(deferred, f->deferred);
        int64_t next = startIteration(f);
        for (auto &[node, value] : deferred)
          deliverOutputs(body.nodes[node], f, next, value, false);
      }
      if (f->iterations.size() > 1) {
        f->iterations.pop_front();
        ++f->firstIter;
        continue;
      }
      // The frame is done: its dead exits go to the parent.
      Frame *parent = f->parent;
      int64_t parentIter = f->parentIter;
      for (unsigned exit : f->deadExits)
        deliverOutputs(body.nodes[exit], parent, parentIter, {}, true);
      --iteration(parent, parentIter).childFrames;
      parent->children.erase(std::make_pair(f->name, parentIter));
      frames.erase(f);
      f = parent;
    }
  }

  llvm::Error runNode(const CompiledNode &n, MutableArrayRef<RtValue> inputs,
                      SmallVectorImpl<RtValue> &outs) {
    if (n.kind == NodeKind::Builtin)
      return n.builtin(exec, n, inputs, outs);
    SmallVector<const HostTensor *, 4> operands;
    for (auto [i, v] : llvm::enumerate(inputs)) {
      if (v.isHandle())
        return nodeError(n.op, "operand " + Twine(i) +
                                   " is a resource or variant handle, "
                                   "which the op's kernel cannot take");
      operands.push_back(v.tensor.get());
    }
    auto results =
        evaluateOnHostPointers(exec.getContext(), n.opName, operands, n.attrs,
                               exec.getState().options.maxElements);
    if (!results)
      return nodeError(n.op, llvm::toString(results.takeError()));
    if (results->size() != n.consumers.size())
      return nodeError(n.op, "the kernel computed " + Twine(results->size()) +
                                 " results, the node has " +
                                 Twine(n.consumers.size()));
    for (auto [i, r] : llvm::enumerate(*results)) {
      if (!r)
        return nodeError(n.op,
                         "the kernel computed no value for result " + Twine(i));
      outs.push_back(RtValue::of(std::move(r)));
    }
    return llvm::Error::success();
  }

  llvm::Error process(Task &task) {
    const CompiledNode &n = body.nodes[task.node];
    Frame *f = task.frame;
    int64_t k = task.iter;
    SmallVector<RtValue, 2> outs;
    if (n.kind == NodeKind::ControlTrigger) {
      deliverOutputs(n, f, k, {}, false);
      return llvm::Error::success();
    }
    if (n.kind == NodeKind::Enter) {
      Frame *child = getChild(f, k, n);
      RtValue value = task.dead ? RtValue() : task.inputs[0].value;
      if (n.isConstantEnter) {
        child->invariants.push_back({task.node, value, task.dead});
        for (int64_t i = child->firstIter; i <= child->lastIter(); ++i)
          deliverOutputs(n, child, i, value, task.dead);
      } else {
        deliverOutputs(n, child, 0, value, task.dead);
      }
      if (child->pendingEnters == 0)
        return nodeError(n.op, "more Enter nodes of frame '" + n.frameName +
                                   "' ran than the graph has");
      --child->pendingEnters;
      cleanup(child);
      return llvm::Error::success();
    }
    if (n.kind == NodeKind::Exit) {
      if (f == &root)
        return nodeError(n.op, "Exit outside of any frame");
      if (task.dead) {
        if (k == f->lastIter())
          f->deadExits.push_back(task.node);
        return llvm::Error::success();
      }
      deliverOutputs(n, f->parent, f->parentIter, task.inputs[0].value, false);
      return llvm::Error::success();
    }
    if (n.kind == NodeKind::NextIteration) {
      if (f == &root)
        return nodeError(n.op, "NextIteration outside of any frame");
      if (task.dead)
        return llvm::Error::success();
      if (k == f->lastIter()) {
        if (f->lastIter() + 1 >= exec.getState().options.maxLoopIterations)
          return nodeError(
              n.op, "frame '" + f->name + "' ran more than " +
                        Twine(exec.getState().options.maxLoopIterations) +
                        " iterations (the loop iteration limit)");
        // At most parallel_iterations iterations in flight: the value waits
        // for the first one to end (cleanup starts the next then).
        if (int64_t(f->iterations.size()) >= f->maxParallel ||
            !f->deferred.empty()) {
          f->deferred.emplace_back(task.node, task.inputs[0].value);
          return llvm::Error::success();
        }
        startIteration(f);
      }
      deliverOutputs(n, f, k + 1, task.inputs[0].value, false);
      return llvm::Error::success();
    }
    if (task.dead) {
      deliverOutputs(n, f, k, {}, true);
      return llvm::Error::success();
    }
    if (n.kind == NodeKind::Switch) {
      auto pred = getTruth(task.inputs[1].value);
      if (!pred)
        return nodeError(n.op, "predicate: " + toString(pred.takeError()));
      RtValue value = task.inputs[0].value;
      SmallVector<RtValue, 2> both = {value, value};
      deliverOutputs(n, f, k, both, false, *pred ? 1 : 0);
      return llvm::Error::success();
    }
    if (n.kind == NodeKind::Merge) {
      auto index =
          HostTensor::create(IntegerType::get(exec.getContext(), 32), {});
      if (!index)
        return index.takeError();
      index->setInt(0, task.valueIndex);
      outs.push_back(task.inputs[0].value);
      outs.push_back(RtValue::of(std::move(*index)));
      deliverOutputs(n, f, k, outs, false);
      return llvm::Error::success();
    }
    SmallVector<RtValue, 4> inputs;
    for (Slot &s : task.inputs)
      inputs.push_back(std::move(s.value));
    task.inputs.clear();
    if (llvm::Error err = runNode(n, inputs, outs))
      return err;
    inputs.clear();
    if (outs.size() != n.consumers.size())
      return nodeError(n.op, "computed " + Twine(outs.size()) +
                                 " results, the node has " +
                                 Twine(n.consumers.size()));
    deliverOutputs(n, f, k, outs, false);
    return llvm::Error::success();
  }

  llvm::Expected<std::vector<RtValue>> run(ArrayRef<RtValue> externals) {
    if (externals.size() != body.externals.size())
      return llvm::createStringError(
          "expected " + Twine(body.externals.size()) +
          " external values, got " + Twine(externals.size()));
    for (auto [i, consumers] : llvm::enumerate(body.externalConsumers))
      for (const Endpoint &e : consumers)
        deliver(&root, 0, e, externals[i], false);
    for (unsigned n : body.sources)
      push(Task{n, &root, 0, {}, false, -1});
    while (!ready.empty()) {
      Task task = std::move(ready.front());
      ready.pop_front();
      Frame *f = task.frame;
      int64_t k = task.iter;
      if (llvm::Error err = process(task))
        return std::move(err);
      --iteration(f, k).outstanding;
      cleanup(f);
    }
    std::vector<RtValue> results;
    for (auto [i, v] : llvm::enumerate(body.fetches)) {
      if (body.fetchExternal[i] >= 0) {
        results.push_back(externals[body.fetchExternal[i]]);
        continue;
      }
      Operation *def = i < body.fetchOps.size() && body.fetchOps[i]
                           ? body.fetchOps[i]
                           : v.getDefiningOp();
      if (!arrived[i])
        return nodeError(def, "was never computed: an input never arrived "
                              "(a loop or frame that did not complete)");
      if (fetched[i].dead)
        return nodeError(def, "is dead: its value was not taken by the "
                              "Switch it depends on");
      results.push_back(std::move(fetched[i].value));
    }
    return results;
  }
};

llvm::Expected<std::vector<RtValue>>
Executor::run(ArrayRef<RtValue> externals) {
  Impl impl(*this, body);
  return impl.run(externals);
}
