//===- FunctionalOps.cpp - Verification of functional control flow --------===//
//
// If, Case, While and For (and their Stateless/Stateful variants) call
// library functions. Their verifiers check the call itself (the type-list
// attributes `Tin`/`Tout`/`T` against the operands and results, the types of
// For's bounds and Case's index); verifySymbolUses checks each callee that
// the module holds against the call: arity and the types of arguments and
// results.
//
//===----------------------------------------------------------------------===//

#include "ControlFlowImpl.h"
#include "GenericSyntax.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfg;

/// The kind of a functional op without its Stateless/Stateful prefix: If,
/// Case, While or For.
static StringRef getFunctionalKind(Operation *op) {
  StringRef kind = getTFOpName(op);
  kind.consume_front("Stateless");
  kind.consume_front("Stateful");
  return kind;
}

/// Checks that `op` has at least `n` data operands.
static LogicalResult needDataOperands(Operation *op, unsigned n) {
  if (getNumDataOperands(op) >= n)
    return success();
  return op->emitOpError("expects at least ") << n << " data operands";
}

/// Checks that operand `i` may hold an int32 (For's bounds, Case's index).
static LogicalResult verifyInt32Operand(Operation *op, unsigned i,
                                        StringRef what) {
  Type type = op->getOperand(i).getType();
  Type i32 = IntegerType::get(op->getContext(), 32);
  if (tf_type::holdsDataType(type, i32))
    return success();
  return op->emitOpError() << what << " (operand #" << i << ") must be an "
                           << "int32 tensor, got " << type;
}

/// Checks a type-list attribute (`Tin`, `Tout`, `T`) of `op` against the
/// `values` it types (`what`: "operand" or "result", the first numbered
/// `first`). An absent attribute, or one that is not a list of types (a
/// generic function's placeholder), is not checked.
static LogicalResult verifyTypeList(Operation *op, StringRef attrName,
                                    ValueRange values, StringRef what,
                                    unsigned first) {
  auto list = op->getAttrOfType<ArrayAttr>(attrName);
  if (!list || !llvm::all_of(list, llvm::IsaPred<TypeAttr>))
    return success();
  if (list.size() != values.size())
    return op->emitOpError("'")
           << attrName << "' lists " << list.size() << " types for "
           << values.size() << " data " << what << "s";
  for (auto [i, pair] : llvm::enumerate(llvm::zip(values, list))) {
    Type type = std::get<0>(pair).getType();
    Type dtype = llvm::cast<TypeAttr>(std::get<1>(pair)).getValue();
    if (!tf_type::holdsDataType(type, dtype))
      return op->emitOpError() << what << " #" << first + i << " of type "
                               << type << " does not hold '" << attrName
                               << "' type #" << i << " (" << dtype << ")";
  }
  return success();
}

LogicalResult mlir::tfg::verifyFunctionalOp(Operation *op) {
  if (failed(verifyTFGNode(op)))
    return failure();
  StringRef kind = getFunctionalKind(op);
  OperandRange data = getDataOperands(op);
  ResultRange results = getDataResults(op);
  if (kind == "If") {
    if (failed(needDataOperands(op, 1)))
      return failure();
    if (auto tcond = op->getAttrOfType<TypeAttr>("Tcond");
        tcond && !tf_type::holdsDataType(data[0].getType(), tcond.getValue()))
      return op->emitOpError("condition of type ")
             << data[0].getType() << " does not hold 'Tcond' ("
             << tcond.getValue() << ")";
    return failure(
        failed(verifyTypeList(op, "Tin", data.drop_front(), "operand", 1)) ||
        failed(verifyTypeList(op, "Tout", results, "result", 0)));
  }
  if (kind == "Case") {
    if (failed(needDataOperands(op, 1)) ||
        failed(verifyInt32Operand(op, 0, "the branch index")))
      return failure();
    return failure(
        failed(verifyTypeList(op, "Tin", data.drop_front(), "operand", 1)) ||
        failed(verifyTypeList(op, "Tout", results, "result", 0)));
  }
  if (kind == "While")
    return failure(failed(verifyTypeList(op, "T", data, "operand", 0)) ||
                   failed(verifyTypeList(op, "T", results, "result", 0)));
  // For.
  if (failed(needDataOperands(op, 3)) ||
      failed(verifyInt32Operand(op, 0, "start")) ||
      failed(verifyInt32Operand(op, 1, "limit")) ||
      failed(verifyInt32Operand(op, 2, "delta")))
    return failure();
  return failure(
      failed(verifyTypeList(op, "T", data.drop_front(3), "operand", 3)) ||
      failed(verifyTypeList(op, "T", results, "result", 0)));
}

