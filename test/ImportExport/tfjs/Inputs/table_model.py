"""A TF.js graph model with a model initializer that fills two hash tables,
which the model looks up (as the TF.js converter writes a model of a
SavedModel with vocabularies):

  table_model.py DIR [CASE]   writes DIR/model.json and DIR/group1-shard1of1
                              (a shard without an extension, as converters
                              1.x named them), and DIR/x.npy (the feed)

The initializer (modelInitializer) creates `ints` (int32 -> float, no
shared_name: TF.js finds it by node name) and `vocab` (string -> int64,
shared_name "vocab") and imports keys and values from its Consts, whose
values are weights of the model's manifest. The model looks up x in `ints`
(missing keys give -1) and its string weight `words` in `vocab` (-1), and
gives the size of `ints`:

  x = [1, 2, 7, 3, 0]
  find_ints  = [0.5, 1.5, -1, 2.5, -1]
  find_vocab = [30, 10, -1, 20]          (words: the cat sat dog)
  size_ints  = 4

CASE:
  (none)        initializerSignature names the two imports
  no-signature  no initializerSignature: TF.js runs the initializer's sinks
  legacy        the topologies written as TF.js converters 0.x/1.x wrote
                them: dtypes as enum numbers, bytes (`s`, a list's `s`, a
                tensor's stringVal and tensorContent) as arrays of byte
                values, int64 fields as numbers, empty repeated fields
                spelled out; and the Consts of `extras`
  extras        two unused Consts with values inline (strings with a list
                attribute of strings, int32 as tensorContent)
  shared        the initializer's `default_ints` Const is named as the
                model's (one weight for both, as TF.js shares it)
  bad-byte      legacy, with 256 in a shared_name's byte array
  bad-element   legacy, with a string in a shared_name's byte array
  init-not-const a weight names the initializer's LookupTableImportV2
  init-no-weight the manifest has no weight for the initializer's keys_ints
  no-initializer no modelInitializer (nor its weights): the tables stay empty
  resource      the model has no HashTable node of `ints`: it looks it up
                through a DT_RESOURCE Placeholder `unknown`, whose
                signature input has a resourceId; the initializer
                signature's output `ints_handle` (an Identity of the
                table after its import) has the same resourceId, and
                TF.js feeds it to `unknown` (as the TF.js converter writes
                a SavedModel whose tables are captured by its functions)
  bad-resource  resource, with the initializer output's resourceId changed
                (no output captures `unknown`)
"""

import json
import os
import struct
import sys

DTYPES = {"DT_FLOAT": 1, "DT_INT32": 3, "DT_STRING": 7, "DT_INT64": 9,
          "DT_BOOL": 10}


def const(name, dtype, dims):
    return {"name": name, "op": "Const",
            "attr": {"dtype": {"type": dtype},
                     "value": {"tensor": {"dtype": dtype, "tensorShape": {
                         "dim": [{"size": str(d)} for d in dims]}}}}}


def table(name, key, value, shared):
    return {"name": name, "op": "HashTableV2",
            "attr": {"key_dtype": {"type": key},
                     "value_dtype": {"type": value},
                     "shared_name": {"s": shared},
                     "container": {"s": ""},
                     "use_node_name_sharing": {"b": False}}}


def lookup(op, name, inputs, key, value):
    return {"name": name, "op": op, "input": inputs,
            "attr": {"Tin": {"type": key}, "Tout": {"type": value}}}


def strings(values):
    return b"".join(struct.pack("<I", len(v)) + v for v in values)


