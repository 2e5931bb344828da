//===- TableOps.cpp - Builtins: lookup tables -----------------------------===//
//
// TensorFlow's lookup tables, which inference graphs use for vocabularies,
// as run-time objects of the interpreter:
// - HashTable(V2) is immutable once initialized: InitializeTable(V2) and
//   InitializeTableFromTextFile(V2) fill it; finding a key before that is
//   an error ("not initialized"). Initializing an initialized table is a
//   no-op when the entries are the same (TensorFlow's hash table compares
//   only their number; this one compares the entries) and an error
//   otherwise. A key given twice with different values is an error, with
//   the same value it is one entry. LookupTableImport(V2) of such a table
//   initializes it the same way; Insert and Remove are errors.
// - MutableHashTable(V2), MutableHashTableOfTensors(V2) (values of
//   `value_shape`) and MutableDenseHashTable(V2) (looked up like a mutable
//   hash table; its `empty_key` and `deleted_key` may not be used as keys)
//   take Insert (a key given again gets the new value), Remove (missing
//   keys are ignored) and Import (replaces the contents).
// Tables are shared by container and shared_name, and kept from one run to
// the next like variables; a table with an empty shared_name is its node's
// (its name when `use_node_name_sharing`), as TensorFlow's kernel keeps
// its table. With InterpreterOptions::tablesByNodeName, a table is its node
// name's alone, as TensorFlow.js keeps them (a model initializer's tables
// are found by the model's HashTable nodes of the same names). Keys are int32,
// int64 or strings and compare exactly (strings by bytes); values may be of any
// dtype with a host form. Find gives, for keys of any shape S, values of shape
// S + value_shape, the default value (of value_shape) for missing keys. Size is
// an int64 scalar. Export gives the keys and values in insertion order
// (TensorFlow's order is unspecified); a key inserted again keeps its place. A
// table holds at most kMaxListElements entries and maxElements value elements:
// more is an error. Reading vocabulary files is in TableFile.cpp.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringSet.h"

#include <cstring>
#include <unordered_map>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

using Outs = SmallVectorImpl<RtValue>;
using Ins = MutableArrayRef<RtValue>;

namespace {
/// A value of a table: its elements' bytes (numbers) or strings.
struct TableValue {
  std::string bytes;
  std::vector<std::string> strings;
  bool operator==(const TableValue &other) const {
    return bytes == other.bytes && strings == other.strings;
  }
};

/// One entry: the key's bytes (an int key as an int64's bytes, a string
/// key as itself) and the value.
struct TableEntry {
  std::string key;
  TableValue value;
};

struct LookupTable : RuntimeObject {
  LookupTable() : RuntimeObject(Kind::LookupTable) {}
  bool isMutable = false;
  bool initialized = false;
  Type keyType, valueType;
  SmallVector<int64_t, 4> valueShape;
  /// Elements of one value.
  int64_t valueSize = 1;
  /// MutableDenseHashTable: the keys that may not be used.
  std::optional<std::string> emptyKey, deletedKey;
  /// Entries by insertion number (export order), and that number by key.
  std::map<uint64_t, TableEntry> entries;
  std::unordered_map<std::string, uint64_t> index;
  uint64_t nextNumber = 0;

  void clear() {
    entries.clear();
    index.clear();
  }
  const TableValue *find(const std::string &key) const {
    auto it = index.find(key);
    if (it == index.end())
      return nullptr;
    auto entry = entries.find(it->second);
    return entry == entries.end() ? nullptr : &entry->second.value;
  }
};
} // namespace

static std::string typeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

static bool isStringType(Type type) { return isa<tf_type::StringType>(type); }

static std::string encodeIntKey(int64_t value) {
  std::string key(sizeof(value), '\0');
  std::memcpy(key.data(), &value, sizeof(value));
  return key;
}

static int64_t decodeIntKey(const std::string &key) {
  int64_t value = 0;
  if (key.size() == sizeof(value))
    std::memcpy(&value, key.data(), sizeof(value));
  return value;
}

static std::string encodeKey(const HostTensor &keys, int64_t i) {
  if (keys.getKind() == HostElementKind::String)
    return keys.getString(i).str();
  return encodeIntKey(keys.getInt(i));
}

