//===- Passes.td - tfg graph passes ------------------------*- tablegen -*-===//
//
// The structural graph passes of tfg (Grappler's building blocks) and the
// tfg-grappler meta pipeline. Every pass is a thin wrapper over a library
// function declared in tfg/Transforms/GraphTransforms.h.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_PASSES_TD
#define TFG_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// Options shared by the passes that may delete nodes: what must survive.
defvar TFG_PreserveOptions = [
  ListOption<"fetch", "fetch", "std::string",
             "Nodes whose outputs are fetched (`name`, `name:1` or `^name`); "
             "they and everything they depend on are kept">,
  ListOption<"feed", "feed", "std::string",
             "Nodes that are fed (`name` or `name:0`); they are kept">
];

defvar TFG_RemovalStatistics = [
  Statistic<"numNodesRemoved", "nodes-removed", "Number of nodes removed">,
  Statistic<"numEdgesRemoved", "edges-removed",
            "Number of edges (data and control operands) removed">
];

//===----------------------------------------------------------------------===//
// Structural passes
//
// Passes that work on one graph or function body at a time are anchored on
// no op (like MLIR's canonicalizer and TensorFlow's tfg-toposort): scheduled
// on a module (`--tfg-cse`) they work on each `tfg.graph` and `tfg.func` of
// it in turn; scheduled on the bodies
// (`builtin.module(tfg.func(tfg-cse), tfg.graph(tfg-cse))`) MLIR's pass
// manager runs them on the functions of a library in parallel, which is how
// `tfg-grappler` schedules them. Passes that look across functions (pruning
// of unused functions, inlining, control-flow form conversion, lifting) are
// anchored on the module.
//===----------------------------------------------------------------------===//

// Grappler's device- and structure-level optimizers (remapper, layout,
// memory, loop), in a file of their own.
include "GrapplerOptimizers.td"

def AddDefaultAttrsPass : Pass<"tfg-add-default-attrs"> {
  let summary = "Add the OpDef default of every attribute a node leaves out";
  let description = [{
    For each node whose op is in the registry, adds each attribute that has
    a default value in the OpDef and is absent from the node. The added
    attributes are exactly those `tfg-strip-default-attrs` removes.

    ```mlir
    // Before (Conv2D defaults: data_format = "NHWC", dilations = [1, 1, 1, 1], ...)
    %Conv2D, %ctl = Conv2D(%x, %w) name("c") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]} : ...
    // After
    %Conv2D, %ctl = Conv2D(%x, %w) name("c") {T = f32, data_format = "NHWC",
        dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME",
        strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : ...
    ```
  }];
  let statistics = [
    Statistic<"numAttrsAdded", "attrs-added", "Number of attributes added">
  ];
}

