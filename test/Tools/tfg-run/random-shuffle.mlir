// COM: RandomShuffle permutes the rows of its input (seeded: seed/seed2 not
// COM: both 0); a one-row shuffle is the identity, which constant folding
// COM: uses (RandomShuffle -> Identity, then folded), checked here by running the graph
// COM: before and after.
// RUN: tfg-run %s --fetch=rows,one --print | FileCheck %s
// CHECK: rows: dtype=f32 shape=[5,2] min=0 max=14 mean=7
// CHECK: one: dtype=f32 shape=[1,3] min=1 max=3 mean=2
// RUN: tfg-run %s --fetch=one --check-pipeline=tfg-constant-folding --rtol=0 --atol=0 | FileCheck %s --check-prefix=PIPE
// PIPE: one: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-opt %s --tfg-constant-folding | FileCheck %s --check-prefix=FOLD
// FOLD: Const name("one") {dtype = f32, value = dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00]]>
// FOLD: RandomShuffle(%{{.*}}) name("rows")
// RUN: not tfg-run %s --fetch=unseeded 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: tfg-run: error: node 'unseeded' (RandomShuffle): seed and seed2 are both 0: TensorFlow seeds the op nondeterministically; give a graph seed
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %R, %c0 = Const name("r") {dtype = f32, value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>} : () -> (tensor<1x3xf32>)
  %M, %c1 = Const name("m") {dtype = f32, value = dense<[[0.0, 10.0], [1.0, 11.0], [2.0, 12.0], [3.0, 13.0], [4.0, 14.0]]> : tensor<5x2xf32>} : () -> (tensor<5x2xf32>)
  %One, %c2 = RandomShuffle(%R) name("one") {T = f32, seed = 3 : i64, seed2 = 4 : i64} : (tensor<1x3xf32>) -> (tensor<1x3xf32>)
  %Rows, %c3 = RandomShuffle(%M) name("rows") {T = f32, seed = 3 : i64, seed2 = 4 : i64} : (tensor<5x2xf32>) -> (tensor<5x2xf32>)
  %U, %c4 = RandomShuffle(%M) name("unseeded") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<5x2xf32>) -> (tensor<5x2xf32>)
}