namespace {
/// A callee the op refers to and the signature it must have: the types of
/// the values passed and of the results expected (a null type: any, as the
/// one result of a loop condition).
struct CalleeUse {
  StringRef attrName;
  tf_type::FuncAttr func;
  SmallVector<Type> args, results;
};
} // namespace

/// Checks `func` (`use`'s callee) against the call `op`.
static LogicalResult verifyCallee(Operation *op, GraphFuncOp func,
                                  const CalleeUse &use) {
  auto fail = [&]() {
    InFlightDiagnostic diag = op->emitOpError("'");
    diag << use.attrName << "' function " << use.func.getName();
    diag.attachNote(func.getLoc()) << "the function is here";
    return diag;
  };
  if (func.getNumArguments() != use.args.size())
    return fail() << " takes " << func.getNumArguments() << " arguments, but "
                  << use.args.size() << " are passed";
  if (func.getNumResults() != use.results.size())
    return fail() << " returns " << func.getNumResults() << " results, but "
                  << use.results.size() << " are expected";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(func.getArgumentTypes(), use.args)))
    if (!tf_type::areValueTypesCompatible(std::get<1>(pair), std::get<0>(pair)))
      return fail() << " argument #" << i << " of type " << std::get<0>(pair)
                    << " cannot take the value passed, of type "
                    << std::get<1>(pair);
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(func.getResultTypes(), use.results)))
    if (std::get<1>(pair) &&
        !tf_type::areValueTypesCompatible(std::get<0>(pair), std::get<1>(pair)))
      return fail() << " result #" << i << " of type " << std::get<0>(pair)
                    << " does not fit the call's result of type "
                    << std::get<1>(pair);
  return success();
}

LogicalResult
mlir::tfg::verifyFunctionalCallees(Operation *op,
                                   SymbolTableCollection &symbolTable) {
  StringRef kind = getFunctionalKind(op);
  OperandRange data = getDataOperands(op);
  SmallVector<Type> resultTypes(getDataResults(op).getTypes());
  SmallVector<CalleeUse, 2> uses;
  // Missing or mistyped callee attributes are errors: the op cannot run.
  auto addFunc = [&](StringRef name, TypeRange args,
                     ArrayRef<Type> results) -> LogicalResult {
    auto func = op->getAttrOfType<tf_type::FuncAttr>(name);
    if (!func)
      return op->emitOpError("requires a #tf_type.func attribute '")
             << name << "'";
    uses.push_back(
        {name, func, SmallVector<Type>(args), SmallVector<Type>(results)});
    return success();
  };
  // The module's symbol check may run before the op's own verifier (on a
  // large graph, see Verifier.h): the operand counts are checked again.
  if (kind == "If") {
    if (failed(needDataOperands(op, 1)))
      return failure();
    TypeRange args = data.drop_front().getTypes();
    if (failed(addFunc("then_branch", args, resultTypes)) ||
        failed(addFunc("else_branch", args, resultTypes)))
      return failure();
  } else if (kind == "Case") {
    if (failed(needDataOperands(op, 1)))
      return failure();
    auto branches = op->getAttrOfType<ArrayAttr>("branches");
    if (!branches || branches.empty() ||
        !llvm::all_of(branches, llvm::IsaPred<tf_type::FuncAttr>))
      return op->emitOpError(
          "requires a non-empty array of #tf_type.func attribute 'branches'");
    TypeRange args = data.drop_front().getTypes();
    for (Attribute branch : branches)
      uses.push_back({"branches", llvm::cast<tf_type::FuncAttr>(branch),
                      SmallVector<Type>(args), resultTypes});
  } else if (kind == "While") {
    if (failed(addFunc("cond", data.getTypes(), {Type()})) ||
        failed(addFunc("body", data.getTypes(), resultTypes)))
      return failure();
  } else if (kind == "For") {
    if (failed(needDataOperands(op, 3)))
      return failure();
    // The body takes the index (typed as `start`), then the loop values.
    SmallVector<Type> args = {data[0].getType()};
    llvm::append_range(args, data.drop_front(3).getTypes());
    if (failed(addFunc("body", args, resultTypes)))
      return failure();
  }
  for (const CalleeUse &use : uses) {
    // A callee outside this module (a runtime-provided function, a library
    // imported separately) is allowed, as TensorFlow allows it; a callee
    // that is here must fit. The collection caches the module's symbol
    // table: one hash lookup per callee.
    Operation *callee =
        symbolTable.lookupNearestSymbolFrom(op, use.func.getName());
    if (!callee)
      continue;
    auto func = dyn_cast<GraphFuncOp>(callee);
    if (!func)
      return op->emitOpError("'")
             << use.attrName << "' must refer to a tfg.func, got "
             << callee->getName();
    // Generic callees may take lists whose length depends on attributes.
    if (!func.getGeneric() && failed(verifyCallee(op, func, use)))
      return failure();
  }
  return success();
}
