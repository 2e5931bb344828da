//===- ControlFlow.cpp - Functional control flow to StableHLO regions -----===//
//
// While/StatelessWhile become stablehlo.while (the cond function's body in
// the cond region, a predicate that is not a bool scalar compared with
// zero; the body function's in the body region), If/StatelessIf
// stablehlo.if and Case/StatelessCase stablehlo.case (an index out of
// range takes the last branch in both TensorFlow and StableHLO). Each
// region holds the called function's body, lowered node by node as the
// graph is; its argument and result types must be static, as everywhere.
// Nesting is bounded (kMaxControlFlowNesting) and a function lowered
// within itself is an error, so the lowering of nested bodies ends.
//
//===----------------------------------------------------------------------===//

#include "GraphLowering.h"
#include "Lowering.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

static const StringRef kControlFlowOps[] = {
    "Case", "If", "StatelessCase", "StatelessIf", "StatelessWhile", "While"};

ArrayRef<StringRef> mlir::tfg::tohlo::getFunctionalControlFlowOpTypes() {
  return kControlFlowOps;
}

bool mlir::tfg::tohlo::isFunctionalControlFlow(StringRef opType) {
  return llvm::is_contained(kControlFlowOps, opType);
}

LogicalResult GraphLowering::lowerFunction(OpBuilder &b, Operation *caller,
                                           Attribute funcAttr, ValueRange args,
                                           SmallVectorImpl<Value> &results) {
  auto ref = dyn_cast_or_null<tf_type::FuncAttr>(funcAttr);
  auto func = ref ? SymbolTable::lookupNearestSymbolFrom<GraphFuncOp>(
                        module, ref.getName())
                  : GraphFuncOp();
  if (!func)
    return nodeError(caller)
           << "calls " << funcAttr << ", which is no function of the library";
  if (func.getBody().empty() || func.getGeneric())
    return nodeError(caller) << "calls '" << func.getSymName()
                             << "', a generic function (types unknown)";
  FunctionType type = func.getFunctionType();
  if (type.getNumInputs() != args.size())
    return nodeError(caller)
           << "passes " << args.size() << " values to '" << func.getSymName()
           << "', which takes " << type.getNumInputs();
  if (!active.insert(func).second)
    return nodeError(caller) << "calls '" << func.getSymName()
                             << "' within itself (recursion), which "
                                "StableHLO has no form for";
  if (depth >= kMaxControlFlowNesting) {
    active.erase(func);
    return nodeError(caller) << "nests control flow deeper than "
                             << kMaxControlFlowNesting << " levels";
  }
  ++depth;
  llvm::scope_exit done([&] {
    --depth;
    active.erase(func);
  });
  DenseMap<Value, Value> mapped;
  for (auto [i, arg] : llvm::enumerate(args)) {
    BlockArgument param = func.getDataArgument(i);
    if (loweredType(param) != arg.getType())
      return nodeError(caller)
             << "passes " << arg.getType() << " as argument " << i << " of '"
             << func.getSymName() << "', which takes " << param.getType();
    mapped[param] = arg;
  }
  auto ret = cast<ReturnOp>(func.getBody().front().getTerminator());
  SmallVector<Value> fetches(ret.getDataOperands());
  SmallVector<Operation *> order;
  if (failed(topoOrder(fetches, order)))
    return failure();
  if (failed(lowerNodes(b, order, mapped)))
    return failure();
  for (auto [i, v] : llvm::enumerate(fetches)) {
    results.push_back(mapped.lookup(v));
    if (!results.back())
      return nodeError(caller)
             << "'" << func.getSymName() << "' returns "
             << "a value it does not compute (result " << i << ")";
  }
  return success();
}

/// A bool scalar from TensorFlow's predicate `pred` (a nonzero scalar is
/// true).
static FailureOr<Value> toPredicate(OpBuilder &b, Operation *op, Value pred) {
  auto type = cast<RankedTensorType>(pred.getType());
  if (type.getRank() != 0)
    return nodeError(op) << "takes the predicate " << type << ", not a scalar";
  Type elem = type.getElementType();
  if (elem.isInteger(1))
    return pred;
  if (!isa<FloatType, IntegerType>(elem))
    return nodeError(op) << "takes the predicate " << type
                         << ", neither a number nor a bool";
  TFNode node{getTFOpName(op), getNodeName(op), op->getLoc(), {}, {}, {}};
  Lowering l(b, node);
  return l.compare(pred, l.splatLike(pred, 0), "NE");
}

