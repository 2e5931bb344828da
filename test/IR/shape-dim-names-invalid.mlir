// RUN: tfg-opt %s --split-input-file --verify-diagnostics

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected 2 dimension name(s), got 1}}
  %ctl = Attrs name("a") {s = #tf_type.shape<2x3, names = ["a"]>}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected 'names'}}
  %ctl = Attrs name("a") {s = #tf_type.shape<2x3, ["a", "b"]>}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{expected '>'}}
  %ctl = Attrs name("a") {s = #tf_type.shape<*, names = []>}
}
