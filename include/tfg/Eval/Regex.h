//===- Regex.h - A linear-time regular expression engine --------*- C++ -*-===//
//
// TFGEval's own regular expressions in RE2's syntax (the syntax of
// TensorFlow's regex ops), for the common subset listed in
// docs/rationale/Kernels.md ("Regular expressions"). The pattern is parsed
// without recursion into a program of at most kMaxInstructions instructions,
// which a Pike VM runs over the input: time O(input * program), never
// backtracking. Matching is leftmost-first as in RE2 (and Perl).
//
// Text and pattern are UTF-8: the machine steps over code points, so `.`
// and negated classes consume one whole code point; a byte that does not
// start a valid UTF-8 sequence is a unit of its own that nothing matches.
// Case folding ((?i)) is ASCII only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_REGEX_H
#define TFG_EVAL_REGEX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class Regex {
public:
  /// The bound on the compiled program: a larger pattern (a counted
  /// repetition of a large group, say) is refused.
  static constexpr size_t kMaxInstructions = 100000;
  /// The bound on counts in {n,m} (RE2's) and on the nesting of groups.
  static constexpr int kMaxRepeat = 1000;
  static constexpr int kMaxDepth = 1000;

  /// One instruction of the program.
  struct Inst {
    enum Kind : uint8_t { Class, Split, Jump, Save, Assert, Match };
    Kind kind;
    /// Class: first range in `ranges`; Split/Jump: the (first) target;
    /// Save: the slot; Assert: the AssertKind.
    int32_t x = 0;
    /// Class: number of ranges; Split: the second (lower priority) target.
    int32_t y = 0;
  };
  enum AssertKind : int32_t {
    BeginText,
    EndText,
    BeginLine,
    EndLine,
    WordBoundary,
    NotWordBoundary
  };

  /// Compiles `pattern`; on a syntax error or a pattern beyond the bounds
  /// returns null and sets `error`.
  static std::unique_ptr<Regex> compile(llvm::StringRef pattern,
                                        std::string &error);

  /// The number of capturing groups (group 0, the whole match, not
  /// counted).
  unsigned getNumGroups() const { return numGroups; }

  /// Searches `text` from byte `start` (the text before it is context for
  /// ^ and \b). `anchorStart`: the match must begin at `start`;
  /// `anchorEnd`: it must end at the end of `text`. On a match fills
  /// `captures` (begin, end byte offsets of group 0, 1, ...; -1 for a group
  /// that did not take part) for as many groups as it has room for, and
  /// returns true. Not thread-safe: the machine's lists are reused.
  bool match(llvm::StringRef text, size_t start, bool anchorStart,
             bool anchorEnd, llvm::MutableArrayRef<int64_t> captures);

  /// The length of the UTF-8 unit at `text[pos]` (1 for an invalid byte),
  /// and its code point in `cp` (kInvalid for an invalid byte).
  static constexpr uint32_t kInvalid = 0xFFFFFFFF;
  static size_t decode(llvm::StringRef text, size_t pos, uint32_t &cp);

  /// The program (for tests of the bounds).
  size_t getProgramSize() const { return program.size(); }

private:
  Regex() = default;
  friend class RegexParser;

  /// Adds the thread at `pc` (following jumps, splits, saves and
  /// assertions with an explicit stack) to list `l` at text offset `pos`.
  void addThread(int l, int32_t pc, llvm::StringRef text, size_t pos,
                 int64_t *caps);

  std::vector<Inst> program;
  /// Sorted, disjoint code point ranges [lo, hi] of the classes.
  std::vector<std::pair<uint32_t, uint32_t>> ranges;
  unsigned numGroups = 0;

  // The machine's state, reused between calls.
  unsigned slots = 0;
  struct List {
    std::vector<int32_t> dense, sparse;
    std::vector<int64_t> caps;
    size_t size = 0;
  } lists[2];
  struct StackEntry {
    int32_t pc; // -1: restore caps[slot] = value
    int32_t slot;
    int64_t value;
  };
  std::vector<StackEntry> stack;
  std::vector<int64_t> scratch;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_REGEX_H
