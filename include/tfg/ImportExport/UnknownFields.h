//===- UnknownFields.h - Fields tfg's protos do not know --------*- C++ -*-===//
//
// A GraphDef written by a newer TensorFlow (or another producer) may hold
// fields that tfg's copies of the protos do not declare; protobuf keeps
// them as unknown fields. Those of a GraphDef, its library, a FunctionDef
// and a NodeDef themselves are kept in the IR as their encoding (the
// `tfg.unknown_fields` attribute of the graph, function or node; the
// graph's `tfg.library_unknown_fields`) and written back on export;
// those nested deeper (in an attribute value, the versions, ...) cannot be,
// and the importer warns that they are dropped.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_UNKNOWNFIELDS_H
#define TFG_IMPORTEXPORT_UNKNOWNFIELDS_H

#include "tfg/proto/attr_value.pb.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace mlir {
namespace tfg {

/// The attribute of a graph, function or node that holds the encoding of
/// its message's unknown fields.
inline constexpr llvm::StringLiteral kUnknownFieldsAttr = "tfg.unknown_fields";
/// The attribute of a graph that holds the encoding of the unknown fields
/// of its GraphDef's library (FunctionDefLibrary) itself.
inline constexpr llvm::StringLiteral kLibraryUnknownFieldsAttr =
    "tfg.library_unknown_fields";

// The checks below read a message's unknown fields where its generated
// code keeps them, never through reflection: reflection builds protobuf's
// descriptors of every tfg proto (about 70 KB of heap, once per process)
// the first time it is used, which the first import of a process would pay
// for a graph without a single unknown field.

/// Whether the message itself (not one it holds) has unknown fields.
bool hasOwnUnknownFields(const google::protobuf::Message &message);

/// The encoding of the message's own unknown fields (not those of the
/// messages it holds); empty when it has none.
std::string encodeUnknownFields(const google::protobuf::Message &message);

/// Adds the unknown fields encoded in `bytes` (a StringAttr) to `message`,
/// to be written after its known fields, as protobuf writes them. Fails,
/// with an error at `loc`, when `bytes` is not a string of encoded fields.
/// (A field number the message declares is written back as it came: with
/// another wire type, which is why protobuf kept it as unknown.)
LogicalResult restoreUnknownFields(Attribute bytes,
                                   google::protobuf::Message &message,
                                   Location loc,
                                   StringRef attrName = kUnknownFieldsAttr);

/// Warns, at the first operation in `module` that holds kUnknownFieldsAttr
/// or kLibraryUnknownFieldsAttr, that `format` (an export that names
/// fields: text, JSON) leaves them out; `hint` says what else to do.
void warnUnknownFieldsLeftOut(Operation *module, StringRef format,
                              StringRef hint);

/// Whether the attribute value holds unknown fields, at any depth.
bool hasUnknownFields(const tensorflow::AttrValue &value);
/// Whether the full type holds unknown fields, at any depth.
bool hasUnknownFields(const tensorflow::FullTypeDef &type);
/// Whether a message below the function, other than its signature and its
/// nodes (kept whole and imported on their own), holds unknown fields.
bool hasNestedUnknownFields(const tensorflow::FunctionDef &func);
/// Whether a message below the library, other than its functions, holds
/// unknown fields.
bool hasNestedUnknownFields(const tensorflow::FunctionDefLibrary &library);
/// Whether a message below the GraphDef, other than its nodes, library and
/// debug information, holds unknown fields.
bool hasNestedUnknownFields(const tensorflow::GraphDef &graph);

/// The path (fields and indexes, as "versions" or "gradient[2].x") of the
/// first message below `message`, not `message` itself, that holds unknown
/// fields, leaving out the fields named in `skip` (those the importer keeps
/// whole or looks at itself); empty when there is none. By reflection: for
/// the message of a warning, once one of the checks above found fields.
std::string findNestedUnknownFields(const google::protobuf::Message &message,
                                    ArrayRef<StringRef> skip = {});

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_UNKNOWNFIELDS_H
