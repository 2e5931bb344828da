// RUN: tfg-translate --mlir-to-graphdef --split-input-file --verify-diagnostics %s
// COM: Export never writes a node that would not read back with the outputs
// COM: it has: import gives a node of a registered op the outputs its OpDef
// COM: and attributes say (found by the pipeline fuzzer: an If without
// COM: Tout exported, and the export did not import).

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // expected-error@+1 {{node 'if' (If) is missing the type list attribute 'Tout'}}
  %ctl_0 = If(%c) name("if") {then_branch = #tf_type.func<@f, {}>, else_branch = #tf_type.func<@f, {}>} : (tensor<i1>) -> ()
}
tfg.func @f() -> () {
  return
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)
  // COM: (An If whose Tout disagrees with its results is refused by the
  // COM: verifier: test/IR/invalid-functional.mlir.)
  // expected-error@+1 {{node 'idn' (IdentityN) has 0 output(s), but its attributes give it 2: it would not read back the same}}
  %ctl_0 = IdentityN(%c) name("idn") {T = [i1, i1]} : (tensor<i1>) -> ()
}
