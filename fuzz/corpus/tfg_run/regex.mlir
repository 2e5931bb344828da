// COM: The regex ops run on TFGEval's own RE2-syntax engine: full matches
// COM: of four strings (two match), a replacement feeding a match, and a
// COM: pattern that does not compile is an error naming it.
// RUN: tfg-run %s --fetch=full,replaced_match --print | FileCheck %s
// CHECK: full: dtype=i1 shape=[4] min=0 max=1 mean=0.5
// CHECK: replaced_match: dtype=i1 shape=[4] min=1 max=1 mean=1
// RUN: not tfg-run %s --fetch=bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid pattern '(a': missing ): (a
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S, %c0 = Const name("s") {dtype = !tf_type.string, value = dense<["2024-11-26", "x1", "1999-01-01", "\C3\A9t\C3\A9"]> : tensor<4x!tf_type.string>} : () -> (tensor<4x!tf_type.string>)
  %F, %c1 = StaticRegexFullMatch(%S) name("full") {pattern = "\\d{4}-\\d\\d-\\d+"} : (tensor<4x!tf_type.string>) -> (tensor<4xi1>)
  %P, %c2 = Const name("pattern") {dtype = !tf_type.string, value = dense<"(?i)[^\\d-]"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %W, %c3 = Const name("rewrite") {dtype = !tf_type.string, value = dense<"0"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %R, %c4 = RegexReplace(%S, %P, %W) name("replaced") {replace_global = true} : (tensor<4x!tf_type.string>, tensor<!tf_type.string>, tensor<!tf_type.string>) -> (tensor<4x!tf_type.string>)
  %M, %c5 = StaticRegexFullMatch(%R) name("replaced_match") {pattern = "[\\d-]+"} : (tensor<4x!tf_type.string>) -> (tensor<4xi1>)
  %B, %c6 = StaticRegexFullMatch(%S) name("bad") {pattern = "(a"} : (tensor<4x!tf_type.string>) -> (tensor<4xi1>)
}