def ArithmeticOptimizerPass : Pass<"tfg-arithmetic-optimizer"> {
  let summary = "Simplify arithmetic (Grappler's arithmetic optimizer)";
  let description = [{
    Rewrites arithmetic subgraphs into cheaper equivalent ones, stage by
    stage as Grappler's ArithmeticOptimizer does, with the graph rewrite
    driver (GraphRewrite.h): fetched and fed nodes are never replaced (a
    fetched node keeps its name and op), control dependencies move to the
    replacement and new nodes take the replaced node's name and device.
    Each stage is an option; the stages that would change floating-point
    results (rounding, NaN, infinities) are off by default or restricted to
    exact cases, and `unsafe-math` enables Grappler's inexact variants.
    docs/ArithmeticOptimizer.md lists every stage, its default and its
    safety.

    ```mlir
    %N, %ctl = Neg(%x) name("n") {T = f32} : ...
    %A, %ctl_0 = AddV2(%y, %N) name("a") {T = f32} : ...
    // After: %A, %ctl_0 = Sub(%y, %x) name("a") {T = f32}
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"addOpsRewrite", "add-ops-rewrite", "bool", "true",
           "Rewrite trees of Add/AddV2 into AddNs of same-shape terms joined by broadcasting AddV2s (float trees only in their order of evaluation, unless unsafe-math)">,
    Option<"hoistCommonFactor", "hoist-common-factor", "bool", "true",
           "AddN(x*a, x*b) -> x*AddN(a, b) and Add of Divs by one denominator (integers; floats only with unsafe-math)">,
    Option<"minimizeBroadcasts", "minimize-broadcasts", "bool", "true",
           "Reorder chains of an associative op so that small operands combine first (integers; floats only with unsafe-math)">,
    Option<"removeIdentityTranspose", "remove-identity-transpose", "bool", "true",
           "Remove Transposes by the identity and pairs whose permutations compose to the identity">,
    Option<"removeInvolution", "remove-involution", "bool", "true",
           "Neg(Neg(x)), Conj(Conj(x)), LogicalNot(LogicalNot(x)), Invert(Invert(x)) -> x, also through value-preserving ops (Reciprocal only with unsafe-math)">,
    Option<"removeRedundantBitcast", "remove-redundant-bitcast", "bool", "true",
           "Remove Bitcasts to the same type and fold Bitcast(Bitcast(x))">,
    Option<"removeRedundantCast", "remove-redundant-cast", "bool", "true",
           "Remove Casts to the same type">,
    Option<"removeRedundantReshape", "remove-redundant-reshape", "bool", "true",
           "Remove Reshapes to the input's static shape and fold Reshape(Reshape(x))">,
    Option<"removeNegation", "remove-negation", "bool", "true",
           "a + Neg(b) -> a - b and a - Neg(b) -> a + b">,
    Option<"replaceMulWithSquare", "replace-mul-with-square", "bool", "true",
           "Mul(x, x) -> Square(x)">,
    Option<"replaceMulWithBroadcastByTile", "replace-mul-with-broadcast-by-tile", "bool", "false",
           "Mul(x, Ones) that only broadcasts x -> Tile(x, multiples) (off, as in Grappler)">,
    Option<"simplifyAggregation", "simplify-aggregation", "bool", "true",
           "AddN of one repeated input -> Mul(x, n) (floats: n <= 3 unless unsafe-math)">,
    Option<"foldTransposeIntoMatMul", "fold-transpose-into-matmul", "bool", "true",
           "Fold Transposes of the last two dimensions into MatMul/BatchMatMul flags">,
    Option<"foldConjugateIntoTranspose", "fold-conjugate-into-transpose", "bool", "true",
           "Conj(Transpose(x)) -> ConjugateTranspose(x) and the reverse pairs">,
    Option<"foldMultiplyIntoConv", "fold-multiply-into-conv", "bool", "true",
           "Conv2D(Mul(x, c), w) -> Conv2D(x, Mul(w, c)) for a scalar constant c (changes rounding: floats only with unsafe-math)">,
    Option<"removeLogicalNot", "remove-logical-not", "bool", "true",
           "LogicalNot(comparison) -> the negated comparison (orderings only for non-float types: NaN)">,
    Option<"sqrtDivToRsqrtMul", "sqrt-div-to-rsqrt-mul", "bool", "false",
           "x / Sqrt(y) -> x * Rsqrt(y) (changes rounding: off by default)">,
    Option<"convertPow", "convert-pow", "bool", "true",
           "Pow(x, c) for constant c in {0, 1, 2, -1} -> cheaper ops (0.5, -0.5, 3 only with unsafe-math)">,
    Option<"convertLog1p", "convert-log1p", "bool", "false",
           "Log(Add(1, x)) -> Log1p(x) (changes results: off by default)">,
    Option<"convertExpm1", "convert-expm1", "bool", "false",
           "Sub(Exp(x), 1) -> Expm1(x) (changes results: off by default)">,
    Option<"optimizeMaxOrMin", "optimize-max-or-min", "bool", "true",
           "Max/Min reductions of monotonic functions: f(Max(x)) (only where exact, see the docs)">,
    Option<"unaryOpsComposition", "unary-ops-composition", "bool", "false",
           "Chains of elementwise unary ops -> _UnaryOpsComposition (a CPU kernel of TensorFlow; off)">,
    Option<"removeStackSliceSameAxis", "remove-stack-slice-same-axis", "bool", "true",
           "Slice/StridedSlice of a Pack along its axis picking one input -> that input">,
    Option<"simplifyEmbeddingLookup", "simplify-embedding-lookup", "bool", "true",
           "Gather(Unique(ids).y ...) lookups (Grappler's embedding stage)">,
    Option<"removeCastIntoSegmentReduction", "remove-cast-into-segment-reduction", "bool", "true",
           "Drop a Cast of segment ids when the reduction accepts the source type">,
    Option<"reorderCastLikeAndValuePreserving", "reorder-cast-like-and-value-preserving", "bool", "true",
           "Cast(valuePreserving(x)) -> valuePreserving(Cast(x)) when the cast shrinks the type">,
    Option<"hoistCWiseUnaryChains", "hoist-cwise-unary-chains", "bool", "true",
           "Move the unary chain shared by all ConcatV2 inputs after the ConcatV2, and the one shared by all Split/SplitV outputs before the Split">,
    Option<"unsafeMath", "unsafe-math", "bool", "false",
           "Also apply the variants that change floating-point rounding (reassociation, Pow 0.5/-0.5/3, Reciprocal involution)">
  ]);
  let statistics = [
    Statistic<"numRewrites", "rewrites", "Number of rewrites applied">
  ];
}

def ConstantFoldingPass : Pass<"tfg-constant-folding"> {
  let summary = "Fold constant subgraphs and simplify nodes with constant operands (Grappler's constant folding)";
  let description = [{
    Visits the nodes of each graph and function body in topological order,
    to a fixed point, and

    1. folds every node whose data operands are all constants (Consts that
       are not fed) and that TFGEval has a kernel for into a Const of the
       same name and device, waiting for the node's control operands (and
       for the Consts it read that wait for something); a node with several
       results gets one
       Const per used result, `<node>/_<i>`;
    2. materializes what static shapes say: Shape, ShapeN, Size, Rank,
       BroadcastGradientArgs, ZerosLike and OnesLike of static tensors, the
       reduction indices of a reduction over all dimensions, and constants
       entering a loop frame (`Enter` with `is_constant`);
    3. simplifies nodes with some constant operands as Grappler does:
       neutral and absorbing elements (`x*1`, `x+0`, `0-x`, integer `x*0`,
       ...), trivial Reshape, Squeeze, Transpose, ReverseV2, Slice,
       StridedSlice, Tile, Pad, Split, SplitV, Pack, Select and Switch,
       partial folding of AddN, ConcatV2 and IdentityN, nested ConcatV2,
       constant push-down through Add/Mul chains and into Conv2D/MatMul
       filters, and division by a constant as a multiplication;
    4. calls the branch of a Case with a constant index, inlines the region
       a CaseRegion/IfRegion with a constant index or condition runs, and
       turns a RandomShuffle of one element along its first dimension into
       an Identity.

    Stateful and side-effecting nodes, fed nodes, Placeholders, nodes with
    ref, resource or variant data and results over `max-constant-size`
    bytes are never folded. Users of a replaced node's control token wait
    for its replacement. docs/ConstantFolding.md lists every rule.

    ```mlir
    %A, %ctl = Const name("a") {dtype = f32, value = dense<2.0> : tensor<f32>} : ...
    %B, %ctl_0 = Neg(%A) name("b") {T = f32} : ...
    // After: b is Const name("b") {dtype = f32, value = dense<-2.0> : tensor<f32>}
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"maxConstantSize", "max-constant-size", "int64_t", "10485760",
           "The largest constant, in bytes, the pass creates">
  ]);
  let statistics = [
    Statistic<"numFolded", "nodes-folded",
              "Results replaced by constants (evaluated or from shapes)">,
    Statistic<"numMaterialized", "nodes-materialized",
              "Operands and results materialized from shapes and frames">,
    Statistic<"numSimplified", "nodes-simplified",
              "Nodes simplified (neutral elements, trivial ops, partial folding)">
  ];
}

