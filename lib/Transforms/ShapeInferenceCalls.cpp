//===- ShapeInferenceCalls.cpp - Shapes through function calls ------------===//
//
// The result shapes of If, Case (and their Stateless forms), PartitionedCall,
// StatefulPartitionedCall and calls by function name come from the called
// functions' bodies: each function's arguments take the shapes every caller
// passes (their join: a dimension all callers agree on stays, others become
// unknown), its body is inferred, and a caller's results take the join of its
// callees' returned shapes.
//
//===----------------------------------------------------------------------===//

#include "ShapeFunctions.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::tfg;

/// The most general shape both `a` and `b` are instances of.
static Shape joinShapes(const Shape &a, const Shape &b) {
  if (!a.ranked || !b.ranked || a.rank() != b.rank())
    return Shape::unknown();
  Shape r = a;
  for (auto [d, e] : llvm::zip(r.dims, b.dims))
    if (d != e)
      d = kDyn;
  return r;
}

/// `type` refined to `shape` (a tensor type of the same element type), or
/// null when that adds nothing or conflicts.
static Type refinedType(Type type, const Shape &shape) {
  auto tensor = dyn_cast<TensorType>(type);
  if (!tensor || !shape.ranked)
    return {};
  Shape current = Shape::ofType(tensor);
  FailureOr<Shape> merged = mergeShapes(current, shape);
  if (failed(merged) || (current.ranked && merged->dims == current.dims))
    return {};
  return RankedTensorType::get(merged->dims, tensor.getElementType());
}

/// The functions `node` calls and the data operand of their first argument;
/// empty if it calls none this file handles.
static SmallVector<tf_type::FuncAttr, 2>
getCallees(Operation *node, unsigned &firstArg, bool &byName) {
  SmallVector<tf_type::FuncAttr, 2> callees;
  byName = false;
  StringRef type = getTFOpName(node);
  auto add = [&](Attribute a) {
    if (auto f = dyn_cast_if_present<tf_type::FuncAttr>(a))
      callees.push_back(f);
  };
  if (type == "If" || type == "StatelessIf") {
    firstArg = 1;
    add(node->getAttr("then_branch"));
    add(node->getAttr("else_branch"));
    if (callees.size() != 2)
      callees.clear();
  } else if (type == "Case" || type == "StatelessCase") {
    firstArg = 1;
    auto branches = dyn_cast_if_present<ArrayAttr>(node->getAttr("branches"));
    for (Attribute b : branches ? branches : ArrayAttr())
      add(b);
    if (!branches || callees.size() != branches.size())
      callees.clear();
  } else if (type == "PartitionedCall" || type == "StatefulPartitionedCall") {
    firstArg = 0;
    add(node->getAttr("f"));
  } else {
    firstArg = 0;
    byName = true;
  }
  return callees;
}

CallShapes::CallShapes(Operation *root) {
  // Functions by name: those of the root, when it is a symbol table. A
  // function or graph inferred alone (a nested pass, run in parallel with its
  // siblings) neither reads nor changes the functions beside it.
  Operation *table = root;
  if (!table->hasTrait<OpTrait::SymbolTable>())
    return;
  for (Region &region : table->getRegions())
    for (Block &block : region)
      for (auto func : block.getOps<GraphFuncOp>())
        if (!func.getGeneric() && !func.isExternal())
          funcs[func.getSymNameAttr()] = func.getOperation();
  if (funcs.empty())
    return;
  // Every attribute reference to a function, and those that are the callee
  // attributes of the call sites handled here: a function referenced
  // otherwise too (While's cond and body, a gradient, ...) keeps its
  // signature as it is.
  auto lookupFunc = [&](StringAttr name) {
    return cast_if_present<GraphFuncOp>(funcs.lookup(name));
  };
  llvm::DenseMap<Operation *, unsigned> attrRefs, calleeRefs;
  table->walk([&](Operation *op) {
    for (NamedAttribute attr : op->getAttrs())
      attr.getValue().walk([&](tf_type::FuncAttr f) {
        if (GraphFuncOp func = lookupFunc(f.getName().getRootReference()))
          ++attrRefs[func];
      });
    if (!getControlToken(op))
      return;
    unsigned firstArg = 0;
    bool byName = false;
    SmallVector<tf_type::FuncAttr, 2> refs = getCallees(op, firstArg, byName);
    SmallVector<GraphFuncOp, 2> callees;
    if (byName)
      if (GraphFuncOp func =
              lookupFunc(StringAttr::get(op->getContext(), getTFOpName(op))))
        callees.push_back(func);
    for (tf_type::FuncAttr ref : refs)
      if (GraphFuncOp func = lookupFunc(ref.getName().getRootReference()))
        callees.push_back(func);
    if (callees.empty() || callees.size() != refs.size() + (byName ? 1 : 0))
      return;
    unsigned numOperands = getDataOperands(op).size();
    for (GraphFuncOp func : callees)
      if (firstArg + func.getNumArguments() != numOperands ||
          func.getNumResults() != getDataResults(op).size())
        return;
    for (tf_type::FuncAttr ref : refs)
      ++calleeRefs[lookupFunc(ref.getName().getRootReference())];
    CallSite &site = sites[op];
    site.firstArg = firstArg;
    site.callees.assign(callees.begin(), callees.end());
    for (GraphFuncOp func : callees)
      if (callers[func].empty() || callers[func].back() != op)
        callers[func].push_back(op);
  });
  for (auto &[func, n] : attrRefs)
    if (n != calleeRefs.lookup(func))
      pinned.insert(func);
}

