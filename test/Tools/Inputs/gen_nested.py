#!/usr/bin/env python3
"""Writes tfg MLIR text nested `depth` levels deep, for the nesting bound.

usage: gen_nested.py KIND DEPTH
  ifregion  IfRegion inside the then-region of IfRegion, DEPTH ops deep
            (each level opens a region brace and a type's `<`... see below)
  ifregion-cse  the same with, at every level, a Neg(x) equal to the
            graph's `neg` node (tfg-cse replaces them all by it)
  array     a node attribute that is an array nested DEPTH deep
  funcattr  a node attribute #tf_type.func<@f, {a = #tf_type.func<...>}>
            nested DEPTH deep (the function @f is in the module)
The graph is valid, so that whatever reads it within the bound succeeds.
"""
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
out = []
w = out.append
if kind in ("ifregion", "ifregion-cse"):
    cse = kind == "ifregion-cse"
    w("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
    w('  %p, %cp = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)')
    w('  %x, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)')
    if cse:
        w('  %n, %cn = Neg(%x) name("neg") {T = f32} : '
          "(tensor<f32>) -> (tensor<f32>)")
    for i in range(depth):
        w("%%r%d, %%c%d = IfRegion %%p then {" % (i, i))
        if cse:
            w('%%n%d, %%cn%d = Neg(%%x) name("neg%d") {T = f32} : '
              "(tensor<f32>) -> (tensor<f32>)" % (i, i, i))
    w("yield(%x) : tensor<f32>")
    for i in reversed(range(depth)):
        w("} else {")
        w("yield(%x) : tensor<f32>")
        w('} name("if%d") {Tcond = i1, Tin = [], Tout = [f32]} : '
          '(tensor<i1>) -> (tensor<f32>)' % i)
        if i:
            w("yield(%%r%d) : tensor<f32>" % i)
    w('  %f, %cf = Identity(%r0) name("out") {T = f32} : '
      "(tensor<f32>) -> (tensor<f32>)")
    w("}")
elif kind == "array":
    w("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
    w('  %c = NoOp name("n") {a = ' + "[" * depth + "]" * depth + "} : () -> ()")
    w("}")
elif kind == "funcattr":
    attr = "#tf_type.func<@f, {}>"
    for _ in range(depth - 1):
        attr = "#tf_type.func<@f, {a = %s}>" % attr
    w("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
    w('  %c = NoOp name("n") {f = ' + attr + "} : () -> ()")
    w("}")
    w("tfg.func @f() -> () {")
    w("  return")
    w("}")
else:
    sys.exit("unknown kind " + kind)
print("\n".join(out))
