//===- AttrValueText.cpp - AttrValue text format to MLIR attributes -------===//
//
// Reads an AttrValue written in protobuf's text format (as OpDef defaults
// are kept in the op registry) into the attribute the GraphDef importer
// builds for the same value: s -> StringAttr, i -> i64, f -> f32, b ->
// BoolAttr, type -> TypeAttr, shape -> #tf_type.shape, a plain numeric
// tensor -> DenseElementsAttr, func -> #tf_type.func, placeholder ->
// #tf_type.placeholder, list -> ArrayAttr. Anything else gives null. No
// protobuf: the project's TextProto reader builds the field tree.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/DataType.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/Support/OpDefRecord.h"
#include "tfg/Support/TextProto.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;

/// Largest tensor a default may expand to (elements): a registered OpDef
/// is input too.
static constexpr int64_t kMaxDefaultTensorElements = int64_t(1) << 16;
/// TensorFlow's largest rank.
static constexpr size_t kMaxRank = 254;

static std::optional<int64_t> readInt(const TextProtoField &f) {
  int64_t v;
  if (f.isMessage || f.isString || StringRef(f.scalar).getAsInteger(0, v))
    return std::nullopt;
  return v;
}

static std::optional<uint64_t> readUInt(const TextProtoField &f) {
  uint64_t v;
  if (f.isMessage || f.isString || StringRef(f.scalar).getAsInteger(0, v))
    return std::nullopt;
  return v;
}

static std::optional<double> readDouble(const TextProtoField &f) {
  if (f.isMessage || f.isString || f.scalar.empty())
    return std::nullopt;
  std::string text = f.scalar;
  // Protobuf accepts a C-style float suffix.
  if (text.size() > 1 && (text.back() == 'f' || text.back() == 'F') &&
      StringRef(text).drop_back().find_first_of("0123456789") !=
          StringRef::npos &&
      !StringRef(text).ends_with_insensitive("inf"))
    text.pop_back();
  errno = 0;
  char *end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size())
    return std::nullopt;
  return v;
}

static std::optional<bool> readBool(const TextProtoField &f) {
  if (f.isMessage || f.isString)
    return std::nullopt;
  StringRef s = f.scalar;
  if (s == "true" || s == "True" || s == "t" || s == "1")
    return true;
  if (s == "false" || s == "False" || s == "f" || s == "0")
    return false;
  return std::nullopt;
}

static Type readDataType(MLIRContext *ctx, const TextProtoField &f) {
  if (f.isMessage || f.isString)
    return {};
  int32_t dtype = dataTypeFromName(f.scalar);
  if (dtype < 0) {
    std::optional<int64_t> n = readInt(f);
    if (!n || *n < 0 || *n > INT32_MAX)
      return {};
    dtype = static_cast<int32_t>(*n);
  }
  return getTypeForDataType(ctx, dtype);
}

/// `dim { size: N name: "s" }`s or `unknown_rank: true`. Dims in `dims`.
static bool readShapeDims(const TextProtoField &shape,
                          SmallVectorImpl<int64_t> &dims,
                          SmallVectorImpl<std::string> &names, bool &unranked) {
  unranked = false;
  for (const TextProtoField &f : shape.fields) {
    if (f.name == "unknown_rank") {
      std::optional<bool> b = readBool(f);
      if (!b)
        return false;
      unranked = *b;
    } else if (f.name == "dim" && f.isMessage) {
      int64_t size = 0;
      std::string name;
      for (const TextProtoField &d : f.fields) {
        if (d.name == "size") {
          std::optional<int64_t> n = readInt(d);
          if (!n)
            return false;
          size = *n;
        } else if (d.name == "name" && d.isString) {
          name = d.scalar;
        } else {
          return false;
        }
      }
      dims.push_back(size < 0 ? ShapedType::kDynamic : size);
      names.push_back(std::move(name));
    } else {
      return false;
    }
  }
  return dims.size() <= kMaxRank && !(unranked && !dims.empty());
}

