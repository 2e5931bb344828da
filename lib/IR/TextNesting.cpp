//===- TextNesting.cpp - The nesting bound of tfg's MLIR text -------------===//

#include "tfg/IR/TextNesting.h"
#include "tfg/Support/InputLimits.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

LogicalResult mlir::tfg::verifyTextNesting(llvm::MemoryBufferRef buffer,
                                           MLIRContext *context) {
  if (isBytecode(buffer))
    return success();
  StringRef text = buffer.getBuffer();
  std::optional<size_t> offset = findNestingBeyond(text, kMaxTextNesting);
  if (!offset)
    return success();
  StringRef before = text.take_front(*offset);
  unsigned line = 1 + before.count('\n');
  size_t lineStart = before.rfind('\n');
  unsigned column =
      1 + (lineStart == StringRef::npos ? *offset : *offset - lineStart - 1);
  return emitError(FileLineColLoc::get(context, buffer.getBufferIdentifier(),
                                       line, column))
         << "input nests more than " << kMaxTextNesting
         << " levels deep (regions, attributes, types and lists together): "
            "tfg reads no deeper";
}

LogicalResult mlir::tfg::verifyRegionNesting(Operation *root) {
  // Operations to visit with the number of regions around them.
  SmallVector<std::pair<Operation *, unsigned>> stack = {{root, 0}};
  while (!stack.empty()) {
    auto [op, depth] = stack.pop_back_val();
    if (op->getNumRegions() == 0)
      continue;
    if (depth >= kMaxTextNesting)
      return emitError(op->getLoc())
             << "operation '" << op->getName() << "' nests regions more than "
             << kMaxTextNesting << " levels deep: tfg reads no deeper";
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          stack.push_back({&nested, depth + 1});
  }
  return success();
}
