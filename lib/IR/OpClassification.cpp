//===- OpClassification.cpp - Classes of TensorFlow ops -------------------===//
//
// The table of OpClasses.def as constant rows, a name index built on first
// use, and the queries of tfg/IR/OpClassification.h.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/OpClassification.h"

#include "GenericSyntax.h"
#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/TFGOps.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
using namespace mlir::tfg::op_class;
constexpr OpClassEntry kRows[] = {
#define TFG_OP(NAME, CLASSES) {#NAME, OpClassSet(CLASSES)},
#include "tfg/IR/OpClasses.def"
};
constexpr llvm::StringLiteral kClassNames[] = {
#define TFG_OP_CLASS(NAME) #NAME,
#include "tfg/IR/OpClasses.def"
};
} // namespace

ArrayRef<OpClassEntry> mlir::tfg::getOpClassTable() { return kRows; }

StringRef mlir::tfg::getOpClassName(OpClassSet oneClass) {
  if (!llvm::isPowerOf2_32(oneClass))
    return {};
  unsigned bit = llvm::countr_zero(oneClass);
  return bit < std::size(kClassNames) ? StringRef(kClassNames[bit])
                                      : StringRef();
}

OpClassSet mlir::tfg::getOpClasses(StringRef opName) {
  // Built once, on first use; the rows are constants.
  static const llvm::StringMap<OpClassSet> index = [] {
    llvm::StringMap<OpClassSet> map;
    for (const OpClassEntry &row : kRows)
      map[row.name] |= row.classes;
    return map;
  }();
  opName.consume_front("tfg.");
  auto it = index.find(opName);
  return it == index.end() ? 0 : it->second;
}

OpClassSet mlir::tfg::getOpClasses(Operation *op) {
  return getOpClasses(getTFOpName(op));
}

#define TFG_DEFINE_OP_CLASS_QUERY(QUERY, CLASSES)                              \
  bool mlir::tfg::QUERY(StringRef opName) {                                    \
    return getOpClasses(opName) & (CLASSES);                                   \
  }                                                                            \
  bool mlir::tfg::QUERY(Operation *op) {                                       \
    return getOpClasses(getTFOpName(op)) & (CLASSES);                          \
  }

TFG_DEFINE_OP_CLASS_QUERY(isElementwiseUnary, ElementwiseUnary)
TFG_DEFINE_OP_CLASS_QUERY(isElementwiseBinary, ElementwiseBinary)
TFG_DEFINE_OP_CLASS_QUERY(hasSameShapeAsInput, SameShape)
TFG_DEFINE_OP_CLASS_QUERY(isReduction, Reduction)
TFG_DEFINE_OP_CLASS_QUERY(isShapeOp, ShapeOp)
TFG_DEFINE_OP_CLASS_QUERY(isLayoutAgnostic, LayoutAgnostic)
TFG_DEFINE_OP_CLASS_QUERY(isLayoutSensitive, LayoutSensitive)
TFG_DEFINE_OP_CLASS_QUERY(isInvolution, Involution)
TFG_DEFINE_OP_CLASS_QUERY(isIdempotent, Idempotent)
TFG_DEFINE_OP_CLASS_QUERY(isIdentityLike, IdentityLike)
TFG_DEFINE_OP_CLASS_QUERY(isValueAndOrderPreserving,
                          IdentityLike | ValueOrderPreserving)
TFG_DEFINE_OP_CLASS_QUERY(isValuePreserving,
                          IdentityLike | ValueOrderPreserving | ValuePreserving)
TFG_DEFINE_OP_CLASS_QUERY(isAggregation, Aggregation)
TFG_DEFINE_OP_CLASS_QUERY(isMonotonicNonDecreasing, MonotonicNonDecreasing)
TFG_DEFINE_OP_CLASS_QUERY(isMonotonicNonIncreasing, MonotonicNonIncreasing)
TFG_DEFINE_OP_CLASS_QUERY(isSwitchOp, Switch)
TFG_DEFINE_OP_CLASS_QUERY(isMergeOp, Merge)
TFG_DEFINE_OP_CLASS_QUERY(isNextIterationOp, NextIteration)
TFG_DEFINE_OP_CLASS_QUERY(isFrameOp, Frame)
TFG_DEFINE_OP_CLASS_QUERY(isGraphBoundary, GraphBoundary)

#undef TFG_DEFINE_OP_CLASS_QUERY

bool mlir::tfg::isCommutative(StringRef opName) {
  opName.consume_front("tfg.");
  if (getOpClasses(opName) & Commutative)
    return true;
  const OpDef *def = lookupBuiltinOpDef(opName);
  return def && def->isCommutative();
}

/// The OpDef of a node's op in its context's registry (custom OpDefs
/// shadow the built-in ones), or null.
static const OpDef *lookupNodeOpDef(Operation *op) {
  TFGraphDialect *dialect = getTFGDialect(op);
  return dialect ? dialect->getOpRegistry().lookup(getTFOpName(op)) : nullptr;
}

bool mlir::tfg::isCommutative(Operation *op) {
  StringRef name = getTFOpName(op);
  if (getOpClasses(name) & Commutative) {
    // Add also concatenates strings.
    if (name == "Add") {
      auto t = op->getAttrOfType<TypeAttr>("T");
      return t && !isa<tf_type::StringType>(t.getValue());
    }
    return true;
  }
  const OpDef *def = lookupNodeOpDef(op);
  return def && def->isCommutative();
}

bool mlir::tfg::isStateful(StringRef opName) {
  opName.consume_front("tfg.");
  if (getOpClasses(opName) & Stateful)
    return true;
  const OpDef *def = lookupBuiltinOpDef(opName);
  return def && def->isStateful();
}

bool mlir::tfg::isStateful(Operation *op) {
  if (getOpClasses(op) & Stateful)
    return true;
  const OpDef *def = lookupNodeOpDef(op);
  return def && def->isStateful();
}
