// COM: Elementwise ops compiled for the host CPU (tfg-run --backend=llvm)
// COM: equal the StableHLO interpreter on the same generated inputs
// COM: (floats within rtol 1e-4, integers and booleans exactly).
// RUN: tfg-run %s --backend=llvm --function=float_binary --check-interpreter | FileCheck %s --check-prefix=FB
// FB: check-interpreter: compiled vs. StableHLO interpreter
// FB-COUNT-9: result{{[0-9]}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --function=float_unary --check-interpreter | FileCheck %s --check-prefix=FU
// FU-COUNT-11: result{{[0-9]+}}: max_abs_diff={{.*}} ok
// RUN: tfg-run %s --backend=llvm --function=int_ops --check-interpreter | FileCheck %s --check-prefix=INT
// INT-COUNT-10: result{{[0-9]+}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=compare_select --check-interpreter | FileCheck %s --check-prefix=CMP
// CMP-COUNT-5: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok

module {
func.func @float_binary(%a: tensor<4x5xf32>, %b: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) {
  %0 = stablehlo.add %a, %b : tensor<4x5xf32>
  %1 = stablehlo.subtract %a, %b : tensor<4x5xf32>
  %2 = stablehlo.multiply %a, %b : tensor<4x5xf32>
  %3 = stablehlo.divide %a, %b : tensor<4x5xf32>
  %4 = stablehlo.maximum %a, %b : tensor<4x5xf32>
  %5 = stablehlo.minimum %a, %b : tensor<4x5xf32>
  %6 = stablehlo.power %a, %b : tensor<4x5xf32>
  %7 = stablehlo.remainder %a, %b : tensor<4x5xf32>
  %8 = stablehlo.atan2 %a, %b : tensor<4x5xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
}

func.func @float_unary(%x: tensor<3x7xf32>) -> (tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>) {
  %c = stablehlo.constant dense<0.5> : tensor<3x7xf32>
  %s = stablehlo.subtract %x, %c : tensor<3x7xf32>
  %0 = stablehlo.exponential %s : tensor<3x7xf32>
  %1 = stablehlo.log %x : tensor<3x7xf32>
  %2 = stablehlo.tanh %s : tensor<3x7xf32>
  %3 = stablehlo.logistic %s : tensor<3x7xf32>
  %4 = stablehlo.sqrt %x : tensor<3x7xf32>
  %5 = stablehlo.rsqrt %x : tensor<3x7xf32>
  %6 = stablehlo.abs %s : tensor<3x7xf32>
  %7 = stablehlo.sign %s : tensor<3x7xf32>
  %m = stablehlo.constant dense<10.0> : tensor<3x7xf32>
  %big = stablehlo.multiply %s, %m : tensor<3x7xf32>
  %8 = stablehlo.floor %big : tensor<3x7xf32>
  %9 = stablehlo.round_nearest_afz %big : tensor<3x7xf32>
  %e1 = stablehlo.exponential_minus_one %s : tensor<3x7xf32>
  %l1 = stablehlo.log_plus_one %x : tensor<3x7xf32>
  %sin = stablehlo.sine %big : tensor<3x7xf32>
  %cos = stablehlo.cosine %big : tensor<3x7xf32>
  %neg = stablehlo.negate %e1 : tensor<3x7xf32>
  %t0 = stablehlo.add %l1, %sin : tensor<3x7xf32>
  %t1 = stablehlo.add %t0, %cos : tensor<3x7xf32>
  %10 = stablehlo.add %t1, %neg : tensor<3x7xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>
}

// COM: Random integers lie in [0, 10): some divisors are 0 (x / 0 = -1,
// COM: x % 0 = x).
func.func @int_ops(%a: tensor<6x4xi32>, %b: tensor<6x4xi32>) -> (tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>) {
  %0 = stablehlo.add %a, %b : tensor<6x4xi32>
  %1 = stablehlo.subtract %a, %b : tensor<6x4xi32>
  %2 = stablehlo.multiply %a, %b : tensor<6x4xi32>
  %3 = stablehlo.divide %a, %b : tensor<6x4xi32>
  %4 = stablehlo.remainder %a, %b : tensor<6x4xi32>
  %5 = stablehlo.maximum %a, %b : tensor<6x4xi32>
  %6 = stablehlo.negate %1 : tensor<6x4xi32>
  %7 = stablehlo.abs %1 : tensor<6x4xi32>
  %8 = stablehlo.shift_left %a, %b : tensor<6x4xi32>
  %9 = stablehlo.and %a, %b : tensor<6x4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>, tensor<6x4xi32>
}

func.func @compare_select(%a: tensor<8xf32>, %b: tensor<8xf32>, %i: tensor<8xi32>) -> (tensor<8xi1>, tensor<8xf32>, tensor<8xi32>, tensor<8xf32>, tensor<8xf32>) {
  %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
  %1 = stablehlo.select %0, %a, %b : tensor<8xi1>, tensor<8xf32>
  %2 = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xi32>
  %3 = stablehlo.convert %i : (tensor<8xi32>) -> tensor<8xf32>
  %lo = stablehlo.constant dense<0.25> : tensor<f32>
  %hi = stablehlo.constant dense<0.75> : tensor<f32>
  %4 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  return %0, %1, %2, %3, %4 : tensor<8xi1>, tensor<8xf32>, tensor<8xi32>, tensor<8xf32>, tensor<8xf32>
}
}
