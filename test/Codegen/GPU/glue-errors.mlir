// COM: tfg-gpu-device-memory's errors: what cannot be placed in managed memory.
// RUN: tfg-opt %s --split-input-file --tfg-gpu-device-memory --verify-diagnostics -o /dev/null

// COM: A mutable global cannot be replaced by a copy made at entry.
memref.global "private" @mutable : memref<4xf32> = dense<0.0>
func.func @mutable_global(%out: memref<4xf32>) {
  // expected-error @below {{global 'mutable' is not a constant: it cannot be copied to device memory}}
  %g = memref.get_global @mutable : memref<4xf32>
  return
}

// -----

// COM: A stack buffer yielded out of its block has no place to be freed.
func.func @escaping_alloca(%c: i1) -> memref<2xf32> {
  %r = scf.if %c -> memref<2xf32> {
    // expected-error @below {{a stack buffer that leaves its block cannot be placed in device memory}}
    %a = memref.alloca() : memref<2xf32>
    scf.yield %a : memref<2xf32>
  } else {
    %b = memref.alloca() : memref<2xf32>
    scf.yield %b : memref<2xf32>
  }
  return %r : memref<2xf32>
}