static Attribute readShape(MLIRContext *ctx, const TextProtoField &shape) {
  SmallVector<int64_t> dims;
  SmallVector<std::string> names;
  bool unranked;
  if (!shape.isMessage || !readShapeDims(shape, dims, names, unranked))
    return {};
  if (unranked)
    return tf_type::ShapeAttr::getUnranked(ctx);
  SmallVector<StringAttr> nameAttrs;
  if (llvm::any_of(names, [](const std::string &n) { return !n.empty(); }))
    for (const std::string &n : names)
      nameAttrs.push_back(StringAttr::get(ctx, n));
  return tf_type::ShapeAttr::getNamed(ctx, dims, nameAttrs);
}

/// A numeric tensor given by typed values (`int_val`, `float_val`, ...):
/// fewer values than elements repeat the last one, as TensorFlow reads them.
static Attribute readTensor(MLIRContext *ctx, const TextProtoField &tensor) {
  Type elt;
  SmallVector<int64_t> dims;
  const TextProtoField *shapeField = nullptr;
  SmallVector<const TextProtoField *> values;
  StringRef valueField;
  for (const TextProtoField &f : tensor.fields) {
    if (f.name == "dtype") {
      elt = readDataType(ctx, f);
    } else if (f.name == "tensor_shape" && f.isMessage) {
      shapeField = &f;
    } else if (StringRef(f.name).ends_with("_val") && !f.isMessage) {
      if (!valueField.empty() && valueField != f.name)
        return {};
      valueField = f.name;
      values.push_back(&f);
    } else {
      return {};
    }
  }
  if (!elt || !(elt.isIntOrFloat()) || tf_type::getRefElementType(elt))
    return {};
  if (shapeField) {
    SmallVector<std::string> names;
    bool unranked;
    if (!readShapeDims(*shapeField, dims, names, unranked) || unranked ||
        llvm::any_of(names, [](const std::string &n) { return !n.empty(); }))
      return {};
  }
  int64_t n = 1;
  for (int64_t d : dims) {
    if (ShapedType::isDynamic(d) || (d && n > kMaxDefaultTensorElements / d))
      return {};
    n *= d;
  }
  if (n > kMaxDefaultTensorElements || static_cast<int64_t>(values.size()) > n)
    return {};
  // The value field each element type is written in.
  StringRef expected;
  if (elt.isF32())
    expected = "float_val";
  else if (elt.isF64())
    expected = "double_val";
  else if (elt.isInteger(1))
    expected = "bool_val";
  else if (elt.isInteger(64))
    expected = elt.isUnsignedInteger() ? "uint64_val" : "int64_val";
  else if (elt.isUnsignedInteger(32))
    expected = "uint32_val";
  else if (elt.isInteger(8) || elt.isInteger(16) || elt.isSignlessInteger(32))
    expected = "int_val";
  else
    return {};
  if (!valueField.empty() && valueField != expected)
    return {};
  auto type = RankedTensorType::get(dims, elt);
  SmallVector<Attribute> elements;
  for (const TextProtoField *v : values) {
    if (auto ft = llvm::dyn_cast<FloatType>(elt)) {
      std::optional<double> d = readDouble(*v);
      if (!d)
        return {};
      elements.push_back(elt.isF32()
                             ? FloatAttr::get(ft, static_cast<float>(*d))
                             : FloatAttr::get(ft, *d));
    } else if (elt.isInteger(1)) {
      std::optional<bool> b = readBool(*v);
      if (!b)
        return {};
      elements.push_back(BoolAttr::get(ctx, *b));
    } else if (elt.isUnsignedInteger()) {
      std::optional<uint64_t> u = readUInt(*v);
      if (!u)
        return {};
      elements.push_back(IntegerAttr::get(
          elt, APInt(elt.getIntOrFloatBitWidth(), *u, /*isSigned=*/false,
                     /*implicitTrunc=*/true)));
    } else {
      std::optional<int64_t> i = readInt(*v);
      if (!i)
        return {};
      elements.push_back(IntegerAttr::get(
          elt, APInt(elt.getIntOrFloatBitWidth(), *i, /*isSigned=*/true,
                     /*implicitTrunc=*/true)));
    }
  }
  if (n == 0)
    return DenseElementsAttr::get(type, ArrayRef<Attribute>());
  if (elements.empty())
    return DenseElementsAttr::get(type, Builder(ctx).getZeroAttr(elt));
  if (elements.size() == 1)
    return DenseElementsAttr::get(type, elements.front());
  elements.resize(n, elements.back());
  return DenseElementsAttr::get(type, elements);
}

