//===- TFDialect.cpp - tf dialect: one dynamic op per OpDef ---------------===//
//
// The tf dialect registers, when it loads, one dynamic op `tf.<Name>` per
// OpDef of the compiled-in op registry (about 1,560), instead of an ODS
// definition each: the op's verifier checks it against its OpDef
// (OpDefVerifier.cpp), and its memory effects come from the OpDef's
// `is_stateful` through the dialect's interface fallback. The ops print
// in generic form, as TensorFlow's tools print tf ops.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/TF/TFDialect.h"

#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/OpSignature.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::TF;

#include "tfg/Dialect/TF/TFDialect.cpp.inc"

namespace {
/// Stateful ops read and write an unknown resource; the others have no
/// effect, so that stock passes (DCE, CSE) may treat them as pure.
struct OpDefEffects
    : public MemoryEffectOpInterface::FallbackModel<OpDefEffects> {
  void
  getEffects(Operation *op,
             SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                 &effects) const {
    const tfg::OpDef *def = getOpDef(op);
    if (def && !def->isStateful())
      return;
    effects.emplace_back(MemoryEffects::Read::get());
    effects.emplace_back(MemoryEffects::Write::get());
  }
};

/// The allowed values of every attribute of the built-in OpDefs, parsed
/// when the dialect loads; read-only afterwards, so verifiers running in
/// parallel read it without a lock.
struct AllowedValuesCache {
  llvm::DenseMap<const tfg::OpDefAttr *, ArrayAttr> values;
};
} // namespace

void TFDialect::initialize() {
  allowUnknownOperations();
  memoryEffects = std::make_shared<OpDefEffects>();
  auto cache = std::make_shared<AllowedValuesCache>();
  for (const tfg::OpDef &def : tfg::getBuiltinOpDefs())
    for (const tfg::OpDefAttr &attr : def.attrs())
      if (!attr.allowedValues.empty())
        cache->values[&attr] = llvm::dyn_cast_if_present<ArrayAttr>(
            tfg::parseAttrValueText(getContext(), attr.allowedValues));
  allowedValuesCache = std::move(cache);
  registerODSOps();
  registerOpDefOps();
}

void TFDialect::registerOpDefOps() {
  for (const tfg::OpDef &def : tfg::getBuiltinOpDefs()) {
    const tfg::OpDef *defPtr = &def;
    auto verify = [defPtr](Operation *op) -> LogicalResult {
      return verifyOpDef(op, *defPtr);
    };
    auto verifyRegions = [](Operation *) { return success(); };
    auto parse = [](OpAsmParser &parser, OperationState &) -> ParseResult {
      return parser.emitError(parser.getCurrentLocation(),
                              "tf ops are written in generic form: "
                              "\"tf.Op\"(...) : (...) -> (...)");
    };
    auto print = [](Operation *op, OpAsmPrinter &printer, StringRef) {
      printer.printGenericOp(op);
    };
    registerDynamicOp(DynamicOpDefinition::get(
        def.name, this, std::move(verify), std::move(verifyRegions),
        std::move(parse), std::move(print)));
  }
}

void *TFDialect::getRegisteredInterfaceForOp(TypeID interfaceID,
                                             OperationName opName) {
  // The OpDef ops only: the region ops of TFOps.td take their effects
  // from the ops they hold.
  if (interfaceID == TypeID::get<MemoryEffectOpInterface>() &&
      opName.isRegistered() &&
      !opName.hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return memoryEffects.get();
  return nullptr;
}

ArrayAttr TFDialect::getAllowedValues(const tfg::OpDefAttr &attr) {
  auto *cache = static_cast<AllowedValuesCache *>(allowedValuesCache.get());
  auto it = cache->values.find(&attr);
  if (it != cache->values.end())
    return it->second;
  return llvm::dyn_cast_if_present<ArrayAttr>(
      tfg::parseAttrValueText(getContext(), attr.allowedValues));
}
