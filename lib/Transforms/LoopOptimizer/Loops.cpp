//===- Loops.cpp - Loops with constant trip counts, invariant motion -----===//
//
// Trip counts: a loop whose trip count is a constant 0 or 1 is replaced by
// its initial values (0) or by its body run once (1). The count is known
//  - for `For`/`ForRegion` with constant start, limit and delta;
//  - for `While`/`WhileRegion` whose initial values the condition compares
//    (Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual of integer
//    scalars) and whose body updates them by arithmetic on constants
//    (AddV2, Add, Sub, Mul), evaluated on the constants the loop starts
//    with. The condition must be free of side effects (it no longer runs);
//    a region loop's condition must pass its arguments on unchanged.
// A functional loop run once becomes a call of its body. v1 loops (frames)
// are FrameTrips.cpp's.
//
// Loop-invariant node motion: a node of a `WhileRegion` body that reads
// only values from outside the loop, loop values the body passes on
// unchanged, and other invariant nodes, and has no side effects and no
// regions, is moved before the loop (loop values replaced by the initial
// values). A node moved out of a loop that runs no iteration runs anyway,
// which is why the rule is an option, off by default.
//
//===----------------------------------------------------------------------===//

#include "LoopOptimizer.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/Builders.h"

#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "tfg-loop-optimizer"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::loop_opt;

//===----------------------------------------------------------------------===//
// A tiny evaluator of loop conditions and counters
//===----------------------------------------------------------------------===//

namespace {
/// Known integer values of the data arguments of one block (or, for a v1
/// loop, of values in `known`).
struct ArgValues {
  Block::BlockArgListType args;
  /// Index of an argument -> its position among the data arguments.
  std::function<std::optional<unsigned>(BlockArgument)> position;
  SmallVector<std::optional<int64_t>> values;
  const llvm::DenseMap<Value, int64_t> *known = nullptr;

  std::optional<int64_t> lookup(Value v) const {
    if (known) {
      auto it = known->find(v);
      if (it != known->end())
        return it->second;
    }
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || args.empty() || arg.getOwner() != args.front().getOwner())
      return std::nullopt;
    std::optional<unsigned> pos = position(arg);
    if (!pos || *pos >= values.size())
      return std::nullopt;
    return values[*pos];
  }
};
} // namespace

/// Expressions are evaluated this deep (a counter update, a comparison).
static constexpr unsigned kMaxExprDepth = 4;

/// The integer value of `v`, from constants and `known` arguments through
/// AddV2/Add/Sub/Mul and Identity (depth-bounded), if known.
static std::optional<int64_t> evalInt(Value v, const ArgValues &known,
                                      unsigned depth = 0) {
  if (std::optional<int64_t> x = known.lookup(v))
    return x;
  if (std::optional<int64_t> c = getConstantInt(v))
    return c;
  Operation *def = v.getDefiningOp();
  if (!def || depth >= kMaxExprDepth)
    return std::nullopt;
  StringRef name = getTFOpName(def);
  OperandRange data = getDataOperands(def);
  if (name == "Identity" && data.size() == 1)
    return evalInt(data[0], known, depth + 1);
  if (data.size() != 2 ||
      (name != "AddV2" && name != "Add" && name != "Sub" && name != "Mul"))
    return std::nullopt;
  std::optional<int64_t> a = evalInt(data[0], known, depth + 1);
  std::optional<int64_t> b =
      a ? evalInt(data[1], known, depth + 1) : std::nullopt;
  if (!a || !b)
    return std::nullopt;
  int64_t r;
  bool overflow = name == "Sub"   ? llvm::SubOverflow(*a, *b, r)
                  : name == "Mul" ? llvm::MulOverflow(*a, *b, r)
                                  : llvm::AddOverflow(*a, *b, r);
  // Narrower loop values wrap: results outside int32 are not evaluated
  // unless the value is known to be int64.
  auto type = dyn_cast<ShapedType>(v.getType());
  bool wide = type && type.getElementType().isInteger(64);
  if (overflow || (!wide && (r < INT32_MIN || r > INT32_MAX)))
    return std::nullopt;
  return r;
}

