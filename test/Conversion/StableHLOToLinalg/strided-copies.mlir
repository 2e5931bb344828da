// COM: tfg-strided-copies-to-linalg: a memref.copy into a strided subview (the
// COM: interior of a padded tensor) becomes linalg.copy; a copy between
// COM: contiguous buffers stays memref.copy (a memcpy in LLVM).
// RUN: tfg-opt %s --tfg-strided-copies-to-linalg | FileCheck %s
// CHECK-LABEL: func.func @copies
// CHECK: linalg.copy ins(%arg0 : memref<1x4x4x3xf32>) outs(%{{.*}} : memref<1x4x4x3xf32, strided<[108, 18, 3, 1], offset: 21>>)
// CHECK: memref.copy %arg0, %arg2 : memref<1x4x4x3xf32> to memref<1x4x4x3xf32>
// CHECK-NOT: linalg.copy
func.func @copies(%x: memref<1x4x4x3xf32>, %padded: memref<1x6x6x3xf32>, %y: memref<1x4x4x3xf32>) {
  %interior = memref.subview %padded[0, 1, 1, 0] [1, 4, 4, 3] [1, 1, 1, 1] : memref<1x6x6x3xf32> to memref<1x4x4x3xf32, strided<[108, 18, 3, 1], offset: 21>>
  memref.copy %x, %interior : memref<1x4x4x3xf32> to memref<1x4x4x3xf32, strided<[108, 18, 3, 1], offset: 21>>
  memref.copy %x, %y : memref<1x4x4x3xf32> to memref<1x4x4x3xf32>
  return
}
