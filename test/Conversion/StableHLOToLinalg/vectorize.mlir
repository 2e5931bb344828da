// COM: tfg-vectorize-linalg tiles and vectorizes the linalg ops left on
// COM: buffers (docs/Codegen.md, "Tiling and vectorization"); 256-bit
// COM: vectors: 8 float32 lanes, tiles of up to 32.
// RUN: tfg-opt %s --tfg-vectorize-linalg=vector-bits=256 --canonicalize | FileCheck %s

#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d3)>

// COM: Elementwise with identity maps over plain buffers: collapsed to one
// COM: loop of 1*8*8*6 = 384 iterations, tiled by 32.
// CHECK-LABEL: func.func @elementwise
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1, 2, 3]] : memref<1x8x8x6xf32> into memref<384xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[A:.*]] = vector.transfer_read %{{.*}} {in_bounds = [true]} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
// CHECK: %[[B:.*]] = vector.transfer_read %{{.*}} : memref<32xf32, strided<[1], offset: ?>>, vector<32xf32>
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : vector<32xf32>
// CHECK: %[[R:.*]] = arith.maximumf %[[S]], %{{.*}} : vector<32xf32>
// CHECK: vector.transfer_write %[[R]], %{{.*}} : vector<32xf32>, memref<32xf32, strided<[1], offset: ?>>
// CHECK-NOT: linalg.generic
func.func @elementwise(%a: memref<1x8x8x6xf32>, %b: memref<1x8x8x6xf32>, %out: memref<1x8x8x6xf32>) {
  linalg.generic {indexing_maps = [#id4, #id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : memref<1x8x8x6xf32>, memref<1x8x8x6xf32>) outs(%out : memref<1x8x8x6xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  }
  return
}

// COM: A bias add: the vector loop is the channel loop (64 = two tiles of
// COM: 32), the bias read as a vector of the tile.
// CHECK-LABEL: func.func @bias
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[BIAS:.*]] = memref.subview %{{.*}}[%[[C]]] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1], offset: ?>>
// CHECK: %[[X:.*]] = vector.transfer_read
// CHECK: %[[Y:.*]] = vector.transfer_read %[[BIAS]]
// CHECK: arith.addf %[[X]], %[[Y]] : vector<32xf32>
// CHECK: vector.transfer_write
func.func @bias(%a: memref<1x4x4x64xf32>, %b: memref<64xf32>, %out: memref<1x4x4x64xf32>) {
  linalg.generic {indexing_maps = [#id4, #bias, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %b : memref<1x4x4x64xf32>, memref<64xf32>) outs(%out : memref<1x4x4x64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  return
}

// COM: A sum over the innermost dimension: a vector.multi_reduction per row.
// CHECK-LABEL: func.func @reduce_inner
// CHECK: scf.for
// CHECK: %[[ROW:.*]] = vector.transfer_read %{{.*}} : memref<24xf32, strided<[1], offset: ?>>, vector<24xf32>
// CHECK: %[[ACC:.*]] = vector.transfer_read %{{.*}}[], %{{.*}} : memref<f32, strided<[], offset: ?>>, vector<f32>
// CHECK: %[[A:.*]] = vector.extract %[[ACC]][] : f32 from vector<f32>
// CHECK: vector.multi_reduction <add>, %[[ROW]], %[[A]] [0] : vector<24xf32> to f32
// CHECK: vector.transfer_write %{{.*}}[] : vector<f32>, memref<f32, strided<[], offset: ?>>
func.func @reduce_inner(%a: memref<5x24xf32>, %out: memref<5xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<5x24xf32>) outs(%out : memref<5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  return
}

// COM: A sum over the spatial dimensions (a global average pool's sum):
// COM: vectors along the channels, accumulated over the rows and columns.
// CHECK-LABEL: func.func @reduce_outer
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
// CHECK: %[[ACC:.*]] = vector.transfer_read %{{.*}} : memref<16xf32, strided<[1]>>, vector<16xf32>
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[ACC]] : vector<16xf32>
// CHECK: vector.transfer_write %[[S]]
func.func @reduce_outer(%a: memref<1x7x7x16xf32>, %out: memref<1x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a : memref<1x7x7x16xf32>) outs(%out : memref<1x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  }
  return
}

// COM: Max pooling 3x3 stride 2: vectors along the channels, a loop per
// COM: output pixel and window tap.
// CHECK-LABEL: func.func @max_pool
// CHECK-COUNT-4: scf.for
// CHECK: %[[IN:.*]] = vector.transfer_read %{{.*}} : memref<8xf32, strided<[1], offset: ?>>, vector<8xf32>
// CHECK: %[[OUT:.*]] = vector.transfer_read %{{.*}} : memref<8xf32, strided<[1], offset: ?>>, vector<8xf32>
// CHECK: %[[M:.*]] = arith.maximumf %[[OUT]], %[[IN]] : vector<8xf32>
// CHECK: vector.transfer_write %[[M]]
// CHECK-NOT: linalg.pooling
func.func @max_pool(%in: memref<1x9x9x8xf32>, %out: memref<1x4x4x8xf32>) {
  %w = memref.alloc() : memref<3x3xf32>
  linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%in, %w : memref<1x9x9x8xf32>, memref<3x3xf32>) outs(%out : memref<1x4x4x8xf32>)
  memref.dealloc %w : memref<3x3xf32>
  return
}

