//===- Interpreter.cpp - StableHLO control flow on a frame stack ----------===//
//
// interpretFunction and interpretModule
// (tfg/Interpreter/StableHLO/Interpreter.h). A Machine runs one block and the
// blocks it enters (a called function, a while's cond and body, an if's or a
// case's branch) as frames of an explicit stack, so the depth of the input's
// nesting and the number of loop iterations never become C++ recursion. A body
// run per element (reduce, sort, map, scatter, reduce_window) runs in a nested
// Machine, counted against maxCallDepth with the call frames.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::stablehlo;
using namespace mlir::tfg::stablehlo::detail;

namespace {
/// The values of one function activation; a body run per element sees its
/// enclosing activation's values through `parent`.
struct Scope {
  llvm::DenseMap<Value, HostTensor> values;
  const Scope *parent = nullptr;
};

enum class FrameKind { Entry, Call, Branch, WhileCond, WhileBody };

/// A block being run.
struct Frame {
  Block *block;
  Block::iterator it;
  FrameKind kind;
  Scope *scope;
  /// While frames: the loop-carried values and the iterations run.
  SmallVector<HostTensor> carried;
  int64_t iterations = 0;
};

class Machine : public BodyRunner {
public:
  Machine(const InterpreterOptions &options, unsigned depth, int64_t &steps)
      : options(options), depth(depth), steps(steps) {}

  /// Runs `block` (a function body or a region body) on `args`.
  FailureOr<SmallVector<HostTensor>>
  run(Block &block, ArrayRef<HostTensor> args, const Scope *parent) {
    scopes.push_back(std::make_unique<Scope>());
    scopes.back()->parent = parent;
    if (failed(enter(block, args, FrameKind::Entry, scopes.back().get(),
                     block.getParentOp())))
      return failure();
    if (failed(loop()))
      return failure();
    return std::move(final);
  }

  FailureOr<SmallVector<HostTensor>>
  runBody(Region &region, ArrayRef<HostTensor> args) override {
    Operation *owner = region.getParentOp();
    if (region.empty())
      return owner->emitError("the interpreter found an empty region");
    if (depth + callFrames + 1 > options.maxCallDepth)
      return owner->emitError("the interpreter's call depth limit (")
             << options.maxCallDepth << ") is reached";
    Machine nested(options, depth + callFrames + 1, steps);
    return nested.run(region.front(), args, current);
  }

private:
  LogicalResult enter(Block &block, ArrayRef<HostTensor> args, FrameKind kind,
                      Scope *scope, Operation *owner) {
    if (block.getNumArguments() != args.size())
      return owner->emitError("the interpreter passed ")
             << args.size() << " values to a block of "
             << block.getNumArguments() << " arguments";
    for (auto [arg, value] : llvm::zip(block.getArguments(), args))
      scope->values[arg] = value;
    frames.push_back(Frame{&block, block.begin(), kind, scope, {}, 0});
    return success();
  }

  FailureOr<HostTensor> lookup(Operation *user, Value v) const {
    for (const Scope *s = current; s; s = s->parent) {
      auto it = s->values.find(v);
      if (it != s->values.end())
        return it->second;
    }
    return user->emitError("the interpreter has no value for an operand of "
                           "type ")
           << v.getType() << " (tokens and tuples do not run)";
  }

  LogicalResult getOperands(Operation *op, SmallVectorImpl<HostTensor> &out) {
    for (Value v : op->getOperands()) {
      FailureOr<HostTensor> t = lookup(op, v);
      if (failed(t))
        return failure();
      out.push_back(std::move(*t));
    }
    return success();
  }

  /// Binds the results of the op the top frame is at and moves past it.
  LogicalResult complete(ArrayRef<HostTensor> values) {
    Frame &f = frames.back();
    Operation *op = &*f.it;
    if (op->getNumResults() != values.size())
      return op->emitError("the interpreter got ")
             << values.size() << " values for " << op->getNumResults()
             << " results";
    if (failed(checkResultShapes(op, values)))
      return failure();
    for (auto [res, value] : llvm::zip(op->getResults(), values))
      f.scope->values[res] = value;
    ++f.it;
    return success();
  }

