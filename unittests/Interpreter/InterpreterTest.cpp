//===- InterpreterTest.cpp - Tests of the graph interpreter's API ---------===//
//
// What the tools cannot show: the interpreter's API (runGraph with feeds
// of any output, runFunction), state kept between runs (variables, lookup
// tables), the options (iteration and call-depth bounds, the graph seed of
// unseeded random ops, the asset directory of vocabulary files, table
// sizes), the errors of unfed Placeholders and feeds that do not fit, and
// the helpers (tensor names, builtin ops, random op seeds).
//
//===----------------------------------------------------------------------===//

#include "tfg/Interpreter/Interpreter.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
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

constexpr const char *kTableGraph = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %K, %c0 = Placeholder name("k") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %M, %c1 = MutableHashTableV2 name("m") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i32, value_dtype = i32} : () -> (tensor<!tf_type.resource>)
  %c2 = LookupTableInsertV2(%M, %K, %K) name("insert") {Tin = i32, Tout = i32} : tensor<!tf_type.resource>, tensor<i32>, tensor<i32>
  %S, %c3 = LookupTableSizeV2(%M) [%c2] name("size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %Keys, %c4 = Const name("keys") {dtype = i32, value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %More, %c5 = Const name("more") {dtype = i32, value = dense<[4, 5, 6]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %c6 = LookupTableInsertV2(%M, %Keys, %Keys) name("insert3") {Tin = i32, Tout = i32} : tensor<!tf_type.resource>, tensor<3xi32>, tensor<3xi32>
  %c7 = LookupTableInsertV2(%M, %More, %More) [%c6] name("insert6") {Tin = i32, Tout = i32} : tensor<!tf_type.resource>, tensor<3xi32>, tensor<3xi32>
  %S6, %c8 = LookupTableSizeV2(%M) [%c7] name("size6") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %File, %c9 = Const name("file") {dtype = !tf_type.string, value = dense<"vocab.txt"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %H, %c10 = HashTableV2 name("h") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i32, value_dtype = !tf_type.string} : () -> (tensor<!tf_type.resource>)
  %c11 = InitializeTableFromTextFileV2(%H, %File) name("init") {key_index = -1 : i64, value_index = -2 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %HS, %c12 = LookupTableSizeV2(%H) [%c11] name("vocab_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
}
)mlir";

TEST_F(InterpreterTest, TablesKeepTheirEntriesBetweenRuns) {
  OwningOpRef<ModuleOp> module = parse(kTableGraph);
  Interpreter interp(*module);
  // The table has no shared name: it is its node's, kept by the
  // interpreter like a variable.
  for (auto [key, size] : {std::pair(1, 1), std::pair(2, 2), std::pair(1, 2)}) {
    auto out = interp.runGraph({{"k", scalar(key)}}, {"size"});
    ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
    EXPECT_EQ((*out)[0].getInt(0), size);
  }
}

TEST_F(InterpreterTest, TableSizesAreBounded) {
  OwningOpRef<ModuleOp> module = parse(kTableGraph);
  InterpreterOptions options;
  options.maxElements = 4;
  Interpreter interp(*module, options);
  auto out = interp.runGraph({}, {"size6"});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_EQ(message(out.takeError()),
            "node 'insert6' (LookupTableInsertV2): the table would have more "
            "than 4 entries");
}

// Two graphs that make a table of one name: the first fills it (a TF.js
// model initializer), the second looks it up. Neither has a shared name.
constexpr const char *kFillGraph = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %H, %c0 = HashTableV2 name("t") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i32, value_dtype = i32} : () -> (tensor<!tf_type.resource>)
  %Keys, %c1 = Const name("keys") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Values, %c2 = Const name("values") {dtype = i32, value = dense<[10, 20]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %c3 = LookupTableImportV2(%H, %Keys, %Values) name("import") {Tin = i32, Tout = i32} : tensor<!tf_type.resource>, tensor<2xi32>, tensor<2xi32>
}
)mlir";
constexpr const char *kFindGraph = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %H, %c0 = HashTableV2 name("t") {container = "other", shared_name = "other", use_node_name_sharing = false, key_dtype = i32, value_dtype = i32} : () -> (tensor<!tf_type.resource>)
  %Key, %c1 = Const name("key") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %Default, %c2 = Const name("default") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %F, %c3 = LookupTableFindV2(%H, %Key, %Default) name("find") {Tin = i32, Tout = i32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
}
)mlir";