// COM: A transpose would write every vector lane to another row: left alone.
// CHECK-LABEL: func.func @transpose
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-NOT: vector.
// CHECK: return
func.func @transpose(%a: memref<8x16xf32>, %out: memref<16x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<8x16xf32>) outs(%out : memref<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  return
}

// COM: A copy into the interior of a padded buffer (strided rows): the
// COM: columns are contiguous, vectorized per row.
// CHECK-LABEL: func.func @strided_copy
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[V:.*]] = vector.transfer_read %{{.*}} : memref<3xf32, strided<[1], offset: ?>>, vector<3xf32>
// CHECK: vector.transfer_write %[[V]], %{{.*}} : vector<3xf32>, memref<3xf32, strided<[1], offset: ?>>
// CHECK-NOT: linalg.copy
func.func @strided_copy(%a: memref<6x6x3xf32>, %out: memref<8x8x3xf32>) {
  %v = memref.subview %out[1, 1, 0] [6, 6, 3] [1, 1, 1] : memref<8x8x3xf32> to memref<6x6x3xf32, strided<[24, 3, 1], offset: 27>>
  linalg.copy ins(%a : memref<6x6x3xf32>) outs(%v : memref<6x6x3xf32, strided<[24, 3, 1], offset: 27>>)
  return
}

// COM: A body with tensor.extract (a gather) stays scalar.
// CHECK-LABEL: func.func @gather_like
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK-NOT: vector.
// CHECK: return
func.func @gather_like(%t: tensor<10xf32>, %i: memref<4xi32>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%i : memref<4xi32>) outs(%out : memref<4xf32>) {
  ^bb0(%x: i32, %o: f32):
    %c = arith.index_cast %x : i32 to index
    %e = tensor.extract %t[%c] : tensor<10xf32>
    linalg.yield %e : f32
  }
  return
}

// COM: Integers: 8 lanes of i32; an iota through linalg.index. 40 columns:
// COM: a tile of 32, then the remainder of 8, whose indices start at 32.
// CHECK-LABEL: func.func @iota
// CHECK: %[[OFF:.*]] = arith.constant dense<32> : vector<8xindex>
// CHECK: memref.subview %{{.*}}[0, 0] [3, 32] [1, 1]
// CHECK: scf.for
// CHECK: %[[S:.*]] = vector.step : vector<32xindex>
// CHECK: %[[C:.*]] = arith.index_cast %[[S]] : vector<32xindex> to vector<32xi32>
// CHECK: vector.transfer_write %[[C]]
// CHECK: memref.subview %{{.*}}[0, 32] [3, 8] [1, 1]
// CHECK: scf.for
// CHECK: %[[S8:.*]] = vector.step : vector<8xindex>
// CHECK: %[[I:.*]] = arith.addi %[[S8]], %[[OFF]] : vector<8xindex>
// CHECK: %[[C8:.*]] = arith.index_cast %[[I]] : vector<8xindex> to vector<8xi32>
// CHECK: vector.transfer_write %[[C8]]
func.func @iota(%out: memref<3x40xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      outs(%out : memref<3x40xi32>) {
  ^bb0(%o: i32):
    %j = linalg.index 1 : index
    %c = arith.index_cast %j : index to i32
    linalg.yield %c : i32
  }
  return
}

// COM: Booleans are bytes in memory but bits in a vector: left alone.
// CHECK-LABEL: func.func @bools
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-NOT: vector.
// CHECK: return
func.func @bools(%a: memref<64xf32>, %b: memref<64xf32>, %out: memref<64xi1>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a, %b : memref<64xf32>, memref<64xf32>) outs(%out : memref<64xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %c = arith.cmpf ogt, %x, %y : f32
    linalg.yield %c : i1
  }
  return
}

// COM: A loop of 100 with 8 lanes: 3 tiles of 32 and a remainder of 4,
// COM: split off on subviews.
// CHECK-LABEL: func.func @remainder
// CHECK: %[[MAIN:.*]] = memref.subview %{{.*}}[0] [96] [1] : memref<100xf32> to memref<96xf32, strided<[1]>>
// CHECK: scf.for
// CHECK: math.exp %{{.*}} : vector<32xf32>
// CHECK: memref.subview %{{.*}}[96] [4] [1] : memref<100xf32> to memref<4xf32, strided<[1], offset: 96>>
// CHECK: math.exp %{{.*}} : vector<4xf32>
func.func @remainder(%a: memref<100xf32>, %out: memref<100xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : memref<100xf32>) outs(%out : memref<100xf32>) {
  ^bb0(%x: f32, %o: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// COM: A reversal: tiles of one iteration would not read one element per
// COM: dimension (-d1 + 7); left alone.
// CHECK-LABEL: func.func @reverse
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK-NOT: vector.
// CHECK: return
func.func @reverse(%x: memref<1x8x8x16xf32>, %out: memref<1x8x8x16xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, -d1 + 7, -d2 + 7, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : memref<1x8x8x16xf32>) outs(%out : memref<1x8x8x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}
