// A v1 while loop: i = x; while (i < 10) i = i + 1. Loop invariants enter
// as constants (is_constant).
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %L, %ctl_0 = Const name("limit") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %O, %ctl_1 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %E, %ctl_2 = Enter(%X) name("enter") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %EL, %ctl_3 = Enter(%L) name("enter_limit") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %EO, %ctl_4 = Enter(%O) name("enter_one") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %M:2, %ctl_5 = Merge(%E, %N) name("merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Less, %ctl_6 = Less(%M#0, %EL) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %ctl_7 = LoopCond(%Less) name("loop_cond") : (tensor<i1>) -> (tensor<i1>)
  %S:2, %ctl_8 = Switch(%M#0, %LC) name("switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Ex, %ctl_9 = Exit(%S#0) name("exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Id, %ctl_10 = Identity(%S#1) name("body") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Add, %ctl_11 = AddV2(%Id, %EO) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %N, %ctl_12 = NextIteration(%Add) name("next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %R, %ctl_13 = Identity(%Ex) name("result") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
