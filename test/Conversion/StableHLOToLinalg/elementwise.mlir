// RUN: tfg-opt %s --stablehlo-to-linalg --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add_f32
// CHECK: %[[E:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%arg0, %arg1 : tensor<2x3xf32>, tensor<2x3xf32>) outs(%[[E]] : tensor<2x3xf32>)
// CHECK: arith.addf
// CHECK-NOT: stablehlo.
func.func @add_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// COM: Booleans add as or; integer division guards zero and MIN / -1.
// CHECK-LABEL: func.func @int_ops
// CHECK: arith.ori
// CHECK: arith.cmpi eq
// CHECK: arith.divsi
// CHECK: arith.select
// CHECK: arith.remsi
func.func @int_ops(%p: tensor<4xi1>, %a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) {
  %0 = stablehlo.add %p, %p : tensor<4xi1>
  %1 = stablehlo.divide %a, %b : tensor<4xi32>
  %2 = stablehlo.remainder %a, %b : tensor<4xi32>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi32>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @math
// CHECK: math.exp
// CHECK: math.tanh
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: arith.divf
func.func @math(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.exponential %a : tensor<4xf32>
  %1 = stablehlo.tanh %a : tensor<4xf32>
  %2 = stablehlo.maximum %a, %a : tensor<4xf32>
  %3 = stablehlo.logistic %a : tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// COM: 0-d bounds of clamp and the predicate of select are broadcast.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @clamp_select
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #{{.*}}, #[[SCALAR]], #{{.*}}]
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: arith.cmpf ogt
// CHECK: arith.select
// CHECK: arith.fptosi {{.*}} : f32 to i32
func.func @clamp_select(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %c = stablehlo.compare GT, %x, %0, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.select %c, %x, %0 : tensor<4xi1>, tensor<4xf32>
  %2 = stablehlo.convert %1 : (tensor<4xf32>) -> tensor<4xi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}
