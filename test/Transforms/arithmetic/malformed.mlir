// RUN: tfg-opt %s --tfg-arithmetic-optimizer='fetch=out unsafe-math=true unary-ops-composition=true replace-mul-with-broadcast-by-tile=true convert-log1p=true convert-expm1=true sqrt-div-to-rsqrt-mul=true' | FileCheck %s

// COM: Malformed nodes (missing attributes, wrong operand counts,
// COM: out-of-range permutations and axes, empty constants) are left alone:
// COM: no stage crashes or rewrites them.
// CHECK-DAG: Transpose(%{{.*}}, %{{.*}}) name("badperm")
// CHECK-DAG: Transpose(%{{.*}}, %{{.*}}) name("dupperm")
// CHECK-DAG: Bitcast(%{{.*}}) name("noattr")
// CHECK-DAG: Cast(%{{.*}}) name("nocastattr")
// CHECK-DAG: Pow(%{{.*}}, %{{.*}}) name("emptypow")
// CHECK-DAG: StridedSlice(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("badaxis")
// CHECK-DAG: Neg(%{{.*}}, %{{.*}}) name("twoargs")
// CHECK-DAG: Mul(%{{.*}}) name("mulnot")
// CHECK-DAG: ConcatV2(%{{.*}}, %{{.*}}) name("concatnot")
// CHECK-DAG: Max(%{{.*}}) name("maxnot")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2x3xf32>)
  %P, %ctl_0 = Const name("p") {dtype = i32, value = dense<[5, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T, %ctl_1 = Transpose(%X, %P) name("badperm") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %D, %ctl_2 = Const name("d") {dtype = i32, value = dense<[0, 0]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %T2, %ctl_3 = Transpose(%X, %D) name("dupperm") {T = f32, Tperm = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<*xf32>)
  %B, %ctl_4 = Bitcast(%X) name("noattr") : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %C, %ctl_5 = Cast(%X) name("nocastattr") : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %E, %ctl_6 = Const name("e") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %Pw, %ctl_7 = Pow(%X, %E) name("emptypow") {T = f32} : (tensor<2x3xf32>, tensor<0xf32>) -> (tensor<*xf32>)
  %Pk, %ctl_8 = Pack(%X, %X) name("pk") {N = 2 : i64, T = f32, axis = 7 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<*xf32>)
  %Bg, %ctl_9 = Const name("bg") {dtype = i32, value = dense<0> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %SS, %ctl_10 = StridedSlice(%Pk, %Bg, %Bg, %Bg) name("badaxis") {Index = i32, T = f32, shrink_axis_mask = 1 : i64} : (tensor<*xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<*xf32>)
  %N2, %ctl_11 = Neg(%X, %X) name("twoargs") {T = f32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<*xf32>)
  %M, %ctl_12 = Mul(%X) name("mulnot") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %Cc, %ctl_13 = ConcatV2(%X, %X) name("concatnot") : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<*xf32>)
  %Mx, %ctl_14 = Max(%X) name("maxnot") {T = f32} : (tensor<2x3xf32>) -> (tensor<*xf32>)
  %O:12, %ctl_15 = IdentityN(%T, %T2, %B, %C, %Pw, %SS, %N2, %M, %Cc, %Mx, %Pk, %X) name("out") {T = [f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32]} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<2x3xf32>)
}