/// The truth of the loop condition `v`, if known.
static std::optional<bool> evalCondition(Value v, const ArgValues &known) {
  for (unsigned i = 0; i < kMaxExprDepth; ++i) {
    Operation *def = v.getDefiningOp();
    if (!def)
      break;
    StringRef name = getTFOpName(def);
    OperandRange data = getDataOperands(def);
    if ((name == "Identity" || name == "LoopCond") && data.size() == 1) {
      v = data[0];
      continue;
    }
    if (data.size() != 2)
      break;
    std::optional<int64_t> a = evalInt(data[0], known);
    std::optional<int64_t> b = a ? evalInt(data[1], known) : std::nullopt;
    if (!a || !b)
      break;
    if (name == "Less")
      return *a < *b;
    if (name == "LessEqual")
      return *a <= *b;
    if (name == "Greater")
      return *a > *b;
    if (name == "GreaterEqual")
      return *a >= *b;
    if (name == "Equal")
      return *a == *b;
    if (name == "NotEqual")
      return *a != *b;
    break;
  }
  if (std::optional<int64_t> c = getConstantInt(v))
    return *c != 0;
  return std::nullopt;
}

std::optional<int64_t>
loop_opt::evalKnownInt(Value v, const llvm::DenseMap<Value, int64_t> &known) {
  ArgValues values{Block::BlockArgListType(), nullptr, {}, &known};
  return evalInt(v, values);
}

std::optional<bool>
loop_opt::evalKnownCondition(Value v,
                             const llvm::DenseMap<Value, int64_t> &known) {
  ArgValues values{Block::BlockArgListType(), nullptr, {}, &known};
  return evalCondition(v, values);
}

/// The trip count of a For loop, if constant and at most 1 (TensorFlow's
/// For: up while index < limit for a positive delta, down while index >
/// limit for a negative one).
static std::optional<int64_t> forTripCount(Value start, Value limit,
                                           Value delta) {
  std::optional<int64_t> s = getConstantInt(start), l = getConstantInt(limit),
                         d = getConstantInt(delta);
  if (!s || !l || !d || *d == 0)
    return std::nullopt;
  if (*d > 0 ? *s >= *l : *s <= *l)
    return 0;
  // One iteration when the next index is past the limit.
  int64_t next = *s + *d;
  if (*d > 0 ? next >= *l : next <= *l)
    return 1;
  return std::nullopt;
}

/// Data argument positions: a region block holds n data then n control
/// arguments; a function interleaves them.
static std::optional<unsigned> regionPosition(BlockArgument arg) {
  unsigned n = arg.getOwner()->getNumArguments() / 2;
  return arg.getArgNumber() < n ? std::optional<unsigned>(arg.getArgNumber())
                                : std::nullopt;
}
static std::optional<unsigned> funcPosition(BlockArgument arg) {
  return arg.getArgNumber() % 2
             ? std::nullopt
             : std::optional<unsigned>(arg.getArgNumber() / 2);
}

