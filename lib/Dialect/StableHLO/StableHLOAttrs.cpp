//===- StableHLOAttrs.cpp - stablehlo attribute syntax --------------------===//
//
// Parsing and printing of the structured attributes (`#stablehlo.dot<...>`,
// `#stablehlo.gather<...>`, `#stablehlo.scatter<...>`, `#stablehlo.conv<...>`,
// `#stablehlo.output_operand_alias<...>`, `#stablehlo.result_accuracy<...>`,
// `#stablehlo.type_extensions<...>`/`#stablehlo.bounds<...>`), the
// convolution window syntax, and the dialect's attribute hooks.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

//===----------------------------------------------------------------------===//
// Structured fields.
//===----------------------------------------------------------------------===//

ParseResult
mlir::tfg::stablehlo::parseStructFields(AsmParser &parser,
                                        MutableArrayRef<StructField> fields) {
  auto parseField = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    auto *it = llvm::find_if(
        fields, [&](const StructField &f) { return f.name == name; });
    if (it == fields.end())
      return parser.emitError(loc, "unknown field '") << name << "'";
    if (it->seen)
      return parser.emitError(loc, "field '") << name << "' given twice";
    it->seen = true;
    if (it->list)
      return parseIntList(parser, *it->list);
    return parser.parseInteger(*it->scalar);
  };
  SMLoc loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalGreater()) &&
      (parser.parseCommaSeparatedList(parseField) || parser.parseGreater()))
    return failure();
  for (const StructField &f : fields)
    if (f.required && !f.seen)
      return parser.emitError(loc, "missing field '") << f.name << "'";
  return success();
}

/// Prints `name = [..]` fields, leaving out empty lists unless `all`.
static void printListField(AsmPrinter &p, bool &first, StringRef name,
                           ArrayRef<int64_t> values, bool all = false) {
  if (values.empty() && !all)
    return;
  if (!first)
    p << ", ";
  first = false;
  p << name << " = ";
  printIntList(p, values);
}

static void printScalarField(AsmPrinter &p, bool &first, StringRef name,
                             int64_t value) {
  if (!first)
    p << ", ";
  first = false;
  p << name << " = " << value;
}

//===----------------------------------------------------------------------===//
// #stablehlo.dot
//===----------------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lb, rb, lc, rc;
  StructField fields[] = {{"lhs_batching_dimensions", &lb},
                          {"rhs_batching_dimensions", &rb},
                          {"lhs_contracting_dimensions", &lc},
                          {"rhs_contracting_dimensions", &rc}};
  if (parser.parseLess() || parseStructFields(parser, fields))
    return {};
  return get(parser.getContext(), lb, rb, lc, rc);
}

