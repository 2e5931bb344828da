//===- TFJSSignature.h - TF.js signature as feeds/fetches -------*- C++ -*-===//
//
// Internal to TFGImportExport. A TF.js model.json's `signature` names the
// model's inputs and outputs; the importer records them format-neutrally as
// the module attributes `tfg.feeds` and `tfg.fetches` (tfg/ImportExport/
// GraphDef.h), which passes read without knowing TF.js.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_TFJSSIGNATURE_H
#define TFG_LIB_IMPORTEXPORT_TFJSSIGNATURE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace detail {

/// The tensor names a signature gives its inputs and outputs.
struct TFJSSignatureNames {
  std::vector<std::string> feeds, fetches;
};

/// Reads `signature`, the value of a model.json's `signature`: for each
/// entry of its `inputs` (feeds) and `outputs` (fetches) object, the entry's
/// `name`, else its key; each list sorted. What does not have that shape
/// (a signature or a list that is not an object, an entry that is not an
/// object, a name that is not a string) is read as far as it goes, with a
/// warning at `loc`.
TFJSSignatureNames readTFJSSignature(const llvm::json::Value &signature,
                                     Location loc);

/// Records `names` on `module` as `tfg.feeds` and `tfg.fetches`.
void recordSignature(ModuleOp module, const TFJSSignatureNames &names);

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_TFJSSIGNATURE_H
