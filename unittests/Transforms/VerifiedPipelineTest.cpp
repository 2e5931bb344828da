//===- VerifiedPipelineTest.cpp - verifyFirst -----------------------------===//
//
// tfg::verifyFirst puts tfg-verify in front of any pipeline, so that no pass
// runs on a module the verifier rejects (tfg/Transforms/VerifiedPipeline.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Transforms/VerifiedPipeline.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

/// Returns one value where it declares two.
constexpr llvm::StringLiteral kInvalid = R"mlir(
tfg.func @bad_return(%x: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  return(%x) : tensor<i32>
}
)mlir";

constexpr llvm::StringLiteral kValid = R"mlir(
tfg.func @f(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32>) {
  return(%x) : tensor<i32>
}
)mlir";

/// Counts the passes other than tfg-verify that start running (the pass
/// managers' adaptors, which have no argument, aside).
struct CountPasses : PassInstrumentation {
  explicit CountPasses(int &count) : count(count) {}
  void runBeforePass(Pass *pass, Operation *) override {
    if (!pass->getArgument().empty() && pass->getArgument() != "tfg-verify")
      ++count;
  }
  int &count;
};

/// A pass that was never registered: it has no textual form to rebuild.
struct UnregisteredPass
    : PassWrapper<UnregisteredPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UnregisteredPass)
  StringRef getArgument() const override { return "test-unregistered"; }
  void runOnOperation() override {}
};

class VerifiedPipelineTest : public ::testing::Test {
protected:
  VerifiedPipelineTest() {
    static bool registered = [] {
      tfg::registerTFGPasses();
      return true;
    }();
    (void)registered;
    context.loadDialect<tf_type::TFTypeDialect, tfg::TFGraphDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(
        text, ParserConfig(&context, /*verifyAfterParse=*/false));
  }

  /// Assigns `pipeline`, parsed, to `pm`, as --pass-pipeline does.
  static void replace(OpPassManager &pm, StringRef pipeline) {
    std::string errors;
    llvm::raw_string_ostream os(errors);
    FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, os);
    EXPECT_TRUE(succeeded(parsed)) << errors;
    if (succeeded(parsed))
      pm = std::move(*parsed);
  }

  static std::string print(OpPassManager &pm) {
    std::string text;
    llvm::raw_string_ostream os(text);
    pm.printAsTextualPipeline(os);
    return text;
  }

  MLIRContext context;
};

TEST_F(VerifiedPipelineTest, ReplacedPipelineRunsBehindTheVerifier) {
  PassManager pm(&context, ModuleOp::getOperationName());
  replace(pm, "builtin.module(tfg-toposort,tfg.func(tfg-cse))");
  ASSERT_TRUE(succeeded(tfg::verifyFirst(pm)));
  std::string text = print(pm);
  EXPECT_EQ(StringRef(text).substr(0, 39),
            "builtin.module(tfg-verify,tfg-toposort,");
  EXPECT_NE(text.find("tfg.func(tfg-cse"), std::string::npos) << text;
  EXPECT_EQ(pm.size(), 3u);

  // The invalid module fails in tfg-verify, with the verifier's message;
  // no other pass starts.
  int ran = 0;
  pm.addInstrumentation(std::make_unique<CountPasses>(ran));
  OwningOpRef<ModuleOp> module = parse(kInvalid);
  ASSERT_TRUE(module);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(pm.run(*module)));
  EXPECT_NE(message.find("returns 1 values but the function has 2 results"),
            std::string::npos)
      << message;
  EXPECT_EQ(ran, 0);

  // A valid module runs through every pass: tfg-toposort on the module,
  // tfg-cse on its function.
  OwningOpRef<ModuleOp> valid = parse(kValid);
  ASSERT_TRUE(valid);
  EXPECT_TRUE(succeeded(pm.run(*valid)));
  EXPECT_EQ(ran, 2);
}

TEST_F(VerifiedPipelineTest, AnyAnchorAndEmptyPipeline) {
  PassManager any(&context, ModuleOp::getOperationName());
  replace(any, "any(tfg-toposort)");
  ASSERT_TRUE(succeeded(tfg::verifyFirst(any)));
  EXPECT_EQ(print(any), "any(tfg-verify,tfg-toposort)");

  PassManager empty(&context, ModuleOp::getOperationName());
  ASSERT_TRUE(succeeded(tfg::verifyFirst(empty)));
  EXPECT_EQ(print(empty), "builtin.module(tfg-verify)");
  OwningOpRef<ModuleOp> module = parse(kInvalid);
  ASSERT_TRUE(module);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  EXPECT_TRUE(failed(empty.run(*module)));
}

TEST_F(VerifiedPipelineTest, ParsedPipelineRunsBehindTheVerifier) {
  PassManager pm(&context, ModuleOp::getOperationName());
  ASSERT_TRUE(succeeded(tfg::parseVerifiedPipeline(
      " builtin.module( tfg-toposort , tfg.func(tfg-cse)) ", pm)));
  std::string text = print(pm);
  EXPECT_EQ(StringRef(text).substr(0, 39),
            "builtin.module(tfg-verify,tfg-toposort,");
  EXPECT_EQ(pm.size(), 3u);
  OwningOpRef<ModuleOp> module = parse(kInvalid);
  ASSERT_TRUE(module);
  int ran = 0;
  pm.addInstrumentation(std::make_unique<CountPasses>(ran));
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  EXPECT_TRUE(failed(pm.run(*module)));
  EXPECT_EQ(ran, 0);

  PassManager any(&context, ModuleOp::getOperationName());
  ASSERT_TRUE(succeeded(tfg::parseVerifiedPipeline("any()", any)));
  EXPECT_EQ(print(any), "any(tfg-verify)");
}

TEST_F(VerifiedPipelineTest, UnparsablePipelinesAreRefused) {
  for (StringRef pipeline :
       {"tfg-toposort", "builtin.module(tfg-toposort", "(tfg-toposort)",
        "builtin.module(no-such-pass)"}) {
    PassManager pm(&context, ModuleOp::getOperationName());
    pm.addPass(tfg::createTopoSortPass());
    std::string errors;
    llvm::raw_string_ostream os(errors);
    EXPECT_TRUE(failed(tfg::parseVerifiedPipeline(pipeline, pm, os)))
        << pipeline.str();
    EXPECT_FALSE(errors.empty()) << pipeline.str();
    // The pass manager is left as it was.
    EXPECT_EQ(print(pm), "builtin.module(tfg-toposort)");
  }
}

TEST_F(VerifiedPipelineTest, VerifierAlreadyFirstIsLeftAlone) {
  PassManager pm(&context, ModuleOp::getOperationName());
  pm.addPass(tfg::createVerifyPass());
  pm.addPass(tfg::createTopoSortPass());
  Pass *first = &*pm.begin();
  ASSERT_TRUE(succeeded(tfg::verifyFirst(pm)));
  EXPECT_EQ(&*pm.begin(), first);
  EXPECT_EQ(pm.size(), 2u);
}

TEST_F(VerifiedPipelineTest, PassWithoutTextualFormIsRefused) {
  PassManager pm(&context, ModuleOp::getOperationName());
  pm.addPass(std::make_unique<UnregisteredPass>());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  EXPECT_TRUE(failed(tfg::verifyFirst(pm, os)));
  EXPECT_NE(errors.find("cannot put tfg-verify first"), std::string::npos)
      << errors;
  // The pass manager is left as it was.
  EXPECT_EQ(pm.size(), 1u);
}

} // namespace
