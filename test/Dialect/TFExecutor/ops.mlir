// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt --mlir-print-op-generic > %t.g1 && tfg-opt %t.g1 --mlir-print-op-generic | diff %t.g1 -
// RUN: tfg-opt %s > %t.1 && tfg-opt %t.1 > %t.2 && diff %t.1 %t.2

// COM: tf_executor in TensorFlow's spelling parses and prints back the same.

// CHECK-LABEL: func.func private @types() -> (!tf_executor.control, !tf_executor.token)
func.func private @types() -> (!tf_executor.control, !tf_executor.token)

// CHECK-LABEL: func.func @empty_graph
// CHECK:      tf_executor.graph {
// CHECK-NEXT:   tf_executor.fetch
// CHECK-NEXT: }
func.func @empty_graph() {
  tf_executor.graph {
  }
  return
}

// CHECK-LABEL: func.func @fetch_with_attributes
// CHECK:      %[[G:.*]] = tf_executor.graph {
// CHECK-NEXT:   tf_executor.fetch %{{.*}} : tensor<*xf32> {attr3 = 32 : i64}
// CHECK-NEXT: } {attr2 = 32 : i64}
func.func @fetch_with_attributes(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  %result = tf_executor.graph {
    tf_executor.fetch %arg0 : tensor<*xf32> {attr3 = 32 : i64}
  } {attr2 = 32 : i64}
  return %result : tensor<*xf32>
}

// CHECK-LABEL: func.func @islands
// CHECK:      %[[A:.*]], %[[ACTL:.*]] = tf_executor.island wraps "tf.Identity"(%arg0) {T = f32, device = ""} : (tensor<*xf32>) -> tensor<*xf32>
// CHECK:      %[[B:.*]], %[[BCTL:.*]] = tf_executor.island(%[[ACTL]]) {
// CHECK-NEXT:   %[[N:.*]] = "tf.Neg"(%[[A]]) : (tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT:   %[[M:.*]] = "tf.Neg"(%[[N]]) : (tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT:   tf_executor.yield %[[M]] : tensor<*xf32>
// CHECK-NEXT: }
// CHECK:      %[[CTL:.*]] = tf_executor.island(%[[ACTL]], %[[BCTL]]) {
// CHECK-NEXT:   tf_executor.yield
// CHECK-NEXT: } {attr = 1 : i64}
// CHECK:      tf_executor.fetch %[[B]], %[[CTL]] : tensor<*xf32>, !tf_executor.control
func.func @islands(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  %0 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Identity"(%arg0) {T = f32, device = ""} : (tensor<*xf32>) -> tensor<*xf32>
    %1:2 = tf_executor.island(%control) {
      %n = "tf.Neg"(%outputs) : (tensor<*xf32>) -> tensor<*xf32>
      %m = "tf.Neg"(%n) : (tensor<*xf32>) -> tensor<*xf32>
      tf_executor.yield %m : tensor<*xf32>
    }
    %2 = tf_executor.island(%control, %1#1) {
      tf_executor.yield
    } {attr = 1 : i64}
    tf_executor.fetch %1#0, %2 : tensor<*xf32>, !tf_executor.control
  }
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @switch_merge
// CHECK: tf_executor.Switch %arg0, %arg1 : tensor<*xf32> {T = f32}
// CHECK: tf_executor.Switch %arg4, %arg1 : (tensor<2xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<2xf32>, !tf_executor.control)
// CHECK: tf_executor.Switch %arg0, %arg2 : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control)
// CHECK: tf_executor.Merge %{{.*}}, %{{.*}}, %{{.*}} : tensor<*xf32> {N = 2 : i64}
// CHECK: tf_executor.Merge %{{.*}} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
// CHECK: tf_executor._SwitchN %{{.*}}, %arg3 of 3 : tensor<*xf32>
// CHECK: tf_executor._SwitchN %{{.*}}, %arg3 of 2 (%{{.*}}) : tensor<*xf32> {T = f32}
func.func @switch_merge(%arg0: tensor<*xf32>, %arg1: tensor<i1>, %arg2: tensor<*xi1>, %arg3: tensor<i32>, %arg4: tensor<2xf32>) -> tensor<*xf32> {
  %result = tf_executor.graph {
    %data:2 = tf_executor.island wraps "tf.Identity"(%arg0) : (tensor<*xf32>) -> tensor<*xf32>
    %false, %true, %ctl = tf_executor.Switch %arg0, %arg1 : tensor<*xf32> {T = f32}
    %f2:3 = tf_executor.Switch %arg4, %arg1 : (tensor<2xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<2xf32>, !tf_executor.control)
    %f3:3 = tf_executor.Switch %arg0, %arg2 : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control)
    %value, %index, %mctl = tf_executor.Merge %false, %true, %ctl : tensor<*xf32> {N = 2 : i64}
    %one:3 = tf_executor.Merge %value : (tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
    %outs:4 = tf_executor._SwitchN %one#0, %arg3 of 3 : tensor<*xf32>
    %outs2:3 = tf_executor._SwitchN %outs#0, %arg3 of 2 (%outs#3) : tensor<*xf32> {T = f32}
    tf_executor.fetch %outs2#1 : tensor<*xf32>
  }
  return %result : tensor<*xf32>
}

// CHECK-LABEL: func.func @loop
// CHECK: tf_executor.Enter %arg0 frame "while/wh\22ile" : tensor<*xi32> {T = i32}
// CHECK: tf_executor.Enter %arg0, %{{.*}} frame "f" parallel_iterations 4 constant : (tensor<*xi32>, !tf_executor.control) -> (tensor<i32>, !tf_executor.control)
// CHECK: tf_executor.NextIteration.Source : tensor<*xi32> {T = i32}
// CHECK: tf_executor.LoopCond %{{.*}} : tensor<i1>
// CHECK: tf_executor.Exit %{{.*}} : tensor<*xi32>
// CHECK: tf_executor.ControlTrigger %{{.*}}, %{{.*}}
// CHECK: tf_executor.ControlTrigger {a = 1 : i64}
// CHECK: tf_executor.NextIteration.Sink [%{{.*}}] %{{.*}}, %{{.*}} : tensor<*xi32> {T = i32}
func.func @loop(%arg0: tensor<*xi32>, %arg1: tensor<i1>) {
  tf_executor.graph {
    %enter:2 = tf_executor.Enter %arg0 frame "while/wh\"ile" : tensor<*xi32> {T = i32}
    %enter2:2 = tf_executor.Enter %arg0, %enter#1 frame "f" parallel_iterations 4 constant : (tensor<*xi32>, !tf_executor.control) -> (tensor<i32>, !tf_executor.control)
    %next:3 = tf_executor.NextIteration.Source : tensor<*xi32> {T = i32}
    %merge:3 = tf_executor.Merge %enter#0, %next#0 : tensor<*xi32>
    %cond:2 = tf_executor.LoopCond %arg1 : tensor<i1>
    %switch:3 = tf_executor.Switch %merge#0, %cond#0 : tensor<*xi32>
    %exit:2 = tf_executor.Exit %switch#0 : tensor<*xi32>
    %trigger = tf_executor.ControlTrigger %exit#1, %merge#2
    %trigger2 = tf_executor.ControlTrigger {a = 1 : i64}
    tf_executor.NextIteration.Sink [%next#1] %switch#1, %trigger : tensor<*xi32> {T = i32}
    tf_executor.fetch
  }
  return
}
