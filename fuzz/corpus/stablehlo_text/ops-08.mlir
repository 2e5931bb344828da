func.func @calls_and_tokens(%x: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  %0 = stablehlo.custom_call @foo(%x) {backend_config = "cfg", has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.custom_call @"foo-bar"(%x) {api_version = 4 : i32, backend_config = {n = 1 : i64}} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = stablehlo.composite "my.op" %x {composite_attributes = {k = 2 : i64}, decomposition = @impl} : (tensor<2xf32>) -> tensor<2xf32>
  %3 = stablehlo.after_all %t, %t : !stablehlo.token
  %4 = stablehlo.after_all : !stablehlo.token
  %5:2 = stablehlo.optimization_barrier %x, %t : tensor<2xf32>, !stablehlo.token
  stablehlo.optimization_barrier()
  %6 = stablehlo.replica_id : tensor<ui32>
  %7 = stablehlo.partition_id : tensor<ui32>
  func.return %3 : !stablehlo.token
}
func.func private @impl(%x: tensor<2xf32>) -> tensor<2xf32> {
  stablehlo.return %x : tensor<2xf32>
}
