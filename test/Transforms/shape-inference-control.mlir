// COM: Shape functions of v1 control flow (Switch, Merge and the frame
// COM: ops) and of TensorArrays.
// RUN: tfg-opt %s --split-input-file --tfg-shape-inference | FileCheck %s

// COM: Switch forwards its data's shape to both outputs; the frame ops
// COM: keep their operand's shape.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %P, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  // CHECK-DAG: name("switch"){{.*}} -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %S:2, %ctl_1 = Switch(%X, %P) name("switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("ref_switch"){{.*}} -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %RS:2, %ctl_2 = RefSwitch(%X, %P) name("ref_switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("enter"){{.*}} -> (tensor<2x3xf32>)
  %E, %ctl_3 = Enter(%X) name("enter") {T = f32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("exit"){{.*}} -> (tensor<2x3xf32>)
  %Ex, %ctl_4 = Exit(%X) name("exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("next_iteration"){{.*}} -> (tensor<2x3xf32>)
  %N, %ctl_5 = NextIteration(%X) name("next_iteration") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("loop_cond"){{.*}} -> (tensor<i1>)
  %L, %ctl_6 = LoopCond(%P) name("loop_cond") : (tensor<*xi1>) -> (tensor<*xi1>)
  // CHECK-DAG: name("ref_enter"){{.*}} -> (tensor<2x3xf32>)
  %RE, %ctl_7 = RefEnter(%X) name("ref_enter") {T = f32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("ref_exit"){{.*}} -> (tensor<2x3xf32>)
  %RX, %ctl_8 = RefExit(%X) name("ref_exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("ref_next_iteration"){{.*}} -> (tensor<2x3xf32>)
  %RN, %ctl_9 = RefNextIteration(%X) name("ref_next_iteration") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: Merge: (output, value_index). The output keeps the dims all inputs
// COM: agree on; an input of unknown rank or a rank mismatch leaves it
// COM: unknown, as TensorFlow's shape function does.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %ctl = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<*xf32>)
  %B, %ctl_0 = Placeholder name("b") {dtype = f32, shape = #tf_type.shape<2x4>} : () -> (tensor<*xf32>)
  %C, %ctl_1 = Placeholder name("c") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<*xf32>)
  %U, %ctl_2 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("merge_same"){{.*}} -> (tensor<2x3xf32>, tensor<i32>)
  %M0:2, %ctl_3 = Merge(%A, %A) name("merge_same") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK-DAG: name("merge_relaxed"){{.*}} -> (tensor<2x?xf32>, tensor<i32>)
  %M1:2, %ctl_4 = Merge(%A, %B) name("merge_relaxed") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK-DAG: name("merge_ranks"){{.*}} -> (tensor<*xf32>, tensor<i32>)
  %M2:2, %ctl_5 = Merge(%A, %C) name("merge_ranks") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK-DAG: name("merge_unranked"){{.*}} -> (tensor<*xf32>, tensor<i32>)
  %M3:2, %ctl_6 = Merge(%A, %U) name("merge_unranked") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK-DAG: name("ref_merge"){{.*}} -> (tensor<2x3xf32>, tensor<i32>)
  %M4:2, %ctl_7 = RefMerge(%A, %A) name("ref_merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
}

// -----

// COM: A v1 while loop: the Merge of Enter and the NextIteration back edge
// COM: reads the back edge's unknown rank first, so the loop stays unknown
// COM: (TensorFlow's Merge does the same; inference is not optimistic about
// COM: back edges) and inference terminates.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<*xf32>)
  %P, %ctl_0 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<*xi1>)
  %E, %ctl_1 = Enter(%X) name("enter") {T = f32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("enter"){{.*}} -> (tensor<4xf32>)
  // CHECK-DAG: name("merge"){{.*}} -> (tensor<*xf32>, tensor<i32>)
  %M:2, %ctl_2 = Merge(%E, %N) name("merge") {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  %L, %ctl_3 = LoopCond(%P) name("cond") : (tensor<*xi1>) -> (tensor<*xi1>)
  // CHECK-DAG: name("switch"){{.*}} -> (tensor<*xf32>, tensor<*xf32>)
  %S:2, %ctl_4 = Switch(%M#0, %L) name("switch") {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>)
  // CHECK-DAG: name("body"){{.*}} -> (tensor<*xf32>)
  %Bd, %ctl_5 = Relu(%S#1) name("body") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("next"){{.*}} -> (tensor<*xf32>)
  %N, %ctl_6 = NextIteration(%Bd) name("next") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("exit"){{.*}} -> (tensor<*xf32>)
  %Ex, %ctl_7 = Exit(%S#0) name("exit") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

// COM: TensorArrayV3 gives (handle [2], flow scalar); reads have the
// COM: element_shape, gathers one more leading dim per index; size, write
// COM: and scatter give scalars.
// CHECK-LABEL: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %N, %ctl = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %I, %ctl_0 = Placeholder name("indices") {dtype = i32, shape = #tf_type.shape<5>} : () -> (tensor<*xi32>)
  %V, %ctl_1 = Placeholder name("value") {dtype = f32, shape = #tf_type.shape<2x7>} : () -> (tensor<*xf32>)
  // CHECK-DAG: name("ta"){{.*}} -> (tensor<2x!tf_type.resource>, tensor<f32>)
  %H:2, %ctl_2 = TensorArrayV3(%N) name("ta") {clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<2x7>, identical_element_shapes = false, tensor_array_name = ""} : (tensor<i32>) -> (tensor<*x!tf_type.resource>, tensor<*xf32>)
  // CHECK-DAG: name("read"){{.*}} -> (tensor<2x7xf32>)
  %R, %ctl_3 = TensorArrayReadV3(%H#0, %N, %H#1) name("read") {dtype = f32, element_shape = #tf_type.shape<2x7>} : (tensor<*x!tf_type.resource>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("gather"){{.*}} -> (tensor<5x2x7xf32>)
  %G, %ctl_4 = TensorArrayGatherV3(%H#0, %I, %H#1) name("gather") {dtype = f32, element_shape = #tf_type.shape<2x7>} : (tensor<*x!tf_type.resource>, tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("size"){{.*}} -> (tensor<i32>)
  %S, %ctl_5 = TensorArraySizeV3(%H#0, %H#1) name("size") : (tensor<*x!tf_type.resource>, tensor<*xf32>) -> (tensor<*xi32>)
  // CHECK-DAG: name("write"){{.*}} -> (tensor<f32>)
  %W, %ctl_6 = TensorArrayWriteV3(%H#0, %N, %V, %H#1) name("write") {T = f32} : (tensor<*x!tf_type.resource>, tensor<i32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  // CHECK-DAG: name("scatter"){{.*}} -> (tensor<f32>)
  %Sc, %ctl_7 = TensorArrayScatterV3(%H#0, %I, %V, %H#1) name("scatter") {T = f32} : (tensor<*x!tf_type.resource>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
