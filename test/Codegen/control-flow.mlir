// COM: Control flow, sort and scatter compiled for the host CPU equal the
// COM: StableHLO interpreter exactly (generated inputs: floats, and
// COM: integers in [0, 10), so the case index also takes the default
// COM: branch and some scatter indices fall outside the result).
// RUN: tfg-run %s --backend=llvm --function=loops --check-interpreter | FileCheck %s --check-prefix=LOOPS
// LOOPS: check-interpreter: compiled vs. StableHLO interpreter
// LOOPS-COUNT-3: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=branches --check-interpreter | FileCheck %s --check-prefix=BRANCHES
// BRANCHES-COUNT-2: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=sorts --check-interpreter | FileCheck %s --check-prefix=SORTS
// SORTS-COUNT-4: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// RUN: tfg-run %s --backend=llvm --function=scatters --check-interpreter | FileCheck %s --check-prefix=SCATTERS
// SCATTERS-COUNT-3: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// COM: The loop-carried buffers of a 341-element list, written by
// COM: dynamic_update_slice at the iteration index, as the models' lists.
// RUN: tfg-run %s --backend=llvm --function=list --check-interpreter | FileCheck %s --check-prefix=LIST
// LIST-COUNT-2: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok
// COM: A uint8 image carried by a loop, sliced and converted (the models'
// COM: input).
// RUN: tfg-run %s --backend=llvm --function=image --check-interpreter | FileCheck %s --check-prefix=IMAGE
// IMAGE-COUNT-2: result{{[0-9]}}: max_abs_diff=0 max_rel_diff=0 ok

