// COM: Export writes only node names that TensorFlow reads back as written:
// COM: `a:1` would be output 1 of `a`, `^a` a control input, `a>` an empty
// COM: part. GraphDef and TF.js export (which goes through it) refuse them,
// COM: naming the node. Valid names, `>`-joined parts and TensorFlow's
// COM: internal `_` names included, export and import back unchanged.
// COM: Duplicate names are the verifier's (test/IR/invalid-names-and-consts.mlir)
// COM: and export's own (unittests/ImportExport/ExportNamesTest.cpp).
// RUN: split-file %s %t
// RUN: not tfg-translate --mlir-to-graphdef %t/colon.mlir 2>&1 | FileCheck %s --check-prefix=COLON
// RUN: not tfg-translate --mlir-to-tfjs %t/colon.mlir -o %t/model.json --tfjs-weights=%t/w.bin 2>&1 | FileCheck %s --check-prefix=COLON
// RUN: not tfg-translate --mlir-to-graphdef %t/part.mlir 2>&1 | FileCheck %s --check-prefix=PART
// RUN: not tfg-translate --mlir-to-graphdef %t/func.mlir 2>&1 | FileCheck %s --check-prefix=FUNC
// RUN: tfg-translate --mlir-to-graphdef %t/valid.mlir -o %t/valid.pbtxt
// RUN: tfg-translate --graphdef-to-mlir %t/valid.pbtxt | FileCheck %s --check-prefix=VALID

// COLON: colon.mlir:3:12: error: cannot export node 'a:1': not a valid TensorFlow node name
// PART: part.mlir:2:10: error: cannot export node 'a>': not a valid TensorFlow node name
// FUNC: func.mlir:2:10: error: cannot export node 'x^y': not a valid TensorFlow node name
// VALID-DAG: name("_internal")
// VALID-DAG: name("scope/a-b.c_1>inner>.x")
// VALID-DAG: name("7")

//--- colon.mlir
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("a")
  %ctl_0 = NoOp name("a:1")
}
//--- part.mlir
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("a>")
}
//--- func.mlir
tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> () {
  %ctl = NoOp name("x^y")
  return
}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
//--- valid.mlir
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("_internal")
  %ctl_0 = NoOp name("scope/a-b.c_1>inner>.x")
  %ctl_1 = NoOp name("7")
}
