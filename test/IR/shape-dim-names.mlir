// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --emit-bytecode | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s

// COM: Shapes may name their dimensions (TensorShapeProto's Dim.name); a
// COM: shape without names prints as TensorFlow's tfg does, and names that
// COM: are all empty are no names.

// CHECK: named = #tf_type.shape<?x3, names = ["batch", ""]>
// CHECK-SAME: plain = #tf_type.shape<2x?x3>
// CHECK-SAME: quoted = #tf_type.shape<1, names = ["a \22b\22"]>
// CHECK-SAME: unnamed = #tf_type.shape<4x5>
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = Attrs name("a") {named = #tf_type.shape<?x3, names = ["batch", ""]>, plain = #tf_type.shape<2x?x3>, quoted = #tf_type.shape<1, names = ["a \"b\""]>, unnamed = #tf_type.shape<4x5, names = ["", ""]>}
}
