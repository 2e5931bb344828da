//===- RegexParser.cpp - Compiles RE2 syntax to a Pike VM program ---------===//
//
// Parses a pattern in RE2's syntax (the subset of docs/rationale/Kernels.md,
// "Regular expressions") and compiles it to the program Regex.cpp runs, in
// one pass without recursion: the open groups are an explicit stack of
// frames, each holding its alternatives, the concatenation so far and the
// last atom (which a quantifier applies to). Fragments are contiguous
// instruction sequences whose jump targets are relative to their start, so
// that concatenation and the copies of a counted repetition are appends.
// The instructions held by all fragments are counted, and a pattern that
// would compile to more than Regex::kMaxInstructions is refused before its
// copies are made. Errors are messages in RE2's words.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Regex.h"

#include <algorithm>
#include <set>

using namespace mlir::tfg;

namespace mlir {
namespace tfg {

using Inst = Regex::Inst;
using Frag = std::vector<Inst>;
using Ranges = std::vector<std::pair<uint32_t, uint32_t>>;

namespace {
struct Flags {
  bool fold = false, dotNL = false, multiLine = false, ungreedy = false;
};

/// An open group.
struct Frame {
  std::vector<Frag> alts;
  Frag concat, atom;
  bool hasAtom = false, repeated = false;
  int group = -1; // capture group number; -1: not capturing
  Flags saved;    // the flags outside the group
};
} // namespace

/// Appends `src` to `dst`, moving its jump targets.
static void append(Frag &dst, const Frag &src) {
  int32_t offset = static_cast<int32_t>(dst.size());
  for (Inst inst : src) {
    if (inst.kind == Inst::Jump || inst.kind == Inst::Split)
      inst.x += offset;
    if (inst.kind == Inst::Split)
      inst.y += offset;
    dst.push_back(inst);
  }
}

static Inst split(int32_t preferred, int32_t other, bool greedy) {
  return greedy ? Inst{Inst::Split, preferred, other}
                : Inst{Inst::Split, other, preferred};
}

/// Sorts and merges `r`.
static void normalize(Ranges &r) {
  std::sort(r.begin(), r.end());
  Ranges out;
  for (auto [lo, hi] : r) {
    if (!out.empty() && lo <= out.back().second + 1)
      out.back().second = std::max(out.back().second, hi);
    else
      out.push_back({lo, hi});
  }
  r = std::move(out);
}

/// Adds the ASCII case counterparts of the letters in `r`.
static void foldCase(Ranges &r) {
  size_t n = r.size();
  for (size_t i = 0; i < n; ++i) {
    auto [lo, hi] = r[i];
    for (auto [a, z, delta] :
         {std::tuple<uint32_t, uint32_t, int>{'a', 'z', -32}, {'A', 'Z', 32}}) {
      uint32_t l = std::max(lo, a), h = std::min(hi, z);
      if (l <= h)
        r.push_back({l + delta, h + delta});
    }
  }
}

static void negate(Ranges &r) {
  normalize(r);
  Ranges out;
  uint32_t next = 0;
  for (auto [lo, hi] : r) {
    if (lo > next)
      out.push_back({next, lo - 1});
    next = hi + 1;
  }
  if (next <= 0x10FFFF)
    out.push_back({next, 0x10FFFF});
  r = std::move(out);
}

/// Adds the ranges of a Perl class letter (d, s, w; upper case negated).
static void addPerlClass(Ranges &r, uint32_t c) {
  Ranges p;
  switch (c | 0x20) {
  case 'd':
    p = {{'0', '9'}};
    break;
  case 's':
    p = {{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}};
    break;
  default:
    p = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
    break;
  }
  if (c >= 'A' && c <= 'Z')
    negate(p);
  r.insert(r.end(), p.begin(), p.end());
}

/// The ranges of POSIX class `name`; false if it is unknown.
static bool getPosixClass(llvm::StringRef name, Ranges &r) {
  static const struct {
    const char *name;
    Ranges ranges;
  } classes[] = {
      {"alnum", {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}}},
      {"alpha", {{'A', 'Z'}, {'a', 'z'}}},
      {"ascii", {{0, 0x7F}}},
      {"blank", {{'\t', '\t'}, {' ', ' '}}},
      {"cntrl", {{0, 0x1F}, {0x7F, 0x7F}}},
      {"digit", {{'0', '9'}}},
      {"graph", {{'!', '~'}}},
      {"lower", {{'a', 'z'}}},
      {"print", {{' ', '~'}}},
      {"punct", {{'!', '/'}, {':', '@'}, {'[', '`'}, {'{', '~'}}},
      {"space", {{'\t', '\r'}, {' ', ' '}}},
      {"upper", {{'A', 'Z'}}},
      {"word", {{'0', '9'}, {'A', 'Z'}, {'a', 'z'}, {'_', '_'}}},
      {"xdigit", {{'0', '9'}, {'A', 'F'}, {'a', 'f'}}},
  };
  for (const auto &c : classes)
    if (name == c.name) {
      r = c.ranges;
      return true;
    }
  return false;
}

static bool isWordChar(uint32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
         (c >= 'A' && c <= 'Z') || c == '_';
}

static int hexValue(uint32_t c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
    return (c | 0x20) - 'a' + 10;
  return -1;
}

class RegexParser {
public:
  RegexParser(Regex &re, std::string &error) : re(re), error(error) {}
  bool parse(llvm::StringRef pattern);

private:
  /// What an escape stands for.
  enum class Escape { Char, Class, Assert, Error };
  Escape parseEscape(size_t &i, bool inClass, uint32_t &c, Ranges &cls);
  bool parseClass(size_t &i, Ranges &cls);
  bool parseGroupStart(size_t &i);
  bool parseRepeat(size_t &i);
  bool closeGroup();
  Frag finishAlternation(Frame &f);
  void flushAtom(Frame &f);
  bool pushAtom(Frag atom);
  bool pushClass(Ranges cls);
  bool grow(int64_t n);
  bool fail(std::string message) {
    error = std::move(message);
    return false;
  }
  /// The pattern text from code point `from` to `to`, for messages.
  std::string text(size_t from, size_t to) const;

