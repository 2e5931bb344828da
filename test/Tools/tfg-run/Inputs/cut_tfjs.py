"""Writes a TF.js graph model with some nodes replaced by Placeholders.

usage: cut_tfjs.py MODEL.json OUT_DIR NAME=DTYPE:DIMS...

Each NAME node becomes a Placeholder of dtype DTYPE (DT_FLOAT, DT_INT32)
and shape DIMS (1x320x320x3), so the part of the model after it runs on fed
values; the weights manifest is kept and the weight files are copied next to
the new model.json. Used to test the StableHLO lowering on the part of a
model after a loop (stage-stablehlo-dynamic.test).
"""
import json
import os
import shutil
import sys


def main():
    model_path, out_dir = sys.argv[1], sys.argv[2]
    cuts = {}
    for arg in sys.argv[3:]:
        name, spec = arg.split('=', 1)
        dtype, dims = spec.split(':', 1)
        cuts[name] = (dtype, [int(d) for d in dims.split('x')])
    with open(model_path) as f:
        model = json.load(f)
    found = set()
    for node in model['modelTopology']['node']:
        if node['name'] in cuts:
            dtype, dims = cuts[node['name']]
            node['op'] = 'Placeholder'
            node['input'] = []
            node['attr'] = {
                'dtype': {'type': dtype},
                'shape': {'shape': {'dim': [{'size': str(d)} for d in dims]}},
            }
            found.add(node['name'])
    missing = set(cuts) - found
    if missing:
        sys.exit('no such node: ' + ', '.join(sorted(missing)))
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, 'model.json'), 'w') as f:
        json.dump(model, f)
    src = os.path.dirname(os.path.abspath(model_path))
    for group in model.get('weightsManifest', []):
        for path in group['paths']:
            # A copy: the importer reads no file outside the model's
            # directory, a link included.
            shutil.copyfile(os.path.join(src, path),
                            os.path.join(out_dir, path))


if __name__ == '__main__':
    main()
