// COM: Functional control flow runs the library's functions: If (then/else
// COM: by the condition), Case (an out-of-range index takes the last
// COM: branch), While, For, PartitionedCall and a call by op name.
// RUN: tfg-run %s --input=x=zeros --input=p=zeros --input=i=zeros --fetch=if,case,case_oob,while,for,call,by_name --print | FileCheck %s
// CHECK: if: dtype=i32 shape=[] min=-1 max=-1 mean=-1
// CHECK: case: dtype=i32 shape=[] min=10 max=10 mean=10
// CHECK: case_oob: dtype=i32 shape=[] min=20 max=20 mean=20
// CHECK: while: dtype=i32 shape=[] min=5 max=5 mean=5
// CHECK: for: dtype=i32 shape=[] min=12 max=12 mean=12
// CHECK: call: dtype=i32 shape=[] min=1 max=1 mean=1
// CHECK: by_name: dtype=i32 shape=[] min=1 max=1 mean=1
// COM: A true condition takes the other branch.
// RUN: tfg-run %s --input=x=zeros --input=p=random:1 --fetch=if --print | FileCheck %s --check-prefix=THEN
// THEN: if: dtype=i32 shape=[] min=1 max=1 mean=1
// COM: A function runs on its own with --function.
// RUN: tfg-run %s --function=inc --input=v=zeros --print | FileCheck %s --check-prefix=FUNC
// FUNC: out: dtype=i32 shape=[] min=1 max=1 mean=1
// COM: Calls nest up to --max-call-depth.
// RUN: not tfg-run %s --input=x=zeros --fetch=recurse 2>&1 | FileCheck %s --check-prefix=DEPTH
// DEPTH: tfg-run: error: node 'recurse' (recurse): in function 'recurse': node 'again' (recurse): in function 'recurse': node 'again' (recurse): in function 'recurse': node 'again' (recurse): calls nested deeper than 256 (the call depth limit)
// COM: A While that never ends is stopped by the loop iteration limit.
// RUN: not tfg-run %s --input=x=zeros --fetch=forever --max-loop-iterations=5 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: tfg-run: error: node 'forever' (While): ran more than 5 iterations (the loop iteration limit)
// LIMIT-REGION: tfg-run: error: node 'forever' (WhileRegion): ran more than 5 iterations (the loop iteration limit)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %P, %c1 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %I, %c2 = Placeholder name("i") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Two, %c3 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %Nine, %c4 = Const name("nine") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
  %If, %c5 = If(%P, %X) name("if") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@dec, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %Case, %c6 = Case(%I, %X) name("case") {branches = [#tf_type.func<@ten, {}>, #tf_type.func<@twenty, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %CaseO, %c7 = Case(%Nine, %X) name("case_oob") {branches = [#tf_type.func<@ten, {}>, #tf_type.func<@twenty, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %While, %c8 = While(%X) name("while") {cond = #tf_type.func<@below5, {}>, body = #tf_type.func<@inc, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %Start, %c9 = Const name("start") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Limit, %c10 = Const name("limit") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %For, %c11 = For(%Start, %Limit, %Two, %X) name("for") {body = #tf_type.func<@addi, {}>, T = [i32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Call, %c12 = PartitionedCall(%X) name("call") {f = #tf_type.func<@inc, {}>, Tin = [i32], Tout = [i32], config = "", config_proto = "", executor_type = ""} : (tensor<i32>) -> (tensor<i32>)
  %ByName, %c13 = inc(%X) name("by_name") : (tensor<i32>) -> (tensor<i32>)
  %Rec, %c14 = recurse(%X) name("recurse") : (tensor<i32>) -> (tensor<i32>)
  %Forever, %c15 = While(%X) name("forever") {cond = #tf_type.func<@always, {}>, body = #tf_type.func<@inc, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
}
tfg.func @inc(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %One) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @dec(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Sub, %ctl_0 = Sub(%v, %One) name("sub") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Sub) : tensor<i32>
}
tfg.func @ten(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  return(%C) : tensor<i32>
}
tfg.func @twenty(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<20> : tensor<i32>} : () -> (tensor<i32>)
  return(%C) : tensor<i32>
}
tfg.func @below5(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%v, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @addi(%i: tensor<i32> {tfg.name = "i"}, %v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %Add, %ctl = AddV2(%v, %i) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @recurse(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %R, %ctl = recurse(%v) name("again") : (tensor<i32>) -> (tensor<i32>)
  return(%R) : tensor<i32>
}
tfg.func @always(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i1> {tfg.name = "out"}) {
  %T, %ctl = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  return(%T) : tensor<i1>
}
