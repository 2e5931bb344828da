//===- GraphDefExport.cpp - tfg -> GraphDef -------------------------------===//

#include "ExportLimits.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/ImportExport/OpSignature.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/proto/graph.pb.h"
#include "tfg/proto/op_def.pb.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// The name export writes for each node of one graph or function body: the
/// node's own, or, for a node without one (ExportOptions::nameUnnamedNodes),
/// one made of its op type, free in the body.
class NodeNames {
public:
  LogicalResult init(Block &body, GraphFuncOp func, bool nameUnnamed);
  StringAttr get(Operation *op) const {
    auto it = made.find(op);
    return it != made.end() ? it->second : getNodeNameAttr(op);
  }
  StringRef operator()(Operation *op) const {
    StringAttr name = get(op);
    return name ? name.getValue() : StringRef();
  }

private:
  DenseMap<Operation *, StringAttr> made;
};
} // namespace

LogicalResult NodeNames::init(Block &body, GraphFuncOp func, bool nameUnnamed) {
  MLIRContext *ctx = body.getParentOp()->getContext();
  auto isNode = [](Operation &op) { return !isa<ReturnOp, GetResultOp>(op); };
  // Most bodies name every node: then no table of names is built.
  if (llvm::none_of(body, [&](Operation &op) {
        return isNode(op) && !getNodeNameAttr(&op);
      }))
    return success();
  // Names taken: the nodes' and, in a function, the arguments' (strings
  // the context owns, or names made below).
  DenseSet<StringRef> taken;
  StringAttr tfgName =
      ctx->getOrLoadDialect<TFGraphDialect>()->getTfgNameAttrIdentifier();
  if (func)
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      if (auto name = func.getArgAttrOfType<StringAttr>(i, tfgName))
        taken.insert(name.getValue());
  for (Operation &op : body)
    if (isNode(op))
      if (StringAttr name = getNodeNameAttr(&op))
        taken.insert(name.getValue());
  // The next suffix to try for each op type, so that N unnamed nodes of one
  // type are named in O(N) tries.
  llvm::StringMap<unsigned> nextSuffix;
  for (Operation &op : body) {
    if (!isNode(op) || getNodeNameAttr(&op))
      continue;
    if (!nameUnnamed)
      return op.emitError("cannot export a node without a name (op '")
             << getTFOpName(&op) << "'): a GraphDef names every node";
    StringRef base = getTFOpName(&op);
    if (!isValidNodeName(base))
      base = "node";
    std::string name = base.str();
    unsigned &suffix = nextSuffix[base];
    while (taken.contains(name))
      name = (base + "_" + Twine(++suffix)).str();
    StringAttr attr = StringAttr::get(ctx, name);
    taken.insert(attr.getValue());
    made[&op] = attr;
  }
  return success();
}

namespace {
/// Names values as NodeDef inputs. In graphs: "node", "node:k", "^node". In
/// function bodies: "arg", "^arg", "node:out_arg:k", "^node".
class InputNamer {
public:
  InputNamer(ModuleOp module, GraphFuncOp func, SymbolTable &symbols,
             const NodeNames &nodeNames)
      : module(module), func(func), dialect(getTFGDialect(module)),
        symbols(symbols), nodeNames(nodeNames) {}
  /// The name export writes for the node `op`.
  StringRef nodeName(Operation *op) const { return nodeNames(op); }

  FailureOr<std::string> name(Value value, Operation *user);
  /// Whether `opName` is a function of the module (a call).
  bool isLibraryFunction(StringRef opName) {
    return static_cast<bool>(symbols.lookup(opName));
  }
  /// Whether the nodes named are in a generic function (untyped results).
  bool inGenericFunction() { return func && func.getGeneric(); }

private:
  static TFGraphDialect *getTFGDialect(ModuleOp module) {
    return module->getContext()->getOrLoadDialect<TFGraphDialect>();
  }
  FailureOr<std::string> argName(BlockArgument arg, Operation *user);
  ModuleOp module;
  GraphFuncOp func;
  TFGraphDialect *dialect;
  SymbolTable &symbols;
  const NodeNames &nodeNames;
  DenseMap<Operation *, OutputArgs> outputs;
  /// Library functions as OpDefs, converted once per callee.
  DenseMap<Operation *, const OpDef *> calleeDefs;
  OpRegistry libraryOps;
};
} // namespace

