//===- OpDefVerifier.cpp - tf ops checked against their OpDef -------------===//
//
// The verifier of every `tf` op the op registry knows: the operands and
// results are matched to the OpDef's input and output arguments (an
// argument with `number_attr` or `type_list_attr` takes as many values as
// the attribute says, or, with the attribute left out as TensorFlow leaves
// derived attributes out, what the other arguments leave), each value's
// element type is checked against the argument's fixed type or type
// attribute, and the attributes the OpDef declares against their kind,
// allowed values and minimum. Linear in the op's operands, results and
// attributes.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/TF/TFDialect.h"

#include "tfg/IR/DataType.h"
#include "tfg/IR/OpRegistry.h"
#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfg;

const OpDef *mlir::TF::getOpDef(Operation *op) {
  if (!op->getName().getDialect() ||
      !llvm::isa<TF::TFDialect>(op->getName().getDialect()))
    return nullptr;
  return lookupBuiltinOpDef(op->getName().stripDialect());
}

/// Whether `attr` is of OpDef attribute kind `kind` (`int`, `list(type)`,
/// ...). A placeholder (`#tf_type.placeholder`, in generic functions) is
/// of every kind.
static bool isOfKind(Attribute attr, StringRef kind) {
  if (llvm::isa<tf_type::PlaceholderAttr>(attr))
    return true;
  if (kind.consume_front("list(") && kind.consume_back(")")) {
    auto array = llvm::dyn_cast<ArrayAttr>(attr);
    return array && llvm::all_of(array, [&](Attribute element) {
             return isOfKind(element, kind);
           });
  }
  if (kind == "int")
    return llvm::isa<IntegerAttr>(attr) && !llvm::isa<BoolAttr>(attr);
  if (kind == "float")
    return llvm::isa<FloatAttr>(attr);
  if (kind == "bool")
    return llvm::isa<BoolAttr>(attr);
  if (kind == "string")
    return llvm::isa<StringAttr>(attr);
  if (kind == "type")
    return llvm::isa<TypeAttr>(attr);
  if (kind == "shape")
    return llvm::isa<tf_type::ShapeAttr>(attr);
  if (kind == "tensor")
    return llvm::isa<ElementsAttr, tf_type::TensorProtoAttr>(attr);
  if (kind == "func")
    return llvm::isa<tf_type::FuncAttr, SymbolRefAttr>(attr);
  // `any` and kinds this version does not know.
  return true;
}

namespace {
/// One argument's values: [begin, begin + count).
struct ArgRange {
  unsigned begin = 0, count = 0;
};

/// The element type each type attribute stands for in one op (a few
/// entries: a linear search beats hashing).
struct TypeBindings {
  SmallVector<std::pair<StringRef, Type>, 4> entries;
  Type &lookup(StringRef name) {
    for (auto &entry : entries)
      if (entry.first == name)
        return entry.second;
    entries.push_back({name, Type()});
    return entries.back().second;
  }
};
} // namespace

/// The allowed values of `attrDef` as attributes, parsed once per context
/// (TFDialect caches them).
static ArrayAttr getAllowedValues(Operation *op, const OpDefAttr &attrDef) {
  auto *dialect = llvm::cast<TF::TFDialect>(op->getName().getDialect());
  return dialect->getAllowedValues(attrDef);
}

/// The number of values argument `arg` takes, or -1 when the attribute
/// that says it is absent. Fails for a count that is not a non-negative
/// integer.
static FailureOr<int64_t> getArgCount(Operation *op, const OpDefArg &arg) {
  if (!arg.numberAttr.empty()) {
    Attribute attr = op->getAttr(arg.numberAttr);
    if (!attr || llvm::isa<tf_type::PlaceholderAttr>(attr))
      return int64_t(-1);
    auto n = llvm::dyn_cast<IntegerAttr>(attr);
    if (!n || n.getValue().isNegative())
      return op->emitOpError("attribute '")
             << arg.numberAttr << "' must be a non-negative integer";
    return n.getInt();
  }
  if (!arg.typeListAttr.empty()) {
    Attribute attr = op->getAttr(arg.typeListAttr);
    if (!attr || llvm::isa<tf_type::PlaceholderAttr>(attr))
      return int64_t(-1);
    auto list = llvm::dyn_cast<ArrayAttr>(attr);
    if (!list)
      return op->emitOpError("attribute '")
             << arg.typeListAttr << "' must be a list of types";
    return int64_t(list.size());
  }
  return int64_t(1);
}

