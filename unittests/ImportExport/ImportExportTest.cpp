//===- ImportExportTest.cpp - GraphDef import APIs ------------------------===//
//
// What lit cannot reach: the binary import's agreement with the message
// import through the library API, deterministic bytes for messages with
// maps that the importer keeps in the IR, and a large graph's import in a
// context whose thread pool the caller owns.
//
//===----------------------------------------------------------------------===//

#include "ImportTestFixture.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {

constexpr const char *kGraph = R"pb(
  node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
  node {
    name: "call"
    op: "StatefulPartitionedCall"
    input: "x"
    input: "^x"
    attr { key: "Tin" value { list { type: DT_FLOAT } } }
    attr { key: "Tout" value { list { type: DT_FLOAT } } }
    attr { key: "f" value { func { name: "double" } } }
  }
  library {
    function {
      signature {
        name: "double"
        input_arg { name: "a" type: DT_FLOAT }
        output_arg { name: "out" type: DT_FLOAT }
      }
      node_def {
        name: "add"
        op: "AddV2"
        input: "a"
        input: "a"
        attr { key: "T" value { type: DT_FLOAT } }
      }
      ret { key: "out" value: "add:z:0" }
    }
  }
  versions { producer: 1 }
)pb";

class ImportExportTest : public ImportTestFixture {
protected:
  /// Imports `bytes` in place and as the message protobuf parses from them;
  /// returns the printed module, after checking that both agree.
  std::string importBothWays(const std::string &bytes) {
    tensorflow::GraphDef parsed;
    EXPECT_TRUE(parsed.ParseFromString(bytes));
    Location loc = UnknownLoc::get(&ctx);
    OwningOpRef<ModuleOp> fromMessage = importGraphDef(&ctx, parsed, loc);
    OwningOpRef<ModuleOp> inPlace = importBinaryGraphDef(&ctx, bytes, loc);
    EXPECT_TRUE(fromMessage);
    EXPECT_TRUE(inPlace);
    if (!fromMessage || !inPlace)
      return "";
    std::string printed = print(*inPlace);
    EXPECT_EQ(print(*fromMessage), printed);
    EXPECT_TRUE(errors.empty());
    return printed;
  }
};

TEST_F(ImportExportTest, BinaryImportInPlaceMatchesTheMessageImport) {
  tensorflow::GraphDef graph;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(kGraph, &graph));
  std::string bytes;
  ASSERT_TRUE(graph.SerializeToString(&bytes));
  std::string printed = importBothWays(bytes);
  EXPECT_NE(printed.find("tfg.func @double"), std::string::npos);
  // The library may come before the nodes on the wire.
  std::string libraryFirst;
  tensorflow::GraphDef library;
  *library.mutable_library() = graph.library();
  tensorflow::GraphDef rest = graph;
  rest.clear_library();
  ASSERT_TRUE(library.AppendToString(&libraryFirst));
  ASSERT_TRUE(rest.AppendToString(&libraryFirst));
  EXPECT_EQ(importBothWays(libraryFirst), printed);
}

/// `payload` as a length-delimited field `number` (lengths below 128).
static std::string lengthDelimited(int number, const std::string &payload) {
  std::string out;
  out.push_back(static_cast<char>(number << 3 | 2));
  out.push_back(static_cast<char>(payload.size()));
  return out + payload;
}

