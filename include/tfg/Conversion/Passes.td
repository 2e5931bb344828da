//===- Passes.td - tfg conversion passes -------------------*- tablegen -*-===//
//
// The passes that lower tfg to other dialects and back, one group per
// conversion (CIRCT's layout: include/tfg/Conversion/<A>To<B>/).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_PASSES_TD
#define TFG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// TFGToTFExecutor
//===----------------------------------------------------------------------===//

def TFExecutorToTFGPass : Pass<"tf-executor-to-tfg", "::mlir::ModuleOp"> {
  let summary = "Raise tf_executor graphs of tf ops back to tfg";
  let description = [{
    The inverse of `--tfg-to-tf-executor`: the `func.func` marked
    `tf.entry_function` becomes the `tfg.graph` (its version from the
    module's `tf.versions`), every other `func.func` a `tfg.func`; each
    single-op island and each control-flow node becomes one tfg node, with
    the name `_mlir_name` and the device `device` give it.
    `NextIteration.Source`/`.Sink` pairs become one `NextIteration`.
    Islands of several ops are refused with an error at the island.

    ```mlir
    %out, %ctl = tf_executor.island wraps "tf.Neg"(%x) {_mlir_name = "n", device = ""} : (tensor<f32>) -> tensor<f32>
    // becomes
    %Neg, %ctl = Neg(%x) name("n") : (tensor<f32>) -> (tensor<f32>)
    ```
  }];
  let dependentDialects = ["::mlir::tfg::TFGraphDialect",
                           "::mlir::tf_type::TFTypeDialect"];
}

def TFGToTFExecutorPass : Pass<"tfg-to-tf-executor", "::mlir::ModuleOp"> {
  let summary = "Lower tfg graphs and functions to tf_executor islands of tf ops";
  let description = [{
    The `tfg.graph` becomes a `func.func @main` (`tf.entry_function`, the
    version in the module's `tf.versions`) holding a `tf_executor.graph`;
    each `tfg.func` a `func.func` of the same signature whose results a
    `tf_executor.graph` fetches. Every node becomes one island wrapping a
    `tf` op, or the `tf_executor` control-flow op of its kind (Switch,
    _SwitchN, Merge, Enter, Exit, LoopCond, ControlTrigger; NextIteration a
    Source/Sink pair). Control operands become island control operands;
    node names are kept as `_mlir_name`, devices as `device`. Nodes are
    ordered so that every value is defined before its uses (Kahn's
    algorithm: linear in nodes and edges).

    ```mlir
    %Neg, %ctl = Neg(%x) [%c] name("n") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    // becomes
    %outputs, %control = tf_executor.island(%c) wraps "tf.Neg"(%x) {T = f32, _mlir_name = "n", device = ""} : (tensor<f32>) -> tensor<f32>
    ```

    Region control flow (IfRegion, ...) and `tfg.get_result` have no
    tf_executor form: they are errors at the node (run
    `--tfg-region-to-functional` first).
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::TF::TFDialect",
                           "::mlir::tf_executor::TFExecutorDialect"];
}


//===- TFExecutorToTF ------------------------------------------------------===//

def TFExecutorToTFPass : Pass<"tf-executor-to-tf", "::mlir::ModuleOp"> {
  let summary = "Merge tf_executor islands into func.funcs of tf ops";
  let description = [{
    Each `func.func` whose body is a `tf_executor.graph` of islands
    becomes a function of the islands' `tf` ops, in the graph's order (a
    topological order of data and control edges, so ops with side effects
    keep their order) returning what the graph fetched; control tokens go.
    The entry function (`tf.entry_function`) takes its feeds as arguments
    and returns its fetches, named in `tf.entry_function`'s `inputs` and
    `outputs` as TensorFlow names them: `feeds` (default: every
    Placeholder/PlaceholderV2 node, in graph order) and `fetches` (default:
    the module's `tfg.fetches`, else what the graph fetched); with fetches,
    the graph is first pruned to what they need, as TensorFlow prunes a
    graph to its fetches (a function runs all its side effects).
    Functional control flow (`tf.If`, `tf.While`, `tf.Case` and their
    stateless forms, calls) stays as it is, calling the converted
    functions. A graph with v1 control flow (Switch, Merge, Enter, Exit,
    NextIteration, ...) stays a `tf_executor.graph` (its feeds and fetches
    still converted), with a remark naming the first such node.

    ```mlir
    %r = tf_executor.graph {
      %n, %c = tf_executor.island wraps "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
      tf_executor.fetch %n : tensor<f32>
    }
    return %r : tensor<f32>
    // becomes
    %n = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
    return %n : tensor<f32>
    ```
  }];
  let options = [
    ListOption<"feeds", "feeds", "std::string",
               "Tensors of the entry function fed as arguments (`node` or "
               "`node:k`), in order">,
    ListOption<"fetches", "fetches", "std::string",
               "Tensors the entry function returns (`node` or `node:k`), in "
               "order">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::TF::TFDialect",
                           "::mlir::tf_executor::TFExecutorDialect"];
}

//===- TFGToStableHLO -----------------------------------------------------===//

def TFGToStableHLOPass : Pass<"tfg-to-stablehlo", "mlir::ModuleOp"> {
  let summary = "Legalize a tfg.graph into a func.func of StableHLO ops";
  let description = [{
    Replaces the module's tfg.graph with `func.func @main` (name set by
    `func-name`): the graph's Placeholder nodes that the fetches need become
    the arguments (in graph order), the fetched outputs the results, and
    every node between them StableHLO ops, legalized by the rule table of
    lib/Conversion/TFGToStableHLO (docs/Lowering.md lists the op types).
    Const nodes become `stablehlo.constant`; those of more than
    `resource-threshold` bytes hold a `dense_resource` blob.

    Shapes must be static: run `tfg-shape-inference` first (and
    `tfg-set-input-shapes` for unknown input dimensions). An unknown
    dimension left on a needed node's input or output, an op type without
    a rule, a stateful or control-flow node, or a malformed attribute is an
    error that names the node. Only the nodes the fetches depend on (through
    data edges) are legalized; control edges are dropped, as StableHLO is
    pure. Without `fetch`, the fetches are the data outputs no node uses
    (Placeholders aside).
  }];
  let options = [
    ListOption<"fetch", "fetch", "std::string",
               "Outputs to return (`name` for output 0, or `name:k`)">,
    Option<"funcName", "func-name", "std::string", "\"main\"",
           "Name of the emitted function">,
    Option<"resourceThreshold", "resource-threshold", "int64_t", "1024",
           "Constants of more bytes become dense_resource blobs (-1: never)">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect",
                           "mlir::tfg::stablehlo::StableHLODialect"];
}

//===- StableHLOToLinalg --------------------------------------------------===//

def StableHLOToLinalgPass : Pass<"stablehlo-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower StableHLO ops to linalg, tensor, arith, math and scf";
  let description = [{
    Replaces every StableHLO op with linalg named ops where they exist
    (`matmul`, `batch_matmul`, `conv_2d_nhwc_hwcf`,
    `depthwise_conv_2d_nhwc_hwcm`, `pooling_nhwc_max`/`sum`, `fill`,
    `transpose`, `broadcast`), `linalg.generic` for elementwise ops,
    reductions, other convolutions and dot products, gather, iota and
    reverse, and tensor/arith ops for constants, reshapes, slices,
    concatenation and padding (docs/Codegen.md lists each op's lowering).
    `while`, `if` and `case` become `scf.while`, `scf.if` and
    `scf.index_switch` on tensors; `sort` a merge sort in scf loops;
    `scatter` an `scf.for` over the updates. Tensors hold float or signless
    integer elements; `?` sizes are taken by the dynamic shape ops,
    elementwise ops, gather, sort, concatenate, dynamic_slice and
    reductions to static results (every read clamped into its operand).
    An op without a lowering is an error naming it; nothing passes
    through.

    ```mlir
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    // becomes
    %e = tensor.empty() : tensor<4xf32>
    %0 = linalg.generic {...} ins(%a, %b : ...) outs(%e : ...) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::linalg::LinalgDialect",
                           "mlir::math::MathDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect"];
}

def StableHLORefineShapesPass
    : Pass<"tfg-stablehlo-refine-shapes", "mlir::ModuleOp"> {
  let summary = "Make static the `?` sizes that constants determine";
  let description = [{
    A `?` size whose value the program computes from constants only (a
    dynamic_iota, dynamic_broadcast_in_dim or dynamic_reshape whose shape
    operand folds from constants, and the elementwise ops, gathers,
    concatenations and sorts of such values) becomes static; the function's
    result types follow its return. Small integer tensors (at most 16
    elements) are folded for this; nothing else changes. A value used by
    control flow keeps its type. Data-dependent sizes stay `?`.

    ```mlir
    %n = stablehlo.constant dense<1> : tensor<1xi64>
    %i = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
    // becomes
    %i = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<1xi32>
    ```
  }];
}

def FuseElementwisePass : Pass<"tfg-fuse-elementwise", "mlir::ModuleOp"> {
  let summary = "Elementwise fusion that never recomputes a producer's elements";
  let description = [{
    Upstream's elementwise fusion patterns (those of
    `linalg-fuse-elementwise-ops`), fusing a producer into its consumer only
    when the consumer reads it through a permutation of all its loops (each
    element computed once) or the producer only moves data (a broadcast or
    transpose whose body yields an input). Upstream's default fuses any
    single-use producer, so a sigmoid over a [1, 1, 1, C] vector fused into
    a consumer over [1, H, W, C] (or into a contraction) is recomputed for
    every pixel (or reduction step). Reshapes are folded (by expansion)
    into generics only, never into named ops such as `linalg.matmul`, which
    would become generics that `tfg-linalg-to-ukernels` does not call
    kernels for.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect",
                           "mlir::affine::AffineDialect",
                           "mlir::tensor::TensorDialect"];
}

def GeneralizeBroadcastsPass : Pass<"tfg-generalize-broadcasts", "mlir::ModuleOp"> {
  let summary = "Turn linalg.broadcast into linalg.generic, for elementwise fusion";
  let description = [{
    Replaces every `linalg.broadcast` with the equivalent `linalg.generic`
    (upstream's `generalizeNamedOp`), so that `linalg-fuse-elementwise-ops`
    folds it into its elementwise consumers as an indexing map instead of
    materializing the broadcast tensor (a bias after a convolution is read
    from its vector). Other named ops stay as they are.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def StridedCopiesToLinalgPass : Pass<"tfg-strided-copies-to-linalg", "mlir::ModuleOp"> {
  let summary = "Turn memref.copy between non-contiguous buffers into linalg.copy";
  let description = [{
    A `memref.copy` whose source or target is not a static, contiguous
    row-major buffer (the interior of a padded tensor, a slice) becomes a
    `linalg.copy`, so that `convert-linalg-to-loops` makes a loop nest LLVM
    vectorizes instead of a call of the C runner utilities' `memrefCopy`
    (an address computation per element). Contiguous copies stay.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def LinalgToUkernelsPass : Pass<"tfg-linalg-to-ukernels", "mlir::ModuleOp"> {
  let summary = "Replace float32 linalg matmuls and convolutions on buffers "
                "with calls of the runtime's GEMM micro-kernels";
  let description = [{
    On buffers (after bufferization), replaces `linalg.matmul`,
    `linalg.batch_matmul` (default indexing maps), `linalg.conv_2d_nhwc_hwcf`
    and `linalg.depthwise_conv_2d_nhwc_hwcm` of float32 memrefs with calls
    of the C functions of tfg/Codegen/Runtime.h (`tfg_rt_matmul_f32`, ...),
    declared private with `llvm.emit_c_interface`; operands are
    `memref.cast` to fully dynamic strided memrefs. Other linalg ops and
    element types are left as they are (docs/Codegen.md, "Micro-kernels").
  }];
  let dependentDialects = ["mlir::func::FuncDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect"];
}

//===- TFGToMLProgram -----------------------------------------------------===//

def TFGToMLProgramPass : Pass<"tfg-to-ml-program", "::mlir::ModuleOp"> {
  let summary = "Lower a graph's variables to ml_program globals, its nodes to tf ops";
  let description = [{
    The module's `tfg.graph` becomes `func.func @main` (`func-name`): the
    Placeholders the fetches need are its arguments, the fetches its
    results (argument and result attribute `tfg.name`), and every node the
    fetches need (through data and control edges) a `tf` op in a
    topological order; the `tfg.func`s those nodes call become `func.func`s
    of tf ops (the others are dropped).

    Variables become mutable `ml_program.global`s named by their
    `shared_name` (else the node name): `VarHandleOp` and
    `VariableV2`/`Variable` declare them; `ReadVariableOp` and every read
    of a ref variable is a `global_load`, `AssignVariableOp`/`Assign` a
    `global_store`, `AssignAdd/Sub(Variable)Op` a load, an `AddV2`/`Sub`
    and a store, `ResourceGather` a load and a `GatherV2`,
    `VarIsInitializedOp`/`IsVariableInitialized` a constant. Where a
    control edge orders a variable access after another one, both take the
    `_graph` forms and the later one consumes the earlier one's
    `!ml_program.token`. A SavedModel's variables get their initial values
    from the module's `tfg.saved_model_variables` (tfg-translate
    `--saved-model-variables`), matched through the saver's restore graph.

    A variable handle used by anything else (a function call, a control
    flow op, a function argument used as a handle) is an error naming the
    node, as are v1 control flow and region ops.
  }];
  let options = [
    ListOption<"fetch", "fetch", "std::string",
               "Outputs to return (`name`, `name:k`), or nodes to run (`^name`)">,
    Option<"funcName", "func-name", "std::string", "\"main\"",
           "Name of the function the graph becomes">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::ml_program::MLProgramDialect",
                           "::mlir::TF::TFDialect"];
}

//===- Region control flow of the tf dialect (lower36) ---------------------===//

def TFFunctionalToRegionPass
    : Pass<"tf-functional-to-region", "::mlir::ModuleOp"> {
  let summary = "tf.If/Case/While to tf.IfRegion/CaseRegion/WhileRegion";
  let description = [{
    Each `tf.If`, `tf.Case`, `tf.While` (and their `Stateless` forms)
    whose functions are `func.func`s of tf ops becomes its region form:
    the regions hold copies of the functions' bodies (an If's or Case's
    branches read the op's operands from above; a loop's regions take the
    loop values as block arguments) ended by `tf.Yield`. The op's other
    attributes stay; `is_stateless` records the form, `_then_func_name`,
    `_else_func_name`, `_branch_func_names`, `_cond_func_name` and
    `_body_func_name` the functions. Functions no op refers to afterwards
    are erased. A recursive call, a function holding a `tf_executor`
    graph or a function attribute with attributes stay, with a remark.
    Run after `--tf-executor-to-tf`.

    ```mlir
    %0 = "tf.StatelessIf"(%c, %x) {then_branch = #tf_type.func<@t, {}>, else_branch = #tf_type.func<@e, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
    // becomes
    %0 = "tf.IfRegion"(%c) ({ ... "tf.Yield"(%y) : (tensor<f32>) -> () }, { ... })
        {_else_func_name = "e", _then_func_name = "t", is_stateless = true} : (tensor<i1>) -> tensor<f32>
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::TF::TFDialect"];
}

def TFRegionToFunctionalPass
    : Pass<"tf-region-to-functional", "::mlir::ModuleOp"> {
  let summary = "tf.IfRegion/CaseRegion/WhileRegion to tf.If/Case/While";
  let description = [{
    The inverse of `--tf-functional-to-region`: each region becomes a new
    `func.func` (named as `_then_func_name`, ... say, uniqued if taken,
    else `<function>_then`, ...) taking the values the regions read from
    above, which become extra operands of the functional op (`Tin`, `T`
    and `Tout` set to match); a loop's extra values are passed through its
    body. `is_stateless` picks `tf.If` or `tf.StatelessIf`, ...
  }];
  let dependentDialects = ["::mlir::func::FuncDialect", "::mlir::TF::TFDialect"];
}

def VectorizeLinalgPass : Pass<"tfg-vectorize-linalg", "mlir::ModuleOp"> {
  let summary = "Tile and vectorize elementwise, reduction, pooling and copy "
                "linalg ops on buffers";
  let description = [{
    For each `linalg.generic`, `linalg.copy` and `linalg.pooling_nhwc_*` on
    static buffers with an arith/math body: named ops generalized,
    elementwise ops over identity-layout buffers collapsed to one loop, the
    loop indexing the innermost dimension of the first input chosen as the
    vector loop (every operand using it must do so in its innermost,
    unit-stride dimension), the other loops tiled by 1 and the vector loop
    by at most four vector registers, unit loops dropped, then upstream's
    `linalg::vectorize`. Other ops are left as they are
    (docs/Codegen.md, "Tiling and vectorization").
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", "0",
           "Width of a vector register in bits (0: the host's, 512 with "
           "AVX-512, 256 with AVX, else 128)">,
    Option<"parallelLoops", "parallel-loops", "bool", "false",
           "Tile loops of parallel dimensions as scf.parallel, not scf.for "
           "(the pipeline's threads > 1: docs/Codegen.md, \"Threads\")">,
  ];
  let dependentDialects = ["mlir::vector::VectorDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::affine::AffineDialect",
                           "mlir::arith::ArithDialect"];
}

def SplitFunctionsPass : Pass<"tfg-split-functions", "mlir::ModuleOp"> {
  let summary = "Outline runs of operations of large functions into private "
                "no_inline functions";
  let description = [{
    A function whose body holds more than `max-ops` operations (nested ones
    counted) is cut into runs of consecutive operations of at most `max-ops`
    each (a larger single operation has its single-block regions split in
    turn); each run becomes a private `no_inline` function taking the values
    it uses from before it (at most 24; constants and `memref.get_global`
    are cloned) and returning the scalars used after it. Operations that
    define buffers or views, allocas, constants and terminators stay in the
    caller; a run ends before an operation with memory effects other than
    allocation that it would have to move past. LLVM's optimizations and
    code generation grow faster than linearly with a function's size
    (docs/Codegen.md, "Compile time").
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", "2000",
           "Largest run of operations left in one function (0: no split)">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def AsyncParallelLoopsPass
    : Pass<"tfg-async-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Run the large outermost scf.parallel loops on the async "
                "runtime's threads (upstream async-parallel-for); make the "
                "others sequential scf.for nests";
  let description = [{
    An `scf.parallel` is dispatched when it is not nested in another
    `scf.parallel`, has static bounds, at least two iterations, no
    reductions, and an estimated work of at least `min-work` (the elements
    its operations produce, vectors counted by their lanes, over all of its
    iterations and those of the loops inside it). It is rewritten by
    upstream's `async-parallel-for` patterns (`num-workers`, recursive
    dispatch), with a minimum task size of the iterations that make half of
    `min-work`. Every other `scf.parallel` becomes a nest of `scf.for` loops
    in the same order, so it runs on the calling thread as without threads
    (docs/Codegen.md, "Threads").
  }];
  let options = [
    Option<"numWorkers", "num-workers", "int32_t", "2",
           "Threads the loops are split for (async-parallel-for's "
           "num-workers)">,
    Option<"minWork", "min-work", "int64_t", "65536",
           "Least estimated work (elements) of a loop nest run on threads">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect",
                           "mlir::async::AsyncDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::func::FuncDialect"];
}

#endif // TFG_CONVERSION_PASSES_TD
