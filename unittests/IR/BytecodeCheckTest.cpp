//===- BytecodeCheckTest.cpp - Tests of the bytecode structure check ------===//
//
// findBytecodeDefect on bytecode written here byte by byte (each section
// and table malformed in turn, the defect expected at its offset) and on
// what MLIR's writer produces (accepted whole, every proper prefix refused,
// and no one-byte change that passes the check takes down the reader).
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/BytecodeCheck.h"
#include "tfg/IR/TFGDialect.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

#include <cstdio>
#include <memory>
#include <string>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// MLIR's variable-length integer: n bytes, n - 1 trailing zero bits then
/// a one in the first; nine bytes for values of 57 bits or more.
std::string varInt(uint64_t value) {
  std::string out;
  for (unsigned n = 1; n <= 8; ++n) {
    if (n < 8 ? value >= (uint64_t(1) << (7 * n))
              : value >= (uint64_t(1) << 56))
      continue;
    uint64_t encoded = (value << n) | (uint64_t(1) << (n - 1));
    for (unsigned i = 0; i < n; ++i)
      out.push_back(static_cast<char>(encoded >> (8 * i)));
    return out;
  }
  out.push_back(0);
  for (unsigned i = 0; i < 8; ++i)
    out.push_back(static_cast<char>(value >> (8 * i)));
  return out;
}

std::string section(uint8_t id, const std::string &data) {
  return std::string(1, static_cast<char>(id)) + varInt(data.size()) + data;
}

/// The sections of a minimal file, one dialect ("builtin", string 0)
/// and no operation name, attribute or type unless a test sets them.
struct Sections {
  std::string strings = varInt(1) + varInt(8) + std::string("builtin\0", 8);
  std::string dialects = varInt(1) + varInt(0 << 1) + varInt(0);
  std::string attrTypes;
  std::string attrTypeOffsets = varInt(0) + varInt(0);
  // The module's body: a block of no operation and no argument.
  std::string ir = varInt(0);
  std::string properties;
  uint64_t version = 6;

  std::string file() const {
    std::string out = "ML\xefR" + varInt(version) + std::string("tfg\0", 4);
    out += section(0, strings) + section(1, dialects) + section(2, attrTypes) +
           section(3, attrTypeOffsets) + section(4, ir) +
           section(8, properties);
    return out;
  }
  /// The offset of section `id`'s data in file().
  size_t dataOffset(uint8_t id) const {
    std::string before = "ML\xefR" + varInt(version) + std::string("tfg\0", 4);
    const std::string *datas[] = {&strings, &dialects, &attrTypes,
                                  &attrTypeOffsets, &ir};
    for (uint8_t i = 0; i < id; ++i)
      before += section(i, *datas[i]);
    return before.size() + 1 + varInt(datas[id]->size()).size();
  }
};

class BytecodeCheckTest : public ::testing::Test {
protected:
  BytecodeCheckTest() { context.loadDialect<TFGraphDialect>(); }

  /// The defect of `bytes`, copied to memory aligned as a file's.
  std::optional<BytecodeDefect> defectOf(const std::string &bytes) {
    buffer = llvm::MemoryBuffer::getMemBufferCopy(bytes, "test.mlirbc");
    return findBytecodeDefect(buffer->getBuffer());
  }

  /// Expects a defect at `offset` whose message holds `words`.
  void expectDefect(const std::string &bytes, size_t offset, StringRef words) {
    std::optional<BytecodeDefect> defect = defectOf(bytes);
    ASSERT_TRUE(defect.has_value()) << "no defect found";
    EXPECT_EQ(defect->offset, offset) << defect->message;
    EXPECT_NE(defect->message.find(words.str()), std::string::npos)
        << defect->message;
  }

  /// MLIR's writer's bytecode of tfg text.
  std::string writerBytecode(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    std::string bytes;
    llvm::raw_string_ostream os(bytes);
    EXPECT_TRUE(succeeded(writeBytecodeToFile(*module, os)));
    return bytes;
  }

  MLIRContext context;
  std::unique_ptr<llvm::MemoryBuffer> buffer;
};

constexpr const char *kGraph = R"(
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<f32>)
  %b, %ctl_0 = Add(%a, %a) name("b") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %c, %ctl_1 = Mul(%b, %a) name("c") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %d, %ctl_2 = Identity(%a) name("d") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32>) {
  %y, %ctl = Identity(%x) name("y") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  return(%y) : tensor<f32>
}
)";

TEST_F(BytecodeCheckTest, HandMadeMinimalFileIsReadByMLIR) {
  Sections sections;
  std::string bytes = sections.file();
  EXPECT_FALSE(defectOf(bytes).has_value());
  // The hand-made encoding is the reader's: it reads the file.
  Block block;
  ParserConfig config(&context);
  EXPECT_TRUE(
      succeeded(readBytecodeFile(buffer->getMemBufferRef(), &block, config)));
}

