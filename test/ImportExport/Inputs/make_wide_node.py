# Writes into the directory argv[1] GraphDefs of one NoOp with argv[2]
# attributes a0, a1, ...:
#   wide.pb       each attribute an int: the round trip is exact
#   wide-lost.pb  each attribute a string with field 99, which tfg cannot
#                 keep: every attribute differs after the round trip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wire  # noqa: E402

out, n = sys.argv[1], int(sys.argv[2])
unknown99 = wire.field(99, 0, 1)
cases = {
    "wide": [(f"a{i}", wire.attr_i(i)) for i in range(n)],
    "wide-lost": [(f"a{i}", wire.attr_s("v") + unknown99) for i in range(n)],
}
for name, attrs in cases.items():
    with open(os.path.join(out, name + ".pb"), "wb") as f:
        f.write(wire.field(1, 2, wire.node("x", "NoOp", attrs=attrs)))