TEST_F(ImportExportTest, BinaryImportMergesSplitLibrariesAndSignatures) {
  // Protobuf merges a message field given twice: here the library comes in
  // two fields (the function, then its gradient) and the function's
  // signature in two (name and input, then output). The functions, read in
  // place, must merge the same way.
  tensorflow::GraphDef graph;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(kGraph, &graph));
  const tensorflow::FunctionDef &func = graph.library().function(0);
  tensorflow::OpDef head = func.signature(), tail;
  head.clear_output_arg();
  *tail.add_output_arg() = func.signature().output_arg(0);
  tensorflow::FunctionDef body = func;
  body.clear_signature();
  std::string headBytes, tailBytes, bodyBytes, gradient;
  ASSERT_TRUE(head.SerializeToString(&headBytes));
  ASSERT_TRUE(tail.SerializeToString(&tailBytes));
  ASSERT_TRUE(body.SerializeToString(&bodyBytes));
  tensorflow::FunctionDefLibrary gradients;
  tensorflow::GradientDef *grad = gradients.add_gradient();
  grad->set_function_name("double");
  grad->set_gradient_func("double");
  ASSERT_TRUE(gradients.SerializeToString(&gradient));
  std::string functionBytes =
      lengthDelimited(1, headBytes) + bodyBytes + lengthDelimited(1, tailBytes);
  tensorflow::GraphDef rest = graph;
  rest.clear_library();
  std::string bytes;
  ASSERT_TRUE(rest.SerializeToString(&bytes));
  bytes += lengthDelimited(2, lengthDelimited(1, functionBytes));
  bytes += lengthDelimited(2, gradient);

  tensorflow::GraphDef parsed;
  ASSERT_TRUE(parsed.ParseFromString(bytes));
  ASSERT_EQ(parsed.library().function(0).signature().output_arg_size(), 1);
  std::string printed = importBothWays(bytes);
  EXPECT_NE(printed.find("gradient = @double"), std::string::npos);
  EXPECT_NE(printed.find("-> (tensor<*xf32> {tfg.name = \"out\"})"),
            std::string::npos);
}

TEST_F(ImportExportTest, BinaryImportReportsBytesThatAreNotAGraphDef) {
  Location loc = UnknownLoc::get(&ctx);
  EXPECT_FALSE(importBinaryGraphDef(&ctx, "\xff\xff\xff\xff", loc, {},
                                    "custom message"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "custom message");
  errors.clear();
  EXPECT_FALSE(importBinaryGraphDef(&ctx, "\x0a\x05\x0a\x01", loc));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "input is not a binary GraphDef");
}

/// Two equal GraphDebugInfos whose maps were filled in different orders.
static void makeDebugInfos(tensorflow::GraphDebugInfo &a,
                           tensorflow::GraphDebugInfo &b) {
  a.add_files("model.py");
  b.add_files("model.py");
  for (int i = 0; i < 64; ++i) {
    int j = 63 - i;
    (*a.mutable_name_to_trace_id())["node" + std::to_string(i)] = i;
    (*b.mutable_name_to_trace_id())["node" + std::to_string(j)] = j;
    (*a.mutable_traces_by_id())[i].add_frame_id(i);
    (*b.mutable_traces_by_id())[j].add_frame_id(j);
  }
}

TEST_F(ImportExportTest, SerializationOfMapsIsDeterministic) {
  tensorflow::GraphDebugInfo a, b;
  makeDebugInfos(a, b);
  std::string bytesA, bytesB;
  ASSERT_TRUE(serializeDeterministically(a, bytesA));
  ASSERT_TRUE(serializeDeterministically(b, bytesB));
  EXPECT_EQ(bytesA, bytesB);
  tensorflow::GraphDebugInfo back;
  ASSERT_TRUE(back.ParseFromString(bytesA));
  EXPECT_EQ(back.name_to_trace_id_size(), 64);
}

TEST_F(ImportExportTest, ImportedDebugInfoDoesNotDependOnMapOrder) {
  tensorflow::GraphDef graphA, graphB;
  makeDebugInfos(*graphA.mutable_debug_info(), *graphB.mutable_debug_info());
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> a = importGraphDef(&ctx, graphA, loc);
  OwningOpRef<ModuleOp> b = importGraphDef(&ctx, graphB, loc);
  ASSERT_TRUE(a);
  ASSERT_TRUE(b);
  EXPECT_EQ(print(*a), print(*b));
}

