//===- InputLimits.cpp - Bounds on what tfg reads -------------------------===//

#include "tfg/Support/InputLimits.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/thread.h"

using namespace mlir::tfg;

std::optional<size_t> mlir::tfg::findNestingBeyond(llvm::StringRef text,
                                                   unsigned limit) {
  unsigned depth = 0;
  const char *begin = text.data(), *p = begin, *end = begin + text.size();
  while (p != end) {
    char c = *p;
    switch (c) {
    case '"':
      // A string literal: `\` escapes the next character.
      for (++p; p != end && *p != '"'; ++p)
        if (*p == '\\' && p + 1 != end)
          ++p;
      if (p != end)
        ++p;
      continue;
    case '/':
      if (p + 1 != end && p[1] == '/') {
        while (p != end && *p != '\n')
          ++p;
        continue;
      }
      break;
    case '-':
      // `->` is an arrow, not a closing bracket.
      if (p + 1 != end && p[1] == '>') {
        p += 2;
        continue;
      }
      break;
    case '{':
    case '[':
    case '(':
    case '<':
      if (++depth > limit)
        return static_cast<size_t>(p - begin);
      break;
    case '>':
      // `>=` compares (integer sets).
      if (p + 1 != end && p[1] == '=')
        break;
      [[fallthrough]];
    case '}':
    case ']':
    case ')':
      if (depth)
        --depth;
      break;
    default:
      break;
    }
    ++p;
  }
  return std::nullopt;
}

void mlir::tfg::runOnLargeStack(llvm::function_ref<void()> work) {
#if LLVM_ENABLE_THREADS
  llvm::thread worker(std::optional<unsigned>(kToolStackSize),
                      [work] { work(); });
  worker.join();
#else
  work();
#endif
}
