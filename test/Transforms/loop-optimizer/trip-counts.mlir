// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-loop-optimizer='fetch=out simplify-trip-counts=false' | FileCheck %s --check-prefix=OFF

// COM: Region loops: a WhileRegion whose condition is false on its
// COM: constant start value is replaced by its initial values; one that
// COM: runs once by its body; a ForRegion with constant bounds likewise.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: WhileRegion
// CHECK-NOT: ForRegion
// CHECK: AddV2(%{{.*}}, %{{.*}}) name("inc_once")
// CHECK: AddV2(%{{.*}}, %{{.*}}) name("for_once")
// CHECK: IdentityN({{.*}}) name("out")
// OFF-LABEL: tfg.graph
// OFF: WhileRegion
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Five, %c3 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %Never:2, %c4 = WhileRegion(%Five, %X) {
  ^bb0(%i: tensor<i32>, %v: tensor<i32>, %ic: !tf_type.control, %vc: !tf_type.control):
    %L, %cl = Less(%i, %Five) name("less0") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %L : tensor<i1> (%i, %v) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<i32>, %ic: !tf_type.control, %vc: !tf_type.control):
    %N, %cn = AddV2(%i, %One) name("inc0") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %W, %cw = Mul(%v, %v) name("sq0") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%N, %W) : tensor<i32>, tensor<i32>
  } {_mlir_name = "never", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %Once:2, %c5 = WhileRegion(%Zero, %X) {
  ^bb0(%i: tensor<i32>, %v: tensor<i32>, %ic: !tf_type.control, %vc: !tf_type.control):
    %L, %cl = Less(%i, %One) name("less1") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %L : tensor<i1> (%i, %v) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %v: tensor<i32>, %ic: !tf_type.control, %vc: !tf_type.control):
    %N, %cn = AddV2(%i, %One) name("inc1") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %W, %cw = AddV2(%v, %Five) name("inc_once") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%N, %W) : tensor<i32>, tensor<i32>
  } {_mlir_name = "once", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %ForNever, %c6 = ForRegion(%X) from %Five to %Zero by %One {
  ^bb0(%idx: tensor<i32>, %v: tensor<i32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    %S, %cs = AddV2(%v, %idx) name("for_never") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%S) : tensor<i32>
  } {_mlir_name = "for0"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %ForOnce, %c7 = ForRegion(%X) from %One to %Five by %Five {
  ^bb0(%idx: tensor<i32>, %v: tensor<i32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    %S, %cs = AddV2(%v, %idx) name("for_once") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%S) : tensor<i32>
  } {_mlir_name = "for1"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %O:4, %c8 = IdentityN(%Never#1, %Once#1, %ForNever, %ForOnce) name("out") {T = [i32, i32, i32, i32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
}

// -----

// COM: Functional loops: While run no time -> its inputs; run once -> a
// COM: call of its body; For run once -> a call of its body with the index.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: While(
// CHECK: StatefulPartitionedCall(%{{.*}}) {{.*}}name("once") {{.*}}f = #tf_type.func<@body, {}>
// CHECK: StatefulPartitionedCall(%{{.*}}, %{{.*}}) {{.*}}name("for1") {{.*}}Tin = [i32, i32]{{.*}}f = #tf_type.func<@addi, {}>
// COM: Negative: two iterations, an unknown start and a condition with
// COM: side effects keep their loops.
// CHECK: While(%{{.*}}) name("twice")
// CHECK: While(%{{.*}}) name("unknown")
// CHECK: While(%{{.*}}) name("effects")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %Four, %c2 = Const name("four") {dtype = i32, value = dense<4> : tensor<i32>} : () -> (tensor<i32>)
  %Seven, %c3 = Const name("seven") {dtype = i32, value = dense<7> : tensor<i32>} : () -> (tensor<i32>)
  %Never, %c4 = While(%Seven) name("never") {cond = #tf_type.func<@below5, {}>, body = #tf_type.func<@body, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %Once, %c5 = While(%Four) name("once") {cond = #tf_type.func<@below5, {}>, body = #tf_type.func<@body, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %For1, %c6 = For(%Zero, %Four, %Seven, %X) name("for1") {body = #tf_type.func<@addi, {}>, T = [i32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Twice, %c7 = While(%Zero) name("twice") {cond = #tf_type.func<@below2, {}>, body = #tf_type.func<@body, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %Unknown, %c8 = While(%X) name("unknown") {cond = #tf_type.func<@below5, {}>, body = #tf_type.func<@body, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %Effects, %c9 = While(%Seven) name("effects") {cond = #tf_type.func<@below5_print, {}>, body = #tf_type.func<@body, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %O:6, %c10 = IdentityN(%Never, %Once, %For1, %Twice, %Unknown, %Effects) name("out") {T = [i32, i32, i32, i32, i32, i32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
}
tfg.func @body(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %One) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @below5(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%v, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @below2(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%v, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @below5_print(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %S, %ctl_s = AsString(%v) name("str") {T = i32, fill = "", precision = -1 : i64, scientific = false, shortest = false, width = -1 : i64} : (tensor<i32>) -> (tensor<!tf_type.string>)
  %ctl_p = PrintV2(%S) name("print") {end = "\0A", output_stream = "stderr"} : (tensor<!tf_type.string>) -> ()
  %L, %ctl_0 = Less(%v, %C) [%ctl_p] name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @addi(%i: tensor<i32> {tfg.name = "i"}, %v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %Add, %ctl = AddV2(%v, %i) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}

// -----

// COM: Negative: a fetched loop and a `_grappler_do_not_remove` loop are
// COM: kept although they run no iteration.
// CHECK-LABEL: tfg.graph
// CHECK: ForRegion
// CHECK: ForRegion
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Keep, %c3 = ForRegion(%X) from %One to %Zero by %One {
  ^bb0(%idx: tensor<i32>, %v: tensor<i32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    yield(%v) : tensor<i32>
  } {_mlir_name = "keep", _grappler_do_not_remove = true} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %O, %c4 = ForRegion(%Keep) from %One to %Zero by %One {
  ^bb0(%idx: tensor<i32>, %v: tensor<i32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    yield(%v) : tensor<i32>
  } {_mlir_name = "out"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
}