/// The trip count (0 or 1) of a while loop given its condition block and
/// value, the values its body receives (as functions of the condition's
/// arguments), the body block and the values it passes on.
static std::optional<int64_t>
whileTripCount(ValueRange init, Block &cond, Value condValue, Block &body,
               ValueRange next,
               std::optional<unsigned> (*position)(BlockArgument)) {
  if (cond.getNumArguments() == 0)
    return std::nullopt;
  ArgValues first{cond.getArguments(), position, {}};
  for (Value v : init)
    first.values.push_back(getConstantInt(v));
  std::optional<bool> enter = evalCondition(condValue, first);
  if (!enter)
    return std::nullopt;
  if (!*enter)
    return 0;
  if (body.getNumArguments() == 0)
    return std::nullopt;
  ArgValues inBody{body.getArguments(), position, first.values};
  ArgValues second{cond.getArguments(), position, {}};
  for (Value v : next)
    second.values.push_back(evalInt(v, inBody));
  std::optional<bool> again = evalCondition(condValue, second);
  if (again && !*again)
    return 1;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Trip counts
//===----------------------------------------------------------------------===//

/// The control tokens standing for the control arguments of a loop block
/// (those of the initial values); fails if one that is used has none.
static LogicalResult mapControlArgs(Block &block, unsigned firstCtl,
                                    ValueRange init,
                                    SmallVectorImpl<Value> &tokens) {
  for (auto [i, value] : llvm::enumerate(init)) {
    BlockArgument arg = block.getArgument(firstCtl + i);
    Value token = getControlTokenOf(value);
    if (!token && !arg.use_empty())
      return failure();
    tokens.push_back(token);
  }
  return success();
}

/// Replaces the arguments of a loop block by `init` (data) and `tokens`
/// (control; null tokens are unused) and moves its ops before `op`.
static void inlineLoopBlock(Block &block, Operation *op, unsigned firstData,
                            ValueRange init, unsigned firstCtl,
                            ArrayRef<Value> tokens, ValueRange controls) {
  for (auto [i, value] : llvm::enumerate(init))
    block.getArgument(firstData + i).replaceAllUsesWith(value);
  for (auto [i, token] : llvm::enumerate(tokens))
    if (token)
      block.getArgument(firstCtl + i).replaceAllUsesWith(token);
  moveBlockBefore(block, op, controls);
}

static LogicalResult simplifyWhileRegion(BodyContext &ctx, Operation *op) {
  Block &cond = op->getRegion(0).front(), &body = op->getRegion(1).front();
  auto condition = dyn_cast<ConditionOp>(cond.getTerminator());
  SmallVector<Value> init(getDataOperands(op));
  unsigned n = init.size();
  if (!condition || condition.getDataOperands().size() != n ||
      cond.getNumArguments() != 2 * n || body.getNumArguments() != 2 * n)
    return failure();
  // The condition passes its arguments on unchanged.
  for (unsigned k = 0; k < n; ++k)
    if (condition.getDataOperands()[k] != cond.getArgument(k))
      return failure();
  Operation *yield = body.getTerminator();
  SmallVector<Value> next(getDataOperands(yield));
  std::optional<int64_t> trips = whileTripCount(init, cond, condition.getCond(),
                                                body, next, regionPosition);
  if (!trips)
    return failure();
  if (!isRegionFreeOfEffects(op->getRegion(0))) {
    LLVM_DEBUG(llvm::dbgs() << "tfg-loop-optimizer: '" << getNodeName(op)
                            << "' kept: its condition has side effects\n");
    return failure();
  }
  SmallVector<Value> controls(getControlOperands(op));
  if (*trips == 0) {
    if (failed(replaceAndErase(ctx, op, init, controls)))
      return failure();
    ++ctx.stats.loopsRemoved;
    return success();
  }
  SmallVector<Value> tokens;
  if (failed(mapControlArgs(body, n, init, tokens)))
    return failure();
  inlineLoopBlock(body, op, 0, init, n, tokens, controls);
  SmallVector<Value> after(getControlOperands(yield));
  llvm::append_range(after, controls);
  if (failed(replaceAndErase(ctx, op, next, after)))
    return failure();
  ++ctx.stats.loopsUnrolled;
  return success();
}

static LogicalResult simplifyForRegion(BodyContext &ctx, Operation *op) {
  OperandRange data = getDataOperands(op);
  if (data.size() < 3)
    return failure();
  std::optional<int64_t> trips = forTripCount(data[0], data[1], data[2]);
  if (!trips)
    return failure();
  SmallVector<Value> init(data.drop_front(3));
  unsigned n = init.size();
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 2 * (n + 1))
    return failure();
  SmallVector<Value> controls(getControlOperands(op));
  if (*trips == 0) {
    // The bounds are read by nobody any more; the results wait for them as
    // the loop did.
    SmallVector<Value> waits =
        getControlDependencies({data[0], data[1], data[2]}, controls);
    if (failed(replaceAndErase(ctx, op, init, waits)))
      return failure();
    ++ctx.stats.loopsRemoved;
    return success();
  }
  SmallVector<Value> values = {data[0]};
  llvm::append_range(values, init);
  SmallVector<Value> tokens;
  if (failed(mapControlArgs(body, n + 1, values, tokens)))
    return failure();
  Operation *yield = body.getTerminator();
  SmallVector<Value> next(getDataOperands(yield));
  inlineLoopBlock(body, op, 0, values, n + 1, tokens, controls);
  SmallVector<Value> after(getControlOperands(yield));
  llvm::append_range(after, controls);
  if (failed(replaceAndErase(ctx, op, next, after)))
    return failure();
  ++ctx.stats.loopsUnrolled;
  return success();
}

