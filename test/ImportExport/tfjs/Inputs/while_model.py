"""A TF.js graph model whose library functions hold weights, as the TF.js
converter writes one: a StatelessWhile whose cond and body hold Const nodes
named "<function>/<node>", their values in the weight shard beside
model.json, looked up by those names.

  while_model.py DIR [CASE]   writes DIR/model.json and
                              DIR/group1-shard1of1.bin

CASE breaks it: "no-weight" lists no weight for a body Const, "not-const"
names the cond's Less node by a weight. "shadow" names function nodes as
graph weights: the body's AddV2 "i0", and a Const "shape64" of the cond
holding its own value (7).

The loop runs i from 0 while i < 3 (the cond's weight), and each step adds
1 (a body weight) to i and multiplies v by [1.5, -2] (a body weight): v
ends as x * [3.375, -8]. The graph also holds an int64 weight (a Reshape's
shape, stored as int32) and function arguments with an empty arg_attr
entry, as TensorFlow writes them for traced functions.
"""

import json
import os
import struct
import sys

COND = "while_cond_49114"
BODY = "map_while_body_49115"


def const(name, dtype):
    # As the TF.js converter leaves it: the dtype and shape only.
    return {"name": name, "op": "Const",
            "attr": {"dtype": {"type": dtype},
                     "value": {"tensor": {"dtype": dtype,
                                          "tensorShape": {}}}}}


def shaped(node, dims):
    node["attr"]["value"]["tensor"]["tensorShape"] = {
        "dim": [{"size": str(d)} for d in dims]}
    return node


def args(*pairs):
    return [{"name": n, "type": t} for n, t in pairs]


def main():
    out = sys.argv[1]
    case = sys.argv[2] if len(sys.argv) > 2 else ""
    os.makedirs(out, exist_ok=True)
    float_vector = {"list": {"shape": [{}, {"dim": [{"size": "2"}]}]}}
    nodes = [
        {"name": "x", "op": "Placeholder",
         "attr": {"dtype": {"type": "DT_FLOAT"},
                  "shape": {"shape": {"dim": [{"size": "2"}]}}}},
        const("i0", "DT_INT32"),
        {"name": "loop", "op": "StatelessWhile", "input": ["i0", "x"],
         "attr": {"T": {"list": {"type": ["DT_INT32", "DT_FLOAT"]}},
                  "cond": {"func": {"name": COND}},
                  "body": {"func": {"name": BODY}},
                  "parallel_iterations": {"i": "10"},
                  "output_shapes": float_vector,
                  "_num_original_outputs": {"i": "2"}}},
        shaped(const("shape64", "DT_INT64"), [1]),
        {"name": "out", "op": "Reshape", "input": ["loop:1", "shape64"],
         "attr": {"T": {"type": "DT_FLOAT"}, "Tshape": {"type": "DT_INT64"}}},
        {"name": "count", "op": "Identity", "input": ["loop"],
         "attr": {"T": {"type": "DT_INT32"}}},
    ]
    cond = {
        "signature": {"name": COND,
                      "inputArg": args(("i", "DT_INT32"), ("v", "DT_FLOAT")),
                      "outputArg": args(("identity", "DT_BOOL"))},
        "nodeDef": [
            const(COND + "/Less/y", "DT_INT32"),
            {"name": "Less", "op": "Less",
             "input": ["i", COND + "/Less/y:output:0"],
             "attr": {"T": {"type": "DT_INT32"}}},
        ],
        "ret": {"identity": "Less:z:0"},
        "argAttr": {"0": {}, "1": {}},
    }
    body = {
        "signature": {"name": BODY,
                      "inputArg": args(("i", "DT_INT32"), ("v", "DT_FLOAT")),
                      "outputArg": args(("add_1", "DT_INT32"),
                                        ("mul", "DT_FLOAT"))},
        "nodeDef": [
            const(BODY + "/add_1/y", "DT_INT32"),
            shaped(const(BODY + "/mul/y", "DT_FLOAT"), [2]),
            {"name": "add_1", "op": "AddV2",
             "input": ["i", BODY + "/add_1/y:output:0"],
             "attr": {"T": {"type": "DT_INT32"}}},
            {"name": "mul", "op": "Mul",
             "input": ["v", BODY + "/mul/y:output:0"],
             "attr": {"T": {"type": "DT_FLOAT"}}},
        ],
        "ret": {"add_1": "add_1:z:0", "mul": "mul:z:0"},
        "argAttr": {"0": {},
                    "1": {"attr": {"_user_specified_name": {"s": "dg=="}}}},
    }
    weights = [
        ("i0", "int32", [], struct.pack("<i", 0)),
        ("shape64", "int32", [1], struct.pack("<i", 2)),
        (COND + "/Less/y", "int32", [], struct.pack("<i", 3)),
        (BODY + "/add_1/y", "int32", [], struct.pack("<i", 1)),
        (BODY + "/mul/y", "float32", [2], struct.pack("<2f", 1.5, -2.0)),
    ]
    if case == "shadow":
        body["nodeDef"][2]["name"] = "i0"
        body["ret"]["add_1"] = "i0:z:0"
        own = const("shape64", "DT_INT32")
        own["attr"]["value"]["tensor"]["intVal"] = [7]
        cond["nodeDef"].append(own)
    if case == "no-weight":
        weights = [w for w in weights if w[0] != BODY + "/add_1/y"]
    elif case == "not-const":
        weights.append(("Less", "bool", [], b"\x01"))
    model = {
        "format": "graph-model",
        "generatedBy": "while_model.py",
        "convertedBy": "while_model.py",
        "modelTopology": {"node": nodes,
                          "library": {"function": [cond, body]},
                          "versions": {"producer": 1}},
        "weightsManifest": [{
            "paths": ["group1-shard1of1.bin"],
            "weights": [{"name": n, "dtype": d, "shape": s}
                        for n, d, s, _ in weights]}],
    }
    with open(os.path.join(out, "model.json"), "w") as f:
        json.dump(model, f, indent=1)
    with open(os.path.join(out, "group1-shard1of1.bin"), "wb") as f:
        f.write(b"".join(b for _, _, _, b in weights))


if __name__ == "__main__":
    main()
