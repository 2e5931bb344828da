//===- StableHLOControlOps.cpp - control flow and calls -------------------===//
//
// The generated code of StableHLOControlOps.td, the while op's syntax, and
// the verifiers and type inference of the control flow, call and ordering
// ops, written from the spec's constraints.
//
//===----------------------------------------------------------------------===//

#include "StableHLOAsm.h"
#include "StableHLOVerify.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tfg::stablehlo;

#define GET_OP_CLASSES
#include "tfg/Dialect/StableHLO/StableHLOControlOps.cpp.inc"

void StableHLODialect::registerControlOps() {
  addOperations<
#define GET_OP_LIST
#include "tfg/Dialect/StableHLO/StableHLOControlOps.cpp.inc"
      >();
}

#define STABLEHLO_COMPATIBLE(OP)                                               \
  bool OP::isCompatibleReturnTypes(TypeRange l, TypeRange r) {                 \
    return compatibleReturnTypes(l, r);                                        \
  }

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  // (C3) types(results...) = types(operand...).
  llvm::append_range(types, adaptor.getOperand().getTypes());
  return success();
}
STABLEHLO_COMPATIBLE(WhileOp)

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

LogicalResult WhileOp::verify() {
  TypeRange types = getOperand().getTypes();
  auto checkArgs = [&](Region &region, StringRef what) -> LogicalResult {
    if (region.empty())
      return emitOpError() << what << " must not be empty";
    if (region.front().getArgumentTypes() != types)
      return emitOpError() << what << " must take the operand types " << types;
    return success();
  };
  // (C1) cond: (T0, ..., TN-1) -> tensor<i1>.
  if (failed(checkArgs(getCond(), "cond")))
    return failure();
  FailureOr<ReturnOp> condRet = getReturn(*this, getCond(), "cond");
  if (failed(condRet))
    return failure();
  auto pred =
      condRet->getResults().size() == 1
          ? dyn_cast<RankedTensorType>(condRet->getResults().front().getType())
          : RankedTensorType();
  if (!pred || pred.getRank() != 0 || !pred.getElementType().isInteger(1))
    return emitOpError("cond must return one tensor<i1>");
  // (C2) body: (T0, ..., TN-1) -> (T0, ..., TN-1).
  if (failed(checkArgs(getBody(), "body")))
    return failure();
  FailureOr<ReturnOp> bodyRet = getReturn(*this, getBody(), "body");
  if (failed(bodyRet))
    return failure();
  if (bodyRet->getResults().getTypes() != types)
    return emitOpError("body must return the operand types ") << types;
  return success();
}

