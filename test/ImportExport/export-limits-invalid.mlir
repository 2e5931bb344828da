// COM: What export would write past protobuf's limits is an error where it
// COM: sits, naming the node or function and the attribute: messages nested
// COM: deeper than 100 (the GraphDef at 0) wherever they are (attributes of
// COM: nodes, of functions and of their arguments, full types, kept
// COM: encodings), and attributes that expand (through shared attributes,
// COM: aliases in MLIR text) past 2 GB encoded.
// RUN: tfg-translate --mlir-to-graphdef --binary --split-input-file --verify-diagnostics %s -o /dev/null

#a0 = #tf_type.func<@g, {a = 1 : i64}>
#a1 = #tf_type.func<@g, {a = #a0, b = #a0}>
#a2 = #tf_type.func<@g, {a = #a1, b = #a1}>
#a3 = #tf_type.func<@g, {a = #a2, b = #a2}>
#a4 = #tf_type.func<@g, {a = #a3, b = #a3}>
#a5 = #tf_type.func<@g, {a = #a4, b = #a4}>
#a6 = #tf_type.func<@g, {a = #a5, b = #a5}>
#a7 = #tf_type.func<@g, {a = #a6, b = #a6}>
#a8 = #tf_type.func<@g, {a = #a7, b = #a7}>
#a9 = #tf_type.func<@g, {a = #a8, b = #a8}>
#a10 = #tf_type.func<@g, {a = #a9, b = #a9}>
#a11 = #tf_type.func<@g, {a = #a10, b = #a10}>
#a12 = #tf_type.func<@g, {a = #a11, b = #a11}>
#a13 = #tf_type.func<@g, {a = #a12, b = #a12}>
#a14 = #tf_type.func<@g, {a = #a13, b = #a13}>
#a15 = #tf_type.func<@g, {a = #a14, b = #a14}>
#a16 = #tf_type.func<@g, {a = #a15, b = #a15}>
#a17 = #tf_type.func<@g, {a = #a16, b = #a16}>
#a18 = #tf_type.func<@g, {a = #a17, b = #a17}>
#a19 = #tf_type.func<@g, {a = #a18, b = #a18}>
#a20 = #tf_type.func<@g, {a = #a19, b = #a19}>
#a21 = #tf_type.func<@g, {a = #a20, b = #a20}>
#a22 = #tf_type.func<@g, {a = #a21, b = #a21}>
#a23 = #tf_type.func<@g, {a = #a22, b = #a22}>
#a24 = #tf_type.func<@g, {a = #a23, b = #a23}>
#a25 = #tf_type.func<@g, {a = #a24, b = #a24}>
#a26 = #tf_type.func<@g, {a = #a25, b = #a25}>
#a27 = #tf_type.func<@g, {a = #a26, b = #a26}>
#a28 = #tf_type.func<@g, {a = #a27, b = #a27}>
#a29 = #tf_type.func<@g, {a = #a28, b = #a28}>
#a30 = #tf_type.func<@g, {a = #a29, b = #a29}>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 'n': attribute 'a' would make the GraphDef larger than 2 GB encoded}}
  %ctl = NoOp name("n") {a = #a30}
}
tfg.func @g() {
  return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 'n': attribute '_mlir_fulltype' would nest messages 101 levels deep}}
  %ctl = NoOp name("n") {_mlir_fulltype = #tf_type.full_type<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor<tensor>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
tfg.func @g() {
  return
}
// expected-error @+1 {{function 'f': attribute 'a' would nest messages 101 levels deep}}
tfg.func @f() attributes {tfg.func_attrs = {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.shape<>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}} {
  return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
tfg.func @g() {
  return
}
// expected-error @+1 {{function 'f': attribute 'a' of argument #0 would nest messages 101 levels deep}}
tfg.func @f(%x: tensor<f32> {tfg.name = "x", tf.a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.func<@g, {a = #tf_type.shape<2>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}>}) {
  return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{node 'n': attribute 'tfg.unknown_fields' would nest messages 101 levels deep}}
  %ctl = NoOp name("n") {tfg.unknown_fields = "\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06"}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("n") {tfg.unknown_fields = "\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A3\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06\A4\06"}
}