FailureOr<std::string> InputNamer::argName(BlockArgument arg, Operation *user) {
  if (!func || arg.getOwner()->getParentOp() != func)
    return emitError(user->getLoc())
           << "node '" << getNodeName(user)
           << "' uses a block argument, which a graph cannot express";
  unsigned i = arg.getArgNumber() / 2;
  auto name =
      func.getArgAttrOfType<StringAttr>(i, dialect->getTfgNameAttrIdentifier());
  if (!name)
    return emitError(func.getLoc()) << "argument #" << i << " of function @"
                                    << func.getSymName() << " has no tfg.name";
  return (arg.getArgNumber() % 2 ? "^" : "") + name.getValue().str();
}

FailureOr<std::string> InputNamer::name(Value value, Operation *user) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(value))
    return argName(arg, user);
  auto result = llvm::cast<OpResult>(value);
  Operation *src = result.getOwner();
  // Named outputs in generic functions.
  if (auto get = dyn_cast<GetResultOp>(src)) {
    Operation *node = get.getValue().getDefiningOp();
    if (!node || nodeName(node).empty())
      return get.emitError("get_result of a value that is not a node");
    return (nodeName(node) + ":" + get.getName() + ":" + Twine(get.getNumber()))
        .str();
  }
  StringRef name = nodeName(src);
  if (name.empty())
    return emitError(src->getLoc()) << "node without a name";
  if (isControlType(value.getType()))
    return ("^" + name).str();
  unsigned k = result.getResultNumber();
  if (!func)
    return k == 0 ? name.str() : (name + ":" + Twine(k)).str();
  // Function bodies name outputs by output argument.
  auto it = outputs.find(src);
  if (it == outputs.end()) {
    OutputArgs outs;
    StringRef op = getTFOpName(src);
    auto callee = symbols.lookup<GraphFuncOp>(op);
    const OpDef *calleeDef = nullptr;
    if (callee) {
      auto [cached, inserted] = calleeDefs.try_emplace(callee, nullptr);
      tensorflow::OpDef calleeSig;
      auto savedSig = callee->getAttrOfType<StringAttr>("tfg.signature");
      if (inserted && savedSig &&
          calleeSig.ParseFromString(savedSig.getValue().str()))
        cached->second = libraryOps.registerOp(convertOpDef(calleeSig));
      calleeDef = cached->second;
    }
    if (calleeDef) {
      const OpDef *def = calleeDef;
      FailureOr<OutputArgs> inferred = inferOutputArgs(
          *def, name, [&](StringRef a) { return src->getAttr(a); },
          src->getLoc());
      if (failed(inferred))
        return failure();
      outs = std::move(*inferred);
    } else if (callee) {
      for (unsigned r = 0; r < callee.getNumResults(); ++r) {
        auto rn = callee.getResultAttrOfType<StringAttr>(
            r, dialect->getTfgNameAttrIdentifier());
        outs.args.push_back(
            {rn ? rn.getValue().str() : "output_" + std::to_string(r), r, 1u});
      }
    } else if (const OpDef *def = dialect->getOpRegistry().lookup(op)) {
      FailureOr<OutputArgs> inferred = inferOutputArgs(
          *def, name, [&](StringRef a) { return src->getAttr(a); },
          src->getLoc());
      if (failed(inferred))
        return failure();
      outs = std::move(*inferred);
    } else {
      return emitError(src->getLoc())
             << "cannot name the outputs of '" << name << "': op '" << op
             << "' is neither registered nor a library function";
    }
    it = outputs.try_emplace(src, std::move(outs)).first;
  }
  for (const auto &[argName, begin, count] : it->second.args)
    if (k >= begin && k < begin + count)
      return (name + ":" + argName + ":" + Twine(k - begin)).str();
  return emitError(src->getLoc()) << "output " << k << " of '" << name
                                  << "' belongs to no output argument";
}

