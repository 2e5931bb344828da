//===- JSONScanTest.cpp - Tests of the JSON scanner -----------------------===//

#include "tfg/Support/JSONScan.h"

#include "llvm/Support/JSON.h"

#include "gtest/gtest.h"

using namespace mlir::tfg;

namespace {
/// The scanner's error for `text`, or "" when it accepts it.
std::string scanError(llvm::StringRef text,
                      size_t maxDepth = kDefaultMaxJSONDepth) {
  bool isObject;
  llvm::SmallVector<JSONMember> members;
  if (llvm::Error error = scanJSON(text, isObject, members, maxDepth))
    return llvm::toString(std::move(error));
  return "";
}
} // namespace

TEST(JSONScanTest, GivesTopLevelMembersAsWritten) {
  llvm::StringRef text = R"( { "a" : [1, {"x": "}"}] ,"b\u0063":"s\"t",
    "a": null, "n": -0.5e+3, "e": {}, "f": [] } )";
  bool isObject = false;
  llvm::SmallVector<JSONMember> members;
  llvm::Error error = scanJSON(text, isObject, members);
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  EXPECT_TRUE(isObject);
  ASSERT_EQ(members.size(), 6u);
  EXPECT_EQ(members[0].key, "a");
  EXPECT_EQ(members[0].value, R"([1, {"x": "}"}])");
  EXPECT_EQ(members[1].key, "bc");
  EXPECT_EQ(members[1].value, R"("s\"t")");
  // A repeated key is given each time, in order.
  EXPECT_EQ(members[2].key, "a");
  EXPECT_EQ(members[2].value, "null");
  EXPECT_EQ(members[3].value, "-0.5e+3");
  EXPECT_EQ(members[4].value, "{}");
  EXPECT_EQ(members[5].value, "[]");
}

TEST(JSONScanTest, AcceptsValuesThatAreNotObjects) {
  for (llvm::StringRef text : {"[1, 2]", " \"s\" ", "true", "0", "null"}) {
    bool isObject = true;
    llvm::SmallVector<JSONMember> members;
    llvm::Error error = scanJSON(text, isObject, members);
    EXPECT_FALSE(static_cast<bool>(error))
        << text.str() << ": " << llvm::toString(std::move(error));
    EXPECT_FALSE(isObject) << text.str();
    EXPECT_TRUE(members.empty());
  }
}

TEST(JSONScanTest, ReportsWhatIsWrongWhere) {
  EXPECT_EQ(scanError(""), "[1:1, byte=0]: Unexpected EOF");
  EXPECT_EQ(scanError("{\"a\": [1,\n 2"), "[2:3, byte=12]: Unexpected EOF");
  EXPECT_EQ(scanError("{\"a\": 1} x"),
            "[1:10, byte=9]: Text after end of document");
  EXPECT_EQ(scanError("[1}"),
            "[1:3, byte=2]: Expected , or ] after array element");
  EXPECT_EQ(scanError("{\"a\": 1]"),
            "[1:8, byte=7]: Expected , or } after object property");
  EXPECT_EQ(scanError("{1: 2}"), "[1:2, byte=1]: Expected object key");
  EXPECT_EQ(scanError("{\"a\" 2}"),
            "[1:6, byte=5]: Expected : after object key");
  EXPECT_EQ(scanError("[tru]"), "[1:2, byte=1]: Invalid JSON value");
  EXPECT_EQ(scanError("[-]"), "[1:3, byte=2]: Invalid number");
  EXPECT_EQ(scanError("[1.]"), "[1:4, byte=3]: Invalid number");
  EXPECT_EQ(scanError("[1e]"), "[1:4, byte=3]: Invalid number");
  EXPECT_EQ(scanError("[01]"),
            "[1:3, byte=2]: Expected , or ] after array element");
  EXPECT_EQ(scanError("[\"a\tb\"]"),
            "[1:4, byte=3]: Control character in string");
  EXPECT_EQ(scanError("[\"\\x\"]"), "[1:5, byte=4]: Invalid escape sequence");
  EXPECT_EQ(scanError("[\"\\u12g4\"]"),
            "[1:7, byte=6]: Invalid \\u escape sequence");
  EXPECT_EQ(scanError("[\"abc"), "[1:6, byte=5]: Unterminated string");
  EXPECT_EQ(scanError("[\"\xff\"]"), "[1:3, byte=2]: Invalid UTF-8 sequence");
}

