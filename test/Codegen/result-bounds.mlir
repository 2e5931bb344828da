// COM: Bounds of results of `?` size (computeResultBounds, docs/Codegen.md
// COM: "Outputs of `?` size"), read from the compiled object's header. A
// COM: padding computed from the padded tensor's own size keeps its relation
// COM: to it: `hi = K - size(t)` pads t to exactly K whatever t's bound (here
// COM: cuts of a 300-element buffer padded back to 100 and to 100x8; a
// COM: static size in the padding is its value).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfg-compile %s --function=exact --name=model -o %t/exact.o --header %t/exact.h
// RUN: FileCheck %s --check-prefix=EXACT --input-file=%t/exact.h
// EXACT: #define MODEL_OUTPUT0_SHAPE {300}
// EXACT: #define MODEL_OUTPUT1_SHAPE {100}
// EXACT: #define MODEL_OUTPUT2_SHAPE {100, 8}
// EXACT: #define MODEL_OUTPUT3_SHAPE {100}
// EXACT: #define MODEL_OUTPUT4_SHAPE {100}
// COM: Compiled and run, the sizes and values equal the StableHLO
// COM: interpreter's: cuts of 0, 150 and 210 elements padded or cut to 100.
// RUN: tfg-run %s --backend=llvm --function=exact --input=arg0=zeros --check-interpreter --no-cache | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=exact --input=arg0=random:1 --check-interpreter --no-cache | FileCheck %s
// RUN: tfg-run %s --backend=llvm --function=exact --input=arg0=random:3 --check-interpreter --no-cache | FileCheck %s
// CHECK: check-interpreter: compiled vs. StableHLO interpreter
// CHECK-COUNT-5: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=exact --input=arg0=zeros --no-cache --print | FileCheck %s --check-prefix=SIZES
// RUN: tfg-run %s --backend=llvm --function=exact --input=arg0=random:1 --no-cache --print | FileCheck %s --check-prefix=SIZES1
// SIZES1: result0: dtype=f32 shape=[210]
// SIZES1: result1: dtype=f32 shape=[100]
// SIZES: result0: dtype=f32 shape=[0]
// SIZES: result1: dtype=f32 shape=[100]
// SIZES: result2: dtype=f32 shape=[100,{{ ?}}8]
// SIZES: result3: dtype=f32 shape=[100]
// SIZES: result4: dtype=f32 shape=[100]
// COM: A negative coefficient (`size + 50 - 2 size` is at most 50), and
// COM: bounds that must stay loose: a padding in another tensor's size (the
// COM: sizes are not related: 300 + 100) and an i32 size computation that
// COM: may wrap (unknown: the buffer's capacity, 300, not a bound derived
// COM: from the wrapped value).
// RUN: tfg-compile %s --function=loose --name=model -o %t/loose.o --header %t/loose.h
// RUN: FileCheck %s --check-prefix=LOOSE --input-file=%t/loose.h
// LOOSE: #define MODEL_OUTPUT0_SHAPE {400}
// LOOSE: #define MODEL_OUTPUT1_SHAPE {50}
// LOOSE: #define MODEL_OUTPUT2_SHAPE {300}

