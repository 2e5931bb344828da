//===- Functionalize.h - v1 control flow to functional ops -------*- C++
//-*-===//
//
// Functionalization of TensorFlow's v1 control flow (the
// `--tfg-functionalize-control-flow` pass): each structured
// Enter/Merge/Switch/LoopCond/NextIteration/Exit frame becomes a `While`
// node calling a new cond and body `tfg.func`, each structured
// Switch/Merge conditional an `If` node calling new then and else
// functions, as TensorFlow's functionalization does. What is not
// structured stays as it is, with a remark naming a node.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_FUNCTIONALIZE_H
#define TFG_TRANSFORMS_FUNCTIONALIZE_H

#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// What functionalization did.
struct FunctionalizeStats {
  /// Frames turned into While nodes.
  int64_t loops = 0;
  /// Switch/Merge conditionals turned into If nodes.
  int64_t conds = 0;
  /// Functions created (two per loop).
  int64_t functions = 0;
  /// Frames and conditionals left as they are (each with a remark).
  int64_t unstructured = 0;
};

/// The nodes that fetches and feeds name and that must stay in the graph:
/// per node name, whether an output other than 0 is named.
using KeptNodes = llvm::StringMap<bool>;

/// The KeptNodes of fetch and feed specs (`name`, `name:k`, `^name`).
KeptNodes getKeptNodes(llvm::ArrayRef<std::string> specs);

/// Turns the structured v1 loops of `body` (a tfg.graph or tfg.func body of
/// `module`) into While nodes; their cond and body functions are added to
/// `module` (`symbols` is its table). Nested frames are converted innermost
/// first, so an outer body calls the inner loop's While. Iterative, linear
/// in the body's nodes and edges plus the nodes cloned into functions.
void functionalizeLoops(Block &body, ModuleOp module, SymbolTable &symbols,
                        const KeptNodes &kept, FunctionalizeStats &stats);

/// Turns the structured Switch/Merge conditionals of `body` into If nodes
/// whose then and else functions are added to `module`: the Merges that
/// join the two outputs of Switches on one predicate become the If's
/// results, the values the branches take its operands. Nested conditionals
/// are converted innermost first. A body still holding loop frames is left
/// as it is.
void functionalizeConds(Block &body, ModuleOp module, SymbolTable &symbols,
                        const KeptNodes &kept, FunctionalizeStats &stats);

/// Functionalizes every tfg.graph and tfg.func body of `module`. The nodes
/// `keep` names (fetch and feed specs), and those of the module's recorded
/// `tfg.fetches`, are never moved into a function: their loop or
/// conditional stays as it is.
void functionalizeControlFlow(ModuleOp module, FunctionalizeStats &stats,
                              llvm::ArrayRef<std::string> keep = {});

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_FUNCTIONALIZE_H
