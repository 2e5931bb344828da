//===- OpRegistry.cpp - TensorFlow op signatures for tfg ------------------===//

#include "tfg/IR/OpRegistry.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"

using namespace mlir::tfg;
using llvm::StringRef;

namespace {
#include "tfg/IR/OpDefTable.inc"
} // namespace

llvm::ArrayRef<OpDef> mlir::tfg::getBuiltinOpDefs() { return kOpDefs; }

const OpDef *mlir::tfg::lookupBuiltinOpDef(StringRef name) {
  uint32_t h = hashOpName(name) & (kOpDefIndexSize - 1);
  while (uint16_t slot = kOpDefIndex[h]) {
    const OpDef &def = kOpDefs[slot - 1];
    if (def.name == name)
      return &def;
    h = (h + 1) & (kOpDefIndexSize - 1);
  }
  return nullptr;
}

const OpDefAttr *OpDef::findAttr(StringRef attrName) const {
  for (const OpDefAttr &a : attrs())
    if (a.name == attrName)
      return &a;
  return nullptr;
}

OpRegistry::OpRegistry() = default;
OpRegistry::~OpRegistry() = default;

const OpDef *OpRegistry::lookup(StringRef name) const {
  if (!custom.empty()) {
    auto it = custom.find(name);
    if (it != custom.end())
      return it->second;
  }
  return lookupBuiltinOpDef(name);
}

const OpDef *OpRegistry::registerOp(const OpDefRecord &record) {
  llvm::UniqueStringSaver saver(arena);
  auto save = [&](const std::string &s) { return saver.save(s); };
  size_t numArgs = record.inputs.size() + record.outputs.size();
  OpDefArg *args = arena.Allocate<OpDefArg>(numArgs ? numArgs : 1);
  size_t i = 0;
  for (const auto *list : {&record.inputs, &record.outputs})
    for (const OpDefArgRecord &a : *list)
      new (&args[i++]) OpDefArg{save(a.name),         a.type,
                                save(a.typeAttr),     save(a.numberAttr),
                                save(a.typeListAttr), a.isRef};
  OpDefAttr *attrs =
      arena.Allocate<OpDefAttr>(record.attrs.empty() ? 1 : record.attrs.size());
  for (size_t j = 0; j < record.attrs.size(); ++j) {
    const OpDefAttrRecord &a = record.attrs[j];
    new (&attrs[j])
        OpDefAttr{save(a.name),          save(a.type), save(a.defaultValue),
                  save(a.allowedValues), a.hasMinimum, a.minimum};
  }
  OpDef *def = arena.Allocate<OpDef>();
  new (def) OpDef{save(record.name),
                  args,
                  static_cast<uint32_t>(record.inputs.size()),
                  args + record.inputs.size(),
                  static_cast<uint32_t>(record.outputs.size()),
                  attrs,
                  static_cast<uint32_t>(record.attrs.size()),
                  record.flags};
  custom[def->name] = def;
  return def;
}

llvm::Error OpRegistry::registerOpsFromText(StringRef text,
                                            StringRef bufferName) {
  auto records = parseOpDefList(text, bufferName);
  if (!records)
    return records.takeError();
  for (const OpDefRecord &r : *records)
    registerOp(r);
  return llvm::Error::success();
}

llvm::Error OpRegistry::registerOpsFromFile(StringRef path) {
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buf)
    return llvm::createStringError(buf.getError(),
                                   path + ": " + buf.getError().message());
  return registerOpsFromText((*buf)->getBuffer(), path);
}
