// RUN: tfg-translate --mlir-to-dot %s | FileCheck %s

// COM: Every string from the module is written inside DOT quotes so that
// COM: Graphviz draws it as it is: `"` and `\` escaped, a newline as a line
// COM: break, `&` as `&amp;` (Graphviz reads entities such as `&lt;` in every
// COM: label), `<b>` as it is (labels are not HTML-like), control characters
// COM: and bytes that are not UTF-8 as a visible \xHH; UTF-8 (the euro sign,
// COM: E2 82 AC) as it is. dot-render.test renders this.

// CHECK: [label="q\"uote\\back\nline<b>&amp;amp;&amp;lt;\\xFFz\\x01\\x09\\x7F€\nPlaceholder", fillcolor="{{[^"]*}}", tooltip="/gpu:\"0\"\\x\n<i>&amp;\\xC3(€"];
// CHECK: [label="b\nwe\"ird&amp;op"];
// COM: A truncated UTF-8 sequence at the end of a name.
// CHECK: [label="cut\\xE2\\x82\nNeg"];
// CHECK: label="func @\"f\\\"&amp;\"";
// CHECK-NEXT: [label="arg\"\\\n", shape=invhouse
// CHECK: label="devices";
// CHECK-NEXT: device0 [label="/gpu:\"0\"\\x\n<i>&amp;\\xC3(€",

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder device("/gpu:\"0\"\\x\0A<i>&\C3\28\E2\82\AC") name("q\"uote\\back\0Aline<b>&amp;&lt;\FFz\01\09\7F\E2\82\AC") {dtype = f32} : () -> (tensor<f32>)
  %b, %ctl_0 = "tfg.we\"ird&op"(%a) {_mlir_name = "b"} : (tensor<f32>) -> (tensor<f32>, !tf_type.control)
  %c, %ctl_1 = Neg(%a) name("cut\E2\82") {T = f32} : (tensor<f32>) -> (tensor<f32>)
}

tfg.func @"\"f\\\"&\""(%a: tensor<*xf32> {tfg.name = "arg\"\\\0A"}) -> (tensor<*xf32> {tfg.name = "r"}) {
  return(%a) : tensor<*xf32>
}
