//===- TFExecutorOps.td - tf_executor dialect --------------*- tablegen -*-===//
//
// The tf_executor dialect: TensorFlow's executor model (islands, control
// tokens, v1 control flow with dead tensors) in the textual form
// TensorFlow's own tools (`tf-mlir-translate`, `tf-opt`) read and write.
// Written for tfg from the format's public examples; no TensorFlow code.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_TFEXECUTOR_TFEXECUTOROPS_TD
#define TFG_DIALECT_TFEXECUTOR_TFEXECUTOROPS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

def TFExecutor_Dialect : Dialect {
  let name = "tf_executor";
  let cppNamespace = "::mlir::tf_executor";
  let summary = "TensorFlow's executor: islands, control tokens, v1 control flow";
  let description = [{
    A `tf_executor.graph` holds a dataflow graph as TensorFlow's executor
    runs it. Its nodes are islands, each wrapping operations of the `tf`
    dialect, and the v1 control-flow primitives, which propagate dead
    tensors. Every node produces a `!tf_executor.control` token that other
    nodes of the graph take as control operands (GraphDef's `^name`).
    Loops are written without cycles: a `NextIteration` is a
    `NextIteration.Source` (defined before its uses) and a
    `NextIteration.Sink` (fed the next value), paired by a
    `!tf_executor.token`.

    ```mlir
    %0 = tf_executor.graph {
      %out, %ctl = tf_executor.island wraps "tf.Identity"(%arg0) {device = ""} : (tensor<f32>) -> tensor<f32>
      tf_executor.fetch %out : tensor<f32>
    }
    ```
  }];
  let useDefaultTypePrinterParser = 1;
}

class TFExecutor_Type<string name, string typeMnemonic>
    : TypeDef<TFExecutor_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def TFExecutor_ControlType : TFExecutor_Type<"Control", "control"> {
  let summary = "Control token of a tf_executor node";
  let description = [{
    The last result of every node of a `tf_executor.graph`; control
    operands consume it. Example: `%ctl : !tf_executor.control`.
  }];
}

def TFExecutor_TokenType : TFExecutor_Type<"Token", "token"> {
  let summary = "Pairs a NextIteration.Source with its NextIteration.Sink";
  let description = [{
    Example: `%out, %token, %ctl = tf_executor.NextIteration.Source : tensor<f32>`.
  }];
}

def TFExecutor_Control : Type<CPred<"::llvm::isa<::mlir::tf_executor::ControlType>($_self)">,
                              "control token", "::mlir::tf_executor::ControlType">;
def TFExecutor_Token : Type<CPred<"::llvm::isa<::mlir::tf_executor::TokenType>($_self)">,
                            "NextIteration token", "::mlir::tf_executor::TokenType">;

class TFExecutor_Op<string mnemonic, list<Trait> traits = []>
    : Op<TFExecutor_Dialect, mnemonic, traits>;

def TFExecutor_GraphOp : TFExecutor_Op<"graph", [
    SingleBlockImplicitTerminator<"FetchOp">]> {
  let summary = "A TensorFlow dataflow graph run by the executor";
  let description = [{
    The single block holds islands and control-flow nodes, in an order
    where every value is defined before its uses (NextIteration is split
    in two to allow it), ending in `tf_executor.fetch`. The results are
    the fetched data values.

    ```mlir
    %r = tf_executor.graph {
      tf_executor.fetch %arg0 : tensor<*xf32>
    } {attr = 1 : i64}
    ```
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    Block &getBlock() { return getBody().front(); }
    FetchOp getFetch();
  }];
}

def TFExecutor_FetchOp : TFExecutor_Op<"fetch", [
    Terminator, HasParent<"GraphOp">, Pure]> {
  let summary = "Terminator of a tf_executor.graph: its outputs";
  let description = [{
    The data operands are the graph's results; control operands, after
    them, name nodes that must run.
    `tf_executor.fetch %v, %ctl : tensor<f32>, !tf_executor.control`
  }];
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins), [{ }]>];
}

