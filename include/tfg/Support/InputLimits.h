//===- InputLimits.h - Bounds on what tfg reads -----------------*- C++ -*-===//
//
// MLIR's text parser, printer and verifier recurse once per level of region
// and attribute nesting, and so do some passes: an input nested deeply
// enough exhausts any stack. tfg's tools bound the nesting of MLIR text they
// read (kMaxTextNesting), and do all their work on a thread whose stack
// (kToolStackSize) holds every recursion up to that bound with a wide
// margin. docs/Reliability.md lists every limit and where it is enforced.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_INPUTLIMITS_H
#define TFG_SUPPORT_INPUTLIMITS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace mlir {
namespace tfg {

/// The deepest nesting of brackets (`{`, `[`, `(`, `<`) that MLIR text given
/// to a tfg tool may have. A region, an array, a dictionary, a parenthesized
/// list or a type's parameters each open one level.
constexpr unsigned kMaxTextNesting = 1000;

/// The stack of the thread a tfg tool works on: 512 MB of address space,
/// committed only as far as it is used.
constexpr unsigned kToolStackSize = 512u << 20;

/// The offset of the bracket in `text` (MLIR's textual syntax) that opens
/// nesting level `limit + 1`, or nothing when the text stays within `limit`.
/// Brackets in string literals and `//` comments do not count, nor do `>`
/// of `->`, `>=`; one pass over the text, no allocation.
std::optional<size_t> findNestingBeyond(llvm::StringRef text, unsigned limit);

/// Runs `work` on a new thread with a stack of kToolStackSize bytes and
/// waits for it (runs it in place where threads are not available).
void runOnLargeStack(llvm::function_ref<void()> work);

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_INPUTLIMITS_H
