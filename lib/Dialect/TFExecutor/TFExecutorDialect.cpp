//===- TFExecutorDialect.cpp - tf_executor dialect and verifiers ----------===//
//
// The tf_executor dialect's registration, its types, the verifiers of its
// ops and the names their results print under (TensorFlow's: `%outputs`,
// `%control`, `%token`). The textual syntax is in TFExecutorSyntax.cpp.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tf_executor;

#include "tfg/Dialect/TFExecutor/TFExecutorDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tfg/Dialect/TFExecutor/TFExecutorTypes.cpp.inc"

void TFExecutorDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tfg/Dialect/TFExecutor/TFExecutorTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/TFExecutor/TFExecutorOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

/// Checks that the control operands of `op` come after its data operands,
/// starting at operand `firstControl` at the latest.
static LogicalResult verifyControlsLast(Operation *op, unsigned from = 0) {
  bool sawControl = false;
  for (auto [i, type] : llvm::enumerate(op->getOperandTypes())) {
    if (i < from)
      continue;
    if (isControl(type))
      sawControl = true;
    else if (sawControl)
      return op->emitOpError("operand #")
             << i << " is data after a control operand";
  }
  return success();
}

/// Result names: data results `outputs`/`output`, the token, the control.
static void nameResults(Operation *op, OpAsmSetValueNameFn setNameFn,
                        StringRef dataName) {
  bool namedData = false;
  for (Value result : op->getResults()) {
    if (isControl(result.getType()))
      setNameFn(result, "control");
    else if (llvm::isa<TokenType>(result.getType()))
      setNameFn(result, "token");
    else if (!namedData) {
      setNameFn(result, dataName);
      namedData = true;
    }
  }
}

#define TFE_NAMES(Op, name)                                                    \
  void Op::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {                  \
    nameResults(getOperation(), setNameFn, name);                              \
  }
TFE_NAMES(IslandOp, "outputs")
TFE_NAMES(SwitchOp, "output")
TFE_NAMES(SwitchNOp, "output")
TFE_NAMES(MergeOp, "output")
TFE_NAMES(EnterOp, "output")
TFE_NAMES(ExitOp, "output")
TFE_NAMES(LoopCondOp, "output")
TFE_NAMES(NextIterationSourceOp, "output")
TFE_NAMES(ControlTriggerOp, "output")
#undef TFE_NAMES

//===----------------------------------------------------------------------===//
// graph, fetch
//===----------------------------------------------------------------------===//

FetchOp GraphOp::getFetch() {
  return llvm::dyn_cast<FetchOp>(getBlock().getTerminator());
}

LogicalResult GraphOp::verify() {
  Block &block = getBlock();
  if (block.getNumArguments() != 0)
    return emitOpError("body takes no arguments");
  for (Operation &op : block.without_terminator())
    if (!llvm::isa<TFExecutorDialect>(op.getDialect()))
      return op.emitOpError("is not a tf_executor node: a tf_executor.graph "
                            "holds islands and control-flow nodes only");
  FetchOp fetch = getFetch();
  if (!fetch)
    return emitOpError("body must end in tf_executor.fetch");
  if (failed(verifyControlsLast(fetch)))
    return failure();
  unsigned numData = 0;
  for (Type type : fetch.getOperandTypes())
    if (!isControl(type))
      ++numData;
  if (numData != getNumResults())
    return fetch.emitOpError("fetches ")
           << numData << " data values, but the graph has " << getNumResults()
           << " results";
  for (unsigned i = 0; i < numData; ++i)
    if (fetch.getOperand(i).getType() != getResult(i).getType())
      return fetch.emitOpError("data operand #")
             << i << " has type " << fetch.getOperand(i).getType()
             << ", but the graph's result is " << getResult(i).getType();
  return success();
}

LogicalResult FetchOp::verify() { return verifyControlsLast(*this); }

//===----------------------------------------------------------------------===//
// island
//===----------------------------------------------------------------------===//

YieldOp IslandOp::getYield() {
  return llvm::dyn_cast<YieldOp>(getBlock().getTerminator());
}

bool IslandOp::wrapsSingleOp() {
  Block &block = getBlock();
  if (block.empty() || &block.front() == &block.back())
    return false;
  Operation &wrapped = block.front();
  if (wrapped.getNextNode() != &block.back())
    return false;
  YieldOp yield = getYield();
  if (!yield || wrapped.getNumRegions() != 0)
    return false;
  return llvm::equal(wrapped.getResults(), yield.getOperands());
}

Operation *IslandOp::getWrappedOp() {
  return wrapsSingleOp() ? &getBlock().front() : nullptr;
}

LogicalResult IslandOp::verify() {
  YieldOp yield = getYield();
  if (!yield)
    return emitOpError("body must end in tf_executor.yield");
  if (yield.getNumOperands() != getOutputs().size())
    return yield.emitOpError("yields ")
           << yield.getNumOperands() << " values, but the island has "
           << getOutputs().size() << " data results";
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(yield.getOperandTypes(), getOutputs())))
    if (std::get<0>(pair) != std::get<1>(pair).getType())
      return yield.emitOpError("operand #")
             << i << " has type " << std::get<0>(pair)
             << ", but the island's result is " << std::get<1>(pair).getType();
  for (Type type : yield.getOperandTypes())
    if (isControl(type) || llvm::isa<TokenType>(type))
      return yield.emitOpError("yields a control token or loop token");
  return success();
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

LogicalResult SwitchNOp::verify() {
  int64_t n = getNumOuts();
  if (n < 1)
    return emitOpError("num_outs must be at least 1, got ") << n;
  if (int64_t(getOutputs().size()) != n)
    return emitOpError("has ")
           << getOutputs().size() << " data results, but num_outs is " << n;
  return success();
}

LogicalResult MergeOp::verify() {
  if (getInputs().empty() || isControl(getInputs().front().getType()))
    return emitOpError("takes at least one data operand");
  if (failed(verifyControlsLast(*this)))
    return failure();
  for (Type type : {getOutput().getType(), getValueIndex().getType()})
    if (isControl(type) || llvm::isa<TokenType>(type))
      return emitOpError("data results cannot be tokens");
  return success();
}

Operation *NextIterationSourceOp::getSink() {
  for (Operation *user : getToken().getUsers())
    if (llvm::isa<NextIterationSinkOp>(user))
      return user;
  return nullptr;
}

LogicalResult NextIterationSourceOp::verify() {
  Value token = getToken();
  if (!token.hasOneUse() ||
      !llvm::isa<NextIterationSinkOp>(*token.getUsers().begin()))
    return emitOpError("token must be used by exactly one "
                       "tf_executor.NextIteration.Sink");
  return success();
}

LogicalResult NextIterationSinkOp::verify() {
  auto source = getToken().getDefiningOp<NextIterationSourceOp>();
  if (!source)
    return emitOpError(
        "token must come from a tf_executor.NextIteration.Source");
  if (source.getOutput().getType() != getInput().getType())
    return emitOpError("input has type ")
           << getInput().getType() << ", but its source produces "
           << source.getOutput().getType();
  return success();
}

#define GET_OP_CLASSES
#include "tfg/Dialect/TFExecutor/TFExecutorOps.cpp.inc"
