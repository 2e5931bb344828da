# Writes inputs nested DEPTH levels deep, for the nesting limit of the JSON
# scanner: `model` a model.json whose signature is DEPTH arrays deep,
# `attr` a tfg module whose tfjs.signature attribute is.
import sys

mode, depth = sys.argv[1], int(sys.argv[2])
nested = "[" * depth + "]" * depth
if mode == "model":
    print('{"modelTopology": {"node": []}, "signature": %s}' % nested)
else:
    print('module attributes {tfjs.signature = "%s"} {' % nested)
    print("  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
    print("  }")
    print("}")
