// RUN: tfg-opt %s --stablehlo-to-linalg | FileCheck %s

// COM: while: scf.while on tensors, the predicate extracted for
// COM: scf.condition, the body's ops lowered in the moved region.
// CHECK-LABEL: func.func @count
// CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %arg0, %[[S:.*]] = %arg1) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>)
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: scf.condition(%[[P]]) %[[I]], %[[S]]
// CHECK: } do {
// CHECK: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<4xf32>):
// CHECK: arith.addi
// CHECK: arith.addf
// CHECK: scf.yield
// CHECK-NOT: stablehlo.
func.func @count(%n: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = stablehlo.while(%i = %n, %s = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %ten = stablehlo.constant dense<10> : tensor<i32>
    %c = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %s1 = stablehlo.add %s, %s : tensor<4xf32>
    stablehlo.return %i1, %s1 : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// COM: if: scf.if; case: scf.index_switch whose default is the last branch.
// CHECK-LABEL: func.func @branches
// CHECK: %[[P:.*]] = tensor.extract %arg0[] : tensor<i1>
// CHECK: scf.if %[[P]] -> (tensor<4xf32>)
// CHECK: arith.addf
// CHECK: scf.yield
// CHECK: } else {
// CHECK: arith.mulf
// CHECK: scf.yield
// CHECK: %[[K:.*]] = tensor.extract %arg1[] : tensor<i32>
// CHECK: %[[KI:.*]] = arith.index_cast %[[K]] : i32 to index
// CHECK: scf.index_switch %[[KI]] -> tensor<4xf32>
// CHECK: case 0 {
// CHECK: arith.subf
// CHECK: case 1 {
// CHECK: arith.maximumf
// CHECK: default {
// CHECK: arith.minimumf
// CHECK-NOT: stablehlo.
func.func @branches(%p: tensor<i1>, %k: tensor<i32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.if"(%p) ({
    %a = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<4xf32>
    stablehlo.return %m : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %1 = "stablehlo.case"(%k) ({
    %s = stablehlo.subtract %x, %x : tensor<4xf32>
    stablehlo.return %s : tensor<4xf32>
  }, {
    %s = stablehlo.maximum %x, %0 : tensor<4xf32>
    stablehlo.return %s : tensor<4xf32>
  }, {
    %s = stablehlo.minimum %x, %0 : tensor<4xf32>
    stablehlo.return %s : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// COM: Nested control flow: a while in a case branch in a while body.
// CHECK-LABEL: func.func @nested
// CHECK: scf.while
// CHECK: scf.index_switch
// CHECK: scf.while
// CHECK-NOT: stablehlo.
func.func @nested(%n: tensor<i32>, %k: tensor<i32>) -> tensor<i32> {
  %r = stablehlo.while(%i = %n) : tensor<i32>
  cond {
    %ten = stablehlo.constant dense<10> : tensor<i32>
    %c = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %b = "stablehlo.case"(%k) ({
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i1 : tensor<i32>
    }, {
      %w = stablehlo.while(%j = %i) : tensor<i32>
      cond {
        %lim = stablehlo.constant dense<10> : tensor<i32>
        %c = stablehlo.compare LT, %j, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
      } do {
        %two = stablehlo.constant dense<2> : tensor<i32>
        %j2 = stablehlo.add %j, %two : tensor<i32>
        stablehlo.return %j2 : tensor<i32>
      }
      stablehlo.return %w : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %b : tensor<i32>
  }
  return %r : tensor<i32>
}

// COM: uint8 elements are carried by control flow and converted: the scalar
// COM: reinterpreted as signless, then converted as unsigned.
// CHECK-LABEL: func.func @image
// CHECK: scf.while
// CHECK: linalg.generic
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : ui8 to i8
// CHECK: arith.uitofp %{{.*}} : i8 to f32
func.func @image(%x: tensor<2x3xui8>) -> tensor<2x3xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %a = %x) : tensor<i32>, tensor<2x3xui8>
  cond {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %c = stablehlo.compare LT, %i, %one : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %a : tensor<i32>, tensor<2x3xui8>
  }
  %f = stablehlo.convert %r#1 : (tensor<2x3xui8>) -> tensor<2x3xf32>
  return %f : tensor<2x3xf32>
}
