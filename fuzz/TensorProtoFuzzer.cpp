//===- TensorProtoFuzzer.cpp - Fuzz the host tensor-proto codec -----------===//
//
// Reads the input as the serialized TensorProto of a #tf_type<tensor_proto>
// attribute for each element type tfg keeps in that form (string, qint8,
// quint16, qint32, int4, uint2, float8) and for two numeric ones, in
// shapes [3] and [2, 2]. Whatever reads must convert back to an attribute
// that reads to the same tensor.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <cstddef>
#include <cstdint>
#include <memory>

using namespace mlir;
using namespace mlir::tfg;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // Attributes live as long as their context: a fresh one every few
  // thousand inputs keeps the fuzzer's memory flat.
  static std::unique_ptr<MLIRContext> owner;
  static unsigned runs = 0;
  if (!owner || ++runs % 4096 == 0) {
    owner = std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
    owner->loadDialect<tf_type::TFTypeDialect>();
  }
  MLIRContext *context = owner.get();
  Builder b(context);
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  Type types[] = {tf_type::StringType::get(context),
                  tf_type::Qint8Type::get(context),
                  tf_type::Quint16Type::get(context),
                  tf_type::Qint32Type::get(context),
                  b.getIntegerType(4),
                  b.getIntegerType(2, /*isSigned=*/false),
                  b.getType<Float8E4M3FNType>(),
                  b.getF32Type(),
                  ComplexType::get(b.getF64Type())};
  static const int64_t vector[] = {3}, matrix[] = {2, 2};
  for (Type type : types) {
    for (ArrayRef<int64_t> shape :
         {ArrayRef<int64_t>(vector), ArrayRef<int64_t>(matrix)}) {
      auto tensorType = RankedTensorType::get(shape, type);
      llvm::Expected<HostTensor> t = HostTensor::fromAttr(
          tf_type::TensorProtoAttr::get(context, tensorType, bytes),
          /*maxBytes=*/int64_t(1) << 24);
      if (!t) {
        llvm::consumeError(t.takeError());
        continue;
      }
      llvm::Expected<HostTensor> back =
          HostTensor::fromAttr(t->toAttr(context), int64_t(1) << 24);
      if (!back || !back->isBitEqual(*t))
        __builtin_trap();
    }
  }
  return 0;
}
