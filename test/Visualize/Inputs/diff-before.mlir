tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<f32>)
  %add, %ctl_1 = AddV2(%x, %y) name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %dead, %ctl_2 = Neg(%x) name("dead") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %ctl_3 = NoOp [%ctl_1] name("sink")
  %p, %ctl_4 = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %if, %ctl_5 = IfRegion %p then {
    %t1, %ctl_t = Neg(%x) name("t1") {T = f32} : (tensor<f32>) -> (tensor<f32>)
    yield(%t1) : tensor<f32>
  } else {
    yield(%x) : tensor<f32>
  } name("cond") : (tensor<i1>) -> (tensor<f32>)
}
tfg.func @gone(%a: tensor<*xf32> {tfg.name = "a"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  %n, %ctl = Neg(%a) name("gone_neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%n) : tensor<*xf32>
}
