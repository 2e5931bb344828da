//===- GraphDefSources.h - Nodes and functions to import --------*- C++ -*-===//
//
// The nodes and functions the GraphDef importer reads, from a parsed message
// or in place from the bytes of a binary GraphDef (see GraphDefWire.h).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_GRAPHDEFSOURCES_H
#define TFG_LIB_IMPORTEXPORT_GRAPHDEFSOURCES_H

#include "GraphDefWire.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/descriptor.h"

#include "google/protobuf/io/coded_stream.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace tfg {
namespace detail {

/// Parses `bytes` into `message` (merged into what it holds with `merge`)
/// as protobuf parses it `depth` messages deep inside another one: with as
/// many levels less of nesting allowed.
inline bool parseNested(google::protobuf::MessageLite &message, StringRef bytes,
                        int depth, bool merge = false) {
  google::protobuf::io::CodedInputStream in(
      reinterpret_cast<const uint8_t *>(bytes.data()),
      static_cast<int>(bytes.size()));
  in.SetRecursionLimit(
      google::protobuf::io::CodedInputStream::GetDefaultRecursionLimit() -
      depth);
  bool parsed = merge ? message.MergeFromCodedStream(&in)
                      : message.ParseFromCodedStream(&in);
  return parsed && in.ConsumedEntireMessage();
}

/// Whether `bytes`, a `type` message `depth` messages deep in a GraphDef,
/// nests messages deeper than protobuf's binary reader allows (why they
/// do not parse, then).
inline bool nestsTooDeep(StringRef bytes,
                         const google::protobuf::Descriptor *type, int depth) {
  int limit = kMaxMessageDepth - depth;
  return nestedMessageDepth(bytes, type, limit) > limit;
}

/// The nodes of a graph or function body: names, ops and inputs to resolve
/// the edges, each whole NodeDef to build its operation. Safe to use from
/// several threads on distinct nodes.
class NodeSource {
public:
  virtual ~NodeSource() = default;
  virtual size_t size() const = 0;
  virtual StringRef name(size_t i) const = 0;
  virtual StringRef op(size_t i) const = 0;
  virtual unsigned numInputs(size_t i) const = 0;
  /// Node i's inputs, in order (in place of what `out` held).
  virtual void inputs(size_t i, SmallVectorImpl<StringRef> &out) const = 0;
  /// Node i's k-th input; may read the node again (diagnostics, named
  /// outputs).
  virtual StringRef input(size_t i, unsigned k) const = 0;
  /// Node i's message, parsed into `scratch` if need be; null after an
  /// error at `loc`.
  virtual const tensorflow::NodeDef *get(size_t i, tensorflow::NodeDef &scratch,
                                         Location loc) const = 0;
  /// Called once the operations of nodes [begin, end) are built: their
  /// messages are not read again, except by diagnostics.
  virtual void built(size_t begin, size_t end) const {}
  /// Called once every input is resolved when no input names an output
  /// argument: `inputs` and `numInputs` are not called afterwards, and
  /// `name` and `op` may be slower (they serve diagnostics then).
  virtual void inputsResolved() const {}
};

/// Nodes of a parsed message.
class MessageNodes final : public NodeSource {
public:
  /// With `consume`, the caller gave the messages up: each node's
  /// attributes, device and debug information are freed as soon as its
  /// operation is built (the name and inputs stay for wiring).
  MessageNodes(
      const google::protobuf::RepeatedPtrField<tensorflow::NodeDef> &nodes,
      bool consume)
      : nodes(nodes), consume(consume) {}
  size_t size() const override { return nodes.size(); }
  StringRef name(size_t i) const override { return nodes.Get(i).name(); }
  StringRef op(size_t i) const override { return nodes.Get(i).op(); }
  unsigned numInputs(size_t i) const override {
    return nodes.Get(i).input_size();
  }
  void inputs(size_t i, SmallVectorImpl<StringRef> &out) const override {
    const tensorflow::NodeDef &node = nodes.Get(i);
    out.assign(node.input().begin(), node.input().end());
  }
  StringRef input(size_t i, unsigned k) const override {
    return nodes.Get(i).input(k);
  }
  const tensorflow::NodeDef *get(size_t i, tensorflow::NodeDef &,
                                 Location) const override {
    return &nodes.Get(i);
  }
  void built(size_t begin, size_t end) const override {
    if (!consume)
      return;
    for (size_t i = begin; i < end; ++i) {
      auto *node = const_cast<tensorflow::NodeDef *>(&nodes.Get(i));
      node->clear_attr();
      node->clear_device();
      node->clear_experimental_debug_info();
      node->clear_experimental_type();
    }
  }

private:
  const google::protobuf::RepeatedPtrField<tensorflow::NodeDef> &nodes;
  bool consume;
};

/// Nodes of a binary GraphDef, read in place.
class WireNodes final : public NodeSource {
public:
  explicit WireNodes(WireGraph &wire) : wire(wire) {}
  size_t size() const override { return wire.size(); }
  StringRef name(size_t i) const override { return wire.name(i); }
  StringRef op(size_t i) const override { return wire.op(i); }
  unsigned numInputs(size_t i) const override { return wire.numInputs(i); }
  void inputs(size_t i, SmallVectorImpl<StringRef> &out) const override {
    wire.inputs(i, out);
  }
  StringRef input(size_t i, unsigned k) const override {
    return wire.input(i, k);
  }
  const tensorflow::NodeDef *get(size_t i, tensorflow::NodeDef &scratch,
                                 Location loc) const override {
    // Inside the GraphDef the node is one level deep already.
    if (parseNested(scratch, wire.nodeBytes(i), /*depth=*/1))
      return &scratch;
    if (nestsTooDeep(wire.nodeBytes(i), tensorflow::NodeDef::descriptor(), 1))
      emitError(loc) << "node '" << wire.name(i)
                     << "' nests messages deeper than " << kMaxMessageDepth
                     << " levels in the GraphDef, the limit of protobuf's "
                        "binary reader";
    else
      emitError(loc) << "node #" << i << " ('" << wire.name(i)
                     << "') is not a valid binary NodeDef";
    return nullptr;
  }
  void inputsResolved() const override { wire.releaseKeys(); }
  void built(size_t begin, size_t end) const override {
    wire.releaseNodePages(begin, end);
  }

private:
  WireGraph &wire;
};

/// The functions of a library: each signature, to declare them all first,
/// then each whole FunctionDef to import it. Safe to use from several
/// threads on distinct functions.
class FunctionSource {
public:
  virtual ~FunctionSource() = default;
  virtual size_t size() const = 0;
  /// Function i's signature, parsed into `scratch` if need be; null after
  /// an error at `loc`.
  virtual const tensorflow::OpDef *
  signature(size_t i, tensorflow::OpDef &scratch, Location loc) const = 0;
  /// Function i, parsed into `scratch` if need be; null after an error at
  /// `loc`.
  virtual const tensorflow::FunctionDef *
  get(size_t i, tensorflow::FunctionDef &scratch, Location loc) const = 0;
  /// Whether the messages `get` returns may be consumed (see MessageNodes).
  virtual bool consumable() const = 0;
  /// The size of function i's encoding, in bytes: how much work importing
  /// it is.
  virtual size_t encodedSize(size_t i) const = 0;
  /// Called once function i is imported.
  virtual void imported(size_t i) const {}
};

/// Functions of a parsed library.
class MessageFunctions final : public FunctionSource {
public:
  /// With `consume`, the caller gave the messages up: each function is
  /// freed once imported (its memory then serves the graph's nodes).
  MessageFunctions(
      const google::protobuf::RepeatedPtrField<tensorflow::FunctionDef>
          &functions,
      bool consume)
      : functions(functions), consume(consume) {}
  size_t size() const override { return functions.size(); }
  const tensorflow::OpDef *signature(size_t i, tensorflow::OpDef &,
                                     Location) const override {
    return &functions.Get(i).signature();
  }
  const tensorflow::FunctionDef *get(size_t i, tensorflow::FunctionDef &,
                                     Location) const override {
    return &functions.Get(i);
  }
  bool consumable() const override { return consume; }
  size_t encodedSize(size_t i) const override {
    return functions.Get(i).ByteSizeLong();
  }
  void imported(size_t i) const override {
    // Clear() would keep the nodes allocated for reuse.
    if (consume)
      tensorflow::FunctionDef().Swap(
          const_cast<tensorflow::FunctionDef *>(&functions.Get(i)));
  }

private:
  const google::protobuf::RepeatedPtrField<tensorflow::FunctionDef> &functions;
  bool consume;
};

/// Functions of a binary GraphDef's library, read in place: each is parsed
/// when it is imported, by the thread that imports it.
class WireFunctions final : public FunctionSource {
public:
  explicit WireFunctions(const WireGraph &wire) : wire(wire) {}
  size_t size() const override { return wire.numFunctions(); }
  const tensorflow::OpDef *signature(size_t i, tensorflow::OpDef &scratch,
                                     Location loc) const override {
    // GraphDef.library.function[i].signature: three levels deep.
    StringRef bytes = wire.functionBytes(i);
    SmallVector<StringRef, 1> pieces;
    scratch.Clear();
    if (WireGraph::signaturePieces(bytes, pieces)) {
      bool parsed = true;
      for (StringRef piece : pieces)
        parsed = parsed && parseNested(scratch, piece, /*depth=*/3,
                                       /*merge=*/true);
      if (parsed)
        return &scratch;
    } else {
      // An encoding the scan leaves to protobuf: the whole function.
      tensorflow::FunctionDef func;
      if (parseNested(func, bytes, /*depth=*/2)) {
        scratch.Swap(func.mutable_signature());
        return &scratch;
      }
    }
    return invalid(i, loc);
  }
  const tensorflow::FunctionDef *get(size_t i, tensorflow::FunctionDef &scratch,
                                     Location loc) const override {
    if (parseNested(scratch, wire.functionBytes(i), /*depth=*/2))
      return &scratch;
    return invalid(i, loc);
  }
  bool consumable() const override { return true; }
  size_t encodedSize(size_t i) const override {
    return wire.functionBytes(i).size();
  }
  void imported(size_t i) const override {
    wire.releasePages(wire.functionBytes(i));
  }

private:
  std::nullptr_t invalid(size_t i, Location loc) const {
    StringRef bytes = wire.functionBytes(i);
    if (nestsTooDeep(bytes, tensorflow::FunctionDef::descriptor(), 2)) {
      SmallVector<NestedMessage> path;
      int limit = kMaxMessageDepth - 2;
      (void)nestedMessageDepth(bytes, tensorflow::FunctionDef::descriptor(),
                               limit, &path);
      InFlightDiagnostic diag = emitError(loc);
      // FunctionDef.node_def = 3 (its name = 1), signature = 1 (name = 1).
      if (!path.empty() && path[0].field && path[0].field->number() == 3)
        diag << "node '" << lastStringField(path[0].encoding, 1) << "' of ";
      diag << "function '" << lastStringField(lastStringField(bytes, 1), 1)
           << "' nests messages deeper than " << kMaxMessageDepth
           << " levels in the GraphDef, the limit of protobuf's binary "
              "reader";
      return nullptr;
    }
    emitError(loc) << "function #" << i
                   << " of the library is not a valid binary FunctionDef";
    return nullptr;
  }

  const WireGraph &wire;
};

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_GRAPHDEFSOURCES_H
