// COM: Results of `?` size cross the entry point as buffers of their bound
// COM: (here the 6-element and 6x4 buffers they are cut from) with their
// COM: actual sizes returned: an empty, a partial and a whole cut, and a
// COM: 1x?x? reshape of a 2-D cut, equal the StableHLO interpreter's in
// COM: sizes and values. The count is that of the 10 inputs above 0.5.
// RUN: tfg-run %s --backend=llvm --function=cut --check-interpreter --no-cache | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=cut --input=arg0=zeros --check-interpreter --no-cache | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=cut --input=arg0=random:7 --check-interpreter --no-cache | FileCheck %s
// CHECK: check-interpreter: compiled vs. StableHLO interpreter
// CHECK-COUNT-5: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=cut --input=arg0=random:7 --no-cache --print | FileCheck %s --check-prefix=SIZES
// SIZES: result0: dtype=f32 shape=[0]
// SIZES: result1: dtype=f32 shape=[{{[0-6]}}]
// SIZES: result2: dtype=f32 shape=[6]
// SIZES: result3: dtype=f32 shape=[1,{{ ?[0-6]}},{{ ?}}4]
// COM: The header of the compiled object marks the outputs of `?` size and
// COM: gives their bound shapes (the empty cut's count is provably 0: its
// COM: bound has no element).
// RUN: tfg-compile %s --function=cut --name=model -o %t.o --header %t.h
// RUN: FileCheck %s --check-prefix=HEADER --input-file=%t.h
// HEADER: #define TFG_AOT_ABI_VERSION 2
// HEADER: int64_t *dims;
// HEADER: #define MODEL_OUTPUT0_SHAPE {0}
// HEADER: #define MODEL_OUTPUT0_DYNAMIC 1
// HEADER: #define MODEL_OUTPUT1_SHAPE {6}
// HEADER: #define MODEL_OUTPUT1_DYNAMIC 1
// HEADER: #define MODEL_OUTPUT3_SHAPE {1, 6, 4}
// HEADER: #define MODEL_OUTPUT3_DYNAMIC 1
// HEADER: #define MODEL_OUTPUT4_DYNAMIC 0
// COM: A pad by an argument (no range known: the buffer's size is the
// COM: bound) that grows past the buffer at run time exceeds the bound: the
// COM: entry point fails the call (the output holds the cut data only).
// RUN: not tfg-run %s --backend=llvm --function=grow --input=arg0=zeros --no-cache 2>&1 | FileCheck %s --check-prefix=GROW
// GROW: error: {{.*}}(code 7): output 0 ('result0', float32[6]): the result has 7 elements or more, above its bound
// COM: A `?` size without a bound (a dynamic_iota's) is an error naming the
// COM: result.
// RUN: not tfg-run %s --backend=llvm --function=nobound --no-cache 2>&1 | FileCheck %s --check-prefix=NOBOUND
// NOBOUND: error: result 0 ('tensor<?xf32>'): dimension 0 has a data-dependent size without a bound

module {
func.func @cut(%x: tensor<10xf32>, %buf: tensor<6xf32>, %buf2: tensor<6x4xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<1x?x?xf32>, tensor<i64>) {
  %half = stablehlo.constant dense<0.5> : tensor<10xf32>
  %above = stablehlo.compare GT, %x, %half : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %ones = stablehlo.convert %above : (tensor<10xi1>) -> tensor<10xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %c = stablehlo.reduce(%ones init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10xi64>, tensor<i64>) -> tensor<i64>
  %six = stablehlo.constant dense<6> : tensor<i64>
  %hundred = stablehlo.constant dense<100> : tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.clamp %z, %c, %six : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %ce = stablehlo.subtract %c, %hundred : tensor<i64>
  %e = stablehlo.clamp %z, %ce, %six : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %cf = stablehlo.add %c, %six : tensor<i64>
  %f = stablehlo.clamp %z, %cf, %six : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %he0 = stablehlo.subtract %e, %six : tensor<i64>
  %he = stablehlo.reshape %he0 : (tensor<i64>) -> tensor<1xi64>
  %re = stablehlo.dynamic_pad %buf, %fz, %lo, %he, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %hn0 = stablehlo.subtract %n, %six : tensor<i64>
  %hn = stablehlo.reshape %hn0 : (tensor<i64>) -> tensor<1xi64>
  %rn = stablehlo.dynamic_pad %buf, %fz, %lo, %hn, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %hf0 = stablehlo.subtract %f, %six : tensor<i64>
  %hf = stablehlo.reshape %hf0 : (tensor<i64>) -> tensor<1xi64>
  %rf = stablehlo.dynamic_pad %buf, %fz, %lo, %hf, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %lo2 = stablehlo.constant dense<0> : tensor<2xi64>
  %zero1 = stablehlo.constant dense<0> : tensor<1xi64>
  %hi2 = stablehlo.concatenate %hn, %zero1, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %r2 = stablehlo.dynamic_pad %buf2, %fz, %lo2, %hi2, %lo2 : (tensor<6x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %one = stablehlo.constant dense<1> : tensor<1xi64>
  %four = stablehlo.constant dense<4> : tensor<1xi64>
  %n1 = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %shape = stablehlo.concatenate %one, %n1, %four, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
  %r3 = stablehlo.dynamic_reshape %r2, %shape : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<1x?x?xf32>
  return %re, %rn, %rf, %r3, %n : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<1x?x?xf32>, tensor<i64>
}

func.func @grow(%n: tensor<i64>, %buf: tensor<6xf32>) -> tensor<?xf32> {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n1 = stablehlo.add %n, %one : tensor<i64>
  %hi = stablehlo.reshape %n1 : (tensor<i64>) -> tensor<1xi64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.dynamic_pad %buf, %fz, %lo, %hi, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @nobound(%c: tensor<i64>) -> tensor<?xf32> {
  %shape = stablehlo.reshape %c : (tensor<i64>) -> tensor<1xi64>
  %i = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  return %i : tensor<?xf32>
}
}