def TFExecutor_IslandOp : TFExecutor_Op<"island", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, 
    SingleBlockImplicitTerminator<"YieldOp">, HasParent<"GraphOp">]> {
  let summary = "A node of the graph running a block of tf operations";
  let description = [{
    Runs once its control operands are there; its data results are the
    yielded values, its last result its control token. An island wrapping
    a single operation whose results it yields prints in the short form:

    ```mlir
    %out, %ctl = tf_executor.island(%c) wraps "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
    %a, %ctl_0 = tf_executor.island {
      %n = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %n : tensor<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<TFExecutor_Control>:$controlInputs);
  let results = (outs Variadic<AnyType>:$outputs, TFExecutor_Control:$control);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    Block &getBlock() { return getBody().front(); }
    YieldOp getYield();
    /// Whether the island holds one operation whose results are exactly
    /// the yielded values.
    bool wrapsSingleOp();
    /// The wrapped operation of a single-op island, or null.
    Operation *getWrappedOp();
  }];
}

def TFExecutor_YieldOp : TFExecutor_Op<"yield", [
    Terminator, HasParent<"IslandOp">, Pure]> {
  let summary = "Terminator of an island: its data results";
  let description = [{`tf_executor.yield %v : tensor<f32>`}];
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
  let builders = [OpBuilder<(ins), [{ }]>];
}

// The v1 control-flow primitives. Their printers and parsers are written
// by hand (TFExecutorSyntax.cpp): data operands, then control operands, a
// single type when the types are the ones TensorFlow's short form implies,
// else the functional type of every operand and result.

def TFExecutor_SwitchOp : TFExecutor_Op<"Switch", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "Forwards its data to the output the predicate picks";
  let description = [{
    The other output is dead.
    `%t, %f, %ctl = tf_executor.Switch %x, %pred : tensor<f32>`
  }];
  let arguments = (ins AnyType:$data, AnyType:$predicate,
                   Variadic<TFExecutor_Control>:$controlInputs);
  let results = (outs AnyType:$falseOutput, AnyType:$trueOutput,
                 TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_SwitchNOp : TFExecutor_Op<"_SwitchN", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "Forwards its data to the output an index picks";
  let description = [{
    `%outs:4, %ctl = tf_executor._SwitchN %x, %i of 4 (%c) : tensor<f32>`
  }];
  let arguments = (ins AnyType:$data, AnyType:$index,
                   Variadic<TFExecutor_Control>:$controlInputs,
                   I64Attr:$num_outs);
  let results = (outs Variadic<AnyType>:$outputs, TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TFExecutor_MergeOp : TFExecutor_Op<"Merge", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "Forwards the first of its data inputs that is alive";
  let description = [{
    Its second result is the index of that input.
    `%v, %i, %ctl = tf_executor.Merge %a, %b : tensor<f32>`
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$output, AnyType:$valueIndex,
                 TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TFExecutor_EnterOp : TFExecutor_Op<"Enter", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "Makes a value available in a loop frame";
  let description = [{
    `%v, %ctl = tf_executor.Enter %x frame "loop" parallel_iterations 4 constant : tensor<f32>`
  }];
  let arguments = (ins AnyType:$data, Variadic<TFExecutor_Control>:$controlInputs,
                   StrAttr:$frame_name,
                   OptionalAttr<I64Attr>:$parallel_iterations,
                   OptionalAttr<BoolAttr>:$is_constant);
  let results = (outs AnyType:$output, TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_ExitOp : TFExecutor_Op<"Exit", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "Makes a value of a loop frame available to its parent frame";
  let description = [{`%v, %ctl = tf_executor.Exit %x : tensor<f32>`}];
  let arguments = (ins AnyType:$data, Variadic<TFExecutor_Control>:$controlInputs);
  let results = (outs AnyType:$output, TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_LoopCondOp : TFExecutor_Op<"LoopCond", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "The predicate of a loop";
  let description = [{`%p, %ctl = tf_executor.LoopCond %c : tensor<i1>`}];
  let arguments = (ins AnyType:$input, Variadic<TFExecutor_Control>:$controlInputs);
  let results = (outs AnyType:$output, TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
}

def TFExecutor_NextIterationSourceOp
    : TFExecutor_Op<"NextIteration.Source", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "The value of the next iteration, where it is used";
  let description = [{
    `%v, %token, %ctl = tf_executor.NextIteration.Source : tensor<f32>`
  }];
  let results = (outs AnyType:$output, TFExecutor_Token:$token,
                 TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The sink fed through this source's token, or null.
    Operation *getSink();
  }];
}

def TFExecutor_NextIterationSinkOp
    : TFExecutor_Op<"NextIteration.Sink", [HasParent<"GraphOp">]> {
  let summary = "Where the value of the next iteration is computed";
  let description = [{
    `tf_executor.NextIteration.Sink [%token] %v : tensor<f32>`
  }];
  let arguments = (ins TFExecutor_Token:$token, AnyType:$input,
                   Variadic<TFExecutor_Control>:$controlInputs);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TFExecutor_ControlTriggerOp
    : TFExecutor_Op<"ControlTrigger", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>, HasParent<"GraphOp">]> {
  let summary = "Runs once its control inputs are done, dead or alive";
  let description = [{`%ctl = tf_executor.ControlTrigger %a, %b`}];
  let arguments = (ins Variadic<TFExecutor_Control>:$controlInputs);
  let results = (outs TFExecutor_Control:$control);
  let hasCustomAssemblyFormat = 1;
}

#endif // TFG_DIALECT_TFEXECUTOR_TFEXECUTOROPS_TD