/// The function a functional loop names in `attr`, if the module has it.
static GraphFuncOp lookupFunction(BodyContext &ctx, Operation *op,
                                  StringRef attr) {
  auto func = op->getAttrOfType<tf_type::FuncAttr>(attr);
  if (!func || !ctx.symbols)
    return {};
  auto callee = ctx.symbols->lookup<GraphFuncOp>(
      func.getName().getLeafReference().getValue());
  if (!callee || callee.getBody().empty())
    return {};
  return callee;
}

static LogicalResult simplifyFunctionalLoop(BodyContext &ctx, Operation *op,
                                            StringRef name) {
  OperandRange data = getDataOperands(op);
  bool isFor = name == "For";
  // For is always stateful; While, StatelessWhile, StatefulWhile.
  auto types = op->getAttrOfType<ArrayAttr>("T");
  if (!types || (isFor && data.size() < 3))
    return failure();
  SmallVector<Value> init(data.drop_front(isFor ? 3 : 0));
  std::optional<int64_t> trips;
  if (isFor) {
    trips = forTripCount(data[0], data[1], data[2]);
  } else {
    GraphFuncOp cond = lookupFunction(ctx, op, "cond");
    GraphFuncOp body = lookupFunction(ctx, op, "body");
    if (!cond || !body)
      return failure();
    Block &condBlock = cond.getBody().front(),
          &bodyBlock = body.getBody().front();
    auto condRet = dyn_cast<ReturnOp>(condBlock.getTerminator());
    auto bodyRet = dyn_cast<ReturnOp>(bodyBlock.getTerminator());
    if (!condRet || !bodyRet || getDataOperands(condRet).empty())
      return failure();
    SmallVector<Value> next(getDataOperands(bodyRet));
    trips = whileTripCount(init, condBlock, getDataOperands(condRet)[0],
                           bodyBlock, next, funcPosition);
    if (trips && !isRegionFreeOfEffects(cond.getBody())) {
      LLVM_DEBUG(llvm::dbgs() << "tfg-loop-optimizer: '" << getNodeName(op)
                              << "' kept: its condition has side effects\n");
      return failure();
    }
  }
  if (!trips)
    return failure();
  SmallVector<Value> controls(getControlOperands(op));
  if (*trips == 0) {
    SmallVector<Value> waits =
        isFor ? getControlDependencies({data[0], data[1], data[2]}, controls)
              : controls;
    if (failed(replaceAndErase(ctx, op, init, waits)))
      return failure();
    ++ctx.stats.loopsRemoved;
    return success();
  }
  // One iteration: a call of the body (For's takes the index first).
  Builder b(op->getContext());
  SmallVector<Value> args;
  SmallVector<Attribute> tin;
  if (isFor) {
    args.push_back(data[0]);
    tin.push_back(TypeAttr::get(b.getI32Type()));
  }
  llvm::append_range(args, init);
  llvm::append_range(tin, types.getValue());
  if (failed(replaceWithCall(ctx, op, op->getAttr("body"), args,
                             b.getArrayAttr(tin), types, controls,
                             /*stateful=*/!name.starts_with("Stateless"))))
    return failure();
  ++ctx.stats.loopsUnrolled;
  return success();
}

