# Writes binary GraphDefs into the directory argv[1] that exercise how the
# in-place binary import reads the wire format:
#   good.pb           two nodes and a version
#   group-top.pb      good.pb with an unknown group field at the top level
#   group-node.pb     good.pb with an unknown group field inside a node
#   odd-fields.pb     good.pb where node b's name comes twice (the last
#                     counts) and once more as a varint (an unknown field)
#   bad-node.pb       node b has an attribute that does not parse
#   bad-library.pb    good.pb with a library whose function does not parse
#   bad-library-framing.pb  good.pb with a library field cut short inside
#   library.pb        good.pb with a library of one function, f
#   library-group.pb  library.pb with an unknown group field inside f (the
#                     reader leaves that function to protobuf whole)
#   bad-signature.pb  library.pb where f's signature does not parse
#   truncated.pb      good.pb without its last bytes
#   field-zero.pb     good.pb followed by a field numbered 0
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wire  # noqa: E402

out = sys.argv[1]
a = wire.node("a", "NoOp")
b = wire.node("b", "NoOp", ["^a"], device="/device:CPU:0")
good = wire.graph([a, b], producer=27)
# Field 9, wire type 3 (start group) holding field 1 = 1, then end group.
group = wire.varint(9 << 3 | 3) + wire.field(1, 0, 1) + wire.varint(9 << 3 | 4)
odd_b = (wire.string(1, "x") + wire.field(1, 0, 5) + wire.string(1, "b") +
         wire.string(2, "NoOp") + wire.string(3, "^a") +
         wire.string(4, "/device:CPU:0"))
# An attribute whose AttrValue is a length-delimited field cut short.
bad_attr = [("k", b"\x12\x05ab")]
# FunctionDef f: signature {name: "f"}, with what follows it.
def library(after_signature=b"", signature=wire.string(1, "f")):
    func = wire.field(1, 2, signature) + after_signature
    return wire.field(2, 2, wire.field(1, 2, func))


cases = {
    "good": good,
    "group-top": good + group,
    "group-node": wire.graph([a, b + group], producer=27),
    "odd-fields": wire.graph([a, odd_b], producer=27),
    "bad-node": wire.graph([a, wire.node("b", "NoOp", attrs=bad_attr)]),
    "bad-library": good + wire.field(2, 2, b"\x0a\x03\xff\xff\xff"),
    "bad-library-framing": good + wire.field(2, 2, b"\x0a\x05\x01"),
    "library": good + library(),
    "library-group": good + library(group),
    "bad-signature": good + library(signature=b"\x0a\x05f"),
    "truncated": good[:-3],
    "field-zero": good + wire.field(0, 0, 1),
}
for name, data in cases.items():
    with open(os.path.join(out, name + ".pb"), "wb") as f:
        f.write(data)
