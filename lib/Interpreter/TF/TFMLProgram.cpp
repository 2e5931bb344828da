//===- TFMLProgram.cpp - ml_program globals in the tf interpreter ---------===//
//
// What --tfg-to-ml-program adds to a func.func of tf ops: loads and stores
// of ml_program globals, ordered by the program order of side-effecting
// ops (compileTFBody) or by tokens in the `_graph` forms. A global's value
// lives in the interpreter's resources, so it persists from run to run; it
// starts as the global's initial value, read when the global is first
// loaded. Tokens carry no value.
//
//===----------------------------------------------------------------------===//

#include "TFCompile.h"

#include "../InterpreterImpl.h"

#include "mlir/Dialect/MLProgram/IR/MLProgram.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

/// The value of global `symbol`: stored, else its initial value.
static llvm::Expected<RtValue>
readGlobal(Executor &exec, const CompiledNode &node, SymbolRefAttr symbol) {
  InterpreterState &state = exec.getState();
  std::string name = symbol.getLeafReference().str();
  auto &globals = state.resources->globals;
  auto it = globals.find(name);
  if (it != globals.end())
    return it->second;
  auto global = state.module.lookupSymbol<ml_program::GlobalOp>(name);
  if (!global)
    return nodeError(node.op, "reads @" + name + ", which is no global");
  std::optional<Attribute> init = global.getValue();
  if (!init || !*init)
    return nodeError(node.op, "reads global @" + name +
                                  ", which has no initial value and was "
                                  "never stored");
  auto tensor = HostTensor::fromAttr(*init);
  if (!tensor)
    return nodeError(node.op, "global @" + name + ": initial value: " +
                                  toString(tensor.takeError()));
  RtValue value = RtValue::of(std::move(*tensor));
  globals[name] = value;
  return value;
}

template <typename LoadOp>
static llvm::Error loadGlobal(Executor &exec, const CompiledNode &node,
                              MutableArrayRef<RtValue>,
                              SmallVectorImpl<RtValue> &outs) {
  auto load = cast<LoadOp>(node.op);
  auto value = readGlobal(exec, node, load.getGlobal());
  if (!value)
    return value.takeError();
  outs.push_back(std::move(*value));
  // The `_graph` form's token.
  for (unsigned i = 1; i < node.op->getNumResults(); ++i)
    outs.push_back(RtValue());
  return llvm::Error::success();
}

template <typename StoreOp>
static llvm::Error storeGlobal(Executor &exec, const CompiledNode &node,
                               MutableArrayRef<RtValue> inputs,
                               SmallVectorImpl<RtValue> &outs) {
  auto store = cast<StoreOp>(node.op);
  // The stored value is the first operand; the `_graph` form's tokens
  // follow it.
  if (inputs.empty() || !inputs[0].tensor)
    return nodeError(node.op, "stores no tensor");
  exec.getState()
      .resources->globals[store.getGlobal().getLeafReference().str()] =
      inputs[0];
  for (unsigned i = 0; i < node.op->getNumResults(); ++i)
    outs.push_back(RtValue());
  return llvm::Error::success();
}

static llvm::Error token(Executor &, const CompiledNode &,
                         MutableArrayRef<RtValue>,
                         SmallVectorImpl<RtValue> &outs) {
  outs.push_back(RtValue());
  return llvm::Error::success();
}

void interp::addMLProgramHandlers(InterpreterState &state) {
  using namespace ml_program;
  state.handlers[GlobalLoadOp::getOperationName()] = loadGlobal<GlobalLoadOp>;
  state.handlers[GlobalLoadConstOp::getOperationName()] =
      loadGlobal<GlobalLoadConstOp>;
  state.handlers[GlobalLoadGraphOp::getOperationName()] =
      loadGlobal<GlobalLoadGraphOp>;
  state.handlers[GlobalStoreOp::getOperationName()] =
      storeGlobal<GlobalStoreOp>;
  state.handlers[GlobalStoreGraphOp::getOperationName()] =
      storeGlobal<GlobalStoreGraphOp>;
  state.handlers[TokenOp::getOperationName()] = token;
}
