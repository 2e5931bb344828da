// COM: Region control flow is turned back into functional form on export:
// COM: converting to regions and exporting gives the same GraphDef as
// COM: exporting the original.
// RUN: tfg-translate --mlir-to-graphdef %S/../Transforms/functional-to-region.mlir > %t.orig.pbtxt
// RUN: tfg-opt %S/../Transforms/functional-to-region.mlir --tfg-functional-to-region | tfg-translate --mlir-to-graphdef > %t.region.pbtxt
// RUN: diff %t.orig.pbtxt %t.region.pbtxt
// RUN: not tfg-translate --mlir-to-graphdef %s 2>&1 | FileCheck %s

// COM: A loop capturing an outside value stays a region: a clear error.
// CHECK: remark: loop regions that capture values are not converted
// CHECK: error: region control flow cannot be exported; convert it to functional form first
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %I, %ctl = Placeholder name("i") {dtype = i32} : () -> (tensor<i32>)
  %L, %ctl_0 = Placeholder name("limit") {dtype = i32} : () -> (tensor<i32>)
  %W, %ctl_1 = WhileRegion(%I) {
  ^bb0(%a: tensor<i32>, %actl: !tf_type.control):
    %Less, %ctl_2 = Less(%a, %L) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %Less : tensor<i1> (%a) : tensor<i32>
  } do {
  ^bb0(%a: tensor<i32>, %actl: !tf_type.control):
    yield(%a) : tensor<i32>
  } name("while") {T = [i32]} : (tensor<i32>) -> (tensor<i32>)
}