TEST_F(InterpreterTest, InterpretersShareTablesByNodeName) {
  OwningOpRef<ModuleOp> fill = parse(kFillGraph);
  OwningOpRef<ModuleOp> find = parse(kFindGraph);
  InterpreterOptions options;
  options.tablesByNodeName = true;
  Interpreter model(*find, options);
  Interpreter initializer(*fill, options, model);
  // A target runs for its effect: nothing is fetched.
  auto done = initializer.runGraph({}, {}, {"import"});
  ASSERT_TRUE(static_cast<bool>(done)) << message(done.takeError());
  EXPECT_TRUE(done->empty());
  // The model's node "t" finds the table the initializer's filled, its
  // container and shared_name aside (as TensorFlow.js keeps tables).
  auto out = model.runGraph({}, {"find"});
  ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
  EXPECT_EQ((*out)[0].getInt(0), 20);
  auto missing = initializer.runGraph({}, {}, {"nope"});
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_EQ(message(missing.takeError()),
            "target 'nope': the graph has no node 'nope'");
}

TEST_F(InterpreterTest, TablesByNameAreTheirContainersByDefault) {
  OwningOpRef<ModuleOp> fill = parse(kFillGraph);
  OwningOpRef<ModuleOp> find = parse(kFindGraph);
  // Without tablesByNodeName, "other"/"other" is another table: empty.
  Interpreter model(*find);
  Interpreter initializer(*fill, InterpreterOptions(), model);
  auto done = initializer.runGraph({}, {}, {"import"});
  ASSERT_TRUE(static_cast<bool>(done)) << message(done.takeError());
  auto out = model.runGraph({}, {"find"});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_NE(message(out.takeError()).find("not initialized"),
            std::string::npos);
}

/// A temporary directory, removed at the end.
struct TempDir {
  TempDir() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("tfg-tables", path));
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  void write(StringRef name, llvm::function_ref<void(raw_ostream &)> fill) {
    llvm::SmallString<256> file(path);
    llvm::sys::path::append(file, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    EXPECT_FALSE(ec);
    fill(os);
  }
  llvm::SmallString<256> path;
};

TEST_F(InterpreterTest, VocabularyFilesNeedAnAssetDirectory) {
  OwningOpRef<ModuleOp> module = parse(kTableGraph);
  TempDir dir;
  dir.write("vocab.txt", [](raw_ostream &os) { os << "a\nb\r\nc"; });
  {
    Interpreter interp(*module);
    auto out = interp.runGraph({}, {"vocab_size"});
    ASSERT_FALSE(static_cast<bool>(out));
    EXPECT_EQ(message(out.takeError()),
              "node 'init' (InitializeTableFromTextFileV2): reading file "
              "'vocab.txt' is not allowed: the interpreter has no asset "
              "directory");
  }
  InterpreterOptions options;
  options.assetDirectory = std::string(dir.path);
  Interpreter interp(*module, options);
  // Three lines: a '\r' before '\n' is dropped, the last needs no '\n'.
  auto out = interp.runGraph({}, {"vocab_size"});
  ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
  EXPECT_EQ((*out)[0].getInt(0), 3);
}

TEST_F(InterpreterTest, VocabularyLinesAreBounded) {
  OwningOpRef<ModuleOp> module = parse(kTableGraph);
  TempDir dir;
  dir.write("vocab.txt", [](raw_ostream &os) {
    for (int64_t i = 0; i <= (int64_t(1) << 22); ++i)
      os << "w\n";
  });
  InterpreterOptions options;
  options.assetDirectory = std::string(dir.path);
  Interpreter interp(*module, options);
  auto out = interp.runGraph({}, {"vocab_size"});
  ASSERT_FALSE(static_cast<bool>(out));
  EXPECT_EQ(message(out.takeError()),
            "node 'init' (InitializeTableFromTextFileV2): file 'vocab.txt': "
            "the file has more than 4194304 lines");
}

