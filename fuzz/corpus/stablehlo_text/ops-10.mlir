func.func @loop(%n: tensor<i64>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = stablehlo.while(%iterArg = %n, %iterArg_0 = %x) : tensor<i64>, tensor<2xf32> attributes {note = "kept"}
   cond {
    %c = stablehlo.constant dense<10> : tensor<i64>
    %p = stablehlo.compare  LT, %iterArg, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %next = stablehlo.add %iterArg, %one : tensor<i64>
    stablehlo.return %next, %iterArg_0 : tensor<i64>, tensor<2xf32>
  }
  func.return %0#1 : tensor<2xf32>
}
