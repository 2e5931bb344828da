//===- SetInputShapes.cpp - Pin the shapes of Placeholders ----------------===//
//
// tfg-set-input-shapes: each `NAME=D0xD1x...` entry gives Placeholder NAME
// a static shape (its `shape` attribute and its result type), checked
// against what the Placeholder already says. Works on every graph and
// function body under the anchor.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphUtils.h"
#include "tfg/Transforms/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-set-input-shapes"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_SETINPUTSHAPESPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

/// `1x256x256x3` (or `scalar`) as dimensions; none if malformed.
static std::optional<SmallVector<int64_t, 4>> parseDims(StringRef text) {
  SmallVector<int64_t, 4> dims;
  if (text == "scalar")
    return dims;
  if (text.empty())
    return std::nullopt;
  SmallVector<StringRef, 4> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    int64_t d;
    if (part.getAsInteger(10, d) || d < 0)
      return std::nullopt;
    dims.push_back(d);
  }
  return dims;
}

namespace {
struct SetInputShapesPass
    : tfg::impl::SetInputShapesPassBase<SetInputShapesPass> {
  using SetInputShapesPassBase::SetInputShapesPassBase;

  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-set-input-shapes: running on "
                            << getOperation()->getName() << "\n");
    llvm::StringMap<SmallVector<int64_t, 4>> wanted;
    for (const std::string &entry : shapes) {
      auto [name, dims] = StringRef(entry).split('=');
      std::optional<SmallVector<int64_t, 4>> parsed = parseDims(dims);
      if (name.empty() || !parsed) {
        mlir::emitError(getOperation()->getLoc())
            << "tfg-set-input-shapes: '" << entry
            << "' is not NAME=D0xD1x... (or NAME=scalar)";
        return signalPassFailure();
      }
      wanted[name] = *parsed;
    }
    llvm::StringMap<bool> found;
    for (Block *body : getGraphBodies(getOperation()))
      for (Operation &op : *body) {
        StringRef opName = getTFOpName(&op);
        if (opName != "Placeholder" && opName != "PlaceholderV2")
          continue;
        auto it = wanted.find(getNodeName(&op));
        if (it == wanted.end())
          continue;
        found[it->first()] = true;
        if (failed(setShape(&op, it->second)))
          return signalPassFailure();
      }
    for (const auto &entry : wanted)
      if (!found.count(entry.first())) {
        mlir::emitError(getOperation()->getLoc())
            << "tfg-set-input-shapes: no Placeholder named '" << entry.first()
            << "'";
        return signalPassFailure();
      }
  }

  LogicalResult setShape(Operation *op, ArrayRef<int64_t> dims) {
    if (auto known = op->getAttrOfType<tf_type::ShapeAttr>("shape");
        known && !known.getUnranked()) {
      ArrayRef<int64_t> old = known.getShape();
      bool ok = old.size() == dims.size();
      for (size_t i = 0; ok && i < dims.size(); ++i)
        ok = ShapedType::isDynamic(old[i]) || old[i] == dims[i];
      if (!ok)
        return op->emitError()
               << "tfg-set-input-shapes: shape "
               << tf_type::ShapeAttr::get(op->getContext(), dims)
               << " disagrees with the Placeholder's " << known;
    }
    op->setAttr("shape", tf_type::ShapeAttr::get(op->getContext(), dims));
    Value result = op->getResult(0);
    if (auto tensor = dyn_cast<TensorType>(result.getType()))
      result.setType(RankedTensorType::get(dims, tensor.getElementType()));
    return success();
  }
};
} // namespace