TEST(JSONScanTest, AgreesWithLLVMsParserOnValidity) {
  auto llvmAccepts = [](llvm::StringRef text) {
    llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
    if (parsed)
      return true;
    llvm::consumeError(parsed.takeError());
    return false;
  };
  for (llvm::StringRef text :
       {"{}", "[]", "{\"a\":[]}", "[1,]", "[,1]", "{\"a\":1,}", "[1 2]",
        "[\"\\ud800\"]", "[1.5E-3]", "[-0]", "[\"\\/\"]",
        "{\"a\":{\"b\":{\"c\":[[[]]]}}}", "[[]", "[]]", " ", "nul",
        "[true,false,null]", "{\"\":0}"})
    EXPECT_EQ(scanError(text).empty(), llvmAccepts(text)) << text.str();
  // Numbers outside JSON's grammar that LLVM's parser reads anyway (as
  // strtod does): the scanner keeps to the grammar.
  for (llvm::StringRef text : {"[+1]", "[.5]"}) {
    EXPECT_TRUE(llvmAccepts(text)) << text.str();
    EXPECT_EQ(scanError(text), "[1:2, byte=1]: Invalid JSON value");
  }
}

TEST(JSONScanTest, NestsWithoutRecursion) {
  // A million levels: a recursive scanner would overflow the stack.
  std::string deep = std::string(1000000, '[') + std::string(1000000, ']');
  EXPECT_EQ(scanError(deep, /*maxDepth=*/1000000), "");
  std::string open = "{\"k\":" + std::string(1000000, '[');
  EXPECT_NE(scanError(open).find("Nesting deeper"), std::string::npos);
}

TEST(JSONScanTest, BoundsNesting) {
  EXPECT_EQ(scanError("[[1]]", 2), "");
  EXPECT_EQ(scanError("[[1]]", 1),
            "[1:2, byte=1]: Nesting deeper than 1 levels");
  // The document's object is a level: its members' values start at two.
  EXPECT_EQ(scanError("{\"a\": [1], \"b\": 2}", 2), "");
  EXPECT_EQ(scanError("{\"a\": [1]}", 1),
            "[1:7, byte=6]: Nesting deeper than 1 levels");
  EXPECT_EQ(scanError("{\"a\": {}}", 1),
            "[1:7, byte=6]: Nesting deeper than 1 levels");
  EXPECT_EQ(scanError("{}", 0), "[1:1, byte=0]: Nesting deeper than 0 levels");
  EXPECT_EQ(scanError("1", 0), "");
  // By default, a thousand levels.
  EXPECT_EQ(scanError(std::string(1000, '[') + std::string(1000, ']')), "");
  EXPECT_EQ(scanError(std::string(1001, '[') + std::string(1001, ']')),
            "[1:1001, byte=1000]: Nesting deeper than 1000 levels");
}

TEST(JSONScanTest, ErrorPositionApart) {
  bool isObject;
  llvm::SmallVector<JSONMember> members;
  JSONScanError where;
  llvm::Error error = scanJSON("{\"a\":\n  [1,]}", isObject, members,
                               kDefaultMaxJSONDepth, &where);
  ASSERT_TRUE(static_cast<bool>(error));
  llvm::consumeError(std::move(error));
  EXPECT_EQ(where.line, 2u);
  EXPECT_EQ(where.column, 6u);
  EXPECT_EQ(where.message, "Invalid JSON value");
}

TEST(JSONScanTest, FindsNegativeZeroIntegers) {
  // Integer literals -0 only: not -0.0, -0e0, -01 (no JSON), -5, nor
  // anything in a string, escaped quotes included.
  llvm::StringRef text =
      R"({"a": [-0, -0.0, -0e1, -0E1, -5, -0], "s": "x\"-0", "-0": -0})";
  llvm::SmallVector<size_t> found = findNegativeZeroIntegers(text);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(text.substr(found[0], 4), "-0, ");
  EXPECT_EQ(text.substr(found[1], 3), "-0]");
  EXPECT_EQ(text.substr(found[2]), "-0}");
  EXPECT_TRUE(findNegativeZeroIntegers("[-1, 0, \"-0\"]").empty());
}
