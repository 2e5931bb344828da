//===- Regex.cpp - The Pike VM of TFGEval's regular expressions -----------===//
//
// Runs a program compiled by RegexParser.cpp over UTF-8 text as a Pike VM
// (Thompson's NFA simulation with capture slots): every thread of the
// program advances in lockstep over the code points of the text, each
// program position at most once per step, so that the time is
// O(text * program) whatever the pattern, and no state grows with the text.
// Threads are kept in priority order, which gives RE2's leftmost-first
// matches: once a thread matches, the threads of lower priority are dropped.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Regex.h"

#include <algorithm>
#include <cstring>

using namespace mlir::tfg;

size_t Regex::decode(llvm::StringRef text, size_t pos, uint32_t &cp) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char c = byte(pos);
  cp = kInvalid;
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  size_t len;
  uint32_t value, min;
  if ((c & 0xE0) == 0xC0) {
    len = 2, value = c & 0x1F, min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3, value = c & 0x0F, min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4, value = c & 0x07, min = 0x10000;
  } else {
    return 1;
  }
  if (text.size() - pos < len)
    return 1;
  for (size_t i = 1; i < len; ++i) {
    unsigned char d = byte(pos + i);
    if ((d & 0xC0) != 0x80)
      return 1;
    value = (value << 6) | (d & 0x3F);
  }
  if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
    return 1;
  cp = value;
  return len;
}

static bool isWordByte(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
         (c >= 'A' && c <= 'Z') || c == '_';
}

static bool checkAssert(int32_t kind, llvm::StringRef text, size_t pos) {
  bool atBegin = pos == 0, atEnd = pos >= text.size();
  switch (kind) {
  case Regex::BeginText:
    return atBegin;
  case Regex::EndText:
    return atEnd;
  case Regex::BeginLine:
    return atBegin || text[pos - 1] == '\n';
  case Regex::EndLine:
    return atEnd || text[pos] == '\n';
  case Regex::WordBoundary:
  case Regex::NotWordBoundary: {
    bool before = !atBegin && isWordByte(text[pos - 1]);
    bool after = !atEnd && isWordByte(text[pos]);
    return (before != after) == (kind == Regex::WordBoundary);
  }
  default:
    return false;
  }
}

void Regex::addThread(int l, int32_t pc0, llvm::StringRef text, size_t pos,
                      int64_t *caps) {
  List &list = lists[l];
  stack.clear();
  stack.push_back({pc0, 0, 0});
  while (!stack.empty()) {
    StackEntry e = stack.back();
    stack.pop_back();
    if (e.pc < 0) {
      caps[e.slot] = e.value;
      continue;
    }
    int32_t pc = e.pc;
    int32_t at = list.sparse[pc];
    if (static_cast<size_t>(at) < list.size && list.dense[at] == pc)
      continue;
    size_t index = list.size++;
    list.dense[index] = pc;
    list.sparse[pc] = static_cast<int32_t>(index);
    const Inst &inst = program[pc];
    switch (inst.kind) {
    case Inst::Jump:
      stack.push_back({inst.x, 0, 0});
      break;
    case Inst::Split:
      // The first target has priority: it is explored first.
      stack.push_back({inst.y, 0, 0});
      stack.push_back({inst.x, 0, 0});
      break;
    case Inst::Save:
      if (static_cast<unsigned>(inst.x) < slots) {
        stack.push_back({-1, inst.x, caps[inst.x]});
        caps[inst.x] = static_cast<int64_t>(pos);
      }
      stack.push_back({pc + 1, 0, 0});
      break;
    case Inst::Assert:
      if (checkAssert(inst.x, text, pos))
        stack.push_back({pc + 1, 0, 0});
      break;
    case Inst::Class:
    case Inst::Match:
      if (slots)
        std::memcpy(&list.caps[index * slots], caps, slots * sizeof(int64_t));
      break;
    }
  }
}

/// Whether code point `cp` lies in one of the sorted ranges.
static bool inRanges(const std::pair<uint32_t, uint32_t> *begin, int32_t n,
                     uint32_t cp) {
  const std::pair<uint32_t, uint32_t> *end = begin + n;
  const auto *it = std::upper_bound(
      begin, end, cp, [](uint32_t v, const std::pair<uint32_t, uint32_t> &r) {
        return v < r.first;
      });
  return it != begin && cp <= (it - 1)->second;
}

bool Regex::match(llvm::StringRef text, size_t start, bool anchorStart,
                  bool anchorEnd, llvm::MutableArrayRef<int64_t> captures) {
  std::fill(captures.begin(), captures.end(), -1);
  if (start > text.size())
    return false;
  slots = static_cast<unsigned>(
      std::min<size_t>(captures.size() & ~size_t(1), 2 * (numGroups + 1)));
  size_t n = program.size();
  for (List &list : lists) {
    if (list.dense.size() < n) {
      list.dense.assign(n, 0);
      list.sparse.assign(n, 0);
    }
    if (list.caps.size() < n * slots)
      list.caps.resize(n * slots);
    list.size = 0;
  }
  scratch.resize(slots);
  int cur = 0, next = 1;
  bool matched = false;
  for (size_t pos = start;;) {
    if (!matched && (!anchorStart || pos == start)) {
      std::fill(scratch.begin(), scratch.end(), -1);
      addThread(cur, 0, text, pos, scratch.data());
    }
    if (lists[cur].size == 0)
      break;
    bool atEnd = pos >= text.size();
    uint32_t cp = kInvalid;
    size_t len = atEnd ? 0 : decode(text, pos, cp);
    List &list = lists[cur];
    for (size_t k = 0; k < list.size; ++k) {
      const Inst &inst = program[list.dense[k]];
      // Jumps, splits, saves and assertions are in the list only to be
      // visited once per step.
      int64_t *caps = slots ? &list.caps[k * slots] : nullptr;
      if (inst.kind == Inst::Match) {
        if (anchorEnd && !atEnd)
          continue;
        std::copy(caps, caps + slots, captures.begin());
        matched = true;
        break; // the threads after this one have lower priority
      }
      if (inst.kind != Inst::Class || atEnd || cp == kInvalid ||
          !inRanges(ranges.data() + inst.x, inst.y, cp))
        continue;
      if (slots)
        std::memcpy(scratch.data(), caps, slots * sizeof(int64_t));
      addThread(next, list.dense[k] + 1, text, pos + len, scratch.data());
    }
    std::swap(cur, next);
    lists[next].size = 0;
    if (atEnd)
      break;
    pos += len;
  }
  return matched;
}
