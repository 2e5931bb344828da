// COM: Region control flow: IfRegion, CaseRegion (an out-of-range index
// COM: takes the last region), WhileRegion (the condition region's values
// COM: go to the body, or out) and ForRegion, with values captured from
// COM: the graph and a region op nested in a loop body.
// RUN: tfg-run %s --input=x=zeros --input=p=zeros --fetch=if,case,case_oob,while:1,for --print | FileCheck %s
// CHECK: if: dtype=i32 shape=[] min=-7 max=-7 mean=-7
// CHECK: case: dtype=i32 shape=[] min=7 max=7 mean=7
// CHECK: case_oob: dtype=i32 shape=[] min=9 max=9 mean=9
// CHECK: while:1: dtype=i32 shape=[] min=19 max=19 mean=19
// CHECK: for: dtype=i32 shape=[] min=10 max=10 mean=10
// RUN: tfg-run %s --input=x=zeros --input=p=random:1 --fetch=if --print | FileCheck %s --check-prefix=THEN
// THEN: if: dtype=i32 shape=[] min=7 max=7 mean=7
// COM: WhileRegion and ForRegion are bounded like every loop.
// RUN: not tfg-run %s --input=x=zeros --input=p=zeros --fetch=while --max-loop-iterations=3 2>&1 | FileCheck %s --check-prefix=LIMIT
// LIMIT: tfg-run: error: node 'while' (WhileRegion): ran more than 3 iterations (the loop iteration limit)
// RUN: not tfg-run %s --input=x=zeros --input=p=zeros --fetch=for --max-loop-iterations=3 2>&1 | FileCheck %s --check-prefix=FORLIMIT
// FORLIMIT: tfg-run: error: node 'for' (ForRegion): ran more than 3 iterations (the loop iteration limit)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %P, %c1 = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %Seven, %c2 = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %Zero, %c3 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Five, %c4 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c5 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %If, %c6 = IfRegion %P then {
    yield(%Seven) : tensor<i32>
  } else {
    %Neg, %cn = Neg(%Seven) name("neg") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    yield(%Neg) : tensor<i32>
  } {_mlir_name = "if"} : (tensor<i1>) -> tensor<i32>
  %Case, %c7 = CaseRegion %Zero {
    yield(%Seven) : tensor<i32>
  }, {
    %Nine, %c9 = Const name("nine") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
    yield(%Nine) : tensor<i32>
  } {_mlir_name = "case"} : (tensor<i32>) -> tensor<i32>
  %CaseO, %c8 = CaseRegion %Five {
    yield(%Seven) : tensor<i32>
  }, {
    %Nine, %c9 = Const name("nine") {dtype = i32, value = dense<9> : tensor<i32>} : () -> (tensor<i32>)
    yield(%Nine) : tensor<i32>
  } {_mlir_name = "case_oob"} : (tensor<i32>) -> tensor<i32>
  %While:2, %c10 = WhileRegion(%X, %X) {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>, %ic: !tf_type.control, %accc: !tf_type.control):
    %Less, %cl = Less(%i, %Five) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%i, %acc) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>, %ic: !tf_type.control, %accc: !tf_type.control):
    %Next, %cn = AddV2(%i, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Odd, %co = FloorMod(%i, %Five) name("mod") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Big, %cb = Greater(%i, %One) name("big") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    %Step, %cs = IfRegion %Big then {
      %Twice, %ct = AddV2(%i, %i) name("twice") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
      yield(%Twice) : tensor<i32>
    } else {
      yield(%Odd) : tensor<i32>
    } {_mlir_name = "step"} : (tensor<i1>) -> tensor<i32>
    %Acc, %ca = AddV2(%acc, %Step) name("acc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%Next, %Acc) : tensor<i32>, tensor<i32>
  } {_mlir_name = "while", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %For, %c11 = ForRegion(%X) from %Zero to %Five by %One {
  ^bb0(%idx: tensor<i32>, %v: tensor<i32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    %S, %cs = AddV2(%v, %idx) name("sum") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%S) : tensor<i32>
  } {_mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
}
