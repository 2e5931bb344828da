//===- StringKernelsTest.cpp - Tests of the string kernels ----------------===//
//
// StringKernels.cpp: joins, Substr in bytes and UTF-8 characters, lengths,
// number parsing and printf-style formatting, the sparse outputs of the
// splits, ReduceJoin's order of dimensions, web-safe base64, SipHash
// buckets (the SipHash paper's test vectors), and the error cases; and
// NGramKernels.cpp's StringNGrams (padding, ragged rows, short sequences).
//
//===----------------------------------------------------------------------===//

#include "KernelTestFixture.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class StringKernelsTest : public HostKernelTest {
protected:
  using Strings = std::vector<std::string>;
  HostTensor str(StringRef s) { return strings({}, {s.str()}); }
  NamedAttribute strAttr(StringRef name, StringRef value) {
    return b.getNamedAttr(name, b.getStringAttr(value));
  }
  NamedAttribute intAttr(StringRef name, int64_t value) {
    return b.getNamedAttr(name, b.getI64IntegerAttr(value));
  }
  NamedAttribute boolAttr(StringRef name, bool value) {
    return b.getNamedAttr(name, b.getBoolAttr(value));
  }
  std::string asString(HostTensor x, ArrayRef<NamedAttribute> list = {}) {
    HostTensor r = eval("AsString", {x}, attrs(list));
    return r ? r.getString(0).str() : "<error>";
  }
  /// The three outputs of a split: indices, values, shape.
  void expectSplit(StringRef op, HostTensor in, HostTensor delim,
                   ArrayRef<NamedAttribute> list, std::vector<int64_t> indices,
                   Strings pieces, std::vector<int64_t> shape) {
    auto r = evalAll(op, {in, delim}, attrs(list));
    ASSERT_EQ(r.size(), 3u);
    EXPECT_EQ(values(r[0]), indices);
    EXPECT_EQ(stringsOf(r[1]), pieces);
    EXPECT_EQ(values(r[2]), shape);
  }
};
} // namespace

TEST_F(StringKernelsTest, StringJoin) {
  HostTensor r = eval("StringJoin", {strings({2}, {"a", "b"}), str("x")},
                      attrs({strAttr("separator", "-")}));
  EXPECT_EQ(stringsOf(r), (Strings{"a-x", "b-x"}));
  EXPECT_EQ(stringsOf(eval("StringJoin", {str("p"), str("q")})),
            (Strings{"pq"}));
  EXPECT_NE(error("StringJoin",
                  {strings({2}, {"a", "b"}), strings({3}, {"a", "b", "c"})}),
            "");
  EXPECT_NE(error("StringJoin", {str("a"), i32({}, {1})}), "");
  // A large string broadcast to many elements exceeds the byte bound
  // (64 bytes per element of the element bound).
  HostTensor big = str(std::string(1 << 12, 'x'));
  HostTensor many = strings({4096}, {});
  EXPECT_EQ(error("StringJoin", {big, many}, {}, 1 << 20), "");
  EXPECT_NE(error("StringJoin", {big, many}, {}, 4096).find("bytes"),
            std::string::npos);
  EXPECT_NE(error("ReduceJoin", {many, scalar(0)},
                  attrs({strAttr("separator", std::string(1 << 10, ','))}),
                  4096),
            "");
}

TEST_F(StringKernelsTest, SubstrBytes) {
  auto substr = [&](StringRef s, int64_t pos, int64_t len) {
    HostTensor r = eval("Substr", {str(s), scalar(pos), scalar(len)});
    return r ? r.getString(0).str() : "<error>";
  };
  EXPECT_EQ(substr("Hello", 1, 3), "ell");
  EXPECT_EQ(substr("Hello", -3, 2), "ll");
  EXPECT_EQ(substr("Hello", 5, 1), "");
  EXPECT_EQ(substr("Hello", 1, 100), "ello");
  EXPECT_EQ(substr("Hello", 2, -1), "llo");
  EXPECT_NE(error("Substr", {str("Hello"), scalar(6), scalar(1)})
                .find("out of range"),
            std::string::npos);
  EXPECT_NE(error("Substr", {str("Hello"), scalar(-6), scalar(1)}), "");
  // Element-wise positions, broadcast against the input.
  HostTensor r = eval(
      "Substr", {strings({2}, {"abcd", "wxyz"}), vec({0, 2}), vec({1, 2})});
  EXPECT_EQ(stringsOf(r), (Strings{"a", "yz"}));
  r = eval("Substr", {str("abcd"), vec({0, 1, 3}), vec({2, 2, 2})});
  EXPECT_EQ(stringsOf(r), (Strings{"ab", "bc", "d"}));
  EXPECT_NE(error("Substr", {str("abc"), vec({0, 1}), scalar(1)}), "");
  EXPECT_NE(error("Substr", {str("abc"), scalar(0), scalar(1)},
                  attrs({strAttr("unit", "WORD")})),
            "");
}

