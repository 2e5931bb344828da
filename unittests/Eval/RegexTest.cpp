//===- RegexTest.cpp - Tests of TFGEval's regular expression engine -------===//
//
// Regex.h: a table of patterns, texts and the expected leftmost-first match
// with its groups (every feature of the supported RE2 subset: escapes,
// classes, anchors, word boundaries, groups, alternation, greedy and lazy
// quantifiers, flags, UTF-8), full matches, searches from an offset, the
// syntax errors, the bounds on the program, and pathological patterns that
// a backtracking engine would take exponential time on.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/Regex.h"

#include "gtest/gtest.h"

#include <random>
#include <string>

using namespace mlir::tfg;

namespace {
/// "@begin:group0|group1|..." ("-" for a group that did not take part),
/// "nomatch", or "error: message".
std::string search(const std::string &pattern, const std::string &text) {
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile(pattern, error);
  if (!re)
    return "error: " + error;
  std::vector<int64_t> caps(2 * (re->getNumGroups() + 1));
  if (!re->match(text, 0, false, false, caps))
    return "nomatch";
  std::string out = "@" + std::to_string(caps[0]) + ":";
  for (size_t g = 0; g < caps.size(); g += 2) {
    if (g)
      out += "|";
    out += caps[g] < 0 ? "-" : text.substr(caps[g], caps[g + 1] - caps[g]);
  }
  return out;
}

bool fullMatch(const std::string &pattern, const std::string &text) {
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile(pattern, error);
  EXPECT_TRUE(re) << pattern << ": " << error;
  return re && re->match(text, 0, true, true, {});
}

std::string compileError(const std::string &pattern) {
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile(pattern, error);
  return re ? "" : error;
}

struct Case {
  const char *pattern, *text, *expected;
};

const Case kCases[] = {
    // Literals and escapes.
    {"abc", "xxabcxx", "@2:abc"},
    {"a\\.c", "abc a.c", "@4:a.c"},
    {"\\n", "a\nb", "@1:\n"},
    {"\\t\\\\", "x\t\\y", "@1:\t\\"},
    {"\\x41\\x{42}", "zAB", "@1:AB"},
    {"\\101", "A", "@0:A"},
    {"\\Q.*\\E+", "a.**", "@1:.**"},
    {"a{", "a{", "@0:a{"},
    {"a{,2}", "a{,2}", "@0:a{,2}"},
    {"\\$\\^\\(\\[\\{\\|\\?", "$^([{|?", "@0:$^([{|?"},
    // Dot: not newline unless (?s), one code point.
    {"a.c", "a\nc abc", "@4:abc"},
    {"(?s)a.c", "a\nc", "@0:a\nc"},
    {"^.$", "\xc3\xa9", "@0:\xc3\xa9"},
    {"^..$", "\xc3\xa9", "nomatch"},
    {"^.$", "\xe6\x97\xa5", "@0:\xe6\x97\xa5"},
    {"^.$", "\xf0\x9f\x98\x80", "@0:\xf0\x9f\x98\x80"},
    {"^.$", "\xff", "nomatch"},
    {"^.$", "\xc3", "nomatch"},
    {"a.b",
     "a\xc3\xa9"
     "b",
     "@0:a\xc3\xa9"
     "b"},
    // Classes.
    {"[a-c]+", "xxabcd", "@2:abc"},
    {"[^a-c]+", "abcxyzab", "@3:xyz"},
    {"[^a]", "\xe6\x97\xa5", "@0:\xe6\x97\xa5"},
    {"[^a]", "\n", "@0:\n"},
    {"[]a]+", "x]a]", "@1:]a]"},
    {"[^]a]+", "]a]bc", "@3:bc"},
    {"[a-]+", "b-a-", "@1:-a-"},
    {"[\\]\\\\]+", "a]\\", "@1:]\\"},
    {"\\d+", "ab123c", "@2:123"},
    {"\\D+", "12ab3", "@2:ab"},
    {"\\w+", "  foo_1 ", "@2:foo_1"},
    {"\\W+", "ab, cd", "@2:, "},
    {"\\s+", "a \t\nb", "@1: \t\n"},
    {"\\S+", "  xy ", "@2:xy"},
    {"[\\d.]+", "v1.25x", "@1:1.25"},
    {"[^\\d\\s]+", "1 2ab 3", "@3:ab"},
    {"[[:alpha:]]+", "12abC3", "@2:abC"},
    {"[[:^digit:]]+", "12ab3", "@2:ab"},
    {"[[:xdigit:]]+", "xyzBEEFg", "@3:BEEF"},
    {"[[:punct:]]+", "ab!?c", "@2:!?"},
    {"[[:space:][:upper:]]+", "ab C\tDe", "@2: C\tD"},
    {"[\\x{e9}]", "caf\xc3\xa9", "@3:\xc3\xa9"},
    {"[\xc3\xa0-\xc3\xaa]+", "x\xc3\xa0\xc3\xa9y", "@1:\xc3\xa0\xc3\xa9"},
    // Anchors and word boundaries.
    {"^b", "ab", "nomatch"},
    {"^a", "ab", "@0:a"},
    {"c$", "abc\n", "nomatch"},
    {"c$", "cbc", "@2:c"},
    {"(?m)^b", "a\nb", "@2:b"},
    {"(?m)a$", "a\nb", "@0:a"},
    {"\\Aa", "ba", "nomatch"},
    {"a\\z", "ab", "nomatch"},
    {"b\\z", "ab", "@1:b"},
    {"(?m)\\Ab", "a\nb", "nomatch"},
    {"\\bfoo\\b", "afoo foo", "@5:foo"},
    {"\\Boo\\B", "foo oof book", "@9:oo"},
    {"\\b", "", "nomatch"},
    {"^$", "", "@0:"},
    // Groups.
    {"(a)(b)?", "a", "@0:a|a|-"},
    {"(?:ab)+", "ababa", "@0:abab"},
    {"(a|ab)(c|bcd)(d*)", "abcd", "@0:abcd|a|bcd|"},
    {"(?P<year>\\d+)-(\\d+)", "on 2024-11", "@3:2024-11|2024|11"},
    {"(?<n>x)", "x", "@0:x|x"},
    {"(a|b)+", "abba", "@0:abba|a"},
    {"((a)|b)+", "ab", "@0:ab|b|a"},
    {"(a*)+", "b", "@0:|"},
    {"(?:a*)*", "b", "@0:"},
    // Alternation: leftmost, then first alternative.
    {"cat|dog", "hotdog", "@3:dog"},
    {"a|ab", "ab", "@0:a"},
    {"ab|a", "ab", "@0:ab"},
    {"|a", "a", "@0:"},
    {"x(a|)y", "xy", "@0:xy|"},
    // Quantifiers, greedy and lazy.
    {"a*", "aaa", "@0:aaa"},
    {"a*?", "aaa", "@0:"},
    {"a+?", "aaa", "@0:a"},
    {"a??b", "ab", "@0:ab"},
    {"a?", "b", "@0:"},
    {"<.+>", "<a><b>", "@0:<a><b>"},
    {"<.+?>", "<a><b>", "@0:<a>"},
    {"(a+?)(a*)", "aaa", "@0:aaa|a|aa"},
    {"(a+)(a*)", "aaa", "@0:aaa|aaa|"},
    {"a{2}", "aaaa", "@0:aa"},
    {"a{2,}", "aaaaa", "@0:aaaaa"},
    {"a{2,}?", "aaaaa", "@0:aa"},
    {"a{2,3}", "aaaaa", "@0:aaa"},
    {"a{2,3}?", "aaaaa", "@0:aa"},
    {"a{0}b", "ab", "@1:b"},
    {"a{0,1}b", "ab", "@0:ab"},
    {"(ab){2}", "ababab", "@0:abab|ab"},
    {"x{3}", "xx", "nomatch"},
    {"(?U)a+", "aaa", "@0:a"},
    {"(?U)a+?", "aaa", "@0:aaa"},
    // Case-insensitive (ASCII).
    {"(?i)hello", "say HeLLo", "@4:HeLLo"},
    {"(?i)[a-c]+", "xAbC", "@1:AbC"},
    {"(?i)[^a]", "Ab", "@1:b"},
    {"(?i)\\x41", "a", "@0:a"},
    {"a(?i)b", "aB", "@0:aB"},
    {"a(?i)b", "AB", "nomatch"},
    {"(?i:a)b", "Ab", "@0:Ab"},
    {"(?i:a)b", "AB", "nomatch"},
    {"(?i)a(?-i)b", "Ab", "@0:Ab"},
    {"(?i)a(?-i)b", "AB", "nomatch"},
    {"(?i)(?:a)B", "ab", "@0:ab"},
    // UTF-8 literals.
    {"\xe6\x97\xa5\xe6\x9c\xac", "\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac",
     "@3:\xe6\x97\xa5\xe6\x9c\xac"},
    {"\xc3\xa9+", "\xc3\xa9\xc3\xa9x", "@0:\xc3\xa9\xc3\xa9"},
};
} // namespace

