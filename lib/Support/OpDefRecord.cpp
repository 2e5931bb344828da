//===- OpDefRecord.cpp - OpDef data read from text format -----------------===//

#include "tfg/Support/OpDefRecord.h"
#include "tfg/Support/TextProto.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir::tfg;
using llvm::StringRef;

namespace {
struct DataTypeEntry {
  const char *name;
  int32_t value;
};
} // namespace

// DataType values of types.proto (facts of the wire format).
static const DataTypeEntry kDataTypes[] = {
    {"DT_INVALID", 0},
    {"DT_FLOAT", 1},
    {"DT_DOUBLE", 2},
    {"DT_INT32", 3},
    {"DT_UINT8", 4},
    {"DT_INT16", 5},
    {"DT_INT8", 6},
    {"DT_STRING", 7},
    {"DT_COMPLEX64", 8},
    {"DT_INT64", 9},
    {"DT_BOOL", 10},
    {"DT_QINT8", 11},
    {"DT_QUINT8", 12},
    {"DT_QINT32", 13},
    {"DT_BFLOAT16", 14},
    {"DT_QINT16", 15},
    {"DT_QUINT16", 16},
    {"DT_UINT16", 17},
    {"DT_COMPLEX128", 18},
    {"DT_HALF", 19},
    {"DT_RESOURCE", 20},
    {"DT_VARIANT", 21},
    {"DT_UINT32", 22},
    {"DT_UINT64", 23},
    {"DT_FLOAT8_E5M2", 24},
    {"DT_FLOAT8_E4M3FN", 25},
    {"DT_FLOAT8_E4M3FNUZ", 26},
    {"DT_FLOAT8_E4M3B11FNUZ", 27},
    {"DT_FLOAT8_E5M2FNUZ", 28},
    {"DT_INT4", 29},
    {"DT_UINT4", 30},
    {"DT_INT2", 31},
    {"DT_UINT2", 32},
};

int32_t mlir::tfg::dataTypeFromName(StringRef name) {
  bool ref = name.consume_back("_REF");
  for (const DataTypeEntry &e : kDataTypes)
    if (name == e.name)
      return ref ? (e.value == 0 ? -1 : e.value + 100) : e.value;
  return -1;
}

StringRef mlir::tfg::dataTypeName(int32_t type) {
  // Ref names are not interned; callers needing them append "_REF".
  for (const DataTypeEntry &e : kDataTypes)
    if (e.value == type)
      return e.name;
  return "";
}

// Re-serializes a parsed field tree to compact text format.
static void printField(const TextProtoField &f, std::string &out) {
  if (!out.empty())
    out += ' ';
  out += f.name;
  if (f.isMessage) {
    out += " {";
    for (const TextProtoField &c : f.fields)
      printField(c, out);
    out += " }";
    return;
  }
  out += ": ";
  if (f.isString)
    out += "\"" + escapeTextProtoString(f.scalar) + "\"";
  else
    out += f.scalar;
}

static std::string printBody(const TextProtoField &msg) {
  std::string out;
  for (const TextProtoField &c : msg.fields)
    printField(c, out);
  return out;
}

static llvm::Error fieldError(const TextProtoField &f, StringRef buffer,
                              const llvm::Twine &msg) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("{0}:{1}:{2}: {3}", buffer, f.line, f.column, msg.str())
          .str());
}

static llvm::Expected<OpDefArgRecord> readArg(const TextProtoField &f,
                                              StringRef buffer) {
  OpDefArgRecord arg;
  arg.name = f.get("name").str();
  if (arg.name.empty())
    return fieldError(f, buffer, "argument without a name");
  if (const TextProtoField *t = f.find("type")) {
    int32_t v = -1;
    if (!llvm::to_integer(t->scalar, v))
      v = dataTypeFromName(t->scalar);
    if (v < 0)
      return fieldError(*t, buffer, "unknown data type '" + t->scalar + "'");
    arg.type = v;
  }
  arg.typeAttr = f.get("type_attr").str();
  arg.numberAttr = f.get("number_attr").str();
  arg.typeListAttr = f.get("type_list_attr").str();
  arg.isRef = f.get("is_ref") == "true";
  return arg;
}

static llvm::Expected<OpDefRecord> readOp(const TextProtoField &op,
                                          StringRef buffer) {
  OpDefRecord rec;
  rec.name = op.get("name").str();
  if (rec.name.empty())
    return fieldError(op, buffer, "op without a name");
  for (const TextProtoField &f : op.fields) {
    StringRef n = f.name;
    if (n == "input_arg" || n == "output_arg") {
      if (!f.isMessage)
        return fieldError(f, buffer, "'" + n + "' must be a message");
      auto arg = readArg(f, buffer);
      if (!arg)
        return arg.takeError();
      (n == "input_arg" ? rec.inputs : rec.outputs).push_back(std::move(*arg));
    } else if (n == "attr") {
      if (!f.isMessage)
        return fieldError(f, buffer, "'attr' must be a message");
      OpDefAttrRecord attr;
      attr.name = f.get("name").str();
      attr.type = f.get("type").str();
      if (attr.name.empty())
        return fieldError(f, buffer, "attr without a name");
      if (const TextProtoField *d = f.find("default_value"))
        attr.defaultValue = printBody(*d);
      if (const TextProtoField *a = f.find("allowed_values"))
        attr.allowedValues = printBody(*a);
      attr.hasMinimum = f.get("has_minimum") == "true";
      if (attr.hasMinimum &&
          !llvm::to_integer(f.get("minimum", "0"), attr.minimum))
        return fieldError(f, buffer, "invalid minimum");
      rec.attrs.push_back(std::move(attr));
    } else if (!f.isMessage) {
      bool on = f.scalar == "true";
      if (n == "is_stateful" && on)
        rec.flags |= kOpIsStateful;
      else if (n == "is_commutative" && on)
        rec.flags |= kOpIsCommutative;
      else if (n == "is_aggregate" && on)
        rec.flags |= kOpIsAggregate;
      else if (n == "allows_uninitialized_input" && on)
        rec.flags |= kOpAllowsUninitializedInput;
      else if (n == "is_distributed_communication" && on)
        rec.flags |= kOpIsDistributedCommunication;
    }
  }
  return rec;
}

llvm::Expected<std::vector<OpDefRecord>>
mlir::tfg::parseOpDefList(StringRef text, StringRef bufferName) {
  auto root = parseTextProto(text, bufferName);
  if (!root)
    return root.takeError();
  std::vector<OpDefRecord> ops;
  if (root->find("name")) {
    auto rec = readOp(*root, bufferName);
    if (!rec)
      return rec.takeError();
    ops.push_back(std::move(*rec));
    return ops;
  }
  for (const TextProtoField &f : root->fields) {
    if (f.name != "op" || !f.isMessage)
      return fieldError(f, bufferName,
                        "expected 'op { ... }' entries, found '" + f.name +
                            "'");
    auto rec = readOp(f, bufferName);
    if (!rec)
      return rec.takeError();
    ops.push_back(std::move(*rec));
  }
  return ops;
}