namespace {
/// The node names of one GraphDef or FunctionDef as export writes them:
/// each a valid TensorFlow node name (`a:1` would read back as output 1 of
/// `a`), none twice, none a function argument's (an input names either).
class ExportedNames {
public:
  /// Takes the names of `func`'s input arguments.
  void addArgs(const tensorflow::OpDef &sig, MLIRContext *ctx) {
    for (const tensorflow::OpDef::ArgDef &arg : sig.input_arg())
      holders.try_emplace(StringAttr::get(ctx, arg.name()), nullptr);
  }

  /// Checks `op`'s name (as export writes it) and takes it.
  LogicalResult add(Operation *op, StringAttr name, GraphFuncOp func) {
    StringRef value = name ? name.getValue() : StringRef();
    if (!isValidNodeName(value))
      return op->emitError("cannot export node '")
             << value
             << "': not a valid TensorFlow node name (letters, digits, "
                "'.', then also '_', '-' and '/'; parts joined by '>')";
    auto [it, inserted] = holders.try_emplace(name, op);
    if (inserted)
      return success();
    if (!it->second)
      return op->emitError("cannot export node '")
             << value << "': function @" << func.getSymName()
             << " has an argument of that name";
    InFlightDiagnostic diag = op->emitError("cannot export node '")
                              << value << "': another node of this "
                              << (func ? "function" : "graph")
                              << " has that name";
    diag.attachNote(it->second->getLoc())
        << "the first node named '" << value << "'";
    return diag;
  }

private:
  DenseMap<StringAttr, Operation *> holders;
};
} // namespace

/// Checks that no two arguments of `args` (input or output arguments,
/// `what`) of the function `sig` share a name.
static LogicalResult verifyUniqueArgNames(
    const google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef> &args,
    const tensorflow::OpDef &sig, StringRef what, Location loc) {
  llvm::StringSet<> names;
  for (const tensorflow::OpDef::ArgDef &arg : args)
    if (!names.insert(arg.name()).second)
      return emitError(loc)
             << "cannot export function @" << sig.name() << ": two " << what
             << " arguments are named '" << arg.name() << "'";
  return success();
}

namespace {
/// What export checks once per op type or per string of one graph or
/// function body, not once per node: an op's name is UTF-8, and which
/// OpDef its nodes' outputs must match; a device or attribute name is
/// UTF-8. It also holds the attribute names exportNode tells apart.
class NodeChecks {
public:
  NodeChecks(MLIRContext *ctx, TFGraphDialect *dialect, InputNamer &namer)
      : dialect(dialect), namer(namer),
        defaultedId(StringAttr::get(ctx, kDefaultedAttrsAttrName)),
        unknownFieldsId(StringAttr::get(ctx, kUnknownFieldsAttr)),
        debugInfoId(StringAttr::get(ctx, "tfg.debug_info")) {}

  struct OpInfo {
    /// The TensorFlow op name.
    StringRef name;
    /// The OpDef whose outputs a node must have (import gives it those):
    /// null for ops not registered, library functions, and nodes of generic
    /// functions.
    const OpDef *def = nullptr;
  };
  /// `op`'s type; fails (at `op`) if its name is not UTF-8.
  FailureOr<const OpInfo *> getOpInfo(Operation *op);
  /// Checks that `value`, a device or attribute name (`what`), is UTF-8.
  LogicalResult checkString(StringAttr value, StringRef what, Location loc) {
    if (checked.contains(value))
      return success();
    if (failed(verifyProtoString(value.getValue(), what, loc)))
      return failure();
    checked.insert(value);
    return success();
  }

  TFGraphDialect *dialect;
  InputNamer &namer;
  StringAttr defaultedId, unknownFieldsId, debugInfoId;

private:
  DenseMap<OperationName, OpInfo> ops;
  DenseSet<StringAttr> checked;
};
} // namespace