TEST(RegexTest, Table) {
  for (const Case &c : kCases)
    EXPECT_EQ(search(c.pattern, c.text), c.expected)
        << "pattern '" << c.pattern << "' on '" << c.text << "'";
  // A NUL in the text (the table's strings stop at one).
  EXPECT_EQ(search("a\\0b", std::string("xa\0b", 4)),
            std::string("@1:a\0b", 6));
  EXPECT_EQ(search("a\\x00", std::string("a\0", 2)), std::string("@0:a\0", 5));
}

TEST(RegexTest, FullMatch) {
  EXPECT_TRUE(fullMatch("a|ab", "ab"));
  EXPECT_TRUE(fullMatch("ab.?", "abc"));
  EXPECT_FALSE(fullMatch("ab.?", "abcd"));
  EXPECT_FALSE(fullMatch("b", "ab"));
  EXPECT_TRUE(fullMatch("", ""));
  EXPECT_FALSE(fullMatch("", "a"));
  EXPECT_TRUE(fullMatch("(a*?)b*", "aabb"));
  EXPECT_TRUE(fullMatch("\\d{3}-\\d{4}", "555-1234"));
  EXPECT_TRUE(fullMatch(".*", "\xc3\xa9t\xc3\xa9"));
  EXPECT_FALSE(fullMatch(".*", "a\nb"));
  EXPECT_TRUE(fullMatch("(?s).*", "a\nb"));
}

