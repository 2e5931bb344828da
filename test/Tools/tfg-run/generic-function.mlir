// COM: Generic functions (imported from FunctionDefs typed through
// COM: attributes) run instantiated with the call's attributes: those of
// COM: the function attribute of a PartitionedCall, or of the node named
// COM: after the function. Their nodes have one opaque result each; a
// COM: get_result reads one output of a node by output argument and index.
// RUN: tfg-run %s --fetch=f32_call,i32_call,direct,second,listed,nested:0,nested:1,after --print | FileCheck %s
// CHECK: f32_call: dtype=f32 shape=[4] min=-4 max=-1 mean=-2.5
// CHECK: i32_call: dtype=i32 shape=[4] min=-40 max=-10 mean=-25
// CHECK: direct: dtype=i32 shape=[4] min=-40 max=-10 mean=-25
// CHECK: second: dtype=f32 shape=[2] min=3 max=4 mean=3.5
// CHECK: listed: dtype=i32 shape=[] min=7 max=7 mean=7
// CHECK: nested:0: dtype=f32 shape=[4] min=-4 max=-1 mean=-2.5
// CHECK: nested:1: dtype=f32 shape=[1] min=2 max=2 mean=2
// CHECK: after: dtype=i32 shape=[] min=1 max=1 mean=1
// COM: v1 control flow in a generic function: a Switch on a constant whose
// COM: value is a placeholder (one instance per value), read by output
// COM: argument, and a Merge of the branches.
// RUN: tfg-run %s --fetch=choose_t,choose_f --print | FileCheck %s --check-prefix=CHOOSE
// CHOOSE: choose_t: dtype=f32 shape=[4] min=1 max=4 mean=2.5
// CHOOSE: choose_f: dtype=f32 shape=[4] min=-4 max=-1 mean=-2.5
// COM: A call that does not give an attribute the function uses.
// RUN: not tfg-run %s --fetch=missing 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tfg-run: error: node 'missing' (PartitionedCall): calls generic function 'gen': the call gives no attribute 'T', which the function uses
// COM: A get_result past the outputs of a list whose length the call
// COM: decides (the verifier checks names, and indices it can count:
// COM: test/IR/invalid-attrs.mlir).
// RUN: not tfg-run %s --fetch=bad_index 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: tfg-run: error: node 'bad_index' (PartitionedCall): in 'badindex': node 'split' (Split): get_result "output" : 2 is out of range: 'output' has 2 outputs
// COM: The opaque result of a node is only read through get_result.
// RUN: not tfg-run %s --fetch=opaque 2>&1 | FileCheck %s --check-prefix=OPAQUE
// OPAQUE: tfg-run: error: node 'opaque' (opaque): in 'opaque': node 'id' (Identity): its opaque result is read without get_result
// COM: Region ops (never imported into generic functions) are refused.
// RUN: not tfg-run %s --fetch=region 2>&1 | FileCheck %s --check-prefix=REGION
// REGION: tfg-run: error: node 'region' (region): in 'region': node 'if' (IfRegion): region ops in generic functions cannot be run
// COM: The outputs of an instance's nodes are bounded in all.
// RUN: not tfg-run %s --fetch=huge 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: tfg-run: error: node 'huge' (huge): in 'huge': node 's2' (Split): the nodes of the generic function have more than 1048576 outputs in all
// COM: A generic function runs on its own when it uses no placeholder;
// COM: otherwise nothing gives their values.
// RUN: tfg-run %s --function=plain --print | FileCheck %s --check-prefix=PLAIN
// PLAIN: out: dtype=i32 shape=[] min=5 max=5 mean=5
// RUN: not tfg-run %s --function=typed 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: tfg-run: error: calls generic function 'typed': the call gives no attribute 'T', which the function uses
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %A, %c0 = Const name("a") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %B, %c1 = Const name("b") {dtype = i32, value = dense<[10, 20, 30, 40]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %F, %c2 = PartitionedCall(%A) name("f32_call") {Tin = [f32], Tout = [f32], f = #tf_type.func<@gen, {T = f32}>} : (tensor<4xf32>) -> (tensor<*xf32>)
  %I, %c3 = PartitionedCall(%B) name("i32_call") {Tin = [i32], Tout = [i32], f = #tf_type.func<@gen, {T = i32}>} : (tensor<4xi32>) -> (tensor<*xi32>)
  %D, %c4 = gen(%B) name("direct") {T = i32} : (tensor<4xi32>) -> (tensor<*xi32>)
  %S, %c5 = PartitionedCall(%A) name("second") {Tin = [f32], Tout = [f32], f = #tf_type.func<@pick, {T = f32, N = 2 : i64}>} : (tensor<4xf32>) -> (tensor<*xf32>)
  %L, %c6 = lists(%A) name("listed") {T = f32} : (tensor<4xf32>) -> (tensor<*xi32>)
  %N:2, %c7 = outer(%A) name("nested") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  %After, %c8 = Const [%c2, %c7] name("after") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %M, %c9 = PartitionedCall(%A) name("missing") {Tin = [f32], Tout = [f32], f = #tf_type.func<@gen, {}>} : (tensor<4xf32>) -> (tensor<*xf32>)
  %CT, %c12 = PartitionedCall(%A) name("choose_t") {Tin = [f32], Tout = [f32], f = #tf_type.func<@choose, {T = f32, P = dense<true> : tensor<i1>}>} : (tensor<4xf32>) -> (tensor<*xf32>)
  %CF, %c13 = PartitionedCall(%A) name("choose_f") {Tin = [f32], Tout = [f32], f = #tf_type.func<@choose, {T = f32, P = dense<false> : tensor<i1>}>} : (tensor<4xf32>) -> (tensor<*xf32>)
  %OP, %c14 = opaque(%A) name("opaque") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %RG, %c15 = region(%A) name("region") {T = f32} : (tensor<4xf32>) -> (tensor<*xf32>)
  %HG, %c16 = huge(%A) name("huge") {N = 600000 : i64} : (tensor<4xf32>) -> (tensor<*xf32>)
  %BI, %c11 = PartitionedCall(%A) name("bad_index") {Tin = [f32], Tout = [f32], f = #tf_type.func<@badindex, {T = f32, N = 2 : i64}>} : (tensor<4xf32>) -> (tensor<*xf32>)
}
// COM: -x, through an Identity; its Neg waits for the Identity's control
// COM: token, and the Neg is a control result.
tfg.func generic @gen(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %Id, %ctl = Identity(%x) name("id") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor) -> (!tf_type.tensor)
  %Neg, %ctl_0 = Neg(%o) [%ctl] name("neg") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor) -> (!tf_type.tensor)
  %o = get_result(%Id) "output" : 0
  %y = get_result(%Neg) "y" : 0
  return(%y) [%ctl_0 {tfg.name = "done"}] : !tf_type.tensor
}
// COM: Output K of x split in N along axis 0 (a number_attr list).
tfg.func generic @pick(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %Dim, %ctl = Const name("dim") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (!tf_type.tensor)
  %d = get_result(%Dim) "output" : 0
  %Split, %ctl_0 = Split(%d, %x) name("split") {T = #tf_type.placeholder<"T">, num_split = #tf_type.placeholder<"N">} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %k = get_result(%Split) "output" : 1
  return(%k) : !tf_type.tensor
}
// COM: The second output of an IdentityN, whose type list holds a
// COM: placeholder (a type_list_attr list).
tfg.func generic @lists(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %Seven, %ctl = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (!tf_type.tensor)
  %s = get_result(%Seven) "output" : 0
  %IdN, %ctl_0 = IdentityN(%x, %s) name("idn") {T = [#tf_type.placeholder<"T">, i32]} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %r = get_result(%IdN) "output" : 1
  return(%r) : !tf_type.tensor
}
// COM: Calls of generic functions from a generic function: by op type
// COM: (the result read by the callee's result name) and through a
// COM: PartitionedCall whose function attribute holds placeholders.
tfg.func generic @outer(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "neg"}, !tf_type.tensor {tfg.name = "half"}) {
  %G, %ctl = gen(%x) name("g") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor) -> (!tf_type.tensor)
  %g = get_result(%G) "y" : 0
  %P, %ctl_0 = PartitionedCall(%x) name("p") {Tin = [#tf_type.placeholder<"T">], Tout = [#tf_type.placeholder<"T">], f = #tf_type.func<@pick, {T = #tf_type.placeholder<"T">, N = 4 : i64}>} : (!tf_type.tensor) -> (!tf_type.tensor)
  %p = get_result(%P) "output" : 0
  return(%g, %p) : !tf_type.tensor, !tf_type.tensor
}
// COM: A get_result past the outputs of a number_attr list, its length a
// COM: placeholder.
tfg.func generic @badindex(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %Dim, %ctl = Const name("dim") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (!tf_type.tensor)
  %d = get_result(%Dim) "output" : 0
  %Split, %ctl_0 = Split(%d, %x) name("split") {T = #tf_type.placeholder<"T">, num_split = #tf_type.placeholder<"N">} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %k = get_result(%Split) "output" : 2
  return(%k) : !tf_type.tensor
}
tfg.func generic @plain() -> (!tf_type.tensor {tfg.name = "out"}) {
  %Five, %ctl = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (!tf_type.tensor)
  %f = get_result(%Five) "output" : 0
  return(%f) : !tf_type.tensor
}
tfg.func generic @typed() -> (!tf_type.tensor {tfg.name = "out"}) {
  %Z, %ctl = Const name("z") {dtype = #tf_type.placeholder<"T">, value = dense<5> : tensor<i32>} : () -> (!tf_type.tensor)
  %z = get_result(%Z) "output" : 0
  return(%z) : !tf_type.tensor
}
// COM: x when P, else -x.
tfg.func generic @choose(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %P, %ctl = Const name("p") {dtype = i1, value = #tf_type.placeholder<"P">} : () -> (!tf_type.tensor)
  %p = get_result(%P) "output" : 0
  %Sw, %ctl_0 = Switch(%x, %p) name("sw") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %f = get_result(%Sw) "output_false" : 0
  %t = get_result(%Sw) "output_true" : 0
  %Neg, %ctl_1 = Neg(%f) name("neg") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor) -> (!tf_type.tensor)
  %n = get_result(%Neg) "y" : 0
  %M, %ctl_2 = Merge(%n, %t) name("merge") {T = #tf_type.placeholder<"T">, N = 2 : i64} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %m = get_result(%M) "output" : 0
  return(%m) : !tf_type.tensor
}
tfg.func generic @opaque(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %Id, %ctl = Identity(%x) name("id") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor) -> (!tf_type.tensor)
  return(%Id) : !tf_type.tensor
}
tfg.func generic @region(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %P, %ctl = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (!tf_type.tensor)
  %p = get_result(%P) "output" : 0
  %If, %ctl_0 = IfRegion %p then {
    yield(%x) : !tf_type.tensor
  } else {
    yield(%x) : !tf_type.tensor
  } {_mlir_name = "if"} : (!tf_type.tensor) -> (!tf_type.tensor)
  %y = get_result(%If) "output" : 0
  return(%y) : !tf_type.tensor
}
tfg.func generic @huge(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  %S1, %ctl = Split(%x, %x) name("s1") {T = f32, num_split = #tf_type.placeholder<"N">} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %S2, %ctl_0 = Split(%x, %x) name("s2") {T = f32, num_split = #tf_type.placeholder<"N">} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %a = get_result(%S1) "output" : 0
  %b = get_result(%S2) "output" : 0
  %Add, %ctl_1 = AddV2(%a, %b) name("add") {T = f32} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  %y = get_result(%Add) "z" : 0
  return(%y) : !tf_type.tensor
}
