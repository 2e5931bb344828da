#!/usr/bin/env python3
"""Checks every text GraphDef of a directory through protobuf's JSON form.

For each *.pbtxt: the module imported from the text, exported with
`--mlir-to-graphdef --json` and imported from that JSON must be the module
imported from the text, and `--test-graphdef-roundtrip` must pass on the
JSON. Prints one line per failure and the count of files checked.

usage: json_roundtrip.py DIR WORKDIR
"""
import pathlib
import subprocess
import sys


def translate(*args):
    return subprocess.run(["tfg-translate", *args], capture_output=True,
                          text=True)


def main():
    src, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    work.mkdir(parents=True, exist_ok=True)
    checked, failed = 0, 0
    for text in sorted(src.glob("*.pbtxt")):
        mlir = work / (text.stem + ".mlir")
        json = work / (text.stem + ".json")
        steps = [
            ("import", translate("--graphdef-to-mlir", str(text), "-o",
                                 str(mlir))),
            ("export", translate("--mlir-to-graphdef", "--json", str(mlir),
                                 "-o", str(json))),
        ]
        again = translate("--graphdef-to-mlir", str(json))
        steps.append(("import of the JSON", again))
        steps.append(("round trip of the JSON",
                      translate("--test-graphdef-roundtrip", str(json))))
        bad = [name for name, run in steps if run.returncode != 0]
        if not bad and again.stdout != mlir.read_text():
            bad = ["the JSON's module differs from the text's"]
        checked += 1
        if bad:
            failed += 1
            print(f"FAIL {text.name}: {', '.join(bad)}")
    print(f"checked {checked}, failed {failed}")


if __name__ == "__main__":
    main()