TEST(RegexTest, SearchFromAnOffset) {
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile("^a|\\bb", error);
  ASSERT_TRUE(re);
  std::vector<int64_t> caps(2);
  // ^ holds at the start of the text only, \b looks at the byte before.
  EXPECT_FALSE(re->match("aab", 1, false, false, caps));
  EXPECT_TRUE(re->match("a b", 1, false, false, caps));
  EXPECT_EQ(caps[0], 2);
  EXPECT_FALSE(re->match("a b", 1, true, false, caps));
  EXPECT_FALSE(re->match("ab", 3, false, false, caps));
}

TEST(RegexTest, SyntaxErrors) {
  struct {
    const char *pattern, *message;
  } cases[] = {
      {"(a", "missing )"},
      {"a)", "unexpected )"},
      {"*a", "missing argument to repetition operator"},
      {"a|?", "missing argument to repetition operator"},
      {"()+*", "bad repetition operator"},
      {"a**", "bad repetition operator"},
      {"a{2}{3}", "bad repetition operator"},
      {"a{1001}", "bad repetition operator"},
      {"a{2,1}", "bad repetition operator"},
      {"[a", "missing ]"},
      {"[z-a]", "invalid character class range"},
      {"[[:foo:]]", "invalid character class range"},
      {"\\q", "invalid escape sequence"},
      {"\\xZ", "invalid escape sequence"},
      {"\\x{110000}", "invalid escape sequence"},
      {"a\\", "trailing \\"},
      {"(a)\\1", "backreferences are not supported"},
      {"(?=a)", "lookahead assertions are not supported"},
      {"(?!a)", "lookahead assertions are not supported"},
      {"(?<=a)", "lookbehind assertions are not supported"},
      {"(?P=n)", "named backreferences are not supported"},
      {"(?P<>a)", "invalid named capture group"},
      {"(?P<a-b>a)", "invalid named capture group"},
      {"(?P<n>a)(?P<n>b)", "duplicate capture group name"},
      {"\\pL", "Unicode classes are not supported"},
      {"\\C", "\\C (any byte) is not supported"},
      {"(?z)", "invalid or unsupported Perl syntax"},
      {"(?)", "invalid or unsupported Perl syntax"},
      {"(?i", "missing )"},
      {"\xff", "invalid UTF-8"},
  };
  for (const auto &c : cases) {
    std::string error = compileError(c.pattern);
    EXPECT_NE(error.find(c.message), std::string::npos)
        << "pattern '" << c.pattern << "' gave '" << error << "'";
  }
}

