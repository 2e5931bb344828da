//===- Generic.cpp - Instances of generic functions -----------------------===//
//
// A generic function (`tfg.func generic`) is a FunctionDef whose signature is
// typed through attributes, imported as TensorFlow's tfg importer does: its
// nodes hold `#tf_type.placeholder<"NAME">` where the function's attribute
// NAME goes, each node has one opaque result, and its outputs are read by
// `get_result(%node) "arg" : i` (output argument `arg` of the node's OpDef,
// element `i` of it). TensorFlow instantiates such a function per call with
// the call's attributes (those of the function attribute of a
// PartitionedCall/If/While/..., or the calling node's own when the node is
// named after the function); so does the interpreter: a call's values of
// the placeholders the function uses key a compiled instance, in which
// every node's attributes are substituted (nested ones too) and the
// get_result ops are wired at compile time to the outputs they read. The
// outputs of a node follow its OpDef with the substituted attributes (an
// argument of `number_attr` N has N outputs, of `type_list_attr` one per
// listed type, otherwise one); a node calling a library function has one
// output per result of the function, named by the result's `tfg.name`.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/IR/OpSignature.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"

#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

/// The most instances of generic functions one interpreter compiles: each
/// distinct set of attribute values is one, and recursive calls could
/// otherwise derive new ones without end.
static constexpr size_t kMaxInstances = size_t(1) << 14;

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<DictionaryAttr>
interp::substitutePlaceholders(DictionaryAttr attrs, DictionaryAttr values) {
  if (!attrs)
    return attrs;
  std::string missing;
  AttrTypeReplacer replacer;
  replacer.addReplacement(
      [&](tf_type::PlaceholderAttr p) -> std::optional<Attribute> {
        Attribute value = values ? values.get(p.getValue()) : Attribute();
        if (!value) {
          if (missing.empty())
            missing = p.getValue().str();
          return p;
        }
        return value;
      });
  auto out = dyn_cast_if_present<DictionaryAttr>(replacer.replace(attrs));
  if (!missing.empty())
    return error("no value for the placeholder attribute '" + missing + "'");
  if (!out)
    return error("the attributes could not be substituted");
  return out;
}

llvm::Expected<DictionaryAttr>
InterpreterState::getInstanceValues(GraphFuncOp func,
                                    DictionaryAttr callAttrs) {
  auto it = placeholderNames.find(func);
  if (it == placeholderNames.end()) {
    llvm::SetVector<StringAttr> names;
    AttrTypeWalker walker;
    walker.addWalk([&](tf_type::PlaceholderAttr p) {
      names.insert(StringAttr::get(func.getContext(), p.getValue()));
    });
    func.getBody().walk(
        [&](Operation *op) { walker.walk(Attribute(getNodeAttrs(op))); });
    it = placeholderNames
             .try_emplace(
                 func, SmallVector<StringAttr, 2>(names.begin(), names.end()))
             .first;
  }
  SmallVector<NamedAttribute, 4> values;
  for (StringAttr name : it->second) {
    Attribute value = callAttrs ? callAttrs.get(name) : Attribute();
    if (!value || isa<tf_type::PlaceholderAttr>(value))
      return error("the call gives no attribute '" + name.getValue() +
                   "', which the function uses");
    values.emplace_back(name, value);
  }
  return DictionaryAttr::get(func.getContext(), values);
}

llvm::Expected<const CompiledBody *>
InterpreterState::getInstanceBody(GraphFuncOp func, DictionaryAttr values) {
  auto key = std::make_pair(func.getOperation(), Attribute(values));
  auto it = instances.find(key);
  if (it != instances.end())
    return it->second.get();
  if (instances.size() >= kMaxInstances)
    return error("more than " + Twine(kMaxInstances) +
                 " instances of generic functions");
  Block &block = func.getBody().front();
  if (block.empty())
    return error("an empty body cannot be run");
  SmallVector<Value, 8> fetches(block.back().getOperands());
  auto body = compileBody(
      *this, block, fetches, [](Value) { return false; }, values);
  if (!body)
    return body.takeError();
  const CompiledBody *raw = body->get();
  instances[key] = std::move(*body);
  return raw;
}

/// The output arguments of a node calling library function `callee`: one
/// per result, named by its `tfg.name`.
static void calleeOutputArgs(GraphFuncOp callee, CompiledNode &node) {
  ArrayAttr resAttrs = callee.getResAttrsAttr();
  unsigned n = callee.getFunctionType().getNumResults();
  for (unsigned i = 0; i < n; ++i) {
    StringAttr name;
    if (resAttrs && i < resAttrs.size())
      if (auto dict = dyn_cast<DictionaryAttr>(resAttrs[i]))
        name = dict.getAs<StringAttr>("tfg.name");
    node.outputArgs.emplace_back(name ? name.str() : std::string(), i, 1);
  }
}

llvm::Error interp::computeOutputArgs(InterpreterState &state,
                                      CompiledNode &node) {
  Operation *op = node.op;
  MLIRContext *ctx = op->getContext();
  node.outputArgs.clear();
  auto *dialect = ctx->getLoadedDialect<TFGraphDialect>();
  const OpDef *def =
      dialect ? dialect->getOpRegistry().lookup(node.opName) : nullptr;
  // A function of the library is called before an op of its name (as
  // classify decides), unless a builtin runs the op.
  if (!lookupBuiltin(node.opName)) {
    if (auto callee = state.symbols.lookup<GraphFuncOp>(node.opName)) {
      calleeOutputArgs(callee, node);
      node.consumers.resize(node.outputArgs.size());
      return llvm::Error::success();
    }
  }
  if (!def)
    return nodeError(op, "the op registry has no OpDef for '" + node.opName +
                             "', so its outputs in a generic function are "
                             "unknown");
  std::string message;
  FailureOr<OutputArgs> outs;
  {
    ScopedDiagnosticHandler handler(ctx, [&](Diagnostic &diag) {
      if (message.empty())
        message = diag.str();
      return success();
    });
    outs = inferOutputArgs(
        *def, getNodeNamePrefix(op),
        [&](StringRef name) { return node.getAttr(name); }, op->getLoc());
  }
  if (failed(outs))
    return nodeError(op, message.empty() ? "its outputs cannot be inferred"
                                         : StringRef(message));
  for (auto &[name, first, count] : outs->args)
    node.outputArgs.emplace_back(name, first, count);
  node.consumers.resize(outs->types.size());
  return llvm::Error::success();
}

llvm::Expected<unsigned> interp::getResultIndex(const CompiledNode &node,
                                                GetResultOp getResult) {
  StringRef name = getResult.getName();
  uint64_t index = getResult.getNumber();
  std::string known;
  for (auto &[argName, first, count] : node.outputArgs) {
    if (argName == name) {
      if (index < count)
        return first + unsigned(index);
      return nodeError(node.op, "get_result \"" + name +
                                    "\" : " + Twine(index) +
                                    " is out of range: '" + name + "' has " +
                                    Twine(count) + " outputs");
    }
    known += (known.empty() ? "" : ", ") + argName;
  }
  return nodeError(node.op, "get_result \"" + name +
                                "\" names no output argument of the node "
                                "(it has: " +
                                known + ")");
}