TEST_F(StringKernelsTest, SubstrAndLengthInUtf8) {
  HostTensor s = str("h\xC3\xA9llo"); // "héllo": 6 bytes, 5 characters.
  auto utf8 = attrs({strAttr("unit", "UTF8_CHAR")});
  EXPECT_EQ(eval("Substr", {s, scalar(1), scalar(2)}, utf8).getString(0),
            "\xC3\xA9l");
  EXPECT_EQ(eval("Substr", {s, scalar(-2), scalar(5)}, utf8).getString(0),
            "lo");
  EXPECT_EQ(eval("Substr", {s, scalar(5), scalar(1)}, utf8).getString(0), "");
  EXPECT_NE(error("Substr", {s, scalar(6), scalar(1)}, utf8), "");
  EXPECT_NE(error("Substr", {s, scalar(0), scalar(-1)}, utf8), "");
  EXPECT_EQ(values(eval("StringLength", {s})), (std::vector<int64_t>{6}));
  HostTensor n = eval("StringLength", {s}, utf8);
  EXPECT_EQ(values(n), (std::vector<int64_t>{5}));
  EXPECT_TRUE(n.getElementType().isSignlessInteger(32));
}

TEST_F(StringKernelsTest, StripAndCase) {
  HostTensor s = strings({2}, {" \tAbC d\n", "x"});
  EXPECT_EQ(stringsOf(eval("StringStrip", {s})), (Strings{"AbC d", "x"}));
  EXPECT_EQ(stringsOf(eval("StringLower", {s})), (Strings{" \tabc d\n", "x"}));
  EXPECT_EQ(stringsOf(eval("StringUpper", {s})), (Strings{" \tABC D\n", "X"}));
  // Non-ASCII bytes are kept; a Unicode encoding is refused.
  EXPECT_EQ(eval("StringUpper", {str("\xC3\xA9")}).getString(0), "\xC3\xA9");
  EXPECT_NE(error("StringLower", {s}, attrs({strAttr("encoding", "utf-8")})),
            "");
}

TEST_F(StringKernelsTest, StringToNumber) {
  HostTensor r =
      eval("StringToNumber", {strings({4}, {"3.25", " -1e3 ", "inf", "1e-2"})});
  EXPECT_TRUE(r.getElementType().isF32());
  EXPECT_EQ(doubles(r)[0], 3.25);
  EXPECT_EQ(doubles(r)[1], -1000);
  EXPECT_TRUE(std::isinf(doubles(r)[2]));
  EXPECT_EQ(doubles(r)[3], static_cast<double>(0.01f));
  auto as = [&](Type t) {
    return attrs({b.getNamedAttr("out_type", TypeAttr::get(t))});
  };
  r = eval("StringToNumber", {strings({1}, {"0.1"})}, as(b.getF64Type()));
  EXPECT_EQ(r.getDouble(0), 0.1);
  r = eval("StringToNumber", {strings({3}, {"42", "+7", "-2147483648"})},
           as(b.getI32Type()));
  EXPECT_EQ(values(r), (std::vector<int64_t>{42, 7, INT32_MIN}));
  r = eval("StringToNumber", {strings({1}, {"9223372036854775807"})},
           as(b.getI64Type()));
  EXPECT_EQ(values(r), (std::vector<int64_t>{INT64_MAX}));
  for (const char *bad : {"abc", "1x", "0x10", "", " "})
    EXPECT_NE(error("StringToNumber", {str(bad)}).find("could not correctly"),
              std::string::npos)
        << bad;
  for (const char *bad : {"2147483648", "1.5", "+-1", "--1", "1 2"})
    EXPECT_NE(error("StringToNumber", {str(bad)}, as(b.getI32Type())), "")
        << bad;
  EXPECT_NE(error("StringToNumber", {str("1")}, as(b.getI16Type())), "");
}

