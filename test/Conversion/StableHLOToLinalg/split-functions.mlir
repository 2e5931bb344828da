// COM: tfg-split-functions: a function of more than max-ops operations is cut
// COM: into runs of consecutive operations, each outlined to a private
// COM: no_inline function. Constants and globals are cloned into the runs,
// COM: allocas stay in the caller, values used after a run are returned.
// RUN: tfg-opt %s --split-input-file --tfg-split-functions=max-ops=16 | FileCheck %s

memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// COM: 29 operations: the loops and the deallocation are outlined in runs of
// COM: at most 16, [loop 1, loop 2] and [loop 3, dealloc]; the buffers stay
// COM: in the caller, the unused constants and global go.
// CHECK-LABEL: func.func @chain(%arg0: memref<4xf32>, %arg1: memref<4xf32>) {
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[S:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT:    call @chain_part0(%arg0, %[[T]], %[[S]]) : (memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    call @chain_part1(%[[S]], %arg0, %arg1, %[[T]]) : (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) -> ()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @chain_part0(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32>) attributes {no_inline, passthrough = ["noinline"]} {
// CHECK-DAG:     arith.constant 0 : index
// CHECK-DAG:     arith.constant 4 : index
// CHECK-DAG:     arith.constant 1 : index
// CHECK-DAG:     memref.get_global @w : memref<4xf32>
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %arg1[%{{.*}}] : memref<4xf32>
// CHECK:         scf.for
// CHECK:           memref.store %{{.*}}, %arg2[%{{.*}}] : memref<4xf32>
// CHECK:         return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @chain_part1(%arg0: memref<4xf32>, %arg1: memref<4xf32>, %arg2: memref<4xf32>, %arg3: memref<4xf32>) attributes {no_inline, passthrough = ["noinline"]} {
// CHECK:         scf.for
// CHECK:         memref.dealloc %arg3 : memref<4xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @chain(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @w : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %x[%i] : memref<4xf32>
    %b = memref.load %w[%i] : memref<4xf32>
    %s = arith.addf %a, %b : f32
    %m = arith.mulf %s, %s : f32
    memref.store %m, %t[%i] : memref<4xf32>
  }
  %s = memref.alloca() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %t[%i] : memref<4xf32>
    %b = memref.load %t[%i] : memref<4xf32>
    %p = arith.mulf %a, %b : f32
    %q = arith.addf %p, %a : f32
    memref.store %q, %s[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %s[%i] : memref<4xf32>
    %b = memref.load %x[%i] : memref<4xf32>
    %p = arith.addf %a, %b : f32
    %q = arith.mulf %p, %b : f32
    memref.store %q, %y[%i] : memref<4xf32>
  }
  memref.dealloc %t : memref<4xf32>
  return
}

// COM: At most max-ops operations: left as it is.
// CHECK-LABEL: func.func @small
// CHECK-NOT:   call
// CHECK-NOT:   func.func private @small_part
func.func @small(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %x[%i] : memref<4xf32>
    %s = arith.addf %a, %a : f32
    memref.store %s, %x[%i] : memref<4xf32>
  }
  return
}

// -----

// COM: One loop over max-ops: its body is split instead (the induction
// COM: variable an argument, the loop-carried value returned); an alloca
// COM: sized by a run ends the run before it.
// CHECK-LABEL: func.func @nested(%arg0: memref<8x4xf32>, %arg1: memref<index>) -> f32 {
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[N:.*]] = func.call @nested_part0(%arg1, %arg0, %[[I]]) : (memref<index>, memref<8x4xf32>, index) -> index
// CHECK-NEXT:      %[[B:.*]] = memref.alloca(%[[N]]) : memref<?xf32>
// CHECK-NEXT:      %[[R:.*]] = func.call @nested_part1(%[[ACC]], %arg0, %[[I]], %[[B]]) : (f32, memref<8x4xf32>, index, memref<?xf32>) -> f32
// CHECK-NEXT:      scf.yield %[[R]] : f32
// CHECK:       func.func private @nested_part0(%arg0: memref<index>, %arg1: memref<8x4xf32>, %arg2: index) -> index attributes {no_inline, passthrough = ["noinline"]}
// CHECK:       func.func private @nested_part1(%arg0: f32, %arg1: memref<8x4xf32>, %arg2: index, %arg3: memref<?xf32>) -> f32 attributes {no_inline, passthrough = ["noinline"]}
func.func @nested(%x: memref<8x4xf32>, %n: memref<index>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
    %size = memref.load %n[] : memref<index>
    scf.for %j = %c0 to %c4 step %c1 {
      %a = memref.load %x[%i, %j] : memref<8x4xf32>
      %s = arith.addf %a, %a : f32
      %m = arith.mulf %s, %a : f32
      %d = arith.subf %m, %a : f32
      %e = arith.divf %d, %s : f32
      memref.store %e, %x[%i, %j] : memref<8x4xf32>
    }
    %buf = memref.alloca(%size) : memref<?xf32>
    %t = scf.for %j = %c0 to %c4 step %c1 iter_args(%u = %acc) -> (f32) {
      %a = memref.load %x[%i, %j] : memref<8x4xf32>
      memref.store %a, %buf[%c0] : memref<?xf32>
      %b = memref.load %buf[%c0] : memref<?xf32>
      %v = arith.addf %u, %b : f32
      %w = arith.mulf %v, %b : f32
      %z = arith.subf %w, %a : f32
      scf.yield %z : f32
    }
    scf.yield %t : f32
  }
  return %r : f32
}

// -----

// COM: A run never moves past an operation that may touch memory (a call
// COM: returning a buffer stays in the caller): two runs around it.
// CHECK-LABEL: func.func @barrier(%arg0: memref<4xf32>) {
// CHECK-NEXT:    call @barrier_part0(%arg0) : (memref<4xf32>) -> ()
// CHECK-NEXT:    %[[M:.*]] = call @make(%arg0) : (memref<4xf32>) -> memref<4xf32>
// CHECK-NEXT:    call @barrier_part1(%[[M]]) : (memref<4xf32>) -> ()
// CHECK-NEXT:    return
func.func private @make(memref<4xf32>) -> memref<4xf32>
func.func @barrier(%x: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %x[%i] : memref<4xf32>
    %s = arith.addf %a, %a : f32
    %m = arith.mulf %s, %a : f32
    %d = arith.subf %m, %a : f32
    %e = arith.divf %d, %s : f32
    memref.store %e, %x[%i] : memref<4xf32>
  }
  %y = func.call @make(%x) : (memref<4xf32>) -> memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.load %y[%i] : memref<4xf32>
    %s = arith.addf %a, %a : f32
    %m = arith.mulf %s, %a : f32
    %d = arith.subf %m, %a : f32
    %e = arith.divf %d, %s : f32
    memref.store %e, %y[%i] : memref<4xf32>
  }
  return
}
