//===- TextGraphPositionsTest.cpp - Where a text GraphDef names things ----===//

#include "tfg/Support/TextGraphPositions.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir::tfg;

namespace {

/// What findTextGraphPositions finds in `text`, as "name@line:column"
/// entries in name order, a function's node also as "function|node".
std::string positions(llvm::StringRef text) {
  llvm::StringMap<TextPosition> found = findTextGraphPositions(text);
  std::vector<std::string> entries;
  for (const auto &entry : found) {
    std::string key = entry.getKey().str();
    if (size_t nul = key.find('\0'); nul != std::string::npos) {
      EXPECT_EQ(key, functionNodeKey(key.substr(0, nul), key.substr(nul + 1)));
      key[nul] = '|';
    }
    entries.push_back(key + "@" + std::to_string(entry.getValue().line) + ":" +
                      std::to_string(entry.getValue().column));
  }
  llvm::sort(entries);
  std::string out;
  for (const std::string &entry : entries)
    out += (out.empty() ? "" : " ") + entry;
  return out;
}

TEST(TextGraphPositionsTest, NodesFunctionsAndTheirNodes) {
  // An argument's name (x) is not a node's.
  EXPECT_EQ(
      positions("node { name: \"a\" op: \"NoOp\" }\n"
                "  node <\n"
                "    op: 'NoOp' name: 'b'\n"
                "  >\n"
                "library {\n"
                "  function {\n"
                "    signature { name: \"f\" input_arg { name: \"x\" } }\n"
                "    node_def { name: \"c\" op: \"Identity\" input: \"x\" }\n"
                "  }\n"
                "}\n"
                "versions { producer: 1 }\n"),
      "a@1:1 b@2:3 c@8:5 f@6:3 f|c@8:5");
}

TEST(TextGraphPositionsTest, NodesOfTheSameNameInSeveralFunctions) {
  // `n` is in both functions (and the graph): only by function does it say
  // one place. A signature may come after the nodes; a function without a
  // name keys none of its nodes by function.
  EXPECT_EQ(positions("node { name: \"n\" }\n"
                      "library {\n"
                      "  function {\n"
                      "    signature { name: \"f\" }\n"
                      "    node_def { name: \"n\" }\n"
                      "  }\n"
                      "  function {\n"
                      "    node_def { name: \"n\" }\n"
                      "    node_def { name: \"m\" }\n"
                      "    signature { name: \"g\" }\n"
                      "  }\n"
                      "  function { node_def { name: \"k\" } }\n"
                      "}\n"),
            "f@3:3 f|n@5:5 g@7:3 g|m@9:5 g|n@8:5 k@12:14 m@9:5");
}

TEST(TextGraphPositionsTest, CommentsAndStringsDoNotCount) {
  EXPECT_EQ(positions("# node { name: \"a\" }\n"
                      "node { name: \"s\" attr { key: \"k\" value { s: \"} "
                      "node { name: \\\"a\\\" \" } } }\n"
                      "node {\n"
                      "  name: \"a\" # }\n"
                      "}\n"),
            "a@3:1 s@2:1");
}

TEST(TextGraphPositionsTest, NamesWrittenTwiceAreLeftOut) {
  EXPECT_EQ(
      positions("node { name: \"x\" } node { name: \"x\" } node { name: "
                "\"y\" }\nlibrary { function { node_def { name: \"x\" } } }\n"),
      "y@1:39");
}

TEST(TextGraphPositionsTest, BrokenTextGivesWhatCameBefore) {
  EXPECT_EQ(positions("node { name: \"a\" } } node { name: \"b\" }"), "a@1:1");
  EXPECT_EQ(positions("node { name: \"unterminated"), "");
  EXPECT_EQ(positions(""), "");
}

} // namespace
