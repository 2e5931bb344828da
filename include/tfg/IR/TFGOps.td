//===- TFGOps.td - tfg operations --------------------------*- tablegen -*-===//
//
// The structural operations of tfg: graphs, functions, their terminators,
// and TensorFlow's functional and region control flow. Every other
// TensorFlow op is a generic `tfg.<OpName>` (see TFGDialect.td).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFGOPS_TD
#define TFG_IR_TFGOPS_TD

include "tfg/IR/TFGDialect.td"
include "tfg/IR/TFTypeTypes.td"
include "tfg/IR/TFTypeAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TFGraph_ControlType : Type<CPred<"::llvm::isa<::mlir::tf_type::ControlType>($_self)">,
                               "control token", "::mlir::tf_type::ControlType">,
                          BuildableType<"$_builder.getType<::mlir::tf_type::ControlType>()">;

class TFGraph_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFGraph_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Graphs and functions
//===----------------------------------------------------------------------===//

def TFGraph_GraphOp : TFGraph_Op<"graph", [
    RegionKindInterface, HasOnlyGraphRegion, IsolatedFromAbove, NoTerminator, NoRegionArguments,
    SingleBlock, DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "A TensorFlow graph (GraphDef)";
  let description = [{
    The nodes of a GraphDef, in an unordered graph region: a node may use a
    value defined later (as NextIteration back edges do). The `version`
    attribute holds the GraphDef's `versions`. Inside the body the `tfg.`
    prefix of operation names is implied.

    ```mlir
    tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
      %AddV2, %ctl = AddV2(%Placeholder, %Placeholder) name("add")
          {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
      %Placeholder, %ctl_0 = Placeholder name("x") {dtype = i32}
          : () -> (tensor<*xi32>)
    }
    ```
  }];
  let arguments = (ins TFType_VersionAttr:$version);
  let regions = (region SizedRegion<1>:$nodes);
  let assemblyFormat = "qualified($version) attr-dict-with-keyword $nodes";
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::tf_type::VersionAttr":$version)>
  ];
  let extraClassDeclaration = [{
    Block &getBody() { return getNodes().front(); }
  }];
  let skipDefaultBuilders = 1;
}

def TFGraph_GraphFuncOp : TFGraph_Op<"func", [
    RegionKindInterface, HasOnlyGraphRegion, IsolatedFromAbove, FunctionOpInterface,
    DeclareOpInterfaceMethods<CallableOpInterface, ["getCallableRegion",
        "getArgumentTypes", "getResultTypes"]>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect",
        "getAsmBlockArgumentNames"]>,
    Symbol]> {
  let summary = "A TensorFlow function (FunctionDef)";
  let description = [{
    A function of the library. Each data argument is followed by a hidden
    `!tf_type.control` block argument (the argument's control token), which is
    not part of the function type and not printed in the signature; in the
    body it is named after its data argument with a `.ctl` suffix.

    A `generic` function has placeholders (polymorphic attributes, lists of
    types): its values are opaque `!tf_type.tensor`s and named outputs of
    nodes are reached through `tfg.get_result`. Otherwise the function is
    instantiated with concrete types.

    ```mlir
    tfg.func @foo(%arg0: tensor<*xf32> {tfg.name = "a"},
                  %arg1: tensor<*xf32> {tfg.name = "b"})
         -> (tensor<*xf32> {tfg.name = "sum"})
     {
      %Add, %ctl = Add(%arg0, %arg1) [%arg1.ctl] name("add")
          {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
      return(%Add) [%ctl {tfg.name = "ready"} ] : tensor<*xf32>
    }
    ```
  }];
  let arguments = (ins
    UnitAttr:$generic,
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<StrAttr>:$description,
    UnitAttr:$is_stateful,
    OptionalAttr<FlatSymbolRefAttr>:$gradient,
    OptionalAttr<DenseI32ArrayAttr>:$resource_arg_unique_ids_keys,
    OptionalAttr<DenseI32ArrayAttr>:$resource_arg_unique_ids_values
  );
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
                   CArg<"bool", "false">:$generic)>
  ];
  let extraClassDeclaration = [{
    /// The data block argument number `i` (entry block argument 2*i).
    BlockArgument getDataArgument(unsigned i) {
      return getBody().front().getArgument(2 * i);
    }
    /// The control token of data argument `i` (entry block argument 2*i+1).
    BlockArgument getControlArgument(unsigned i) {
      return getBody().front().getArgument(2 * i + 1);
    }
    /// The terminator.
    ReturnOp getReturnOp();
    /// FunctionOpInterface: the function has no external form.
    bool isExternal() { return getBody().empty(); }
    /// FunctionOpInterface hooks (hidden control arguments).
    ::llvm::LogicalResult verifyBody();
    ::llvm::LogicalResult verifyType();
  }];
}

