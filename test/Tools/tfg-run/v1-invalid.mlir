// COM: v1 control flow that no TensorFlow loop builds fails, naming the
// COM: node: a back edge or an Exit outside of any frame.
// RUN: not tfg-run %s --fetch=merge 2>&1 | FileCheck %s --check-prefix=NEXT
// NEXT: tfg-run: error: node 'next' (NextIteration): NextIteration outside of any frame
// RUN: not tfg-run %s --fetch=exit 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: tfg-run: error: node 'exit' (Exit): Exit outside of any frame
// COM: A Merge whose inputs never come leaves its consumers uncomputed.
// RUN: not tfg-run %s --fetch=stuck 2>&1 | FileCheck %s --check-prefix=STUCK
// STUCK: tfg-run: error: node 'stuck' (Identity): was never computed
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Zero, %c0 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %M:2, %c1 = Merge(%Zero, %N) name("merge") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %N, %c2 = NextIteration(%M#0) name("next") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %E, %c3 = Exit(%Zero) name("exit") {T = i32} : (tensor<i32>) -> (tensor<i32>)
  %S:2, %c4 = Merge(%L, %L) name("cycle") {N = 2 : i64, T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %L, %c5 = Identity(%S#0) name("stuck") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