module {
// COM: A counted loop carrying a vector and a matrix; a nested loop whose
// COM: trip count depends on the outer index.
func.func @loops(%x: tensor<4xf32>, %m: tensor<3x4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<3x4xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %zero, %s = %x, %a = %m) : tensor<i32>, tensor<4xf32>, tensor<3x4xf32>
  cond {
    %ten = stablehlo.constant dense<6> : tensor<i32>
    %c = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    %half = stablehlo.constant dense<0.5> : tensor<4xf32>
    %s1 = stablehlo.multiply %s, %half : tensor<4xf32>
    %s2 = stablehlo.add %s1, %x : tensor<4xf32>
    %inner:2 = stablehlo.while(%j = %zero, %b = %a) : tensor<i32>, tensor<3x4xf32>
    cond {
      %c = stablehlo.compare LT, %j, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %j1 = stablehlo.add %j, %one : tensor<i32>
      %bb = stablehlo.broadcast_in_dim %s2, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
      %b1 = stablehlo.add %b, %bb : tensor<3x4xf32>
      stablehlo.return %j1, %b1 : tensor<i32>, tensor<3x4xf32>
    }
    stablehlo.return %i1, %s2, %inner#1 : tensor<i32>, tensor<4xf32>, tensor<3x4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<4xf32>, tensor<3x4xf32>
}

func.func @branches(%p: tensor<i32>, %k: tensor<i32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %five = stablehlo.constant dense<5> : tensor<i32>
  %c = stablehlo.compare LT, %p, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %0 = "stablehlo.if"(%c) ({
    %a = stablehlo.add %x, %x : tensor<4xf32>
    stablehlo.return %a : tensor<4xf32>
  }, {
    %m = stablehlo.multiply %x, %x : tensor<4xf32>
    stablehlo.return %m : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  %1 = "stablehlo.case"(%k) ({
    %s = stablehlo.subtract %x, %0 : tensor<4xf32>
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

// COM: Floats descending with their positions (the NMS form), integers with
// COM: many equal keys (stability), 1 and 2 elements.
func.func @sorts(%x: tensor<37xf32>, %k: tensor<50xi32>, %v: tensor<50xf32>, %y: tensor<2xf32>) -> (tensor<37xf32>, tensor<37xi32>, tensor<50xf32>, tensor<2xf32>) {
  %pos = stablehlo.iota dim = 0 : tensor<37xi32>
  %r:2 = "stablehlo.sort"(%x, %pos) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<37xf32>, tensor<37xi32>) -> (tensor<37xf32>, tensor<37xi32>)
  %s:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<50xi32>, tensor<50xf32>) -> (tensor<50xi32>, tensor<50xf32>)
  %t = "stablehlo.sort"(%y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2xf32>) -> tensor<2xf32>
  return %r#0, %r#1, %s#1, %t : tensor<37xf32>, tensor<37xi32>, tensor<50xf32>, tensor<2xf32>
}

// COM: Rows replaced (the models' form), elements added with duplicate and
// COM: out-of-range indices, and a scatter with a trailing index vector.
func.func @scatters(%x: tensor<8x3xf32>, %i: tensor<4x1xi32>, %u: tensor<4x3xf32>, %j: tensor<6x2xi32>, %w: tensor<6xf32>, %y: tensor<12xi32>, %q: tensor<5xi32>, %z: tensor<5xi32>) -> (tensor<8x3xf32>, tensor<8x3xf32>, tensor<12xi32>) {
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<8x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<8x3xf32>
  %1 = "stablehlo.scatter"(%x, %j, %w) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<8x3xf32>, tensor<6x2xi32>, tensor<6xf32>) -> tensor<8x3xf32>
  %2 = "stablehlo.scatter"(%y, %q, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<12xi32>, tensor<5xi32>, tensor<5xi32>) -> tensor<12xi32>
  return %0, %1, %2 : tensor<8x3xf32>, tensor<8x3xf32>, tensor<12xi32>
}

// COM: A list of 341 rows written one per iteration and its count.
func.func @list(%x: tensor<341x4xf32>) -> (tensor<341x4xf32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %init = stablehlo.constant dense<0.0> : tensor<341x4xf32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %init) : tensor<i32>, tensor<341x4xf32>
  cond {
    %n = stablehlo.constant dense<341> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %row = stablehlo.dynamic_slice %x, %i, %zero, sizes = [1, 4] : (tensor<341x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %two = stablehlo.constant dense<2.0> : tensor<1x4xf32>
    %row2 = stablehlo.multiply %row, %two : tensor<1x4xf32>
    %acc1 = stablehlo.dynamic_update_slice %acc, %row2, %i, %zero : (tensor<341x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<341x4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %acc1 : tensor<i32>, tensor<341x4xf32>
  }
  return %r#1, %r#0 : tensor<341x4xf32>, tensor<i32>
}

func.func @image(%x: tensor<2x4x3xui8>) -> (tensor<2x4x3xf32>, tensor<4x3xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %init = stablehlo.constant dense<0.0> : tensor<2x4x3xf32>
  %r:3 = stablehlo.while(%i = %zero, %img = %x, %acc = %init) : tensor<i32>, tensor<2x4x3xui8>, tensor<2x4x3xf32>
  cond {
    %two = stablehlo.constant dense<2> : tensor<i32>
    %c = stablehlo.compare LT, %i, %two : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s = stablehlo.dynamic_slice %img, %i, %zero, %zero, sizes = [1, 4, 3] : (tensor<2x4x3xui8>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x3xui8>
    %f = stablehlo.convert %s : (tensor<1x4x3xui8>) -> tensor<1x4x3xf32>
    %scale = stablehlo.constant dense<0.5> : tensor<1x4x3xf32>
    %g = stablehlo.multiply %f, %scale : tensor<1x4x3xf32>
    %acc1 = stablehlo.dynamic_update_slice %acc, %g, %i, %zero, %zero : (tensor<2x4x3xf32>, tensor<1x4x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x4x3xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %img, %acc1 : tensor<i32>, tensor<2x4x3xui8>, tensor<2x4x3xf32>
  }
  %row = stablehlo.slice %x [1:2, 0:4, 0:3] : (tensor<2x4x3xui8>) -> tensor<1x4x3xui8>
  %flat = stablehlo.reshape %row : (tensor<1x4x3xui8>) -> tensor<4x3xui8>
  %wide = stablehlo.convert %flat : (tensor<4x3xui8>) -> tensor<4x3xi32>
  return %r#2, %wide : tensor<2x4x3xf32>, tensor<4x3xi32>
}
}
