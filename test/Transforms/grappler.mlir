// RUN: tfg-opt %s --tfg-grappler=fetch=out --tfg-toposort | FileCheck %s
// RUN: tfg-opt %s --tfg-grappler='fetch=out print-statistics' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tfg-opt %s --tfg-grappler='fetch=out disable=tfg-cse' | FileCheck %s --check-prefix=NOCSE
// RUN: tfg-opt %s --tfg-grappler | FileCheck %s --check-prefix=NOFETCH
// RUN: tfg-opt %s --tfg-grappler=fetch=out --tfg-grappler='fetch=out print-statistics' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIXPOINT

// COM: On an optimized graph the first iteration changes nothing: stop.
// FIXPOINT: remark: tfg-grappler: 3 -> 3 nodes, 4 -> 4 edges, 1 iteration(s)

// COM: Pruning, inlining, CSE, shape inference and the dependency
// COM: optimizer together: the dead branch and the identity go, the call is
// COM: inlined, its duplicate add is merged with the graph's, shapes are
// COM: refined and the redundant control edge is dropped.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: %[[X:.*]], %{{.*}} = Placeholder name("x") {{.*}} -> (tensor<4xf32>)
// CHECK-NEXT: %[[A:.*]], %{{.*}} = AddV2(%[[X]], %[[X]]) name("a") {{.*}} -> (tensor<4xf32>)
// CHECK-NEXT: Mul(%[[A]], %[[A]]) name("out") {{.*}} -> (tensor<4xf32>)
// CHECK-NEXT: }
// CHECK-NOT: tfg.func

// STATS: remark: tfg-prune: 4 nodes and 5 edges removed
// STATS: remark: tfg-inline: 0 nodes removed and 1 edges added
// STATS: remark: tfg-cse: 1 nodes and 2 edges removed
// STATS: remark: tfg-shape-inference: 0 nodes and 0 edges removed
// STATS: remark: tfg-dependency-optimizer: 0 nodes and 1 edges removed
// STATS: remark: tfg-grappler: 8 -> 3 nodes, 11 -> 4 edges, 2 iteration(s)

// NOCSE: name("call/add")

// COM: Without fetches the graph keeps all its nodes.
// NOFETCH-DAG: name("dead")
// NOFETCH-DAG: name("call")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %A, %ctl_0 = AddV2(%X, %X) name("a") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %I, %ctl_1 = Identity(%A) name("id") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %C, %ctl_2 = PartitionedCall(%X) name("call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@double, {}>} : (tensor<*xf32>) -> (tensor<*xf32>)
  %M, %ctl_3 = Mul(%I, %C) [%ctl_0] name("out") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %D, %ctl_4 = Neg(%X) name("dead") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %D2, %ctl_5 = Neg(%D) name("dead2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
tfg.func @double(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %A, %ctl = AddV2(%x, %x) name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%A) : tensor<*xf32>
}
