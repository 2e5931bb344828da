// REQUIRES: llvm-dylib
// COM: Debian's stock mlir-opt loads libTFGPlugin.so. As a dialect plugin
// COM: it registers the tf_type and tfg dialects and the tfg passes.
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s \
// RUN:   --pass-pipeline='builtin.module(tfg-cse{fetch=m})' | FileCheck %s
// COM: As a pass plugin, the passes (a pass plugin gets no dialect registry).
// RUN: mlir-opt --load-pass-plugin=%tfg_plugin --list-passes \
// RUN:   | FileCheck %s --check-prefix=PASSES
// PASSES: --tfg-cse {{ *}}- Deduplicate equivalent nodes
// PASSES: --tfg-grappler {{ *}}- Run the registered graph optimizers
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin --show-dialects \
// RUN:   | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: {{.*}},tf_type,tfg,
// COM: Both options naming the library load it once; a pipeline of tfg
// COM: passes with options. (mlir-opt reads --tfg-cse-style flags before it
// COM: loads plugins: their passes are named in --pass-pipeline.)
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin \
// RUN:   --load-pass-plugin=%tfg_plugin %s \
// RUN:   --pass-pipeline='builtin.module(tfg-cse{fetch=m},tfg-toposort)' \
// RUN:   | FileCheck %s

// COM: Without the plugin, the tfg text does not parse.
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: Dialect `tfg' not found for custom op 'tfg.graph'

// CHECK-LABEL: tfg.graph #tf_type.version<producer = 1, min_consumer = 0>
// CHECK: %[[A:.*]], %{{.*}} = Add(%{{.*}}, %{{.*}}) name("a")
// CHECK-NOT: name("b")
// CHECK: Mul(%[[A]], %[[A]]) name("m")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %Y, %ctl_0 = Placeholder name("y") {dtype = f32} : () -> (tensor<*xf32>)
  %A, %ctl_1 = Add(%X, %Y) name("a") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %B, %ctl_2 = Add(%Y, %X) name("b") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %M, %ctl_3 = Mul(%A, %B) name("m") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
