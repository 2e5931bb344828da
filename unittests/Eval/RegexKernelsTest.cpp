//===- RegexKernelsTest.cpp - Tests of the regex kernels ------------------===//
//
// RegexKernels.cpp: RegexReplace and StaticRegexReplace (global and first
// match, group references, RE2::GlobalReplace's empty matches), the full
// matches, and the error cases: non-string operands, non-scalar patterns,
// bad patterns and rewrites, the bound on the result bytes.
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class RegexKernelsTest : public HostKernelTest {
protected:
  using Strings = std::vector<std::string>;
  HostTensor str(StringRef s) { return strings({}, {s.str()}); }
  NamedAttribute strAttr(StringRef name, StringRef value) {
    return b.getNamedAttr(name, b.getStringAttr(value));
  }
  NamedAttribute boolAttr(StringRef name, bool value) {
    return b.getNamedAttr(name, b.getBoolAttr(value));
  }
  /// RegexReplace of one string.
  std::string replace(StringRef text, StringRef pattern, StringRef rewrite,
                      bool global = true) {
    HostTensor r = eval("RegexReplace", {str(text), str(pattern), str(rewrite)},
                        attrs({boolAttr("replace_global", global)}));
    return r ? r.getString(0).str() : "<error>";
  }
};
} // namespace

TEST_F(RegexKernelsTest, RegexReplace) {
  HostTensor in = strings({2}, {"hello world", "foo"});
  HostTensor r = eval("RegexReplace", {in, str("o"), str("0")});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2}));
  EXPECT_EQ(stringsOf(r), (Strings{"hell0 w0rld", "f00"}));
  r = eval("RegexReplace", {in, str("o"), str("0")},
           attrs({boolAttr("replace_global", false)}));
  EXPECT_EQ(stringsOf(r), (Strings{"hell0 world", "f0o"}));
  EXPECT_EQ(replace("mail me@host now", "(\\w+)@(\\w+)", "\\2 at \\1 \\\\ \\0"),
            "mail host at me \\ me@host now");
  EXPECT_EQ(replace("ab", "(a)|b", "[\\1]"), "[a][]");
  EXPECT_EQ(replace("no match", "x+", "y"), "no match");
  EXPECT_EQ(replace("", "x*", "-"), "-");
  // RE2::GlobalReplace: an empty match where the previous match ended is
  // skipped, advancing by one code point.
  EXPECT_EQ(replace("abc", "x*", "-"), "-a-b-c-");
  EXPECT_EQ(replace("baaac", "a*", "-"), "-b-c-");
  EXPECT_EQ(replace("\xc3\xa9t\xc3\xa9", "", "|"), "|\xc3\xa9|t|\xc3\xa9|");
  EXPECT_EQ(replace("abc", "x*", "-", false), "-abc");
  EXPECT_EQ(replace("aaa", "^a", "b"), "baa");
  EXPECT_EQ(replace("Hello World", "(?i)[aeiou]", "*"), "H*ll* W*rld");
  EXPECT_EQ(replace("a  b   c", "\\s+", " "), "a b c");
}

TEST_F(RegexKernelsTest, StaticRegexReplace) {
  HostTensor in = strings({2, 1}, {"2024-11-26", "x 1-2-3"});
  HostTensor r = eval("StaticRegexReplace", {in},
                      attrs({strAttr("pattern", "(\\d+)-(\\d+)-(\\d+)"),
                             strAttr("rewrite", "\\3/\\2/\\1")}));
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(stringsOf(r), (Strings{"26/11/2024", "x 3/2/1"}));
  r = eval("StaticRegexReplace", {strings({}, {"aaa"})},
           attrs({strAttr("pattern", "a"), strAttr("rewrite", "b"),
                  boolAttr("replace_global", false)}));
  EXPECT_EQ(stringsOf(r), (Strings{"baa"}));
}

TEST_F(RegexKernelsTest, FullMatch) {
  HostTensor in = strings({4}, {"abc", "ab", "abcd", "xab"});
  HostTensor r = eval("RegexFullMatch", {in, str("ab.?")});
  EXPECT_EQ(shapeOf(r), (std::vector<int64_t>{4}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 1, 0, 0}));
  r = eval("StaticRegexFullMatch", {in},
           attrs({strAttr("pattern", "a|ab|abc")}));
  EXPECT_EQ(values(r), (std::vector<int64_t>{1, 1, 0, 0}));
  r = eval("RegexFullMatch", {strings({}, {"\xe6\x97\xa5"}), str(".")});
  EXPECT_EQ(values(r), (std::vector<int64_t>{1}));
}

TEST_F(RegexKernelsTest, Errors) {
  HostTensor in = strings({2}, {"a", "b"});
  // Non-string operands.
  EXPECT_NE(error("RegexReplace", {i32({2}, {1, 2}), str("a"), str("b")}), "");
  EXPECT_NE(error("RegexReplace", {in, scalar(1), str("b")}), "");
  EXPECT_NE(error("RegexReplace", {in, str("a"), scalar(1)}), "");
  EXPECT_NE(error("RegexFullMatch", {i32({}, {1}), str("a")}), "");
  EXPECT_NE(error("StaticRegexFullMatch", {f32({1}, {1})},
                  attrs({strAttr("pattern", "a")})),
            "");
  // Patterns and rewrites must be scalars.
  EXPECT_NE(error("RegexReplace", {in, in, str("b")}).find("scalar"),
            std::string::npos);
  EXPECT_NE(error("RegexReplace", {in, str("a"), in}).find("scalar"),
            std::string::npos);
  EXPECT_NE(error("RegexFullMatch", {in, in}).find("scalar"),
            std::string::npos);
  // Bad patterns.
  EXPECT_NE(error("RegexReplace", {in, str("(a"), str("b")}).find("missing )"),
            std::string::npos);
  EXPECT_NE(error("RegexFullMatch", {in, str("a**")}).find("bad repetition"),
            std::string::npos);
  EXPECT_NE(error("StaticRegexReplace", {in},
                  attrs({strAttr("pattern", "(?:x{1000}){1000}"),
                         strAttr("rewrite", "")}))
                .find("too large"),
            std::string::npos);
  // Bad rewrites.
  EXPECT_NE(error("RegexReplace", {in, str("(a)"), str("\\2")}).find("group 2"),
            std::string::npos);
  EXPECT_NE(error("RegexReplace", {in, str("a"), str("\\1")}).find("group 1"),
            std::string::npos);
  EXPECT_NE(error("RegexReplace", {in, str("a"), str("\\q")}), "");
  EXPECT_NE(error("RegexReplace", {in, str("a"), str("x\\")}), "");
  // Missing attributes of the static forms.
  EXPECT_NE(error("StaticRegexReplace", {in}, attrs({strAttr("pattern", "a")}))
                .find("rewrite"),
            std::string::npos);
  EXPECT_NE(error("StaticRegexFullMatch", {in}).find("pattern"),
            std::string::npos);
  // The bytes of the results are bounded (64 per element of the bound).
  HostTensor big = strings({}, {std::string(4096, 'x')});
  EXPECT_NE(
      error("RegexReplace", {big, str(""), str(std::string(64, 'y'))}, {}, 64)
          .find("bytes"),
      std::string::npos);
}
