//===- DOT.h - Pictures of tfg graphs in Graphviz's DOT ---------*- C++ -*-===//
//
// A tfg module drawn as a Graphviz digraph: one DOT node per TensorFlow node
// (labelled with its name and op, filled with a color that stands for its
// device), per function argument and per terminator; data edges solid,
// control edges dashed; functions and the regions of region control flow
// as clusters. Large graphs are drawn with their name scopes collapsed, and
// a second module (the input of a pipeline) can be drawn against the first
// (what the pipeline removed and added). Linear in nodes + edges, iterative.
// See docs/Visualize.md.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_VISUALIZE_DOT_H
#define TFG_VISUALIZE_DOT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

struct DOTOptions {
  /// When the picture would have more nodes than this (0: no limit), name
  /// scopes (the prefixes of node names before a '/') are drawn as one node
  /// each, deepest first, until it has at most this many.
  unsigned maxNodes = 0;
  /// Nodes (or name scopes) whose enclosing name scopes stay expanded.
  std::vector<std::string> expand;
  /// When set: the module `module` was made from (the input of a pipeline).
  /// Nodes only it holds are drawn as removed, nodes only `module` holds as
  /// added, matched by name in the same function or region; edges likewise.
  ModuleOp base;
  /// How warnings name the options above.
  StringRef maxNodesOption = "--dot-max-nodes", expandOption = "--dot-expand";
};

/// Writes `module` to `os` as a DOT digraph. Emits a warning at the
/// module's location for each name of `options.expand` that names neither
/// a node nor a name scope, and when the picture still has more than
/// `options.maxNodes` nodes with every name scope collapsed.
LogicalResult writeDOT(ModuleOp module, const DOTOptions &options,
                       llvm::raw_ostream &os);

/// Writes `text` as the inside of a DOT quoted string that Graphviz draws
/// as `text`: quotes and backslashes escaped, a newline as a line break,
/// `&` as `&amp;` (Graphviz reads entities in every label), other control
/// characters and bytes that are not UTF-8 as a visible `\xHH`.
void writeDOTEscaped(llvm::raw_ostream &os, StringRef text);

/// Registers the tfg-print-dot pass (the same picture written by a pass).
void registerDOTPasses();

} // namespace tfg
} // namespace mlir

#endif // TFG_VISUALIZE_DOT_H
