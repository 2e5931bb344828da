//===- RegexFuzzer.cpp - Fuzz TFGEval's regular expression engine ---------===//
//
// The input is a pattern and a text separated by the first NUL byte (no NUL:
// the whole input is the pattern and also the text). A pattern that
// compiles is matched against the text searching from every few offsets,
// anchored and not; each match must be well formed: groups inside the text,
// begin <= end, group 0 starting at or after the search start (at it when
// anchored) and ending at the text's end when anchored there; a full match
// implies a search match. Patterns come from models (regex op attributes),
// so every byte string must compile or be refused without a crash.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Regex.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace mlir::tfg;

static void check(bool ok) {
  if (!ok)
    __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  size_t nul = input.find('\0');
  llvm::StringRef pattern = input.substr(0, nul);
  llvm::StringRef text =
      nul == llvm::StringRef::npos ? input : input.substr(nul + 1);
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile(pattern, error);
  if (!re) {
    check(!error.empty());
    return 0;
  }
  check(re->getProgramSize() <= Regex::kMaxInstructions);
  std::vector<int64_t> caps(2 * (re->getNumGroups() + 1));
  size_t step = text.size() / 8 + 1;
  for (size_t start = 0; start <= text.size(); start += step) {
    bool found = false;
    for (int mode = 0; mode < 4; ++mode) {
      bool anchorStart = mode & 1, anchorEnd = mode & 2;
      std::fill(caps.begin(), caps.end(), -2);
      if (!re->match(text, start, anchorStart, anchorEnd, caps))
        continue;
      found |= mode == 0;
      check(caps[0] >= int64_t(start) && caps[0] <= caps[1] &&
            caps[1] <= int64_t(text.size()));
      if (anchorStart)
        check(caps[0] == int64_t(start));
      if (anchorEnd)
        check(caps[1] == int64_t(text.size()));
      for (size_t g = 2; g < caps.size(); g += 2) {
        check((caps[g] == -1) == (caps[g + 1] == -1));
        if (caps[g] != -1)
          check(caps[g] >= 0 && caps[g] <= caps[g + 1] &&
                caps[g + 1] <= int64_t(text.size()));
      }
      // A match found with an anchor is also found by the plain search.
      if (mode != 0)
        check(found || re->match(text, start, false, false, caps));
    }
  }
  return 0;
}
