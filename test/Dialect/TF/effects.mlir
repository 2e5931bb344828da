// RUN: tfg-opt %s --canonicalize | FileCheck %s

// COM: Memory effects come from the OpDef: unused stateless ops are dead,
// COM: stateful ones and ops the registry does not know stay.

// CHECK-LABEL: func.func @effects
// CHECK-NOT: tf.AddV2
// CHECK: "tf.RandomUniform"
// CHECK: "tf.MyCustomOp"
// CHECK-NOT: tf.AddV2
func.func @effects(%arg0: tensor<2xf32>, %shape: tensor<1xi32>) {
  %0 = "tf.AddV2"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.RandomUniform"(%shape) {dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> tensor<2xf32>
  %2 = "tf.MyCustomOp"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
