//===- VerifierTest.cpp - Tests of the node-by-node module verifier -------===//
//
// verifyGraphModule must accept and reject exactly what mlir::verify does,
// with the same first diagnostic, on modules whose graph or function is
// large enough to be verified node by node.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/Verifier.h"
#include "tfg/IR/TFGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Nodes in the large bodies: over the size verified node by node.
constexpr int kNodes = 5000;

class VerifierTest : public ::testing::Test {
protected:
  VerifierTest() { context.loadDialect<TFGraphDialect>(); }

  /// A module of a graph of kNodes nodes (a chain of Identity nodes) and a
  /// small function; `graphExtra` and `funcExtra` are appended to the
  /// bodies. Parsed without verification.
  OwningOpRef<ModuleOp> parse(StringRef graphExtra = "",
                              StringRef funcExtra = "") {
    std::string text = "tfg.func @f(%a: tensor<i32> {tfg.name = \"a\"}) -> "
                       "(tensor<i32>) {\n";
    text += funcExtra;
    text += "  return(%a) : tensor<i32>\n}\n";
    text += "tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n"
            "  %v0, %c0 = Placeholder name(\"n0\") {dtype = i32} : () -> "
            "(tensor<i32>)\n";
    for (int i = 1; i < kNodes; ++i)
      text += "  %v" + std::to_string(i) + ", %c" + std::to_string(i) +
              " = Identity(%v" + std::to_string(i - 1) + ") [%c" +
              std::to_string(i - 1) + "] name(\"n" + std::to_string(i) +
              "\") {T = i32} : (tensor<i32>) -> (tensor<i32>)\n";
    text += graphExtra;
    text += "}\n";
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    return parseSourceString<ModuleOp>(text, config);
  }

  /// The result and first diagnostic of `verify`.
  std::pair<bool, std::string> run(function_ref<LogicalResult()> verifyFn) {
    std::string first;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (first.empty())
        first = diag.str();
      return success();
    });
    bool ok = succeeded(verifyFn());
    return {ok, first};
  }

  /// Expects verifyGraphModule and mlir::verify to agree on `op`.
  void expectSameAsMLIR(Operation *op, bool expectValid) {
    auto ours = run([&] { return verifyGraphModule(op); });
    auto mlir = run([&] { return verify(op); });
    EXPECT_EQ(ours.first, expectValid) << ours.second;
    EXPECT_EQ(mlir.first, expectValid) << mlir.second;
    EXPECT_EQ(ours.second, mlir.second);
    EXPECT_EQ(ours.second.empty(), expectValid) << ours.second;
  }

  /// Expects both verifiers to reject the module with `graphExtra` and
  /// `funcExtra` (see parse) with the same first diagnostic.
  void expectRejected(StringRef graphExtra, StringRef funcExtra = "") {
    auto module = parse(graphExtra, funcExtra);
    ASSERT_TRUE(module);
    expectSameAsMLIR(*module, /*expectValid=*/false);
  }

  /// Expects both verifiers to reject `module` while `operand` uses `bad`
  /// instead of its value, and to accept it again once the value is back.
  void expectRejectedWhileUsing(ModuleOp module, OpOperand &operand,
                                Value bad) {
    Value before = operand.get();
    operand.set(bad);
    expectSameAsMLIR(module, /*expectValid=*/false);
    // Undo, so that the module can be destroyed with consistent use lists.
    operand.set(before);
    expectSameAsMLIR(module, /*expectValid=*/true);
  }

  /// The graph extra of the tests that move values across regions: an
  /// IfRegion whose then branch yields a Neg named "neg" of %v0.
  static constexpr const char *kIfRegion =
      "  %p, %cp = Placeholder name(\"p\") {dtype = i1} : () -> (tensor<i1>)\n"
      "  %r, %cr = IfRegion %p then {\n"
      "    %n, %cn = Neg(%v0) name(\"neg\") {T = i32} : (tensor<i32>) -> "
      "(tensor<i32>)\n"
      "    yield(%n) : tensor<i32>\n"
      "  } else {\n"
      "    yield(%v0) : tensor<i32>\n"
      "  } name(\"if\") : (tensor<i1>) -> (tensor<i32>)\n";
  /// The then branch of the IfRegion of kIfRegion.
  static Block &getThenBlock(ModuleOp module) {
    auto graph = *module.getOps<GraphOp>().begin();
    return (*graph.getBody().getOps<IfRegionOp>().begin())
        .getThenRegion()
        .front();
  }

  MLIRContext context;
};
} // namespace

TEST_F(VerifierTest, AcceptsValidModule) {
  auto module = parse();
  ASSERT_TRUE(module);
  expectSameAsMLIR(*module, /*expectValid=*/true);
  // The graph alone too.
  expectSameAsMLIR(*module->getOps<GraphOp>().begin(), true);
}

