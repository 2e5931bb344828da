//===- SplitFunctions.cpp - outline parts of large functions --------------===//
//
// tfg-split-functions: a function whose body holds more than `max-ops`
// operations (nested ones counted) is cut into runs of consecutive
// operations of at most `max-ops` each; every run becomes a private
// function marked `no_inline`, called where the run was. LLVM's
// optimizations and code generation (register allocation, strength
// reduction) grow faster than linearly with a function's size: a model
// lowered into one function of 90000 instructions took most of its
// compile time there (docs/Codegen.md, "Compile time").
//
// A run takes as arguments the values it uses that are defined before it
// (constants and memref.get_global are cloned into it instead; at most
// kMaxRunInputs of them) and returns the scalars it defines that are used
// after it. Operations that define buffers or views (allocations,
// subviews, casts), allocas, constants and terminators stay in the caller:
// the buffer deallocation pipeline frees many buffers only at the end of the
// function, and a run returning its buffers would return all of them. The
// run's operations move to the call, after the operations left between
// them, so those may only allocate or be free of memory effects, and must
// not use the run's values; any other operation ends the run. A single
// operation over `max-ops` with single-block regions is not outlined as a
// whole: its blocks are split in turn (a worklist, no recursion).
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_SPLITFUNCTIONSPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {

/// Runs smaller than this stay in their function (a call would cost more
/// than it saves).
constexpr int64_t kMinRunOps = 8;

/// The most values a run takes: each buffer is several LLVM arguments (its
/// descriptor), and a call of hundreds of them costs LLVM's instruction
/// selection more than the split saves.
constexpr size_t kMaxRunInputs = 24;

/// The operations in `op`, itself included.
int64_t countOps(Operation *op) {
  int64_t n = 0;
  op->walk([&](Operation *) { ++n; });
  return n;
}

/// Operations a run clones instead of taking as an argument.
bool isRematerializable(Operation *op) {
  return op->getNumOperands() == 0 && op->getNumRegions() == 0 &&
         (op->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp>(op));
}

/// Operations a run may hold: not constants, allocas or terminators, and
/// defining no buffer or view (the buffers stay in the caller, whose
/// deallocations may come much later: returned from a run, every buffer
/// live across it would be a result).
bool isOutlinable(Operation *op) {
  if (isRematerializable(op) || isa<memref::AllocaOp, LLVM::AllocaOp>(op) ||
      op->hasTrait<OpTrait::IsTerminator>())
    return false;
  return llvm::none_of(op->getResultTypes(),
                       [](Type t) { return isa<BaseMemRefType>(t); });
}

/// Whether the operations of a run may move after `op` (it reads and
/// writes no memory: views, allocations, constants).
bool canMoveOver(Operation *op) {
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || op->getNumRegions() != 0)
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::all_of(list, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect());
  });
}

/// Whether `op`'s single-block regions may be split in turn.
bool hasSplittableRegions(Operation *op) {
  return op->getNumRegions() > 0 &&
         llvm::all_of(op->getRegions(),
                      [](Region &r) { return r.empty() || r.hasOneBlock(); });
}

class Splitter {
public:
  Splitter(ModuleOp module, func::FuncOp func, int64_t maxOps)
      : symbols(module), func(func), maxOps(maxOps) {}

  /// Splits `func`'s body and the blocks of its large operations.
  void run() {
    SmallVector<Block *> worklist;
    for (Block &block : func.getBody())
      worklist.push_back(&block);
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      splitBlock(*block, worklist);
    }
  }

