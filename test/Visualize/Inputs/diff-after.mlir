tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<f32>)
  %add, %ctl_1 = AddV2(%x, %x) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %new, %ctl_2 = Identity(%add) name("new") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %ctl_3 = NoOp [%ctl_2] name("sink")
  %p, %ctl_4 = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %if, %ctl_5 = IfRegion %p then {
    %t2, %ctl_t = Neg(%x) name("t2") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%t2) : tensor<f32>
  } else {
    yield(%x) : tensor<f32>
  } name("cond") : (tensor<i1>) -> (tensor<f32>)
}
tfg.func @fresh(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  return(%a) : tensor<*xf32>
}
