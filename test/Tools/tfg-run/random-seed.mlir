// COM: Stateful random ops with seed and seed2 both 0 (TensorFlow seeds them
// COM: nondeterministically, as in dropout) are refused, with a note at the
// COM: node, unless --seed gives a graph-level seed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tfg-run %s --fetch=dropout/mul 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: tfg-run: error: node 'dropout/random_uniform' (RandomUniform): seed and seed2 are both 0: TensorFlow seeds the op nondeterministically; give a graph seed (tfg-run --seed=N, InterpreterOptions::graphSeed) to run it
// REFUSED-NEXT: random-seed.mlir:[[# @LINE + 37]]:{{[0-9]+}}: note: the node is here

// COM: Dropout with keep_prob 1 (x / keep_prob * floor(keep_prob + U[0,1)))
// COM: is the identity, exactly.
// RUN: tfg-run %s --fetch=x --output=%t/x.npy
// RUN: tfg-run %s --seed=7 --fetch=dropout/mul --expect=%t/x.npy --rtol=0 --atol=0 | FileCheck %s --check-prefix=DROPOUT
// DROPOUT: dropout/mul: max_abs_diff=0 max_rel_diff=0 ok

// COM: The same seed gives the same values, whatever else is fetched (the
// COM: order of evaluation); another seed other values; two nodes of one
// COM: graph other values.
// RUN: tfg-run %s --seed=5 --fetch=normal,u1,u2 --output=%t/five.npz
// RUN: tfg-run %s --seed=5 --fetch=u2,normal --expect=%t/five.npz --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME
// SAME: u2: max_abs_diff=0 max_rel_diff=0 ok
// SAME: normal: max_abs_diff=0 max_rel_diff=0 ok
// RUN: not tfg-run %s --seed=6 --fetch=normal --expect=%t/five.npz --rtol=0 --atol=0 | FileCheck %s --check-prefix=OTHER
// OTHER: normal: max_abs_diff={{.*}} MISMATCH
// RUN: tfg-run %s --seed=5 --fetch=u1 --output=%t/u1.npy
// RUN: not tfg-run %s --seed=5 --fetch=u2 --expect=%t/u1.npy --rtol=0 --atol=0 | FileCheck %s --check-prefix=PEROP
// PEROP: u2: max_abs_diff={{.*}} MISMATCH
// RUN: tfg-run %s --seed=5 --fetch=u1,int,truncated,shuffle,multinomial --print | FileCheck %s --check-prefix=ALL
// ALL: u1: dtype=f32 shape=[1000]
// ALL: int: dtype=i32 shape=[1000]
// ALL: truncated: dtype=f32 shape=[1000]
// ALL: shuffle: dtype=f32 shape=[5,2] min=0 max=14 mean=7
// ALL: multinomial: dtype=i64 shape=[2,8]

// COM: A node with a seed of its own keeps it under --seed.
// RUN: tfg-run %s --fetch=seeded --output=%t/seeded.npy
// RUN: tfg-run %s --seed=9 --fetch=seeded --expect=%t/seeded.npy --rtol=0 --atol=0 | FileCheck %s --check-prefix=OWN
// OWN: seeded: max_abs_diff=0 max_rel_diff=0 ok
// RUN: not tfg-run %s --seed=x --fetch=x 2>&1 | FileCheck %s --check-prefix=BADSEED
// BADSEED: for the --seed option: 'x' value invalid
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[1.5, -2.0, 3.25, 4.0e+30, 0.0, -7.0e-20]> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %KP, %c1 = Const name("dropout/keep_prob") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Sh, %c2 = Const name("dropout/shape") {dtype = i32, value = dense<6> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %U, %c3 = RandomUniform(%Sh) name("dropout/random_uniform") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<6xf32>)
  %A, %c4 = AddV2(%KP, %U) name("dropout/add") {T = f32} : (tensor<f32>, tensor<6xf32>) -> (tensor<6xf32>)
  %F, %c5 = Floor(%A) name("dropout/floor") {T = f32} : (tensor<6xf32>) -> (tensor<6xf32>)
  %D, %c6 = RealDiv(%X, %KP) name("dropout/div") {T = f32} : (tensor<6xf32>, tensor<f32>) -> (tensor<6xf32>)
  %Y, %c7 = Mul(%D, %F) name("dropout/mul") {T = f32} : (tensor<6xf32>, tensor<6xf32>) -> (tensor<6xf32>)
  %Big, %c8 = Const name("big") {dtype = i32, value = dense<1000> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %U1, %c9 = RandomUniform(%Big) name("u1") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<1000xf32>)
  %U2, %c10 = RandomUniform(%Big) name("u2") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<1000xf32>)
  %N, %c11 = RandomStandardNormal(%Big) name("normal") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<1000xf32>)
  %Lo, %c12 = Const name("lo") {dtype = i32, value = dense<-5> : tensor<i32>} : () -> (tensor<i32>)
  %Hi, %c13 = Const name("hi") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %I, %c14 = RandomUniformInt(%Big, %Lo, %Hi) name("int") {T = i32, Tout = i32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>, tensor<i32>, tensor<i32>) -> (tensor<1000xi32>)
  %T, %c15 = TruncatedNormal(%Big) name("truncated") {T = i32, dtype = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> (tensor<1000xf32>)
  %M, %c16 = Const name("m") {dtype = f32, value = dense<[[0.0, 10.0], [1.0, 11.0], [2.0, 12.0], [3.0, 13.0], [4.0, 14.0]]> : tensor<5x2xf32>} : () -> (tensor<5x2xf32>)
  %S, %c17 = RandomShuffle(%M) name("shuffle") {T = f32, seed = 0 : i64, seed2 = 0 : i64} : (tensor<5x2xf32>) -> (tensor<5x2xf32>)
  %L, %c18 = Const name("logits") {dtype = f32, value = dense<[[0.0, 1.0, 2.0], [2.0, 1.0, 0.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %K, %c19 = Const name("samples") {dtype = i32, value = dense<8> : tensor<i32>} : () -> (tensor<i32>)
  %Mn, %c20 = Multinomial(%L, %K) name("multinomial") {T = f32, output_dtype = i64, seed = 0 : i64, seed2 = 0 : i64} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x8xi64>)
  %Sd, %c21 = RandomUniform(%Big) name("seeded") {T = i32, dtype = f32, seed = 3 : i64, seed2 = 4 : i64} : (tensor<1xi32>) -> (tensor<1000xf32>)
}
