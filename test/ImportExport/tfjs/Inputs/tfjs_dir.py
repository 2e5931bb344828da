"""TF.js model directories for the confinement and weight tests, and the
framing of the TF.js directory fuzzer (fuzz/TFJSDirFuzzer.cpp).

  tfjs_dir.py make CASE ROOT   writes ROOT/model/ (the model) and
                               ROOT/secret.bin (a file outside it)
  tfjs_dir.py pack ROOT        writes ROOT/model/ framed, to stdout
  tfjs_dir.py unpack FILE ROOT writes a framed input as ROOT/model/
  tfjs_dir.py seeds DIR        writes every case, framed, into DIR

Framing (the fuzzer's input): entries, each a name index byte (into NAMES),
a kind byte (0 regular file, 1 symbolic link, 2 FIFO, 3 directory), a
little-endian 16-bit length and that many bytes: a regular file's contents,
or for a link one byte indexing TARGETS. The first entry is the file
imported. At most MAX_ENTRIES entries are read; a cut entry ends the input.
"""

import json
import os
import struct
import sys

NAMES = ["model.json", "group1-shard1of1.bin", "group1-shard1of2.bin",
         "group1-shard2of2.bin", "group2-shard1of1.bin",
         "weights_manifest.json", "tensorflowjs_model.pb", "sub",
         "sub/shard.bin", "link.bin", "group1-shard1of1"]
TARGETS = ["../secret.bin", "/dev/zero", "group1-shard1of1.bin", "sub",
           "..", "model.json", "nonexistent", "@SECRET@", "sub/shard.bin"]
MAX_ENTRIES = 8
KINDS = {"file": 0, "link": 1, "fifo": 2, "dir": 3}
# Bytes no weight of the tests holds: found in an import, they were read
# from outside the model.
SECRET = b"SECRET!!"


def const(name, dtype="DT_FLOAT", value=True):
    node = {"name": name, "op": "Const", "attr": {"dtype": {"type": dtype}}}
    if value:
        # As the TF.js converter leaves it: the dtype and shape only.
        node["attr"]["value"] = {"tensor": {"dtype": dtype, "tensorShape": {}}}
    return node


def weight(name, shape, dtype="float32", quantization=None):
    w = {"name": name, "shape": shape, "dtype": dtype}
    if quantization:
        w["quantization"] = quantization
    return w


def model(nodes, groups):
    return json.dumps({"format": "graph-model",
                       "modelTopology": {"node": nodes,
                                         "versions": {"producer": 1}},
                       "weightsManifest": groups})


def f32(*values):
    return struct.pack("<%df" % len(values), *values)


def one_weight(path, shard=f32(1.5, -2.0), shape=None):
    """A model of one float Const "w" of two elements read from `path`."""
    files = {"model.json": model([const("w")], [
        {"paths": [path], "weights": [weight("w", shape or [2])]}])}
    if shard is not None:
        files[path] = shard
    return files


def varint(n):
    out = bytearray()
    while True:
        out.append((n & 0x7F) | (0x80 if n > 0x7F else 0))
        n >>= 7
        if not n:
            return bytes(out)


