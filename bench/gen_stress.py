#!/usr/bin/env python3
"""Writes the scaled inputs of issue 27's stress benchmark (bench/stress.py);
the fan-in graphs come from test/Transforms/Inputs/gen_fanin.py.

usage: gen_stress.py CASE N [COPIES] > file

Cases:
  attrs       a text GraphDef of one node with N attributes
  nodes       a text GraphDef of N nodes (a chain of Neg with every third
              node holding a control edge); fetch "n<N-1>"
  chain       the `nodes` chain as MLIR text (Neg from a Placeholder, every
              third node with a control edge)
  const-chain the same chain from a Const: everything folds
  rank        a graph whose Fill takes a shape operand of N elements
  if-nest     IfRegion nested N deep (MLIR text), COPIES times side by side
  if-nest-unsorted  the same with the Placeholders last (tfg-toposort moves them)
  func-nest   a func attribute nested N deep (MLIR text), on COPIES nodes
  arith       a graph of about N nodes (MLIR text) in blocks of 8 that the
              arithmetic optimizer rewrites (Neg(Neg), an Add tree, Mul(x, x),
              an identity Transpose); fetch "out"
"""
import sys

VERSION = "#tf_type.version<producer = 1, min_consumer = 0>"


def attrs(n, out):
    out.write('node {\n  name: "x"\n  op: "NoOp"\n')
    for i in range(n):
        out.write(f'  attr {{ key: "a{i}" value {{ i: {i} }} }}\n')
    out.write("}\nversions { producer: 1 }\n")


def nodes(n, out):
    out.write('node { name: "n0" op: "Placeholder" '
              'attr { key: "dtype" value { type: DT_FLOAT } } }\n')
    for i in range(1, n):
        ctl = f' input: "^n{i - 2}"' if i >= 2 and i % 3 == 0 else ""
        out.write(f'node {{ name: "n{i}" op: "Neg" input: "n{i - 1}"{ctl} '
                  'attr { key: "T" value { type: DT_FLOAT } } }\n')
    out.write("versions { producer: 1 }\n")


def chain(n, out, const=False):
    """The `nodes` chain in MLIR text; from a Const when `const`."""
    out.write(f"tfg.graph {VERSION} {{\n")
    if const:
        out.write('  %v0, %c0 = Const name("n0") {dtype = f32, value = '
                  'dense<1.0> : tensor<f32>} : () -> (tensor<f32>)\n')
    else:
        out.write('  %v0, %c0 = Placeholder name("n0") {dtype = f32} : () -> '
                  '(tensor<f32>)\n')
    for i in range(1, n):
        ctl = f" [%c{i - 2}]" if i >= 2 and i % 3 == 0 else ""
        out.write(f'  %v{i}, %c{i} = Neg(%v{i - 1}){ctl} name("n{i}") '
                  '{T = f32} : (tensor<f32>) -> (tensor<f32>)\n')
    out.write("}\n")


def rank(n, out):
    out.write(f"tfg.graph {VERSION} {{\n"
              f'  %s, %c0 = Const name("s") {{dtype = i32, value = dense<1> : '
              f'tensor<{n}xi32>}} : () -> (tensor<{n}xi32>)\n'
              '  %v, %c1 = Const name("v") {dtype = f32, value = dense<1.0> : '
              'tensor<f32>} : () -> (tensor<f32>)\n'
              '  %f, %c2 = Fill(%s, %v) name("f") {T = f32, index_type = i32} :'
              f' (tensor<{n}xi32>, tensor<f32>) -> (tensor<*xf32>)\n'
              "}\n")


