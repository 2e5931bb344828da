# Writes binary GraphDefs into the directory argv[1] whose fields tfg's
# protos do not declare sit where they cannot be kept (the importer warns):
#   attr.pb       node x's attribute k (an AttrValue) has field 99
#   shape.pb      node x's attribute s is a shape whose dimension has field 50
#   versions.pb   the GraphDef's versions have field 77
#   library.pb    the GraphDef's library has field 66 (kept, as the
#                 graph's tfg.library_unknown_fields)
#   registered.pb the library's registered gradient has field 9
#   func-attr.pb  function f's attribute a (an AttrValue) has field 99
#   large.pb      20,000 nodes (imported in parallel chunks): every third
#                 has field 111 (kept), every thousandth (from n7) an
#                 attribute with field 99 (reported)
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wire  # noqa: E402

out = sys.argv[1]
unknown99 = wire.field(99, 0, 1)
attr = wire.attr_s("v") + unknown99
shape = wire.field(7, 2, wire.field(2, 2, wire.field(1, 0, 3) +
                                    wire.field(50, 0, 1)))
versions = wire.field(4, 2, wire.field(1, 0, 1) + wire.field(77, 0, 2))
# FunctionDef f: signature {name: "f"}, attr {key: "a" value {b: true, 99}}.
func = (wire.field(1, 2, wire.string(1, "f")) +
        wire.field(5, 2, wire.string(1, "a") +
                   wire.field(2, 2, wire.field(5, 0, 1) + unknown99)))
cases = {
    "attr": wire.node("x", "NoOp", attrs=[("k", attr)]),
    "shape": wire.node("x", "NoOp", attrs=[("s", shape)]),
}
graphs = {name: wire.field(1, 2, node) for name, node in cases.items()}
x = wire.field(1, 2, wire.node("x", "NoOp"))
graphs["versions"] = x + versions
graphs["library"] = x + wire.field(2, 2, wire.field(66, 0, 1))
registered = wire.string(1, "g") + wire.string(2, "Op") + wire.field(9, 0, 1)
graphs["registered"] = x + wire.field(2, 2, wire.field(3, 2, registered))
graphs["func-attr"] = x + wire.field(2, 2, wire.field(1, 2, func))
nodes = []
for i in range(20000):
    extra = wire.field(111, 0, i) if i % 3 == 0 else b""
    attrs = [("k", attr)] if i % 1000 == 7 else []
    inputs = ["^n%d" % (i - 1)] if i else []
    nodes.append(wire.node("n%d" % i, "NoOp", inputs, attrs=attrs,
                           extra=extra))
graphs["large"] = wire.graph(nodes, producer=5)
for name, data in graphs.items():
    with open(os.path.join(out, name + ".pb"), "wb") as f:
        f.write(data)
