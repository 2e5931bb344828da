//===- PrepareForExport.cpp - A tfg module made ready for export ----------===//
//
// The region-to-functional conversion of TFGTransforms, as the step every
// export takes first (tfg/Translate/PrepareForExport.h).
//
//===----------------------------------------------------------------------===//

#include "tfg/Translate/PrepareForExport.h"
#include "tfg/Transforms/GraphTransforms.h"

using namespace mlir;

LogicalResult mlir::tfg::prepareForExport(ModuleOp module) {
  // GraphDefs have no region control flow: back to functions (exact when
  // the regions still are the functions they came from).
  return convertRegionToFunctional(module);
}
