#!/usr/bin/env python3
"""Writes N functions f0..f(N-1), each calling the next through an If, and a
graph calling f0: a small module whose region form nests N regions deep
and, when both branches call the next function (`twice`), holds 2^N copies
of the last body.

usage: gen_call_chain.py N [twice | pad=K]
  pad=K adds K nodes to the graph (a module large enough that the size
  bound of functional-to-region is not what stops it).
"""
import sys

n = int(sys.argv[1])
twice = len(sys.argv) > 2 and sys.argv[2] == "twice"
pad = int(sys.argv[2][4:]) if len(sys.argv) > 2 and sys.argv[2].startswith(
    "pad=") else 0
T = "tensor<*xf32>"
out = ["tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {",
       '  %c, %cc = Placeholder name("c") {dtype = i1} : () -> (tensor<i1>)',
       f'  %x, %cx = Placeholder name("x") {{dtype = f32}} : () -> ({T})',
       '  %r, %cr = If(%c, %c, %x) name("call") {Tcond = i1, Tin = [i1, f32], '
       'Tout = [f32], then_branch = #tf_type.func<@f0, {}>, '
       f'else_branch = #tf_type.func<@f0, {{}}>}} : (tensor<i1>, tensor<i1>, '
       f'{T}) -> ({T})',
       ]
out += [f'  %p{i} = NoOp name("p{i}") : () -> ()' for i in range(pad)]
out.append("}")
sig = (f'(%c: tensor<i1> {{tfg.name = "c"}}, %x: {T} {{tfg.name = "x"}}) -> '
       f'({T} {{tfg.name = "y"}}) {{')
for i in range(n):
    out.append(f"tfg.func @f{i}{sig}")
    if i + 1 < n:
        other = f"f{i + 1}" if twice else "leaf"
        out.append(
            '  %r, %cr = If(%c, %c, %x) name("if") {Tcond = i1, '
            f'Tin = [i1, f32], Tout = [f32], then_branch = '
            f'#tf_type.func<@f{i + 1}, {{}}>, else_branch = '
            f'#tf_type.func<@{other}, {{}}>}} : (tensor<i1>, tensor<i1>, {T})'
            f' -> ({T})')
        out.append(f"  return(%r) : {T}")
    else:
        out.append(f'  %n, %cn = Neg(%x) name("neg") {{T = f32}} : ({T}) -> '
                   f'({T})')
        out.append(f"  return(%n) : {T}")
    out.append("}")
out.append(f"tfg.func @leaf{sig}")
out.append(f"  return(%x) : {T}")
out.append("}")
print("\n".join(out))
