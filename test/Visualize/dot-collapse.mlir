// RUN: tfg-translate --mlir-to-dot --dot-max-nodes=8 %s --split-input-file | FileCheck %s --check-prefix=ALL
// RUN: tfg-translate --mlir-to-dot --dot-max-nodes=6 %s --split-input-file | FileCheck %s --check-prefix=SIX
// RUN: tfg-translate --mlir-to-dot --dot-max-nodes=7 %s --split-input-file | FileCheck %s --check-prefix=SEVEN
// RUN: tfg-translate --mlir-to-dot --dot-max-nodes=3 %s --split-input-file | FileCheck %s --check-prefix=THREE
// RUN: tfg-translate --mlir-to-dot --dot-max-nodes=3 --dot-expand=a/c/m2,nothing,nothing %s --split-input-file 2>&1 | FileCheck %s --check-prefix=EXPAND
// RUN: tfg-translate --mlir-to-dot --dot-max-nodes=3 --dot-expand=a/b %s --split-input-file 2>&1 | FileCheck %s --check-prefix=SCOPE

// COM: With more nodes than --dot-max-nodes, name scopes (the prefixes of
// COM: node names before a '/') are drawn as one node each ("a/b/", with the
// COM: number of nodes it holds), deepest first and, at one depth, the
// COM: largest first, until the picture is within the limit. Edges between
// COM: the same two drawn nodes become one, labelled with their number;
// COM: edges inside a collapsed scope go.

// COM: 8 nodes: within the limit, nothing collapses.
// ALL-LABEL: digraph tfg {
// ALL-NOT: box3d
// ALL: a/b/n1\nNeg
// ALL-NOT: box3d
// ALL: }

// COM: a/b (3 nodes, the deepest and largest) goes first: 6 nodes.
// SIX-LABEL: digraph tfg {
// SIX-DAG: [[IN:n[0-9]+]] [label="in\nPlaceholder"];
// SIX-DAG: [[B:s[0-9]+]] [label="a/b/\n3 nodes", shape=box3d, fillcolor="0.600 {{.*}}", tooltip="/device:CPU:0", style="filled"];
// SIX-DAG: [[M1:n[0-9]+]] [label="a/c/m1\nNeg",
// SIX-DAG: [[M2:n[0-9]+]] [label="a/c/m2\nNeg",
// SIX-DAG: [[TOP:n[0-9]+]] [label="a/top\nAddN",
// SIX-DAG: [[OUT:n[0-9]+]] [label="out\nAddN"];
// SIX-DAG: [[IN]] -> [[B]];
// SIX-DAG: [[B]] -> [[OUT]] [label="3"];
// SIX-DAG: [[B]] -> [[TOP]];
// SIX-DAG: [[IN]] -> [[M1]];
// SIX-DAG: [[TOP]] -> [[OUT]] [style=dashed];
// SIX-NOT: a/b/n
// SIX: }

// COM: Then a/c, then a (holding the two collapsed scopes and a/top).
// THREE-LABEL: digraph tfg {
// THREE-NEXT: node [
// THREE-NEXT: edge [
// THREE-NEXT: [[IN:n[0-9]+]] [label="in\nPlaceholder"];
// THREE-NEXT: [[OUT:n[0-9]+]] [label="out\nAddN"];
// THREE-NEXT: [[A:s[0-9]+]] [label="a/\n6 nodes", shape=box3d, fillcolor="0.600 0.{{[0-9]+}} 1.000", tooltip="/device:CPU:0", style="filled"];
// THREE-NEXT: [[IN]] -> [[A]] [label="2"];
// THREE-NEXT: [[A]] -> [[OUT]] [label="3"];
// THREE-NEXT: [[A]] -> [[OUT]] [style=dashed];
// THREE-NEXT: subgraph cluster_devices {

