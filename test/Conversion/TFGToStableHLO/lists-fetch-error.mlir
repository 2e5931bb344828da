// RUN: tfg-opt %s --tfg-to-stablehlo=fetch=list --verify-diagnostics

// COM: A list has no StableHLO value to return.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("elem_shape") {dtype = i32, value = dense<2> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %N, %c1 = Const name("n") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %L, %c3 = TensorListReserve(%S, %N) name("reserve") {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> (tensor<!tf_type.variant>)
  // expected-error @+1 {{tfg-to-stablehlo: node 'list' (Identity): is fetched as a TensorList or TensorArray, which has no StableHLO value}}
  %L2, %c4 = Identity(%L) name("list") {T = !tf_type.variant} : (tensor<!tf_type.variant>) -> (tensor<!tf_type.variant>)
  %Len, %c5 = TensorListLength(%L2) name("len") : (tensor<!tf_type.variant>) -> (tensor<i32>)
}