  /// The top frame returned `values`.
  LogicalResult finish(SmallVector<HostTensor> values) {
    Frame done = std::move(frames.back());
    frames.pop_back();
    switch (done.kind) {
    case FrameKind::Entry:
      final = std::move(values);
      return success();
    case FrameKind::Call:
      --callFrames;
      scopes.pop_back();
      current = frames.back().scope;
      return complete(values);
    case FrameKind::Branch:
      return complete(values);
    case FrameKind::WhileCond: {
      Operation *whileOp = &*frames.back().it;
      if (values.size() != 1 || values[0].getNumElements() != 1)
        return whileOp->emitError("the interpreter expects the condition "
                                  "to return one boolean");
      if (values[0].getInt(0) == 0)
        return complete(done.carried);
      auto w = cast<WhileOp>(whileOp);
      if (failed(enter(w.getBody().front(), done.carried, FrameKind::WhileBody,
                       done.scope, whileOp)))
        return failure();
      frames.back().iterations = done.iterations;
      return success();
    }
    case FrameKind::WhileBody: {
      Operation *whileOp = &*frames.back().it;
      if (done.iterations + 1 > options.maxWhileIterations)
        return whileOp->emitError("the interpreter's while iteration limit (")
               << options.maxWhileIterations << ") is reached";
      auto w = cast<WhileOp>(whileOp);
      if (failed(enter(w.getCond().front(), values, FrameKind::WhileCond,
                       done.scope, whileOp)))
        return failure();
      frames.back().carried = std::move(values);
      frames.back().iterations = done.iterations + 1;
      return success();
    }
    }
    return failure();
  }

  LogicalResult step(Operation *op) {
    Frame &f = frames.back();
    SmallVector<HostTensor> operands;
    if (failed(getOperands(op, operands)))
      return failure();
    if (op->hasTrait<OpTrait::IsTerminator>())
      return finish(std::move(operands));
    if (auto w = dyn_cast<WhileOp>(op)) {
      if (failed(enter(w.getCond().front(), operands, FrameKind::WhileCond,
                       f.scope, op)))
        return failure();
      frames.back().carried = std::move(operands);
      return success();
    }
    if (auto i = dyn_cast<IfOp>(op)) {
      Region &r =
          operands[0].getInt(0) ? i.getTrueBranch() : i.getFalseBranch();
      return enter(r.front(), {}, FrameKind::Branch, f.scope, op);
    }
    if (auto c = dyn_cast<CaseOp>(op)) {
      int64_t n = c.getBranches().size();
      int64_t index = operands[0].getInt(0);
      // spec.md, "case": an index out of [0, N) selects the last branch.
      if (index < 0 || index >= n)
        index = n - 1;
      return enter(c.getBranches()[index].front(), {}, FrameKind::Branch,
                   f.scope, op);
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          op, call.getCalleeAttr());
      if (!callee || callee.isExternal())
        return op->emitError("the interpreter cannot call ")
               << call.getCalleeAttr() << ": no function body";
      if (depth + callFrames + 1 > options.maxCallDepth)
        return op->emitError("the interpreter's call depth limit (")
               << options.maxCallDepth << ") is reached";
      scopes.push_back(std::make_unique<Scope>());
      ++callFrames;
      Scope *scope = scopes.back().get();
      current = scope;
      return enter(callee.getBody().front(), operands, FrameKind::Call, scope,
                   op);
    }
    SmallVector<HostTensor> results;
    if (failed(evalOp(op, operands, results, *this, options)))
      return failure();
    return complete(results);
  }

  LogicalResult loop() {
    while (!frames.empty()) {
      Frame &f = frames.back();
      current = f.scope;
      if (f.it == f.block->end())
        return f.block->getParentOp()->emitError(
            "the interpreter reached the end of a block without terminator");
      Operation *op = &*f.it;
      if (++steps > options.maxSteps)
        return op->emitError("the interpreter's step limit (")
               << options.maxSteps << " ops run) is reached";
      if (failed(step(op)))
        return failure();
    }
    return success();
  }

  const InterpreterOptions &options;
  unsigned depth;
  int64_t &steps;
  unsigned callFrames = 0;
  SmallVector<std::unique_ptr<Scope>> scopes;
  SmallVector<Frame> frames;
  const Scope *current = nullptr;
  SmallVector<HostTensor> final;
};
} // namespace

FailureOr<SmallVector<HostTensor>>
mlir::tfg::stablehlo::interpretFunction(func::FuncOp func,
                                        ArrayRef<HostTensor> args,
                                        const InterpreterOptions &options) {
  if (func.isExternal())
    return func.emitError("the interpreter cannot run a declaration");
  int64_t steps = 0;
  Machine machine(options, 0, steps);
  return machine.run(func.getBody().front(), args, nullptr);
}

LogicalResult
mlir::tfg::stablehlo::interpretModule(ModuleOp module,
                                      const InterpreterOptions &options,
                                      llvm::raw_ostream *results) {
  bool ok = true;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isExternal() || func.getNumArguments() != 0)
      continue;
    if (results)
      *results << "Evaluated results of function: " << func.getSymName()
               << "\n";
    FailureOr<SmallVector<HostTensor>> values =
        interpretFunction(func, {}, options);
    if (failed(values)) {
      ok = false;
      continue;
    }
    if (results)
      for (const HostTensor &v : *values) {
        if (TypedAttr attr = v.toAttr(module.getContext()))
          *results << attr << "\n";
      }
  }
  return success(ok);
}
