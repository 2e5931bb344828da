// RUN: tfg-run %s --fetch=z,u1,g,s --check-pipeline='tfg-memory-optimizer{fetch=z,u1,g,s assume-gpu=true budget=1}' --rtol=0 --atol=0 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-memory-optimizer='fetch=z,u1,g,s assume-gpu=true budget=1 report=true' 2>&1 -o /dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tfg-run %s --fetch=z --memory-profile | FileCheck %s --check-prefix=PROFILE

// COM: The three rewrites on one graph, run before and after on the same
// COM: random inputs: the fetches are equal (the copies are identities, the
// COM: accumulation adds in AddN's order, the recomputed Relu is the Relu).
// SAME: check-pipeline: tfg-memory-optimizer
// SAME-COUNT-4: max_abs_diff=0{{.*}} ok
// SAME-NOT: MISMATCH
// REMARK: remark: tfg-memory-optimizer: estimated GPU peak {{[0-9]+}} -> {{[0-9]+}} bytes (budget 1): 1 AddN accumulated, {{[0-9]+}} recomputed, {{[1-9][0-9]*}} swapped

// COM: The interpreter's measured peak for the fetch z alone: the fed x
// COM: (1 KiB) and y (4 KiB, fed though z does not need it) live for the
// COM: whole run, r (1 KiB) until z ran, z (1 KiB) to the end: 7168 bytes
// COM: in 4 tensors. The estimate is of the whole graph: 16 KiB at step 9
// COM: (g and p1..p3 before the AddN).
// PROFILE: memory-profile: measured peak 7168 bytes of live tensors (4 tensors made)
// PROFILE-NEXT: memory-profile: estimated peak 16384 bytes at step 9 of 11 (0 persistent, 0 tensors of unknown size not counted)
// PROFILE-NEXT: memory-profile: estimate/measured 2.286
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<1x256xf32>)
  %R, %c1 = Relu(%X) name("r") {T = f32, _recompute_hint = 0 : i64} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %U, %c2 = Neg(%R) name("u1") {T = f32} : (tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %Y, %c3 = Placeholder name("y") {dtype = f32, shape = #tf_type.shape<1x1024>} : () -> (tensor<1x1024xf32>)
  %E, %c4 = Exp(%Y) name("e") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %G, %c5 = Mul(%E, %E) name("g") {T = f32} : (tensor<1x1024xf32>, tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %Z, %c6 = AddV2(%R, %X) name("z") {T = f32} : (tensor<1x256xf32>, tensor<1x256xf32>) -> (tensor<1x256xf32>)
  %P1, %c7 = Sqrt(%G) name("p1") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %P2, %c8 = Square(%G) name("p2") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %P3, %c9 = Abs(%G) name("p3") {T = f32} : (tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
  %S, %c10 = AddN(%P1, %P2, %P3) name("s") {N = 3 : i64, T = f32} : (tensor<1x1024xf32>, tensor<1x1024xf32>, tensor<1x1024xf32>) -> (tensor<1x1024xf32>)
}
