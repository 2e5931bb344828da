#!/usr/bin/env python3
"""Writes every tfg module of the given directories as bytecode with
tfg-opt --emit-bytecode and reads the bytecode back with tfg-opt: the
structural check and the trial read must accept all of the writer's
output. Files that tfg-opt refuses as text (tests of errors, split files,
fuzzing seeds that are invalid) are skipped; the count of modules checked
is printed.

usage: roundtrip.py WORKDIR DIR...
"""
import concurrent.futures
import os
import subprocess
import sys

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
paths = []
for root in sys.argv[2:]:
    for dirpath, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if root.rstrip('/').endswith('test') and not name.endswith('.mlir'):
                continue
            paths.append(os.path.join(dirpath, name))


def roundtrip(item):
    """None when tfg-opt refuses the text, else the rejection (or '')."""
    index, path = item
    out = os.path.join(work, '%d.mlirbc' % index)
    written = subprocess.run(['tfg-opt', path, '--emit-bytecode', '-o', out],
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    if written.returncode != 0:
        return None
    read = subprocess.run(['tfg-opt', out, '-o', os.devnull],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True)
    os.unlink(out)
    return '' if read.returncode == 0 else '%s: %s' % (path,
                                                      read.stderr.strip())


with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(roundtrip, enumerate(paths)))
checked = [r for r in results if r is not None]
failed = [r for r in checked if r]
print('checked %d modules' % len(checked))
for line in failed:
    print('REJECTED ' + line)
sys.exit(1 if failed or not checked else 0)
