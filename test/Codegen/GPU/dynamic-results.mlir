// COM: Results of `?` size on the GPU path: the host code returns each in a
// COM: managed buffer of its bound (the CPU's bound: here 6, 1x6x4 and the
// COM: exact 4 of a pad back to 4) with its actual sizes appended; the
// COM: kernels' PTX is one module without external calls. Without a driver
// COM: the host code is still lowered and translated to LLVM IR before the
// COM: driver's absence stops the run; with one, the cut results equal the
// COM: StableHLO interpreter's in sizes and values.
// RUN: tfg-run %s --function=cut --backend=cuda --gpu-arch=sm_80 --emit-ptx=%t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=NOEXTERN < %t.ptx
// RUN: %if ptxas %{ %ptxas --gpu-name sm_80 %t.ptx -o %t.cubin %}
// PTX: .target sm_80
// PTX: .visible .entry [[K:[a-z_0-9]+]](
// PTX-NEXT: .param {{.*}}[[K]]_param_0
// NOEXTERN-NOT: .extern
// NOEXTERN-NOT: call.uni
// RUN: %if !cuda-driver %{ not tfg-run %s --function=cut --backend=cuda 2>&1 | FileCheck %s --check-prefix=DRIVER %}
// DRIVER: no CUDA driver: libcuda.so.1 not found
// RUN: %if cuda-driver %{ tfg-run %s --function=cut --backend=cuda --input=arg0=random:7 --check-interpreter | FileCheck %s --check-prefix=GPU %}
// GPU: check-interpreter: compiled vs. StableHLO interpreter
// GPU-COUNT-4: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// COM: A `?` size without a bound is the same error as for the CPU.
// RUN: not tfg-run %s --function=nobound --backend=cuda --emit-ptx=%t2.ptx 2>&1 | FileCheck %s --check-prefix=NOBOUND
// NOBOUND: error: result 0 ('tensor<?xf32>'): dimension 0 has a data-dependent size without a bound
// NOBOUND: function 'nobound' has a result without a bound

module {
func.func @cut(%x: tensor<10xf32>, %buf: tensor<6xf32>, %buf2: tensor<6x4xf32>) -> (tensor<?xf32>, tensor<1x?x?xf32>, tensor<?xf32>, tensor<i64>) {
  %half = stablehlo.constant dense<0.5> : tensor<10xf32>
  %above = stablehlo.compare GT, %x, %half : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
  %ones = stablehlo.convert %above : (tensor<10xi1>) -> tensor<10xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %c = stablehlo.reduce(%ones init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10xi64>, tensor<i64>) -> tensor<i64>
  %six = stablehlo.constant dense<6> : tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %fz = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.clamp %z, %c, %six : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<i64>
  %hn0 = stablehlo.subtract %n, %six : tensor<i64>
  %hn = stablehlo.reshape %hn0 : (tensor<i64>) -> tensor<1xi64>
  %rn = stablehlo.dynamic_pad %buf, %fz, %lo, %hn, %lo : (tensor<6xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  %lo2 = stablehlo.constant dense<0> : tensor<2xi64>
  %zero1 = stablehlo.constant dense<0> : tensor<1xi64>
  %hi2 = stablehlo.concatenate %hn, %zero1, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %r2 = stablehlo.dynamic_pad %buf2, %fz, %lo2, %hi2, %lo2 : (tensor<6x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %one = stablehlo.constant dense<1> : tensor<1xi64>
  %four = stablehlo.constant dense<4> : tensor<1xi64>
  %n1 = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %shape = stablehlo.concatenate %one, %n1, %four, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
  %r3 = stablehlo.dynamic_reshape %r2, %shape : (tensor<?x?xf32>, tensor<3xi64>) -> tensor<1x?x?xf32>
  %s = stablehlo.get_dimension_size %rn, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %k = stablehlo.constant dense<4> : tensor<i32>
  %p0 = stablehlo.subtract %k, %s : tensor<i32>
  %p1 = stablehlo.convert %p0 : (tensor<i32>) -> tensor<i64>
  %p = stablehlo.reshape %p1 : (tensor<i64>) -> tensor<1xi64>
  %r4 = stablehlo.dynamic_pad %rn, %fz, %lo, %p, %lo : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %rn, %r3, %r4, %n : tensor<?xf32>, tensor<1x?x?xf32>, tensor<?xf32>, tensor<i64>
}

func.func @nobound(%c: tensor<i64>) -> tensor<?xf32> {
  %shape = stablehlo.reshape %c : (tensor<i64>) -> tensor<1xi64>
  %i = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>
  return %i : tensor<?xf32>
}
}