// COM: --dot-expand keeps the scopes on the path to a node open: a and a/c
// COM: stay, a/b still collapses; the picture cannot be within the limit.
// COM: A name that is neither a node nor a scope is a warning (once).
// EXPAND: warning: --dot-expand: no node or name scope is named 'nothing'
// EXPAND-NOT: nothing
// EXPAND: warning: the picture has 6 nodes with every name scope collapsed, more than --dot-max-nodes=3
// EXPAND-LABEL: digraph tfg {
// EXPAND-DAG: [label="a/b/\n3 nodes", shape=box3d
// EXPAND-DAG: [label="a/c/m1\nNeg"
// EXPAND-DAG: [label="a/c/m2\nNeg"
// EXPAND-DAG: [label="a/top\nAddN"
// EXPAND: }

// COM: A scope named is kept open itself, with those around it.
// SCOPE-LABEL: digraph tfg {
// SCOPE-DAG: [label="a/b/n1\nNeg"
// SCOPE-DAG: [label="a/b/n2\nNeg"
// SCOPE-DAG: [label="a/b/n3\nNeg"
// SCOPE-DAG: [label="a/c/\n2 nodes", shape=box3d
// SCOPE: }

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %in, %ctl = Placeholder name("in") {dtype = f32} : () -> (tensor<f32>)
  %n1, %ctl_1 = Neg(%in) device("/device:CPU:0") name("a/b/n1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %n2, %ctl_2 = Neg(%n1) device("/device:CPU:0") name("a/b/n2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %n3, %ctl_3 = Neg(%n2) device("/device:CPU:0") name("a/b/n3") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %m1, %ctl_4 = Neg(%in) device("/device:CPU:0") name("a/c/m1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %m2, %ctl_5 = Neg(%m1) device("/device:CPU:0") name("a/c/m2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %top, %ctl_6 = AddN(%n3, %m2) device("/device:CPU:0") name("a/top") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %out, %ctl_7 = AddN(%n1, %n2, %n3) [%ctl_6] name("out") {N = 3 : i64, T = f32} : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: A node of region control flow collapses with its regions: their
// COM: clusters are not drawn, and what they hold counts in the scope. The
// COM: names in a region are a name space of their own (r/in/ in the then
// COM: region is not the graph's r/).
// ALL-LABEL: digraph tfg {
// ALL: label="r/if then"
// ALL: label="r/if else"

// COM: 8 nodes: r/in/ in the then region first (7 nodes), then r/ (4).
// SEVEN-LABEL: digraph tfg {
// SEVEN-LABEL: digraph tfg {
// SEVEN: label="r/if then"
// SEVEN-NEXT: [label="yield"
// SEVEN-NEXT: [label="r/in/\n2 nodes", shape=box3d
// SEVEN-NEXT: }

// SIX-LABEL: digraph tfg {
// SIX-NOT: subgraph
// SIX-DAG: [[C:n[0-9]+]] [label="c\nPlaceholder"];
// SIX-DAG: [[P:n[0-9]+]] [label="p\nPlaceholder"];
// SIX-DAG: [[R:s[0-9]+]] [label="r/\n3 nodes", shape=box3d
// SIX-DAG: [[OUT:n[0-9]+]] [label="out2\nNeg"];
// SIX-DAG: [[C]] -> [[R]] [label="2"];
// SIX-DAG: [[P]] -> [[R]];
// SIX-DAG: [[R]] -> [[OUT]];
// SIX-NOT: subgraph
// SIX: }
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = f32} : () -> (tensor<f32>)
  %p, %ctl_p = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %if, %ctl_if = IfRegion %p then {
    %a, %ctl_a = Neg(%c) name("r/in/a") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    %b, %ctl_b = Neg(%a) name("r/in/b") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%b) : tensor<f32>
  } else {
    yield(%c) : tensor<f32>
  } name("r/if") : (tensor<i1>) -> (tensor<f32>)
  %out, %ctl_o = Neg(%if) name("out2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}
