//===- FunctionDefImport.cpp - FunctionDef library -> tfg.func ------------===//
//
// The library part of the GraphDef importer (GraphDefImporter.h): every
// function's signature declared first (so that any node may call any
// function), then each FunctionDef imported as a tfg.func, the functions of
// a large library in parallel, each by an importer of its own that shares
// the declared signatures.
//
//===----------------------------------------------------------------------===//

#include "GraphDefImporter.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/OpSignature.h"
#include "tfg/ImportExport/UnknownFields.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/StringSet.h"

#include <optional>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail;

/// Libraries encoded in fewer bytes than this import their functions on one
/// thread: below it, starting the context's threads (and their caches of
/// MLIR's uniquer, which live as long as the context) costs more time and
/// memory than the import itself takes (docs/rationale/ImportExport.md,
/// "Small work stays on the calling thread").
constexpr size_t kMinParallelLibraryBytes = 32 * 1024;

LogicalResult Importer::declareFunction(const tensorflow::OpDef &sig) {
  Location loc = nodeLoc(sig.name());
  if (sig.name().empty())
    return emitError(fileLoc) << "function with an empty name";
  FunctionSignature fs;
  // A function is generic when an argument is typed through an attribute.
  auto isGeneric = [](const tensorflow::OpDef::ArgDef &arg) {
    return !arg.type_attr().empty() || !arg.number_attr().empty() ||
           !arg.type_list_attr().empty() ||
           arg.type() == tensorflow::DT_INVALID;
  };
  fs.generic = llvm::any_of(sig.input_arg(), isGeneric) ||
               llvm::any_of(sig.output_arg(), isGeneric);
  auto convertArg =
      [&](const tensorflow::OpDef::ArgDef &arg) -> FailureOr<Type> {
    if (arg.name().empty())
      return emitError(loc) << "function '" << sig.name()
                            << "' has an argument without a name";
    for (const auto &handle : arg.handle_data())
      if (handle.dtype() == tensorflow::DT_INVALID)
        return emitError(loc)
               << "argument '" << arg.name() << "' of function '" << sig.name()
               << "' has handle data without a "
                  "data type";
    if (fs.generic)
      return Type(tf_type::OpaqueTensorType::get(ctx));
    FailureOr<Type> t = convertDataType(arg.type(), ctx, [&] {
      return emitError(loc) << "function '" << sig.name() << "': argument '"
                            << arg.name() << "': ";
    });
    if (failed(t))
      return failure();
    Type elt = *t;
    if (arg.is_ref())
      if (Type ref = tf_type::getRefTypeFor(elt))
        elt = ref;
    return Type(UnrankedTensorType::get(elt));
  };
  // Inputs and outputs are each looked up by name (a body's inputs, `ret`).
  llvm::StringSet<> inputNames, outputNames;
  auto uniqueName = [&](const tensorflow::OpDef::ArgDef &arg,
                        llvm::StringSet<> &names,
                        StringRef what) -> LogicalResult {
    if (names.insert(arg.name()).second)
      return success();
    return emitError(loc) << "function '" << sig.name() << "' has two " << what
                          << " arguments named '" << arg.name() << "'";
  };
  for (const auto &arg : sig.input_arg()) {
    FailureOr<Type> t = convertArg(arg);
    if (failed(t) || failed(uniqueName(arg, inputNames, "input")))
      return failure();
    fs.argTypes.push_back(*t);
  }
  for (const auto &arg : sig.output_arg()) {
    FailureOr<Type> t = convertArg(arg);
    if (failed(t) || failed(uniqueName(arg, outputNames, "output")))
      return failure();
    fs.resultTypes.push_back(*t);
  }
  for (const auto &attr : sig.attr()) {
    if (attr.name().empty())
      return emitError(loc) << "function '" << sig.name()
                            << "' has an attribute with an empty name";
    // Defaults are added to the function's call nodes (getOpDefDefaultAttr):
    // a default that does not convert is reported here, once.
    if (attr.has_default_value() &&
        failed(convertAttrValue(attr.default_value(), ctx, [&] {
          return emitError(loc)
                 << "function '" << sig.name() << "': default of attribute '"
                 << attr.name() << "': ";
        })))
      return failure();
  }
  if (!lib.functions.try_emplace(sig.name(), std::move(fs)).second)
    return emitError(loc) << "duplicate function '" << sig.name() << "'";
  lib.ops.registerOp(convertOpDef(sig));
  return success();
}