/// A key for messages: a number, or a quoted string (cut after 64 bytes).
static std::string describeKey(const LookupTable &table,
                               const std::string &key) {
  if (!isStringType(table.keyType))
    return std::to_string(decodeIntKey(key));
  std::string shown = key.substr(0, 64);
  return "'" + shown + (key.size() > 64 ? "...'" : "'");
}

/// Value `row` of `values` (elements [row * size, (row + 1) * size)).
static TableValue readValue(const HostTensor &values, int64_t row,
                            int64_t size) {
  TableValue value;
  if (values.getKind() == HostElementKind::String) {
    for (int64_t j = 0; j < size; ++j)
      value.strings.push_back(values.getString(row * size + j).str());
    return value;
  }
  unsigned bytes = values.getElementInfo().byteSize;
  ArrayRef<char> raw = values.getRawData();
  for (int64_t j = 0; j < size; ++j) {
    int64_t i = values.isSplat() ? 0 : row * size + j;
    value.bytes.append(raw.data() + i * bytes, bytes);
  }
  return value;
}

/// Stores `value` as value `row` of `out` (not a splat).
static void writeValue(HostTensor &out, int64_t row, int64_t size,
                       const TableValue &value) {
  if (out.getKind() == HostElementKind::String) {
    for (int64_t j = 0; j < size && j < int64_t(value.strings.size()); ++j)
      out.setString(row * size + j, value.strings[j]);
    return;
  }
  MutableArrayRef<char> raw = out.getMutableRawData();
  size_t offset = size_t(row) * value.bytes.size();
  if (offset + value.bytes.size() <= raw.size())
    std::memcpy(raw.data() + offset, value.bytes.data(), value.bytes.size());
}

/// The lookup table of input 0, once the node got at least `n` inputs.
static llvm::Expected<LookupTable *> getTable(const CompiledNode &node,
                                              Ins inputs, unsigned n) {
  return getObjectInput<LookupTable>(
      node, inputs, n, RuntimeObject::Kind::LookupTable, "lookup table");
}

/// Input `i` as a tensor of `dtype` (`what` names it in errors).
static llvm::Expected<const HostTensor *>
getTypedInput(const CompiledNode &node, Ins inputs, unsigned i, Type dtype,
              StringRef what) {
  const HostTensor *t = inputs[i].tensor.get();
  if (!t)
    return nodeError(node.op, "the " + what + " are a handle, not a tensor");
  if (t->getElementType() != dtype)
    return nodeError(node.op, "the " + what + " are of type " +
                                  typeString(t->getElementType()) +
                                  ", the table's of type " + typeString(dtype));
  return t;
}

/// `shape` followed by the table's value shape, with its element count
/// checked against `maxElements`.
static llvm::Expected<SmallVector<int64_t, 4>>
getValuesShape(const CompiledNode &node, const LookupTable &table,
               ArrayRef<int64_t> shape, int64_t maxElements) {
  SmallVector<int64_t, 4> full(shape);
  full.append(table.valueShape.begin(), table.valueShape.end());
  if (int64_t(full.size()) > kMaxHostTensorRank)
    return nodeError(node.op, "the values' rank is over the bound");
  auto count = getHostNumElements(full);
  if (!count)
    return nodeError(node.op, toString(count.takeError()));
  if (*count > maxElements)
    return nodeError(node.op, "the values have " + Twine(*count) +
                                  " elements, over the bound of " +
                                  Twine(maxElements));
  return full;
}