bool CallShapes::refineCallees(Operation *node, KnownValues &known,
                               SmallVectorImpl<Block *> &changedBodies) {
  auto it = sites.find(node);
  if (it == sites.end())
    return false;
  for (Operation *f : it->second.callees) {
    auto func = cast<GraphFuncOp>(f);
    if (pinned.contains(func))
      continue;
    auto calls = callers.find(func);
    if (calls == callers.end())
      continue;
    SmallVector<Type> inputs(func.getFunctionType().getInputs());
    bool changed = false;
    for (unsigned i = 0, e = inputs.size(); i < e; ++i) {
      std::optional<Shape> joined;
      // The value every caller passes, if they all pass the same known one
      // (attributes are uniqued: equal values are the same attribute).
      DenseElementsAttr value;
      bool sameValue = true;
      for (auto [k, call] : llvm::enumerate(calls->second)) {
        Value operand =
            getDataOperands(call)[sites.find(call)->second.firstArg + i];
        Shape s = Shape::ofType(operand.getType());
        joined = joined ? joinShapes(*joined, s) : s;
        DenseElementsAttr v = known.lookup(operand);
        if (k == 0)
          value = v;
        sameValue &= v && v == value;
      }
      BlockArgument arg = func.getDataArgument(i);
      if (joined)
        if (Type t = refinedType(inputs[i], *joined)) {
          inputs[i] = t;
          arg.setType(t);
          changed = true;
        }
      if (sameValue && value && value.getType() == arg.getType() &&
          known.try_emplace(arg, value).second)
        changed = true;
    }
    if (!changed)
      continue;
    func.setFunctionType(FunctionType::get(
        func.getContext(), inputs, func.getFunctionType().getResults()));
    changedBodies.push_back(&func.getBody().front());
  }
  return true;
}

std::optional<SmallVector<Shape, 2>>
CallShapes::resultShapes(Operation *node) const {
  auto it = sites.find(node);
  if (it == sites.end())
    return std::nullopt;
  // Every callee, even when the selector is known: the call's types must
  // fit each of its functions (the functional ops' verifier).
  ArrayRef<Operation *> callees = it->second.callees;
  SmallVector<Shape, 2> shapes;
  for (auto [k, f] : llvm::enumerate(callees)) {
    auto func = cast<GraphFuncOp>(f);
    ReturnOp ret = func.getReturnOp();
    if (!ret)
      return std::nullopt;
    auto returned = getDataOperands(ret).getTypes();
    if (k == 0) {
      for (Type t : returned)
        shapes.push_back(Shape::ofType(t));
      continue;
    }
    for (auto [s, t] : llvm::zip(shapes, returned))
      s = joinShapes(s, Shape::ofType(t));
  }
  return shapes;
}

void CallShapes::refineResults(Block &body,
                               SmallVectorImpl<Block *> &changedBodies) {
  auto func = dyn_cast_if_present<GraphFuncOp>(body.getParentOp());
  if (!func || pinned.contains(func))
    return;
  ReturnOp ret = func.getReturnOp();
  if (!ret)
    return;
  SmallVector<Type> results(func.getFunctionType().getResults());
  bool changed = false;
  for (auto [r, t] : llvm::zip(results, getDataOperands(ret).getTypes()))
    if (Type refined = refinedType(r, Shape::ofType(t))) {
      r = refined;
      changed = true;
    }
  if (!changed)
    return;
  func.setFunctionType(FunctionType::get(
      func.getContext(), func.getFunctionType().getInputs(), results));
  auto calls = callers.find(func);
  if (calls != callers.end())
    for (Operation *call : calls->second)
      changedBodies.push_back(call->getBlock());
}