LogicalResult Importer::importFunction(const tensorflow::FunctionDef &func,
                                       Operation *&created) {
  const tensorflow::OpDef &sig = func.signature();
  Location loc = nodeLoc(sig.name());
  scopeLoc = loc;
  const FunctionSignature &fs = lib.functions.find(sig.name())->second;
  auto type = builder.getFunctionType(fs.argTypes, fs.resultTypes);
  auto funcOp = GraphFuncOp::create(builder, loc, sig.name(), type, fs.generic);
  created = funcOp;
  inGenericFunction = fs.generic;
  namedResults.clear();
  StringAttr tfgName = dialect->getTfgNameAttrIdentifier();
  // Argument and result attributes: the names, then FunctionDef.arg_attr,
  // each of which must be an argument's (export could not write one back).
  // (The first such index, whatever the map's order.)
  std::optional<uint32_t> pastArgs;
  for (const auto &entry : func.arg_attr())
    if (entry.first >= static_cast<uint32_t>(sig.input_arg_size()) &&
        (!pastArgs || entry.first < *pastArgs))
      pastArgs = entry.first;
  if (pastArgs)
    return emitError(loc) << "function '" << sig.name()
                          << "' has arg_attr for argument #" << *pastArgs
                          << ", but " << sig.input_arg_size() << " argument(s)";
  SmallVector<Attribute> argAttrs, resAttrs;
  for (int i = 0, e = sig.input_arg_size(); i < e; ++i) {
    const tensorflow::OpDef::ArgDef &arg = sig.input_arg(i);
    NamedAttrList attrs;
    attrs.append(tfgName, builder.getStringAttr(arg.name()));
    auto extra = func.arg_attr().find(i);
    if (extra != func.arg_attr().end())
      for (const auto &entry : extra->second.attr()) {
        const std::string &key = entry.first;
        FailureOr<Attribute> a = convertAttrValue(entry.second, ctx, [&] {
          return emitError(loc)
                 << "function '" << sig.name() << "': attribute '" << key
                 << "' of argument '" << arg.name() << "': ";
        });
        if (failed(a))
          return failure();
        // Argument attributes must be dialect attributes: prefix "tf.".
        attrs.append("tf." + key, *a);
      }
    argAttrs.push_back(attrs.getDictionary(ctx));
  }
  for (const auto &arg : sig.output_arg())
    resAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr(tfgName, builder.getStringAttr(arg.name()))));
  funcOp.setArgAttrsAttr(builder.getArrayAttr(argAttrs));
  funcOp.setResAttrsAttr(builder.getArrayAttr(resAttrs));
  if (sig.is_stateful())
    funcOp.setIsStateful(true);
  if (!sig.description().empty())
    funcOp.setDescription(sig.description());
  // The rest of the signature (summaries, argument descriptions, ...) and
  // the function's own attributes are kept verbatim for export.
  {
    std::string bytes;
    (void)serializeDeterministically(sig, bytes);
    funcOp->setAttr("tfg.signature", builder.getStringAttr(bytes));
  }
  if (!func.attr().empty()) {
    NamedAttrList attrs;
    for (const auto &entry : func.attr()) {
      const std::string &key = entry.first;
      FailureOr<Attribute> a = convertAttrValue(entry.second, ctx, [&] {
        return emitError(loc) << "function '" << sig.name() << "': attribute '"
                              << key << "': ";
      });
      if (failed(a))
        return failure();
      attrs.append(key, *a);
    }
    funcOp->setAttr("tfg.func_attrs", attrs.getDictionary(ctx));
  }
  // The FunctionDef's own unknown fields are kept whole; below it, the
  // signature is kept whole and the nodes are imported as nodes.
  if (hasOwnUnknownFields(func))
    funcOp->setAttr(kUnknownFieldsAttr,
                    builder.getStringAttr(encodeUnknownFields(func)));
  if (hasNestedUnknownFields(func))
    emitWarning(loc) << "function '" << sig.name() << "': "
                     << findNestedUnknownFields(func, {"signature", "node_def"})
                     << " holds fields tfg does not know: they are dropped";
  if (!func.resource_arg_unique_id().empty()) {
    SmallVector<std::pair<int32_t, int32_t>> ids(
        func.resource_arg_unique_id().begin(),
        func.resource_arg_unique_id().end());
    llvm::sort(ids);
    SmallVector<int32_t> keys, values;
    for (auto [k, v] : ids) {
      keys.push_back(k);
      values.push_back(v);
    }
    funcOp.setResourceArgUniqueIdsKeys(keys);
    funcOp.setResourceArgUniqueIdsValues(values);
  }

  Block &body = funcOp.getBody().front();
  builder.setInsertionPointToEnd(&body);
  llvm::StringMap<BlockArgument> args;
  for (auto [i, arg] : llvm::enumerate(sig.input_arg()))
    args[arg.name()] = funcOp.getDataArgument(i);
  MessageNodes nodes(func.node_def(), consumeNodes);
  NodeTable table;
  if (failed(importNodes(nodes, args, table, /*functionBody=*/true))) {
    // The errors name the nodes; which function holds them follows.
    ctx->getDiagEngine().emit(loc, DiagnosticSeverity::Note)
        << "in function '" << sig.name() << "'";
    return failure();
  }

  // Results in output_arg order, then control results in control_output
  // order.
  SmallVector<Value> results, controls;
  SmallVector<Attribute> controlAttrs;
  for (const auto &arg : sig.output_arg()) {
    auto ret = func.ret().find(arg.name());
    if (ret == func.ret().end())
      return emitError(loc)
             << "function '" << sig.name() << "' does not return its output '"
             << arg.name() << "'";
    InputRef ref;
    if (failed(parseInput(sig.name(), ret->second, ref)) || ref.control)
      return emitError(loc)
             << "function '" << sig.name() << "' returns a malformed value '"
             << ret->second << "'";
    FailureOr<Value> v = resolve(sig.name(), ref, args, table);
    if (failed(v))
      return failure();
    results.push_back(*v);
  }
  if (func.ret_size() != sig.output_arg_size())
    return emitError(loc) << "function '" << sig.name() << "' has "
                          << func.ret_size() << " ret entries for "
                          << sig.output_arg_size() << " outputs";
  for (const std::string &name : sig.control_output()) {
    auto ret = func.control_ret().find(name);
    if (ret == func.control_ret().end())
      return emitError(loc)
             << "function '" << sig.name()
             << "' does not define its control output '" << name << "'";
    InputRef ref;
    ref.node = ret->second;
    ref.control = true;
    FailureOr<Value> v = resolve(sig.name(), ref, args, table);
    if (failed(v))
      return failure();
    controls.push_back(*v);
    controlAttrs.push_back(builder.getDictionaryAttr(
        builder.getNamedAttr(tfgName, builder.getStringAttr(name))));
  }
  if (func.control_ret_size() != sig.control_output_size())
    return emitError(loc) << "function '" << sig.name()
                          << "' has control_ret entries that are not "
                             "control outputs";
  ReturnOp::create(builder, loc, results, controls, controlAttrs);
  inGenericFunction = false;
  return success();
}

