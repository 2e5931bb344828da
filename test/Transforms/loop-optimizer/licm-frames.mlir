// RUN: tfg-opt %S/Inputs/v1-invariant.mlir --tfg-loop-optimizer='fetch=count loop-invariant-node-motion=true' | FileCheck %s --implicit-check-not=random/enter --implicit-check-not=neg/enter --implicit-check-not=kpivot/enter --implicit-check-not=loop/k/enter
// RUN: tfg-opt %S/Inputs/v1-invariant.mlir --tfg-loop-optimizer='fetch=count' | FileCheck %s --check-prefix=OFF
// RUN: tfg-run %S/Inputs/v1-invariant.mlir --input=x=random:1 --input=a=random:2 --input=b=random:3 --fetch=count --check-pipeline='tfg-loop-optimizer{fetch=count loop-invariant-node-motion=true}' --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME

// COM: In a v1 frame, a * b + 1 reads only constant Enters: Mul and AddV2
// COM: leave the frame (reading a, b and 1 outside it) and a constant
// COM: Enter brings the result back. The 1 is a Const anchored in the frame
// COM: by a control edge from a's constant Enter: it leaves too, waiting for
// COM: a. The counter's update (it reads the Switch) stays, as do a stateful
// COM: node and nodes waiting for the loop body (a Neg, a Const).
// CHECK-DAG: %[[A:.*]], %[[CA:.*]] = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: %[[AB:.*]], %{{.*}} = Mul(%[[A]], %[[B]]) name("loop/ab")
// CHECK-DAG: %[[K:.*]], %{{.*}} = Const [%[[CA]]] name("loop/k")
// CHECK: %[[AB1:.*]], %{{.*}} = AddV2(%[[AB]], %[[K]]) name("loop/ab1")
// CHECK: %[[E:.*]], %{{.*}} = Enter(%[[AB1]]) name("loop/ab1/enter_0") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64}
// CHECK: AddV2(%{{.*}}, %[[E]]) name("loop/add_count")
// CHECK: Const [%{{.*}}] name("loop/kpivot")
// OFF: Mul(%{{.*}}, %{{.*}}) name("loop/ab")
// OFF-NOT: enter_0
// SAME: check-pipeline: tfg-loop-optimizer
// SAME-NEXT: count: max_abs_diff=0 max_rel_diff=0