TEST_F(BytecodeCheckTest, Header) {
  expectDefect("ML\xefR", 4, "the bytecode version");
  expectDefect("ML\xefR" + varInt(7) + std::string("tfg\0", 4), 5,
               "newer than MLIR 22's");
  expectDefect("ML\xefR" + varInt(6) + "tfg", 5, "no terminating NUL");
}

TEST_F(BytecodeCheckTest, SectionFraming) {
  Sections sections;
  std::string file = sections.file();
  size_t end = file.size();
  expectDefect(file + section(9, ""), end, "section id 9");
  expectDefect(file + section(4, ""), end, "appears twice");
  // A section longer than the file.
  expectDefect(file + "\x05" + varInt(100), end + 2, "only 0 remain");
  // An aligned section whose alignment is not a power of two.
  expectDefect(file + "\x85" + varInt(1) + varInt(3), end + 3,
               "not a power of two");
  std::string noIR = "ML\xefR" + varInt(6) + std::string("tfg\0", 4) +
                     section(0, sections.strings) +
                     section(1, sections.dialects) + section(2, "") +
                     section(3, sections.attrTypeOffsets) + section(8, "");
  expectDefect(noIR, noIR.size(), "section 4 is missing");
}

TEST_F(BytecodeCheckTest, StringTable) {
  Sections sections;
  // A size of 0 has no room for the NUL (the reader would make a string
  // of SIZE_MAX bytes).
  sections.strings = varInt(1) + varInt(0);
  expectDefect(sections.file(), sections.dataOffset(0) + 1, "string size 0");
  // A count the section cannot hold (the reader allocates it first).
  sections.strings = varInt(uint64_t(1) << 40) + varInt(1);
  expectDefect(sections.file(), sections.dataOffset(0), "exceeds the bytes");
  sections.strings = varInt(1) + varInt(2) + std::string("ab", 2);
  expectDefect(sections.file(), sections.dataOffset(0) + 3, "NUL");
}

TEST_F(BytecodeCheckTest, DialectAndNameTables) {
  Sections sections;
  // A dialect named by string 1 of 1.
  sections.dialects = varInt(1) + varInt(1 << 1) + varInt(0);
  expectDefect(sections.file(), sections.dataOffset(1) + 1,
               "dialect name string 1 is out of range");
  // Operation names grouped under dialect 3 of 1.
  sections.dialects =
      varInt(1) + varInt(0) + varInt(1) + varInt(3) + varInt(1) + varInt(0);
  expectDefect(sections.file(), sections.dataOffset(1) + 3,
               "dialect 3 is out of range");
}

TEST_F(BytecodeCheckTest, AttributeTypeOffsets) {
  Sections sections;
  // A group of 5 entries in a table of 1: the reader writes past the
  // table (a crash found by mutation).
  sections.attrTypes = "x";
  sections.attrTypeOffsets = varInt(1) + varInt(0) + varInt(0) + varInt(5) +
                             varInt(1 << 1) + varInt(0) + varInt(0) +
                             varInt(0) + varInt(0);
  expectDefect(sections.file(), sections.dataOffset(3) + 3,
               "overruns its table");
  // An entry past the end of the attribute and type section.
  sections.attrTypeOffsets =
      varInt(1) + varInt(0) + varInt(0) + varInt(1) + varInt(9 << 1 | 1);
  expectDefect(sections.file(), sections.dataOffset(3) + 4,
               "runs past its section");
  // An attribute in textual syntax nested beyond tfg's bound.
  sections.attrTypes = std::string(1001, '[') + std::string(1001, ']') + '\0';
  sections.attrTypeOffsets = varInt(1) + varInt(0) + varInt(0) + varInt(1) +
                             varInt(sections.attrTypes.size() << 1);
  expectDefect(sections.file(), sections.dataOffset(2) + 1000,
               "nests more than 1000");
}

TEST_F(BytecodeCheckTest, IRSection) {
  Sections sections;
  // An operation whose name is out of range.
  sections.ir = varInt(1 << 1) + varInt(0);
  expectDefect(sections.file(), sections.dataOffset(4) + 1,
               "operation name 0 is out of range");
  // The module's body with the argument flag, even with no argument: the
  // reader faults (SIGSEGV in parseIRSection; found by mutation).
  sections.ir = varInt(0 << 1 | 1) + varInt(0) + std::string(1, '\0');
  expectDefect(sections.file(), sections.dataOffset(4),
               "the top-level block declares arguments");
  // A block argument in an operation's region with no room for values.
  sections.dialects = varInt(1) + varInt(0) + varInt(1) + varInt(0) +
                      varInt(1) + varInt(0 << 1);
  sections.attrTypes = std::string("loc(unknown)\0i32\0", 17);
  sections.attrTypeOffsets = varInt(1) + varInt(1) + varInt(0) + varInt(1) +
                             varInt(13 << 1) + varInt(0) + varInt(1) +
                             varInt(4 << 1);
  sections.ir = varInt(1 << 1) + varInt(0) + std::string(1, char(1 << 4)) +
                varInt(0) + varInt(1 << 1) + varInt(1) + varInt(0) +
                varInt(0 << 1 | 1) + varInt(1) + varInt(0 << 1);
  expectDefect(sections.file(), sections.dataOffset(4) + 10,
               "declared room for 0");
  // An operation (builtin."" with one region of one block) whose region
  // declares 2^40 values: the reader would allocate them first.
  sections.ir = varInt(1 << 1) + varInt(0) + std::string(1, char(1 << 4)) +
                varInt(0) + varInt(1 << 1) + varInt(1) +
                varInt(uint64_t(1) << 40) + varInt(0);
  expectDefect(sections.file(), sections.dataOffset(4) + 6,
               "more than the bytes that remain");
  // An operand naming a value that does not exist.
  sections.ir = varInt(1 << 1) + varInt(0) + std::string(1, char(1 << 4)) +
                varInt(0) + varInt(1 << 1) + varInt(1) + varInt(0) +
                varInt(1 << 1) + varInt(0) + std::string(1, char(1 << 2)) +
                varInt(0) + varInt(1) + varInt(7);
  expectDefect(sections.file(), sections.dataOffset(4) + 12,
               "operand value 7 is out of range");
}

