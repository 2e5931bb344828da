// RUN: tfg-opt %s --tfg-grappler=fetch=out | FileCheck %s
// RUN: tfg-opt %s --tfg-grappler='fetch=out print-statistics' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tfg-opt %s --tfg-grappler='fetch=out disable=tfg-arithmetic-optimizer' | FileCheck %s --check-prefix=DISABLED

// COM: tfg-grappler runs the arithmetic optimizer at its stage (after CSE,
// COM: before shape inference): Neg(Neg(x)) goes, Mul(a, a) becomes
// COM: Square(a) (the fetched node itself is never rewritten), and the
// COM: Negs left without users are erased.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-NEXT: %[[A:.*]], %{{.*}} = AddV2(%[[X]], %[[X]]) name("a")
// CHECK-NEXT: %[[M:.*]], %{{.*}} = Square(%[[A]]) name("m") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
// CHECK-NEXT: Neg(%[[M]]) name("out")

// STATS: remark: tfg-cse:
// STATS: remark: tfg-arithmetic-optimizer: 2 nodes and 3 edges removed
// STATS: remark: tfg-shape-inference:

// DISABLED: Mul(%{{.*}}, %{{.*}}) name("m")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %N1, %ctl_0 = Neg(%X) name("n1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %N2, %ctl_1 = Neg(%N1) name("n2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %A, %ctl_2 = AddV2(%N2, %X) name("a") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %M, %ctl_3 = Mul(%A, %A) name("m") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %O, %ctl_4 = Neg(%M) name("out") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}
