// RUN: tfg-opt %s --tfg-grappler=fetch=out | FileCheck %s
// RUN: tfg-opt %s --tfg-grappler='fetch=out print-statistics' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tfg-opt %s --tfg-grappler='fetch=out disable=tfg-constant-folding' | FileCheck %s --check-prefix=NOCF

// COM: tfg-grappler runs constant folding at its stage (after CSE, before
// COM: shape inference): the shape of x, its product and the cast of it
// COM: fold, x*1 is bypassed, and the later optimizers remove what is left.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK-NEXT: %[[N:.*]], %{{.*}} = Const [%{{.*}}] name("n") {dtype = f32, value = dense<6.000000e+00> : tensor<f32>}
// CHECK-NEXT: Mul(%[[X]], %[[N]]) name("out")
// CHECK-NEXT: {{^ *}}}

// STATS: remark: tfg-cse:
// STATS-NEXT: remark: tfg-constant-folding:
// STATS-NEXT: remark: tfg-shape-inference:

// NOCF: Prod
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %S, %ctl_0 = Shape(%X) name("s") {T = f32, out_type = i32} : (tensor<2x3xf32>) -> (tensor<*xi32>)
  %Ax, %ctl_1 = Const name("axis") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %P, %ctl_2 = Prod(%S, %Ax) name("p") {T = i32, Tidx = i32, keep_dims = false} : (tensor<*xi32>, tensor<i32>) -> (tensor<*xi32>)
  %C, %ctl_3 = Cast(%P) name("n") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<*xi32>) -> (tensor<*xf32>)
  %One, %ctl_4 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %M1, %ctl_5 = Mul(%X, %One) name("m1") {T = f32} : (tensor<2x3xf32>, tensor<f32>) -> (tensor<2x3xf32>)
  %Out, %ctl_6 = Mul(%M1, %C) name("out") {T = f32} : (tensor<2x3xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
