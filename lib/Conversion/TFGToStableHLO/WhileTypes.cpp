//===- WhileTypes.cpp - Loop-carried types of While nodes from their inputs
//===//
//
// A While that functionalization made before the input shapes were pinned
// carries unranked types: its functions take `tensor<*xT>` and its results
// are unranked. When a While is the only caller of its cond and body
// functions, their arguments take the (more precise) types of its inputs;
// once shape inference has run over the body, a result whose body return
// has exactly its input's type is loop-invariant and the While's result
// takes that type. Each step only makes types more precise.
//
//===----------------------------------------------------------------------===//

#include "GraphLowering.h"
#include "ListAnalysis.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

/// Whether `to` is `from` made more precise (same element type; unranked
/// or the same rank with every known dimension kept).
static bool refines(Type from, Type to) {
  if (from == to)
    return false;
  auto f = dyn_cast<TensorType>(from);
  auto t = dyn_cast<RankedTensorType>(to);
  if (!f || !t || f.getElementType() != t.getElementType())
    return false;
  auto fr = dyn_cast<RankedTensorType>(f);
  if (!fr)
    return true;
  if (fr.getRank() != t.getRank())
    return false;
  for (auto [a, b] : llvm::zip(fr.getShape(), t.getShape()))
    if (!ShapedType::isDynamic(a) && a != b)
      return false;
  return llvm::count_if(t.getShape(), ShapedType::isDynamic) <
         llvm::count_if(fr.getShape(), ShapedType::isDynamic);
}

bool mlir::tfg::tohlo::refineWhileTypes(ModuleOp module,
                                        ArrayRef<Block *> bodies) {
  // How many nodes name each function (in an attribute, a list of them,
  // or as their op type: a call by name): only a function one While calls
  // may take that While's types.
  llvm::StringMap<unsigned> callers;
  auto count = [&](Attribute attr) {
    if (auto f = dyn_cast<tf_type::FuncAttr>(attr))
      ++callers[f.getName().getLeafReference().getValue()];
  };
  for (Block *body : bodies)
    for (Operation &op : *body) {
      ++callers[getTFOpName(&op)];
      for (NamedAttribute a : op.getAttrs()) {
        count(a.getValue());
        if (auto list = dyn_cast<ArrayAttr>(a.getValue()))
          for (Attribute e : list)
            count(e);
      }
    }
  auto lookup = [&](Attribute attr) -> GraphFuncOp {
    auto f = dyn_cast_or_null<tf_type::FuncAttr>(attr);
    if (!f)
      return {};
    StringRef name = f.getName().getLeafReference().getValue();
    if (callers.lookup(name) != 1)
      return {};
    auto func =
        SymbolTable::lookupNearestSymbolFrom<GraphFuncOp>(module, f.getName());
    if (!func || func.getBody().empty() || func.getGeneric())
      return {};
    return func;
  };
  bool changed = false;
  for (Block *body : bodies)
    for (Operation &op : *body) {
      if (!getTFOpName(&op).ends_with("While") ||
          !isFunctionalControlFlow(getTFOpName(&op)))
        continue;
      DictionaryAttr attrs = getNodeAttrs(&op);
      if (!attrs)
        continue;
      GraphFuncOp cond = lookup(attrs.get("cond"));
      GraphFuncOp loop = lookup(attrs.get("body"));
      if (!cond || !loop || cond == loop)
        continue;
      OperandRange in = getDataOperands(&op);
      ResultRange out = getDataResults(&op);
      for (GraphFuncOp func : {cond, loop}) {
        FunctionType type = func.getFunctionType();
        if (type.getNumInputs() != in.size())
          continue;
        SmallVector<Type> inputs(type.getInputs());
        bool refined = false;
        for (auto [i, v] : llvm::enumerate(in)) {
          if (!refines(inputs[i], v.getType()))
            continue;
          inputs[i] = v.getType();
          func.getDataArgument(i).setType(v.getType());
          refined = true;
        }
        if (refined) {
          func.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
              module.getContext(), inputs, type.getResults())));
          changed = true;
        }
      }
      auto ret = cast<ReturnOp>(loop.getBody().front().getTerminator());
      OperandRange returned = ret.getDataOperands();
      if (returned.size() != in.size() || out.size() != in.size())
        continue;
      for (auto [v, r, res] : llvm::zip(in, returned, out))
        if (r.getType() == v.getType() && refines(res.getType(), v.getType())) {
          res.setType(v.getType());
          changed = true;
        }
    }
  return changed;
}
