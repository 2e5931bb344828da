// RUN: tfg-opt %s --tfg-print-dot -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STDERR
// RUN: tfg-opt %s --tfg-print-dot="output=%t.dot max-nodes=3 expand=s/b" | FileCheck %s --check-prefix=MODULE
// RUN: FileCheck %s --check-prefix=FILE --input-file=%t.dot
// RUN: not tfg-opt %s --tfg-print-dot="output=%t.missing-dir/x.dot" 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: tfg-opt %s --tfg-print-dot="max-nodes=1 expand=zz" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WARN

// COM: The tfg-print-dot pass writes the picture of --mlir-to-dot (by
// COM: default to standard error, or whole to a file with output=), with
// COM: max-nodes= and expand= as --dot-max-nodes and --dot-expand, and
// COM: leaves the module as it was.

// STDERR: digraph tfg {
// STDERR: [label="s/a\nNoOp"];
// STDERR: }

// MODULE: tfg.graph
// MODULE-NEXT: NoOp name("s/a")
// MODULE-NEXT: NoOp name("s/b")
// MODULE-NEXT: NoOp name("t/c")
// MODULE-NEXT: NoOp name("t/d")

// FILE: digraph tfg {
// FILE-DAG: [label="s/a\nNoOp"];
// FILE-DAG: [label="s/b\nNoOp"];
// FILE-DAG: [label="t/\n2 nodes", shape=box3d
// FILE: }

// ERROR: error: tfg-print-dot: cannot write '{{.*}}missing-dir/x.dot'

// WARN: warning: tfg-print-dot expand: no node or name scope is named 'zz'
// WARN: warning: the picture has 2 nodes with every name scope collapsed, more than tfg-print-dot max-nodes=1

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("s/a")
  %ctl_0 = NoOp name("s/b")
  %ctl_1 = NoOp name("t/c")
  %ctl_2 = NoOp name("t/d")
}
