"""Writes a GraphDef whose messages nest to a chosen depth, in each form.

    gen_deep.py FORM LEVELS [--function] [--leaf=i|shape|dim]

FORM is pbtxt, json, pb (binary) or mlir. A node `deep` (in the graph, or
with --function in function `f` of the library, with a node `call` calling
it in the graph) has an attribute `a` holding a func attribute nested LEVELS
deep; the innermost holds `leaf`: an integer (i), a shape without
dimensions (shape) or a shape with one dimension (dim). The func attributes
name function `g`, which the library holds. Counted as protobuf
counts (the GraphDef at depth 0), the deepest message is at
    base + 3 * LEVELS + {i: 0, shape: 1, dim: 2}
where base is 3 in the graph (node 1, attr entry 2, AttrValue 3) and 5 in a
function (library 1, function 2, node 3, attr entry 4, AttrValue 5).
"""

import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
import wire  # noqa: E402


def pbtxt_value(levels, leaf):
    # Written iteratively, one line per level: deep inputs must not need a
    # deep Python stack either.
    inner = {"i": "i: 1", "shape": "shape { }",
             "dim": "shape { dim { size: 2 } }"}[leaf]
    opening = 'func { name: "g" attr { key: "a" value { ' * levels
    closing = "} } } " * levels
    return "{ " + opening + inner + " " + closing + "}"


def pbtxt(levels, leaf, function):
    value = pbtxt_value(levels, leaf)
    node = 'name: "deep" op: "NoOp" attr { key: "a" value ' + value + " }"
    g = 'function { signature { name: "g" } }'
    if not function:
        return "node { " + node + " }\nlibrary { " + g + " }\n"
    return ('node { name: "call" op: "f" }\n'
            'library { ' + g + '\n function { signature { name: "f" }\n'
            '  node_def { ' + node + ' } } }\n')


def json_text(levels, leaf, function):
    inner = {"i": '{"i": "1"}', "shape": '{"shape": {}}',
             "dim": '{"shape": {"dim": [{"size": "2"}]}}'}[leaf]
    value = ('{"func": {"name": "g", "attr": {"a": ' * levels + inner +
             "}}}" * levels)
    node = '{"name": "deep", "op": "NoOp", "attr": {"a": ' + value + "}}"
    g = '{"signature": {"name": "g"}}'
    if not function:
        return ('{"node": [' + node + '], "library": {"function": [' + g +
                "]}}\n")
    return ('{"node": [{"name": "call", "op": "f"}], "library": {"function": '
            "[" + g + ', {"signature": {"name": "f"}, "nodeDef": [' + node +
            "]}]}}\n")


def binary(levels, leaf, function):
    # AttrValue: func = 10 (NameAttrList: name = 1, attr = 2), shape = 7
    # (TensorShapeProto: dim = 2, Dim: size = 1), i = 3.
    value = {"i": wire.attr_i(1), "shape": wire.field(7, 2, b""),
             "dim": wire.field(7, 2, wire.field(2, 2, wire.field(1, 0, 2)))}[
        leaf]
    for _ in range(levels):
        entry = wire.string(1, "a") + wire.field(2, 2, value)
        value = wire.field(10, 2, wire.string(1, "g") + wire.field(2, 2, entry))
    node = wire.node("deep", "NoOp", attrs=[("a", value)])
    # GraphDef: node = 1, library = 2 (function = 1); FunctionDef:
    # signature = 1 (name = 1), node_def = 3.
    g = wire.field(1, 2, wire.field(1, 2, wire.string(1, "g")))
    if not function:
        return wire.field(1, 2, node) + wire.field(2, 2, g)
    call = wire.node("call", "f")
    func = (wire.field(1, 2, wire.string(1, "f")) + wire.field(3, 2, node))
    return wire.field(1, 2, call) + wire.field(2, 2, g + wire.field(1, 2, func))


def mlir(levels, leaf, function):
    inner = {"i": "1 : i64", "shape": "#tf_type.shape<>",
             "dim": "#tf_type.shape<2>"}[leaf]
    value = "#tf_type.func<@g, {a = " * levels + inner + "}>" * levels
    g = "tfg.func @g() {\n  return\n}\n"
    version = "#tf_type.version<producer = 1, min_consumer = 0>"
    if not function:
        return ("tfg.graph " + version + " {\n"
                '  %ctl = NoOp name("deep") {a = ' + value + "}\n}\n" + g)
    return ("tfg.graph " + version + " {\n"
            '  %ctl = f name("call")\n}\n' + g +
            "tfg.func @f() {\n"
            '  %ctl = NoOp name("deep") {a = ' + value + "}\n"
            "  return\n}\n")


def main():
    form, levels = sys.argv[1], int(sys.argv[2])
    function = "--function" in sys.argv
    leaf = "i"
    for arg in sys.argv[3:]:
        if arg.startswith("--leaf="):
            leaf = arg.split("=", 1)[1]
    if form == "pb":
        sys.stdout.buffer.write(binary(levels, leaf, function))
    else:
        writer = {"pbtxt": pbtxt, "json": json_text, "mlir": mlir}[form]
        sys.stdout.write(writer(levels, leaf, function))


if __name__ == "__main__":
    main()