TEST_F(VerifierTest, RejectsBadNodeOfLargeGraph) {
  // A control operand before a data operand (generic syntax can say so).
  expectRejected("  %bad:2 = \"tfg.AddV2\"(%c1, %v2) {_mlir_name = "
                 "\"bad\", T = i32} : (!tf_type.control, tensor<i32>) "
                 "-> (tensor<i32>, !tf_type.control)\n");
}

TEST_F(VerifierTest, RejectsNodeWithoutName) {
  expectRejected("  %x, %cx = NoOp name(\"\") : () -> (tensor<i32>)\n");
}

TEST_F(VerifierTest, RejectsBadNodeNestedInRegionOfLargeGraph) {
  // tfg's node checks reach into the regions of region control flow.
  expectRejected(
      "  %p, %cp = Placeholder name(\"p\") {dtype = i1} : () -> "
      "(tensor<i1>)\n"
      "  %r, %cr = IfRegion %p then {\n"
      "    yield(%v0) : tensor<i32>\n"
      "  } else {\n"
      "    %n, %cn = Neg(%v0) name(\"\") {T = i32} : (tensor<i32>) -> "
      "(tensor<i32>)\n"
      "    yield(%n) : tensor<i32>\n"
      "  } name(\"if\") : (tensor<i1>) -> (tensor<i32>)\n");
}

TEST_F(VerifierTest, RejectsBadRegisteredOpInLargeGraph) {
  // A registered op's own verifier (a return outside a function).
  expectRejected("  return(%v1) : tensor<i32>\n");
}

TEST_F(VerifierTest, RejectsBadNodeOfSmallFunction) {
  expectRejected("", "  %x, %cx = NoOp name(\"\") : () -> (tensor<i32>)\n");
}

TEST_F(VerifierTest, RejectsValueFromAnotherRegion) {
  // A graph node using a function's argument: the graph is isolated from
  // above, which only the graph's own verification sees.
  auto module = parse();
  ASSERT_TRUE(module);
  auto func = *module->getOps<GraphFuncOp>().begin();
  auto graph = *module->getOps<GraphOp>().begin();
  expectRejectedWhileUsing(*module, graph.getBody().back().getOpOperand(0),
                           func.getBody().front().getArgument(0));
}

TEST_F(VerifierTest, RejectsNodeUsingValueInsideAnotherNode) {
  // A graph node using a value defined in a region of another node: out of
  // sight (dominance), which the graph's own verification reports.
  auto module = parse(kIfRegion);
  ASSERT_TRUE(module);
  auto graph = *module->getOps<GraphOp>().begin();
  Operation &neg = getThenBlock(*module).front();
  Operation &user = *std::next(graph.getBody().begin(), 10);
  expectRejectedWhileUsing(*module, user.getOpOperand(0), neg.getResult(0));
}

TEST_F(VerifierTest, RejectsNestedOpUsingValueFromOutsideTheGraph) {
  // An op inside a node's region using a function's argument: the graph is
  // isolated from above for nested ops too.
  auto module = parse(kIfRegion);
  ASSERT_TRUE(module);
  auto func = *module->getOps<GraphFuncOp>().begin();
  expectRejectedWhileUsing(*module,
                           getThenBlock(*module).back().getOpOperand(0),
                           func.getBody().front().getArgument(0));
}

TEST_F(VerifierTest, ChecksTheGraphItselfAndKeepsItsBody) {
  // The graph's own checks run with its body set aside; the body is back
  // after verification, accepted or not.
  auto module = parse();
  ASSERT_TRUE(module);
  auto graph = *module->getOps<GraphOp>().begin();
  Attribute version = graph->getAttr("version");
  ASSERT_TRUE(version);
  graph->removeAttr("version");
  expectSameAsMLIR(*module, /*expectValid=*/false);
  expectSameAsMLIR(graph, /*expectValid=*/false);
  EXPECT_EQ(graph.getBody().getOperations().size(), size_t(kNodes));
  EXPECT_EQ(&graph.getBody(), &graph->getRegion(0).front());
  graph->setAttr("version", version);
  expectSameAsMLIR(*module, /*expectValid=*/true);
  EXPECT_EQ(graph.getBody().getOperations().size(), size_t(kNodes));
  EXPECT_EQ(graph.getBody().front().getBlock(), &graph.getBody());
}

TEST_F(VerifierTest, RejectsNestedOpUsingValueOfDetachedOp) {
  // A value of an operation in no block has no region: MLIR reports the
  // operand as unlinked, and so must the node-by-node verifier.
  auto module = parse(kIfRegion);
  ASSERT_TRUE(module);
  auto graph = *module->getOps<GraphOp>().begin();
  Operation *detached = graph.getBody().front().clone();
  expectRejectedWhileUsing(*module,
                           getThenBlock(*module).back().getOpOperand(0),
                           detached->getResult(0));
  detached->destroy();
}
