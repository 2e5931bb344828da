//===- NameCompress.cpp - Short unique node names -------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-name-compress"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_NAMECOMPRESSPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// The n-th short name: a..z, aa..az, ba.., ...
static std::string getShortName(uint64_t n) {
  std::string name;
  ++n;
  while (n > 0) {
    --n;
    name.push_back(char('a' + n % 26));
    n /= 26;
  }
  return std::string(name.rbegin(), name.rend());
}

FailureOr<int64_t>
mlir::tfg::compressNodeNames(Block &body, const PreserveOptions &options) {
  FailureOr<PreservedNodes> preserved = PreservedNodes::compute(body, options);
  if (failed(preserved))
    return failure();
  // Names that stay: preserved nodes and every node in nested regions.
  llvm::StringSet<> kept;
  SmallVector<Operation *> renamed;
  for (Operation &op : body) {
    if (!getControlToken(&op))
      continue;
    if (preserved->contains(&op)) {
      kept.insert(getNodeName(&op));
    } else {
      renamed.push_back(&op);
    }
    op.walk([&](Operation *inner) {
      if (inner != &op)
        kept.insert(getNodeName(inner));
    });
  }
  uint64_t counter = 0;
  for (Operation *op : renamed) {
    std::string name;
    do
      name = getShortName(counter++);
    while (kept.contains(name));
    setNodeName(op, name);
  }
  return int64_t(renamed.size());
}

namespace {
struct NameCompressPass : tfg::impl::NameCompressPassBase<NameCompressPass> {
  using NameCompressPassBase::NameCompressPassBase;
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-name-compress: running on "
                            << getOperation()->getName() << "\n");
    PreserveOptions options = makePreserveOptions(fetch, feed);
    for (Block *body : getGraphBodies(getOperation()))
      if (failed(compressNodeNames(*body, options)))
        return signalPassFailure();
  }
};
} // namespace
