//===- PackedConvUkernel.cpp - Convolutions with filters packed now -------===//
//
// Part of tfg-linalg-to-ukernels: a float32 linalg.conv_2d_nhwc_hwcf on
// buffers whose filter is a constant memref.global becomes a call of
// tfg_rt_conv2d_packed_f32 (tfg/Codegen/Runtime.h) on a new constant global
// holding the filter already in the micro-kernel's panel layout, so that
// no call packs it again. The zero fill before the convolution folds into
// the call (the kernel overwrites its output), and so does the elementwise
// epilogue after it when its body is a chain of steps the kernel applies to
// each output tile: adding a bias vector, adding a residual tensor,
// maximumf with 0, minimumf with 6 (docs/Codegen.md, "Micro-kernels").
//
//===----------------------------------------------------------------------===//

#include "Ukernels.h"

#include "tfg/Codegen/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <cstring>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
using namespace tfg::ukernels;

/// The float32 values of the constant global that `filter` reads (static,
/// row-major, dense or dense_resource).
std::optional<std::vector<float>> constantValues(Value filter,
                                                 memref::GlobalOp &global) {
  auto get = filter.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return std::nullopt;
  global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  if (!global || !global.getConstant() || !staticRowMajor(filter) ||
      global.getType() != filter.getType())
    return std::nullopt;
  int64_t count = global.getType().getNumElements();
  std::vector<float> values(static_cast<size_t>(count));
  Attribute init = global.getInitialValueAttr();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(init)) {
    if (!dense.getElementType().isF32() || dense.getNumElements() != count)
      return std::nullopt;
    llvm::copy(dense.getValues<float>(), values.begin());
    return values;
  }
  if (auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(init)) {
    const AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != values.size() * sizeof(float))
      return std::nullopt;
    std::memcpy(values.data(), blob->getData().data(),
                values.size() * sizeof(float));
    return values;
  }
  return std::nullopt;
}

/// The global of `filter`'s packed form, created once per filter global.
memref::GlobalOp packedGlobal(ModuleOp module, memref::GlobalOp filter,
                              ArrayRef<float> values, int64_t k, int64_t f,
                              SmallVectorImpl<Operation *> &packedFilters) {
  std::string name = ("__tfg_packed_" + filter.getSymName()).str();
  if (auto existing = module.lookupSymbol<memref::GlobalOp>(name))
    return existing;
  int64_t columns = TFG_RT_PACKED_PANEL_COLUMNS;
  int64_t size = (f + columns - 1) / columns * k * columns;
  std::vector<float> packed(static_cast<size_t>(size));
  tfg_rt_pack_filter_f32(values.data(), k, f, packed.data());
  MLIRContext *context = module.getContext();
  auto f32 = Float32Type::get(context);
  ArrayRef<char> bytes(reinterpret_cast<const char *>(packed.data()),
                       packed.size() * sizeof(float));
  auto attr = DenseResourceElementsAttr::get(
      RankedTensorType::get({size}, f32), name,
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignof(float),
                                                    /*dataIsMutable=*/false));
  OpBuilder b(filter);
  b.setInsertionPointAfter(filter);
  auto global = memref::GlobalOp::create(
      b, filter.getLoc(), name, b.getStringAttr("private"),
      MemRefType::get({size}, f32), attr, /*constant=*/true,
      b.getI64IntegerAttr(64));
  packedFilters.push_back(filter);
  return global;
}

} // namespace

bool tfg::ukernels::rewritePackedConv(
    ModuleOp module, linalg::Conv2DNhwcHwcfOp conv,
    ArrayRef<int64_t> stridesAndDilations,
    SmallVectorImpl<Operation *> &packedFilters) {
  Value in = conv.getDpsInputs()[0], filter = conv.getDpsInputs()[1];
  Value acc = conv.getDpsInits()[0];
  memref::GlobalOp filterGlobal;
  std::optional<std::vector<float>> values =
      constantValues(filter, filterGlobal);
  if (!values || !staticRowMajor(acc))
    return false;
  ArrayRef<int64_t> shape = cast<MemRefType>(filter.getType()).getShape();
  int64_t kh = shape[0], kw = shape[1], k = kh * kw * shape[2], f = shape[3];
  // The zero fill right before the convolution, when nothing else touches
  // the buffer in between: the kernel overwrites instead.
  KernelFold fold = matchFold(conv, acc, conv.getDpsInputs()[0], 1);
  Value out = fold.out;

  memref::GlobalOp packed =
      packedGlobal(module, filterGlobal, *values, k, f, packedFilters);
  OpBuilder b(conv);
  Location loc = conv.getLoc();
  prepareFold(b, fold, conv);
  Value bias = fold.bias, residual = fold.residual;
  Value packedValue = memref::GetGlobalOp::create(b, loc, packed.getType(),
                                                  packed.getSymName());
  // Unused descriptors (no bias, no residual) repeat the packed filter and
  // the output: the kernel does not read them.
  SmallVector<Value> operands = {in, packedValue, out,
                                 bias ? bias : packedValue,
                                 residual ? residual : out};
  const int64_t ranks[] = {4, 1, 4, 1, 4};
  SmallVector<Value> args;
  for (auto [value, rank] : llvm::zip(operands, ranks))
    args.push_back(memref::CastOp::create(
        b, loc, dynamicF32(b.getContext(), rank), value));
  for (int64_t v : {kh, kw})
    args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
  for (int64_t v : stridesAndDilations)
    args.push_back(arith::ConstantIntOp::create(b, loc, v, 64));
  args.push_back(arith::ConstantIntOp::create(b, loc, fold.word, 64));
  func::FuncOp callee =
      declareKernel(module, "tfg_rt_conv2d_packed_f32", {4, 1, 4, 1, 4}, 7);
  func::CallOp::create(b, loc, callee, args);
  eraseFolded(fold, conv);
  return true;
}
