//===- TextGraphPositions.h - Where a text GraphDef names things -*- C++
//-*-===//
//
// Diagnostics of a GraphDef import name nodes and functions, not places in
// the input. For a text GraphDef, this finds where each node and function
// is written, so that a tool can point its diagnostics there. It scans the
// text once, iteratively, keeping only the path of open messages (no tree),
// and is meant to run when a diagnostic needs it.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_TEXTGRAPHPOSITIONS_H
#define TFG_SUPPORT_TEXTGRAPHPOSITIONS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace tfg {

/// A line and column, both from 1.
struct TextPosition {
  unsigned line = 0, column = 0;
};

/// Where each graph node (`node { name: "x" ... }` at the top level), each
/// function node (`library { function { node_def { name: ... } } }`) and
/// each function (`library { function { signature { name: ... } } }`) of a
/// text GraphDef begins: the position of its `node`, `node_def` or
/// `function` field name. A name written more than once (say, a node of
/// two functions) is left out, as it says no single place. A function's
/// node is also found under functionNodeKey(function, node), which tells
/// apart the nodes of the same name in several functions. Text that is
/// not well formed gives what was found before the fault.
llvm::StringMap<TextPosition> findTextGraphPositions(llvm::StringRef text);

/// The key of node `node` of function `function` in what
/// findTextGraphPositions returns (the two names joined by a NUL, which a
/// text names only escaped, and names written with escapes are left out).
std::string functionNodeKey(llvm::StringRef function, llvm::StringRef node);

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_TEXTGRAPHPOSITIONS_H
