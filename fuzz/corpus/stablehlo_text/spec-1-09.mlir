func.func @iota_54() {
  %output = "stablehlo.iota"() {
    iota_dimension = 0 : i64
  } : () -> tensor<4x5xi32>
  func.return
}
