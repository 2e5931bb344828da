//===- MLProgramRunner.cpp - Runs func.funcs of tf and ml_program ops -----===//
//
// Straight-line execution: a func.func lowered by --tfg-to-ml-program holds
// its ops in an order where each value is defined before its uses and the
// graph's control edges are kept, so running them in order is running the
// graph.
//
//===----------------------------------------------------------------------===//

#include "tfg/Interpreter/MLProgram/MLProgramRunner.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::tfg;

/// The name an error gives `op`: its node name, else its op name.
static std::string describe(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  if (auto node = op->getAttrOfType<StringAttr>("_mlir_name"))
    return "node '" + node.str() + "' (" + name + ")";
  return "'" + name + "'";
}

static llvm::Error opError(Operation *op, const Twine &message) {
  return llvm::make_error<NodeError>(op->getLoc(),
                                     describe(op) + ": " + message.str());
}

llvm::Error MLProgramRunner::initialize() {
  for (auto global : module.getOps<ml_program::GlobalOp>()) {
    Attribute value = global.getValue().value_or(Attribute());
    if (!value)
      continue;
    auto tensor = HostTensor::fromAttr(value);
    if (!tensor)
      return opError(global,
                     "initial value: " + llvm::toString(tensor.takeError()));
    globals[global.getSymName()] = std::move(*tensor);
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<HostTensor>>
MLProgramRunner::run(func::FuncOp func, ArrayRef<HostTensor> args) {
  return call(func, args, 0);
}

/// The function a tf op calls: `f` of (Stateful)PartitionedCall, else the
/// function of its op name; null if none.
static func::FuncOp getCallee(Operation *op, ModuleOp module,
                              StringRef opName) {
  StringRef name = opName;
  if (opName == "PartitionedCall" || opName == "StatefulPartitionedCall") {
    auto f = op->getAttrOfType<tf_type::FuncAttr>("f");
    if (!f)
      return {};
    name = f.getName().getLeafReference().getValue();
  }
  return module.lookupSymbol<func::FuncOp>(name);
}

llvm::Expected<std::vector<HostTensor>>
MLProgramRunner::call(func::FuncOp func, ArrayRef<HostTensor> args,
                      unsigned depth) {
  if (func.isExternal())
    return opError(func, "function has no body");
  if (depth > options.maxCallDepth)
    return opError(func,
                   "calls nest deeper than " + Twine(options.maxCallDepth));
  Block &body = func.getBody().front();
  if (args.size() != body.getNumArguments())
    return opError(func, "takes " + Twine(body.getNumArguments()) +
                             " arguments, given " + Twine(args.size()));
  llvm::DenseMap<Value, HostTensor> values;
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    values[arg] = value;
  auto get = [&](Value v) -> const HostTensor * {
    auto it = values.find(v);
    return it == values.end() ? nullptr : &it->second;
  };
  MLIRContext *context = func.getContext();
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      std::vector<HostTensor> results;
      for (Value v : ret.getOperands()) {
        const HostTensor *t = get(v);
        if (!t)
          return opError(&op, "returns a value not computed");
        results.push_back(*t);
      }
      return results;
    }
    auto loadGlobal = [&](SymbolRefAttr symbol, Value result) -> llvm::Error {
      auto it = globals.find(symbol.getLeafReference());
      if (it == globals.end())
        return opError(&op, "reads global @" +
                                symbol.getLeafReference().getValue() +
                                ", which was never stored");
      values[result] = it->second;
      return llvm::Error::success();
    };
    auto storeGlobal = [&](SymbolRefAttr symbol, Value value) -> llvm::Error {
      const HostTensor *t = get(value);
      if (!t)
        return opError(&op, "stores a value not computed");
      globals[symbol.getLeafReference()] = *t;
      return llvm::Error::success();
    };
    if (auto load = dyn_cast<ml_program::GlobalLoadOp>(op)) {
      if (llvm::Error err = loadGlobal(load.getGlobal(), load.getResult()))
        return std::move(err);
      continue;
    }
    if (auto load = dyn_cast<ml_program::GlobalLoadGraphOp>(op)) {
      if (llvm::Error err = loadGlobal(load.getGlobal(), load.getResult()))
        return std::move(err);
      continue;
    }
    if (auto store = dyn_cast<ml_program::GlobalStoreOp>(op)) {
      if (llvm::Error err = storeGlobal(store.getGlobal(), store.getValue()))
        return std::move(err);
      continue;
    }
    if (auto store = dyn_cast<ml_program::GlobalStoreGraphOp>(op)) {
      if (llvm::Error err = storeGlobal(store.getGlobal(), store.getValue()))
        return std::move(err);
      continue;
    }
    if (isa<ml_program::TokenOp>(op))
      continue;
    StringRef fullName = op.getName().getStringRef();
    if (!fullName.starts_with("tf."))
      return opError(&op, "is not a tf or ml_program op, which this runner "
                          "does not run");
    StringRef opName = fullName.drop_front(3);
    std::vector<HostTensor> operands;
    for (Value v : op.getOperands()) {
      const HostTensor *t = get(v);
      if (!t)
        return opError(&op, "takes a value not computed");
      operands.push_back(*t);
    }
    // A default the graph was not fed (feeds are the function's arguments).
    if (opName == "PlaceholderWithDefault" && operands.size() == 1 &&
        op.getNumResults() == 1) {
      values[op.getResult(0)] = std::move(operands[0]);
      continue;
    }
    if (func::FuncOp callee = getCallee(&op, module, opName)) {
      auto results = call(callee, operands, depth + 1);
      if (!results)
        return results.takeError();
      if (results->size() != op.getNumResults())
        return opError(&op, "calls @" + callee.getSymName() +
                                ", which returns " + Twine(results->size()) +
                                " values, not " + Twine(op.getNumResults()));
      for (auto [result, value] : llvm::zip(op.getResults(), *results))
        values[result] = std::move(value);
      continue;
    }
    if (op.getNumRegions() != 0 || opName == "If" || opName == "While" ||
        opName == "Case" || opName == "StatelessIf" ||
        opName == "StatelessWhile")
      return opError(&op, "functional control flow is not run by this runner");
    SmallVector<Type> types(op.getOperandTypes());
    auto results =
        evaluateOnHost(context, opName, operands, op.getAttrDictionary(),
                       options.maxElements, types);
    if (!results)
      return opError(&op, llvm::toString(results.takeError()));
    if (results->size() < op.getNumResults())
      return opError(&op, "the kernel gave " + Twine(results->size()) +
                              " results, not " + Twine(op.getNumResults()));
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      if (!(*results)[i])
        return opError(&op, "the kernel computed no result " + Twine(i));
      values[result] = std::move((*results)[i]);
    }
  }
  return opError(func, "has no return");
}
