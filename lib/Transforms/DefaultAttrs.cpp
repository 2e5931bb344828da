//===- DefaultAttrs.cpp - Add or strip OpDef default attributes -----------===//

#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "tfg-default-attrs"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_ADDDEFAULTATTRSPASS
#define GEN_PASS_DEF_STRIPDEFAULTATTRSPASS
#include "tfg/Transforms/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Converted OpDef defaults, computed once per attribute.
class DefaultCache {
public:
  explicit DefaultCache(MLIRContext *ctx)
      : ctx(ctx),
        registry(ctx->getLoadedDialect<TFGraphDialect>()->getOpRegistry()) {}

  /// Calls `fn(name, default)` for every attribute of `op`'s OpDef that has
  /// a convertible default.
  void forEachDefault(Operation *op,
                      function_ref<void(StringRef, Attribute)> fn) {
    if (op->getName().getDialectNamespace() != "tfg" || !getControlToken(op))
      return;
    const OpDef *def = registry.lookup(getTFOpName(op));
    if (!def)
      return;
    for (const OpDefAttr &attr : def->attrs()) {
      auto [it, inserted] = cache.try_emplace(&attr);
      if (inserted)
        it->second = getOpDefDefaultAttr(ctx, attr);
      if (it->second)
        fn(attr.name, it->second);
    }
  }

private:
  MLIRContext *ctx;
  const OpRegistry &registry;
  llvm::DenseMap<const OpDefAttr *, Attribute> cache;
};
} // namespace

int64_t mlir::tfg::addDefaultAttrs(Operation *root) {
  DefaultCache defaults(root->getContext());
  int64_t added = 0;
  root->walk([&](Operation *op) {
    defaults.forEachDefault(op, [&](StringRef name, Attribute value) {
      if (!op->hasAttr(name)) {
        op->setAttr(name, value);
        ++added;
      }
    });
  });
  return added;
}

int64_t mlir::tfg::stripDefaultAttrs(Operation *root) {
  DefaultCache defaults(root->getContext());
  int64_t removed = 0;
  root->walk([&](Operation *op) {
    defaults.forEachDefault(op, [&](StringRef name, Attribute value) {
      if (op->getAttr(name) == value) {
        op->removeAttr(name);
        ++removed;
      }
    });
    // The importer's list of the defaults it added: keep it in step.
    if (auto list = op->getAttrOfType<ArrayAttr>(kDefaultedAttrsAttrName)) {
      SmallVector<Attribute> kept;
      for (Attribute name : list)
        if (auto s = dyn_cast<StringAttr>(name); s && op->hasAttr(s))
          kept.push_back(s);
      if (kept.empty())
        op->removeAttr(kDefaultedAttrsAttrName);
      else if (kept.size() != list.size())
        op->setAttr(kDefaultedAttrsAttrName,
                    ArrayAttr::get(op->getContext(), kept));
    }
  });
  return removed;
}

namespace {
struct AddDefaultAttrsPass
    : tfg::impl::AddDefaultAttrsPassBase<AddDefaultAttrsPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-default-attrs: running on "
                            << getOperation()->getName() << "\n");
    int64_t added = addDefaultAttrs(getOperation());
    numAttrsAdded += added;
    if (!added)
      markAllAnalysesPreserved();
  }
};
struct StripDefaultAttrsPass
    : tfg::impl::StripDefaultAttrsPassBase<StripDefaultAttrsPass> {
  void runOnOperation() override {
    LLVM_DEBUG(llvm::dbgs() << "tfg-default-attrs: running on "
                            << getOperation()->getName() << "\n");
    int64_t removed = stripDefaultAttrs(getOperation());
    numAttrsRemoved += removed;
    if (!removed)
      markAllAnalysesPreserved();
  }
};
} // namespace
