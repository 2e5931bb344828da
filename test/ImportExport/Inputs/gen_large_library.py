# Writes a GraphDef whose function library is large enough to be imported
# in parallel (tens of KB): K functions of 12 nodes, each on one float
# argument, and a graph calling every one of them. With `missing`,
# functions #K/4 and #3K/4 each use a node they do not define. Text format,
# or the wire format with --binary.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wire  # noqa: E402

args = [a for a in sys.argv[1:] if a != "--binary"]
binary = len(args) < len(sys.argv) - 1
k = int(args[0])
defect = len(args) > 1 and args[1] == "missing"


def function_nodes(j):
    """(name, op, inputs) of function j's nodes."""
    nodes = [("n0", "Neg", ["x"])]
    for i in range(1, 12):
        src = "n%d:%s:0" % (i - 1, "y" if (i - 1) % 2 == 0 else "z")
        if i % 2:
            other = "x"
            if defect and j in (k // 4, 3 * k // 4) and i == 7:
                other = "absent:y:0"
            nodes.append(("n%d" % i, "AddV2", [src, other]))
        else:
            nodes.append(("n%d" % i, "Neg", [src]))
    return nodes


if binary:
    f32 = [("T", wire.attr_type(wire.DT_FLOAT))]
    nodes = [wire.node("x", "Placeholder", [],
                       [("dtype", wire.attr_type(wire.DT_FLOAT))])]
    nodes += [wire.node("call_%d" % j, "fn_%d" % j, ["x"]) for j in range(k)]
    functions = b""
    for j in range(k):
        arg = lambda name: wire.string(1, name) + wire.field(3, 0, 1)
        sig = (wire.string(1, "fn_%d" % j) + wire.field(2, 2, arg("x")) +
               wire.field(3, 2, arg("y")))
        body = wire.field(1, 2, sig)
        for name, op, inputs in function_nodes(j):
            body += wire.field(3, 2, wire.node(name, op, inputs, f32))
        body += wire.field(4, 2, wire.string(1, "y") + wire.string(2, "n11:z:0"))
        functions += wire.field(1, 2, body)
    sys.stdout.buffer.write(
        wire.graph(nodes, producer=1, extra=wire.field(2, 2, functions)))
    sys.exit(0)

T = 'attr { key: "T" value { type: DT_FLOAT } }'
print('node { name: "x" op: "Placeholder" '
      'attr { key: "dtype" value { type: DT_FLOAT } } }')
for j in range(k):
    print('node { name: "call_%d" op: "fn_%d" input: "x" }' % (j, j))
print("library {")
for j in range(k):
    print("  function {")
    print('    signature { name: "fn_%d" input_arg { name: "x" type: DT_FLOAT }'
          ' output_arg { name: "y" type: DT_FLOAT } }' % j)
    for name, op, inputs in function_nodes(j):
        ins = " ".join('input: "%s"' % i for i in inputs)
        print('    node_def { name: "%s" op: "%s" %s %s }' % (name, op, ins, T))
    print('    ret { key: "y" value: "n11:z:0" }')
    print("  }")
print("}")
print("versions { producer: 1 }")
