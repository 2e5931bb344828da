//===- GrapplerOptimizers.td - Grappler's optimizer passes -*- tablegen -*-===//
//
// The passes that stand for Grappler's remapper, layout, memory and loop
// optimizers. Included by Passes.td (after its shared option lists), whose
// pass declarations and docs they join.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_GRAPPLEROPTIMIZERS_TD
#define TFG_TRANSFORMS_GRAPPLEROPTIMIZERS_TD

def RemapperPass : Pass<"tfg-remapper"> {
  let summary = "Fuse nodes into the fused kernels of the target (Grappler's remapper)";
  let description = [{
    Grappler's remapper, made device-aware by the `target` option: a chain
    of nodes is replaced by one fused node only where the target has that
    fused kernel, with the attributes spelled as the target reads them
    (`fused_ops`, `num_args`, `epsilon`, `leakyrelu_alpha`,
    `activation_mode`, `num_side_inputs`). The rules (PDLL,
    lib/Transforms/patterns/Remapper.pdll):
    - contraction (Conv2D, DepthwiseConv2dNative, MatMul, Conv3D) + BiasAdd
      (or an Add of a constant vector of the output channels) + an optional
      activation (Relu, Relu6, Elu, LeakyRelu, Tanh, Sigmoid, Prelu) ->
      `_FusedConv2D`, `_FusedMatMul`, `_FusedDepthwiseConv2dNative` or
      TF.js's `FusedDepthwiseConv2dNative`; an activation after an existing
      fused contraction joins it;
    - contraction + BiasAdd + AddV2 (residual, operands of one known shape)
      + activation;
    - Conv2D + Squeeze + BiasAdd -> Squeeze(_FusedConv2D);
    - Conv2D + inference FusedBatchNorm with constant filter and statistics
      -> the statistics folded into the filter and a BiasAdd (then fused as
      above); without constants, `_FusedConv2D` with
      `fused_ops = ["FusedBatchNorm", ...]`;
    - FusedBatchNormV2/V3 (+ AddV2 side input) + Relu/Relu6/Elu ->
      `_FusedBatchNormEx`;
    - an inference FusedBatchNorm -> Mul/AddV2 primitives on tf-cpu;
    - SpaceToBatchND + Conv2D (VALID, stride 1) + BatchToSpaceND -> one
      dilated Conv2D;
    - the GELU subgraphs of tf.nn.gelu (exact and approximate) after a
      contraction fused with BiasAdd -> `GeluExact` / `GeluApproximate`.

    Targets: `tf-cpu` (stock TensorFlow CPU kernels: _FusedConv2D NHWC
    float/double, _FusedMatMul float, with BiasAdd or FusedBatchNorm and
    Relu/Relu6/Elu/LeakyRelu), `tf-gpu` (_FusedConv2D float with a spatial
    filter and BiasAdd + Relu; half-precision NHWC _FusedBatchNormEx with
    Relu), `tfjs` (TensorFlow.js: _FusedConv2D, FusedDepthwiseConv2dNative
    and _FusedMatMul, float32, NHWC, BiasAdd + Relu/Relu6/Elu/LeakyRelu/
    Prelu/Sigmoid), `host` (tfg-run's evaluator: every epilogue it
    implements), and `auto` (the default: `tfjs` for a module imported from
    a TF.js model, else `tf-cpu`).

    Not done, because no target among these runs the fused kernel:
    Conv3D fusions, Tanh/Sigmoid after contractions on TensorFlow, the
    comparison + Cast kernels (`_EqualWithCast`, ...), GELU and
    Sigmoid(x) * x (`_MklSwish`) are oneDNN-only in TensorFlow and absent
    from TensorFlow.js (GELU is made for `host`; Sigmoid(x) * x is not
    matched); FusedBatchNormGrad + ReluGrad ->
    `_FusedBatchNormGradEx` (the evaluator does not run gradient kernels);
    AsString + StringToHashBucketFast -> `_TensorToHashBucketFast` (its
    result is a FarmHash fingerprint that cannot be verified here without
    TensorFlow's FarmHash).

    Intermediate nodes must have the chain as their only user, no control
    operands or control users, and not be fetched or fed.

    ```mlir
    %c, %ctl = Conv2D(%x, %f) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : ...
    %b, %ctl_0 = BiasAdd(%c, %bias) name("b") {T = f32} : ...
    %r, %ctl_1 = Relu(%b) name("r") {T = f32} : ...
    // After (target tf-cpu):
    %r, %ctl_1 = _FusedConv2D(%x, %f, %bias) name("r") {T = f32, fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64, ...} : ...
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"target", "target", "std::string", "\"auto\"",
           "Where the graph will run: tf-cpu, tf-gpu, tfjs, host or auto">
  ]);
  let statistics = [
    Statistic<"numRewrites", "rewrites", "Number of fusions and rewrites made">
  ];
}

def LayoutPass : Pass<"tfg-layout"> {
  let summary = "Convert NHWC nodes placed on a GPU to NCHW (Grappler's layout optimizer)";
  let description = [{
    Grappler's generic layout optimizer. For each candidate node (placed on
    a GPU; `assume-gpu` counts unplaced nodes as GPU-placed; `reverse`
    converts NCHW nodes not placed on a GPU to NHWC instead):
    - layout-sensitive nodes (Conv2D, DepthwiseConv2dNative, MaxPool,
      AvgPool, FusedBatchNorm/V2/V3, BiasAdd, _FusedConv2D and
      _FusedDepthwiseConv2dNative with vector epilogue operands) with a
      rank-4 data input in
      the source format get the target `data_format`, their `strides`,
      `ksize`, `dilations` and `explicit_paddings` permuted, a Transpose on
      their rank-4 data input and one on their rank-4 data output;
    - layout-agnostic nodes (elementwise unary and binary ops, AddN, Pad,
      PadV2, MirrorPad, Concat, ConcatV2) whose rank-4 data operands all
      come from Transposes back to the source format are moved past those
      Transposes (Pad's paddings and Concat's axis are permuted constants);
      a node with an operand of another or unknown rank (a scalar, a
      vector) is left alone;
    - then adjacent Transpose pairs that cancel are removed.
    Fetched and fed nodes are never converted; a graph without fetches is
    left alone. The Transposes are named
    `<node>-<port>-Transpose<From>To<To>-LayoutOptimizer`, their
    permutations `<transpose>-perm` (uniqued).
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"assumeGpu", "assume-gpu", "bool", "false",
           "Treat nodes without a device as placed on a GPU">,
    Option<"reverse", "reverse", "bool", "false",
           "Convert NCHW nodes not placed on a GPU to NHWC (for a CPU)">
  ]);
  let statistics = [
    Statistic<"numConverted", "nodes-converted",
              "Number of nodes converted to the other layout">,
    Statistic<"numCancelled", "transposes-cancelled",
              "Number of Transpose pairs removed">
  ];
}

def MemoryOptimizerPass : Pass<"tfg-memory-optimizer"> {
  let summary = "Lower the estimated peak memory (Grappler's memory optimizer)";
  let description = [{
    Grappler's memory optimizer, decided on the static memory estimate
    (tfg/Transforms/MemoryEstimate.h: a stable topological schedule and
    the live bytes of every tensor of known size), in three steps, each
    made only where it lowers the estimated peak:
    - AddN nodes of 3 or more same-sized inputs, each used only by the
      AddN, become an accumulation in operand order (2-input AddN nodes
      after the later producer of their inputs; the AddN keeps its name
      and adds the last input), so inputs are freed as they arrive;
    - nodes marked `_recompute_hint` (one data result, no side effects,
      inputs still available then) are recomputed just before their first
      use after the peak, when the peak falls in a gap between their uses;
    - with `budget` > 0, the tensors of nodes placed on a GPU (and of
      unplaced nodes with `assume-gpu`) are swapped to the host while the
      GPU estimate exceeds the budget: the largest tensor live across the
      peak without a use there gets a `_CopyFromGpuToHost` after its last
      use before the peak and a `_CopyFromHostToGpu` just before its next
      use (after the latest needed node before that use, a control edge), until
      the estimate fits, no tensor helps, or `max-swaps` swaps were made.
    Bodies with v1 control flow (Switch, Merge, frames) are not
    recomputed or swapped. With `report`, a remark on each body gives the
    estimated peak before and after. docs/Memory.md has the details.
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"budget", "budget", "int64_t", "0",
           "GPU memory budget in bytes; 0: no swapping">,
    Option<"assumeGpu", "assume-gpu", "bool", "false",
           "Treat nodes without a device as placed on a GPU">,
    Option<"maxSwaps", "max-swaps", "int64_t", "1000",
           "The most tensors swapped in one body">,
    Option<"splitAddN", "split-addn", "bool", "true",
           "Split AddN nodes into accumulations where that lowers the peak">,
    Option<"recompute", "recompute", "bool", "true",
           "Recompute nodes marked _recompute_hint where that lowers the peak">,
    Option<"report", "report", "bool", "false",
           "Emit a remark with the estimated peaks before and after">
  ]);
  let statistics = [
    Statistic<"numAddNSplit", "addn-split", "Number of AddN nodes accumulated">,
    Statistic<"numRecomputed", "recomputed", "Number of nodes recomputed">,
    Statistic<"numSwapped", "swapped", "Number of tensors swapped to the host">,
    Statistic<"peakBefore", "peak-bytes-before",
              "Estimated peak bytes before, with report (summed over bodies)">,
    Statistic<"peakAfter", "peak-bytes-after",
              "Estimated peak bytes after, with report (summed over bodies)">
  ];
}

def MemoryReportPass : Pass<"tfg-memory-report", "ModuleOp"> {
  let summary = "Print the static memory estimate of every graph and function";
  let description = [{
    Prints, for the `tfg.graph` and each `tfg.func` of the module (in
    module order), the estimated peak of live tensor bytes, the schedule
    step and node where it falls, the persistent bytes (constants), the
    number of tensors of unknown size (not counted) and the `top` largest
    tensors live at the peak with their live steps. Run
    `tfg-shape-inference` first for sizes. The IR is not changed. The
    report goes to `output` (`-`: stdout, the default; else a file).
  }];
  let options = [
    Option<"output", "output", "std::string", "\"-\"",
           "Where the report goes: - for stdout, or a file">,
    Option<"top", "top", "unsigned", "10",
           "How many of the largest live tensors to list">,
    Option<"deviceOnly", "device-only", "bool", "false",
           "Count only the tensors of nodes placed on a GPU">,
    Option<"assumeGpu", "assume-gpu", "bool", "false",
           "With device-only: count unplaced nodes as placed on a GPU">
  ];
}

def LoopOptimizerPass : Pass<"tfg-loop-optimizer", "ModuleOp"> {
  let summary = "Simplify control flow and loops (Grappler's loop optimizer)";
  let description = [{
    Grappler's LoopOptimizer (docs/LoopOptimizer.md lists the rules and
    their safety conditions):
    - dead branches: the fanout of the dead output of a `Switch` whose
      predicate is a constant is removed up to the `Merge` nodes (which
      lose that input; a Merge left with one input becomes an Identity);
      `If`/`StatelessIf` with a constant condition and `Case` with a
      constant index become a call of the branch taken, `IfRegion` and
      `CaseRegion` are replaced by the ops of the region taken;
    - loops with a constant trip count: a `While`/`WhileRegion` whose
      condition compares a counter with a constant, or a `For`/`ForRegion`
      with constant bounds, running no iteration is replaced by its
      initial values, one running one iteration by its body;
    - stack pushes never popped: `StackPushV2` onto a `StackV2` that no
      `StackPopV2` reads becomes an Identity of the pushed value;
    - loop-invariant node motion (off by default, as in Grappler: a node
      moved out of a loop that runs no iteration runs anyway): nodes of a
      `WhileRegion` body reading only loop invariants are moved before the
      loop; nodes of a v1 frame reading only constant Enters leave the
      frame, and a constant Enter brings their results back.
    Fetched and fed nodes and `_grappler_do_not_remove` nodes are never
    replaced; dead nodes with side effects stop a dead-branch removal; a
    graph without fetches keeps its nodes (only replacements that keep the
    node's name are made).
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"removeDeadBranches", "remove-dead-branches", "bool", "true",
           "Remove the branches a constant predicate or index never takes">,
    Option<"simplifyTripCounts", "simplify-trip-counts", "bool", "true",
           "Remove loops running no iteration, unroll those running one">,
    Option<"removeStackOps", "remove-stack-ops", "bool", "true",
           "Replace pushes onto stacks never popped by Identity nodes">,
    Option<"loopInvariantNodeMotion", "loop-invariant-node-motion", "bool",
           "false", "Move loop-invariant nodes out of loops">
  ]);
  let statistics = [
    Statistic<"numDeadSwitches", "dead-switches", "Switch nodes whose dead fanout was removed">,
    Statistic<"numDeadNodes", "dead-nodes", "Nodes of dead branches removed">,
    Statistic<"numBranchesFolded", "branches-folded", "If/Case nodes replaced by the branch taken">,
    Statistic<"numNodesHoisted", "nodes-hoisted", "Nodes moved out of loops">,
    Statistic<"numStackPushesRemoved", "stack-pushes-removed", "Pushes onto stacks never popped removed">,
    Statistic<"numLoopsRemoved", "loops-removed", "Loops running no iteration removed">,
    Statistic<"numLoopsUnrolled", "loops-unrolled", "Loops running one iteration unrolled">
  ];
}

#endif // TFG_TRANSFORMS_GRAPPLEROPTIMIZERS_TD
