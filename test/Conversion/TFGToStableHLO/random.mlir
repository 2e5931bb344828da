// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: RandomRules.cpp: Philox4x32-10 in StableHLO's integer ops gives
// COM: TensorFlow's bits; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py),
// COM: the uniform floats and the integers exactly.

// COM: V1 stateless ops (the seed scrambled by one Philox call), 15
// COM: values (the last block cut), 32- and 64-bit types.
// NUMERIC-RTOL: 0
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.constant dense<3528531795> : tensor<1xui64>
// CHECK: stablehlo.shift_right_logical
// CHECK: stablehlo.xor
// NUM: graph 0: 6 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[3, 5]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %K, %c1 = Const name("seed") {dtype = i64, value = dense<[-7, 123456789012]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %J, %c2 = Const name("seed32") {dtype = i32, value = dense<[1, 2]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Lo, %c3 = Const name("lo") {dtype = i32, value = dense<-5> : tensor<i32>} : () -> (tensor<i32>)
  %Hi, %c4 = Const name("hi") {dtype = i32, value = dense<17> : tensor<i32>} : () -> (tensor<i32>)
  %Lo64, %c5 = Const name("lo64") {dtype = i64, value = dense<-1000000000000> : tensor<i64>} : () -> (tensor<i64>)
  %Hi64, %c6 = Const name("hi64") {dtype = i64, value = dense<3> : tensor<i64>} : () -> (tensor<i64>)
  %A, %c7 = StatelessRandomUniform(%S, %K) name("u32") {T = i32, Tseed = i64, dtype = f32} : (tensor<2xi32>, tensor<2xi64>) -> (tensor<3x5xf32>)
  %B, %c8 = StatelessRandomUniform(%S, %J) name("u64") {T = i32, Tseed = i32, dtype = f64} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<3x5xf64>)
  %C, %c9 = StatelessRandomUniformInt(%S, %K, %Lo, %Hi) name("i32") {T = i32, Tseed = i64, dtype = i32} : (tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>) -> (tensor<3x5xi32>)
  %D, %c10 = StatelessRandomUniformInt(%S, %K, %Lo64, %Hi64) name("i64") {T = i32, Tseed = i64, dtype = i64} : (tensor<2xi32>, tensor<2xi64>, tensor<i64>, tensor<i64>) -> (tensor<3x5xi64>)
  %E, %c11 = StatelessRandomUniformFullInt(%S, %K) name("full") {T = i32, Tseed = i64, dtype = ui32} : (tensor<2xi32>, tensor<2xi64>) -> (tensor<3x5xui32>)
  %F, %c12 = StatelessRandomUniformFullInt(%S, %J) name("full64") {T = i32, Tseed = i32, dtype = i64} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<3x5xi64>)
}

// -----

// COM: Normals (Box-Muller in float, f64 from four uint32).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.sine
// CHECK: stablehlo.cosine
// NUM: graph 1: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[7]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %K, %c1 = Const name("seed") {dtype = i64, value = dense<[42, 0]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %A, %c2 = StatelessRandomNormal(%S, %K) name("n32") {T = i32, Tseed = i64, dtype = f32} : (tensor<1xi32>, tensor<2xi64>) -> (tensor<7xf32>)
  %B, %c3 = StatelessRandomNormal(%S, %K) name("n64") {T = i32, Tseed = i64, dtype = f64} : (tensor<1xi32>, tensor<2xi64>) -> (tensor<7xf64>)
}

// -----

// COM: V2 ops from StatelessRandomGetKeyCounter's key and counter, the
// COM: counter's carry into its high half included (a second counter near
// COM: 2^64); alg 1 and 3.
// NUMERIC-RTOL: 0
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.compare  LT
// NUM: graph 2: 7 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[9]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %K, %c1 = Const name("seed") {dtype = i64, value = dense<[5, 6]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %A1, %c2 = Const name("alg1") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %A3, %c3 = Const name("alg3") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %Key2, %c4 = Const name("key2") {dtype = ui64, value = dense<1311768467294899695> : tensor<1xui64>} : () -> (tensor<1xui64>)
  %Ctr2, %c5 = Const name("ctr2") {dtype = ui64, value = dense<[18446744073709551615, 7]> : tensor<2xui64>} : () -> (tensor<2xui64>)
  %Lo, %c6 = Const name("lo") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<i64>)
  %Hi, %c7 = Const name("hi") {dtype = i64, value = dense<1000> : tensor<i64>} : () -> (tensor<i64>)
  %Key, %Ctr, %c8 = StatelessRandomGetKeyCounter(%K) name("kc") {Tseed = i64} : (tensor<2xi64>) -> (tensor<1xui64>, tensor<2xui64>)
  %KO, %c9 = Identity(%Key) name("key_out") {T = ui64} : (tensor<1xui64>) -> (tensor<1xui64>)
  %CO, %c10 = Identity(%Ctr) name("ctr_out") {T = ui64} : (tensor<2xui64>) -> (tensor<2xui64>)
  %U, %c11 = StatelessRandomUniformV2(%S, %Key, %Ctr, %A1) name("u") {Tshape = i32, dtype = f32} : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> (tensor<9xf32>)
  %W, %c12 = StatelessRandomUniformV2(%S, %Key2, %Ctr2, %A3) name("carry") {Tshape = i32, dtype = f32} : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> (tensor<9xf32>)
  %I, %c13 = StatelessRandomUniformIntV2(%S, %Key, %Ctr, %A1, %Lo, %Hi) name("int") {Tshape = i32, dtype = i64} : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>, tensor<i64>, tensor<i64>) -> (tensor<9xi64>)
  %F, %c14 = StatelessRandomUniformFullIntV2(%S, %Key, %Ctr, %A1) name("full") {Tshape = i32, dtype = ui64} : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> (tensor<9xui64>)
  %N, %c15 = StatelessRandomNormalV2(%S, %Key, %Ctr, %A1) name("normal") {Tshape = i32, dtype = f32} : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> (tensor<9xf32>)
}

// -----

// COM: Seeded stateful ops: the values of their first run.
// CHECK-LABEL: func.func @main
// NUM: graph 3: 3 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("shape") {dtype = i32, value = dense<[2, 3]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %Lo, %c1 = Const name("lo") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)
  %Hi, %c2 = Const name("hi") {dtype = i32, value = dense<20> : tensor<i32>} : () -> (tensor<i32>)
  %A, %c3 = RandomUniform(%S) name("u") {T = i32, dtype = f32, seed = 87654321 : i64, seed2 = 5 : i64} : (tensor<2xi32>) -> (tensor<2x3xf32>)
  %B, %c4 = RandomStandardNormal(%S) name("n") {T = i32, dtype = f32, seed = 1 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> (tensor<2x3xf32>)
  %C, %c5 = RandomUniformInt(%S, %Lo, %Hi) name("i") {T = i32, Tout = i32, seed = 3 : i64, seed2 = 4 : i64} : (tensor<2xi32>, tensor<i32>, tensor<i32>) -> (tensor<2x3xi32>)
}
