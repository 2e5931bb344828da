//===- TFGDialect.td - tfg dialect definition --------------*- tablegen -*-===//
//
// The tfg dialect: TensorFlow graphs exactly as GraphDef describes them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFGDIALECT_TD
#define TFG_IR_TFGDIALECT_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"

def TFGraph_Dialect : Dialect {
  let name = "tfg";
  let cppNamespace = "::mlir::tfg";
  let summary = "TensorFlow graphs as they are";
  let description = [{
    tfg models TensorFlow GraphDefs and FunctionDefs one to one. Only the
    structural operations (graphs, functions, terminators, control flow) are
    defined in ODS; every other TensorFlow op is a generic operation
    `tfg.<OpName>` whose signature comes from the op registry:

    ```mlir
    %AddV2, %ctl = tfg.AddV2(%a, %b) [%c] device("/CPU:0") name("add")
        {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
    ```

    GraphDef ↔ MLIR mapping:

    | GraphDef | tfg |
    |----------|-----|
    | GraphDef | `tfg.graph` with a `#tf_type.version` |
    | NodeDef `op` | operation name `tfg.<op>` |
    | NodeDef `name` | `name("...")`: a generic node's properties (`<"...">` in generic form), a registered node's attribute `_mlir_name` |
    | NodeDef `device` | `device("...")` (attribute `_mlir_device`) |
    | assigned device | `assigned_device("...")` (`_mlir_assigned_device`) |
    | `experimental_type` | attribute `_mlir_fulltype` (`#tf_type.full_type`) |
    | data input `n:k` | operand: result `k` of node `n` |
    | control input `^n` | operand in `[...]`: the control result of `n` |
    | `attr` | the attribute dictionary |
    | FunctionDef | `tfg.func` (generic when it has placeholders) |
    | library `gradient` | the function's `gradient` attribute (`@grad`) |
    | library `registered_gradients` | `tfg.registered_gradients` on `tfg.graph`: an array of `{gradient_func = @f, registered_op_type = "Op"}`, in order |
    | GraphDef `debug_info` | `tfg.debug_info` on `tfg.graph` (the serialized message) |
    | GraphDef `version` (deprecated) | `tfg.legacy_version` on `tfg.graph` |
    | FunctionDef `ret` / `control_ret` | `tfg.return` operands |
    | `n:out:k` in functions | `tfg.get_result(%n) "out" : k` (generic functions) |

    Every node produces a trailing `!tf_type.control` result. Graph and
    function bodies are graph regions: operations are unordered and may use
    values defined later, as NextIteration back edges do.
  }];
  let dependentDialects = ["::mlir::tf_type::TFTypeDialect"];
  let useDefaultAttributePrinterParser = 1;
  // Attributes stay in the attribute dictionary for every tfg op, so that
  // registered ops and generic TensorFlow ops are handled the same way
  // (docs/rationale/IR.md).
  let usePropertiesForAttributes = 0;
  // `tfg.name` and `tfg.regenerate_output_shapes` have a fixed kind
  // wherever they are (TFGDialect.cpp).
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    // Implemented in TFGDialect.cpp.
  public:
    /// Cached identifiers of the attributes every node may carry.
    StringAttr getNameAttrIdentifier() const { return nameId; }
    StringAttr getDeviceAttrIdentifier() const { return deviceId; }
    StringAttr getAssignedDeviceAttrIdentifier() const { return assignedDeviceId; }
    StringAttr getFullTypeAttrIdentifier() const { return fullTypeId; }
    /// `tfg.name`: names of function arguments and results.
    StringAttr getTfgNameAttrIdentifier() const { return tfgNameId; }
    /// The control token type.
    Type getControlType() const { return controlType; }

    /// The op registry of this context (built-in table plus run-time
    /// registrations).
    OpRegistry &getOpRegistry() { return *registry; }
    const OpRegistry &getOpRegistry() const { return *registry; }

    /// True if `op` is a tfg op (registered or generic).
    bool isTFGOp(Operation *op) const;

    std::optional<ParseOpHook> getParseOperationHook(StringRef opName) const override;
    ::llvm::unique_function<void(Operation *, OpAsmPrinter &)>
    getOperationPrinter(Operation *op) const override;
    void *getRegisteredInterfaceForOp(TypeID interfaceID,
                                      OperationName opName) override;

  private:
    void registerAttributes();
    void registerOps();
    StringAttr nameId, deviceId, assignedDeviceId, fullTypeId, tfgNameId;
    Type controlType;
    std::unique_ptr<OpRegistry> registry;
    // Interface models for generic (unregistered) TensorFlow ops.
    std::shared_ptr<void> memoryEffectsFallback, asmNamesFallback;
  }];
}

class TFGraph_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TFGraph_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TFGraph_RegionAttr : TFGraph_Attr<"Region", "region_attrs"> {
  let summary = "Attributes of a function turned into a region";
  let description = [{
    When functional control flow (`If`, `While`, ...) becomes region control
    flow, the attributes of the called functions (function attributes,
    argument attributes and result attributes) are kept here so the
    conversion back is exact.

    For a function with one argument named `x` and one result:

    ```mlir
    #tfg.region_attrs<{sym_name = "then"} [ {tfg.name = "x"} ] [ {} ]>
    ```
  }];
  let parameters = (ins "::mlir::DictionaryAttr":$attrs,
                        "::mlir::ArrayAttr":$arg_attrs,
                        "::mlir::ArrayAttr":$res_attrs);
  let assemblyFormat = "`<` $attrs $arg_attrs $res_attrs `>`";
}

#endif // TFG_IR_TFGDIALECT_TD