/// A graph large enough for the importer's parallel chunks: a chain of
/// AddV2 nodes, each also using a node far behind it or ahead of it (a
/// forward reference), every tenth after a control input.
static std::string largeGraph(int numNodes) {
  tensorflow::GraphDef graph;
  tensorflow::AttrValue f32;
  f32.set_type(tensorflow::DT_FLOAT);
  tensorflow::NodeDef *x = graph.add_node();
  x->set_name("x");
  x->set_op("Placeholder");
  (*x->mutable_attr())["dtype"] = f32;
  for (int i = 0; i < numNodes; ++i) {
    tensorflow::NodeDef *node = graph.add_node();
    node->set_name("n" + std::to_string(i));
    node->set_op("AddV2");
    node->add_input(i == 0 ? "x" : "n" + std::to_string(i - 1));
    int other = (i * 7919) % numNodes;
    node->add_input(other < i ? "n" + std::to_string(other) : "x");
    if (i % 10 == 9)
      node->add_input("^n" + std::to_string((i * 104729) % numNodes));
    (*node->mutable_attr())["T"] = f32;
  }
  return graph.SerializeAsString();
}

TEST_F(ImportExportTest, UnknownFieldsOfAParsedMessageComeBack) {
  // A caller's message (no bytes to read in place) with fields tfg's protos
  // do not declare: the GraphDef's, its library's, a function's and a
  // node's own come back from export; one inside an attribute value is
  // reported.
  tensorflow::GraphDef graph;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(kGraph, &graph));
  auto unknown = [](google::protobuf::Message &message) {
    return message.GetReflection()->MutableUnknownFields(&message);
  };
  unknown(graph)->AddVarint(100, 7);
  unknown(*graph.mutable_library())->AddFixed64(70, 1);
  unknown(*graph.mutable_node(1))->AddLengthDelimited(111, "new");
  unknown(*graph.mutable_library()->mutable_function(0))->AddFixed32(90, 3);
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> module = importGraphDef(&ctx, graph, loc);
  ASSERT_TRUE(module);
  EXPECT_TRUE(errors.empty());
  tensorflow::GraphDef exported;
  ASSERT_TRUE(succeeded(exportGraphDef(*module, exported)));
  std::string expected, actual;
  ASSERT_TRUE(serializeDeterministically(graph, expected));
  ASSERT_TRUE(serializeDeterministically(exported, actual));
  EXPECT_EQ(actual, expected);

  tensorflow::AttrValue &attr = (*graph.mutable_node(1)->mutable_attr())["Tin"];
  unknown(attr)->AddVarint(99, 1);
  module = importGraphDef(&ctx, graph, loc);
  ASSERT_TRUE(module);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "node 'call': attribute 'Tin' holds fields tfg does "
                       "not know: they are dropped");
}

TEST_F(ImportExportTest, LargeGraphImportsOnAPoolOfOneThread) {
  // The import makes the names on a thread of its own while the pool
  // resolves inputs, one pool task waiting for it: with one pool thread,
  // that task and the chunks run one after the other.
  std::string bytes = largeGraph(20000);
  Location loc = UnknownLoc::get(&ctx);
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(1));
  MLIRContext pooled(MLIRContext::Threading::DISABLED);
  pooled.setThreadPool(pool);
  pooled.loadDialect<TFGraphDialect>();
  ASSERT_TRUE(pooled.isMultithreadingEnabled());
  ASSERT_EQ(pooled.getNumThreads(), 1u);
  MLIRContext serial(MLIRContext::Threading::DISABLED);
  serial.loadDialect<TFGraphDialect>();
  OwningOpRef<ModuleOp> onPool =
      importBinaryGraphDef(&pooled, bytes, UnknownLoc::get(&pooled));
  OwningOpRef<ModuleOp> onOneThread =
      importBinaryGraphDef(&serial, bytes, UnknownLoc::get(&serial));
  OwningOpRef<ModuleOp> onDefault = importBinaryGraphDef(&ctx, bytes, loc);
  ASSERT_TRUE(onPool);
  ASSERT_TRUE(onOneThread);
  ASSERT_TRUE(onDefault);
  std::string printed = print(*onOneThread);
  EXPECT_EQ(print(*onPool), printed);
  EXPECT_EQ(print(*onDefault), printed);
  EXPECT_TRUE(errors.empty());
}

} // namespace
