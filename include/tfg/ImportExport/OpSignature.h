//===- OpSignature.h - FunctionDef signatures as registry records -*- C++
//-*-===//
//
// Library functions act as ops: their signatures (protobuf OpDefs) become
// registry records. What an OpDef says about a node (defaults, result
// types) is computed in TFGIR, tfg/IR/OpSignature.h, which this includes.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_OPSIGNATURE_H
#define TFG_IMPORTEXPORT_OPSIGNATURE_H

#include "tfg/IR/OpSignature.h"

namespace tensorflow {
class OpDef;
} // namespace tensorflow

namespace mlir {
namespace tfg {

/// The registry record of a FunctionDef signature, so that library functions
/// act as ops.
OpDefRecord convertOpDef(const tensorflow::OpDef &def);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_OPSIGNATURE_H
