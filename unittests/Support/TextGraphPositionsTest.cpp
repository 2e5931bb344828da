//===- TextGraphPositionsTest.cpp - Where a text GraphDef names things ----===//

#include "tfg/Support/TextGraphPositions.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir::tfg;

namespace {

/// "line:column" of `name`, or "none".
std::string at(const llvm::StringMap<TextPosition> &found,
               llvm::StringRef name) {
  auto it = found.find(name);
  if (it == found.end())
    return "none";
  return std::to_string(it->second.line) + ":" +
         std::to_string(it->second.column);
}

TEST(TextGraphPositionsTest, NodesFunctionsAndTheirNodes) {
  llvm::StringMap<TextPosition> found = findTextGraphPositions(
      "node { name: \"a\" op: \"NoOp\" }\n"
      "  node <\n"
      "    op: 'NoOp' name: 'b'\n"
      "  >\n"
      "library {\n"
      "  function {\n"
      "    signature { name: \"f\" input_arg { name: \"x\" type: DT_FLOAT } }\n"
      "    node_def { name: \"c\" op: \"Identity\" input: \"x\" }\n"
      "  }\n"
      "}\n"
      "versions { producer: 1 }\n");
  EXPECT_EQ(at(found, "a"), "1:1");
  EXPECT_EQ(at(found, "b"), "2:3");
  EXPECT_EQ(at(found, "f"), "6:3");
  EXPECT_EQ(at(found, "c"), "8:5");
  // An argument's name is not a node's.
  EXPECT_EQ(at(found, "x"), "none");
  EXPECT_EQ(found.size(), 4u);
}

TEST(TextGraphPositionsTest, CommentsAndStringsDoNotCount) {
  llvm::StringMap<TextPosition> found = findTextGraphPositions(
      "# node { name: \"a\" }\n"
      "node { name: \"s\" attr { key: \"k\" value { s: \"} node { name: "
      "\\\"a\\\" \" } } }\n"
      "node {\n"
      "  name: \"a\" # }\n"
      "}\n");
  EXPECT_EQ(at(found, "s"), "2:1");
  EXPECT_EQ(at(found, "a"), "3:1");
  EXPECT_EQ(found.size(), 2u);
}

TEST(TextGraphPositionsTest, NamesWrittenTwiceAreLeftOut) {
  llvm::StringMap<TextPosition> found = findTextGraphPositions(
      "node { name: \"x\" } node { name: \"x\" } node { name: \"y\" }\n"
      "library { function { node_def { name: \"x\" } } }\n");
  EXPECT_EQ(at(found, "x"), "none");
  EXPECT_EQ(at(found, "y"), "1:39");
}

TEST(TextGraphPositionsTest, BrokenTextGivesWhatCameBefore) {
  llvm::StringMap<TextPosition> found =
      findTextGraphPositions("node { name: \"a\" } } node { name: \"b\" }");
  EXPECT_EQ(at(found, "a"), "1:1");
  EXPECT_EQ(at(found, "b"), "none");
  EXPECT_TRUE(findTextGraphPositions("node { name: \"unterminated").empty());
  EXPECT_TRUE(findTextGraphPositions("").empty());
}

} // namespace