/// Fills `region` with one block (of `argTypes`) holding the body of
/// `funcAttr` called on the block's arguments (or on `captured` when there
/// are no block arguments), returned by stablehlo.return; the returned
/// types must be `resultTypes` (`pred`: one value turned into a bool
/// scalar).
static LogicalResult fillRegion(GraphLowering &lowering, OpBuilder &b,
                                Operation *op, Region &region,
                                Attribute funcAttr, TypeRange argTypes,
                                ValueRange captured, TypeRange resultTypes,
                                bool pred) {
  OpBuilder::InsertionGuard guard(b);
  Block *block = b.createBlock(&region);
  for (Type t : argTypes)
    block->addArgument(t, op->getLoc());
  SmallVector<Value> results;
  ValueRange args = argTypes.empty() ? captured : block->getArguments();
  if (failed(lowering.lowerFunction(b, op, funcAttr, args, results)))
    return failure();
  if (pred) {
    if (results.size() != 1)
      return nodeError(op) << "has a condition returning " << results.size()
                           << " values, not one";
    FailureOr<Value> p = toPredicate(b, op, results[0]);
    if (failed(p))
      return failure();
    results.assign(1, *p);
  } else if (TypeRange(ValueRange(results)) != resultTypes) {
    InFlightDiagnostic diag = nodeError(op)
                              << "calls " << funcAttr << ", which returns (";
    llvm::interleaveComma(ValueRange(results).getTypes(), diag);
    diag << ") where the node's outputs are (";
    llvm::interleaveComma(resultTypes, diag);
    return diag << ")";
  }
  OperationState ret(op->getLoc(), "stablehlo.return");
  ret.addOperands(results);
  b.create(ret);
  return success();
}

LogicalResult GraphLowering::lowerControlFlow(OpBuilder &b, Operation *op,
                                              ValueRange operands,
                                              SmallVectorImpl<Value> &results) {
  StringRef opType = getTFOpName(op);
  SmallVector<Type> resultTypes;
  for (Value v : getDataResults(op))
    resultTypes.push_back(loweredType(v));
  DictionaryAttr attrs = getNodeAttrs(op);
  auto attr = [&](StringRef name) {
    return attrs ? attrs.get(name) : Attribute();
  };
  if (opType.ends_with("While")) {
    if (TypeRange(operands) != TypeRange(resultTypes))
      return nodeError(op) << "carries values whose types change between "
                              "the inputs and the outputs";
    OperationState w(op->getLoc(), "stablehlo.while");
    w.addOperands(operands);
    w.addTypes(resultTypes);
    Region *cond = w.addRegion();
    Region *body = w.addRegion();
    if (failed(fillRegion(*this, b, op, *cond, attr("cond"), resultTypes, {},
                          {}, /*pred=*/true)) ||
        failed(fillRegion(*this, b, op, *body, attr("body"), resultTypes, {},
                          resultTypes, /*pred=*/false)))
      return failure();
    Operation *loop = b.create(w);
    results.append(loop->result_begin(), loop->result_end());
    return success();
  }
  if (operands.empty())
    return nodeError(op) << "has no "
                         << (opType.ends_with("If") ? "condition"
                                                    : "branch index");
  ValueRange inputs = operands.drop_front();
  bool isIf = opType.ends_with("If");
  SmallVector<Attribute> branches;
  if (isIf) {
    branches = {attr("then_branch"), attr("else_branch")};
  } else {
    auto list = dyn_cast_or_null<ArrayAttr>(attr("branches"));
    if (!list || list.empty())
      return nodeError(op) << "has no 'branches' list";
    branches.assign(list.begin(), list.end());
  }
  // A selector the graph fixes (shape arithmetic, a constant) picks its
  // branch here: the other branches' outputs may have other shapes.
  if (std::optional<unsigned> taken = getKnownBranch(
          isIf, known.lookup(getDataOperands(op)[0]), branches.size())) {
    if (failed(lowerFunction(b, op, branches[*taken], inputs, results)))
      return failure();
    if (TypeRange(ValueRange(results)) != TypeRange(resultTypes)) {
      InFlightDiagnostic diag = nodeError(op) << "calls " << branches[*taken]
                                              << ", which returns (";
      llvm::interleaveComma(ValueRange(results).getTypes(), diag);
      diag << ") where the node's outputs are (";
      llvm::interleaveComma(resultTypes, diag);
      return diag << ")";
    }
    return success();
  }
  Value selector;
  if (isIf) {
    FailureOr<Value> p = toPredicate(b, op, operands[0]);
    if (failed(p))
      return failure();
    selector = *p;
  } else {
    auto type = cast<RankedTensorType>(operands[0].getType());
    if (type.getRank() != 0 || !type.getElementType().isInteger(32))
      return nodeError(op) << "takes the branch index " << type
                           << ", not an i32 scalar";
    selector = operands[0];
  }
  OperationState s(op->getLoc(), isIf ? "stablehlo.if" : "stablehlo.case");
  s.addOperands(selector);
  s.addTypes(resultTypes);
  SmallVector<Region *> regions;
  for (size_t i = 0; i < branches.size(); ++i)
    regions.push_back(s.addRegion());
  for (auto [region, branch] : llvm::zip(regions, branches))
    if (failed(fillRegion(*this, b, op, *region, branch, {}, inputs,
                          resultTypes, /*pred=*/false)))
      return failure();
  Operation *created = b.create(s);
  results.append(created->result_begin(), created->result_end());
  return success();
}
