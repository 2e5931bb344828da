//===- MappedInputTest.cpp - In-place import of a mapped file -------------===//
//
// The in-place import of a binary GraphDef held in a file mapping gives the
// mapping's pages back as it builds the nodes and functions: the module must
// be the one the import of the same bytes on the heap gives, diagnostics that
// come after the pages are given back must still name the nodes, and the
// pages must really leave the resident set (read off /proc on Linux).
//
//===----------------------------------------------------------------------===//

#include "ImportTestFixture.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;

namespace {

/// Nodes in the test graph: several batches of built nodes, and several
/// parallel chunks.
constexpr int kNumNodes = 12000;

/// A node name long enough that the graph spans a few megabytes.
std::string nodeName(int i) {
  return "model/encoder/block_" + std::to_string(i % 12) +
         "/attention/projection_" + std::to_string(i);
}

void setType(tensorflow::NodeDef &node, const char *key) {
  (*node.mutable_attr())[key].set_type(tensorflow::DT_FLOAT);
}

/// A chain of AddV2 nodes fed by one placeholder, with control edges, a few
/// forward references, and a library of functions of some pages each.
/// With `badInput`, node 0 uses an output argument the last node does not
/// have.
tensorflow::GraphDef makeGraph(bool badInput) {
  tensorflow::GraphDef graph;
  graph.mutable_versions()->set_producer(1);
  tensorflow::NodeDef *input = graph.add_node();
  input->set_name("input");
  input->set_op("Placeholder");
  setType(*input, "dtype");
  for (int i = 0; i < kNumNodes; ++i) {
    tensorflow::NodeDef *node = graph.add_node();
    node->set_name(nodeName(i));
    node->set_op("AddV2");
    node->set_device("/job:localhost/replica:0/task:0/device:CPU:0");
    node->add_input(i == 0 ? "input" : nodeName(i - 1));
    if (i == 0 && badInput)
      node->add_input(nodeName(kNumNodes - 1) + ":w:0");
    else if (i % 97 == 0 && i + 40 < kNumNodes)
      node->add_input(nodeName(i + 40)); // a forward reference
    else
      node->add_input("input");
    if (i % 3 == 0)
      node->add_input("^input");
    setType(*node, "T");
  }
  for (int f = 0; f < 4; ++f) {
    tensorflow::FunctionDef *func = graph.mutable_library()->add_function();
    tensorflow::OpDef *sig = func->mutable_signature();
    sig->set_name("fn" + std::to_string(f));
    sig->add_input_arg()->set_name("a");
    sig->mutable_input_arg(0)->set_type(tensorflow::DT_FLOAT);
    sig->add_output_arg()->set_name("out");
    sig->mutable_output_arg(0)->set_type(tensorflow::DT_FLOAT);
    std::string last = "a";
    for (int i = 0; i < 300; ++i) {
      tensorflow::NodeDef *node = func->add_node_def();
      node->set_name(nodeName(i));
      node->set_op("AddV2");
      node->add_input(last);
      node->add_input("a");
      setType(*node, "T");
      last = nodeName(i) + ":z:0";
    }
    (*func->mutable_ret())["out"] = last;
  }
  return graph;
}

/// Resident kilobytes of the mapping that holds `address`, from
/// /proc/self/smaps; none where that cannot be read.
std::optional<long> residentKBOfMapping(const void *address) {
  FILE *smaps = fopen("/proc/self/smaps", "r");
  if (!smaps)
    return std::nullopt;
  auto target = reinterpret_cast<uintptr_t>(address);
  std::optional<long> result;
  bool inside = false;
  char line[512];
  while (fgets(line, sizeof(line), smaps)) {
    unsigned long begin, end;
    long kb;
    // A mapping's first line starts "begin-end perms"; the lines after it
    // start with a field name ("Rss:").
    if (sscanf(line, "%lx-%lx ", &begin, &end) == 2) {
      inside = begin <= target && target < end;
    } else if (inside && sscanf(line, "Rss: %ld kB", &kb) == 1) {
      result = kb;
      break;
    }
  }
  fclose(smaps);
  return result;
}

class MappedInputTest : public ImportTestFixture {
protected:
  /// Writes `graph` to a temporary file and maps it read-only.
  std::unique_ptr<llvm::MemoryBuffer>
  mapGraph(const tensorflow::GraphDef &graph) {
    std::string bytes;
    EXPECT_TRUE(graph.SerializeToString(&bytes));
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("tfg-mapped", "pb", fd, path));
    remover.setFile(path);
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os << bytes;
    }
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    EXPECT_TRUE(static_cast<bool>(buffer));
    if (!buffer)
      return nullptr;
    EXPECT_EQ((*buffer)->getBuffer(), bytes);
    return std::move(*buffer);
  }

  llvm::SmallString<128> path;
  llvm::FileRemover remover;
};

TEST_F(MappedInputTest, MappedImportGivesPagesBackAndMatchesTheHeapImport) {
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      mapGraph(makeGraph(/*badInput=*/false));
  ASSERT_TRUE(buffer);
  // A file of a few megabytes is mapped: what this test is about.
  ASSERT_EQ(buffer->getBufferKind(), llvm::MemoryBuffer::MemoryBuffer_MMap);
  ASSERT_GT(buffer->getBufferSize(), size_t(1) << 20);
  Location loc = UnknownLoc::get(&ctx);
  OwningOpRef<ModuleOp> mapped = importBinaryGraphDef(&ctx, *buffer, loc);
  ASSERT_TRUE(mapped) << (errors.empty() ? "" : errors.front());
  // Nearly every page was given back (those two batches or chunks share
  // stay); a heap import keeps all of its input.
  if (std::optional<long> kb = residentKBOfMapping(buffer->getBufferStart())) {
    EXPECT_LT(*kb * 1024, static_cast<long>(buffer->getBufferSize() / 8));
  }
  std::string heapCopy = buffer->getBuffer().str();
  OwningOpRef<ModuleOp> heap = importBinaryGraphDef(&ctx, heapCopy, loc);
  ASSERT_TRUE(heap);
  std::string printed = print(*mapped);
  EXPECT_EQ(printed, print(*heap));
  EXPECT_NE(printed.find("tfg.func @fn3"), std::string::npos);
  EXPECT_TRUE(errors.empty());
}

TEST_F(MappedInputTest, DiagnosticsAfterPagesAreGivenBackNameTheNodes) {
  // Node 0's bad input is a forward reference: it is wired, and reported,
  // after every node is built and its pages given back (the names and the
  // input are read again from the file).
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      mapGraph(makeGraph(/*badInput=*/true));
  ASSERT_TRUE(buffer);
  EXPECT_FALSE(importBinaryGraphDef(&ctx, *buffer, UnknownLoc::get(&ctx)));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "'" + nodeName(0) + "' uses output 'w' of '" +
                           nodeName(kNumNodes - 1) +
                           "', which has no such output");
}

} // namespace
