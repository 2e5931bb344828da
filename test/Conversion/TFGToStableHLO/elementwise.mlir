// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s

// COM: Placeholders become arguments (graph order), the fetch the result;
// COM: binary ops broadcast with broadcast_in_dim to the output's shape.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32> {tfg.name = "x"}, %[[Y:.*]]: tensor<3xf32> {tfg.name = "y"}) -> tensor<2x3xf32>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[Y]], dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[S:.*]] = stablehlo.add %[[X]], %[[B]] : tensor<2x3xf32>
// CHECK: %[[E:.*]] = stablehlo.exponential %[[S]] : tensor<2x3xf32>
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<2x3xf32>
// CHECK: %[[R:.*]] = stablehlo.maximum %[[E]], %[[Z]] : tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xf32>
// CHECK-NOT: tfg.graph
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y, %c1 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %S, %c2 = AddV2(%X, %Y) name("s") {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>)
  %E, %c3 = Exp(%S) name("e") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  %R, %c4 = Relu(%E) name("r") {T = f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
}

// -----

// COM: Comparisons, Select, Cast; the unused Placeholder is no argument.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32> {tfg.name = "a"}) -> tensor<4xi32>
// CHECK: %[[C:.*]] = stablehlo.constant dense<5.000000e-01> : tensor<f32>
// CHECK: %[[CB:.*]] = stablehlo.broadcast_in_dim %[[C]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK: %[[P:.*]] = stablehlo.compare  GT, %[[A]], %[[CB]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[N:.*]] = stablehlo.negate %[[A]]
// CHECK: %[[S:.*]] = stablehlo.select %[[P]], %[[A]], %[[N]] : tensor<4xi1>, tensor<4xf32>
// CHECK: stablehlo.convert %[[S]] : (tensor<4xf32>) -> tensor<4xi32>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Placeholder name("a") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %U, %c1 = Placeholder name("unused") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %H, %c2 = Const name("half") {dtype = f32, value = dense<5.000000e-01> : tensor<f32>} : () -> (tensor<f32>)
  %P, %c3 = Greater(%A, %H) name("p") {T = f32} : (tensor<4xf32>, tensor<f32>) -> (tensor<4xi1>)
  %N, %c4 = Neg(%A) name("n") {T = f32} : (tensor<4xf32>) -> (tensor<4xf32>)
  %S, %c5 = SelectV2(%P, %A, %N) name("s") {T = f32} : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
  %C, %c6 = Cast(%S) name("c") {SrcT = f32, DstT = i32, Truncate = false} : (tensor<4xf32>) -> (tensor<4xi32>)
}

// -----

// COM: DivNoNan is 0 where the divisor is 0; Atan is atan2(x, 1);
// COM: EnsureShape forwards its input.
// CHECK-LABEL: func.func @main
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0.000000e+00> : tensor<3xf32>
// CHECK: %[[Q:.*]] = stablehlo.divide %arg0, %arg1 : tensor<3xf32>
// CHECK: %[[E:.*]] = stablehlo.compare  EQ, %arg1, %[[Z]]
// CHECK: stablehlo.select %[[E]], %[[Z]], %[[Q]]
// CHECK: %[[ONE:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<3xf32>
// CHECK: stablehlo.atan2 %arg0, %[[ONE]] : tensor<3xf32>
// CHECK: return {{.*}}, %arg0 :
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %Y, %c1 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %D, %c2 = DivNoNan(%X, %Y) name("d") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
  %A, %c3 = Atan(%X) name("a") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
  %E, %c4 = EnsureShape(%X) name("e") {T = f32, shape = #tf_type.shape<3>} : (tensor<3xf32>) -> (tensor<3xf32>)
}