def legacy(value, key=None):
    """The value as converters 0.x/1.x wrote it."""
    if isinstance(value, list):
        if key in ("s", "stringVal"):
            return [legacy_bytes(v) for v in value]
        return [legacy(v, key) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for k, v in value.items():
        if k in ("type", "dtype") and isinstance(v, str):
            out[k] = DTYPES[v]
        elif k == "type" and isinstance(v, list):
            out[k] = [DTYPES[t] for t in v]
        elif k in ("s", "tensorContent") and isinstance(v, str):
            out[k] = legacy_bytes(v)
        elif k in ("size", "i") and isinstance(v, str):
            out[k] = int(v)
        else:
            out[k] = legacy(v, k)
    if "op" in out:
        # Every repeated field spelled out, empty ones too.
        out.setdefault("input", [])
        out.setdefault("device", "")
    if "tensorShape" in out:
        out["tensorShape"].setdefault("dim", [])
    return out


def legacy_bytes(text):
    import base64
    if isinstance(text, list):
        return text
    return list(base64.b64decode(text))


def b64(text):
    import base64
    return base64.b64encode(text.encode()).decode()


def build(case):
    """The model of CASE: model.json's text and the shard's bytes."""
    ints = table("ints", "DT_INT32", "DT_FLOAT", "")
    vocab = table("vocab", "DT_STRING", "DT_INT64", b64("vocab"))
    init_nodes = [
        ints, vocab,
        const("keys_ints", "DT_INT32", [4]),
        const("values_ints", "DT_FLOAT", [4]),
        const("keys_vocab", "DT_STRING", [3]),
        const("values_vocab", "DT_INT64", [3]),
        lookup("LookupTableImportV2", "import_ints",
               ["ints", "keys_ints", "values_ints"], "DT_INT32", "DT_FLOAT"),
        lookup("LookupTableImportV2", "import_vocab",
               ["vocab", "keys_vocab", "values_vocab"], "DT_STRING",
               "DT_INT64"),
    ]
    nodes = [
        {"name": "x", "op": "Placeholder",
         "attr": {"dtype": {"type": "DT_INT32"},
                  "shape": {"shape": {"dim": [{"size": "5"}]}}}},
        dict(ints), dict(vocab),
        const("default_ints", "DT_FLOAT", []),
        const("words", "DT_STRING", [4]),
        const("default_vocab", "DT_INT64", []),
        lookup("LookupTableFindV2", "find_ints",
               ["ints", "x", "default_ints"], "DT_INT32", "DT_FLOAT"),
        lookup("LookupTableFindV2", "find_vocab",
               ["vocab", "words", "default_vocab"], "DT_STRING", "DT_INT64"),
        {"name": "size_ints", "op": "LookupTableSizeV2", "input": ["ints"]},
    ]
    weights = [
        ("keys_ints", "int32", [4], struct.pack("<4i", 1, 2, 3, 4)),
        ("values_ints", "float32", [4],
         struct.pack("<4f", 0.5, 1.5, 2.5, 3.5)),
        ("keys_vocab", "string", [3], strings([b"cat", b"dog", b"the"])),
        ("values_vocab", "int32", [3], struct.pack("<3i", 10, 20, 30)),
        ("default_ints", "float32", [], struct.pack("<f", -1)),
        ("words", "string", [4], strings([b"the", b"cat", b"sat", b"dog"])),
        ("default_vocab", "int32", [], struct.pack("<i", -1)),
    ]
    if case == "shared":
        init_nodes.append(const("default_ints", "DT_FLOAT", []))
        init_nodes.append({"name": "sink", "op": "Identity",
                           "input": ["default_ints"],
                           "attr": {"T": {"type": "DT_FLOAT"}}})
    if case == "init-not-const":
        weights.append(("import_ints", "int32", [], struct.pack("<i", 0)))
    if case == "init-no-weight":
        weights = [w for w in weights if w[0] != "keys_ints"]
    if case in ("resource", "bad-resource"):
        nodes[1] = {"name": "unknown", "op": "Placeholder",
                    "attr": {"dtype": {"type": "DT_RESOURCE"},
                             "shape": {"shape": {}}}}
        for node in nodes:
            node["input"] = ["unknown" if i == "ints" else i
                             for i in node.get("input", [])]
        init_nodes.append({"name": "ints_handle", "op": "Identity",
                           "input": ["ints", "^import_ints"],
                           "attr": {"T": {"type": "DT_RESOURCE"}}})
    topology = {"node": nodes, "library": {}, "versions": {"producer": 1}}
    initializer = {"node": init_nodes, "versions": {"producer": 1}}
    if case in ("extras", "legacy", "bad-byte", "bad-element"):
        nodes.append({"name": "note", "op": "Const", "attr": {
            "dtype": {"type": "DT_STRING"},
            "_class": {"list": {"s": [b64("loc:@words"), b64("hi")]}},
            "value": {"tensor": {"dtype": "DT_STRING",
                                 "tensorShape": {"dim": [{"size": "2"}]},
                                 "stringVal": [b64("hi"), b64("")]}}}})
        nodes.append({"name": "pair", "op": "Const", "attr": {
            "dtype": {"type": "DT_INT32"},
            "value": {"tensor": {"dtype": "DT_INT32",
                                 "tensorShape": {"dim": [{"size": "2"}]},
                                 "tensorContent": base64_of(
                                     struct.pack("<2i", 7, -1))}}}})
    if case in ("legacy", "bad-byte", "bad-element"):
        topology = legacy(topology)
        initializer = legacy(initializer)
        if case == "bad-byte":
            initializer["node"][1]["attr"]["shared_name"]["s"][0] = 256
        if case == "bad-element":
            initializer["node"][1]["attr"]["shared_name"]["s"][2] = "c"
    model = {
        "format": "graph-model",
        "generatedBy": "table_model.py",
        "convertedBy": "table_model.py",
        "modelTopology": topology,
        "modelInitializer": initializer,
        "signature": {
            "inputs": {"x:0": {"name": "x:0", "dtype": "DT_INT32"}},
            "outputs": {n + ":0": {"name": n + ":0"}
                        for n in ("find_ints", "find_vocab", "size_ints")}},
        "weightsManifest": [{
            "paths": ["group1-shard1of1"],
            "weights": [{"name": n, "dtype": d, "shape": s}
                        for n, d, s, _ in weights]}],
    }
    if case == "no-initializer":
        del model["modelInitializer"]
        model["weightsManifest"][0]["weights"] = model["weightsManifest"][0][
            "weights"][4:]
        weights = weights[4:]
    if case not in ("no-signature", "shared", "no-initializer", "resource",
                    "bad-resource"):
        model["initializerSignature"] = {"outputs": {
            n: {"name": n} for n in ("import_ints", "import_vocab")}}
    if case in ("resource", "bad-resource"):
        model["signature"]["inputs"]["unknown:0"] = {
            "name": "unknown:0", "dtype": "DT_RESOURCE", "tensorShape": {},
            "resourceId": 41}
        model["initializerSignature"] = {"outputs": {
            "ints_handle:0": {"name": "ints_handle:0", "dtype": "DT_RESOURCE",
                              "tensorShape": {},
                              "resourceId": 42 if case == "bad-resource"
                              else 41},
            "import_vocab": {"name": "import_vocab"}}}
    return (json.dumps(model, indent=1),
            b"".join(b for _, _, _, b in weights))


def main():
    out = sys.argv[1]
    case = sys.argv[2] if len(sys.argv) > 2 else ""
    os.makedirs(out, exist_ok=True)
    text, shard = build(case)
    with open(os.path.join(out, "model.json"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "group1-shard1of1"), "wb") as f:
        f.write(shard)
    # x, and the outputs TensorFlow.js 4.22 gives for it (tfjs_run.js), as
    # NumPy files.
    with open(os.path.join(out, "x.npy"), "wb") as f:
        f.write(npy("<i4", (5,), struct.pack("<5i", 1, 2, 7, 3, 0)))
    import zipfile
    with zipfile.ZipFile(os.path.join(out, "expected.npz"), "w") as z:
        z.writestr("find_ints:0.npy", npy(
            "<f4", (5,), struct.pack("<5f", 0.5, 1.5, -1, 2.5, -1)))
        z.writestr("find_vocab:0.npy", npy(
            "<i8", (4,), struct.pack("<4q", 30, 10, -1, 20)))
        z.writestr("size_ints:0.npy", npy("<i8", (), struct.pack("<q", 4)))


def npy(descr, shape, data):
    """A .npy file (version 1.0) of little-endian `data`."""
    dims = "".join("%d," % d for d in shape)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, dims)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + \
        header.encode() + data


def base64_of(data):
    import base64
    return base64.b64encode(data).decode()


if __name__ == "__main__":
    main()
