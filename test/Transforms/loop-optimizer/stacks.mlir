// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out remove-stack-ops=false' | FileCheck %s --check-prefix=OFF

// COM: Pushes onto a stack that is never popped become Identity nodes of
// COM: the pushed value, named like the push (the handle may enter a frame
// COM: or go through Identity first). The Identity waits for the handle.
// CHECK-LABEL: tfg.graph
// CHECK: %[[H:.*]], %[[HC:.*]] = StackV2
// CHECK-NOT: StackPushV2
// CHECK: Identity(%{{.*}}) [%[[HC]]] name("push")
// CHECK: %[[E:.*]], %{{.*}} = Enter(%[[H]])
// CHECK: %{{.*}}, %[[IC:.*]] = Identity(%[[E]]) name("handle")
// CHECK: Identity(%{{.*}}) [%[[IC]]] name("push_in_frame")
// OFF-LABEL: tfg.graph
// OFF: StackPushV2
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %H, %c2 = StackV2(%N) name("stack") {elem_type = f32, stack_name = "s"} : (tensor<i32>) -> (tensor<!tf_type.resource>)
  %P, %c3 = StackPushV2(%H, %X) name("push") {T = f32, swap_memory = false} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<f32>)
  %E, %c4 = Enter(%H) name("enter") {T = !tf_type.resource, frame_name = "f", is_constant = true, parallel_iterations = 10 : i64} : (tensor<!tf_type.resource>) -> (tensor<!tf_type.resource>)
  %I, %c5 = Identity(%E) name("handle") {T = !tf_type.resource} : (tensor<!tf_type.resource>) -> (tensor<!tf_type.resource>)
  %P2, %c6 = StackPushV2(%I, %P) name("push_in_frame") {T = f32, swap_memory = false} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<f32>)
  %O, %c7 = Identity(%P2) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: a popped stack keeps its pushes.
// CHECK-LABEL: tfg.graph
// CHECK: StackPushV2
// CHECK: StackPopV2
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %H, %c2 = StackV2(%N) name("stack") {elem_type = f32, stack_name = "s"} : (tensor<i32>) -> (tensor<!tf_type.resource>)
  %P, %c3 = StackPushV2(%H, %X) name("push") {T = f32, swap_memory = false} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<f32>)
  %Q, %c4 = StackPopV2(%H) [%c3] name("pop") {elem_type = f32} : (tensor<!tf_type.resource>) -> (tensor<f32>)
  %O, %c7 = Identity(%Q) name("out") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// -----

// COM: Negative: a handle read by another node (it may pop) keeps the
// COM: stack.
// CHECK-LABEL: tfg.graph
// CHECK: StackPushV2{{.*}} name("push")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %H, %c2 = StackV2(%N) name("stack") {elem_type = f32, stack_name = "s"} : (tensor<i32>) -> (tensor<!tf_type.resource>)
  %P, %c3 = StackPushV2(%H, %X) name("push") {T = f32, swap_memory = false} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<f32>)
  %U:2, %c4 = IdentityN(%H, %P) name("out") {T = [!tf_type.resource, f32]} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<!tf_type.resource>, tensor<f32>)
}

// -----

// COM: Negative: a fetched push is kept.
// CHECK-LABEL: tfg.graph
// CHECK: StackPushV2{{.*}} name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<>} : () -> (tensor<f32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %H, %c2 = StackV2(%N) name("stack") {elem_type = f32, stack_name = "s"} : (tensor<i32>) -> (tensor<!tf_type.resource>)
  %P, %c3 = StackPushV2(%H, %X) name("out") {T = f32, swap_memory = false} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<f32>)
}
