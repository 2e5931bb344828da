// RUN: tfg-translate --mlir-to-dot %s | FileCheck %s

// COM: Each region of region control flow is a cluster named after its node
// COM: and its part (then/else, branch N, cond/body), nested in the cluster
// COM: that holds the node. A region's terminator is drawn, with a dotted
// COM: edge to the node whose results it yields; a region's argument is
// COM: drawn where it is used (through its control token too). Values from
// COM: outside a region are edges into the cluster.

// CHECK-DAG: [[C:n[0-9]+]] [label="c\nPlaceholder"];
// CHECK-DAG: [[I:n[0-9]+]] [label="i\nPlaceholder"];
// CHECK-DAG: [[X:n[0-9]+]] [label="x\nPlaceholder"];
// CHECK-DAG: [[IF:n[0-9]+]] [label="if\nIfRegion"];
// CHECK-DAG: [[CASE:n[0-9]+]] [label="case\nCaseRegion"];
// CHECK-DAG: [[WHILE:n[0-9]+]] [label="while\nWhileRegion"];
// CHECK-DAG: [[FOR:n[0-9]+]] [label="for\nForRegion"];

// COM: The else branch: a node, and a nested IfRegion whose clusters are
// COM: inside the else cluster.
// CHECK: subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT: label="if then";
// CHECK-NEXT: [[THENYIELD:n[0-9]+]] [label="yield", shape=house
// CHECK-NEXT: }
// CHECK-NEXT: subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT: label="if else"; fontname="Helvetica"; style="rounded,filled"; color=gray60; fillcolor=gray97;
// CHECK-NEXT: [[NEG:n[0-9]+]] [label="neg\nNeg"];
// CHECK-NEXT: [[INNER:n[0-9]+]] [label="inner\nIfRegion"];
// CHECK-NEXT: [[ELSEYIELD:n[0-9]+]] [label="yield", shape=house
// CHECK-NEXT: subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT: label="inner then";
// CHECK-NEXT: [[INNERYIELD:n[0-9]+]] [label="yield", shape=house
// CHECK-NEXT: }
// CHECK-NEXT: subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT: label="inner else";
// CHECK-NEXT: n{{[0-9]+}} [label="yield", shape=house
// CHECK-NEXT: }
// CHECK-NEXT: }

// CHECK: label="case branch 0";
// CHECK: label="case branch 1";
// CHECK: label="while cond";
// CHECK-NEXT: [[LESS:n[0-9]+]] [label="less\nLess"];
// CHECK-NEXT: [[COND:n[0-9]+]] [label="condition", shape=house
// CHECK-NEXT: [[WARG:n[0-9]+]] [label="arg 0", shape=invhouse, style="filled"];
// CHECK-NEXT: }
// CHECK: label="while body";
// CHECK: label="for body";

// CHECK-DAG: [[C]] -> [[IF]];
// CHECK-DAG: [[X]] -> [[THENYIELD]];
// CHECK-DAG: [[X]] -> [[THENYIELD]] [style=dashed];
// CHECK-DAG: [[I]] -> [[IF]] [style=dashed];
// CHECK-DAG: [[X]] -> [[NEG]];
// CHECK-DAG: [[INNER]] -> [[ELSEYIELD]];
// CHECK-DAG: [[ELSEYIELD]] -> [[IF]] [style=dotted, color=gray50, arrowhead=empty];
// CHECK-DAG: [[INNERYIELD]] -> [[INNER]] [style=dotted, color=gray50, arrowhead=empty];
// CHECK-DAG: [[NEG]] -> [[INNERYIELD]];
// CHECK-DAG: [[I]] -> [[CASE]];
// CHECK-DAG: [[I]] -> [[WHILE]];
// CHECK-DAG: [[WARG]] -> [[LESS]];
// CHECK-DAG: [[I]] -> [[LESS]];
// CHECK-DAG: [[LESS]] -> [[COND]];
// CHECK-DAG: [[WARG]] -> [[COND]];
// CHECK-DAG: [[WARG]] -> [[COND]] [style=dashed];
// CHECK-DAG: [[COND]] -> [[WHILE]] [style=dotted, color=gray50, arrowhead=empty];
// CHECK-DAG: [[FARG:n[0-9]+]] [label="arg 1", shape=invhouse, style="filled"];
// CHECK-DAG: [[FARG]] -> [[FYIELD:n[0-9]+]];
// CHECK-DAG: [[FYIELD]] -> [[FOR]] [style=dotted, color=gray50, arrowhead=empty];

tfg.graph #tf_type.version<producer = 4, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %i, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %x, %ctl_1 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %IfRegion, %ctl_2 = IfRegion %c [%ctl_0] then {
    yield(%x) [%ctl_1] : tensor<*xf32>
  } else {
    %Neg, %ctl_n = Neg(%x) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %Inner, %ctl_in = IfRegion %c then {
      yield(%Neg) : tensor<*xf32>
    } else {
      yield(%x) : tensor<*xf32>
    } name("inner") : (tensor<i1>) -> (tensor<*xf32>)
    yield(%Inner) : tensor<*xf32>
  } name("if") : (tensor<i1>) -> (tensor<*xf32>)
  %CaseRegion, %ctl_5 = CaseRegion %i {
    yield(%x) : tensor<*xf32>
  }, {
    yield(%x) : tensor<*xf32>
  } name("case") : (tensor<i32>) -> (tensor<*xf32>)
  %WhileRegion, %ctl_8 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %Less, %ctl_l = Less(%arg0, %i) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%arg0) [%arg1] : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } name("while") {parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %ForRegion, %ctl_11 = ForRegion(%i, %i, %i, %x) {
  ^bb0(%idx: tensor<i32>, %v: tensor<*xf32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    yield(%v) : tensor<*xf32>
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}