void DotDimensionNumbersAttr::print(AsmPrinter &p) const {
  bool first = true;
  p << '<';
  printListField(p, first, "lhs_batching_dimensions",
                 getLhsBatchingDimensions());
  printListField(p, first, "rhs_batching_dimensions",
                 getRhsBatchingDimensions());
  printListField(p, first, "lhs_contracting_dimensions",
                 getLhsContractingDimensions());
  printListField(p, first, "rhs_contracting_dimensions",
                 getRhsContractingDimensions());
  p << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.gather and #stablehlo.scatter
//===----------------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offset, collapsed, operandBatch, indicesBatch, map;
  int64_t indexVectorDim = 0;
  StructField fields[] = {
      {"offset_dims", &offset},
      {"collapsed_slice_dims", &collapsed},
      {"operand_batching_dims", &operandBatch},
      {"start_indices_batching_dims", &indicesBatch},
      {"start_index_map", &map},
      {"index_vector_dim", nullptr, &indexVectorDim, /*required=*/true}};
  if (parser.parseLess() || parseStructFields(parser, fields))
    return {};
  return get(parser.getContext(), offset, collapsed, operandBatch, indicesBatch,
             map, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &p) const {
  bool first = true;
  p << '<';
  printListField(p, first, "offset_dims", getOffsetDims());
  printListField(p, first, "collapsed_slice_dims", getCollapsedSliceDims());
  printListField(p, first, "operand_batching_dims", getOperandBatchingDims());
  printListField(p, first, "start_indices_batching_dims",
                 getStartIndicesBatchingDims());
  printListField(p, first, "start_index_map", getStartIndexMap());
  printScalarField(p, first, "index_vector_dim", getIndexVectorDim());
  p << '>';
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> window, inserted, inputBatch, indicesBatch, map;
  int64_t indexVectorDim = 0;
  StructField fields[] = {
      {"update_window_dims", &window},
      {"inserted_window_dims", &inserted},
      {"input_batching_dims", &inputBatch},
      {"scatter_indices_batching_dims", &indicesBatch},
      {"scatter_dims_to_operand_dims", &map},
      {"index_vector_dim", nullptr, &indexVectorDim, /*required=*/true}};
  if (parser.parseLess() || parseStructFields(parser, fields))
    return {};
  return get(parser.getContext(), window, inserted, inputBatch, indicesBatch,
             map, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &p) const {
  bool first = true;
  p << '<';
  printListField(p, first, "update_window_dims", getUpdateWindowDims());
  printListField(p, first, "inserted_window_dims", getInsertedWindowDims());
  printListField(p, first, "input_batching_dims", getInputBatchingDims());
  printListField(p, first, "scatter_indices_batching_dims",
                 getScatterIndicesBatchingDims());
  printListField(p, first, "scatter_dims_to_operand_dims",
                 getScatterDimsToOperandDims());
  printScalarField(p, first, "index_vector_dim", getIndexVectorDim());
  p << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.output_operand_alias
//===----------------------------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> output, operand;
  int64_t operandIndex = 0;
  StructField fields[] = {
      {"output_tuple_indices", &output},
      {"operand_index", nullptr, &operandIndex, /*required=*/true},
      {"operand_tuple_indices", &operand}};
  if (parser.parseLess() || parseStructFields(parser, fields))
    return {};
  return get(parser.getContext(), output, operandIndex, operand);
}

void OutputOperandAliasAttr::print(AsmPrinter &p) const {
  bool first = true;
  p << '<';
  printListField(p, first, "output_tuple_indices", getOutputTupleIndices(),
                 /*all=*/true);
  printScalarField(p, first, "operand_index", getOperandIndex());
  printListField(p, first, "operand_tuple_indices", getOperandTupleIndices(),
                 /*all=*/true);
  p << '>';
}

//===----------------------------------------------------------------------===//
// #stablehlo.conv
//===----------------------------------------------------------------------===//

namespace {
/// One of the three bracketed layouts of the short convolution syntax.
struct ConvLayout {
  int64_t first = -1, second = -1; // b/f, or i/o for the kernel
  SmallVector<int64_t> spatial;
};
} // namespace

/// Parses `[b, 0, 1, f]` with the letters `firstName`/`secondName` for the
/// two non-spatial dimensions.
static ParseResult parseConvLayout(AsmParser &parser, char firstName,
                                   char secondName, ConvLayout &layout) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> spatialAt; // spatialAt[k] = dimension of spatial k
  SmallVector<bool> spatialSeen;
  int64_t pos = 0;
  auto parseItem = [&]() -> ParseResult {
    SMLoc itemLoc = parser.getCurrentLocation();
    int64_t index = 0;
    OptionalParseResult number = parser.parseOptionalInteger(index);
    if (number.has_value()) {
      if (failed(*number))
        return failure();
      if (index < 0 || index > 64)
        return parser.emitError(itemLoc, "spatial dimension index ")
               << index << " out of range";
      if (static_cast<size_t>(index) >= spatialAt.size()) {
        spatialAt.resize(index + 1, -1);
        spatialSeen.resize(index + 1, false);
      }
      if (spatialSeen[index])
        return parser.emitError(itemLoc, "spatial dimension ")
               << index << " given twice";
      spatialSeen[index] = true;
      spatialAt[index] = pos++;
      return success();
    }
    StringRef word;
    if (parser.parseKeyword(&word))
      return failure();
    int64_t *slot = nullptr;
    if (word.size() == 1 && word[0] == firstName)
      slot = &layout.first;
    else if (word.size() == 1 && word[0] == secondName)
      slot = &layout.second;
    if (!slot)
      return parser.emitError(itemLoc, "expected '")
             << firstName << "', '" << secondName
             << "' or a spatial dimension index, got '" << word << "'";
    if (*slot != -1)
      return parser.emitError(itemLoc, "'") << word << "' given twice";
    *slot = pos++;
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseItem))
    return failure();
  if (layout.first == -1 || layout.second == -1)
    return parser.emitError(loc, "expected both '")
           << firstName << "' and '" << secondName << "'";
  if (llvm::is_contained(spatialSeen, false))
    return parser.emitError(loc, "spatial dimensions are not 0..n-1");
  layout.spatial = std::move(spatialAt);
  return success();
}

