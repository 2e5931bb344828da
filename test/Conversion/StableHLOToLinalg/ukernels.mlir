// COM: tfg-linalg-to-ukernels replaces float32 matmuls and convolutions on
// COM: buffers with calls of the runtime's micro-kernels (tfg/Codegen/Runtime.h);
// COM: operands are cast to fully dynamic strided memrefs, strides and
// COM: dilations are i64 arguments. Tensors, other element types and matmuls
// COM: with other indexing maps stay linalg.
// RUN: tfg-opt %s --tfg-linalg-to-ukernels --cse | FileCheck %s

// CHECK-DAG: func.func private @tfg_rt_matmul_f32(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tfg_rt_batch_matmul_f32(memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, {{.*}}) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tfg_rt_conv2d_nhwc_hwcf_f32(memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>, i64, i64, i64, i64) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tfg_rt_depthwise_f32({{.*}}memref<?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?], offset: ?>>, i64, i64, i64, i64, i64, i64, i64, i64, i64) attributes {llvm.emit_c_interface}

// CHECK-LABEL: func.func @matmuls
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<4x8xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[B:.*]] = memref.cast %arg1 : memref<8x5xf32, strided<[10, 2], offset: 1>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[C:.*]] = memref.cast %arg2
// CHECK: call @tfg_rt_matmul_f32(%[[A]], %[[B]], %[[C]])
// CHECK: call @tfg_rt_batch_matmul_f32(
// CHECK-NOT: linalg.matmul
// CHECK-NOT: linalg.batch_matmul
func.func @matmuls(%a: memref<4x8xf32>, %b: memref<8x5xf32, strided<[10, 2], offset: 1>>, %c: memref<4x5xf32>,
                   %x: memref<2x4x8xf32>, %y: memref<2x8x5xf32>, %z: memref<2x4x5xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x5xf32, strided<[10, 2], offset: 1>>) outs(%c : memref<4x5xf32>)
  linalg.batch_matmul ins(%x, %y : memref<2x4x8xf32>, memref<2x8x5xf32>) outs(%z : memref<2x4x5xf32>)
  return
}

// CHECK-LABEL: func.func @convs
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[C2]], %[[C1]], %[[C1]], %[[C3]])
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : i64
// CHECK: call @tfg_rt_depthwise_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C0]], %[[C0]], %[[C9]], %[[C9]], %[[C0]])
// CHECK-NOT: linalg.conv
// CHECK-NOT: linalg.depthwise
func.func @convs(%x: memref<1x9x9x4xf32>, %k: memref<3x3x4x6xf32>, %o: memref<1x4x3x6xf32>,
                 %dk: memref<3x3x4x2xf32>, %do: memref<1x7x7x4x2xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 3]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x9x4xf32>, memref<3x3x4x6xf32>) outs(%o : memref<1x4x3x6xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %dk : memref<1x9x9x4xf32>, memref<3x3x4x2xf32>) outs(%do : memref<1x7x7x4x2xf32>)
  return
}

// CHECK-LABEL: func.func @kept
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<4x8xf64>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<4x8xi32>
// CHECK: linalg.matmul indexing_maps
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>
// CHECK-NOT: call @tfg_rt
func.func @kept(%a: memref<4x8xf64>, %b: memref<8x5xf64>, %c: memref<4x5xf64>,
                %ia: memref<4x8xi32>, %ib: memref<8x5xi32>, %ic: memref<4x5xi32>,
                %ta: memref<8x4xf32>, %fb: memref<8x5xf32>, %fc: memref<4x5xf32>,
                %t: tensor<4x8xf32>, %u: tensor<8x5xf32>, %v: tensor<4x5xf32>) -> tensor<4x5xf32> {
  linalg.matmul ins(%a, %b : memref<4x8xf64>, memref<8x5xf64>) outs(%c : memref<4x5xf64>)
  linalg.matmul ins(%ia, %ib : memref<4x8xi32>, memref<8x5xi32>) outs(%ic : memref<4x5xi32>)
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%ta, %fb : memref<8x4xf32>, memref<8x5xf32>) outs(%fc : memref<4x5xf32>)
  %r = linalg.matmul ins(%t, %u : tensor<4x8xf32>, tensor<8x5xf32>) outs(%v : tensor<4x5xf32>) -> tensor<4x5xf32>
  return %r : tensor<4x5xf32>
}