def ld(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def frozen_graph(names):
    """A binary GraphDef of float Const nodes without values."""
    out = b""
    for name in names:
        dtype = varint(6 << 3) + varint(1)  # AttrValue.type = DT_FLOAT
        attr = ld(1, b"dtype") + ld(2, dtype)
        out += ld(1, ld(1, name.encode()) + ld(2, b"Const") + ld(5, attr))
    return out


def frozen(path):
    return {"tensorflowjs_model.pb": frozen_graph(["w"]),
            "weights_manifest.json": json.dumps(
                [{"paths": [path], "weights": [weight("w", [2])]}]),
            path: f32(1.5, -2.0)}


def cases(root):
    """Each case: the files of ROOT/model (name -> bytes or str, or a
    (kind, target) pair)."""
    secret = os.path.join(os.path.abspath(root), "secret.bin")
    c = {}
    # Confinement.
    c["valid"] = one_weight("group1-shard1of1.bin")
    c["dotdot"] = one_weight("../secret.bin", shard=None)
    c["inner-dotdot"] = one_weight("sub/../../secret.bin", shard=None)
    c["absolute"] = one_weight(secret, shard=None)
    c["empty-path"] = one_weight("", shard=None)
    c["nul-path"] = one_weight("group1-shard1of1.bin\0/../../secret.bin",
                               shard=None)
    c["link-out"] = one_weight("link.bin", shard=None)
    c["link-out"]["link.bin"] = ("link", "../secret.bin")
    c["link-abs"] = one_weight("link.bin", shard=None)
    c["link-abs"]["link.bin"] = ("link", secret)
    c["dir-out"] = one_weight("sub/secret.bin", shard=None)
    c["dir-out"]["sub"] = ("link", "..")
    c["link-zero"] = one_weight("link.bin", shard=None)
    c["link-zero"]["link.bin"] = ("link", "/dev/zero")
    c["directory"] = one_weight("sub", shard=None)
    c["directory"]["sub"] = ("dir", None)
    c["fifo"] = one_weight("group1-shard1of1.bin", shard=None)
    c["fifo"]["group1-shard1of1.bin"] = ("fifo", None)
    c["link-inside"] = one_weight("link.bin")
    c["link-inside"]["link.bin"] = ("link", "sub/shard.bin")
    c["link-inside"]["sub"] = ("dir", None)
    c["link-inside"]["sub/shard.bin"] = f32(1.5, -2.0)
    c["subdir"] = one_weight("sub/shard.bin")
    c["subdir"]["sub"] = ("dir", None)
    c["short"] = one_weight("group1-shard1of1.bin", shard=f32(1.5)[:3])
    c["long"] = one_weight("group1-shard1of1.bin", shard=f32(1.5, 2, 3))
    c["split"] = one_weight("group1-shard1of2.bin", shard=f32(1.5))
    c["split"]["model.json"] = model([const("w")], [
        {"paths": ["group1-shard1of2.bin", "group1-shard2of2.bin"],
         "weights": [weight("w", [2])]}])
    c["split"]["group1-shard2of2.bin"] = f32(-2.0)
    # A TF.js 0.x frozen model.
    c["frozen"] = frozen("group1-shard1of1.bin")
    c["frozen-dotdot"] = frozen("../secret.bin")
    del c["frozen-dotdot"]["../secret.bin"]
    c["frozen-manifest-zero"] = frozen("group1-shard1of1.bin")
    c["frozen-manifest-zero"]["weights_manifest.json"] = ("link", "/dev/zero")
    c["frozen-manifest-out"] = frozen("group1-shard1of1.bin")
    c["frozen-manifest-out"]["weights_manifest.json"] = ("link",
                                                         "../outside.json")
    # Weights and their Const nodes.
    c["no-value"] = {"model.json": model(
        [const("w"), const("v", value=False)],
        [{"paths": ["group1-shard1of1.bin"], "weights": [weight("w", [2])]}]),
        "group1-shard1of1.bin": f32(1.5, -2.0)}
    c["placeholder-value"] = {"model.json": model([const("v")], [])}
    c["dtype-mismatch"] = {"model.json": model([const("w")], [
        {"paths": ["group1-shard1of1.bin"],
         "weights": [weight("w", [2], "int32")]}]),
        "group1-shard1of1.bin": struct.pack("<2i", 7, -7)}
    c["float-for-int"] = {"model.json": model([const("w", "DT_INT64")], [
        {"paths": ["group1-shard1of1.bin"],
         "weights": [weight("w", [2])]}]),
        "group1-shard1of1.bin": f32(1.5, -2.0)}
    c["not-const"] = {"model.json": model(
        [{"name": "w", "op": "Placeholder",
          "attr": {"dtype": {"type": "DT_FLOAT"}}}],
        [{"paths": ["group1-shard1of1.bin"], "weights": [weight("w", [2])]}]),
        "group1-shard1of1.bin": f32(1.5, -2.0)}
    # What the TF.js converter writes: quantized weights (the manifest's
    # dtype is the dequantized one) and float64 / int64 Consts stored as
    # float32 / int32.
    c["quantized"] = {"model.json": model(
        [const("u8"), const("u16"), const("half"), const("d", "DT_DOUBLE"),
         const("h", "DT_HALF"), const("l", "DT_INT64"),
         const("s", "DT_INT8")],
        [{"paths": ["group1-shard1of1.bin"], "weights": [
            weight("u8", [2], quantization={"dtype": "uint8", "scale": 0.5,
                                            "min": -1.0,
                                            "original_dtype": "float32"}),
            weight("u16", [1], quantization={"dtype": "uint16",
                                             "scale": 0.25, "min": 1.0,
                                             "original_dtype": "float32"}),
            weight("half", [2], quantization={"dtype": "float16",
                                              "original_dtype": "float32"}),
            weight("d", [2], quantization={"dtype": "float16",
                                           "original_dtype": "float32"}),
            weight("h", [1]),
            weight("l", [2], "int32"),
            weight("s", [2], "int32")]}]),
        "group1-shard1of1.bin":
            bytes([4, 0]) + struct.pack("<H", 8) +
            struct.pack("<2H", 0x3c00, 0xc000) +
            struct.pack("<2H", 0x3800, 0xbc00) + f32(0.25) +
            struct.pack("<2i", -(2 ** 31), 2 ** 31 - 1) +
            struct.pack("<2i", -128, 127)}
    # An inline value whose dtype is not its node's (the importer keeps it
    # as it is): exported, it must stay inline, not become a weight that
    # the dtype check refuses.
    mismatched = const("c", "DT_INT32")
    mismatched["attr"]["value"]["tensor"] = {
        "dtype": "DT_FLOAT", "tensorShape": {"dim": [{"size": "2"}]},
        "floatVal": [1.5, 2]}
    c["inline-mismatch"] = {"model.json": model([mismatched], [])}
    # A model initializer whose Consts take weights of the manifest, in
    # today's encoding and in that of converters 0.x/1.x (table_model.py);
    # the shard has no extension, as 1.x named them.
    import table_model
    for case, variant in (("initializer", ""), ("legacy", "legacy"),
                          ("initializer-shared", "shared")):
        text, shard = table_model.build(variant)
        c[case] = {"model.json": text, "group1-shard1of1": shard}
    c["out-of-range"] = {"model.json": model([const("s", "DT_UINT8")], [
        {"paths": ["group1-shard1of1.bin"],
         "weights": [weight("s", [2], "int32")]}]),
        "group1-shard1of1.bin": struct.pack("<2i", 255, 256)}
    return c


def make(case, root):
    files = cases(root)[case]
    model_dir = os.path.join(root, "model")
    os.makedirs(model_dir, exist_ok=True)
    with open(os.path.join(root, "secret.bin"), "wb") as f:
        f.write(SECRET)
    with open(os.path.join(root, "outside.json"), "w") as f:
        f.write("[]")
    # Directories first, then what lies in them.
    for name, content in sorted(files.items(),
                                key=lambda item: item[0].count("/")):
        path = os.path.join(model_dir, name)
        if isinstance(content, tuple):
            kind, target = content
            if kind == "link":
                os.symlink(target, path)
            elif kind == "fifo":
                os.mkfifo(path)
            else:
                os.makedirs(path, exist_ok=True)
            continue
        if isinstance(content, str):
            content = content.encode()
        with open(path, "wb") as f:
            f.write(content)


def pack(root):
    """Frames ROOT/model: model.json (or tensorflowjs_model.pb) first."""
    model_dir = os.path.join(root, "model")
    present = [n for n in NAMES if os.path.lexists(os.path.join(model_dir, n))]
    first = "model.json" if "model.json" in present else \
        "tensorflowjs_model.pb"
    present.remove(first)
    out = b""
    for name in [first] + present:
        path = os.path.join(model_dir, name)
        data = b""
        if os.path.islink(path):
            kind = KINDS["link"]
            target = os.readlink(path)
            data = bytes([TARGETS.index(target) if target in TARGETS
                          else TARGETS.index("@SECRET@")])
        elif os.path.isdir(path):
            kind = KINDS["dir"]
        elif not os.path.isfile(path):
            kind = KINDS["fifo"]
        else:
            kind = KINDS["file"]
            with open(path, "rb") as f:
                data = f.read()
        out += bytes([NAMES.index(name), kind]) + struct.pack("<H", len(data))
        out += data
    return out


def unpack(data, root):
    """Writes a framed input as ROOT/model, as the fuzzer does."""
    model_dir = os.path.join(root, "model")
    os.makedirs(model_dir, exist_ok=True)
    with open(os.path.join(root, "secret.bin"), "wb") as f:
        f.write(SECRET)
    pos = 0
    for _ in range(MAX_ENTRIES):
        if pos + 4 > len(data):
            break
        name = NAMES[data[pos] % len(NAMES)]
        kind = data[pos + 1] % 4
        size = struct.unpack("<H", data[pos + 2:pos + 4])[0]
        if pos + 4 + size > len(data):
            break
        body = data[pos + 4:pos + 4 + size]
        pos += 4 + size
        path = os.path.join(model_dir, name)
        if os.path.lexists(path):
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if kind == KINDS["file"]:
            with open(path, "wb") as f:
                f.write(body)
        elif kind == KINDS["link"]:
            target = TARGETS[body[0] % len(TARGETS)] if body else TARGETS[0]
            if target == "@SECRET@":
                target = os.path.join(os.path.abspath(root), "secret.bin")
            os.symlink(target, path)
        elif kind == KINDS["fifo"]:
            os.mkfifo(path)
        else:
            os.makedirs(path, exist_ok=True)


def main():
    command = sys.argv[1]
    if command == "make":
        make(sys.argv[2], sys.argv[3])
    elif command == "pack":
        sys.stdout.buffer.write(pack(sys.argv[2]))
    elif command == "unpack":
        with open(sys.argv[2], "rb") as f:
            unpack(f.read(), sys.argv[3])
    elif command == "seeds":
        import shutil
        import tempfile
        for case in cases("/tmp"):
            root = tempfile.mkdtemp()
            try:
                make(case, root)
                with open(os.path.join(sys.argv[2], case), "wb") as f:
                    f.write(pack(root))
            finally:
                shutil.rmtree(root)
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main()
