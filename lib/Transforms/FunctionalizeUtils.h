//===- FunctionalizeUtils.h - Helpers of the functionalization --*- C++ -*-===//
//
// What the loop and the conditional functionalization share: building a
// tfg.func from nodes of a graph, the `T`-style type lists of the
// functional nodes, symbol names derived from node names.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_FUNCTIONALIZEUTILS_H
#define TFG_LIB_TRANSFORMS_FUNCTIONALIZEUTILS_H

#include "tfg/IR/TFGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace mlir {
namespace tfg {

/// True if `op` is the TensorFlow op `name` or its `Ref` form.
bool isTFOp(Operation *op, StringRef name);

/// A symbol name made of `name`'s letters, digits and `_`.
std::string sanitizeSymbol(StringRef name);

/// The element types of `types`, as the type list attributes (`T`, `Tin`,
/// `Tout`) of functional nodes.
ArrayAttr getElementTypesAttr(Builder &b, TypeRange types);

/// Builds `Identity(value)` named as `node` (with its device), of `node`'s
/// first result type, at the builder's insertion point: what stands for a
/// node the functionalization removes.
Operation *createIdentityFor(OpBuilder &builder, Operation *node, Value value);

/// Adds to `module` a tfg.func named after `name` (made unique) of the
/// given signature, whose body is a clone of `nodes` (in that order; their
/// operands may refer to one another in any order). A value in `dataArgs`
/// stands for that data argument, a control token in `controlArgs` for
/// that argument's control token; other control tokens from outside
/// `nodes` are dropped. The function returns `results` (mapped). Every
/// data operand of `nodes` must be among them or in the maps.
GraphFuncOp buildFunctionOf(ModuleOp module, SymbolTable &symbols,
                            StringRef name, Location loc,
                            ArrayRef<Type> argTypes, ArrayRef<Type> resultTypes,
                            ArrayRef<Operation *> nodes,
                            const llvm::DenseMap<Value, unsigned> &dataArgs,
                            const llvm::DenseMap<Value, unsigned> &controlArgs,
                            ArrayRef<Value> results);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_FUNCTIONALIZEUTILS_H