FailureOr<const NodeChecks::OpInfo *> NodeChecks::getOpInfo(Operation *op) {
  auto [it, inserted] = ops.try_emplace(op->getName());
  if (!inserted)
    return &it->second;
  OpInfo &info = it->second;
  info.name = getTFOpName(op);
  if (failed(verifyProtoString(info.name, "op", op->getLoc()))) {
    ops.erase(op->getName());
    return failure();
  }
  if (const OpDef *def = dialect->getOpRegistry().lookup(info.name);
      def && !namer.inGenericFunction() && !namer.isLibraryFunction(info.name))
    info.def = def;
  return &info;
}

static LogicalResult exportNode(Operation *op, tensorflow::NodeDef &node,
                                NodeChecks &checks) {
  TFGraphDialect *dialect = checks.dialect;
  InputNamer &namer = checks.namer;
  Location loc = op->getLoc();
  if (op->getNumRegions())
    return op->emitError("region control flow cannot be exported; convert "
                         "it to functional form first (tfg-region-to-"
                         "functional; loops capturing outside values are "
                         "not converted)");
  if (op->getDialect() != dialect)
    return op->emitError("only tfg nodes can be exported to a GraphDef");
  FailureOr<const NodeChecks::OpInfo *> info = checks.getOpInfo(op);
  if (failed(info))
    return failure();
  StringRef opName = (*info)->name;
  // The node's attributes, read in one pass for the two that decide how
  // the others are written.
  DictionaryAttr attrs = getNodeAttrs(op);
  StringAttr device;
  ArrayAttr defaulted; // attributes the importer added from OpDef defaults
  for (NamedAttribute attr : attrs) {
    if (attr.getName() == dialect->getDeviceAttrIdentifier())
      device = llvm::dyn_cast<StringAttr>(attr.getValue());
    else if (attr.getName() == checks.defaultedId)
      defaulted = llvm::dyn_cast<ArrayAttr>(attr.getValue());
  }
  if (device && failed(checks.checkString(device, "device", loc)))
    return failure();
  StringRef name = namer.nodeName(op);
  node.set_name(name.data(), name.size());
  node.set_op(opName.data(), opName.size());
  if (device)
    node.set_device(device.data(), device.size());
  for (Value operand : op->getOperands()) {
    FailureOr<std::string> input = namer.name(operand, op);
    if (failed(input))
      return failure();
    node.add_input(std::move(*input));
  }
  // Attributes the importer added from OpDef defaults stay out.
  for (NamedAttribute attr : attrs) {
    StringAttr name = attr.getName();
    if (name == checks.defaultedId ||
        (defaulted && llvm::is_contained(defaulted, name)))
      continue;
    if (name == dialect->getNameAttrIdentifier() ||
        name == dialect->getDeviceAttrIdentifier() ||
        name == dialect->getAssignedDeviceAttrIdentifier())
      continue;
    if (name == dialect->getFullTypeAttrIdentifier()) {
      if (!llvm::isa<tf_type::FullTypeAttr>(attr.getValue()))
        return emitError(loc) << "_mlir_fulltype must be a #tf_type.full_type";
      convertFullType(attr.getValue(), *node.mutable_experimental_type());
      continue;
    }
    if (name == checks.unknownFieldsId) {
      if (failed(restoreUnknownFields(attr.getValue(), node, loc)))
        return failure();
      continue;
    }
    if (name == checks.debugInfoId) {
      auto bytes = llvm::dyn_cast<StringAttr>(attr.getValue());
      if (!bytes || !node.mutable_experimental_debug_info()->ParseFromString(
                        bytes.getValue().str()))
        return emitError(loc) << "invalid tfg.debug_info attribute";
      continue;
    }
    if (failed(checks.checkString(name, "attribute name", loc)) ||
        failed(convertAttrValue(attr.getValue(),
                                (*node.mutable_attr())[name.str()], loc)))
      return failure();
  }
  // Import gives a node of a registered op the outputs its OpDef and
  // attributes say: export never writes a node that would read back with
  // other outputs, or not at all (a type list attribute missing).
  if (const OpDef *def = (*info)->def) {
    auto getAttr = [&](StringRef a) {
      return op->isRegistered() ? op->getAttr(a) : attrs.get(a);
    };
    FailureOr<size_t> numOutputs =
        inferNumOutputs(*def, namer.nodeName(op), getAttr, loc);
    if (failed(numOutputs))
      return failure();
    unsigned numResults = getDataResults(op).size();
    if (*numOutputs != numResults)
      return emitError(loc)
             << "node '" << namer.nodeName(op) << "' (" << opName << ") has "
             << numResults << " output(s), but its attributes give it "
             << *numOutputs << ": it would not read back the same";
  }
  return success();
}