TEST_F(StringKernelsTest, AsString) {
  HostTensor x = f32({}, {3.5});
  EXPECT_EQ(asString(x), "3.500000");
  EXPECT_EQ(asString(x, {intAttr("precision", 2)}), "3.50");
  EXPECT_EQ(asString(x, {boolAttr("scientific", true)}), "3.500000e+00");
  EXPECT_EQ(asString(x, {boolAttr("shortest", true)}), "3.5");
  EXPECT_EQ(asString(x, {intAttr("width", 8), intAttr("precision", 1)}),
            "     3.5");
  EXPECT_EQ(
      asString(i32({}, {42}), {intAttr("width", 6), strAttr("fill", "0")}),
      "000042");
  EXPECT_EQ(asString(i32({}, {-42}), {intAttr("width", 5)}), "  -42");
  EXPECT_EQ(asString(i64({}, {INT64_MIN})), "-9223372036854775808");
  EXPECT_EQ(asString(ints(b.getIntegerType(64, false), {}, {-1})),
            "18446744073709551615");
  EXPECT_EQ(asString(ints(b.getI1Type(), {}, {1})), "true");
  HostTensor z =
      llvm::cantFail(HostTensor::create(ComplexType::get(b.getF32Type()), {}));
  z.setComplex(0, {1, 2});
  EXPECT_EQ(asString(z, {intAttr("precision", 1)}), "(1.0,2.0)");
  EXPECT_NE(error("AsString", {x}, attrs({strAttr("fill", "ab")})), "");
  EXPECT_NE(error("AsString", {x}, attrs({strAttr("fill", "x")})), "");
  EXPECT_NE(
      error("AsString", {x},
            attrs({boolAttr("scientific", true), boolAttr("shortest", true)})),
      "");
  EXPECT_NE(error("AsString", {i32({}, {1})}, attrs({intAttr("precision", 2)})),
            "");
  EXPECT_NE(error("AsString", {x}, attrs({intAttr("width", 1 << 30)})), "");
}

TEST_F(StringKernelsTest, StringSplit) {
  HostTensor in = strings({3}, {"a b", "c  d", ""});
  expectSplit("StringSplit", in, str(" "), {}, {0, 0, 0, 1, 1, 0, 1, 1},
              {"a", "b", "c", "d"}, {3, 2});
  expectSplit("StringSplit", in, str(" "), {boolAttr("skip_empty", false)},
              {0, 0, 0, 1, 1, 0, 1, 1, 1, 2, 2, 0},
              {"a", "b", "c", "", "d", ""}, {3, 3});
  // Every byte of the delimiter splits; "" splits into bytes.
  expectSplit("StringSplit", strings({1}, {"a,b;c"}), str(",;"), {},
              {0, 0, 0, 1, 0, 2}, {"a", "b", "c"}, {1, 3});
  expectSplit("StringSplit", strings({1}, {"ab"}), str(""), {}, {0, 0, 0, 1},
              {"a", "b"}, {1, 2});
  EXPECT_NE(error("StringSplit", {str("a b"), str(" ")}), "");
  EXPECT_NE(error("StringSplit", {in, strings({1}, {" "})}), "");
}

TEST_F(StringKernelsTest, StringSplitV2) {
  expectSplit("StringSplitV2", strings({1}, {"a,b,,c"}), str(","), {},
              {0, 0, 0, 1, 0, 2, 0, 3}, {"a", "b", "", "c"}, {1, 4});
  expectSplit("StringSplitV2", strings({1}, {"a,b,,c"}), str(","),
              {intAttr("maxsplit", 1)}, {0, 0, 0, 1}, {"a", "b,,c"}, {1, 2});
  expectSplit("StringSplitV2", strings({2}, {"1<>2<>3", "4"}), str("<>"), {},
              {0, 0, 0, 1, 0, 2, 1, 0}, {"1", "2", "3", "4"}, {2, 3});
  // An empty separator splits on whitespace runs, as Python's str.split().
  expectSplit("StringSplitV2", strings({2}, {"  a  b c ", ""}), str(""), {},
              {0, 0, 0, 1, 0, 2}, {"a", "b", "c"}, {2, 3});
  expectSplit("StringSplitV2", strings({1}, {"  a  b c "}), str(""),
              {intAttr("maxsplit", 1)}, {0, 0, 0, 1}, {"a", "b c"}, {1, 2});
  // A splat input standing for more strings than the bound is refused.
  HostTensor huge = llvm::cantFail(HostTensor::createSplat(
      tf_type::StringType::get(&context), {int64_t(1) << 40}));
  EXPECT_NE(error("StringSplitV2", {huge, str(",")}).find("bound"),
            std::string::npos);
  // More pieces than the element bound is an error.
  EXPECT_NE(error("StringSplitV2", {strings({1}, {"a,a,a,a"}), str(",")}, {},
                  /*maxElements=*/3),
            "");
}