/// The entries of `keys` and `values` (values of shape keys' shape + the
/// value shape), checked against the table's dtypes and reserved keys.
static llvm::Expected<std::vector<TableEntry>>
readEntries(Executor &exec, const CompiledNode &node, const LookupTable &table,
            Ins inputs, unsigned keysIndex) {
  if (llvm::Error err = expectInputs(node, inputs, keysIndex + 2))
    return std::move(err);
  auto keys = getTypedInput(node, inputs, keysIndex, table.keyType, "keys");
  if (!keys)
    return keys.takeError();
  auto values =
      getTypedInput(node, inputs, keysIndex + 1, table.valueType, "values");
  if (!values)
    return values.takeError();
  auto shape = getValuesShape(node, table, (*keys)->getShape(),
                              exec.getState().options.maxElements);
  if (!shape)
    return shape.takeError();
  if ((*values)->getShape() != ArrayRef<int64_t>(*shape))
    return nodeError(node.op, "the values' shape does not match the keys' "
                              "shape followed by the value shape");
  std::vector<TableEntry> entries;
  int64_t n = (*keys)->getNumElements();
  if (n > kMaxListElements)
    return nodeError(node.op, "gives " + Twine(n) +
                                  " keys, over the bound of " +
                                  Twine(kMaxListElements) + " entries");
  entries.reserve(n);
  for (int64_t i = 0; i < n; ++i)
    entries.push_back(
        {encodeKey(**keys, i), readValue(**values, i, table.valueSize)});
  return entries;
}

/// An error for a reserved key of a dense table.
static llvm::Error checkKey(const CompiledNode &node, const LookupTable &table,
                            const std::string &key) {
  if (table.emptyKey && key == *table.emptyKey)
    return nodeError(node.op, "the empty_key " + describeKey(table, key) +
                                  " cannot be used as a key");
  if (table.deletedKey && key == *table.deletedKey)
    return nodeError(node.op, "the deleted_key " + describeKey(table, key) +
                                  " cannot be used as a key");
  return llvm::Error::success();
}

/// Adds or replaces one entry, bounded.
static llvm::Error putEntry(Executor &exec, const CompiledNode &node,
                            LookupTable &table, TableEntry entry) {
  if (llvm::Error err = checkKey(node, table, entry.key))
    return err;
  auto it = table.index.find(entry.key);
  if (it != table.index.end()) {
    table.entries[it->second].value = std::move(entry.value);
    return llvm::Error::success();
  }
  int64_t count = int64_t(table.entries.size()) + 1;
  int64_t maxElements = exec.getState().options.maxElements;
  if (count > kMaxListElements || count > maxElements / table.valueSize)
    return nodeError(
        node.op,
        "the table would have more than " +
            Twine(std::min(kMaxListElements, maxElements / table.valueSize)) +
            " entries");
  uint64_t number = table.nextNumber++;
  table.index.emplace(entry.key, number);
  table.entries.emplace(number, std::move(entry));
  return llvm::Error::success();
}