def CSEPass : Pass<"tfg-cse"> {
  let summary = "Deduplicate equivalent nodes (Grappler's common subgraph elimination)";
  let description = [{
    Two nodes are equivalent when they have the same op, the same data
    operands (in any order for commutative ops), the same set of control
    operands, the same attributes apart from the name, and the same device.
    The later one is replaced by the earlier one; its users (data and
    control) are rewired. Nodes are visited in topological order and the
    pass repeats to a fixed point, so chains of duplicates fold in one run.
    Stateful, side-effecting and preserved nodes, v1 control-flow frame
    nodes (Enter, Exit, Merge, NextIteration) and nodes with ref operands or
    regions are never merged. In a bare graph nothing is merged unless
    `fetch` is given (merging deletes a node the user might fetch).

    The regions of region control flow (IfRegion, CaseRegion, WhileRegion,
    ForRegion and their Stateless/Stateful forms) are deduplicated too, at
    any depth, with a table scoped over the nesting: a node of a region
    equal to a node of an enclosing block is replaced by it (the region sees
    the values of enclosing blocks), equal nodes of one region merge, and a
    node of a sibling region is never used. A loop region (While, For) takes
    a node from outside the loop only when it already captures a value from
    that far out, since `tfg-region-to-functional` converts no loop that
    captures one. The walk is iterative: linear in the nodes whatever the
    depth.

    ```mlir
    %A, %ctl = Add(%x, %y) name("a") {T = f32} : ...
    %B, %ctl_0 = Add(%y, %x) name("b") {T = f32} : ...
    %M, %ctl_1 = Mul(%A, %B) name("m") {T = f32} : ...
    // After: b is gone and m reads Mul(%A, %A).
    %N, %ctl_2 = Neg(%x) name("n") {T = f32} : ...
    %R, %ctl_3 = IfRegion %p then {
      %N1, %ctl_4 = Neg(%x) name("n1") {T = f32} : ...
      yield(%N1) : tensor<f32>
    } else { ... }
    // After: n1 is gone and the then-region yields %N.
    ```
  }];
  let options = TFG_PreserveOptions;
  let statistics = TFG_RemovalStatistics;
}

