func.func @bounds(%a: tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>, %b: tensor<?xf32, #stablehlo.bounds<8>>) {
  func.return
}
