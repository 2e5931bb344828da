//===- StridedCopies.cpp - strided memref.copy to linalg.copy -------------===//
//
// tfg-strided-copies-to-linalg: a memref.copy between buffers that are not
// both contiguous (a padded tensor's interior, a slice) becomes a
// linalg.copy, which convert-linalg-to-loops turns into a loop nest that
// LLVM vectorizes; left alone, the LLVM lowering calls the C runner
// utilities' memrefCopy, which computes every element's address from the
// descriptors (docs/Codegen.md, "The pipeline"). Contiguous copies stay
// memref.copy (a memcpy).
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_STRIDEDCOPIESTOLINALGPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;

namespace {
struct StridedCopiesToLinalgPass
    : public tfg::impl::StridedCopiesToLinalgPassBase<
          StridedCopiesToLinalgPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp op) {
      auto source = dyn_cast<MemRefType>(op.getSource().getType());
      auto target = dyn_cast<MemRefType>(op.getTarget().getType());
      if (!source || !target || source.getRank() == 0)
        return;
      if (memref::isStaticShapeAndContiguousRowMajor(source) &&
          memref::isStaticShapeAndContiguousRowMajor(target))
        return;
      copies.push_back(op);
    });
    for (memref::CopyOp op : copies) {
      OpBuilder b(op);
      linalg::CopyOp::create(b, op.getLoc(), op.getSource(), op.getTarget());
      op->erase();
    }
  }
};
} // namespace