TEST_F(BytecodeCheckTest, TrialReadReportsHowTheChildEnded) {
  std::string message;
  ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  BytecodeTrialLimits limits{/*milliseconds=*/30000,
                             /*memoryBytes=*/uint64_t(1) << 32};
  std::string valid = writerBytecode(kGraph);
  ASSERT_FALSE(defectOf(valid).has_value());
  EXPECT_TRUE(succeeded(
      readBytecodeInChild(buffer->getMemBufferRef(), &context, limits)));
  EXPECT_TRUE(message.empty()) << message;

  // The module's body with the argument flag faults MLIR's reader (the
  // structural check refuses it; the trial read alone is tested here): the
  // child dies, the parent reports it and lives on.
  Sections sections;
  sections.ir = varInt(0 << 1 | 1) + varInt(0) + std::string(1, '\0');
  ASSERT_TRUE(defectOf(sections.file()).has_value());
  EXPECT_EQ(runBytecodeTrialRead(buffer->getMemBufferRef(), &context, limits),
            BytecodeTrialOutcome::Failed);
  EXPECT_TRUE(
      failed(readBytecodeInChild(buffer->getMemBufferRef(), &context, limits)));
  EXPECT_NE(message.find("failed on this input in a trial read in a child "
                         "process (signal"),
            std::string::npos)
      << message;

  // A read that takes longer than its time.
  std::string text = "tfg.graph #tf_type.version<producer = 1, min_consumer = "
                     "0> {\n  %a, %ctl = Placeholder name(\"a\") {dtype = "
                     "f32} : () -> (tensor<f32>)\n";
  for (int i = 0; i < 20000; ++i)
    text += "  %n" + std::to_string(i) + ", %c" + std::to_string(i) +
            " = Identity(%a) name(\"n" + std::to_string(i) +
            "\") {T = f32} : (tensor<f32>) -> (tensor<f32>)\n";
  text += "}\n";
  std::string large = writerBytecode(text);
  ASSERT_FALSE(defectOf(large).has_value());
  BytecodeTrialLimits hurried{/*milliseconds=*/1, /*memoryBytes=*/0};
  EXPECT_TRUE(failed(
      readBytecodeInChild(buffer->getMemBufferRef(), &context, hurried)));
  EXPECT_NE(message.find("did not finish reading this input within 1 ms"),
            std::string::npos)
      << message;
}

TEST_F(BytecodeCheckTest, WriterOutputPassesAndEveryPrefixFails) {
  std::string bytes = writerBytecode(kGraph);
  EXPECT_FALSE(defectOf(bytes).has_value());
  for (size_t size = 0; size < bytes.size(); ++size) {
    std::string prefix = bytes.substr(0, size);
    if (size < 4)
      continue; // No magic number: not bytecode.
    EXPECT_TRUE(defectOf(prefix).has_value()) << "prefix of " << size;
  }
}

TEST_F(BytecodeCheckTest, OneByteChangesNeverTakeDownTheReader) {
  std::string bytes = writerBytecode(kGraph);
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  // A read of this file takes milliseconds; the loop on self-referential
  // attributes (which a change can make) ends at the bound.
  BytecodeTrialLimits limits{/*milliseconds=*/50,
                             /*memoryBytes=*/uint64_t(1) << 30};
  int passed = 0, timedOut = 0;
  for (size_t i = 4; i < bytes.size(); ++i) {
    for (uint8_t change : {0xff}) {
      std::string mutant = bytes;
      mutant[i] = static_cast<char>(mutant[i] ^ change);
      if (defectOf(mutant).has_value())
        continue;
      ++passed;
      // What passes the check is read by MLIR's reader without a fault.
      EXPECT_NE(
          runBytecodeTrialRead(buffer->getMemBufferRef(), &context, limits),
          BytecodeTrialOutcome::Failed)
          << "byte " << i << " ^ " << unsigned(change);
    }
  }
  EXPECT_GT(passed, 0);
  std::printf("%d one-byte changes pass the check, %d of them time out\n",
              passed, timedOut);
}
} // namespace
