//===- Evaluator.cpp - Host evaluation of TensorFlow ops ------------------===//
//
// The kernel table (built on first use from the families' registration
// functions) and the entry points of tfg/Eval/Evaluator.h.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/IR/Utility.h"

using namespace mlir;
using namespace mlir::tfg;

static const EvalKernelTable &getKernelTable() {
  static const EvalKernelTable table = [] {
    EvalKernelTable t;
    addSourceKernels(t);
    addShapeKernels(t);
    addArrayKernels(t);
    addShapeOpKernels(t);
    addReductionKernels(t);
    addSliceKernels(t);
    addGatherKernels(t);
    addBinaryKernels(t);
    addUnaryKernels(t);
    addCompareKernels(t);
    addCastKernels(t);
    addScatterKernels(t);
    addSplitKernels(t);
    addSpaceKernels(t);
    addSelectionKernels(t);
    addMatrixKernels(t);
    addSegmentKernels(t);
    addImageKernels(t);
    addDetectionKernels(t);
    addMathKernels(t);
    addSpecialKernels(t);
    addStringKernels(t);
    addRegexKernels(t);
    addNGramKernels(t);
    addSparseKernels(t);
    addRandomKernels(t);
    addConvKernels(t);
    addMatMulKernels(t);
    addPoolKernels(t);
    addNNKernels(t);
    addGradKernels(t);
    addBackpropKernels(t);
    addPool3DGradKernels(t);
    return t;
  }();
  return table;
}

void EvalKernelTable::add(StringRef opName, EvalKernel kernel) {
  if (!kernels.try_emplace(opName, kernel).second)
    duplicates.push_back(opName.str());
}

EvalKernel EvalKernelTable::lookup(StringRef opName) const {
  auto it = kernels.find(opName);
  return it == kernels.end() ? nullptr : it->second;
}

std::vector<std::string> EvalKernelTable::getOpNames() const {
  std::vector<std::string> names;
  for (const auto &entry : kernels)
    names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
}

llvm::Error EvalKernelTable::verify() const {
  if (duplicates.empty())
    return llvm::Error::success();
  std::string message = "op registered twice in the kernel table:";
  for (const std::string &name : duplicates)
    message += " " + name;
  return computeError(message);
}

llvm::Error mlir::tfg::verifyEvalKernelTable() {
  return getKernelTable().verify();
}

EvalKernel mlir::tfg::lookupEvalKernel(StringRef opName) {
  return getKernelTable().lookup(opName);
}

bool mlir::tfg::isStatefulEvalKernel(StringRef opName) {
  return isStatefulRandomOp(opName);
}

std::vector<std::string> mlir::tfg::getOpsWithEvalKernels() {
  return getKernelTable().getOpNames();
}

std::optional<int64_t> mlir::tfg::getNumElements(Type type) {
  auto ranked = dyn_cast_if_present<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return std::nullopt;
  int64_t n = 1;
  for (int64_t d : ranked.getShape())
    if (llvm::MulOverflow(n, d, n))
      return std::nullopt;
  return n;
}

EvalContext::EvalContext(MLIRContext *context, ArrayRef<EvalOperand> ops,
                         DictionaryAttr attrs, int64_t maxElements)
    : context(context), attrs(attrs), maxElements(maxElements) {
  for (const EvalOperand &op : ops)
    operands.push_back({op.type, op.value, nullptr, HostTensor(), false});
}

EvalContext::EvalContext(MLIRContext *context, ArrayRef<HostTensor> ops,
                         ArrayRef<Type> types, DictionaryAttr attrs,
                         int64_t maxElements)
    : context(context), attrs(attrs), maxElements(maxElements) {
  for (auto [i, op] : llvm::enumerate(ops)) {
    Type type = op ? op.getType() : (i < types.size() ? types[i] : Type());
    operands.push_back(
        {type, ElementsAttr(), op ? &op : nullptr, HostTensor(), true});
  }
}

EvalContext::EvalContext(MLIRContext *context, ArrayRef<const HostTensor *> ops,
                         ArrayRef<Type> types, DictionaryAttr attrs,
                         int64_t maxElements)
    : context(context), attrs(attrs), maxElements(maxElements) {
  for (auto [i, op] : llvm::enumerate(ops)) {
    bool known = op && *op;
    Type type = known ? op->getType() : (i < types.size() ? types[i] : Type());
    operands.push_back(
        {type, ElementsAttr(), known ? op : nullptr, HostTensor(), true});
  }
}

const HostTensor *EvalContext::getHostValue(unsigned i) {
  if (i >= operands.size())
    return nullptr;
  Operand &op = operands[i];
  if (op.given)
    return op.given;
  if (!op.converted) {
    op.converted = true;
    if (op.attr) {
      // Operands are bounded like results (bytes of the widest element).
      int64_t maxBytes = maxElements > (int64_t(1) << 40) / 16
                             ? kDefaultHostTensorMaxBytes
                             : std::max<int64_t>(maxElements * 16, 1024);
      llvm::Expected<HostTensor> host = HostTensor::fromAttr(op.attr, maxBytes);
      if (host)
        op.host = std::move(*host);
      else
        error = llvm::toString(host.takeError());
    }
  }
  return op.host ? &op.host : nullptr;
}

