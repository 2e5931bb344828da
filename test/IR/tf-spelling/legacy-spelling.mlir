// RUN: tfg-opt %s | FileCheck %s

// COM: Earlier tfg versions spelled some constructs differently from
// COM: TensorFlow. Those spellings still parse; TensorFlow's prints.

// CHECK: tfg.refs = [!tf_type.halfref, !tf_type.bfloat16ref]
module attributes {tfg.refs = [!tf_type.f16ref, !tf_type.bf16ref]} {}

// CHECK: tfg.t = #tf_type<tensor_proto : "0x08150A00"> : tensor<!tf_type.variant>
module attributes {tfg.t = #tf_type.tensor_proto<"0x08150a00"> : tensor<!tf_type.variant>} {}

// CHECK: tfg.f = #tf_type.func<"", {}>
module attributes {tfg.f = #tf_type.func<@"", {}>} {}

// COM: A node without data results, typed with a function type.
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 1, min_consumer = 0>
// CHECK: Consume(%{{.*}}) name("c") : tensor<i32>{{$}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = P name("p") : () -> (tensor<i32>)
  %ctl_0 = Consume(%P) name("c") : (tensor<i32>) -> ()
}

// COM: Visibility in the attributes, resource argument ids as arrays, a
// COM: signature on one line.
// CHECK-LABEL: tfg.func private @f(%x: tensor<i32> {tfg.name = "x"})
// CHECK-NEXT: -> (tensor<i32> {tfg.name = "y"})
// CHECK-NEXT: attributes {resource_arg_unique_ids_keys = dense<0> : tensor<1xi32>, resource_arg_unique_ids_values = dense<1> : tensor<1xi32>} {
tfg.func @f(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32> {tfg.name = "y"}) attributes {sym_visibility = "private", resource_arg_unique_ids_keys = array<i32: 0>, resource_arg_unique_ids_values = array<i32: 1>} {
  return(%x) : tensor<i32>
}

// COM: Region control flow as earlier tfg versions wrote it: name and device
// COM: keywords after the regions, ForRegion's bounds in its operand list.
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 2, min_consumer = 0>
// CHECK: } {_mlir_device = "/CPU:0", _mlir_name = "if"} : (tensor<i1>) -> tensor<i32>
// CHECK: } {_mlir_name = "case"} : (tensor<i32>) -> tensor<i32>
// CHECK: WhileRegion(%{{.*}}) {
// CHECK: } {_mlir_name = "while"} : (tensor<i32>) -> tensor<i32>
// CHECK: ForRegion(%[[V:.*]]) from %[[V]] to %[[V]] by %[[V]] {
// CHECK: } {_mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
tfg.graph #tf_type.version<producer = 2, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %i, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %If, %ctl_1 = IfRegion %c then {
    yield(%i) : tensor<i32>
  } else {
    yield(%i) : tensor<i32>
  } device("/CPU:0") name("if") : (tensor<i1>) -> (tensor<i32>)
  %Case, %ctl_2 = CaseRegion %i {
    yield(%i) : tensor<i32>
  } name("case") : (tensor<i32>) -> (tensor<i32>)
  %While, %ctl_3 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    condition %c : tensor<i1> (%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } name("while") : (tensor<i32>) -> (tensor<i32>)
  %For, %ctl_4 = ForRegion(%i, %i, %i, %i) {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) : tensor<i32>
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
}

// COM: Loops as earlier TensorFlow versions printed them: typed by the list
// COM: of their values' types (ForRegion's bounds then are tensor<i32>).
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 3, min_consumer = 0>
// CHECK: } {parallel_iterations = 10 : i64} : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xf32>, tensor<*xi32>)
// CHECK: ForRegion(%{{.*}}) [%{{.*}}] from %{{.*}}#0 to %{{.*}}#1 by %{{.*}}#2 {
// CHECK: } : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
// CHECK: ForRegion from %{{.*}}#0 to %{{.*}}#1 by %{{.*}}#2 {
// CHECK: } : (tensor<i32>, tensor<i32>, tensor<i32>){{$}}
tfg.graph #tf_type.version<producer = 3, min_consumer = 0> {
  %Op:2, %ctl = Op : () -> (tensor<*xf32>, tensor<*xi32>)
  %WhileRegion:2, %ctl_0 = WhileRegion(%Op#0, %Op#1) [%ctl] {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    %Less, %ctl_0 = Less(%arg0, %arg1) [%arg2] : (tensor<*xf32>, tensor<*xi32>) -> (tensor<*xi1>)
    condition %Less : tensor<*xi1> (%arg0, %arg1) : tensor<*xf32>, tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xf32>, %arg1: tensor<*xi32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg0, %arg1) [%arg3] : tensor<*xf32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64} : tensor<*xf32>, tensor<*xi32>
  %Index:3, %ctl_1 = Index : () -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %For, %ctl_2 = ForRegion(%Op#0) [%ctl] from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<*xf32>, %arg2: !tf_type.control, %arg3: !tf_type.control):
    yield(%arg1) [%arg3] : tensor<*xf32>
  } : tensor<*xf32>
  %ctl_3 = ForRegion from %Index#0 to %Index#1 by %Index#2 {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield
  }
}