def TFGraph_ReturnOp : TFGraph_Op<"return", [
    Pure, HasParent<"GraphFuncOp">, ReturnLike, Terminator]> {
  let summary = "Function terminator (FunctionDef ret and control_ret)";
  let description = [{
    Returns the function's results, followed by its control results
    (FunctionDef `control_ret`), each control operand with an attribute
    dictionary (holding its `tfg.name`).

    ```mlir
    return(%x) [%ctl {tfg.name = "done"} ] : tensor<*xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands, ArrayAttr:$control_ret_attrs);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$operands,
                   "::mlir::ValueRange":$controls,
                   "::llvm::ArrayRef<::mlir::Attribute>":$controlAttrs)>
  ];
  let extraClassDeclaration = [{
    /// Data operands (before the first control operand).
    OperandRange getDataOperands();
    /// Control operands.
    OperandRange getControlOperands();
  }];
}

def TFGraph_GetResultOp : TFGraph_Op<"get_result", [Pure]> {
  let summary = "A named output of a node in a generic function";
  let description = [{
    In generic functions, node outputs are addressed as `node:out_arg:index`
    before the node's signature is known. `get_result` names the node by one
    of its values and returns its output `index` of output argument `name`.

    TensorFlow's tfg gives each node of a generic function one opaque tensor
    result, which `get_result` takes; no type is printed, both are
    `!tf_type.tensor`:

    ```mlir
    %Switch, %ctl = Switch(%x, %p) name("s") : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
    %f = get_result(%Switch) "output_false" : 0
    ```

    A node without data results is named by its control token; the result
    type then follows:

    ```mlir
    %ctl = Switch(%x, %p) name("s") : !tf_type.tensor, !tf_type.tensor
    %f = get_result(%ctl) "output_false" : 0 : !tf_type.tensor
    ```
  }];
  let arguments = (ins AnyType:$value, StrAttr:$name, I32Attr:$number);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Region terminators
//===----------------------------------------------------------------------===//

def TFGraph_YieldOp : TFGraph_Op<"yield", [
    Pure, Terminator,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface,
                              ["getMutableSuccessorOperands"]>]> {
  let summary = "Region terminator of region control flow";
  let description = [{
    Yields data values (forwarded to the parent or the next region) followed
    by control tokens (control dependencies of the region's completion).

    ```mlir
    yield(%x) [%ctl] : tensor<*xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$args);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    OperandRange getDataOperands() { return ::mlir::tfg::getDataOperands(*this); }
    OperandRange getControlOperands() { return ::mlir::tfg::getControlOperands(*this); }
  }];
}

def TFGraph_ConditionOp : TFGraph_Op<"condition", [
    Pure, Terminator,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface,
                              ["getMutableSuccessorOperands"]>]> {
  let summary = "Terminator of a loop condition region";
  let description = [{
    Ends the condition region of a `WhileRegion`: `cond` decides whether the
    body runs; the data arguments are passed to the body (or become the
    loop's results), followed by control tokens.

    ```mlir
    condition %Less : tensor<i1> (%arg0) [%ctl] : tensor<i32>
    ```
  }];
  let arguments = (ins AnyType:$cond, Variadic<AnyType>:$args);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The values passed on (without the condition).
    OperandRange getDataOperands() {
      return getArgs().take_front(::mlir::tfg::getNumDataOperands(*this) - 1);
    }
    OperandRange getControlOperands() { return ::mlir::tfg::getControlOperands(*this); }
  }];
}

//===----------------------------------------------------------------------===//
// Functional control flow
//===----------------------------------------------------------------------===//

