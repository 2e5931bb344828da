//===- GraphDefWire.cpp - The nodes of a binary GraphDef, in place --------===//
//
// Reads only what decides where the fields are: tags, varints and lengths.
// Anything protobuf might read differently (groups, over-long varints, a
// field number 0) makes the scan give up, so that protobuf parses the whole
// message instead; a known field with an unexpected wire type is an unknown
// field to protobuf, and is skipped here too.
//
//===----------------------------------------------------------------------===//

#include "GraphDefWire.h"
#include "WireFormat.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Process.h"

#include <limits>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define TFG_HAVE_MADVISE 1
#endif

using namespace mlir::tfg::detail;
using namespace mlir::tfg::detail::wire;

namespace {
/// GraphDef.{node, library}, NodeDef.{name, op, input},
/// FunctionDefLibrary.function and FunctionDef.signature.
constexpr uint32_t kGraphNodeField = 1;
constexpr uint32_t kGraphLibraryField = 2;
constexpr uint32_t kNodeInputField = 3;
constexpr uint32_t kLibraryFunctionField = 1;
constexpr uint32_t kFunctionSignatureField = 1;

void appendVarint(std::string &out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}
} // namespace

bool WireGraph::scan(StringRef bytes) {
  data = bytes;
  encodings.clear();
  keys.clear();
  released = false;
  functions.clear();
  rest.clear();
  if (bytes.size() >= static_cast<size_t>(std::numeric_limits<int>::max()))
    return false;
  bool scanned = forEachField(bytes, [&](uint32_t number, uint32_t type,
                                         StringRef payload, StringRef field) {
    if (number == kGraphNodeField && type == kLengthDelimited)
      return scanNode(payload);
    if (number == kGraphLibraryField && type == kLengthDelimited)
      return scanLibrary(payload);
    rest += field;
    return true;
  });
  if (!scanned)
    return false;
  // The tables live until every operation is built: no spare capacity.
  encodings.shrink_to_fit();
  keys.shrink_to_fit();
  functions.shrink_to_fit();
  return true;
}

bool WireGraph::scanLibrary(StringRef encoded) {
  // The functions are read in place; the library's other fields (gradients)
  // stay in a library field of their own, so that the library is present
  // in `rest` whenever it is in the input, empty or not.
  std::string others;
  bool scanned = forEachField(encoded, [&](uint32_t number, uint32_t type,
                                           StringRef payload, StringRef field) {
    if (number == kLibraryFunctionField && type == kLengthDelimited)
      functions.push_back(spanOf(payload));
    else
      others += field;
    return true;
  });
  if (!scanned)
    return false;
  appendVarint(rest, (kGraphLibraryField << 3) | kLengthDelimited);
  appendVarint(rest, others.size());
  rest += others;
  return true;
}

bool WireGraph::signaturePieces(StringRef functionDef,
                                SmallVectorImpl<StringRef> &pieces) {
  pieces.clear();
  return forEachField(functionDef, [&](uint32_t number, uint32_t type,
                                       StringRef payload, StringRef) {
    if (number == kFunctionSignatureField && type == kLengthDelimited)
      pieces.push_back(payload);
    return true;
  });
}

bool WireGraph::scanNode(StringRef encoded) {
  Key key;
  bool scanned = forEachField(encoded, [&](uint32_t number, uint32_t type,
                                           StringRef payload, StringRef) {
    if (type != kLengthDelimited)
      return true;
    Span span = spanOf(payload);
    // A repeated singular field keeps its last value, as protobuf does.
    if (number == kNameField)
      key.name = span;
    else if (number == kOpField)
      key.op = span;
    else if (number == kNodeInputField)
      ++key.numInputs;
    return true;
  });
  if (!scanned)
    return false;
  encodings.push_back(spanOf(encoded));
  keys.push_back(key);
  return true;
}

void WireGraph::inputs(size_t i, SmallVectorImpl<StringRef> &out) const {
  out.clear();
  // The scan read this encoding already: it reads again.
  (void)forEachField(nodeBytes(i), [&](uint32_t number, uint32_t type,
                                       StringRef payload, StringRef) {
    if (number == kNodeInputField && type == kLengthDelimited)
      out.push_back(payload);
    return true;
  });
}

llvm::StringRef WireGraph::input(size_t i, unsigned k) const {
  // Rare (named outputs, diagnostics): all of them, then the k-th.
  SmallVector<StringRef, 8> all;
  inputs(i, all);
  return k < all.size() ? all[k] : StringRef();
}

llvm::StringRef WireGraph::lastField(size_t i, uint32_t wanted) const {
  // The scan read this encoding already: it reads again.
  llvm::StringRef value;
  (void)forEachField(nodeBytes(i), [&](uint32_t number, uint32_t type,
                                       StringRef payload, StringRef) {
    if (number == wanted && type == kLengthDelimited)
      value = payload;
    return true;
  });
  return value;
}

void WireGraph::releasePages(StringRef part) const {
#ifdef TFG_HAVE_MADVISE
  if (!fileMapped || part.empty())
    return;
  static const uint64_t pageSize = llvm::sys::Process::getPageSizeEstimate();
  auto begin =
      llvm::alignTo(reinterpret_cast<uintptr_t>(part.begin()), pageSize);
  auto end = llvm::alignDown(reinterpret_cast<uintptr_t>(part.end()), pageSize);
  // A clean page of a private or shared file mapping is dropped and read
  // again from the file on the next access; failure only keeps it.
  if (begin < end)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_DONTNEED);
#else
  (void)part;
#endif
}

void WireGraph::releaseNodePages(size_t begin, size_t end) const {
  if (begin >= end)
    return;
  Span first = encodings[begin], last = encodings[end - 1];
  releasePages(data.slice(first.offset, last.offset + last.size));
}