static Attribute readValue(MLIRContext *ctx, const TextProtoField &value);

static Attribute readFunc(MLIRContext *ctx, const TextProtoField &func) {
  if (!func.isMessage)
    return {};
  StringRef name;
  NamedAttrList attrs;
  for (const TextProtoField &f : func.fields) {
    if (f.name == "name" && f.isString) {
      name = f.scalar;
    } else if (f.name == "attr" && f.isMessage) {
      const TextProtoField *key = f.find("key");
      const TextProtoField *value = f.find("value");
      if (!key || !key->isString || key->scalar.empty() || !value ||
          !value->isMessage || f.fields.size() != 2)
        return {};
      // Nesting is bounded by the TextProto reader's limit.
      Attribute a = readValue(ctx, *value);
      if (!a)
        return {};
      attrs.set(key->scalar, a);
    } else {
      return {};
    }
  }
  if (name.empty())
    return {};
  return tf_type::FuncAttr::get(ctx, name, attrs.getDictionary(ctx));
}

/// One `list { ... }`: elements grouped by kind in the order the importer
/// reads a ListValue (s, i, f, b, type, shape, tensor, func).
static Attribute readList(MLIRContext *ctx, const TextProtoField &list) {
  static const char *const kKinds[] = {"s",    "i",     "f",      "b",
                                       "type", "shape", "tensor", "func"};
  if (!list.isMessage)
    return {};
  for (const TextProtoField &f : list.fields)
    if (!llvm::is_contained(kKinds, StringRef(f.name)))
      return {};
  SmallVector<Attribute> elts;
  for (StringRef kind : kKinds)
    for (const TextProtoField &f : list.fields) {
      if (f.name != kind)
        continue;
      TextProtoField one;
      one.isMessage = true;
      one.fields.push_back(f);
      Attribute a = readValue(ctx, one);
      if (!a)
        return {};
      elts.push_back(a);
    }
  return ArrayAttr::get(ctx, elts);
}

static Attribute readValue(MLIRContext *ctx, const TextProtoField &value) {
  if (value.fields.empty())
    return UnitAttr::get(ctx);
  // AttrValue's value is a oneof: exactly one field.
  if (value.fields.size() != 1)
    return {};
  const TextProtoField &f = value.fields.front();
  Builder b(ctx);
  if (f.name == "s")
    return f.isString ? b.getStringAttr(f.scalar) : Attribute();
  if (f.name == "i") {
    std::optional<int64_t> i = readInt(f);
    return i ? b.getI64IntegerAttr(*i) : Attribute();
  }
  if (f.name == "f") {
    std::optional<double> d = readDouble(f);
    return d ? b.getF32FloatAttr(static_cast<float>(*d)) : Attribute();
  }
  if (f.name == "b") {
    std::optional<bool> v = readBool(f);
    return v ? b.getBoolAttr(*v) : Attribute();
  }
  if (f.name == "type") {
    Type t = readDataType(ctx, f);
    return t ? TypeAttr::get(t) : Attribute();
  }
  if (f.name == "shape")
    return readShape(ctx, f);
  if (f.name == "tensor")
    return f.isMessage ? readTensor(ctx, f) : Attribute();
  if (f.name == "func")
    return readFunc(ctx, f);
  if (f.name == "placeholder")
    return f.isString ? tf_type::PlaceholderAttr::get(ctx, f.scalar)
                      : Attribute();
  if (f.name == "list")
    return readList(ctx, f);
  return {};
}

Attribute mlir::tfg::parseAttrValueText(MLIRContext *ctx, StringRef text) {
  llvm::Expected<TextProtoField> parsed = parseTextProto(text, "AttrValue");
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return {};
  }
  return readValue(ctx, *parsed);
}

Attribute mlir::tfg::getOpDefDefaultAttr(MLIRContext *ctx,
                                         const OpDefAttr &attr) {
  if (attr.defaultValue.empty())
    return {};
  return parseAttrValueText(ctx, attr.defaultValue);
}