// Functional control-flow ops print like any generic TensorFlow node; their
// attributes (then_branch, body, T, ...) are TensorFlow attributes.
class TFGraph_FunctionalOp<string mnemonic, list<Trait> traits, string what,
                           string example, string accessors>
    : TFGraph_Op<mnemonic, !listconcat(traits, [
        DeclareOpInterfaceMethods<SymbolUserOpInterface>,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>])> {
  let summary = "TensorFlow " # mnemonic # ": " # what;
  let description = what # [{.

    The callee functions are `#tf_type.func` attributes. The type lists
    (`Tin`/`Tout`, `T`) must fit the operands and results. A non-generic
    callee that the module holds must take the values passed and return the
    op's results: counts and types (compatible as `tf_type::areValueTypesCompatible` says).

    ```mlir
  }] # example # [{
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$outs, TFGraph_ControlType:$ctl);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    OperandRange getDataOperands() { return ::mlir::tfg::getDataOperands(*this); }
    OperandRange getControlOperands() { return ::mlir::tfg::getControlOperands(*this); }
  }] # accessors;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::tfg::parseGenericNode(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::mlir::tfg::printGenericNode(*this, p);
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::tfg::verifyFunctionalOp(*this);
    }
    void $cppClass::getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      ::mlir::tfg::nameNodeResults(*this, setNameFn);
    }
    ::llvm::LogicalResult $cppClass::verifySymbolUses(
        ::mlir::SymbolTableCollection &symbolTable) {
      return ::mlir::tfg::verifyFunctionalCallees(*this, symbolTable);
    }
  }];
}

// A node without state of its own still writes the graph's node resource
// (tfg::NodeResource in TFGOps.h): stock MLIR passes never delete or merge
// it, as TensorFlow keeps every node unless fetches say otherwise.
def TFGraph_NodeResource : Resource<"::mlir::tfg::NodeResource">;
defvar TFGraph_NodeEffect = MemoryEffects<[MemWrite<TFGraph_NodeResource>]>;

defvar TFGraph_Stateful = [MemoryEffects<[MemRead, MemWrite]>];
defvar TFGraph_Stateless = [TFGraph_NodeEffect];

foreach prefix = ["", "Stateless", "Stateful"] in {
  defvar kind = [prefix];
  defvar kindTraits = !if(!eq(prefix, "Stateless"), TFGraph_Stateless,
                          TFGraph_Stateful);
  def TFGraph_#kind[0]#IfOp : TFGraph_FunctionalOp<kind[0] # "If", kindTraits,
      "calls `then_branch` if `cond` is true, else `else_branch`",
      [{%If, %ctl = If(%cond, %x) name("if") {then_branch = #tf_type.func<@then, {}>,
        else_branch = #tf_type.func<@else, {}>, Tcond = i1, Tin = [f32],
        Tout = [f32], output_shapes = []}
        : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)}], [{
      ::mlir::tf_type::FuncAttr getThenBranch() {
        return (*this)->getAttrOfType<::mlir::tf_type::FuncAttr>("then_branch");
      }
      ::mlir::tf_type::FuncAttr getElseBranch() {
        return (*this)->getAttrOfType<::mlir::tf_type::FuncAttr>("else_branch");
      }
    }]>;
  def TFGraph_#kind[0]#CaseOp : TFGraph_FunctionalOp<kind[0] # "Case", kindTraits,
      "calls `branches[branch_index]` (the last branch if out of range)",
      [{%Case, %ctl = Case(%index, %x) name("case") {branches = [#tf_type.func<@b0, {}>,
        #tf_type.func<@b1, {}>], Tin = [f32], Tout = [f32], output_shapes = []}
        : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)}], [{
      ::mlir::ArrayAttr getBranches() {
        return (*this)->getAttrOfType<::mlir::ArrayAttr>("branches");
      }
    }]>;
  def TFGraph_#kind[0]#WhileOp : TFGraph_FunctionalOp<kind[0] # "While", kindTraits,
      "calls `body` while `cond` returns true, threading the loop values",
      [{%While, %ctl = While(%x) name("loop") {cond = #tf_type.func<@cond, {}>,
        body = #tf_type.func<@body, {}>, T = [i32], parallel_iterations = 10 : i64,
        output_shapes = []} : (tensor<i32>) -> (tensor<i32>)}], [{
      ::mlir::tf_type::FuncAttr getCond() {
        return (*this)->getAttrOfType<::mlir::tf_type::FuncAttr>("cond");
      }
      ::mlir::tf_type::FuncAttr getBody() {
        return (*this)->getAttrOfType<::mlir::tf_type::FuncAttr>("body");
      }
    }]>;
}

def TFGraph_ForOp : TFGraph_FunctionalOp<"For", TFGraph_Stateful,
    "calls `body(i, values...)` for i in `[start, limit)` by `delta`",
    [{%For, %ctl = For(%start, %limit, %delta, %x) name("for")
      {body = #tf_type.func<@body, {}>, T = [f32]}
      : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)}], [{
    ::mlir::tf_type::FuncAttr getBody() {
      return (*this)->getAttrOfType<::mlir::tf_type::FuncAttr>("body");
    }
  }]>;

//===----------------------------------------------------------------------===//
// Region control flow
//===----------------------------------------------------------------------===//

// `family` names the shared C++ implementation in ControlFlowOps.cpp
// (verify<family>, ...) and ControlFlowSyntax.cpp (parse<family>,
// print<family>). Their syntax is TensorFlow's: node names and devices are
// in the attribute dictionary (`_mlir_name`, `_mlir_device`).
class TFGraph_RegionOp<string mnemonic, list<Trait> traits, string family>
    : TFGraph_Op<mnemonic, !listconcat(traits, [
        RegionKindInterface, HasOnlyGraphRegion,
        DeclareOpInterfaceMethods<RegionBranchOpInterface,
            ["getEntrySuccessorOperands", "getSuccessorRegions",
             "areTypesCompatible"]>,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect",
            "getAsmResultNames"]>])> {
  let results = (outs Variadic<AnyType>:$outs, TFGraph_ControlType:$ctl);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDefinition = [{
    ::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                         ::mlir::OperationState &result) {
      return ::mlir::tfg::parse}] # family # [{(parser, result);
    }
    void $cppClass::print(::mlir::OpAsmPrinter &p) {
      ::mlir::tfg::print}] # family # [{(*this, p);
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::tfg::verify}] # family # [{(*this);
    }
    ::mlir::OperandRange $cppClass::getEntrySuccessorOperands(
        ::mlir::RegionSuccessor successor) {
      return ::mlir::tfg::getEntryOperands}] # family # [{(*this, successor);
    }
    void $cppClass::getSuccessorRegions(::mlir::RegionBranchPoint point,
        ::llvm::SmallVectorImpl<::mlir::RegionSuccessor> &regions) {
      ::mlir::tfg::getSuccessors}] # family # [{(*this, point, regions);
    }
    void $cppClass::getSuccessorRegions(::mlir::Region &region,
        ::llvm::SmallVectorImpl<::mlir::RegionSuccessor> &regions) {
      ::mlir::tfg::getSuccessorsFromRegion(*this, region, regions);
    }
    ::llvm::StringRef $cppClass::getDefaultDialect() { return "tfg"; }
    void $cppClass::getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
      ::mlir::tfg::nameNodeResults(*this, setNameFn);
    }
    // Values flowing along region edges may be refined or generalized
    // (tensor<*xf32> into tensor<f32>), as TensorFlow's tfg allows, and a
    // reference may flow where its value is expected.
    bool $cppClass::areTypesCompatible(::mlir::Type lhs, ::mlir::Type rhs) {
      return ::mlir::tf_type::areValueTypesCompatible(lhs, rhs);
    }
  }];
}

defvar TFGraph_RegionStateful = [MemoryEffects<[MemRead, MemWrite]>,
                                 RecursiveMemoryEffects];
defvar TFGraph_RegionStateless = [TFGraph_NodeEffect, RecursiveMemoryEffects];

foreach prefix = ["", "Stateless", "Stateful"] in {
  defvar kind = [prefix];
  defvar kindTraits = !if(!eq(prefix, "Stateless"), TFGraph_RegionStateless,
                          TFGraph_RegionStateful);
  def TFGraph_#kind[0]#IfRegionOp : TFGraph_RegionOp<kind[0] # "IfRegion", kindTraits, "IfRegion"> {
    let summary = "TensorFlow " # kind[0] # "If with its branches as regions";
    let description = [{
      Runs the `then` region if `cond` is true and the `else` region
      otherwise; each yields the results. The attributes of the original
      branch functions are kept in `then_region_attrs`/`else_region_attrs`
      and their call attributes in `then_attrs`/`else_attrs`.

      ```mlir
      %IfRegion, %ctl = IfRegion %cond [%c] then {
        yield(%x) : tensor<*xf32>
      } else {
        yield(%y) : tensor<*xf32>
      } {Tcond = i1, _mlir_name = "if"} : (tensor<i1>) -> tensor<*xf32>
      ```
    }];
    let arguments = (ins AnyType:$cond, Variadic<TFGraph_ControlType>:$ctls,
                         OptionalAttr<DictionaryAttr>:$then_attrs,
                         OptionalAttr<DictionaryAttr>:$else_attrs,
                         OptionalAttr<TFGraph_RegionAttr>:$then_region_attrs,
                         OptionalAttr<TFGraph_RegionAttr>:$else_region_attrs);
    let regions = (region SizedRegion<1>:$then_region, SizedRegion<1>:$else_region);
  }
  def TFGraph_#kind[0]#CaseRegionOp : TFGraph_RegionOp<kind[0] # "CaseRegion", kindTraits, "CaseRegion"> {
    let summary = "TensorFlow " # kind[0] # "Case with its branches as regions";
    let description = [{
      Runs region `branch_index` (the last one when out of range); each
      region yields the results.

      ```mlir
      %CaseRegion, %ctl = CaseRegion %index {
        yield(%x) : tensor<*xf32>
      }, {
        yield(%y) : tensor<*xf32>
      } {_mlir_name = "case"} : (tensor<i32>) -> tensor<*xf32>
      ```
    }];
    let arguments = (ins AnyType:$branch_index, Variadic<TFGraph_ControlType>:$ctls,
                         OptionalAttr<TypedArrayAttrBase<DictionaryAttr, "dictionaries">>:$branch_attrs,
                         OptionalAttr<TypedArrayAttrBase<TFGraph_RegionAttr, "region attributes">>:$region_attrs);
    let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  }
  def TFGraph_#kind[0]#WhileRegionOp : TFGraph_RegionOp<kind[0] # "WhileRegion", kindTraits, "WhileRegion"> {
    let summary = "TensorFlow " # kind[0] # "While with cond and body as regions";
    let description = [{
      The condition region receives the loop values (data arguments, then
      one control token per value) and ends in `condition`; the body region
      receives the same and yields the next values.

      ```mlir
      %WhileRegion, %ctl = WhileRegion(%x) {
      ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
        %Less, %ctl_0 = Less(%arg0, %limit) name("less") {T = i32}
            : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
        condition %Less : tensor<i1> (%arg0) : tensor<i32>
      } do {
      ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
        yield(%arg0) : tensor<i32>
      } {_mlir_name = "loop", parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
      ```
    }];
    let arguments = (ins Variadic<AnyType>:$init,
                         OptionalAttr<DictionaryAttr>:$cond_attrs,
                         OptionalAttr<DictionaryAttr>:$body_attrs,
                         OptionalAttr<TFGraph_RegionAttr>:$cond_region_attrs,
                         OptionalAttr<TFGraph_RegionAttr>:$body_region_attrs);
    let regions = (region SizedRegion<1>:$cond_region, SizedRegion<1>:$body_region);
    let extraClassDeclaration = [{
      OperandRange getDataOperands() { return ::mlir::tfg::getDataOperands(*this); }
      OperandRange getControlOperands() { return ::mlir::tfg::getControlOperands(*this); }
    }];
  }
}

def TFGraph_ForRegionOp : TFGraph_RegionOp<"ForRegion", TFGraph_RegionStateful, "ForRegion"> {
  let summary = "TensorFlow For with its body as a region";
  let description = [{
    Runs the body for each index in `[start, limit)` by `delta`. The body
    receives the index and the loop values (then a control token for each)
    and yields the next values.

    ```mlir
    %ForRegion, %ctl = ForRegion(%x) from %start to %limit by %delta {
    ^bb0(%i: tensor<i32>, %v: tensor<*xf32>, %i.ctl: !tf_type.control, %v.ctl: !tf_type.control):
      yield(%v) : tensor<*xf32>
    } {_mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$init,
                       OptionalAttr<DictionaryAttr>:$body_attrs,
                       OptionalAttr<TFGraph_RegionAttr>:$region_attrs);
  let regions = (region SizedRegion<1>:$body_region);
  let extraClassDeclaration = [{
    OperandRange getDataOperands() { return ::mlir::tfg::getDataOperands(*this); }
    OperandRange getControlOperands() { return ::mlir::tfg::getControlOperands(*this); }
  }];
}

#endif // TFG_IR_TFGOPS_TD
