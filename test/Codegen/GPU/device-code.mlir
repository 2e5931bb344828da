// COM: Device code without libdevice: math that NVPTX cannot select is
// COM: expanded or approximated by upstream's polynomials
// COM: (tfg-gpu-lower-math), and what remains unresolvable is an error at the
// COM: op (tfg-gpu-check-device-code), never an .extern in the PTX or an
// COM: abort in LLVM's instruction selection.
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(tfg-gpu-lower-math))' | FileCheck %s --check-prefix=MATH
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(tfg-gpu-check-device-code))' --verify-diagnostics | FileCheck %s --check-prefix=CHECKED

// MATH-LABEL: gpu.func @math
// MATH-NOT: math.exp
// MATH-NOT: math.log
// MATH-NOT: math.tanh
// MATH-NOT: math.powf
// MATH-NOT: math.sinh
// MATH-NOT: math.erf
// MATH: math.sqrt
// MATH: gpu.return
gpu.module @kernels {
  gpu.func @math(%x: f32, %y: f32, %out: memref<7xf32>) kernel {
    %0 = math.exp %x : f32
    %1 = math.log %x : f32
    %2 = math.tanh %x : f32
    %3 = math.powf %x, %y : f32
    %4 = math.sinh %x : f32
    %5 = math.erf %x : f32
    %6 = math.sqrt %x : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    memref.store %0, %out[%c0] : memref<7xf32>
    memref.store %1, %out[%c1] : memref<7xf32>
    memref.store %2, %out[%c2] : memref<7xf32>
    memref.store %3, %out[%c3] : memref<7xf32>
    memref.store %4, %out[%c4] : memref<7xf32>
    memref.store %5, %out[%c5] : memref<7xf32>
    memref.store %6, %out[%c6] : memref<7xf32>
    gpu.return
  }
}

// -----

// CHECKED-LABEL: gpu.module @selectable
// CHECKED-NOT: llvm.func @unused
// CHECKED: llvm.intr.sqrt
gpu.module @selectable {
  llvm.func @unused(f32) -> f32
  llvm.func @k(%x: f32) -> f32 {
    %0 = llvm.intr.sqrt(%x) : (f32) -> f32
    %1 = llvm.intr.exp2(%0) : (f32) -> f32
    llvm.return %1 : f32
  }
}

// -----

gpu.module @libdevice {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @k(%x: f32) -> f32 {
    // expected-error @below {{calls '__nv_expf', which has no definition in device code (libdevice is not linked)}}
    %0 = llvm.call @__nv_expf(%x) : (f32) -> f32
    llvm.return %0 : f32
  }
}

// -----

gpu.module @f64 {
  llvm.func @k(%x: f64) -> f64 {
    // expected-error @below {{'llvm.intr.exp' has no NVPTX lowering without libdevice}}
    %0 = llvm.intr.exp(%x) : (f64) -> f64
    llvm.return %0 : f64
  }
}

// -----

gpu.module @indirect {
  llvm.func @k(%f: !llvm.ptr, %x: f32) -> f32 {
    // expected-error @below {{an indirect call in device code}}
    %0 = llvm.call %f(%x) : !llvm.ptr, (f32) -> f32
    llvm.return %0 : f32
  }
}

// -----

// COM: The libdevice functions convert-gpu-to-nvvm calls that are one LLVM
// COM: operation get that operation as their body; others stay declarations.
// RUN: tfg-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(tfg-gpu-define-device-functions))' | FileCheck %s --check-prefix=BODY
// BODY-LABEL: gpu.module @device_functions
// BODY: llvm.func internal @__nv_fabsf(%[[X:.*]]: f32) -> f32
// BODY-NEXT: %[[R:.*]] = llvm.intr.fabs(%[[X]]) : (f32) -> f32
// BODY-NEXT: llvm.return %[[R]] : f32
// BODY: llvm.func internal @__nv_fmod(%[[A:.*]]: f64, %[[B:.*]]: f64) -> f64
// BODY-NEXT: llvm.frem %[[A]], %[[B]] : f64
// BODY: llvm.func internal @__nv_rsqrtf(%[[Y:.*]]: f32) -> f32
// BODY-NEXT: %[[S:.*]] = llvm.intr.sqrt(%[[Y]]) : (f32) -> f32
// BODY-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1.000000e+00 : f32) : f32
// BODY-NEXT: llvm.fdiv %[[ONE]], %[[S]] : f32
// BODY: llvm.func internal @__nv_abs(%[[I:.*]]: i32) -> i32
// BODY-NEXT: "llvm.intr.abs"(%[[I]]) <{is_int_min_poison = false}> : (i32) -> i32
// BODY: llvm.func @__nv_exp2(f64) -> f64
// BODY: llvm.func @__nv_expf(f32) -> f32
// BODY: llvm.func @__nv_fabsf_wrong(f32) -> f32
gpu.module @device_functions {
  llvm.func @__nv_fabsf(f32) -> f32
  llvm.func @__nv_fmod(f64, f64) -> f64
  llvm.func @__nv_rsqrtf(f32) -> f32
  llvm.func @__nv_abs(i32) -> i32
  llvm.func @__nv_exp2(f64) -> f64
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @__nv_fabsf_wrong(f32) -> f32
}
