//===- ImportExportTest.cpp - GraphDef import APIs ------------------------===//
//
// What lit cannot reach: the binary import's agreement with the message
// import through the library API, and deterministic bytes for messages with
// maps that the importer keeps in the IR.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGDialect.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
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

class ImportExportTest : public ::testing::Test {
protected:
  ImportExportTest()
      : handler(&ctx,
                [this](Diagnostic &diag) { errors.push_back(diag.str()); }) {
    ctx.loadDialect<TFGraphDialect>();
  }

  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    return text;
  }

  MLIRContext ctx;
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler;
};

TEST_F(ImportExportTest, BinaryImportInPlaceMatchesTheMessageImport) {
  tensorflow::GraphDef graph;
  ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(kGraph, &graph));
  std::string bytes;
  ASSERT_TRUE(graph.SerializeToString(&bytes));
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> fromMessage = importGraphDef(&ctx, graph, loc);
  OwningOpRef<ModuleOp> inPlace = importBinaryGraphDef(&ctx, bytes, loc);
  ASSERT_TRUE(fromMessage);
  ASSERT_TRUE(inPlace);
  EXPECT_EQ(print(*fromMessage), print(*inPlace));
  EXPECT_NE(print(*inPlace).find("tfg.func @double"), std::string::npos);
  EXPECT_TRUE(errors.empty());
  // The library may come before the nodes on the wire.
  std::string libraryFirst;
  tensorflow::GraphDef library;
  *library.mutable_library() = graph.library();
  tensorflow::GraphDef rest = graph;
  rest.clear_library();
  ASSERT_TRUE(library.AppendToString(&libraryFirst));
  ASSERT_TRUE(rest.AppendToString(&libraryFirst));
  OwningOpRef<ModuleOp> reordered =
      importBinaryGraphDef(&ctx, libraryFirst, loc);
  ASSERT_TRUE(reordered);
  EXPECT_EQ(print(*fromMessage), print(*reordered));
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

} // namespace
