// RUN: tfg-opt %s | FileCheck %s
// RUN: tfg-opt %s > %t.1 && tfg-opt %t.1 > %t.2 && diff %t.1 %t.2

// COM: Region control flow as TensorFlow's tfg prints it: node names and
// COM: devices in the attribute dictionary, IfRegion and CaseRegion typed by
// COM: their functional type (a single result without parentheses),
// COM: WhileRegion by its functional type when it has loop values, ForRegion
// COM: with its bounds after `from`, `to` and `by` and all operand types.

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 33>
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  // CHECK: %[[OP:.*]]:2, %[[CTL:.*]] = Op
  %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xf32>)
  // CHECK: %[[OP0:.*]]:2, %[[CTL0:.*]] = Op
  %Op0:2, %ctl_0 = Op : () -> (tensor<*xi32>, tensor<*xi32>)
  // CHECK: %[[COND:.*]], %[[CTL1:.*]] = Op
  %cond, %ctl_1 = Op : () -> (tensor<*xi1>)

  // CHECK:      IfRegion %[[COND]] [%[[CTL]], %[[CTL1]]] then {
  // CHECK-NEXT:   yield(%[[OP]]#0, %[[OP0]]#0) [%[[CTL1]]] : tensor<*xf32>, tensor<*xi32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT:   yield(%[[OP]]#1, %[[OP0]]#1) [%[[CTL]], %[[CTL0]]] : tensor<*xf32>, tensor<*xi32>
  // CHECK-NEXT: } {_mlir_device = "/CPU:0", _mlir_name = "if"} : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)
  %IfRegion:2, %ctl_2 = IfRegion %cond [%ctl, %ctl_1] then {
    yield(%Op#0, %Op0#0) [%ctl_1] : tensor<*xf32>, tensor<*xi32>
  } else {
    yield(%Op#1, %Op0#1) [%ctl, %ctl_0] : tensor<*xf32>, tensor<*xi32>
  } {_mlir_name = "if", _mlir_device = "/CPU:0"} : (tensor<*xi1>) -> (tensor<*xf32>, tensor<*xi32>)

  // COM: One result: no parentheses.
  // CHECK: IfRegion %[[COND]] then {
  // CHECK: } : (tensor<*xi1>) -> tensor<*xf32>
  %IfRegion_1, %ctl_3 = IfRegion %cond then {
    yield(%Op#0) : tensor<*xf32>
  } else {
    yield(%Op#1) : tensor<*xf32>
  } : (tensor<*xi1>) -> tensor<*xf32>

  // COM: No result.
  // CHECK: IfRegion %[[COND]] then {
  // CHECK: } : (tensor<*xi1>) -> ()
  %ctl_4 = IfRegion %cond then {
    yield [%ctl]
  } else {
    yield
  } : (tensor<*xi1>) -> ()
}

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 34>
tfg.graph #tf_type.version<producer = 42, min_consumer = 34> {
  // CHECK:      %[[INDEX:.*]], %[[CTL:.*]] = Index
  %Index, %ctl = Index : () -> (tensor<i32>)
  // CHECK-NEXT: %[[A:.*]], %{{.*}} = A
  %A, %ctl_0 = A : () -> (tensor<*xf32>)
  // CHECK-NEXT: %[[B:.*]], %[[CTL_1:.*]] = B
  %B, %ctl_1 = B : () -> (tensor<*xf32>)
  // CHECK-NEXT: %[[CASE:.*]], %{{.*}} = CaseRegion %[[INDEX]] [%[[CTL_1]]] {
  // CHECK-NEXT:   yield(%[[A]]) : tensor<*xf32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT:   yield(%[[B]]) : tensor<*xf32>
  // CHECK-NEXT: } {branch_attrs = [{}, {}]} : (tensor<i32>) -> tensor<*xf32>
  %Case, %ctl_3 = CaseRegion %Index [%ctl_1]  {
    yield(%A) : tensor<*xf32>
  },  {
    yield(%B) : tensor<*xf32>
  } {branch_attrs = [{}, {}]} : (tensor<i32>) -> tensor<*xf32>
}

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 35>
tfg.graph #tf_type.version<producer = 42, min_consumer = 35> {
  // CHECK: %[[OP:.*]]:2, %[[CTL:.*]] = Op
  %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)

  // CHECK:      WhileRegion(%[[OP]]#0, %[[OP]]#1) [%[[CTL]]] {
  // CHECK-NEXT: ^bb0(%[[ARG0:.*]]: tensor<*xf32>, %[[ARG1:.*]]: tensor<*xi32>, %[[ARG2:.*]]: !tf_type.control, %[[ARG3:.*]]: !tf_type.control):
  // CHECK-NEXT:   %[[LESS:.*]], %[[CTL_0:.*]] = Less(%[[ARG0]], %[[ARG1]]) [%[[ARG2]]] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
  // CHECK-NEXT:   condition %[[LESS]] : tensor<*xi1> (%[[ARG0]], %[[ARG1]]) : tensor<*xf32>, tensor<*xi32>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[ARG0:.*]]: tensor<*xf32>, %[[ARG1:.*]]: tensor<*xi32>, %[[ARG2:.*]]: !tf_type.control, %[[ARG3:.*]]: !tf_type.control):
  // CHECK-NEXT:   %[[FWD:.*]]:2, %[[CTL_0:.*]] = Fwd(%[[ARG0]], %[[ARG1]]) [%[[ARG2]]] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK-NEXT:   yield(%[[FWD]]#0, %[[FWD]]#1) [%[[CTL_0]], %[[ARG3]]] : tensor<*xf32>, tensor<*xi32>
  // CHECK-NEXT: } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
  %WhileRegion:2, %ctl_0 = WhileRegion(%Op#0, %Op#1) [%ctl] {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>,
       %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Less, %ctl_0 = Less(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
    condition %Less : tensor<*xi1> (%arg0, %arg1) : tensor<*xf32>, tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>,
       %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Fwd:2, %ctl_0 = Fwd(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
    yield(%Fwd#0, %Fwd#1) [%ctl_0, %arg3] : tensor<*xf32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)

  // COM: No loop values: no parentheses, no types.
  // CHECK: WhileRegion [%[[CTL]]] {
  // CHECK: } do {
  // CHECK: } {parallel_iterations = 10 : i64}{{$}}
  %ctl_1 = WhileRegion [%ctl] {
    %True, %ctl_t = True : () -> (tensor<i1>)
    condition %True : tensor<i1>
  } do {
    yield
  } {parallel_iterations = 10 : i64}
}

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 36>
tfg.graph #tf_type.version<producer = 42, min_consumer = 36> {
  // CHECK:      %[[INDEX:.*]]:3, %[[CTL:.*]] = Index
  %Index:3, %ctl = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  // CHECK-NEXT: %[[ARG:.*]], %[[CTL_0:.*]] = Arg
  %Arg, %ctl_0 = Arg : () -> (tensor<*xf32>)
  // CHECK-NEXT: %[[OUTS:.*]], %[[CTL_1:.*]] = ForRegion(%[[ARG]]) [%[[CTL]]] from %[[INDEX]]#0 to %[[INDEX]]#1 by %[[INDEX]]#2 {
  // CHECK-NEXT: ^bb0(%[[ARG0:.*]]: tensor<i32>, %[[ARG1:.*]]: tensor<*xf32>, %[[ARG2:.*]]: !tf_type.control, %[[ARG3:.*]]: !tf_type.control):
  // CHECK-NEXT:   yield(%[[ARG1]]) [%[[ARG3]]] : tensor<*xf32>
  // CHECK-NEXT: } {_mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  %For, %ctl_1 = ForRegion(%Arg) [%ctl] from %Index#0 to %Index#1 by %Index#2  {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } {_mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)

  // COM: No loop values: no arrow.
  // CHECK: ForRegion from %[[INDEX]]#0 to %[[INDEX]]#1 by %[[INDEX]]#2 {
  // CHECK: } : (tensor<i32>, tensor<i32>, tensor<i32>){{$}}
  %ctl_2 = ForRegion from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield
  } : (tensor<i32>, tensor<i32>, tensor<i32>)
}

// COM: Results may refine the loop values' types, as TensorFlow's tfg allows
// COM: along region edges (tensors of one element type, shapes that may be
// COM: the same).
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 37>
// CHECK: } {parallel_iterations = 10 : i64} : (tensor<*xf32>) -> tensor<f32>
// CHECK: } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<f32>)
tfg.graph #tf_type.version<producer = 42, min_consumer = 37> {
  %Op, %ctl = Op : () -> (tensor<*xf32>)
  %WhileRegion, %ctl_0 = WhileRegion(%Op) {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    %Less, %ctl_0 = Less(%arg0) : (tensor<*xf32>) -> (tensor<*xi1>)
    condition %Less : tensor<*xi1> (%arg0) : tensor<*xf32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<*xf32>
  } {parallel_iterations = 10 : i64} : (tensor<*xf32>) -> tensor<f32>
  %Index:3, %ctl_1 = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %For, %ctl_2 = ForRegion(%Op) from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%arg0: tensor<*xi32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<f32>)
}
