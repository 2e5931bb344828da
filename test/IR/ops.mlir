// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --emit-bytecode | tfg-opt | FileCheck %s
// RUN: tfg-opt %s > %t.1 && tfg-opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: tfg-opt %s --mlir-print-op-generic > %t.g1 && tfg-opt %t.g1 --mlir-print-op-generic > %t.g2 && diff %t.g1 %t.g2

// COM: Round trips of every tfg op, type and attribute: custom form, generic
// COM: form and bytecode all print the same custom form again.

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 42, min_consumer = 33>
// CHECK-DAG: %[[ADD:.*]], %[[CTL:.*]] = AddV2(%[[X:.*]], %[[X]]) [%[[XCTL:.*]]] name("add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
// CHECK-DAG: %[[X]], %[[XCTL]] = Placeholder device("/job:localhost/CPU:0") assigned_device("/CPU:0") name("x") {dtype = i32} : () -> (tensor<*xi32>)
// CHECK-DAG: NoOp [%[[CTL]]] name("sink")
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  // A forward reference: AddV2 uses the Placeholder defined below.
  %AddV2, %ctl = AddV2(%Placeholder, %Placeholder) [%ctl_0] name("add") {T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>)
  %Placeholder, %ctl_0 = Placeholder device("/job:localhost/CPU:0") assigned_device("/CPU:0") name("x") {dtype = i32} : () -> (tensor<*xi32>)
  %ctl_1 = NoOp [%ctl] name("sink")
}

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 1, min_consumer = 0, bad_consumers = [2, 3]>
// CHECK-DAG: Merge({{.*}}) name("merge")
// CHECK-DAG: NextIteration({{.*}}) name("next")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0, bad_consumers = [2, 3]> {
  // A cycle through NextIteration.
  %Const, %ctl = Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %Merge:2, %ctl_0 = Merge(%Const, %NextIteration) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %NextIteration, %ctl_1 = NextIteration(%Merge#0) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

// COM: A generic function: opaque tensors, get_result on a named output.
// CHECK-LABEL: tfg.func generic @generic_switch(
// CHECK-SAME: %[[DATA:.*]]: !tf_type.tensor {tfg.name = "data"},
// CHECK-NEXT: %[[PRED:.*]]: !tf_type.tensor {tfg.name = "pred"})
// CHECK-NEXT: -> (!tf_type.tensor {tfg.name = "out"})
// CHECK-NEXT: attributes {description = "a generic function", is_stateful} {
// CHECK: %{{.*}}, %[[SWCTL:.*]] = Switch(%[[DATA]], %[[PRED]]) [%[[PRED]].ctl] name("switch") {T = #tf_type.placeholder<"T">}
// CHECK: %[[F:.*]] = get_result(%[[SWCTL]]) "output_false" : 0 : !tf_type.tensor
// CHECK: return(%[[F]]) [%[[SWCTL]] {tfg.name = "switched"}] : !tf_type.tensor
tfg.func generic @generic_switch(%data: !tf_type.tensor {tfg.name = "data"},
                                 %pred: !tf_type.tensor {tfg.name = "pred"})
    -> (!tf_type.tensor {tfg.name = "out"})
    attributes {description = "a generic function", is_stateful} {
  %Switch:2, %ctl = Switch(%data, %pred) [%pred.ctl] name("switch") {T = #tf_type.placeholder<"T">} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor, !tf_type.tensor)
  %false = get_result(%ctl) "output_false" : 0 : !tf_type.tensor
  return(%false) [%ctl {tfg.name = "switched"}] : !tf_type.tensor
}

// COM: An instantiated function using the control token of an argument.
// CHECK-LABEL: tfg.func @instantiated(
// CHECK-SAME: %[[A:.*]]: tensor<*xf32> {tfg.name = "a"},
// CHECK-NEXT: %[[B:.*]]: tensor<*xf32> {tfg.name = "b"})
// CHECK-NEXT: -> (tensor<*xf32> {tfg.name = "sum"})
// CHECK-NEXT: attributes {gradient = @generic_switch}
// CHECK: Add(%[[A]], %[[B]]) [%[[B]].ctl] name("add")
tfg.func @instantiated(%a: tensor<*xf32> {tfg.name = "a"}, %b: tensor<*xf32> {tfg.name = "b"})
    -> (tensor<*xf32> {tfg.name = "sum"}) attributes {gradient = @generic_switch} {
  %Add, %ctl = Add(%a, %b) [%b.ctl] name("add") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%Add) : tensor<*xf32>
}

// COM: Arguments without usable names are numbered.
// CHECK-LABEL: tfg.func @unnamed_args(
// CHECK-SAME: %[[U0:.*]]: tensor<i32>,
// CHECK-NEXT: %[[U1:.*]]: tensor<i32> {tfg.name = "1bad"})
// CHECK: return(%[[U0]]) [%[[U1]].ctl {tfg.name = "c"}] : tensor<i32>
tfg.func @unnamed_args(%x: tensor<i32>, %y: tensor<i32> {tfg.name = "1bad"}) -> (tensor<i32>) {
  return(%x) [%y.ctl {tfg.name = "c"}] : tensor<i32>
}

// CHECK-LABEL: tfg.func @then
tfg.func @then(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32>) {
  return(%x) : tensor<*xf32>
}
// CHECK-LABEL: tfg.func @cond
tfg.func @cond(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i1>) {
  %Const, %ctl = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  return(%Const) : tensor<i1>
}
// CHECK-LABEL: tfg.func @body
tfg.func @body(%x: tensor<i32> {tfg.name = "x"}) -> (tensor<i32>) {
  return(%x) : tensor<i32>
}
// CHECK-LABEL: tfg.func @for_body
tfg.func @for_body(%i: tensor<i32> {tfg.name = "i"}, %x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32>) {
  return(%x) : tensor<*xf32>
}

// COM: Functional control flow, every variant.
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 3, min_consumer = 0>
// CHECK-DAG: If(%{{.*}}, %{{.*}}) name("if") {Tcond = i1, else_branch = #tf_type.func<@then, {}>, then_branch = #tf_type.func<@then, {T = f32}>}
// CHECK-DAG: StatelessIf(%{{.*}}, %{{.*}}) name("sif")
// CHECK-DAG: StatefulIf(%{{.*}}, %{{.*}}) name("fif")
// CHECK-DAG: Case(%{{.*}}, %{{.*}}) name("case") {branches = [#tf_type.func<@then, {}>, #tf_type.func<@then, {}>]}
// CHECK-DAG: StatelessCase(
// CHECK-DAG: StatefulCase(
// CHECK-DAG: While(%{{.*}}) [%{{.*}}] name("while") {body = #tf_type.func<@body, {}>, cond = #tf_type.func<@cond, {}>, parallel_iterations = 10 : i64}
// CHECK-DAG: StatelessWhile(
// CHECK-DAG: StatefulWhile(
// CHECK-DAG: For(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) name("for") {body = #tf_type.func<@for_body, {}>}
tfg.graph #tf_type.version<producer = 3, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %i, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %x, %ctl_1 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %If, %ctl_2 = If(%c, %x) name("if") {Tcond = i1, then_branch = #tf_type.func<@then, {T = f32}>, else_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
  %SIf, %ctl_3 = StatelessIf(%c, %x) name("sif") {then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
  %FIf, %ctl_4 = StatefulIf(%c, %x) name("fif") {then_branch = #tf_type.func<@then, {}>, else_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<*xf32>) -> (tensor<*xf32>)
  %Case, %ctl_5 = Case(%i, %x) name("case") {branches = [#tf_type.func<@then, {}>, #tf_type.func<@then, {}>]} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  %SCase, %ctl_6 = StatelessCase(%i, %x) name("scase") {branches = [#tf_type.func<@then, {}>]} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  %FCase, %ctl_7 = StatefulCase(%i, %x) name("fcase") {branches = [#tf_type.func<@then, {}>]} : (tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  %While, %ctl_8 = While(%i) [%ctl] name("while") {cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>, parallel_iterations = 10 : i64} : (tensor<i32>) -> (tensor<i32>)
  %SWhile, %ctl_9 = StatelessWhile(%i) name("swhile") {cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>} : (tensor<i32>) -> (tensor<i32>)
  %FWhile, %ctl_10 = StatefulWhile(%i) name("fwhile") {cond = #tf_type.func<@cond, {}>, body = #tf_type.func<@body, {}>} : (tensor<i32>) -> (tensor<i32>)
  %For, %ctl_11 = For(%i, %i, %i, %x) name("for") {body = #tf_type.func<@for_body, {}>} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// COM: Region control flow, every variant.
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 4, min_consumer = 0>
tfg.graph #tf_type.version<producer = 4, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  %i, %ctl_0 = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %x, %ctl_1 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  // CHECK: IfRegion %{{.*}} [%{{.*}}] then {
  // CHECK-NEXT: yield(%{{.*}}) [%{{.*}}] : tensor<*xf32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: Neg
  // CHECK-NEXT: yield
  // CHECK-NEXT: } {_mlir_name = "ifr", then_region_attrs = #tfg.region_attrs<{sym_name = "then"} [{tfg.name = "x"}] [{}]>} : (tensor<i1>) -> tensor<*xf32>
  %IfRegion, %ctl_2 = IfRegion %c [%ctl_0] then {
    yield(%x) [%ctl_1] : tensor<*xf32>
  } else {
    %Neg, %ctl_n = Neg(%x) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%Neg) : tensor<*xf32>
  } {_mlir_name = "ifr", then_region_attrs = #tfg.region_attrs<{sym_name = "then"} [{tfg.name = "x"}] [{}]>} : (tensor<i1>) -> tensor<*xf32>
  // CHECK: StatelessIfRegion
  %SIfRegion, %ctl_3 = StatelessIfRegion %c then {
    yield(%x) : tensor<*xf32>
  } else {
    yield(%x) : tensor<*xf32>
  } {_mlir_name = "sifr"} : (tensor<i1>) -> tensor<*xf32>
  // CHECK: StatefulIfRegion
  %FIfRegion, %ctl_4 = StatefulIfRegion %c then {
    yield(%x) : tensor<*xf32>
  } else {
    yield(%x) : tensor<*xf32>
  } {_mlir_name = "fifr"} : (tensor<i1>) -> tensor<*xf32>
  // CHECK: CaseRegion %{{.*}} {
  // CHECK: }, {
  // CHECK: } {_mlir_name = "caser"} : (tensor<i32>) -> tensor<*xf32>
  %CaseRegion, %ctl_5 = CaseRegion %i {
    yield(%x) : tensor<*xf32>
  }, {
    yield(%x) : tensor<*xf32>
  } {_mlir_name = "caser"} : (tensor<i32>) -> tensor<*xf32>
  // CHECK: StatelessCaseRegion
  %SCaseRegion, %ctl_6 = StatelessCaseRegion %i {
    yield(%x) : tensor<*xf32>
  } {_mlir_name = "scaser"} : (tensor<i32>) -> tensor<*xf32>
  // CHECK: StatefulCaseRegion
  %FCaseRegion, %ctl_7 = StatefulCaseRegion %i {
    yield(%x) : tensor<*xf32>
  } {_mlir_name = "fcaser"} : (tensor<i32>) -> tensor<*xf32>
  // CHECK: WhileRegion(%{{.*}}) {
  // CHECK-NEXT: ^bb0(%[[A0:.*]]: tensor<i32>, %[[A1:.*]]: !tf_type.control):
  // CHECK: condition %{{.*}} : tensor<i1> (%[[A0]]) [%[[A1]]] : tensor<i32>
  // CHECK: } do {
  // CHECK: yield(%{{.*}}) : tensor<i32>
  // CHECK: } {_mlir_name = "whiler", parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  %WhileRegion, %ctl_8 = WhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    %Less, %ctl_l = Less(%arg0, %i) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%arg0) [%arg1] : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } {_mlir_name = "whiler", parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  // CHECK: StatelessWhileRegion
  %SWhileRegion, %ctl_9 = StatelessWhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    condition %c : tensor<i1> (%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } {_mlir_name = "swhiler"} : (tensor<i32>) -> tensor<i32>
  // CHECK: StatefulWhileRegion
  %FWhileRegion, %ctl_10 = StatefulWhileRegion(%i) {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    condition %c : tensor<i1> (%arg0) : tensor<i32>
  } do {
  ^bb0(%arg0: tensor<i32>, %arg1: !tf_type.control):
    yield(%arg0) : tensor<i32>
  } {_mlir_name = "fwhiler"} : (tensor<i32>) -> tensor<i32>
  // CHECK: ForRegion(%{{.*}}) from %{{.*}} to %{{.*}} by %{{.*}} {
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<i32>, %[[V:.*]]: tensor<*xf32>, %{{.*}}: !tf_type.control, %{{.*}}: !tf_type.control):
  // CHECK-NEXT: yield(%[[V]]) : tensor<*xf32>
  // CHECK-NEXT: } {_mlir_name = "forr"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
  %ForRegion, %ctl_11 = ForRegion(%x) from %i to %i by %i {
  ^bb0(%idx: tensor<i32>, %v: tensor<*xf32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    yield(%v) : tensor<*xf32>
  } {_mlir_name = "forr"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// COM: Every tf_type type and attribute.
// CHECK-LABEL: tfg.graph #tf_type.version<producer = 5, min_consumer = 0>
tfg.graph #tf_type.version<producer = 5, min_consumer = 0> {
  // CHECK: Types name("types") : () -> (!tf_type.tensor, tensor<*x!tf_type.string>, tensor<!tf_type.resource>, tensor<!tf_type.resource<tensor<4xf32>, tensor<*xi32>>>, tensor<!tf_type.variant<tensor<?xf32>>>, tensor<!tf_type.qint8>, tensor<!tf_type.qint16>, tensor<!tf_type.qint32>, tensor<!tf_type.quint8>, tensor<!tf_type.quint16>)
  %t:10, %ctl = Types name("types") : () -> (!tf_type.tensor, tensor<*x!tf_type.string>, tensor<!tf_type.resource>, tensor<!tf_type.resource<tensor<4xf32>, tensor<*xi32>>>, tensor<!tf_type.variant<tensor<?xf32>>>, tensor<!tf_type.qint8>, tensor<!tf_type.qint16>, tensor<!tf_type.qint32>, tensor<!tf_type.quint8>, tensor<!tf_type.quint16>)
  // CHECK: Refs name("refs") : () -> (tensor<!tf_type.halfref>, tensor<!tf_type.f32ref>, tensor<!tf_type.f64ref>, tensor<!tf_type.bfloat16ref>, tensor<!tf_type.boolref>, tensor<!tf_type.int2ref>, tensor<!tf_type.int4ref>, tensor<!tf_type.int8ref>, tensor<!tf_type.int16ref>, tensor<!tf_type.int32ref>, tensor<!tf_type.int64ref>, tensor<!tf_type.uint2ref>, tensor<!tf_type.uint4ref>, tensor<!tf_type.uint8ref>, tensor<!tf_type.uint16ref>, tensor<!tf_type.uint32ref>)
  %r:16, %ctl_0 = Refs name("refs") : () -> (tensor<!tf_type.halfref>, tensor<!tf_type.f32ref>, tensor<!tf_type.f64ref>, tensor<!tf_type.bfloat16ref>, tensor<!tf_type.boolref>, tensor<!tf_type.int2ref>, tensor<!tf_type.int4ref>, tensor<!tf_type.int8ref>, tensor<!tf_type.int16ref>, tensor<!tf_type.int32ref>, tensor<!tf_type.int64ref>, tensor<!tf_type.uint2ref>, tensor<!tf_type.uint4ref>, tensor<!tf_type.uint8ref>, tensor<!tf_type.uint16ref>, tensor<!tf_type.uint32ref>)
  // CHECK: Refs2 name("refs2") : () -> (tensor<!tf_type.uint64ref>, tensor<!tf_type.complex64ref>, tensor<!tf_type.complex128ref>, tensor<!tf_type.stringref>, tensor<!tf_type.resourceref>, tensor<!tf_type.variantref>, tensor<!tf_type.qint8ref>, tensor<!tf_type.qint16ref>, tensor<!tf_type.qint32ref>, tensor<!tf_type.quint8ref>, tensor<!tf_type.quint16ref>, tensor<!tf_type.float8e5m2ref>, tensor<!tf_type.float8e4m3fnref>, tensor<!tf_type.float8e4m3fnuzref>, tensor<!tf_type.float8e4m3b11fnuzref>, tensor<!tf_type.float8e5m2fnuzref>)
  %r2:16, %ctl_1 = Refs2 name("refs2") : () -> (tensor<!tf_type.uint64ref>, tensor<!tf_type.complex64ref>, tensor<!tf_type.complex128ref>, tensor<!tf_type.stringref>, tensor<!tf_type.resourceref>, tensor<!tf_type.variantref>, tensor<!tf_type.qint8ref>, tensor<!tf_type.qint16ref>, tensor<!tf_type.qint32ref>, tensor<!tf_type.quint8ref>, tensor<!tf_type.quint16ref>, tensor<!tf_type.float8e5m2ref>, tensor<!tf_type.float8e4m3fnref>, tensor<!tf_type.float8e4m3fnuzref>, tensor<!tf_type.float8e4m3b11fnuzref>, tensor<!tf_type.float8e5m2fnuzref>)
  // CHECK: Builtins name("builtins") : () -> (tensor<f16>, tensor<bf16>, tensor<f64>, tensor<i1>, tensor<i4>, tensor<ui4>, tensor<i64>, tensor<ui64>, tensor<complex<f32>>, tensor<complex<f64>>, tensor<f8E4M3FN>, tensor<f8E5M2>)
  %b:12, %ctl_2 = Builtins name("builtins") : () -> (tensor<f16>, tensor<bf16>, tensor<f64>, tensor<i1>, tensor<i4>, tensor<ui4>, tensor<i64>, tensor<ui64>, tensor<complex<f32>>, tensor<complex<f64>>, tensor<f8E4M3FN>, tensor<f8E5M2>)
  // CHECK: Attrs name("attrs") {
  // CHECK-SAME: _mlir_fulltype = #tf_type.full_type<product<tensor<float>, array<tensor<int32>>>>
  // CHECK-SAME: empty_list = []
  // CHECK-SAME: ft_attr = #tf_type.full_type<var "T">
  // CHECK-SAME: ft_int = #tf_type.full_type<literal 3>
  // CHECK-SAME: ft_unknown = #tf_type.full_type<424242>
  // CHECK-SAME: func = #tf_type.func<@then, {N = 2 : i64}>
  // CHECK-SAME: placeholder = #tf_type.placeholder<"T">
  // CHECK-SAME: proto = #tf_type<tensor_proto : "0x08150A00"> : tensor<!tf_type.variant>
  // CHECK-SAME: shape = #tf_type.shape<2x?x3>
  // CHECK-SAME: shape_scalar = #tf_type.shape<>
  // CHECK-SAME: shape_unranked = #tf_type.shape<*>
  // CHECK-SAME: shapes = [#tf_type.shape<1>, #tf_type.shape<*>]
  %ctl_3 = Attrs name("attrs") {_mlir_fulltype = #tf_type.full_type<product<tensor<float>, array<tensor<int32>>>>, empty_list = [], ft_attr = #tf_type.full_type<var "T">, ft_int = #tf_type.full_type<literal 3>, ft_unknown = #tf_type.full_type<424242>, func = #tf_type.func<@then, {N = 2 : i64}>, placeholder = #tf_type.placeholder<"T">, proto = #tf_type<tensor_proto : "0x08150a00"> : tensor<!tf_type.variant>, shape = #tf_type.shape<2x?x3>, shape_scalar = #tf_type.shape<>, shape_unranked = #tf_type.shape<*>, shapes = [#tf_type.shape<1>, #tf_type.shape<*>]}
}

// COM: Ops of other dialects may appear in graphs; tfg. prefixes elide only
// COM: inside tfg bodies.
// CHECK-LABEL: func.func @outside
// CHECK: tfg.graph
func.func @outside() {
  tfg.graph #tf_type.version<producer = 6, min_consumer = 0> {
    %ctl = tfg.NoOp name("n")
  }
  return
}
