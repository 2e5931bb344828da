//===- ImportWarnings.h - What import accepts but points out ----*- C++ -*-===//
//
// Internal to TFGImportExport. TensorFlow's own importer accepts, and its
// conformance GraphDefs hold, graphs that fail only once run: a Const whose
// value's type differs from its `dtype`, and function-valued attributes
// naming functions the library does not hold. tfg imports them as they are
// (they must round-trip) and says so with a warning at the node.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_IMPORTWARNINGS_H
#define TFG_LIB_IMPORTEXPORT_IMPORTWARNINGS_H

namespace mlir {
class ModuleOp;

namespace tfg {

/// Warns, at each node concerned, of a Const (or HostConst) whose value's
/// element type differs from its `dtype`, and of a function-valued attribute
/// (a `#tf_type.func`, or a list of them) naming no function of the module
/// nor a TensorFlow op. One pass over the nodes' top-level attributes.
void warnAcceptedButInvalid(ModuleOp module);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_IMPORTWARNINGS_H