TEST_F(StringKernelsTest, ReduceJoin) {
  HostTensor a = strings({2, 2}, {"a", "b", "c", "d"});
  EXPECT_EQ(stringsOf(eval("ReduceJoin", {a, scalar(0)})),
            (Strings{"ac", "bd"}));
  EXPECT_EQ(stringsOf(eval("ReduceJoin", {a, scalar(-1)})),
            (Strings{"ab", "cd"}));
  // The first listed dimension varies fastest.
  EXPECT_EQ(stringsOf(eval("ReduceJoin", {a, vec({0, 1})})), (Strings{"acbd"}));
  EXPECT_EQ(stringsOf(eval("ReduceJoin", {a, vec({1, 0})})), (Strings{"abcd"}));
  HostTensor same = eval("ReduceJoin", {a, vec({})});
  EXPECT_EQ(stringsOf(same), (Strings{"a", "b", "c", "d"}));
  EXPECT_EQ(shapeOf(same), (std::vector<int64_t>{2, 2}));
  HostTensor kept =
      eval("ReduceJoin", {a, scalar(0)},
           attrs({boolAttr("keep_dims", true), strAttr("separator", ".")}));
  EXPECT_EQ(shapeOf(kept), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(stringsOf(kept), (Strings{"a.c", "b.d"}));
  EXPECT_NE(error("ReduceJoin", {a, vec({0, -2})}).find("duplicate"),
            std::string::npos);
  EXPECT_NE(error("ReduceJoin", {a, scalar(2)}), "");
}

TEST_F(StringKernelsTest, Base64) {
  HostTensor s = strings({3}, {"hello", "\xFB\xFF", ""});
  EXPECT_EQ(stringsOf(eval("EncodeBase64", {s})),
            (Strings{"aGVsbG8", "-_8", ""}));
  EXPECT_EQ(
      stringsOf(eval("EncodeBase64", {s}, attrs({boolAttr("pad", true)}))),
      (Strings{"aGVsbG8=", "-_8=", ""}));
  EXPECT_EQ(stringsOf(eval("DecodeBase64",
                           {strings({3}, {"aGVsbG8", "aGVsbG8=", "-_8"})})),
            (Strings{"hello", "hello", "\xFB\xFF"}));
  // The standard alphabet's '+' and '/' are not web-safe.
  EXPECT_NE(error("DecodeBase64", {str("+/8=")}), "");
  EXPECT_NE(error("DecodeBase64", {str("a")}), "");
  EXPECT_NE(error("DecodeBase64", {str("ab=c")}), "");
}

TEST_F(StringKernelsTest, StringToHashBucketStrong) {
  // The SipHash-2-4 paper's vectors: key 00..0f; messages "" and 00..0e.
  std::string message;
  for (int i = 0; i < 15; ++i)
    message += static_cast<char>(i);
  SmallVector<Attribute> key = {b.getI64IntegerAttr(0x0706050403020100LL),
                                b.getI64IntegerAttr(0x0f0e0d0c0b0a0908LL)};
  auto a = attrs({intAttr("num_buckets", INT64_MAX),
                  b.getNamedAttr("key", b.getArrayAttr(key))});
  HostTensor r =
      eval("StringToHashBucketStrong", {strings({2}, {"", message})}, a);
  EXPECT_EQ(r.getUInt(0), 0x726fdb47dd0e0e31ULL);
  EXPECT_EQ(r.getUInt(1), 0xa129ca6149be45e5ULL % uint64_t(INT64_MAX));
  EXPECT_NE(error("StringToHashBucketStrong", {str("x")},
                  attrs({intAttr("num_buckets", 0),
                         b.getNamedAttr("key", b.getArrayAttr(key))})),
            "");
  EXPECT_NE(error("StringToHashBucketStrong", {str("x")},
                  attrs({intAttr("num_buckets", 10)})),
            "");
}

TEST_F(StringKernelsTest, StringNGrams) {
  auto ngrams = [&](HostTensor data, HostTensor splits,
                    std::vector<int64_t> widths, int64_t pad, StringRef left,
                    StringRef right, bool preserve, StringRef sep = " ") {
    return evalAll(
        "StringNGrams", {data, splits},
        attrs({strAttr("separator", sep),
               b.getNamedAttr("ngram_widths", b.getI64ArrayAttr(widths)),
               strAttr("left_pad", left), strAttr("right_pad", right),
               intAttr("pad_width", pad),
               boolAttr("preserve_short_sequences", preserve)}));
  };
  HostTensor abcd = strings({4}, {"A", "B", "C", "D"});
  HostTensor one = i64({2}, {0, 4});
  auto r = ngrams(abcd, one, {2}, 0, "", "", false);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(stringsOf(r[0]), (Strings{"A B", "B C", "C D"}));
  EXPECT_EQ(values(r[1]), (std::vector<int64_t>{0, 3}));
  r = ngrams(abcd, one, {2}, 1, "LP", "RP", false);
  EXPECT_EQ(stringsOf(r[0]), (Strings{"LP A", "A B", "B C", "C D", "D RP"}));
  // A negative pad_width pads w - 1 tokens on each side.
  r = ngrams(abcd, one, {3}, -1, "LP", "RP", false);
  EXPECT_EQ(stringsOf(r[0]), (Strings{"LP LP A", "LP A B", "A B C", "B C D",
                                      "C D RP", "D RP RP"}));
  // Ragged rows (an empty one), several widths in order, int32 splits.
  r = ngrams(strings({5}, {"a", "b", "c", "d", "e"}), i32({4}, {0, 3, 3, 5}),
             {1, 2}, 0, "", "", false, "-");
  EXPECT_EQ(stringsOf(r[0]),
            (Strings{"a", "b", "c", "a-b", "b-c", "d", "e", "d-e"}));
  EXPECT_EQ(values(r[1]), (std::vector<int64_t>{0, 5, 5, 8}));
  EXPECT_TRUE(r[1].getElementType().isInteger(32));
  // preserve_short_sequences: a row too short for any ngram gives itself.
  HostTensor abc = strings({3}, {"a", "b", "c"});
  HostTensor rows = i64({3}, {0, 2, 3});
  r = ngrams(abc, rows, {3}, 0, "", "", true);
  EXPECT_EQ(stringsOf(r[0]), (Strings{"a b", "c"}));
  EXPECT_EQ(values(r[1]), (std::vector<int64_t>{0, 1, 2}));
  r = ngrams(abc, rows, {5}, 1, "<", ">", true);
  EXPECT_EQ(stringsOf(r[0]), (Strings{"< a b >", "< c >"}));
  r = ngrams(abc, rows, {3}, 0, "", "", false);
  EXPECT_EQ(stringsOf(r[0]), (Strings{}));
  EXPECT_EQ(values(r[1]), (std::vector<int64_t>{0, 0, 0}));
  // Errors: bad splits, ranks, types, widths, bounds.
  auto fails = [&](HostTensor data, HostTensor splits,
                   std::vector<int64_t> widths, int64_t pad = 0,
                   int64_t maxElements = 1 << 20) {
    return error(
        "StringNGrams", {data, splits},
        attrs({b.getNamedAttr("ngram_widths", b.getI64ArrayAttr(widths)),
               intAttr("pad_width", pad)}),
        maxElements);
  };
  EXPECT_NE(fails(abc, i64({2}, {1, 3}), {1}), "");
  EXPECT_NE(fails(abc, i64({2}, {0, 2}), {1}), "");
  EXPECT_NE(fails(abc, i64({3}, {0, 3, 1}), {1}), "");
  EXPECT_NE(fails(abc, i64({0}, {}), {1}), "");
  EXPECT_NE(fails(abc, f32({2}, {0, 3}), {1}), "");
  EXPECT_NE(fails(strings({1, 3}, {"a", "b", "c"}), i64({2}, {0, 3}), {1}), "");
  EXPECT_NE(fails(i32({3}, {1, 2, 3}), i64({2}, {0, 3}), {1}), "");
  EXPECT_NE(fails(abc, i64({2}, {0, 3}), {0}), "");
  EXPECT_NE(fails(abc, i64({2}, {0, 3}), {int64_t(1) << 40}), "");
  EXPECT_NE(fails(abc, i64({2}, {0, 3}), {1}, int64_t(1) << 40), "");
  // A huge width with full padding asks for too many ngrams and tokens.
  EXPECT_NE(fails(abc, i64({2}, {0, 3}), {1 << 20}, -1, 4096).find("bound"),
            std::string::npos);
  EXPECT_EQ(fails(abc, i64({2}, {0, 3}), {1 << 20}, 0, 4096), "");
}
