func.func @rng_bit_generator_83(%initial_state: tensor<2xui64>) {
  %output_state, %output = "stablehlo.rng_bit_generator"(%initial_state) {
    rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>
  } : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  func.return
}
