// COM: Switch/Merge deadness: the branch a Switch does not take is dead,
// COM: deadness flows through ordinary ops, Merge takes the live input (and
// COM: gives its index). A v1 loop on the branch not taken is dead as a
// COM: whole (its dead Exits reach the Merge when the frame is done).
// RUN: tfg-run %s --input=x=zeros --input=p=zeros --fetch=merge,merge:1,loop_merge --print | FileCheck %s --check-prefix=FALSE
// FALSE: merge: dtype=i32 shape=[] min=-1 max=-1 mean=-1
// FALSE: merge:1: dtype=i32 shape=[] min=0 max=0 mean=0
// FALSE: loop_merge: dtype=i32 shape=[] min=-1 max=-1 mean=-1
// RUN: tfg-run %s --input=x=zeros --input=p=random:1 --fetch=merge,merge:1,loop_merge --print | FileCheck %s --check-prefix=TRUE
// TRUE: merge: dtype=i32 shape=[] min=0 max=0 mean=0
// TRUE: merge:1: dtype=i32 shape=[] min=1 max=1 mean=1
// TRUE: loop_merge: dtype=i32 shape=[] min=10 max=10 mean=10
// COM: Fetching a dead tensor is an error naming it.
// RUN: not tfg-run %s --input=x=zeros --input=p=zeros --fetch=true_only 2>&1 | FileCheck %s --check-prefix=DEAD
// DEAD: tfg-run: error: node 'true_only' (Identity): is dead: its value was not taken by the Switch it depends on
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %P, %c1 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Two, %c3 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %S:2, %c4 = Switch(%X, %P) name("switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %T, %c5 = Mul(%S#1, %Two) name("times_two") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %F, %c6 = Sub(%S#0, %One) name("minus_one") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %M:2, %c7 = Merge(%F, %T) name("merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %D, %c8 = Identity(%S#1) name("true_only") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %L, %c9 = Const name("limit") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %E, %c10 = Enter(%S#1) name("loop/enter") {T = i32, frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %EL, %c11 = Enter(%L) name("loop/enter_limit") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %EO, %c12 = Enter(%One) name("loop/enter_one") {T = i32, frame_name = "loop", is_constant = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %LM:2, %c13 = Merge(%E, %N) name("loop/merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Less, %c14 = Less(%LM#0, %EL) name("loop/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  %LC, %c15 = LoopCond(%Less) name("loop/cond") : (tensor<i1>) -> (tensor<i1>)
  %LS:2, %c16 = Switch(%LM#0, %LC) name("loop/switch") {T = i32} : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>)
  %Ex, %c17 = Exit(%LS#0) name("loop/exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %Add, %c18 = AddV2(%LS#1, %EO) name("loop/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %N, %c19 = NextIteration(%Add) name("loop/next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %OM:2, %c20 = Merge(%F, %Ex) name("loop_merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
}