TEST(RegexTest, Bounds) {
  // Counted repetitions whose copies exceed the program bound are refused
  // before they are made.
  EXPECT_NE(compileError("(?:[a-z]{1000}){1000}").find("too large"),
            std::string::npos);
  EXPECT_NE(compileError("((((a{1000}){1000}){1000}){1000})").find("too large"),
            std::string::npos);
  std::string many;
  for (int i = 0; i < 200; ++i)
    many += "(?:abcdefghij){1000}";
  EXPECT_NE(compileError(many).find("too large"), std::string::npos);
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile("(abc){1000}", error);
  ASSERT_TRUE(re) << error;
  EXPECT_LE(re->getProgramSize(), Regex::kMaxInstructions);
  // Deep nesting: parsed without recursion, bounded in depth.
  std::string deep = std::string(900, '(') + "a" + std::string(900, ')');
  EXPECT_EQ(search(deep, "xa").substr(0, 4), "@1:a");
  std::string deeper = std::string(5000, '(') + std::string(5000, ')');
  EXPECT_NE(compileError(deeper).find("nests groups"), std::string::npos);
  // Many alternatives.
  std::string alts;
  for (int i = 0; i < 1000; ++i)
    alts += (i ? "|w" : "w") + std::to_string(i);
  // Leftmost-first: w9 comes before w999 among the alternatives.
  EXPECT_EQ(search(alts, "xx w999"), "@3:w9");
  EXPECT_EQ(search("(?:" + alts + ")\\b", "xx w999"), "@3:w999");
}

TEST(RegexTest, PathologicalPatternsRunInLinearTime) {
  std::string as(100000, 'a');
  EXPECT_EQ(search("(a*)*b", as), "nomatch");
  EXPECT_EQ(search("(a|aa)*c", as), "nomatch");
  EXPECT_EQ(search("(?:a+a+)+b", as), "nomatch");
  EXPECT_FALSE(fullMatch("(a?){50}a{50}b", as));
  EXPECT_TRUE(fullMatch("(a*)*", as));
  EXPECT_EQ(search("(x+x+)+y", std::string(100000, 'x')), "nomatch");
}

TEST(RegexTest, RandomPatternsNeverCrash) {
  // Random strings of the syntax's characters: each compiles or gives an
  // error, and a compiled one runs on a random text.
  const char *pieces[] = {
      "a",   "b",         "(",        ")",    "|",    "*",   "+",    "?",
      "{",   "}",         "2",        ",",    "[",    "]",   "^",    "$",
      ".",   "\\",        "-",        ":",    "(?",   "i",   "P<n>", "\\d",
      "\\b", "[:alpha:]", "\xc3\xa9", "\xff", "\\x{", "\\Q", "\\E"};
  std::mt19937 rng(7);
  int compiled = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    std::string pattern, text;
    for (int k = 0, n = 1 + rng() % 12; k < n; ++k)
      pattern += pieces[rng() % (sizeof(pieces) / sizeof(pieces[0]))];
    for (int k = 0, n = rng() % 10; k < n; ++k)
      text += "ab\n\xc3\xa9-"[rng() % 6];
    std::string error;
    std::unique_ptr<Regex> re = Regex::compile(pattern, error);
    if (!re) {
      EXPECT_FALSE(error.empty()) << pattern;
      continue;
    }
    ++compiled;
    std::vector<int64_t> caps(2 * (re->getNumGroups() + 1));
    if (re->match(text, 0, false, false, caps)) {
      EXPECT_LE(0, caps[0]);
      EXPECT_LE(caps[0], caps[1]);
      EXPECT_LE(caps[1], static_cast<int64_t>(text.size()));
    }
    (void)re->match(text, 0, true, true, {});
  }
  EXPECT_GT(compiled, 1000);
}