module {
// A cut of %buf to 30 * (the count of %x above 0.5): 0 to 300 elements.
func.func @exact(%x: tensor<10xf32>, %buf: tensor<300xf32>, %buf2: tensor<300x4xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<10xf32>
  %above = stablehlo.compare GT, %x, %half : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %ones = stablehlo.convert %above : (tensor<10xi1>) -> tensor<10xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %c = stablehlo.reduce(%ones init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10xi64>, tensor<i64>) -> tensor<i64>
  %thirty = stablehlo.constant dense<30> : tensor<i64>
  %n = stablehlo.multiply %c, %thirty : tensor<i64>
  %c300 = stablehlo.constant dense<300> : tensor<i64>
  %h0 = stablehlo.subtract %n, %c300 : tensor<i64>
  %h = stablehlo.reshape %h0 : (tensor<i64>) -> tensor<1xi64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %r0 = stablehlo.dynamic_pad %buf, %fz, %lo, %h, %lo : (tensor<300xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  // Padded (or cut) to 100 by `100 - size`, computed in i32.
  %s = stablehlo.get_dimension_size %r0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %k = stablehlo.constant dense<100> : tensor<i32>
  %p0 = stablehlo.subtract %k, %s : tensor<i32>
  %p1 = stablehlo.convert %p0 : (tensor<i32>) -> tensor<i64>
  %p = stablehlo.reshape %p1 : (tensor<i64>) -> tensor<1xi64>
  %r1 = stablehlo.dynamic_pad %r0, %fz, %lo, %p, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  // 2-D: [n, min(c, 4)] of 300x4, padded to 100x8.
  %four = stablehlo.constant dense<4> : tensor<i64>
  %m = stablehlo.clamp %z, %c, %four : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %g0 = stablehlo.subtract %m, %four : tensor<i64>
  %g = stablehlo.reshape %g0 : (tensor<i64>) -> tensor<1xi64>
  %hi2 = stablehlo.concatenate %h, %g, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %lo2 = stablehlo.constant dense<0> : tensor<2xi64>
  %r2 = stablehlo.dynamic_pad %buf2, %fz, %lo2, %hi2, %lo2 : (tensor<300x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %d0 = stablehlo.get_dimension_size %r2, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %r2, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %d01 = stablehlo.reshape %d0 : (tensor<i32>) -> tensor<1xi32>
  %d11 = stablehlo.reshape %d1 : (tensor<i32>) -> tensor<1xi32>
  %ds = stablehlo.concatenate %d01, %d11, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %want = stablehlo.constant dense<[100, 8]> : tensor<2xi32>
  %q0 = stablehlo.subtract %want, %ds : tensor<2xi32>
  %q = stablehlo.convert %q0 : (tensor<2xi32>) -> tensor<2xi64>
  %r3 = stablehlo.dynamic_pad %r2, %fz, %lo2, %q, %lo2 : (tensor<?x?xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  // Elementwise on the padded result: its bound.
  %sq = stablehlo.multiply %r1, %r1 : tensor<?xf32>
  // A static size is exact (4, not 0 to 4): 200 - 25 * 4 - size pads to 100.
  %w4 = stablehlo.get_dimension_size %buf2, dim = 1 : (tensor<300x4xf32>) -> tensor<i32>
  %k25 = stablehlo.constant dense<25> : tensor<i32>
  %k200 = stablehlo.constant dense<200> : tensor<i32>
  %t0 = stablehlo.multiply %k25, %w4 : tensor<i32>
  %t1 = stablehlo.subtract %k200, %t0 : tensor<i32>
  %t2 = stablehlo.subtract %t1, %s : tensor<i32>
  %t3 = stablehlo.convert %t2 : (tensor<i32>) -> tensor<i64>
  %t = stablehlo.reshape %t3 : (tensor<i64>) -> tensor<1xi64>
  %r4 = stablehlo.dynamic_pad %r0, %fz, %lo, %t, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r0, %r1, %r3, %sq, %r4 : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>
}

func.func @loose(%x: tensor<10xf32>, %buf: tensor<300xf32>, %y: tensor<7xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<10xf32>
  %above = stablehlo.compare GT, %x, %half : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %ones = stablehlo.convert %above : (tensor<10xi1>) -> tensor<10xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %c = stablehlo.reduce(%ones init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10xi64>, tensor<i64>) -> tensor<i64>
  %thirty = stablehlo.constant dense<30> : tensor<i64>
  %n = stablehlo.multiply %c, %thirty : tensor<i64>
  %c300 = stablehlo.constant dense<300> : tensor<i64>
  %h0 = stablehlo.subtract %n, %c300 : tensor<i64>
  %h = stablehlo.reshape %h0 : (tensor<i64>) -> tensor<1xi64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %r0 = stablehlo.dynamic_pad %buf, %fz, %lo, %h, %lo : (tensor<300xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  // Another `?` tensor: %y cut by c - 10 (at most 7 elements).
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %e0 = stablehlo.subtract %c, %ten : tensor<i64>
  %e = stablehlo.reshape %e0 : (tensor<i64>) -> tensor<1xi64>
  %other = stablehlo.dynamic_pad %y, %fz, %lo, %e, %lo : (tensor<7xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %so = stablehlo.get_dimension_size %other, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %so64 = stablehlo.convert %so : (tensor<i32>) -> tensor<i64>
  %hundred = stablehlo.constant dense<100> : tensor<i64>
  %a0 = stablehlo.subtract %hundred, %so64 : tensor<i64>
  %a = stablehlo.reshape %a0 : (tensor<i64>) -> tensor<1xi64>
  %r1 = stablehlo.dynamic_pad %r0, %fz, %lo, %a, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  // 50 - 2 size: the result, 50 - size, is at most 50.
  %s = stablehlo.get_dimension_size %r0, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %s64 = stablehlo.convert %s : (tensor<i32>) -> tensor<i64>
  %two = stablehlo.constant dense<2> : tensor<i64>
  %fifty = stablehlo.constant dense<50> : tensor<i64>
  %b1 = stablehlo.multiply %s64, %two : tensor<i64>
  %b0 = stablehlo.subtract %fifty, %b1 : tensor<i64>
  %b = stablehlo.reshape %b0 : (tensor<i64>) -> tensor<1xi64>
  %r2 = stablehlo.dynamic_pad %r0, %fz, %lo, %b, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  // size + (2^31 - 1) in i32 wraps: no bound from it.
  %big = stablehlo.constant dense<2147483647> : tensor<i32>
  %w0 = stablehlo.add %s, %big : tensor<i32>
  %w1 = stablehlo.convert %w0 : (tensor<i32>) -> tensor<i64>
  %w = stablehlo.reshape %w1 : (tensor<i64>) -> tensor<1xi64>
  %r3 = stablehlo.dynamic_pad %r0, %fz, %lo, %w, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r1, %r2, %r3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
}