// stablehlo.while(%iterArg = %init, ...) : T, ... [attributes {...}]
//   cond { ... } do { ... }
ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    if (parser.parseCommaSeparatedList([&]() -> ParseResult {
          OpAsmParser::Argument arg;
          OpAsmParser::UnresolvedOperand operand;
          if (parser.parseArgument(arg) || parser.parseEqual() ||
              parser.parseOperand(operand))
            return failure();
          args.push_back(arg);
          operands.push_back(operand);
          return success();
        }) ||
        parser.parseRParen())
      return failure();
  }
  SmallVector<Type> types;
  SMLoc typesLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalColon()) && parser.parseTypeList(types))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(typesLoc, "expected ")
           << operands.size() << " types, got " << types.size();
  for (auto [arg, type] : llvm::zip_equal(args, types))
    arg.type = type;
  if (parser.resolveOperands(operands, types, typesLoc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, args) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, args))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &p) {
  p << '(';
  Block *condBlock = getCond().empty() ? nullptr : &getCond().front();
  bool namedArgs =
      condBlock && condBlock->getNumArguments() == getOperand().size();
  llvm::interleaveComma(llvm::enumerate(getOperand()), p, [&](auto it) {
    if (namedArgs) {
      p.printRegionArgument(condBlock->getArgument(it.index()), {},
                            /*omitType=*/true);
      p << " = ";
    }
    p.printOperand(it.value());
  });
  p << ')';
  if (!getOperand().empty()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << " cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// if, case
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  // (C1)-(C3)
  if (failed(verifyBranch(*this, getTrueBranch(), getResultTypes(),
                          "true_branch")) ||
      failed(verifyBranch(*this, getFalseBranch(), getResultTypes(),
                          "false_branch")))
    return failure();
  return success();
}

LogicalResult CaseOp::verify() {
  // (C1)
  if (getBranches().empty())
    return emitOpError("must have at least one branch");
  // (C2)-(C4)
  for (auto [i, region] : llvm::enumerate(getBranches()))
    if (failed(verifyBranch(*this, region, getResultTypes(),
                            ("branch #" + Twine(i)).str())))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Ordering ops.
//===----------------------------------------------------------------------===//

LogicalResult
OptimizationBarrierOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &types) {
  // (C1) type(operand...) = type(result...).
  llvm::append_range(types, adaptor.getOperand().getTypes());
  return success();
}
STABLEHLO_COMPATIBLE(OptimizationBarrierOp)

//===----------------------------------------------------------------------===//
// custom_call, composite
//===----------------------------------------------------------------------===//

LogicalResult CustomCallOp::verify() {
  if (static_cast<int32_t>(getApiVersion()) < 0 ||
      static_cast<int32_t>(getApiVersion()) > 4)
    return emitOpError("api_version must be 0 to 4, is ")
           << static_cast<int32_t>(getApiVersion());
  if (isa_and_nonnull<DictionaryAttr>(getBackendConfigAttr()) &&
      static_cast<int32_t>(getApiVersion()) != 4)
    return emitOpError("a dictionary backend_config needs api_version 4");
  for (Attribute a : getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(a);
    int64_t index = alias.getOperandIndex();
    if (index < 0 || index >= static_cast<int64_t>(getInputs().size()))
      return emitOpError("output_operand_aliases: operand_index ")
             << index << " is out of range [0, " << getInputs().size() << ")";
    // The aliased parts are tuple elements, reached by the indices.
    auto reach = [&](Type type, ArrayRef<int64_t> path) -> Type {
      for (int64_t i : path) {
        auto tuple = dyn_cast<TupleType>(type);
        if (!tuple || i < 0 || i >= static_cast<int64_t>(tuple.size()))
          return {};
        type = tuple.getType(i);
      }
      return type;
    };
    Type outputType =
        getResults().size() == 1
            ? reach(getResults().front().getType(),
                    alias.getOutputTupleIndices())
            : (alias.getOutputTupleIndices().empty()
                   ? Type()
                   : reach(TupleType::get(getContext(), getResultTypes()),
                           alias.getOutputTupleIndices()));
    Type operandType =
        reach(getInputs()[index].getType(), alias.getOperandTupleIndices());
    if (!outputType || !operandType)
      return emitOpError("output_operand_aliases: tuple indices do not name "
                         "an element");
    if (outputType != operandType)
      return emitOpError("output_operand_aliases: aliased output ")
             << outputType << " and operand " << operandType << " differ";
  }
  return success();
}

LogicalResult CompositeOp::verify() {
  // (C1) is_namespaced_op_name(name).
  StringRef name = getName();
  size_t dot = name.find('.');
  if (dot == StringRef::npos || dot == 0 || dot + 1 == name.size())
    return emitOpError("name must be a namespaced op name like 'ns.op', is '")
           << name << "'";
  return success();
}

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // (C2) is_defined_in_parent_scope(decomposition).
  auto fn = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getDecompositionAttr());
  if (!fn)
    return emitOpError("decomposition @")
           << getDecomposition() << " is not a function in scope";
  // (C3), (C4)
  if (!llvm::equal(fn.getArgumentTypes(), getInputs().getTypes()))
    return emitOpError("inputs ")
           << getInputs().getTypes() << " differ from the inputs "
           << fn.getArgumentTypes() << " of @" << getDecomposition();
  if (!llvm::equal(fn.getResultTypes(), getResultTypes()))
    return emitOpError("results ")
           << getResultTypes() << " differ from the results "
           << fn.getResultTypes() << " of @" << getDecomposition();
  return success();
}

//===----------------------------------------------------------------------===//
// async_start, async_done
//===----------------------------------------------------------------------===//

LogicalResult AsyncStartOp::verify() {
  Block &block = getBody().front();
  // (C1)
  if (block.getOperations().size() != 2)
    return emitOpError("body must hold one operation and a return");
  Operation &inner = block.front();
  // (C2)
  if (!isa<AllReduceOp, AllGatherOp, AllToAllOp, CollectivePermuteOp,
           ReduceScatterOp, CollectiveBroadcastOp, SliceOp, DynamicSliceOp,
           DynamicUpdateSliceOp>(inner))
    return emitOpError("body must hold a collective or slice operation, "
                       "holds ")
           << inner.getName();
  // (C3)
  if (inner.getOperands() != getOperands())
    return emitOpError("operands must be those of the operation in body");
  FailureOr<ReturnOp> ret = getReturn(*this, getBody(), "body");
  if (failed(ret))
    return failure();
  if (ret->getResults() != inner.getResults())
    return emitOpError("body must return the results of its operation");
  // (C4)
  auto future = cast<FutureType>(getResult().getType());
  if (TypeRange(future.getTypes()) != inner.getResultTypes())
    return emitOpError("result must be a future of ") << inner.getResultTypes();
  return success();
}

LogicalResult AsyncDoneOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &types) {
  auto future = dyn_cast<FutureType>(adaptor.getOperand().getType());
  if (!future)
    return inferError(loc, "async_done: operand must be a future");
  // (C1)
  llvm::append_range(types, future.getTypes());
  return success();
}
STABLEHLO_COMPATIBLE(AsyncDoneOp)
