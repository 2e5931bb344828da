//===- InterpreterTest.cpp - Tests of the graph interpreter's API ---------===//
//
// What the tools cannot show: the interpreter's API (runGraph with feeds
// of any output, runFunction), state kept between runs (variables), the
// options (iteration and call-depth bounds), the errors of unfed
// Placeholders and feeds that do not fit, and the helpers (tensor names,
// builtin ops).
//
//===----------------------------------------------------------------------===//

#include "tfg/Interpreter/Interpreter.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;

namespace {
class InterpreterTest : public ::testing::Test {
protected:
  InterpreterTest() {
    context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return module;
  }

  HostTensor scalar(int32_t value) {
    auto t = HostTensor::create(IntegerType::get(&context, 32), {});
    EXPECT_TRUE(static_cast<bool>(t));
    t->setInt(0, value);
    return std::move(*t);
  }

  static std::string message(llvm::Error err) {
    return llvm::toString(std::move(err));
  }

  MLIRContext context;
};

constexpr const char *kGraph = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %One, %c1 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %c2 = AddV2(%X, %One) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Mul, %c3 = Mul(%Add, %Add) name("mul") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %V, %c4 = VarHandleOp name("var") {container = "", shared_name = "", dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<!tf_type.resource>)
  %c5 = AssignAddVariableOp(%V, %One) name("bump") {dtype = i32} : tensor<!tf_type.resource>, tensor<i32>
  %R, %c6 = ReadVariableOp(%V) [%c5] name("read") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
  %c7 = AssignVariableOp(%V, %X) name("init") {dtype = i32} : tensor<!tf_type.resource>, tensor<i32>
  %R0, %c8 = ReadVariableOp(%V) [%c7] name("read_init") {dtype = i32} : (tensor<!tf_type.resource>) -> (tensor<i32>)
}
tfg.func @double(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %Add, %ctl = AddV2(%v, %v) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @forever(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %R, %ctl = forever(%v) name("again") : (tensor<i32>) -> (tensor<i32>)
  return(%R) : tensor<i32>
}
)mlir";

TEST_F(InterpreterTest, RunsGraph) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  auto out = interp.runGraph({{"x", scalar(2)}}, {"mul", "add:0"});
  ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
  ASSERT_EQ(out->size(), 2u);
  EXPECT_EQ((*out)[0].getInt(0), 9);
  EXPECT_EQ((*out)[1].getInt(0), 3);
}

TEST_F(InterpreterTest, FeedReplacesAnyOutput) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  // Feeding add: the Placeholder it needed is not run (nor needed).
  auto out = interp.runGraph({{"add:0", scalar(5)}}, {"mul"});
  ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
  EXPECT_EQ((*out)[0].getInt(0), 25);
}

TEST_F(InterpreterTest, UnfedPlaceholderNamesTheNode) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  auto out = interp.runGraph({}, {"mul"});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_EQ(message(out.takeError()),
            "node 'x' (Placeholder): is not fed (give it a value: "
            "--input=x=...)");
}

TEST_F(InterpreterTest, FeedOfAnotherDtypeFails) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  auto f = HostTensor::create(Float32Type::get(&context), {});
  ASSERT_TRUE(static_cast<bool>(f));
  auto out = interp.runGraph({{"x", std::move(*f)}}, {"mul"});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_NE(message(out.takeError()).find("another dtype"), std::string::npos);
}

TEST_F(InterpreterTest, VariablesKeepTheirValuesBetweenRuns) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  auto init = interp.runGraph({{"x", scalar(10)}}, {"read_init"});
  ASSERT_TRUE(static_cast<bool>(init)) << message(init.takeError());
  EXPECT_EQ((*init)[0].getInt(0), 10);
  for (int expected : {11, 12}) {
    auto out = interp.runGraph({}, {"read"});
    ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
    EXPECT_EQ((*out)[0].getInt(0), expected);
  }
}

TEST_F(InterpreterTest, RunsFunction) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  auto func = module->lookupSymbol<GraphFuncOp>("double");
  ASSERT_TRUE(func);
  auto out = interp.runFunction(func, {scalar(21)});
  ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
  EXPECT_EQ((*out)[0].getInt(0), 42);
  auto bad = interp.runFunction(func, {});
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(message(bad.takeError()).find("with 0 arguments; it takes 1"),
            std::string::npos);
}

TEST_F(InterpreterTest, CallDepthIsBounded) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  InterpreterOptions options;
  options.maxCallDepth = 5;
  Interpreter interp(*module, options);
  auto func = module->lookupSymbol<GraphFuncOp>("forever");
  auto out = interp.runFunction(func, {scalar(1)});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_NE(message(out.takeError())
                .find("calls nested deeper than 5 (the call depth limit)"),
            std::string::npos);
}

TEST_F(InterpreterTest, UnknownTensorNames) {
  OwningOpRef<ModuleOp> module = parse(kGraph);
  Interpreter interp(*module);
  auto out = interp.runGraph({{"x", scalar(1)}}, {"mul:7"});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_EQ(message(out.takeError()),
            "tensor 'mul:7': node 'mul' has 1 outputs");
}

TEST(InterpreterHelpers, ParsesTensorNames) {
  auto a = parseTensorName("scope/node:2");
  ASSERT_TRUE(static_cast<bool>(a));
  EXPECT_EQ(a->first, "scope/node");
  EXPECT_EQ(a->second, 2u);
  auto b = parseTensorName("node");
  ASSERT_TRUE(static_cast<bool>(b));
  EXPECT_EQ(b->second, 0u);
  auto c = parseTensorName("node:x");
  EXPECT_FALSE(static_cast<bool>(c));
  llvm::consumeError(c.takeError());
  auto d = parseTensorName(":1");
  EXPECT_FALSE(static_cast<bool>(d));
  llvm::consumeError(d.takeError());
}

TEST(InterpreterHelpers, BuiltinOpsAreSorted) {
  std::vector<std::string> ops = getInterpreterBuiltinOps();
  EXPECT_TRUE(std::is_sorted(ops.begin(), ops.end()));
  for (const char *op : {"Switch", "Merge", "Enter", "TensorArrayV3",
                         "TensorListStack", "WhileRegion", "StatelessIf"})
    EXPECT_NE(std::find(ops.begin(), ops.end(), op), ops.end()) << op;
}
} // namespace
