//===- OpRegistry.cpp - TensorFlow op signatures for tfg ------------------===//

#include "tfg/IR/OpRegistry.h"

#include "llvm/Support/MemoryBuffer.h"

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

/// A run-time OpDef and the storage its views point into.
struct OpRegistry::OwnedOpDef {
  std::vector<std::string> strings;
  std::vector<OpDefArg> args;
  std::vector<OpDefAttr> attrs;
  OpDef def;
};

const OpDef *OpRegistry::registerOp(const OpDefRecord &record) {
  auto owned = std::make_unique<OwnedOpDef>();
  size_t numArgs = record.inputs.size() + record.outputs.size();
  // Reserved up front: the views keep pointers into these vectors.
  owned->strings.reserve(1 + 4 * numArgs + 4 * record.attrs.size());
  owned->args.reserve(numArgs);
  owned->attrs.reserve(record.attrs.size());
  auto save = [&](const std::string &s) -> StringRef {
    owned->strings.push_back(s);
    return owned->strings.back();
  };
  for (const auto *list : {&record.inputs, &record.outputs})
    for (const OpDefArgRecord &a : *list)
      owned->args.push_back(OpDefArg{save(a.name), a.type, save(a.typeAttr),
                                     save(a.numberAttr), save(a.typeListAttr),
                                     a.isRef});
  for (const OpDefAttrRecord &a : record.attrs)
    owned->attrs.push_back(
        OpDefAttr{save(a.name), save(a.type), save(a.defaultValue),
                  save(a.allowedValues), a.hasMinimum, a.minimum});
  const OpDefArg *args = owned->args.data();
  owned->def = OpDef{save(record.name),
                     args,
                     static_cast<uint32_t>(record.inputs.size()),
                     args + record.inputs.size(),
                     static_cast<uint32_t>(record.outputs.size()),
                     owned->attrs.data(),
                     static_cast<uint32_t>(record.attrs.size()),
                     record.flags};
  const OpDef *def = &owned->def;
  custom[def->name] = def;
  storage.push_back(std::move(owned));
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