/// Converts a dictionary of TensorFlow attributes into an attr map.
template <typename Map>
static LogicalResult exportAttrMap(DictionaryAttr dict, Map &out,
                                   Location loc) {
  for (NamedAttribute a : dict)
    if (failed(convertAttrValue(a.getValue(), out[a.getName().str()], loc)))
      return failure();
  return success();
}

static LogicalResult exportArg(Type type, StringAttr name,
                               tensorflow::OpDef::ArgDef &arg, Location loc) {
  if (!name)
    return emitError(loc) << "function argument or result without tfg.name";
  if (failed(verifyProtoString(name.getValue(), "argument name", loc)))
    return failure();
  arg.set_name(name.getValue().str());
  Type elt = tf_type::getElementTypeOrSelf(type);
  if (!elt)
    return emitError(loc)
           << "generic function signatures cannot be exported yet";
  if (Type base = tf_type::getRefElementType(elt)) {
    arg.set_is_ref(true);
    elt = base;
  }
  FailureOr<tensorflow::DataType> dt = convertToDataType(elt, loc);
  if (failed(dt))
    return failure();
  arg.set_type(*dt);
  return success();
}

static LogicalResult exportFunction(ModuleOp module, SymbolTable &symbols,
                                    GraphFuncOp func,
                                    tensorflow::FunctionDef &out,
                                    TFGraphDialect *dialect, bool nameUnnamed) {
  Location loc = func.getLoc();
  tensorflow::OpDef &sig = *out.mutable_signature();
  tensorflow::OpDef base;
  if (auto bytes = func->getAttrOfType<StringAttr>("tfg.signature"))
    if (!base.ParseFromString(bytes.getValue().str()))
      return emitError(func.getLoc(), "invalid tfg.signature attribute");
  // A generic signature types its arguments by attributes: it comes from
  // the saved signature, whose arguments must still be the function's.
  if (func.getGeneric() &&
      (base.input_arg_size() != static_cast<int>(func.getNumArguments()) ||
       base.output_arg_size() != static_cast<int>(func.getNumResults())))
    return emitError(func.getLoc(),
                     "generic function without a matching saved "
                     "signature (tfg.signature) cannot be exported");
  sig = base;
  if (failed(
          verifyProtoString(func.getSymName(), "function name", func.getLoc())))
    return failure();
  sig.set_name(func.getSymName().str());
  sig.clear_input_arg();
  sig.clear_output_arg();
  sig.clear_control_output();
  sig.set_is_stateful(func.getIsStateful());
  sig.set_description(func.getDescription().value_or("").str());
  StringAttr tfgName = dialect->getTfgNameAttrIdentifier();
  // Argument extras (descriptions, handle data) come back from the saved
  // signature when the argument is still the same one.
  auto restore =
      [](tensorflow::OpDef::ArgDef &arg,
         const google::protobuf::RepeatedPtrField<tensorflow::OpDef::ArgDef>
             &saved,
         unsigned i) {
        if (i < static_cast<unsigned>(saved.size()) &&
            saved[i].name() == arg.name() && saved[i].type() == arg.type() &&
            saved[i].is_ref() == arg.is_ref())
          arg = saved[i];
      };
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    tensorflow::OpDef::ArgDef &arg = *sig.add_input_arg();
    if (func.getGeneric())
      arg = base.input_arg(i);
    else if (failed(exportArg(func.getArgumentTypes()[i],
                              func.getArgAttrOfType<StringAttr>(i, tfgName),
                              arg, loc)))
      return failure();
    restore(arg, base.input_arg(), i);
    if (DictionaryAttr attrs = func.getArgAttrDict(i)) {
      // FunctionDef arg_attr entries are the "tf."-prefixed attributes.
      for (NamedAttribute a : attrs) {
        StringRef key = a.getName().getValue();
        if (!key.consume_front("tf."))
          continue;
        if (failed(convertAttrValue(
                a.getValue(),
                (*(*out.mutable_arg_attr())[i].mutable_attr())[key.str()],
                loc)))
          return failure();
      }
    }
  }
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    tensorflow::OpDef::ArgDef &arg = *sig.add_output_arg();
    if (func.getGeneric())
      arg = base.output_arg(i);
    else if (failed(exportArg(func.getResultTypes()[i],
                              func.getResultAttrOfType<StringAttr>(i, tfgName),
                              arg, loc)))
      return failure();
    restore(arg, base.output_arg(), i);
  }
  if (auto attrs = func->getAttrOfType<DictionaryAttr>("tfg.func_attrs"))
    if (failed(exportAttrMap(attrs, *out.mutable_attr(), loc)))
      return failure();
  if (Attribute unknown = func->getAttr(kUnknownFieldsAttr))
    if (failed(restoreUnknownFields(unknown, out, loc)))
      return failure();
  if (auto keys = func.getResourceArgUniqueIdsKeysAttr()) {
    auto values = func.getResourceArgUniqueIdsValuesAttr();
    for (auto [k, v] : llvm::zip(keys.asArrayRef(), values.asArrayRef()))
      (*out.mutable_resource_arg_unique_id())[k] = v;
  }

  if (failed(verifyUniqueArgNames(sig.input_arg(), sig, "input", loc)) ||
      failed(verifyUniqueArgNames(sig.output_arg(), sig, "output", loc)))
    return failure();

  NodeNames nodeNames;
  if (failed(nodeNames.init(func.getBody().front(), func, nameUnnamed)))
    return failure();
  InputNamer namer(module, func, symbols, nodeNames);
  NodeChecks checks(func.getContext(), dialect, namer);
  ExportedNames names;
  names.addArgs(sig, func.getContext());
  ReturnOp ret = func.getReturnOp();
  for (Operation &op : func.getBody().front()) {
    if (&op == ret.getOperation() || isa<GetResultOp>(op))
      continue;
    if (failed(exportNode(&op, *out.add_node_def(), checks)) ||
        failed(names.add(&op, nodeNames.get(&op), func)))
      return failure();
  }
  for (auto [i, value] : llvm::enumerate(ret.getDataOperands())) {
    FailureOr<std::string> name = namer.name(value, ret);
    if (failed(name))
      return failure();
    (*out.mutable_ret())[sig.output_arg(i).name()] = *name;
  }
  for (auto [value, attr] :
       llvm::zip(ret.getControlOperands(), ret.getControlRetAttrs())) {
    auto name = llvm::cast<DictionaryAttr>(attr).getAs<StringAttr>(tfgName);
    if (!name)
      return ret.emitError("control result without tfg.name");
    if (failed(verifyProtoString(name.getValue(), "control result name",
                                 ret.getLoc())))
      return failure();
    FailureOr<std::string> node = namer.name(value, ret);
    if (failed(node))
      return failure();
    sig.add_control_output(name.getValue().str());
    (*out.mutable_control_ret())[name.getValue().str()] =
        StringRef(*node).drop_front().str();
  }
  return success();
}

