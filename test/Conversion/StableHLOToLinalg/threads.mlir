// COM: tfg-async-parallel-loops (docs/Codegen.md, "Threads"): the outermost
// COM: scf.parallel of a large nest is dispatched to the async runtime
// COM: (upstream async-parallel-for: a compute function per block, recursive
// COM: dispatch, a group awaited); small nests and the loops inside a
// COM: dispatched one become sequential scf.for loops.
// RUN: tfg-opt %s --tfg-vectorize-linalg='parallel-loops=true vector-bits=256' --convert-linalg-to-parallel-loops --canonicalize --tfg-async-parallel-loops='num-workers=2' --canonicalize | FileCheck %s
// COM: Without tfg-vectorize-linalg: the loops of convert-linalg-to-parallel-loops.
// RUN: tfg-opt %s --convert-linalg-to-parallel-loops --canonicalize --tfg-async-parallel-loops='num-workers=2' --canonicalize | FileCheck %s --check-prefix=SCALAR

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d3)>
#row = affine_map<(d0, d1) -> (d0, d1)>
#rowsum = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @elementwise(
// CHECK: %[[GROUP:.*]] = async.create_group
// CHECK: call @async_dispatch_fn{{.*}}(%[[GROUP]],
// CHECK: async.await_all %[[GROUP]]
// CHECK-NOT: scf.parallel
// CHECK: return
// SCALAR-LABEL: func.func @elementwise(
// SCALAR: async.create_group
// SCALAR: async.await_all
func.func @elementwise(%a: memref<1x128x128x64xf32>, %b: memref<64xf32>,
                       %o: memref<1x128x128x64xf32>) {
  linalg.generic {indexing_maps = [#id, #ch, #id],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : memref<1x128x128x64xf32>, memref<64xf32>)
      outs(%o : memref<1x128x128x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  }
  return
}

// CHECK-LABEL: func.func @pooling(
// CHECK: async.create_group
// CHECK: async.await_all
// CHECK-NOT: scf.parallel
// CHECK: return
// SCALAR-LABEL: func.func @pooling(
// SCALAR: async.create_group
// SCALAR: async.await_all
func.func @pooling(%in: memref<1x130x130x64xf32>, %w: memref<3x3xf32>,
                   %out: memref<1x64x64x64xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>,
                           strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : memref<1x130x130x64xf32>, memref<3x3xf32>)
      outs(%out : memref<1x64x64x64xf32>)
  return
}

// COM: A row sum: the rows are dispatched, each row's sum stays one
// COM: sequential loop in its order (in the compute function below).
// CHECK-LABEL: func.func @rows(
// CHECK: async.create_group
// CHECK: async.await_all
// SCALAR-LABEL: func.func @rows(
// SCALAR: async.create_group
// SCALAR: async.await_all
func.func @rows(%a: memref<1024x256xf32>, %o: memref<1024xf32>) {
  linalg.generic {indexing_maps = [#row, #rowsum],
                  iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<1024x256xf32>) outs(%o : memref<1024xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// COM: Below min-work: sequential loops, nothing dispatched.
// CHECK-LABEL: func.func @small(
// CHECK-NOT: async
// CHECK-NOT: scf.parallel
// CHECK: return
// SCALAR-LABEL: func.func @small(
// SCALAR-NOT: async.
// SCALAR-NOT: scf.parallel
// SCALAR: scf.for
// SCALAR: scf.for
// SCALAR-NOT: async.
// SCALAR: return
func.func @small(%a: memref<4x7xf32>, %o: memref<4x7xf32>) {
  linalg.generic {indexing_maps = [#row, #row],
                  iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<4x7xf32>) outs(%o : memref<4x7xf32>) {
  ^bb0(%x: f32, %y: f32):
    %t = math.tanh %x : f32
    linalg.yield %t : f32
  }
  return
}

// COM: The compute functions: a block of rows, each row's reduction a
// COM: sequential loop over vectors of 8 lanes (4 registers per step).
// CHECK-LABEL: func.func private @parallel_compute_fn(
// CHECK-SAME: memref<1024x256xf32>, %{{.*}}: memref<1024xf32>)
// CHECK: scf.for
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c32
// CHECK: vector.transfer_read
// CHECK: vector.multi_reduction <add>
// CHECK-LABEL: func.func private @async_dispatch_fn(
// CHECK: async.execute
// CHECK: async.add_to_group
// SCALAR-LABEL: func.func private @parallel_compute_fn(
// SCALAR-SAME: memref<1024x256xf32>, %{{.*}}: memref<1024xf32>)
// SCALAR: scf.for
// SCALAR: scf.for %{{.*}} = %c0 to %c256 step %c1
// SCALAR: memref.load
// SCALAR: arith.addf
