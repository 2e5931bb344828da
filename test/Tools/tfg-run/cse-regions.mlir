// COM: tfg-cse replaces the nodes of IfRegion branches (and of an IfRegion
// COM: nested in one) by the equal nodes of the graph; the outputs stay the
// COM: same, bit for bit, on either branch.
// RUN: tfg-opt %s --tfg-cse=fetch=out,out2 | FileCheck %s --check-prefix=MERGED --implicit-check-not=inner_neg --implicit-check-not=inner_exp
// MERGED: %[[N:.*]], %{{.*}} = Neg(%{{.*}}) name("neg")
// MERGED: %[[E:.*]], %{{.*}} = Exp(%[[N]]) name("exp")
// MERGED: AddV2(%[[N]], %[[E]]) name("inner_add")
// MERGED: Mul(%[[N]], %{{.*}}) name("mul")
// RUN: tfg-run %s --input=p=zeros --fetch=out,out2 --check-pipeline='tfg-cse{fetch=out,out2}' --rtol=0 --atol=0 | FileCheck %s
// RUN: tfg-run %s --input=x=random:3 --fetch=out,out2 --check-pipeline='tfg-cse{fetch=out,out2}' --rtol=0 --atol=0 | FileCheck %s
// CHECK: check-pipeline: tfg-cse{fetch=out,out2}
// CHECK-NEXT: out: max_abs_diff=0 max_rel_diff=0 ok
// CHECK-NEXT: out2: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %cp = Placeholder name("p") {dtype = i1, shape = #tf_type.shape<>} : () -> (tensor<i1>)
  %X, %cx = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<3>} : () -> (tensor<3xf32>)
  %N, %cn = Neg(%X) name("neg") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
  %E, %ce = Exp(%N) name("exp") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
  %R:2, %cr = IfRegion %P then {
    %N1, %c1 = Neg(%X) name("inner_neg") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
    %E1, %c2 = Exp(%N1) name("inner_exp") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
    %R2, %cr2 = IfRegion %P then {
      %N2, %c3 = Neg(%X) name("inner_neg2") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
      %S2, %c4 = AddV2(%N2, %E1) name("inner_add") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
      yield(%S2) : tensor<3xf32>
    } else {
      yield(%X) : tensor<3xf32>
    } name("if2") {Tcond = i1, Tin = [], Tout = [f32]} : (tensor<i1>) -> (tensor<3xf32>)
    yield(%R2, %E1) : tensor<3xf32>, tensor<3xf32>
  } else {
    %N3, %c5 = Neg(%X) name("inner_neg3") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
    %M3, %c6 = Mul(%N3, %X) name("mul") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
    yield(%M3, %N3) : tensor<3xf32>, tensor<3xf32>
  } name("if") {Tcond = i1, Tin = [], Tout = [f32, f32]} : (tensor<i1>) -> (tensor<3xf32>, tensor<3xf32>)
  %O, %co = Identity(%R#0) name("out") {T = f32} : (tensor<3xf32>) -> (tensor<3xf32>)
  %O2, %co2 = AddV2(%R#1, %E) name("out2") {T = f32} : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>)
}