  Regex &re;
  std::string &error;
  std::vector<uint32_t> cps;
  std::vector<size_t> offsets; // byte offset of each code point
  llvm::StringRef pattern;
  std::vector<Frame> stack;
  Flags flags;
  int64_t live = 0;            // instructions held by all fragments
  std::set<std::string> names; // of the named groups
};

std::string RegexParser::text(size_t from, size_t to) const {
  size_t b = from < offsets.size() ? offsets[from] : pattern.size();
  size_t e = to < offsets.size() ? offsets[to] : pattern.size();
  return pattern.slice(b, e).str();
}

bool RegexParser::grow(int64_t n) {
  live += n;
  if (live + 3 > static_cast<int64_t>(Regex::kMaxInstructions))
    return fail("pattern too large: the compiled program exceeds " +
                std::to_string(Regex::kMaxInstructions) + " instructions");
  return true;
}

void RegexParser::flushAtom(Frame &f) {
  if (!f.hasAtom)
    return;
  append(f.concat, f.atom);
  f.atom.clear();
  f.hasAtom = false;
}

bool RegexParser::pushAtom(Frag atom) {
  Frame &f = stack.back();
  flushAtom(f);
  f.atom = std::move(atom);
  f.hasAtom = true;
  f.repeated = false;
  return true;
}

bool RegexParser::pushClass(Ranges cls) {
  if (flags.fold)
    foldCase(cls);
  normalize(cls);
  if (!grow(1))
    return false;
  int32_t first = static_cast<int32_t>(re.ranges.size());
  re.ranges.insert(re.ranges.end(), cls.begin(), cls.end());
  return pushAtom({Inst{Inst::Class, first, static_cast<int32_t>(cls.size())}});
}

Frag RegexParser::finishAlternation(Frame &f) {
  flushAtom(f);
  f.alts.push_back(std::move(f.concat));
  size_t k = f.alts.size();
  if (k == 1)
    return std::move(f.alts[0]);
  int64_t total = 2 * static_cast<int64_t>(k - 1);
  for (const Frag &a : f.alts)
    total += static_cast<int64_t>(a.size());
  Frag out;
  out.reserve(total);
  for (size_t i = 0; i < k; ++i) {
    if (i + 1 < k) {
      int32_t here = static_cast<int32_t>(out.size());
      out.push_back(Inst{Inst::Split, here + 1,
                         here + 2 + static_cast<int32_t>(f.alts[i].size())});
    }
    append(out, f.alts[i]);
    if (i + 1 < k)
      out.push_back(Inst{Inst::Jump, static_cast<int32_t>(total), 0});
  }
  return out;
}

bool RegexParser::closeGroup() {
  Frame &f = stack.back();
  if (!grow(2 * static_cast<int64_t>(f.alts.size()) + (f.group >= 0) * 2))
    return false;
  Frag body = finishAlternation(f);
  int group = f.group;
  flags = f.saved;
  stack.pop_back();
  if (group >= 0) {
    Frag wrapped;
    wrapped.reserve(body.size() + 2);
    wrapped.push_back(Inst{Inst::Save, 2 * group, 0});
    append(wrapped, body);
    wrapped.push_back(Inst{Inst::Save, 2 * group + 1, 0});
    body = std::move(wrapped);
  }
  return pushAtom(std::move(body));
}

/// Parses `(?...` at `i` (pointing at '('): a group or a flag change.
bool RegexParser::parseGroupStart(size_t &i) {
  size_t begin = i;
  int group = -1;
  Flags inner = flags;
  if (i + 1 < cps.size() && cps[i + 1] == '?') {
    size_t j = i + 2;
    uint32_t c = j < cps.size() ? cps[j] : 0;
    if (c == 'P' || c == '<') {
      // (?P<name>re) or (?<name>re): a capturing group; the name is only
      // checked (a word, not used before).
      if (c == 'P')
        ++j;
      if (j >= cps.size() || cps[j] != '<') {
        if (c == 'P' && j < cps.size() && (cps[j] == '=' || cps[j] == '>'))
          return fail("named backreferences are not supported: " +
                      text(begin, j + 1));
        return fail("invalid named capture group: " + text(begin, j + 1));
      }
      size_t nameBegin = ++j;
      while (j < cps.size() && cps[j] != '>') {
        uint32_t d = cps[j];
        if (!isWordChar(d))
          break;
        ++j;
      }
      if (c == '<' && j == nameBegin && j < cps.size() &&
          (cps[j] == '=' || cps[j] == '!'))
        return fail("lookbehind assertions are not supported: " +
                    text(begin, j + 1));
      if (j >= cps.size() || cps[j] != '>' || j == nameBegin)
        return fail("invalid named capture group: " +
                    text(begin, std::min(j + 1, cps.size())));
      if (!names.insert(text(nameBegin, j)).second)
        return fail("duplicate capture group name: " + text(begin, j + 1));
      group = static_cast<int>(++re.numGroups);
      i = j + 1;
    } else if (c == '=' || c == '!') {
      return fail("lookahead assertions are not supported: " +
                  text(begin, j + 1));
    } else {
      // Flags: (?flags) or (?flags:re), flags among i, m, s, U, '-'
      // negating the ones after it.
      bool negated = false, any = false;
      for (;; ++j) {
        if (j >= cps.size())
          return fail("missing ): " + text(begin, j));
        c = cps[j];
        if (c == ':' || c == ')')
          break;
        bool value = !negated;
        if (c == 'i')
          inner.fold = value;
        else if (c == 'm')
          inner.multiLine = value;
        else if (c == 's')
          inner.dotNL = value;
        else if (c == 'U')
          inner.ungreedy = value;
        else if (c == '-' && !negated) {
          negated = true;
          continue;
        } else
          return fail("invalid or unsupported Perl syntax: " +
                      text(begin, j + 1));
        any = true;
      }
      if ((negated && !any) || (!any && c == ')') ||
          (negated && cps[j - 1] == '-'))
        return fail("invalid or unsupported Perl syntax: " +
                    text(begin, j + 1));
      i = j + 1;
      if (c == ')') {
        flags = inner; // to the end of the enclosing group
        return true;
      }
    }
  } else {
    group = static_cast<int>(++re.numGroups);
    ++i;
  }
  if (stack.size() > static_cast<size_t>(Regex::kMaxDepth))
    return fail("pattern nests groups more than " +
                std::to_string(Regex::kMaxDepth) + " deep");
  Frame f;
  f.group = group;
  f.saved = flags;
  stack.push_back(std::move(f));
  flags = inner;
  return true;
}

/// Parses a quantifier at `i`; a '{' that does not start {n}, {n,} or
/// {n,m} is a literal (returns true with `i` unchanged).
bool RegexParser::parseRepeat(size_t &i) {
  size_t begin = i;
  uint32_t c = cps[i];
  int64_t min = 0, max = -1;
  if (c == '{') {
    size_t j = i + 1;
    auto number = [&](int64_t &v) {
      size_t s = j;
      v = 0;
      while (j < cps.size() && cps[j] >= '0' && cps[j] <= '9') {
        v = std::min<int64_t>(v * 10 + (cps[j] - '0'), 1 << 30);
        ++j;
      }
      return j > s;
    };
    if (!number(min))
      return true;
    max = min;
    if (j < cps.size() && cps[j] == ',') {
      ++j;
      if (!number(max))
        max = -1;
    }
    if (j >= cps.size() || cps[j] != '}')
      return true;
    i = j + 1;
    if (min > Regex::kMaxRepeat || max > Regex::kMaxRepeat ||
        (max >= 0 && max < min))
      return fail("bad repetition operator: " + text(begin, i));
  } else {
    min = c == '+';
    max = c == '?' ? 1 : -1;
    ++i;
  }
  bool lazy = i < cps.size() && cps[i] == '?';
  if (lazy)
    ++i;
  Frame &f = stack.back();
  if (!f.hasAtom)
    return fail("missing argument to repetition operator: " + text(begin, i));
  if (f.repeated)
    return fail("bad repetition operator: " + text(begin - 1, i));
  bool greedy = lazy == flags.ungreedy;
  Frag &x = f.atom;
  int64_t n = static_cast<int64_t>(x.size());
  int64_t size = max < 0 ? (min == 0 ? n + 2 : min * n + 1)
                         : min * n + (max - min) * (n + 1);
  if (!grow(size - n))
    return false;
  Frag out;
  out.reserve(size);
  if (max < 0 && min == 0) {
    out.push_back(split(1, static_cast<int32_t>(n + 2), greedy));
    append(out, x);
    out.push_back(Inst{Inst::Jump, 0, 0});
  } else if (max < 0) {
    for (int64_t k = 0; k < min; ++k)
      append(out, x);
    int32_t last = static_cast<int32_t>(out.size() - n);
    out.push_back(split(last, static_cast<int32_t>(size), greedy));
  } else {
    for (int64_t k = 0; k < min; ++k)
      append(out, x);
    for (int64_t k = min; k < max; ++k) {
      int32_t here = static_cast<int32_t>(out.size());
      out.push_back(split(here + 1, static_cast<int32_t>(size), greedy));
      append(out, x);
    }
  }
  x = std::move(out);
  f.repeated = true;
  return true;
}

RegexParser::Escape RegexParser::parseEscape(size_t &i, bool inClass,
                                             uint32_t &c, Ranges &cls) {
  size_t begin = i++; // at the backslash
  if (i >= cps.size()) {
    fail("trailing \\");
    return Escape::Error;
  }
  uint32_t e = cps[i++];
  auto bad = [&](llvm::StringRef why) {
    fail(why.str() + ": " + text(begin, i));
    return Escape::Error;
  };
  switch (e) {
  case 'a':
    c = 7;
    return Escape::Char;
  case 'f':
    c = '\f';
    return Escape::Char;
  case 'n':
    c = '\n';
    return Escape::Char;
  case 'r':
    c = '\r';
    return Escape::Char;
  case 't':
    c = '\t';
    return Escape::Char;
  case 'v':
    c = '\v';
    return Escape::Char;
  case 'd':
  case 'D':
  case 's':
  case 'S':
  case 'w':
  case 'W':
    addPerlClass(cls, e);
    return Escape::Class;
  case 'x': {
    uint32_t v = 0;
    if (i < cps.size() && cps[i] == '{') {
      size_t j = i + 1;
      while (j < cps.size() && hexValue(cps[j]) >= 0 && v <= 0x10FFFF)
        v = v * 16 + hexValue(cps[j++]);
      if (j == i + 1 || j >= cps.size() || cps[j] != '}' || v > 0x10FFFF) {
        i = std::min(j + 1, cps.size());
        return bad("invalid escape sequence");
      }
      i = j + 1;
    } else {
      for (int k = 0; k < 2; ++k) {
        if (i >= cps.size() || hexValue(cps[i]) < 0)
          return bad("invalid escape sequence");
        v = v * 16 + hexValue(cps[i++]);
      }
    }
    c = v;
    return Escape::Char;
  }
  case 'p':
  case 'P':
    return bad("Unicode classes are not supported");
  case 'C':
    return bad("\\C (any byte) is not supported");
  default:
    break;
  }
  if (e >= '0' && e <= '7' &&
      (e == '0' || (i < cps.size() && cps[i] >= '0' && cps[i] <= '7'))) {
    // Octal: \0, or \1-\7 followed by another octal digit; up to 3 digits.
    uint32_t v = e - '0';
    for (int k = 0; k < 2 && i < cps.size() && cps[i] >= '0' && cps[i] <= '7';
         ++k)
      v = v * 8 + (cps[i++] - '0');
    c = v;
    return Escape::Char;
  }
  if (e >= '1' && e <= '9')
    return bad("backreferences are not supported");
  if (!inClass) {
    int32_t kind = -1;
    if (e == 'b')
      kind = Regex::WordBoundary;
    else if (e == 'B')
      kind = Regex::NotWordBoundary;
    else if (e == 'A')
      kind = Regex::BeginText;
    else if (e == 'z')
      kind = Regex::EndText;
    if (kind >= 0) {
      c = kind;
      return Escape::Assert;
    }
  }
  if (e < 0x80 && !isWordChar(e)) { // escaped punctuation
    c = e;
    return Escape::Char;
  }
  return bad("invalid escape sequence");
}

/// Parses a bracketed class at `i` (pointing at '[').
bool RegexParser::parseClass(size_t &i, Ranges &cls) {
  size_t begin = i++;
  bool negated = i < cps.size() && cps[i] == '^';
  if (negated)
    ++i;
  bool first = true;
  for (;; first = false) {
    if (i >= cps.size())
      return fail("missing ]: " + text(begin, i));
    uint32_t c = cps[i];
    if (c == ']' && !first)
      break;
    if (c == '[' && i + 1 < cps.size() && cps[i + 1] == ':') {
      size_t j = i + 2;
      while (j + 1 < cps.size() && !(cps[j] == ':' && cps[j + 1] == ']'))
        ++j;
      if (j + 1 < cps.size()) {
        std::string name = text(i + 2, j);
        bool neg = !name.empty() && name[0] == '^';
        Ranges p;
        if (!getPosixClass(neg ? llvm::StringRef(name).drop_front() : name, p))
          return fail("invalid character class range: " + text(i, j + 2));
        if (neg)
          negate(p);
        cls.insert(cls.end(), p.begin(), p.end());
        i = j + 2;
        continue;
      }
    }
    // A single character or an escape, then maybe '-' and a range end.
    size_t itemBegin = i;
    uint32_t lo;
    if (c == '\\') {
      Escape k = parseEscape(i, /*inClass=*/true, lo, cls);
      if (k == Escape::Error)
        return false;
      if (k == Escape::Class)
        continue;
    } else {
      lo = c;
      ++i;
    }
    uint32_t hi = lo;
    if (i + 1 < cps.size() && cps[i] == '-' && cps[i + 1] != ']') {
      ++i;
      if (cps[i] == '\\') {
        Ranges unused;
        Escape k = parseEscape(i, /*inClass=*/true, hi, unused);
        if (k == Escape::Error)
          return false;
        if (k != Escape::Char)
          return fail("invalid character class range: " + text(itemBegin, i));
      } else {
        hi = cps[i++];
      }
      if (hi < lo)
        return fail("invalid character class range: " + text(itemBegin, i));
    }
    cls.push_back({lo, hi});
  }
  ++i; // the ']'
  if (flags.fold)
    foldCase(cls);
  if (negated)
    negate(cls);
  return true;
}

bool RegexParser::parse(llvm::StringRef p) {
  pattern = p;
  for (size_t pos = 0; pos < p.size();) {
    uint32_t cp;
    size_t len = Regex::decode(p, pos, cp);
    if (cp == Regex::kInvalid)
      return fail("invalid UTF-8 in the pattern at byte " +
                  std::to_string(pos));
    cps.push_back(cp);
    offsets.push_back(pos);
    pos += len;
  }
  stack.emplace_back();
  for (size_t i = 0; i < cps.size();) {
    uint32_t c = cps[i];
    switch (c) {
    case '(':
      if (!parseGroupStart(i))
        return false;
      continue;
    case ')':
      if (stack.size() == 1)
        return fail("unexpected ): " + text(0, i + 1));
      ++i;
      if (!closeGroup())
        return false;
      continue;
    case '|': {
      Frame &f = stack.back();
      flushAtom(f);
      f.alts.push_back(std::move(f.concat));
      f.concat.clear();
      ++i;
      continue;
    }
    case '*':
    case '+':
    case '?':
    case '{': {
      size_t at = i;
      if (!parseRepeat(i))
        return false;
      if (i != at)
        continue;
      break; // a literal '{'
    }
    case '^':
    case '$': {
      ++i;
      int32_t kind =
          c == '^' ? (flags.multiLine ? Regex::BeginLine : Regex::BeginText)
                   : (flags.multiLine ? Regex::EndLine : Regex::EndText);
      if (!grow(1) || !pushAtom({Inst{Inst::Assert, kind, 0}}))
        return false;
      continue;
    }
    case '.': {
      ++i;
      Ranges dot = {{0, 0x10FFFF}};
      if (!flags.dotNL)
        dot = {{0, '\n' - 1}, {'\n' + 1, 0x10FFFF}};
      Flags saved = flags;
      flags.fold = false;
      bool ok = pushClass(std::move(dot));
      flags = saved;
      if (!ok)
        return false;
      continue;
    }
    case '[': {
      Ranges cls;
      if (!parseClass(i, cls))
        return false;
      Flags saved = flags;
      flags.fold = false; // already folded before any negation
      bool ok = pushClass(std::move(cls));
      flags = saved;
      if (!ok)
        return false;
      continue;
    }
    case '\\': {
      if (i + 1 < cps.size() && cps[i + 1] == 'Q') {
        // \Q...\E: literal text.
        for (i += 2; i < cps.size(); ++i) {
          if (cps[i] == '\\' && i + 1 < cps.size() && cps[i + 1] == 'E') {
            i += 2;
            break;
          }
          if (!pushClass({{cps[i], cps[i]}}))
            return false;
        }
        continue;
      }
      uint32_t v;
      Ranges cls;
      Escape k = parseEscape(i, /*inClass=*/false, v, cls);
      if (k == Escape::Error)
        return false;
      if (k == Escape::Assert) {
        if (!grow(1) ||
            !pushAtom({Inst{Inst::Assert, static_cast<int32_t>(v), 0}}))
          return false;
        continue;
      }
      if (k == Escape::Char)
        cls = {{v, v}};
      if (!pushClass(std::move(cls)))
        return false;
      continue;
    }
    default:
      break;
    }
    ++i;
    if (!pushClass({{c, c}}))
      return false;
  }
  if (stack.size() > 1)
    return fail("missing ): " + pattern.str());
  if (!grow(2 * static_cast<int64_t>(stack.back().alts.size())))
    return false;
  Frag body = finishAlternation(stack.back());
  re.program.push_back(Inst{Inst::Save, 0, 0});
  append(re.program, body);
  re.program.push_back(Inst{Inst::Save, 1, 0});
  re.program.push_back(Inst{Inst::Match, 0, 0});
  return true;
}

std::unique_ptr<Regex> Regex::compile(llvm::StringRef pattern,
                                      std::string &error) {
  std::unique_ptr<Regex> re(new Regex());
  RegexParser parser(*re, error);
  if (!parser.parse(pattern))
    return nullptr;
  return re;
}

} // namespace tfg
} // namespace mlir