ParseResult
mlir::tfg::stablehlo::parseConvDimensions(AsmParser &parser,
                                          ConvDimensionNumbersAttr &dims) {
  SMLoc loc = parser.getCurrentLocation();
  ConvLayout input, kernel, output;
  if (parseConvLayout(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', output))
    return failure();
  if (input.spatial.size() != kernel.spatial.size() ||
      input.spatial.size() != output.spatial.size())
    return parser.emitError(loc, "input, kernel and output have different "
                                 "numbers of spatial dimensions");
  dims = ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
  return success();
}

/// Prints one layout, or returns false when the numbers do not form one
/// (out of range or repeated dimensions).
static bool printConvLayout(llvm::raw_ostream &os, int64_t first,
                            int64_t second, ArrayRef<int64_t> spatial,
                            char firstName, char secondName) {
  int64_t rank = static_cast<int64_t>(spatial.size()) + 2;
  SmallVector<std::string> labels(rank);
  auto place = [&](int64_t dim, std::string label) {
    if (dim < 0 || dim >= rank || !labels[dim].empty())
      return false;
    labels[dim] = std::move(label);
    return true;
  };
  if (!place(first, std::string(1, firstName)) ||
      !place(second, std::string(1, secondName)))
    return false;
  for (auto [k, dim] : llvm::enumerate(spatial))
    if (!place(dim, std::to_string(k)))
      return false;
  os << '[';
  llvm::interleaveComma(labels, os);
  os << ']';
  return true;
}

void mlir::tfg::stablehlo::printConvDimensions(AsmPrinter &p,
                                               ConvDimensionNumbersAttr dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  bool ok = dims.getInputSpatialDimensions().size() ==
                dims.getKernelSpatialDimensions().size() &&
            dims.getInputSpatialDimensions().size() ==
                dims.getOutputSpatialDimensions().size() &&
            printConvLayout(os, dims.getInputBatchDimension(),
                            dims.getInputFeatureDimension(),
                            dims.getInputSpatialDimensions(), 'b', 'f');
  os << 'x';
  ok = ok && printConvLayout(os, dims.getKernelInputFeatureDimension(),
                             dims.getKernelOutputFeatureDimension(),
                             dims.getKernelSpatialDimensions(), 'i', 'o');
  os << "->";
  ok = ok && printConvLayout(os, dims.getOutputBatchDimension(),
                             dims.getOutputFeatureDimension(),
                             dims.getOutputSpatialDimensions(), 'b', 'f');
  if (ok) {
    p << text;
    return;
  }
  // Numbers that form no layout keep the long spelling.
  bool first = true;
  p << "raw ";
  printScalarField(p, first, "input_batch_dimension",
                   dims.getInputBatchDimension());
  printScalarField(p, first, "input_feature_dimension",
                   dims.getInputFeatureDimension());
  printListField(p, first, "input_spatial_dimensions",
                 dims.getInputSpatialDimensions(), true);
  printScalarField(p, first, "kernel_input_feature_dimension",
                   dims.getKernelInputFeatureDimension());
  printScalarField(p, first, "kernel_output_feature_dimension",
                   dims.getKernelOutputFeatureDimension());
  printListField(p, first, "kernel_spatial_dimensions",
                 dims.getKernelSpatialDimensions(), true);
  printScalarField(p, first, "output_batch_dimension",
                   dims.getOutputBatchDimension());
  printScalarField(p, first, "output_feature_dimension",
                   dims.getOutputFeatureDimension());
  printListField(p, first, "output_spatial_dimensions",
                 dims.getOutputSpatialDimensions(), true);
}

/// The long form after `raw`, up to and including `>`.
static ParseResult parseRawConvDimensions(AsmParser &parser,
                                          ConvDimensionNumbersAttr &dims) {
  int64_t ib = 0, ifd = 0, ki = 0, ko = 0, ob = 0, of = 0;
  SmallVector<int64_t> is, ks, os;
  StructField fields[] = {
      {"input_batch_dimension", nullptr, &ib, true},
      {"input_feature_dimension", nullptr, &ifd, true},
      {"input_spatial_dimensions", &is},
      {"kernel_input_feature_dimension", nullptr, &ki, true},
      {"kernel_output_feature_dimension", nullptr, &ko, true},
      {"kernel_spatial_dimensions", &ks},
      {"output_batch_dimension", nullptr, &ob, true},
      {"output_feature_dimension", nullptr, &of, true},
      {"output_spatial_dimensions", &os}};
  if (parseStructFields(parser, fields))
    return failure();
  dims = ConvDimensionNumbersAttr::get(parser.getContext(), ib, ifd, is, ki, ko,
                                       ks, ob, of, os);
  return success();
}

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  ConvDimensionNumbersAttr dims;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    if (parseRawConvDimensions(parser, dims))
      return {};
    return dims;
  }
  if (parseConvDimensions(parser, dims) || parser.parseGreater())
    return {};
  return dims;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << '<';
  printConvDimensions(p, *this);
  p << '>';
}
