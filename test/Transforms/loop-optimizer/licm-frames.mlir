// RUN: tfg-opt %S/Inputs/v1-invariant.mlir --tfg-loop-optimizer='fetch=count loop-invariant-node-motion=true' | FileCheck %s --implicit-check-not=random/enter --implicit-check-not=neg/enter
// RUN: tfg-opt %S/Inputs/v1-invariant.mlir --tfg-loop-optimizer='fetch=count' | FileCheck %s --check-prefix=OFF
// RUN: tfg-run %S/Inputs/v1-invariant.mlir --input=x=random:1 --input=a=random:2 --input=b=random:3 --fetch=count --check-pipeline='tfg-loop-optimizer{fetch=count loop-invariant-node-motion=true}' --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME

// COM: In a v1 frame, a * b + 1 reads only constant Enters: Mul and AddV2
// COM: leave the frame (reading a, b and 1 outside it) and a constant
// COM: Enter brings the result back. The counter's update (it reads the
// COM: Switch) stays, as do a stateful node and one with a control operand.
// CHECK-DAG: %[[A:.*]], %{{.*}} = Placeholder name("a")
// CHECK-DAG: %[[B:.*]], %{{.*}} = Placeholder name("b")
// CHECK-DAG: %[[ONE:.*]], %{{.*}} = Const name("one")
// CHECK: %[[AB:.*]], %{{.*}} = Mul(%[[A]], %[[B]]) name("loop/ab")
// CHECK: %[[AB1:.*]], %{{.*}} = AddV2(%[[AB]], %[[ONE]]) name("loop/ab1")
// CHECK: %[[E:.*]], %{{.*}} = Enter(%[[AB1]]) name("loop/ab1/enter_0") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64}
// CHECK: AddV2(%{{.*}}, %[[E]]) name("loop/add_count")
// OFF: Mul(%{{.*}}, %{{.*}}) name("loop/ab")
// OFF-NOT: enter_0
// SAME: check-pipeline: tfg-loop-optimizer
// SAME-NEXT: count: max_abs_diff=0 max_rel_diff=0
