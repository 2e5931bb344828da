// COM: The glue passes of tfg-stablehlo-to-gpu-pipeline, one at a time.
// RUN: tfg-opt %s --split-input-file --tfg-gpu-copies-to-linalg | FileCheck %s --check-prefix=COPY
// RUN: tfg-opt %s --split-input-file --tfg-gpu-device-memory | FileCheck %s --check-prefix=MEM
// RUN: tfg-opt %s --split-input-file --tfg-gpu-collapse-parallel | FileCheck %s --check-prefix=COLLAPSE
// RUN: tfg-opt %s --split-input-file --tfg-gpu-merge-kernel-modules | FileCheck %s --check-prefix=MERGE

// COPY-LABEL: func.func @copy
// COPY-NOT: memref.copy
// COPY: linalg.copy ins(%arg0 : memref<4x5xf32>) outs(%arg1 : memref<4x5xf32>)
func.func @copy(%a: memref<4x5xf32>, %b: memref<4x5xf32>) {
  memref.copy %a, %b : memref<4x5xf32> to memref<4x5xf32>
  return
}

// -----

// MEM: memref.global "private" constant @w
// MEM-LABEL: func.func @memory
// MEM-SAME: llvm.emit_c_interface
// MEM: %[[HOST:.*]] = memref.get_global @w : memref<4xf32>
// MEM-NEXT: %[[W:.*]] = gpu.alloc  host_shared () : memref<4xf32>
// MEM-NEXT: %[[S0:.*]] = gpu.wait async
// MEM-NEXT: %[[C:.*]] = gpu.memcpy async [%[[S0]]] %[[W]], %[[HOST]] : memref<4xf32>, memref<4xf32>
// MEM-NEXT: gpu.wait [%[[C]]]
// MEM-NOT: memref.get_global
// MEM: %[[T:.*]] = gpu.alloc  host_shared () : memref<4xf32>
// MEM: %[[S:.*]] = gpu.alloc  host_shared () : memref<2xf32>
// MEM: scf.parallel
// MEM: memref.alloca() : memref<1xf32>
// MEM: gpu.dealloc async [%{{.*}}] %[[T]] : memref<4xf32>
// MEM: gpu.dealloc async [%{{.*}}] %[[S]] : memref<2xf32>
// MEM: gpu.dealloc async [%{{.*}}] %[[W]] : memref<4xf32>
// MEM-NEXT: gpu.wait
// MEM-NEXT: return
memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @memory(%out: memref<4xf32>) {
  %w = memref.get_global @w : memref<4xf32>
  %t = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
  %s = memref.alloca() : memref<2xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %p = memref.alloca() : memref<1xf32>
    %x = memref.load %w[%i] : memref<4xf32>
    memref.store %x, %t[%i] : memref<4xf32>
    memref.store %x, %out[%i] : memref<4xf32>
    scf.reduce
  }
  %w2 = memref.get_global @w : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}

// -----

// COLLAPSE-LABEL: func.func @collapse
// COLLAPSE: scf.parallel (%[[I:[a-z0-9]+]]) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// COLLAPSE-NOT: scf.parallel
// COLLAPSE: arith.remsi %[[I]]
// COLLAPSE: memref.store
func.func @collapse(%a: memref<3x4x5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%c3, %c4, %c5) step (%c1, %c1, %c1) {
    memref.store %f, %a[%i, %j, %k] : memref<3x4x5xf32>
    scf.reduce
  }
  return
}

// -----

// MERGE: gpu.module @tfg_kernels {
// MERGE-DAG: gpu.func @k0
// MERGE-DAG: gpu.func @k1
// MERGE-NOT: gpu.module
// MERGE-LABEL: func.func @launch
// MERGE: gpu.launch_func  @tfg_kernels::@k0
// MERGE: gpu.launch_func  @tfg_kernels::@k1
module attributes {gpu.container_module} {
  gpu.module @m0 {
    gpu.func @k0() kernel { gpu.return }
  }
  gpu.module @m1 {
    gpu.func @k1() kernel { gpu.return }
  }
  func.func @launch() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @m0::@k0 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @m1::@k1 blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}

