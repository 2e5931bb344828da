//===- GenericSyntax.h - Syntax shared by tfg nodes -------------*- C++ -*-===//
//
// Private to lib/IR: parsing and printing of the pieces every TensorFlow node
// shares (generic ops, functional and region control flow): control operand
// lists, the device/assigned_device/name keywords and the attribute
// dictionary without those internal attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IR_GENERICSYNTAX_H
#define TFG_LIB_IR_GENERICSYNTAX_H

#include "mlir/IR/OpImplementation.h"

namespace mlir {
namespace tfg {
class TFGraphDialect;

/// Full custom syntax of a generic node:
///   `(data...) [ctl...] device("") assigned_device("") name("") {attrs}
///    : (types) -> (types)`
ParseResult parseGenericNode(OpAsmParser &parser, OperationState &result);
void printGenericNode(Operation *op, OpAsmPrinter &p);

/// `device(..) assigned_device(..) name(..)`, each optional, any order.
ParseResult parseNodeKeywords(OpAsmParser &parser, OperationState &result);
/// Prints the keywords, then the attribute dictionary without the internal
/// attributes nor `elided`.
void printNodeKeywordsAndAttrs(Operation *op, OpAsmPrinter &p,
                               ArrayRef<StringRef> elided = {});

/// Parses and prints `[ %c1, %c2 ]` (nothing when empty).
ParseResult
parseControlOperands(OpAsmParser &parser,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &ctls);
void printControlOperands(OpAsmPrinter &p, OperandRange ctls);

/// Parses an optional `: type, type` list for `data`, checks its length, and
/// resolves `data` with those types and `ctls` as control tokens.
ParseResult
parseDataTypesAndResolve(OpAsmParser &parser, OperationState &result, SMLoc loc,
                         ArrayRef<OpAsmParser::UnresolvedOperand> data,
                         ArrayRef<OpAsmParser::UnresolvedOperand> ctls);

/// The dialect for a context (loaded by the parser already).
TFGraphDialect *getTFGDialect(MLIRContext *context);
/// The dialect of a tfg op without a map lookup (any op works).
TFGraphDialect *getTFGDialect(Operation *op);

/// What keeps `op` from a node's shape (data operands then control
/// operands; data results then one control result; a generic node's
/// properties, if any, its name and nothing else), or empty. `verifyTFGNode`
/// reports it; the printer falls back to the generic form on it.
StringRef getNodeShapeError(Operation *op);

/// Names the results of a node: `%<OpName>` for data results, `%ctl`.
void nameNodeResults(Operation *op, OpAsmSetValueNameFn setNameFn);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IR_GENERICSYNTAX_H