/// Splits `numValues` values among `args`; fails when they cannot match.
static FailureOr<SmallVector<ArgRange>>
splitArgs(Operation *op, const OpDef &def, ArrayRef<OpDefArg> args,
          unsigned numValues, StringRef what) {
  SmallVector<int64_t> counts;
  int64_t known = 0;
  unsigned numUnknown = 0;
  for (const OpDefArg &arg : args) {
    FailureOr<int64_t> count = getArgCount(op, arg);
    if (failed(count))
      return failure();
    counts.push_back(*count);
    if (*count < 0)
      ++numUnknown;
    else
      known += *count;
  }
  if (numUnknown == 0 ? known != numValues : known > numValues)
    return op->emitOpError("has ")
           << numValues << " " << what << "s, but its OpDef gives "
           << (numUnknown ? "at least " : "") << known;
  SmallVector<ArgRange> ranges;
  unsigned next = 0;
  for (int64_t count : counts) {
    ArgRange range;
    range.begin = next;
    if (count >= 0)
      range.count = count;
    else if (numUnknown == 1)
      range.count = numValues - known;
    else
      // Several arguments of unknown length: their values are not told
      // apart, and are not type-checked.
      range.count = 0;
    next += range.count;
    ranges.push_back(range);
  }
  // A count derived from the values must still meet its attribute's
  // minimum (ConcatV2 takes at least two values).
  if (numUnknown == 1)
    for (auto [arg, count, range] : llvm::zip(args, counts, ranges)) {
      if (count >= 0 || arg.numberAttr.empty())
        continue;
      const OpDefAttr *attr = def.findAttr(arg.numberAttr);
      if (attr && attr->hasMinimum && int64_t(range.count) < attr->minimum)
        return op->emitOpError("has ")
               << range.count << " values for '" << arg.name
               << "', below the minimum " << attr->minimum << " of '"
               << arg.numberAttr << "'";
    }
  // With several unknown lengths the ranges after the first unknown one are
  // not where they say: only check the arguments up to it.
  if (numUnknown > 1) {
    bool seenUnknown = false;
    for (auto [count, range] : llvm::zip(counts, ranges)) {
      seenUnknown |= count < 0;
      if (seenUnknown)
        range.count = 0;
    }
  }
  return ranges;
}

/// Checks the element types of one side (operands or results).
static LogicalResult checkTypes(Operation *op, ArrayRef<OpDefArg> args,
                                ArrayRef<ArgRange> ranges, TypeRange types,
                                StringRef what, TypeBindings &typeAttrs) {
  MLIRContext *ctx = op->getContext();
  for (auto [arg, range] : llvm::zip(args, ranges)) {
    auto list = arg.typeListAttr.empty()
                    ? ArrayAttr()
                    : op->getAttrOfType<ArrayAttr>(arg.typeListAttr);
    for (unsigned i = 0; i < range.count; ++i) {
      unsigned index = range.begin + i;
      Type type = types[index];
      if (!llvm::isa<TensorType, tf_type::OpaqueTensorType>(type))
        return op->emitOpError(what) << " #" << index << " (" << arg.name
                                     << ") must be a tensor, got " << type;
      Type dtype;
      if (arg.type != 0) {
        dtype = getTypeForDataType(ctx, arg.type);
      } else if (!arg.typeAttr.empty()) {
        Type &bound = typeAttrs.lookup(arg.typeAttr);
        if (!bound) {
          if (auto attr = op->getAttrOfType<TypeAttr>(arg.typeAttr))
            bound = attr.getValue();
          else if (Type element = tf_type::getElementTypeOrSelf(type))
            bound = tf_type::isRefType(element)
                        ? tf_type::getRefElementType(element)
                        : element;
        }
        dtype = bound;
      } else if (list && i < list.size()) {
        if (auto attr = llvm::dyn_cast<TypeAttr>(list[i]))
          dtype = attr.getValue();
      }
      if (dtype && !tf_type::holdsDataType(type, dtype))
        return op->emitOpError(what)
               << " #" << index << " (" << arg.name << ") has type " << type
               << ", but its OpDef wants " << dtype;
    }
  }
  return success();
}

