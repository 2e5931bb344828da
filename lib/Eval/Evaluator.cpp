//===- Evaluator.cpp - Host evaluation of TensorFlow ops ------------------===//
//
// The kernel table (built on first use from the families' registration
// functions) and the entry points of tfg/Eval/Evaluator.h.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "tfg/IR/Utility.h"

using namespace mlir;
using namespace mlir::tfg;

static const EvalKernelTable &getKernelTable() {
  static const EvalKernelTable table = [] {
    EvalKernelTable t;
    addSourceKernels(t);
    addShapeKernels(t);
    addArrayKernels(t);
    addElementwiseKernels(t);
    return t;
  }();
  return table;
}

EvalKernel mlir::tfg::lookupEvalKernel(StringRef opName) {
  const EvalKernelTable &table = getKernelTable();
  auto it = table.find(opName);
  return it == table.end() ? nullptr : it->second;
}

std::vector<std::string> mlir::tfg::getOpsWithEvalKernels() {
  std::vector<std::string> names;
  for (const auto &entry : getKernelTable())
    names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
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
  return std::move(ctx.results);
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
  if (failed(kernel(ctx)) || ctx.results.size() != getDataResults(node).size())
    return failure();
  return std::move(ctx.results);
}