def DebugStripperPass : Pass<"tfg-debug-stripper"> {
  let summary = "Remove debugging nodes (Assert, Print, PrintV2, CheckNumerics)";
  let description = [{
    Grappler's debug stripper: `Assert` and `PrintV2` become `NoOp`s whose
    control operands are the producers of their former data operands (so
    control dependencies on them keep their meaning); `Print` and
    `CheckNumerics` become `Identity` nodes of their first operand, which
    `tfg-prune` then removes.

    ```mlir
    %ctl = Assert(%cond, %msg) name("check") {T = [!tf_type.string], summarize = 3 : i64} : ...
    // After:
    %ctl = NoOp [%ctl_cond, %ctl_msg] name("check")
    ```
  }];
  let statistics = [
    Statistic<"numNodesStripped", "nodes-stripped", "Number of debug nodes rewritten">
  ];
}

def DependencyOptimizerPass : Pass<"tfg-dependency-optimizer"> {
  let summary = "Simplify control dependencies (Grappler's dependency optimizer)";
  let description = [{
    Rewrites, in this order:

    1. control operands duplicated by a data operand from the same node, or
       listed twice, are removed;
    2. with fetches given (or in a function), stateless nodes whose data
       results are unused become `NoOp`s that keep their dependencies, unless
       they read a Switch output (deadness) or belong to a v1 loop frame;
    3. `NoOp`s (and `Identity`s with only control users) are bypassed when
       that does not increase the number of edges
       (`|inputs| * |users| <= |inputs| + |users|`) and adds no cross-device
       edge;
    4. transitive reduction: a control operand `^a` of `b` is removed when
       another path leads from `a` to `b`. Paths through `Merge` (which fires
       on any input) and NextIteration back edges do not count. The search
       for each node is bounded by the topological order and by
       `max-visits`, so the pass stays near-linear; an edge is only removed
       when a path was found;
    5. when a node has several control operands from nodes on another
       device, they are consolidated through one `NoOp` on that device.

    ```mlir
    %A, %ctl = Const name("a") ...
    %B, %ctl_0 = Identity(%A) [%ctl] name("b") ...   // ^a duplicates the data edge
    %ctl_1 = NoOp [%ctl, %ctl_0] name("c")           // ^a is implied by ^b
    // After: b has no control operand and c depends on ^b only.
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"maxVisits", "max-visits", "unsigned", "64",
           "Nodes visited per node when searching for a path that makes a "
           "control edge redundant (0: unbounded)">
  ]);
  let statistics = !listconcat(TFG_RemovalStatistics, [
    Statistic<"numTransitiveEdges", "transitive-edges-removed",
              "Control edges removed by the transitive reduction">,
    Statistic<"numNodesToNoOp", "nodes-to-noop",
              "Nodes with unused results turned into NoOps">
  ]);
}

defvar TFG_DropOutputShapesSkip = [
  ListOption<"skip", "skip", "std::string",
             "Operations (full names, e.g. `tfg.Placeholder`) that keep the "
             "attribute">
];

def SetInputShapesPass : Pass<"tfg-set-input-shapes"> {
  let summary = "Give Placeholders the static shapes of the inputs that will be fed";
  let description = [{
    Grappler optimizes a graph for the shapes of the tensors it is fed; a
    model's Placeholders often leave dimensions unknown (`?x?x?x3`). This
    pass pins them: each `shapes` entry `NAME=D0xD1x...` (`NAME=scalar` for
    rank 0) sets Placeholder NAME's `shape` attribute and result type, so
    that shape inference and constant folding can work from them. A shape
    that disagrees with the Placeholder's known rank or dimensions, an entry
    naming no Placeholder, or a malformed entry is an error.

    ```
    tfg-opt model.mlir --tfg-set-input-shapes='shapes=image=1x256x256x3' --tfg-grappler
    ```
  }];
  let options = [
    ListOption<"shapes", "shapes", "std::string",
               "Placeholder shapes, NAME=D0xD1x... (NAME=scalar for rank 0)">
  ];
}

def DropOutputShapesPass : Pass<"tfg-drop-output-shapes"> {
  let summary = "Remove the `_output_shapes` attributes";
  let description = [{
    `_output_shapes` duplicates what the result types say once
    `tfg-shape-inference` (or the importer) has refined them. This pass
    drops the attribute from every node, except those of the operations
    listed in `skip`.
  }];
  let options = TFG_DropOutputShapesSkip;
  let statistics = [
    Statistic<"numAttrsRemoved", "attrs-removed", "Number of attributes removed">
  ];
}

def DropUnregisteredOutputShapesPass
    : Pass<"tfg-drop-unregistered-output-shapes"> {
  let summary = "TensorFlow's name of tfg-drop-output-shapes";
  let description = [{
    The same as `tfg-drop-output-shapes`, under TensorFlow's pass name and
    anchored, as TensorFlow's, on any operation (`_output_shapes` is
    dropped from the operations under it): pipelines written for
    TensorFlow's tfg tools run unchanged.
  }];
  let options = TFG_DropOutputShapesSkip;
  let statistics = [
    Statistic<"numAttrsRemoved", "attrs-removed", "Number of attributes removed">
  ];
}

def FunctionalizeControlFlowPass
    : Pass<"tfg-functionalize-control-flow", "ModuleOp"> {
  let summary = "Turn v1 loops and conditionals into While and If nodes";
  let description = [{
    TensorFlow's functionalization of v1 control flow. Each structured loop
    frame (Enter, Merge, Switch on one LoopCond, NextIteration, Exit)
    becomes a `While` node calling two new functions: `<frame>_cond`
    computes the LoopCond's input from the loop variables (the Merges) and
    the invariants (the Enters that feed no Merge, `is_constant` or not);
    `<frame>_body` computes the NextIterations' inputs from the Switches'
    true outputs and passes the invariants through. The While takes the
    Enters' inputs, its results replace the Exits. Inner frames are
    converted first, so the outer body calls the inner While.

    Then each structured conditional (Switches on one predicate whose two
    sides are joined by Merges) becomes an `If` node calling `<scope>_then`
    and `<scope>_else`, the values the branches take as operands, the
    Merges' values as results; conditionals inside loop bodies too.

    ```mlir
    %E, %c0 = Enter(%x) {frame_name = "loop", is_constant = false, ...}
    %M:2, %c1 = Merge(%E, %N)
    %L, %c2 = Less(%M#0, %limit_in_frame)
    %C, %c3 = LoopCond(%L)
    %S:2, %c4 = Switch(%M#0, %C)
    %X, %c5 = Exit(%S#0)
    %A, %c6 = AddV2(%S#1, %one_in_frame)
    %N, %c7 = NextIteration(%A)
    // becomes
    %W:2, %c = While(%x, %limit) name("loop") {T = [i32, i32],
        cond = #tf_type.func<@loop_cond, {}>,
        body = #tf_type.func<@loop_body, {}>, ...}
    ```

    Frames and conditionals that are not structured (a Merge's
    `value_index` used, a value leaving a frame without an Exit or a branch
    without a Merge, inputs from unrelated frames or branches, two
    LoopConds) are left as they are, with a remark naming the node.
    Iterative and linear in nodes and edges (plus the nodes cloned into the
    new functions).

    Exits and Merges become Identity nodes of their names reading the
    While's or If's results, so fetches and feeds naming them still work.
    A node that `fetch`, `feed` or the module's recorded `tfg.fetches` name
    and that would move into a function (a node of a loop body or of a
    branch, a Merge's `value_index`) leaves its loop or conditional as it
    is, with a remark.
  }];
  let options = TFG_PreserveOptions;
  let statistics = [
    Statistic<"numLoops", "loops", "Number of loop frames turned into While">,
    Statistic<"numConds", "conds", "Number of conditionals turned into If">,
    Statistic<"numFunctions", "functions-created", "Number of functions created">,
    Statistic<"numUnstructured", "unstructured",
              "Number of frames and conditionals left as they are">
  ];
}

def FunctionalToRegionPass : Pass<"tfg-functional-to-region", "ModuleOp"> {
  let summary = "Turn functional control flow (If, Case, While, For) into region form";
  let description = [{
    Each `If`/`Case`/`While`/`For` (plain, Stateless and Stateful) whose
    callees are instantiated functions of the module with a matching
    signature is replaced by the region op with the callee bodies inlined.
    The callee attributes are kept in `#tfg.region_attrs` and the call's
    attributes (`then_branch`'s `{...}` part) in `then_attrs` etc., so that
    `tfg-region-to-functional` restores the original exactly. Calls to
    generic or missing functions are left as they are, and so is an `If`
    whose condition is not boolean (`IfRegion` takes an i1 tensor).

    ```mlir
    %If, %ctl = If(%c, %x) name("if") {then_branch = #tf_type.func<@t, {}>, ...}
    // After:
    %IfRegion, %ctl = IfRegion %c then { ...body of @t on %x...; yield(...) }
                                 else { ... } name("if") {...}
    ```
  }];
  let statistics = [
    Statistic<"numConverted", "ops-converted", "Number of ops converted">
  ];
}

def InlinePass : Pass<"tfg-inline", "ModuleOp"> {
  let summary = "Inline function calls (Grappler's function optimizer, inlining part)";
  let description = [{
    Inlines `PartitionedCall`, `StatefulPartitionedCall` and legacy calls
    (nodes whose op is a library function) into graphs and functions. The
    callee must be an instantiated (non-generic) function, not marked
    `_noinline`, `_XlaMustCompile` or `_XlaCompile`, not itself on the call
    stack, and the call must not be fetched. Inlined nodes are named
    `<call>/<node>`, take the call's device when they have none, and wait for
    the call's control operands through a `<call>/input_control_node` NoOp;
    users of the call's control token wait for every result and control
    return through a `<call>/output_control_node` NoOp (control-return
    semantics are kept). In a bare graph nothing is inlined unless `fetch`
    is given.

    ```mlir
    %Call, %ctl = PartitionedCall(%x) name("call") {f = #tf_type.func<@double, {}>, ...}
    // After: call/add = AddV2(%x, %x), and users of %Call read it.
    ```
  }];
  let options = TFG_PreserveOptions;
  let statistics = [
    Statistic<"numInlined", "calls-inlined", "Number of calls inlined">
  ];
}

def FoldKnownBranchesPass : Pass<"tfg-fold-known-branches", "ModuleOp"> {
  let summary = "Replace an If or Case whose selector the graph fixes by the branch it takes";
  let description = [{
    Dead-branch removal for functional conditionals: an `If`,
    `StatelessIf`, `Case` or `StatelessCase` whose condition or branch
    index is a value the graph fixes (a `Const`, or shape arithmetic over
    constants and static shapes: the known values of shape inference) is
    replaced by the body of the branch it takes, inlined as `tfg-inline`
    inlines a call (nodes named `<node>/<name>`, waiting for the node's
    control operands). An `IdentityN` of the node's name (a `NoOp` when it
    has no outputs) takes over its outputs and its control users, so that
    fetches and control edges keep their meaning. An If's condition is true
    when it is a nonzero scalar or a non-empty tensor; a Case index out of
    range takes the last branch. Shape inference then runs on the module, so
    the outputs get the taken branch's shapes rather than the join of every
    branch's; an inlined body's own known selectors fold in the next round
    (at most 16 rounds, and at most 16 times the module's nodes cloned).
    Run it after `tfg-shape-inference` (known values need static shapes);
    `tfg-to-stablehlo` runs it first.

    ```mlir
    %c, %ctl = Const name("flag") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
    %If, %ctl_0 = If(%c, %x) name("cond") {then_branch = #tf_type.func<@grow, {}>, ...}
    // After: cond/... = the nodes of @grow on %x, and
    //        cond = IdentityN(<what @grow returns>).
    ```
  }];
  let statistics = [
    Statistic<"numFolded", "nodes-folded", "Number of If/Case nodes replaced by their branch">
  ];
}

def LiftGraphToFuncPass : Pass<"tfg-lift-graph-to-func", "ModuleOp"> {
  let summary = "Turn the graph into a function of its feeds returning its fetches";
  let description = [{
    Replaces the module's `tfg.graph` by `tfg.func @<func-name>`: each feed
    (a Placeholder) becomes an argument, each fetch `name:k` a result and
    each `^name` fetch a control return. The Placeholder attributes and the
    graph version are kept on the function so that
    `tfg-lower-func-to-graph` restores the graph exactly.

    ```mlir
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> { ...x = Placeholder, y = Neg(x)... }
    // tfg-lift-graph-to-func{feed=x fetch=y}:
    tfg.func @main(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) { ... }
    ```

    TensorFlow's `tfg-lift-graph-to-func` options `feeds`, `fetches` and
    `control_rets` (node names) lift as TensorFlow does: the function is
    `@_mlir_lifted_graph`; each data result `k` of a fed node becomes an
    argument named `<node>_<k>` with `tfg.lifted_value_attr = [node, k]`,
    followed by a control argument, while the node stays in the body; each
    data result of a fetched node is returned, named the same way, and the
    control token of each `control_rets` node. `tfg-lower-func-to-graph`
    lowers both forms, so a function TensorFlow lifted lowers back.

    ```mlir
    // tfg-lift-graph-to-func{feeds=x fetches=y}:
    tfg.func @_mlir_lifted_graph(%x_0: tensor<*xf32> {tfg.lifted_value_attr = ["x", 0 : index], tfg.name = "x_0"}, ...)
         -> (tensor<*xf32> {tfg.name = "y_0"}) attributes {tfg.lifted_graph_version = ...}
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"funcName", "func-name", "std::string", "\"main\"",
           "Name of the function to create (with TensorFlow's options: "
           "_mlir_lifted_graph)">,
    ListOption<"feeds", "feeds", "std::string",
               "TensorFlow's option: nodes whose data results become "
               "arguments (the nodes stay)">,
    ListOption<"fetches", "fetches", "std::string",
               "TensorFlow's option: nodes whose data results are returned">,
    ListOption<"controlRets", "control_rets", "std::string",
               "TensorFlow's option: nodes whose control tokens are returned">
  ]);
}

def LowerFuncToGraphPass : Pass<"tfg-lower-func-to-graph", "ModuleOp"> {
  let summary = "Turn a function lifted by tfg-lift-graph-to-func back into the graph";
  let description = [{
    The inverse of `tfg-lift-graph-to-func`: arguments become the original
    Placeholders again and the return is dropped (its values stay as nodes).
    Only functions carrying `tfg.lifted_graph_version` are lowered.
  }];
}

def NameCompressPass : Pass<"tfg-name-compress"> {
  let summary = "Give nodes short unique names";
  let description = [{
    Renames every node of graphs and functions to a short name (`a`, `b`,
    ..., `aa`, ...) that is unique in its graph or function, which makes
    serialized graphs smaller. Fetched, fed and `_grappler_do_not_remove`
    nodes, and nodes of functions whose names are part of the signature
    (returned through `tfg.return`) keep their names.
  }];
  let options = TFG_PreserveOptions;
}

def PrunePass : Pass<"tfg-prune"> {
  let summary = "Remove nodes that do not contribute to the fetches (Grappler's model pruner)";
  let description = [{
    Keeps the transitive fan-in (data and control) of the preserved nodes:
    fetches, feeds, `_grappler_do_not_remove` nodes, stateful and
    side-effecting nodes, and in functions the returned values and control
    returns. Everything else is erased. In a bare graph nothing is deleted
    unless `fetch` is given.

    Then trivial `Identity`, `IdentityN`, `Snapshot` and `NoOp` nodes are
    bypassed where safe: not preserved, not reading a Switch output (a
    control edge must not be anchored on a Switch), not changing device, no
    ref operand; their control operands move to their users. Finally, when
    the pass runs on a module holding a graph, library functions that
    nothing references are erased (scheduled on a `tfg.graph` or `tfg.func`
    it prunes that body alone).

    ```mlir
    %C, %ctl = Const name("unused") ...
    %I, %ctl_0 = Identity(%x) name("id") ...
    %N, %ctl_1 = Neg(%I) name("out") ...
    // tfg-prune{fetch=out}: `unused` and `id` are gone, out = Neg(%x).
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"removeTrivial", "remove-trivial", "bool", "true",
           "Bypass trivial Identity/IdentityN/Snapshot/NoOp nodes">,
    Option<"pruneFunctions", "prune-functions", "bool", "true",
           "Erase library functions no graph or used function references">
  ]);
  let statistics = !listconcat(TFG_RemovalStatistics, [
    Statistic<"numFunctionsRemoved", "functions-removed",
              "Number of unused library functions erased">
  ]);
}

def RegionToFunctionalPass : Pass<"tfg-region-to-functional", "ModuleOp"> {
  let summary = "Turn region control flow back into functional form";
  let description = [{
    The inverse of `tfg-functional-to-region`. Each region is outlined into
    a function whose arguments are the values it captures. When the region
    is still the inlined body of the function named in its
    `#tfg.region_attrs` (same nodes, same attributes, arguments mapped
    consistently), that function and the original operand order are reused,
    so the round trip is exact; otherwise a new function named after it is
    created. Loop regions (`WhileRegion`, `ForRegion`) that capture values
    from outside are left as they are, with a remark.
  }];
  let options = [
    Option<"forceControlCapture", "force-control-capture", "bool", "false",
           "TensorFlow's option: convert regions that capture control "
           "tokens without data. tfg always does (the call waits for such "
           "tokens), so the option changes nothing">
  ];
  let statistics = [
    Statistic<"numConverted", "ops-converted", "Number of ops converted">,
    Statistic<"numFunctionsCreated", "functions-created", "Number of functions outlined">
  ];
}

def ShapeInferencePass : Pass<"tfg-shape-inference"> {
  let summary = "Refine result shapes with TensorFlow's shape functions";
  let description = [{
    Visits nodes in topological order and refines each unranked or partly
    known result type (`tensor<*xf32>`, `tensor<?x3xf32>`) to the shape
    computed from its operands' shapes, its attributes and constant operand
    values (Const, and Shape of a static tensor). Shape functions exist for
    the common ops: elementwise unary and broadcasting binary ops,
    reductions, convolutions and pooling, MatMul/BatchMatMul, Reshape,
    Transpose, Concat, Pack, Slice, StridedSlice, Pad, Gather, Resize and
    more (see lib/Transforms/ShapeFunctions.cpp). A type is only replaced
    by a more precise compatible one; element types never change. Generic
    functions (opaque tensors) are skipped.

    Anchored on a module (a symbol table), shapes also flow through If,
    Case and calls: a function's arguments take the join of what its callers
    pass and the callers' results the join of what it returns. Anchored on
    one function or graph (a nested pipeline, run in parallel with its
    siblings), the pass neither reads nor changes any other function.

    ```mlir
    %P, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
    %R, %ctl_0 = Relu(%P) name("r") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
    // After: ... -> (tensor<2x3xf32>)
    ```
  }];
  let options = [
    Option<"graphVersion", "graph-version", "int", "0",
           "TensorFlow's option: the graph producer version that "
           "version-dependent shape functions read. Accepted so that "
           "TensorFlow's pipelines run; none of tfg's shape functions "
           "depends on the producer version">
  ];
  let statistics = [
    Statistic<"numRefined", "nodes-refined", "Number of nodes whose result types were refined">
  ];
}

def StripDefaultAttrsPass : Pass<"tfg-strip-default-attrs"> {
  let summary = "Remove attributes equal to their OpDef default";
  let description = [{
    The inverse of `tfg-add-default-attrs`: an attribute whose value equals
    the default of its OpDef is removed (TensorFlow's
    `RemoveDefaultAttrs`), making the GraphDef smaller and readable by
    older consumers.
  }];
  let statistics = [
    Statistic<"numAttrsRemoved", "attrs-removed", "Number of attributes removed">
  ];
}

def TopoSortPass : Pass<"tfg-toposort"> {
  let summary = "Order the nodes of graphs, functions and regions topologically";
  let description = [{
    Reorders the operations of every graph region so that producers come
    before users, keeping the original relative order wherever possible
    (stable). Edges out of NextIteration (loop back edges) are ignored;
    other cycles are broken at the earliest remaining node. Iterative,
    O(N log N). Terminators stay last.

    ```mlir
    tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
      %Neg, %ctl = Neg(%P) name("n") ...
      %P, %ctl_0 = Placeholder name("p") ...
    }
    // After: the Placeholder comes first.
    ```
  }];
}

def VerifyPass : Pass<"tfg-verify"> {
  let summary = "Verify the IR, large graphs node by node";
  let description = [{
    Makes the checks of MLIR's verifier on the operation it runs on and
    everything nested in it, with `tfg::verifyGraphModule`: the body of a
    `tfg.graph` or `tfg.func` of more than 4096 operations is verified in
    one walk, node by node, in half the time of `mlir::verify`. Fails, with
    the verifier's diagnostics, on invalid IR; changes nothing.

    tfg-opt runs it as the first pass of every pipeline in place of the
    verification after parsing (unless that is turned off with
    `--mlir-very-unsafe-disable-verifier-on-parsing`).
  }];
}

//===----------------------------------------------------------------------===//
// Meta pipeline
//===----------------------------------------------------------------------===//

def GrapplerPass : Pass<"tfg-grappler", "ModuleOp"> {
  let summary = "Run the registered graph optimizers in Grappler's MetaOptimizer order";
  let description = [{
    Runs every optimizer registered with `registerGrapplerOptimizer` (see
    tfg/Transforms/Grappler.h), sorted by stage, in Grappler's order:
    pruning (10), function inlining (20), common subgraph elimination (30),
    constant folding (40), the arithmetic optimizer (50), shape inference
    (60), the layout optimizer (70: nodes placed on a GPU only), the
    remapper (80, `tfg-remapper` with target `auto`: TF.js's fused kernels
    for a TF.js model, TensorFlow's CPU kernels otherwise), the loop
    optimizer (85), the dependency optimizer (100) and the memory optimizer
    (110). The sequence repeats up to `iterations` times and stops early
    when an iteration changes nothing. `fetch`/`feed` are passed to every
    optimizer; without `fetch`, the fetches the importer recorded with the
    model are fetched (the `tfg.fetches` module attribute: the outputs of a
    TensorFlow.js model's signature).

    Each optimizer runs as a pipeline of the pass manager that runs
    tfg-grappler (`runPipeline`), so `--mlir-timing`,
    `--mlir-print-ir-after-all`, `--mlir-pass-statistics` and crash
    reproducers see every one, and the IR is verified after each optimizer
    that changed it as after any pass (`--verify-each=false` turns that
    off). Body-local optimizers (CSE, constant folding, the arithmetic
    optimizer, shape inference, the dependency optimizer) are scheduled on
    every `tfg.func` and `tfg.graph`, so the functions of a library are
    optimized in parallel; pruning and inlining run on the module. The
    per-optimizer node and edge counts removed are reported by
    `--mlir-pass-statistics` when LLVM was built with statistics, and as
    remarks with `print-statistics`.

    ```
    tfg-opt --tfg-grappler='fetch=Identity iterations=2' model.mlir
    ```
  }];
  let options = !listconcat(TFG_PreserveOptions, [
    Option<"iterations", "iterations", "unsigned", "2",
           "Maximum number of times the optimizer sequence runs">,
    ListOption<"disable", "disable", "std::string",
               "Optimizers to skip (by pass argument, e.g. tfg-cse)">,
    Option<"printStatistics", "print-statistics", "bool", "false",
           "Emit one remark per optimizer with the nodes and edges it "
           "removed (pass statistics need an LLVM built with statistics "
           "enabled, which Debian's is not)">
  ]);
  let statistics = [
    Statistic<"numIterations", "iterations-run", "Iterations run">,
    Statistic<"numNodesRemoved", "nodes-removed", "Nodes removed in total">,
    Statistic<"numEdgesRemoved", "edges-removed", "Edges removed in total">
  ];
}

#endif // TFG_TRANSFORMS_PASSES_TD