/// Initializes an immutable table (InitializeTable, a text file, Import).
static llvm::Error initializeEntries(Executor &exec, const CompiledNode &node,
                                     LookupTable &table,
                                     std::vector<TableEntry> entries) {
  if (table.initialized) {
    // The same entries again: nothing to do.
    bool same = true;
    llvm::StringSet<> seen;
    for (const TableEntry &entry : entries) {
      const TableValue *value = table.find(entry.key);
      same = same && value && *value == entry.value;
      seen.insert(entry.key);
    }
    if (same && seen.size() == table.entries.size())
      return llvm::Error::success();
    return nodeError(node.op,
                     "the table was already initialized with other entries");
  }
  for (TableEntry &entry : entries) {
    if (const TableValue *value = table.find(entry.key)) {
      if (*value == entry.value)
        continue;
      std::string key = describeKey(table, entry.key);
      table.clear();
      return nodeError(node.op, "key " + key + " is given different values");
    }
    if (llvm::Error err = putEntry(exec, node, table, std::move(entry))) {
      table.clear();
      return err;
    }
  }
  table.initialized = true;
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Creating tables
//===----------------------------------------------------------------------===//

/// Whether an existing table fits a creating node's signature.
static bool sameSignature(const LookupTable &a, const LookupTable &b) {
  return a.isMutable == b.isMutable && a.keyType == b.keyType &&
         a.valueType == b.valueType && a.valueShape == b.valueShape &&
         a.emptyKey == b.emptyKey && a.deletedKey == b.deletedKey;
}

/// The empty_key or deleted_key operand of a dense table.
static llvm::Expected<std::string> readReservedKey(const CompiledNode &node,
                                                   Ins inputs, unsigned i,
                                                   Type keyType) {
  auto t = getTypedInput(node, inputs, i, keyType,
                         i == 0 ? "empty_key" : "deleted_key");
  if (!t)
    return t.takeError();
  if ((*t)->getNumElements() != 1)
    return nodeError(node.op, "the reserved keys must be one element each");
  return encodeKey(**t, 0);
}

static llvm::Error createTable(Executor &exec, const CompiledNode &node,
                               Ins inputs, Outs &outs) {
  StringRef op = node.opName;
  auto table = std::make_shared<LookupTable>();
  table->isMutable = op.starts_with("Mutable");
  table->keyType = getTypeAttr(node, "key_dtype");
  table->valueType = getTypeAttr(node, "value_dtype");
  if (!table->keyType || !table->valueType)
    return nodeError(node.op, "has no key_dtype or value_dtype");
  if (!isStringType(table->keyType) && !table->keyType.isSignlessInteger(32) &&
      !table->keyType.isSignlessInteger(64))
    return nodeError(node.op, "keys of type " + typeString(table->keyType) +
                                  " are not supported (int32, int64, string)");
  auto info = getHostElementInfo(table->valueType);
  if (!info)
    return nodeError(node.op, "values of type " + typeString(table->valueType) +
                                  " are not supported");
  if (auto shape = node.getAttrOfType<tf_type::ShapeAttr>("value_shape")) {
    if (shape.getUnranked() || llvm::any_of(shape.getShape(), [](int64_t d) {
          return ShapedType::isDynamic(d);
        }))
      return nodeError(node.op, "the value_shape is not fully known");
    table->valueShape.assign(shape.getShape().begin(), shape.getShape().end());
    auto size = getHostNumElements(table->valueShape);
    if (!size)
      return nodeError(node.op, toString(size.takeError()));
    if (*size < 1 || *size > exec.getState().options.maxElements)
      return nodeError(node.op, "the value_shape has " + Twine(*size) +
                                    " elements (at least 1, at most " +
                                    Twine(exec.getState().options.maxElements) +
                                    ")");
    table->valueSize = *size;
  }
  if (op.starts_with("MutableDenseHashTable")) {
    if (llvm::Error err = expectInputs(node, inputs, 2))
      return err;
    auto empty = readReservedKey(node, inputs, 0, table->keyType);
    if (!empty)
      return empty.takeError();
    auto deleted = readReservedKey(node, inputs, 1, table->keyType);
    if (!deleted)
      return deleted.takeError();
    if (*empty == *deleted)
      return nodeError(node.op, "the empty_key and deleted_key are equal");
    table->emptyKey = std::move(*empty);
    table->deletedKey = std::move(*deleted);
  }

  auto str = [&](StringRef name) {
    auto attr = node.getAttrOfType<StringAttr>(name);
    return attr ? attr.str() : std::string();
  };
  std::string container = str("container");
  std::string shared = str("shared_name");
  std::string shown = shared.empty() ? getNodeName(node.op).str() : shared;
  if (exec.getState().options.tablesByNodeName) {
    // As TensorFlow.js keeps them: by node name only.
    container.clear();
    shared = shown = getNodeName(node.op).str();
  } else if (shared.empty()) {
    auto byName = node.getAttrOfType<BoolAttr>("use_node_name_sharing");
    if (byName && byName.getValue())
      shared = getNodeName(node.op).str();
    else // The node's own table: a name no graph can give.
      shared = std::string("\0node:", 6) +
               std::to_string(reinterpret_cast<uintptr_t>(node.op));
  }
  std::shared_ptr<RuntimeObject> &slot =
      exec.getState().resources->tables[{container, shared}];
  if (!slot) {
    slot = table;
  } else if (!sameSignature(*static_cast<LookupTable *>(slot.get()), *table)) {
    return nodeError(node.op, "the table '" + shown +
                                  "' exists with another kind, dtypes or "
                                  "value shape");
  }
  outs.push_back({nullptr, slot});
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Using tables
//===----------------------------------------------------------------------===//

static llvm::Error initializeTable(Executor &exec, const CompiledNode &node,
                                   Ins inputs, Outs &) {
  auto table = getTable(node, inputs, 3);
  if (!table)
    return table.takeError();
  if ((*table)->isMutable)
    return nodeError(node.op, "a mutable table cannot be initialized (use "
                              "LookupTableInsertV2)");
  auto entries = readEntries(exec, node, **table, inputs, 1);
  if (!entries)
    return entries.takeError();
  return initializeEntries(exec, node, **table, std::move(*entries));
}

static llvm::Error findKeys(Executor &exec, const CompiledNode &node,
                            Ins inputs, Outs &outs) {
  auto table = getTable(node, inputs, 3);
  if (!table)
    return table.takeError();
  LookupTable &t = **table;
  if (!t.isMutable && !t.initialized)
    return nodeError(node.op, "the table is not initialized");
  auto keys = getTypedInput(node, inputs, 1, t.keyType, "keys");
  if (!keys)
    return keys.takeError();
  auto fallback = getTypedInput(node, inputs, 2, t.valueType, "default values");
  if (!fallback)
    return fallback.takeError();
  if ((*fallback)->getNumElements() != t.valueSize)
    return nodeError(node.op, "the default value has " +
                                  Twine((*fallback)->getNumElements()) +
                                  " elements, not the value shape's " +
                                  Twine(t.valueSize));
  TableValue fallbackValue = readValue(**fallback, 0, t.valueSize);
  auto shape = getValuesShape(node, t, (*keys)->getShape(),
                              exec.getState().options.maxElements);
  if (!shape)
    return shape.takeError();
  auto out = HostTensor::create(t.valueType, *shape);
  if (!out)
    return nodeError(node.op, toString(out.takeError()));
  for (int64_t i = 0; i < (*keys)->getNumElements(); ++i) {
    std::string key = encodeKey(**keys, i);
    if (llvm::Error err = checkKey(node, t, key))
      return err;
    const TableValue *value = t.find(key);
    writeValue(*out, i, t.valueSize, value ? *value : fallbackValue);
  }
  outs.push_back(RtValue::of(std::move(*out)));
  return llvm::Error::success();
}

/// The table of a mutating op (Insert, Remove), once the node got at least
/// `n` inputs: an error for an immutable one.
static llvm::Expected<LookupTable *> getMutableTable(const CompiledNode &node,
                                                     Ins inputs, unsigned n) {
  auto table = getTable(node, inputs, n);
  if (!table)
    return table.takeError();
  if (!(*table)->isMutable)
    return nodeError(node.op, "the table is immutable (a HashTable)");
  return *table;
}

static llvm::Error insertKeys(Executor &exec, const CompiledNode &node,
                              Ins inputs, Outs &) {
  auto table = getMutableTable(node, inputs, 3);
  if (!table)
    return table.takeError();
  auto entries = readEntries(exec, node, **table, inputs, 1);
  if (!entries)
    return entries.takeError();
  for (TableEntry &entry : *entries)
    if (llvm::Error err = putEntry(exec, node, **table, std::move(entry)))
      return err;
  return llvm::Error::success();
}

static llvm::Error removeKeys(Executor &, const CompiledNode &node, Ins inputs,
                              Outs &) {
  auto table = getMutableTable(node, inputs, 2);
  if (!table)
    return table.takeError();
  LookupTable &t = **table;
  auto keys = getTypedInput(node, inputs, 1, t.keyType, "keys");
  if (!keys)
    return keys.takeError();
  for (int64_t i = 0; i < (*keys)->getNumElements(); ++i) {
    std::string key = encodeKey(**keys, i);
    if (llvm::Error err = checkKey(node, t, key))
      return err;
    auto it = t.index.find(key);
    if (it == t.index.end())
      continue;
    t.entries.erase(it->second);
    t.index.erase(it);
  }
  return llvm::Error::success();
}

static llvm::Error tableSize(Executor &exec, const CompiledNode &node,
                             Ins inputs, Outs &outs) {
  auto table = getTable(node, inputs, 1);
  if (!table)
    return table.takeError();
  outs.push_back(
      scalarIntValue(exec.getContext(), 64, (*table)->entries.size()));
  return llvm::Error::success();
}

static llvm::Error importTable(Executor &exec, const CompiledNode &node,
                               Ins inputs, Outs &) {
  auto table = getTable(node, inputs, 3);
  if (!table)
    return table.takeError();
  auto entries = readEntries(exec, node, **table, inputs, 1);
  if (!entries)
    return entries.takeError();
  if (!(*table)->isMutable)
    return initializeEntries(exec, node, **table, std::move(*entries));
  (*table)->clear();
  for (TableEntry &entry : *entries)
    if (llvm::Error err = putEntry(exec, node, **table, std::move(entry)))
      return err;
  return llvm::Error::success();
}

static llvm::Error exportTable(Executor &exec, const CompiledNode &node,
                               Ins inputs, Outs &outs) {
  auto table = getTable(node, inputs, 1);
  if (!table)
    return table.takeError();
  LookupTable &t = **table;
  int64_t n = t.entries.size();
  auto keys = HostTensor::create(t.keyType, {n});
  if (!keys)
    return nodeError(node.op, toString(keys.takeError()));
  auto shape =
      getValuesShape(node, t, {n}, exec.getState().options.maxElements);
  if (!shape)
    return shape.takeError();
  auto values = HostTensor::create(t.valueType, *shape);
  if (!values)
    return nodeError(node.op, toString(values.takeError()));
  int64_t i = 0;
  for (const auto &[number, entry] : t.entries) {
    if (isStringType(t.keyType))
      keys->setString(i, entry.key);
    else
      keys->setInt(i, decodeIntKey(entry.key));
    writeValue(*values, i, t.valueSize, entry.value);
    ++i;
  }
  outs.push_back(RtValue::of(std::move(*keys)));
  outs.push_back(RtValue::of(std::move(*values)));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Initializing from a text file
//===----------------------------------------------------------------------===//

/// Sets element `i` of `out` from line `line` (number `number`) as
/// `column` asks: -1 the line number, -2 the whole line, a field otherwise.
static llvm::Error setField(const CompiledNode &node, HostTensor &out,
                            int64_t i, StringRef line, int64_t number,
                            int64_t column, StringRef delimiter,
                            StringRef what) {
  Type type = out.getElementType();
  bool isString = isStringType(type);
  bool isInt = type.isSignlessInteger(32) || type.isSignlessInteger(64);
  std::string where = ("line " + Twine(number + 1) + ": ").str();
  if (column == -1) {
    if (!isInt)
      return nodeError(node.op, "the line number cannot be " + what +
                                    " of type " + typeString(type));
    out.setInt(i, number);
    return llvm::Error::success();
  }
  StringRef field = line;
  if (column >= 0) {
    StringRef rest = line;
    for (int64_t c = 0;; ++c) {
      auto [head, tail] = rest.split(delimiter);
      if (c == column) {
        field = head;
        break;
      }
      if (!rest.contains(delimiter))
        return nodeError(node.op, where + "has " + Twine(c + 1) +
                                      " columns, no column " + Twine(column));
      rest = tail;
    }
  } else if (!isString) {
    return nodeError(node.op, "the whole line cannot be " + what + " of type " +
                                  typeString(type));
  }
  if (isString) {
    out.setString(i, field.str());
    return llvm::Error::success();
  }
  if (isInt) {
    int64_t value = 0;
    if (field.getAsInteger(10, value) ||
        (type.isSignlessInteger(32) &&
         (value < INT32_MIN || value > INT32_MAX)))
      return nodeError(node.op, where + "'" + field + "' is not " + what +
                                    " of type " + typeString(type));
    out.setInt(i, value);
    return llvm::Error::success();
  }
  if (type.isF32() || type.isF64()) {
    double value = 0;
    if (field.getAsDouble(value))
      return nodeError(node.op, where + "'" + field + "' is not a number");
    out.setDouble(i, value);
    return llvm::Error::success();
  }
  return nodeError(node.op, what + " of type " + typeString(type) +
                                " cannot be read from a text file");
}

static int64_t getIntAttr(const CompiledNode &node, StringRef name,
                          int64_t fallback) {
  auto attr = node.getAttrOfType<IntegerAttr>(name);
  return attr ? attr.getInt() : fallback;
}

static llvm::Error initializeFromTextFile(Executor &exec,
                                          const CompiledNode &node, Ins inputs,
                                          Outs &) {
  auto table = getTable(node, inputs, 2);
  if (!table)
    return table.takeError();
  LookupTable &t = **table;
  if (t.isMutable || t.valueSize != 1)
    return nodeError(node.op, "only a HashTable can be initialized from a "
                              "text file");
  const HostTensor *name = inputs[1].tensor.get();
  if (!name || name->getKind() != HostElementKind::String ||
      name->getNumElements() != 1)
    return nodeError(node.op, "the filename is not a string scalar");
  int64_t keyIndex = getIntAttr(node, "key_index", -3);
  int64_t valueIndex = getIntAttr(node, "value_index", -3);
  int64_t vocabSize = getIntAttr(node, "vocab_size", -1);
  int64_t offset = getIntAttr(node, "offset", 0);
  auto delimAttr = node.getAttrOfType<StringAttr>("delimiter");
  StringRef delimiter = delimAttr ? delimAttr.getValue() : "\t";
  // The offset is added to line numbers: bounded so that the sum cannot
  // overflow.
  constexpr int64_t kMaxOffset = int64_t(1) << 62;
  if (keyIndex < -2 || valueIndex < -2 || vocabSize < -1 ||
      offset < -kMaxOffset || offset > kMaxOffset)
    return nodeError(node.op, "key_index, value_index, vocab_size or offset "
                              "is out of range");
  if ((keyIndex >= 0 || valueIndex >= 0) && delimiter.empty())
    return nodeError(node.op, "the delimiter is empty");

  StringRef path = name->getString(0);
  auto buffer = readAssetFile(exec.getState().options, path);
  if (!buffer)
    return nodeError(node.op, toString(buffer.takeError()));
  auto lines = splitLines((*buffer)->getBuffer(), kMaxListElements);
  if (!lines)
    return nodeError(node.op,
                     "file '" + path + "': " + toString(lines.takeError()));
  int64_t n = lines->size();
  if (vocabSize >= 0) {
    if (n < vocabSize)
      return nodeError(node.op, "file '" + path + "' has " + Twine(n) +
                                    " lines, fewer than vocab_size " +
                                    Twine(vocabSize));
    n = vocabSize;
  }
  auto keys = HostTensor::create(t.keyType, {n});
  if (!keys)
    return nodeError(node.op, toString(keys.takeError()));
  auto values = HostTensor::create(t.valueType, {n});
  if (!values)
    return nodeError(node.op, toString(values.takeError()));
  for (int64_t i = 0; i < n; ++i) {
    StringRef line = (*lines)[i];
    if (line.empty())
      return nodeError(node.op, "file '" + path + "': line " + Twine(i + 1) +
                                    " is empty");
    if (llvm::Error err =
            setField(node, *keys, i, line, i, keyIndex, delimiter, "a key"))
      return err;
    if (llvm::Error err = setField(node, *values, i, line, i + offset,
                                   valueIndex, delimiter, "a value"))
      return err;
  }
  RtValue operands[] = {inputs[0], RtValue::of(std::move(*keys)),
                        RtValue::of(std::move(*values))};
  auto entries = readEntries(exec, node, t, operands, 1);
  if (!entries)
    return entries.takeError();
  return initializeEntries(exec, node, t, std::move(*entries));
}

void interp::addTableBuiltins(llvm::StringMap<BuiltinFn> &table) {
  for (StringRef name :
       {"HashTable", "HashTableV2", "MutableHashTable", "MutableHashTableV2",
        "MutableHashTableOfTensors", "MutableHashTableOfTensorsV2",
        "MutableDenseHashTable", "MutableDenseHashTableV2"})
    table[name] = createTable;
  table["InitializeTable"] = initializeTable;
  table["InitializeTableV2"] = initializeTable;
  table["InitializeTableFromTextFile"] = initializeFromTextFile;
  table["InitializeTableFromTextFileV2"] = initializeFromTextFile;
  table["LookupTableFind"] = findKeys;
  table["LookupTableFindV2"] = findKeys;
  table["LookupTableInsert"] = insertKeys;
  table["LookupTableInsertV2"] = insertKeys;
  table["LookupTableRemoveV2"] = removeKeys;
  table["LookupTableSize"] = tableSize;
  table["LookupTableSizeV2"] = tableSize;
  table["LookupTableImport"] = importTable;
  table["LookupTableImportV2"] = importTable;
  table["LookupTableExport"] = exportTable;
  table["LookupTableExportV2"] = exportTable;
}