LogicalResult mlir::tfg::exportGraphDef(ModuleOp module,
                                        tensorflow::GraphDef &graph,
                                        const ExportOptions &options) {
  auto *dialect = module->getContext()->getOrLoadDialect<TFGraphDialect>();
  // Nothing protobuf would not read back (and no attribute, however deep in
  // the module, converted recursively past the limit).
  if (failed(detail::checkExportLimits(
          module, options.forJSON ? kMaxJSONWriteDepth : kMaxMessageDepth,
          options.forJSON ? "that protobuf's JSON writer follows"
                          : "that protobuf reads")))
    return failure();
  // Calls name library functions by op name: one table for all lookups.
  SymbolTable symbols(module);
  GraphOp graphOp;
  graph.Clear();
  for (Operation &op : *module.getBody()) {
    if (auto g = dyn_cast<GraphOp>(op)) {
      if (graphOp)
        return g.emitError("a module with more than one tfg.graph cannot be "
                           "exported as one GraphDef");
      graphOp = g;
    } else if (auto func = dyn_cast<GraphFuncOp>(op)) {
      tensorflow::FunctionDefLibrary &library = *graph.mutable_library();
      if (failed(exportFunction(module, symbols, func, *library.add_function(),
                                dialect, options.nameUnnamedNodes)))
        return failure();
      if (auto grad = func.getGradientAttr()) {
        tensorflow::GradientDef &g = *library.add_gradient();
        g.set_function_name(func.getSymName().str());
        g.set_gradient_func(grad.getValue().str());
      }
    }
  }
  if (!graphOp)
    return emitError(module.getLoc(), "no tfg.graph to export");
  tf_type::VersionAttr version = graphOp.getVersion();
  // An all-default VersionDef is left out, as TensorFlow does.
  if (version.getProducer() || version.getMinConsumer() ||
      !version.getBadConsumers().empty()) {
    graph.mutable_versions()->set_producer(version.getProducer());
    graph.mutable_versions()->set_min_consumer(version.getMinConsumer());
    for (int32_t bad : version.getBadConsumers())
      graph.mutable_versions()->add_bad_consumers(bad);
  }
#pragma GCC diagnostic push // GraphDef.version is deprecated, but kept
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  if (auto legacy = graphOp->getAttrOfType<IntegerAttr>("tfg.legacy_version"))
    graph.set_version(legacy.getInt());
#pragma GCC diagnostic pop
  if (Attribute grads = graphOp->getAttr(kRegisteredGradientsAttr)) {
    auto entries = llvm::dyn_cast<ArrayAttr>(grads);
    if (!entries)
      return emitError(graphOp.getLoc())
             << kRegisteredGradientsAttr << " must be an array";
    tensorflow::FunctionDefLibrary &library = *graph.mutable_library();
    for (Attribute entry : entries) {
      auto dict = llvm::dyn_cast<DictionaryAttr>(entry);
      auto func =
          dict ? dict.getAs<FlatSymbolRefAttr>("gradient_func") : nullptr;
      auto type = dict ? dict.getAs<StringAttr>("registered_op_type") : nullptr;
      if (!func || !type || dict.size() != 2)
        return emitError(graphOp.getLoc())
               << kRegisteredGradientsAttr
               << " entries must be {gradient_func = @symbol, "
                  "registered_op_type = \"...\"}, got "
               << entry;
      tensorflow::RegisteredGradient &g = *library.add_registered_gradients();
      g.set_gradient_func(func.getValue().str());
      g.set_registered_op_type(type.getValue().str());
    }
  }
  if (auto debug = graphOp->getAttrOfType<StringAttr>("tfg.debug_info"))
    if (!graph.mutable_debug_info()->ParseFromString(debug.getValue().str()))
      return emitError(graphOp.getLoc(), "invalid tfg.debug_info attribute");
  if (Attribute unknown = graphOp->getAttr(kUnknownFieldsAttr))
    if (failed(restoreUnknownFields(unknown, graph, graphOp.getLoc())))
      return failure();
  if (Attribute unknown = graphOp->getAttr(kLibraryUnknownFieldsAttr))
    if (failed(restoreUnknownFields(unknown, *graph.mutable_library(),
                                    graphOp.getLoc(),
                                    kLibraryUnknownFieldsAttr)))
      return failure();
  NodeNames nodeNames;
  if (failed(nodeNames.init(graphOp.getBody(), GraphFuncOp(),
                            options.nameUnnamedNodes)))
    return failure();
  InputNamer namer(module, GraphFuncOp(), symbols, nodeNames);
  NodeChecks checks(module->getContext(), dialect, namer);
  ExportedNames names;
  for (Operation &op : graphOp.getBody())
    if (failed(exportNode(&op, *graph.add_node(), checks)) ||
        failed(names.add(&op, nodeNames.get(&op), GraphFuncOp())))
      return failure();
  return success();
}