private:
  /// The values `op` (nested operations included) uses that are defined
  /// outside `block`'s operations `inRun` and are not rematerializable,
  /// added to `values`; rematerializable definitions go to `clones`.
  static void collectInputs(Block &block, Operation *op,
                            const llvm::SmallPtrSetImpl<Operation *> &inRun,
                            llvm::SetVector<Value> &values,
                            llvm::SetVector<Operation *> *clones) {
    op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        Operation *owner = v.getDefiningOp();
        if (!owner)
          owner = cast<BlockArgument>(v).getOwner()->getParentOp();
        Operation *ancestor =
            owner ? block.findAncestorOpInBlock(*owner) : nullptr;
        if (ancestor && (ancestor == op || inRun.contains(ancestor)))
          continue;
        Operation *def = v.getDefiningOp();
        if (def && isRematerializable(def)) {
          if (clones)
            clones->insert(def);
          continue;
        }
        values.insert(v);
      }
    });
  }

  /// Cuts `block` into runs; pushes the blocks of operations too large for
  /// one run onto `worklist`.
  void splitBlock(Block &block, SmallVectorImpl<Block *> &worklist) {
    SmallVector<std::pair<Operation *, int64_t>> ops;
    int64_t total = 0;
    for (Operation &op : block) {
      int64_t n = countOps(&op);
      ops.push_back({&op, n});
      total += n;
    }
    if (total <= maxOps)
      return;
    SmallVector<Operation *> current;
    llvm::SmallPtrSet<Operation *, 16> inCurrent;
    llvm::SetVector<Value> currentInputs;
    int64_t currentOps = 0;
    auto close = [&] {
      if (currentOps >= kMinRunOps)
        outline(block, current);
      current.clear();
      inCurrent.clear();
      currentInputs.clear();
      currentOps = 0;
    };
    for (auto [op, n] : ops) {
      if (!isOutlinable(op)) {
        // The run's operations move after `op` (to the call): only past
        // operations that touch no memory and use nothing of the run.
        llvm::SetVector<Value> used;
        llvm::SmallPtrSet<Operation *, 1> none;
        collectInputs(block, op, none, used, nullptr);
        bool usesRun = llvm::any_of(used, [&](Value v) {
          Operation *def = v.getDefiningOp();
          return def && inCurrent.contains(def);
        });
        if (usesRun || !canMoveOver(op))
          close();
        if (n > maxOps && hasSplittableRegions(op))
          for (Region &region : op->getRegions())
            if (!region.empty())
              worklist.push_back(&region.front());
        continue;
      }
      if (n > maxOps) {
        close();
        if (hasSplittableRegions(op)) {
          for (Region &region : op->getRegions())
            if (!region.empty())
              worklist.push_back(&region.front());
          continue;
        }
        current.push_back(op);
        currentOps = n;
        close();
        continue;
      }
      llvm::SetVector<Value> inputs = currentInputs;
      collectInputs(block, op, inCurrent, inputs, nullptr);
      if (!current.empty() &&
          (currentOps + n > maxOps || inputs.size() > kMaxRunInputs)) {
        close();
        inputs.clear();
        collectInputs(block, op, inCurrent, inputs, nullptr);
      }
      current.push_back(op);
      inCurrent.insert(op);
      currentInputs = std::move(inputs);
      currentOps += n;
    }
    close();
    // Constants and globals only the runs used.
    for (Operation &op : llvm::make_early_inc_range(block))
      if (isRematerializable(&op) && op.use_empty())
        op.erase();
  }

  /// Replaces the operations `run` (in order, all in `block`) by a call of
  /// a new private function holding them.
  void outline(Block &block, ArrayRef<Operation *> run) {
    llvm::SmallPtrSet<Operation *, 16> inRun(run.begin(), run.end());
    // Values from before the run: arguments, or clones of rematerializable
    // definitions.
    llvm::SetVector<Value> inputs;
    llvm::SetVector<Operation *> clones;
    for (Operation *op : run)
      collectInputs(block, op, inRun, inputs, &clones);
    // Values the run defines that are used after it.
    SmallVector<Value> outputs;
    for (Operation *op : run)
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              Operation *ancestor = block.findAncestorOpInBlock(*user);
              return !ancestor || !inRun.contains(ancestor);
            }))
          outputs.push_back(result);

    MLIRContext *context = func.getContext();
    Location loc = run.front()->getLoc();
    auto type = FunctionType::get(
        context,
        llvm::map_to_vector(inputs, [](Value v) { return v.getType(); }),
        llvm::map_to_vector(outputs, [](Value v) { return v.getType(); }));
    OpBuilder moduleBuilder(func);
    moduleBuilder.setInsertionPointAfter(lastPart ? lastPart : func);
    std::string name;
    do {
      name = (func.getName() + "_part" + Twine(nextPart++)).str();
    } while (symbols.lookup(name));
    auto part = func::FuncOp::create(moduleBuilder, loc, name, type);
    part.setPrivate();
    // no_inline for MLIR's inliner; `passthrough` reaches LLVM's function
    // attributes through the LLVM lowering.
    part.setNoInline(true);
    part->setAttr(
        "passthrough",
        ArrayAttr::get(context, {StringAttr::get(context, "noinline")}));
    symbols.insert(part);
    lastPart = part;
    Block *entry = part.addEntryBlock();
    OpBuilder b = OpBuilder::atBlockBegin(entry);
    IRMapping mapping;
    for (auto [v, arg] : llvm::zip(inputs, entry->getArguments()))
      mapping.map(v, arg);
    for (Operation *def : clones)
      b.clone(*def, mapping);
    for (Operation *op : run)
      b.clone(*op, mapping);
    func::ReturnOp::create(b, loc, llvm::map_to_vector(outputs, [&](Value v) {
                             return mapping.lookup(v);
                           }));

    // The call takes the run's place (after its last operation: pinned
    // operations between the run's operations do not depend on it).
    OpBuilder callBuilder(run.back());
    auto call =
        func::CallOp::create(callBuilder, loc, part, inputs.getArrayRef());
    for (auto [v, r] : llvm::zip(outputs, call.getResults()))
      v.replaceAllUsesWith(r);
    for (Operation *op : llvm::reverse(run))
      op->erase();
  }

  SymbolTable symbols;
  func::FuncOp func;
  int64_t maxOps;
  unsigned nextPart = 0;
  /// The parts follow `func` in the order they were made.
  Operation *lastPart = nullptr;
};

struct SplitFunctionsPass
    : public tfg::impl::SplitFunctionsPassBase<SplitFunctionsPass> {
  using SplitFunctionsPassBase::SplitFunctionsPassBase;
  void runOnOperation() override {
    if (maxOps <= 0)
      return;
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isDeclaration())
        funcs.push_back(func);
    for (func::FuncOp func : funcs)
      Splitter(module, func, maxOps).run();
  }
};

} // namespace
