//===- OpSignature.cpp - What an OpDef says about a node ------------------===//

#include "tfg/IR/OpSignature.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The results of one output argument: the types of `list` (a type list
/// attribute, each element a TypeAttr), or `count` results of type `elt`.
struct ArgResults {
  ArrayAttr list;
  Type elt;
  int64_t count = 0;
  size_t size() const { return list ? list.size() : count; }
};
} // namespace

/// Calls `fn(arg, results)` for each output argument of a node of op `def`
/// in order, with the checks and errors of inferOutputArgs.
template <typename Fn>
static LogicalResult
forEachOutputArg(const OpDef &def, StringRef nodeName,
                 function_ref<Attribute(StringRef)> getNodeAttr, Location loc,
                 Fn fn) {
  auto getAttr = [&](StringRef name) -> Attribute {
    if (Attribute a = getNodeAttr(name))
      return a;
    // Defaults from the OpDef count for inference; they are not added.
    const OpDefAttr *attr = def.findAttr(name);
    return attr ? getOpDefDefaultAttr(loc.getContext(), *attr) : Attribute();
  };
  auto missingAttr = [&](StringRef kind, StringRef name) {
    return emitError(loc) << "node '" << nodeName << "' (" << def.name
                          << ") is missing the " << kind << " attribute '"
                          << name << "'";
  };
  for (const OpDefArg &arg : def.outputs()) {
    ArgResults results;
    if (!arg.typeListAttr.empty()) {
      results.list =
          llvm::dyn_cast_if_present<ArrayAttr>(getAttr(arg.typeListAttr));
      if (!results.list)
        return missingAttr("type list", arg.typeListAttr);
      for (Attribute t : results.list)
        if (!llvm::isa<TypeAttr>(t))
          return missingAttr("type list", arg.typeListAttr);
    } else {
      if (!arg.typeAttr.empty()) {
        auto ta = llvm::dyn_cast_if_present<TypeAttr>(getAttr(arg.typeAttr));
        if (!ta)
          return missingAttr("type", arg.typeAttr);
        results.elt = ta.getValue();
      } else {
        results.elt = getTypeForDataType(loc.getContext(), arg.type);
        if (!results.elt)
          return emitError(loc) << "unsupported data type " << arg.type;
      }
      results.count = 1;
      if (!arg.numberAttr.empty()) {
        auto na =
            llvm::dyn_cast_if_present<IntegerAttr>(getAttr(arg.numberAttr));
        if (!na || na.getInt() < 0)
          return missingAttr("number", arg.numberAttr);
        results.count = na.getInt();
        if (results.count > kMaxNodeOutputs)
          return emitError(loc)
                 << "node '" << nodeName << "' attribute '" << arg.numberAttr
                 << "' = " << results.count << " asks for more than "
                 << kMaxNodeOutputs << " outputs";
      }
    }
    fn(arg, results);
  }
  return success();
}

FailureOr<OutputArgs>
mlir::tfg::inferOutputArgs(const OpDef &def, StringRef nodeName,
                           function_ref<Attribute(StringRef)> getNodeAttr,
                           Location loc) {
  OutputArgs outs;
  auto add = [&](const OpDefArg &arg, const ArgResults &results) {
    outs.args.push_back({arg.name.str(),
                         static_cast<unsigned>(outs.types.size()),
                         static_cast<unsigned>(results.size())});
    auto addType = [&](Type t) {
      if (arg.isRef)
        if (Type ref = tf_type::getRefTypeFor(t))
          t = ref;
      outs.types.push_back(UnrankedTensorType::get(t));
    };
    if (results.list) {
      for (Attribute t : results.list)
        addType(llvm::cast<TypeAttr>(t).getValue());
    } else if (results.count) {
      size_t first = outs.types.size();
      addType(results.elt);
      outs.types.append(results.count - 1, outs.types[first]);
    }
  };
  if (failed(forEachOutputArg(def, nodeName, getNodeAttr, loc, add)))
    return failure();
  return outs;
}

FailureOr<size_t>
mlir::tfg::inferNumOutputs(const OpDef &def, StringRef nodeName,
                           function_ref<Attribute(StringRef)> getNodeAttr,
                           Location loc) {
  size_t n = 0;
  if (failed(forEachOutputArg(def, nodeName, getNodeAttr, loc,
                              [&](const OpDefArg &, const ArgResults &results) {
                                n += results.size();
                              })))
    return failure();
  return n;
}