void loop_opt::simplifyTripCounts(BodyContext &ctx) {
  // A graph without fetches keeps its nodes.
  if (!ctx.preserved.canDeleteNodes())
    return;
  simplifyFrameTripCounts(ctx);
  SmallVector<Operation *> loops;
  ctx.body.walk([&](Operation *op) {
    StringRef name = getTFOpName(op);
    name.consume_front("Stateless") || name.consume_front("Stateful");
    if (name == "While" || name == "For" || name == "WhileRegion" ||
        name == "ForRegion")
      loops.push_back(op);
  });
  for (Operation *op : loops) {
    if (!ctx.mayReplace(op))
      continue;
    StringRef name = getTFOpName(op);
    StringRef base = name;
    base.consume_front("Stateless") || base.consume_front("Stateful");
    if (base == "WhileRegion")
      (void)simplifyWhileRegion(ctx, op);
    else if (base == "ForRegion")
      (void)simplifyForRegion(ctx, op);
    else
      (void)simplifyFunctionalLoop(ctx, op, name);
  }
}

//===----------------------------------------------------------------------===//
// Loop-invariant node motion
//===----------------------------------------------------------------------===//

/// Moves the invariant nodes of the body of the WhileRegion `op` before it.
static void hoistFromWhileRegion(BodyContext &ctx, Operation *op) {
  Block &cond = op->getRegion(0).front(), &body = op->getRegion(1).front();
  auto condition = dyn_cast<ConditionOp>(cond.getTerminator());
  SmallVector<Value> init(getDataOperands(op));
  unsigned n = init.size();
  if (!condition || condition.getDataOperands().size() != n ||
      body.getNumArguments() != 2 * n)
    return;
  Operation *yield = body.getTerminator();
  OperandRange next = getDataOperands(yield);
  // Loop values passed on unchanged by both regions are invariant: they
  // keep their initial value.
  llvm::DenseMap<Value, Value> invariantArgs;
  for (unsigned k = 0; k < n; ++k) {
    if (condition.getDataOperands()[k] != cond.getArgument(k) ||
        next[k] != body.getArgument(k))
      continue;
    invariantArgs[body.getArgument(k)] = init[k];
    if (Value token = getControlTokenOf(init[k]))
      invariantArgs[body.getArgument(n + k)] = token;
  }
  auto isInvariant = [&](Value v) {
    if (invariantArgs.count(v))
      return true;
    Operation *def = v.getDefiningOp();
    Block *owner = def ? def->getBlock() : cast<BlockArgument>(v).getOwner();
    // Defined outside the loop (not in its regions).
    return !op->isAncestor(owner->getParentOp());
  };
  SmallVector<Operation *> worklist;
  for (Operation &inner : body.without_terminator())
    worklist.push_back(&inner);
  std::reverse(worklist.begin(), worklist.end());
  llvm::DenseSet<Operation *> hoisted;
  while (!worklist.empty()) {
    Operation *inner = worklist.pop_back_val();
    if (hoisted.contains(inner) || inner->getNumRegions() ||
        hasSideEffects(inner) || isFrameNode(inner) || isSwitchNode(inner) ||
        !llvm::all_of(inner->getOperands(), isInvariant))
      continue;
    for (OpOperand &operand : inner->getOpOperands())
      if (Value outside = invariantArgs.lookup(operand.get()))
        operand.set(outside);
    inner->moveBefore(op);
    hoisted.insert(inner);
    ++ctx.stats.nodesHoisted;
    LLVM_DEBUG(llvm::dbgs()
               << "tfg-loop-optimizer: hoisted '" << getNodeName(inner)
               << "' out of '" << getNodeName(op) << "'\n");
    // Its users in the body may have become invariant.
    for (Operation *user : inner->getUsers())
      if (user->getBlock() == &body)
        worklist.push_back(user);
  }
}

void loop_opt::hoistLoopInvariants(BodyContext &ctx) {
  // Innermost loops first: what leaves an inner loop may leave the outer.
  SmallVector<Operation *> loops;
  ctx.body.walk([&](Operation *op) {
    StringRef name = getTFOpName(op);
    name.consume_front("Stateless") || name.consume_front("Stateful");
    if (name == "WhileRegion")
      loops.push_back(op);
  });
  for (Operation *op : loops)
    hoistFromWhileRegion(ctx, op);
}
