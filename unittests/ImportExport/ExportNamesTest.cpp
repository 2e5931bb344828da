//===- ExportNamesTest.cpp - Names export refuses -------------------------===//
//
// Export refuses node names that TensorFlow would not read back as written:
// duplicates in a graph or function, a node with the name of a function
// argument, and two input (or output) arguments of one name. The verifier
// rejects each of these in the IR, so tfg-translate, which verifies what it
// parses, never hands them to export: the library API can.
//
//===----------------------------------------------------------------------===//

#include "ImportTestFixture.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class ExportNamesTest : public ImportTestFixture {
protected:
  /// Parses `text` without verifying it, exports it, and returns the first
  /// diagnostic (empty when export succeeded).
  std::string exportError(StringRef text) {
    ParserConfig config(&ctx, /*verifyAfterParse=*/false);
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
    EXPECT_TRUE(module);
    if (!module)
      return "parse failed";
    tensorflow::GraphDef graph;
    errors.clear();
    LogicalResult result = exportGraphDef(*module, graph);
    EXPECT_EQ(succeeded(result), errors.empty());
    return errors.empty() ? "" : errors.front();
  }
};
} // namespace

TEST_F(ExportNamesTest, DuplicateNodeInGraph) {
  EXPECT_EQ(exportError(R"mlir(
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %ctl = NoOp name("a")
      %ctl_0 = NoOp name("a")
    })mlir"),
            "cannot export node 'a': another node of this graph has that "
            "name");
}

TEST_F(ExportNamesTest, DuplicateNodeInFunction) {
  EXPECT_EQ(exportError(R"mlir(
    tfg.func @f() -> () {
      %ctl = NoOp name("a")
      %ctl_0 = NoOp name("a")
      return
    }
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {})mlir"),
            "cannot export node 'a': another node of this function has that "
            "name");
}

TEST_F(ExportNamesTest, NodeWithTheNameOfAnArgument) {
  EXPECT_EQ(exportError(R"mlir(
    tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> () {
      %ctl = NoOp name("x")
      return
    }
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {})mlir"),
            "cannot export node 'x': function @f has an argument of that "
            "name");
}

TEST_F(ExportNamesTest, ArgumentsOfOneName) {
  EXPECT_EQ(exportError(R"mlir(
    tfg.func @f(%a: tensor<f32> {tfg.name = "x"},
                %b: tensor<f32> {tfg.name = "x"}) -> () {
      return
    }
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {})mlir"),
            "cannot export function @f: two input arguments are named 'x'");
  EXPECT_EQ(exportError(R"mlir(
    tfg.func @f(%a: tensor<f32> {tfg.name = "x"})
        -> (tensor<f32> {tfg.name = "y"}, tensor<f32> {tfg.name = "y"}) {
      return(%a, %a) : tensor<f32>, tensor<f32>
    }
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {})mlir"),
            "cannot export function @f: two output arguments are named 'y'");
}

TEST_F(ExportNamesTest, ValidNamesExport) {
  // The same names in two scopes, an input and an output of one name.
  EXPECT_EQ(exportError(R"mlir(
    tfg.func @f(%a: tensor<f32> {tfg.name = "x"})
        -> (tensor<f32> {tfg.name = "x"}) {
      %ctl = NoOp name("a")
      return(%a) : tensor<f32>
    }
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %ctl = NoOp name("a")
      %ctl_0 = NoOp name("x")
    })mlir"),
            "");
}