TEST(InterpreterHelpers, BuiltinOpsAreSorted) {
  std::vector<std::string> ops = getInterpreterBuiltinOps();
  EXPECT_TRUE(std::is_sorted(ops.begin(), ops.end()));
  for (const char *op :
       {"Switch", "Merge", "Enter", "TensorArrayV3", "TensorListStack",
        "WhileRegion", "StatelessIf", "HashTableV2", "LookupTableFindV2"})
    EXPECT_NE(std::find(ops.begin(), ops.end(), op), ops.end()) << op;
}
} // namespace

constexpr const char *kRandomGraph = R"mlir(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<64> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %U, %c1 = RandomUniform(%S) name("u") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<64xf32>)
}
tfg.func @f(%s: tensor<1xi32> {tfg.name = "s"}) -> (tensor<64xf32> {tfg.name = "y"}) {
  %U, %c = RandomUniform(%s) name("u") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<64xf32>)
  return(%U) : tensor<64xf32>
}
)mlir";

TEST_F(InterpreterTest, UnseededRandomOpsNeedAGraphSeed) {
  OwningOpRef<ModuleOp> module = parse(kRandomGraph);
  // Refused without a graph seed, with an error at the node.
  {
    Interpreter interp(*module);
    auto out = interp.runGraph({}, {"u"});
    ASSERT_FALSE(static_cast<bool>(out));
    bool located = false;
    llvm::handleAllErrors(out.takeError(), [&](const NodeError &e) {
      located = isa<FileLineColLoc>(e.getLocation());
      EXPECT_NE(e.getMessage().find("node 'u' (RandomUniform): seed and "
                                    "seed2 are both 0"),
                StringRef::npos);
    });
    EXPECT_TRUE(located);
  }
  auto run = [&](int64_t seed) {
    InterpreterOptions options;
    options.graphSeed = seed;
    Interpreter interp(*module, options);
    auto out = interp.runGraph({}, {"u"});
    EXPECT_TRUE(static_cast<bool>(out));
    if (!out) {
      llvm::consumeError(out.takeError());
      return std::vector<char>();
    }
    ArrayRef<char> data = (*out)[0].getRawData();
    return std::vector<char>(data.begin(), data.end());
  };
  std::vector<char> five = run(5);
  EXPECT_EQ(five.size(), 64u * 4);
  EXPECT_EQ(run(5), five);
  EXPECT_NE(run(6), five);
  // A function's node of the same name gets another op seed.
  InterpreterOptions options;
  options.graphSeed = 5;
  Interpreter interp(*module, options);
  auto shape = HostTensor::create(IntegerType::get(&context, 32), {1});
  ASSERT_TRUE(static_cast<bool>(shape));
  shape->setInt(0, 64);
  auto out = interp.runFunction(module->lookupSymbol<GraphFuncOp>("f"),
                                {std::move(*shape)});
  ASSERT_TRUE(static_cast<bool>(out)) << message(out.takeError());
  ArrayRef<char> data = (*out)[0].getRawData();
  EXPECT_NE(std::vector<char>(data.begin(), data.end()), five);
}

TEST(InterpreterHelpers, RandomOpSeeds) {
  // seed is the graph seed; seed2 depends on the node alone, in [0, 2^31).
  auto [seed, seed2] = getRandomOpSeeds(7, "dropout/random_uniform");
  EXPECT_EQ(seed, 7);
  EXPECT_GE(seed2, 0);
  EXPECT_LT(seed2, int64_t(1) << 31);
  EXPECT_EQ(getRandomOpSeeds(8, "dropout/random_uniform").second, seed2);
  EXPECT_NE(getRandomOpSeeds(7, "dropout_1/random_uniform").second, seed2);
  // Never (0, 0), which the kernels read as "nondeterministic".
  for (const char *name : {"", "a", "b", "u"})
    EXPECT_NE(getRandomOpSeeds(0, name),
              std::make_pair(int64_t(0), int64_t(0)));
}