def if_nest(d, out, copies=1, unsorted=False):
    """`copies` IfRegions, each nesting d IfRegions; fetch "if0_0". With
    `unsorted`, the Placeholders they read come last (a sort moves them)."""
    placeholders = ('  %b, %cb = Placeholder name("b") {dtype = i1} : () -> '
                    '(tensor<i1>)\n'
                    '  %x, %cx = Placeholder name("x") {dtype = f32} : () -> '
                    '(tensor<f32>)\n')
    out.write(f"tfg.graph {VERSION} {{\n")
    if not unsorted:
        out.write(placeholders)
    ty = "tensor<f32>"
    for c in range(copies):
        for k in range(d):
            ind = "  " * (k + 1)
            out.write(f"{ind}%r{c}_{k}, %rc{c}_{k} = IfRegion %b then {{\n")
        ind = "  " * (d + 1)
        out.write(f'{ind}%n{c}, %nc{c} = Neg(%x) name("neg{c}") {{T = f32}} : '
                  f"({ty}) -> ({ty})\n")
        inner = f"%n{c}"
        for k in range(d - 1, -1, -1):
            ind = "  " * (k + 2)
            out.write(f"{ind}yield({inner}) : {ty}\n"
                      f"{ind[2:]}}} else {{\n"
                      f"{ind}yield(%x) : {ty}\n"
                      f'{ind[2:]}}} name("if{c}_{k}") {{Tcond = i1, Tin = [], '
                      f"Tout = [f32], output_shapes = [#tf_type.shape<>]}} : "
                      f"(tensor<i1>) -> ({ty})\n")
            inner = f"%r{c}_{k}"
    if unsorted:
        out.write(placeholders)
    out.write("}\n")


def func_nest(d, out, copies=1):
    """`copies` nodes, each with a func attribute nested d deep."""
    out.write(f"tfg.graph {VERSION} {{\n")
    for c in range(copies):
        attr = f"#tf_type.func<@f{c}, {{}}>"
        for _ in range(d):
            attr = f"#tf_type.func<@f{c}, {{a = {attr}}}>"
        out.write(f'  %c{c} = NoOp name("x{c}") {{f = {attr}}}\n')
    out.write("}\n")


def arith(n, out):
    t = "tensor<4x4xf32>"
    out.write(f"tfg.graph {VERSION} {{\n"
              f'  %x, %cx = Placeholder name("x") {{dtype = f32}} : () -> ({t})\n'
              '  %perm, %cp = Const name("perm") {dtype = i32, value = '
              'dense<[0, 1]> : tensor<2xi32>} : () -> (tensor<2xi32>)\n')
    prev = "%x"
    un = f"({t}) -> ({t})"
    bin_ = f"({t}, {t}) -> ({t})"
    for k in range(max(1, n // 8)):
        b = f"b{k}"
        out.write(
            f'  %{b}n1, %{b}c1 = Neg({prev}) name("{b}n1") {{T = f32}} : {un}\n'
            f'  %{b}n2, %{b}c2 = Neg(%{b}n1) name("{b}n2") {{T = f32}} : {un}\n'
            f'  %{b}a, %{b}c3 = AddV2(%{b}n2, {prev}) name("{b}a") {{T = f32}} : {bin_}\n'
            f'  %{b}b, %{b}c4 = AddV2(%{b}a, {prev}) name("{b}b") {{T = f32}} : {bin_}\n'
            f'  %{b}s, %{b}c5 = AddV2(%{b}b, %x) name("{b}s") {{T = f32}} : {bin_}\n'
            f'  %{b}m, %{b}c6 = Mul(%{b}s, %{b}s) name("{b}m") {{T = f32}} : {bin_}\n'
            f'  %{b}t, %{b}c7 = Transpose(%{b}m, %perm) name("{b}t") '
            f'{{T = f32, Tperm = i32}} : ({t}, tensor<2xi32>) -> ({t})\n'
            f'  %{b}r, %{b}c8 = Relu(%{b}t) name("{b}r") {{T = f32}} : {un}\n')
        prev = f"%{b}r"
    out.write(f'  %out, %cout = Identity({prev}) name("out") {{T = f32}} : {un}\n'
              "}\n")


def main():
    case, n = sys.argv[1], int(sys.argv[2])
    copies = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    out = sys.stdout
    {"attrs": lambda: attrs(n, out),
     "nodes": lambda: nodes(n, out),
     "chain": lambda: chain(n, out),
     "const-chain": lambda: chain(n, out, const=True),
     "rank": lambda: rank(n, out),
     "if-nest": lambda: if_nest(n, out, copies),
     "if-nest-unsorted": lambda: if_nest(n, out, copies, unsorted=True),
     "func-nest": lambda: func_nest(n, out, copies),
     "arith": lambda: arith(n, out)}[case]()


if __name__ == "__main__":
    main()
