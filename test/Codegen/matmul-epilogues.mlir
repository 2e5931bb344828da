// COM: Matrix products with their zero fill and epilogue folded into
// COM: tfg_rt_matmul_epilogue_f32 (bias + relu6, bias + residual + relu, a
// COM: product alone) equal the StableHLO interpreter (rtol 1e-4).
// RUN: tfg-run %s --backend=llvm --function=dense --check-interpreter | FileCheck %s
// CHECK-COUNT-3: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-opt %s --tfg-stablehlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// LLVM-COUNT-3: llvm.call @tfg_rt_matmul_epilogue_f32(
// LLVM-NOT: llvm.call @tfg_rt_matmul_f32(

module {
func.func @dense(%x: tensor<100x70xf32>, %x2: tensor<100x70xf32>, %w: tensor<70x37xf32>, %b: tensor<37xf32>, %r: tensor<100x37xf32>, %w2: tensor<37x20xf32>) -> (tensor<100x37xf32>, tensor<100x37xf32>, tensor<100x20xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<100x37xf32>
  %six = stablehlo.constant dense<6.0> : tensor<100x37xf32>
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<100x70xf32>, tensor<70x37xf32>) -> tensor<100x37xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<37xf32>) -> tensor<100x37xf32>
  %a = stablehlo.add %d, %bb : tensor<100x37xf32>
  %r1 = stablehlo.clamp %zero, %a, %six : tensor<100x37xf32>
  %d2 = stablehlo.dot_general %x2, %w, contracting_dims = [1] x [0] : (tensor<100x70xf32>, tensor<70x37xf32>) -> tensor<100x37xf32>
  %a2 = stablehlo.add %d2, %bb : tensor<100x37xf32>
  %s2 = stablehlo.add %a2, %r : tensor<100x37xf32>
  %r2 = stablehlo.maximum %s2, %zero : tensor<100x37xf32>
  %d3 = stablehlo.dot_general %r1, %w2, contracting_dims = [1] x [0] : (tensor<100x37xf32>, tensor<37x20xf32>) -> tensor<100x20xf32>
  return %r1, %r2, %d3 : tensor<100x37xf32>, tensor<100x37xf32>, tensor<100x20xf32>
}
}