/// Whether an argument derives attribute `name` from types or counts.
static bool isDerived(const OpDef &def, StringRef name) {
  for (ArrayRef<OpDefArg> side : {def.inputs(), def.outputs()})
    for (const OpDefArg &arg : side)
      if (arg.typeAttr == name || arg.numberAttr == name ||
          arg.typeListAttr == name)
        return true;
  return false;
}

/// Checks the attributes `def` declares.
static LogicalResult checkAttrs(Operation *op, const OpDef &def) {
  for (const OpDefAttr &attrDef : def.attrs()) {
    Attribute attr = op->getAttr(attrDef.name);
    if (!attr) {
      if (attrDef.defaultValue.empty() && !isDerived(def, attrDef.name))
        return op->emitOpError("requires attribute '")
               << attrDef.name << "' (" << attrDef.type << ")";
      continue;
    }
    if (!isOfKind(attr, attrDef.type))
      return op->emitOpError("attribute '")
             << attrDef.name << "' must be of kind " << attrDef.type << ", got "
             << attr;
    if (attrDef.hasMinimum) {
      int64_t value = 0;
      if (auto i = llvm::dyn_cast<IntegerAttr>(attr))
        value = i.getInt();
      else if (auto a = llvm::dyn_cast<ArrayAttr>(attr))
        value = a.size();
      else
        continue;
      if (value < attrDef.minimum)
        return op->emitOpError("attribute '")
               << attrDef.name << "' is " << value << ", below its minimum "
               << attrDef.minimum;
    }
    if (!attrDef.allowedValues.empty()) {
      ArrayAttr allowed = getAllowedValues(op, attrDef);
      if (!allowed)
        continue;
      auto isAllowed = [&](Attribute value) {
        return llvm::isa<tf_type::PlaceholderAttr>(value) ||
               llvm::is_contained(allowed, value);
      };
      bool ok = true;
      if (auto list = llvm::dyn_cast<ArrayAttr>(attr);
          list && StringRef(attrDef.type).starts_with("list("))
        ok = llvm::all_of(list, isAllowed);
      else
        ok = isAllowed(attr);
      if (!ok)
        return op->emitOpError("attribute '")
               << attrDef.name << "' is " << attr
               << ", which its OpDef does not allow";
    }
  }
  return success();
}

LogicalResult mlir::TF::verifyOpDef(Operation *op, const OpDef &def) {
  if (failed(checkAttrs(op, def)))
    return failure();
  FailureOr<SmallVector<ArgRange>> inputs =
      splitArgs(op, def, def.inputs(), op->getNumOperands(), "operand");
  if (failed(inputs))
    return failure();
  FailureOr<SmallVector<ArgRange>> outputs =
      splitArgs(op, def, def.outputs(), op->getNumResults(), "result");
  if (failed(outputs))
    return failure();
  TypeBindings typeAttrs;
  if (failed(checkTypes(op, def.inputs(), *inputs,
                        TypeRange(op->getOperandTypes()), "operand",
                        typeAttrs)) ||
      failed(checkTypes(op, def.outputs(), *outputs,
                        TypeRange(op->getResultTypes()), "result", typeAttrs)))
    return failure();
  // A type attribute given must be one the OpDef allows; a derived one
  // left out is checked through the types it was bound to.
  for (const OpDefAttr &attrDef : def.attrs()) {
    if (attrDef.type != "type" || attrDef.allowedValues.empty() ||
        op->getAttr(attrDef.name))
      continue;
    Type bound = typeAttrs.lookup(attrDef.name);
    if (!bound)
      continue;
    ArrayAttr allowed = getAllowedValues(op, attrDef);
    if (allowed && !llvm::is_contained(allowed, TypeAttr::get(bound)))
      return op->emitOpError("type ") << bound << " of '" << attrDef.name
                                      << "' is not one its OpDef allows";
  }
  return success();
}