LogicalResult EvalContext::fail(const Twine &message) {
  error = message.str();
  return failure();
}

/// The number of results a kernel produced (attribute or host).
static size_t getNumResults(const EvalContext &ctx) {
  return std::max(ctx.results.size(), ctx.hostResults.size());
}

/// The results of `ctx` as attributes (a host result converts; one with no
/// ElementsAttr form is null).
static SmallVector<ElementsAttr, 2> takeAttrResults(EvalContext &ctx) {
  SmallVector<ElementsAttr, 2> out;
  for (size_t i = 0, e = getNumResults(ctx); i < e; ++i) {
    ElementsAttr attr = i < ctx.results.size() ? ctx.results[i] : nullptr;
    if (!attr && i < ctx.hostResults.size() && ctx.hostResults[i])
      attr = dyn_cast_if_present<ElementsAttr>(
          ctx.hostResults[i].toAttr(ctx.getContext()));
    out.push_back(attr);
  }
  return out;
}

FailureOr<SmallVector<ElementsAttr, 2>>
mlir::tfg::evaluate(MLIRContext *context, StringRef opName,
                    ArrayRef<EvalOperand> operands, DictionaryAttr attrs,
                    int64_t maxElements) {
  EvalKernel kernel = lookupEvalKernel(opName);
  if (!kernel)
    return failure();
  EvalContext ctx(context, operands, attrs, maxElements);
  if (failed(kernel(ctx)))
    return failure();
  return takeAttrResults(ctx);
}

FailureOr<SmallVector<ElementsAttr, 2>>
mlir::tfg::evaluateNode(Operation *node, ArrayRef<ElementsAttr> operandValues,
                        int64_t maxElements) {
  EvalKernel kernel = lookupEvalKernel(getTFOpName(node));
  if (!kernel)
    return failure();
  SmallVector<EvalOperand, 4> operands;
  for (auto [i, value] : llvm::enumerate(getDataOperands(node)))
    operands.push_back({value.getType(), i < operandValues.size()
                                             ? operandValues[i]
                                             : ElementsAttr()});
  EvalContext ctx(node->getContext(), operands, getNodeAttrs(node),
                  maxElements);
  if (failed(kernel(ctx)) || getNumResults(ctx) != getDataResults(node).size())
    return failure();
  return takeAttrResults(ctx);
}

/// Runs `kernel` of `opName` in `ctx` and takes its results as host
/// tensors.
static llvm::Expected<SmallVector<HostTensor, 2>>
runOnHost(StringRef opName, EvalKernel kernel, EvalContext &ctx) {
  if (failed(kernel(ctx))) {
    std::string message = ("cannot evaluate '" + opName + "'").str();
    if (!ctx.getErrorMessage().empty())
      message += ": " + ctx.getErrorMessage().str();
    return llvm::createStringError(message);
  }
  SmallVector<HostTensor, 2> out;
  for (size_t i = 0, e = getNumResults(ctx); i < e; ++i) {
    if (i < ctx.hostResults.size() && ctx.hostResults[i]) {
      out.push_back(std::move(ctx.hostResults[i]));
      continue;
    }
    ElementsAttr attr = i < ctx.results.size() ? ctx.results[i] : nullptr;
    if (!attr) {
      out.push_back(HostTensor());
      continue;
    }
    llvm::Expected<HostTensor> host = HostTensor::fromAttr(attr);
    if (!host)
      return host.takeError();
    out.push_back(std::move(*host));
  }
  return out;
}

llvm::Expected<SmallVector<HostTensor, 2>>
mlir::tfg::evaluateOnHost(MLIRContext *context, StringRef opName,
                          ArrayRef<HostTensor> operands, DictionaryAttr attrs,
                          int64_t maxElements, ArrayRef<Type> types) {
  EvalKernel kernel = lookupEvalKernel(opName);
  if (!kernel)
    return llvm::createStringError("no evaluation kernel for op '" + opName +
                                   "'");
  EvalContext ctx(context, operands, types, attrs, maxElements);
  return runOnHost(opName, kernel, ctx);
}

llvm::Expected<SmallVector<HostTensor, 2>>
mlir::tfg::evaluateOnHostPointers(MLIRContext *context, StringRef opName,
                                  ArrayRef<const HostTensor *> operands,
                                  DictionaryAttr attrs, int64_t maxElements,
                                  ArrayRef<Type> types) {
  EvalKernel kernel = lookupEvalKernel(opName);
  if (!kernel)
    return llvm::createStringError("no evaluation kernel for op '" + opName +
                                   "'");
  EvalContext ctx(context, operands, types, attrs, maxElements);
  return runOnHost(opName, kernel, ctx);
}