LogicalResult Importer::importFunctions(const FunctionSource &functions,
                                        ModuleOp module) {
  size_t n = functions.size();
  std::vector<Operation *> funcs(n, nullptr);
  // A small library is imported on this thread (counting its size stops
  // at the bound).
  size_t libraryBytes = 0;
  for (size_t i = 0; i < n && libraryBytes < kMinParallelLibraryBytes; ++i)
    libraryBytes += functions.encodedSize(i);
  bool parallel = n > 1 && libraryBytes >= kMinParallelLibraryBytes;
  auto importOne = [&](size_t i) -> LogicalResult {
    Importer worker(ctx, fileLoc, &lib);
    worker.options = options;
    worker.consumeNodes = functions.consumable();
    tensorflow::FunctionDef scratch;
    const tensorflow::FunctionDef *func = functions.get(i, scratch, fileLoc);
    if (!func)
      return failure();
    LogicalResult imported = worker.importFunction(*func, funcs[i]);
    functions.imported(i);
    return imported;
  };
  // Diagnostics come in library order, whatever thread emits them.
  LogicalResult result = success();
  if (parallel) {
    result = failableParallelForEachN(ctx, 0, n, importOne);
  } else {
    // As failableParallelForEachN on one thread: up to the first error.
    for (size_t i = 0; i < n && succeeded(result); ++i)
      result = importOne(i);
  }
  // Functions are appended in library order (or all dropped on failure).
  for (Operation *func : funcs) {
    if (!func)
      continue;
    if (failed(result))
      func->erase();
    else
      module.getBody()->push_back(func);
  }
  return result;
}
