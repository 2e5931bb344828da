# Writes a text GraphDef of N nodes, large enough for the importer's
# parallel chunks: inputs from earlier and later nodes (forward references),
# a NextIteration cycle, control inputs, an op without an OpDef whose result
# count comes from its users, and named devices. With a defect argument it
# breaks the graph in one of the ways the importer must report:
#   missing   two nodes far apart use nodes that do not exist
#   duplicate a late node repeats an early node's name
#   order     a late node has a data input after a control input
#   output    a late node uses an output its source does not have
#   named     no defect: an early node uses a node written last, and a late
#             node an early one, both by output argument name (node:out:0)
#   badnamed  a late node names an output argument its source does not have
# With --binary, the GraphDef is written in the wire format instead.
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wire  # noqa: E402

args = [a for a in sys.argv[1:] if a != "--binary"]
binary = len(args) < len(sys.argv) - 1
n = int(args[0])
defect = args[1] if len(args) > 1 else ""
rng = random.Random(7)
encoded = []


def encode_attr(value):
    kind, _, text = value.partition(": ")
    if kind == "type":
        return wire.attr_type(wire.DT_FLOAT)
    if kind == "i":
        return wire.attr_i(int(text))
    return wire.attr_s(text.strip('"'))


def node(name, op, inputs, attrs, device=""):
    if binary:
        encoded.append(wire.node(name, op, inputs,
                                 [(k, encode_attr(v)) for k, v in attrs],
                                 device))
        return
    print("node {")
    print('  name: "%s"' % name)
    print('  op: "%s"' % op)
    for i in inputs:
        print('  input: "%s"' % i)
    if device:
        print('  device: "%s"' % device)
    for k, v in attrs:
        print('  attr { key: "%s" value { %s } }' % (k, v))
    print("}")


f32 = ("T", "type: DT_FLOAT")
node("x", "Placeholder", [], [("dtype", "type: DT_FLOAT")])
node("enter", "Enter", ["x"], [f32, ("frame_name", 's: "loop"')])
node("merge", "Merge", ["enter", "next"], [f32, ("N", "i: 2")])
node("next", "NextIteration", ["merge"], [f32])
node("custom", "MyCustomOp", ["x"], [])
for i in range(n):
    inputs = []
    for _ in range(rng.randint(1, 2)):
        j = rng.randrange(n)
        inputs.append("n%d" % j if j != i else "x")
    if i % 1000 == 0:
        inputs = ["custom:3", "x"]
    if i % 3 == 0:
        inputs.append("^n%d" % rng.randrange(n))
    op = "AddV2" if len(inputs) - sum(s.startswith("^") for s in inputs) == 2 \
        else "Neg"
    if op == "Neg":
        inputs = [s for s in inputs if s.startswith("^")][:1]
        inputs.insert(0, "x" if i % 2 else "n%d" % rng.randrange(n))
    if defect == "order" and i == n - 10:
        op, inputs = "AddV2", ["^x", "n1"]
    if defect == "output" and i == n - 10:
        op, inputs = "AddV2", ["x:1", "n1"]
    if defect in ("named", "badnamed") and i in (10, n - 10):
        op = "Neg"
        inputs = ["last:output:0"] if i == 10 else \
            ["x:output:0" if defect == "named" else "x:nope:0"]
    if defect == "missing" and i in (10, n - 10):
        inputs.append("^absent")
    name = "n5" if defect == "duplicate" and i == n - 10 else "n%d" % i
    node(name, op, inputs, [f32], "/device:CPU:0" if i % 2 else "")
if defect in ("named", "badnamed"):
    node("last", "Placeholder", [], [("dtype", "type: DT_FLOAT")])
if binary:
    sys.stdout.buffer.write(wire.graph(encoded, producer=1))
else:
    print("versions { producer: 1 }")
