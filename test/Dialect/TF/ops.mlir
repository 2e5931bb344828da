// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s

// COM: tf ops in TensorFlow's generic spelling: every OpDef is a known op,
// COM: verified against it; derived attributes (T, N) may be left out.

// CHECK-LABEL: func.func @known_ops
// CHECK: "tf.AddV2"(%arg0, %arg0) {T = f32, device = ""} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: "tf.AddV2"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: "tf.AddN"(%arg0, %arg0, %arg0) {N = 3 : i64} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
// CHECK: "tf.Const"() {dtype = i32, value = dense<0> : tensor<i32>} : () -> tensor<i32>
// CHECK: "tf.ConcatV2"(%arg0, %arg0, %{{.*}}) : (tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
// CHECK: "tf.IdentityN"(%arg0, %{{.*}}) {T = [f32, i32]} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>)
// CHECK: "tf.VarHandleOp"() {container = "", dtype = f32, shape = #tf_type.shape<2>, shared_name = "v"} : () -> tensor<!tf_type.resource>
// CHECK: "tf.MyCustomOp"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
func.func @known_ops(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.AddV2"(%arg0, %arg0) {T = f32, device = ""} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.AddV2"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "tf.AddN"(%arg0, %arg0, %arg0) {N = 3 : i64} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %c = "tf.Const"() {dtype = i32, value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %3 = "tf.ConcatV2"(%arg0, %arg0, %c) : (tensor<2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  %4:2 = "tf.IdentityN"(%arg0, %c) {T = [f32, i32]} : (tensor<2xf32>, tensor<i32>) -> (tensor<2xf32>, tensor<i32>)
  %5 = "tf.VarHandleOp"() {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> tensor<!tf_type.resource>
  %6 = "tf.MyCustomOp"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
