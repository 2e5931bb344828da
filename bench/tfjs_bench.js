'use strict';
// Times TF.js graph models with TensorFlow.js 4.22 in node, on the backends
// named (cpu: pure JavaScript; wasm: XNNPACK compiled to WebAssembly), the
// yardstick of `tfg-run --benchmark` (bench/models.sh runs both).
//
//   node tfjs_bench.js [--runs=N] [--backends=cpu,wasm] MODEL.json[:SHAPE]...
//
// The one input has shape SHAPE (`1x256x256x3`) when given, else the
// model's with unknown dimensions 1 for the batch and 64 for the others;
// values are random, floats uniform in [0, 1), ints in [0, 256). Prints one line per model and backend:
//   MODEL BACKEND median_ms: X min_ms: Y max_ms: Z
// after one warm-up run. A backend that fails to load or run prints
// `MODEL BACKEND error: ...` and the script goes on.
const fs = require('fs');
const path = require('path');

console.warn = () => {};
let tf;
try {
  tf = require('@tensorflow/tfjs');
} catch (e) {
  console.log('error: @tensorflow/tfjs cannot be loaded (NODE_PATH must ' +
              'name the node_modules that holds it): ' + e.message);
  process.exit(2);
}

// model.json and its weight shards, from the model's directory.
const tfjsFiles =
    require(path.join(__dirname, '..', 'utils', 'tfjs_files.js'));

function makeInputs(model, forced) {
  let state = 1;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const feed = {};
  for (const input of model.inputs) {
    const shape = forced || (input.shape || []).map((d, i) =>
        d == null || d < 0 ? (i == 0 ? 1 : 64) : d);
    const size = shape.reduce((a, b) => a * b, 1);
    const dtype = input.dtype || 'float32';
    const values = dtype === 'int32'
        ? Int32Array.from({length: size}, () => Math.floor(random() * 256))
        : Float32Array.from({length: size}, () => random());
    feed[input.name] = tf.tensor(values, shape, dtype);
  }
  return feed;
}

async function runOnce(model, feed) {
  const result = await model.executeAsync(feed, model.outputNodes);
  const list = Array.isArray(result) ? result : [result];
  for (const t of list)
    await t.data();
  const fed = new Set(Object.values(feed));
  for (const t of list)
    if (!fed.has(t))
      t.dispose();
}

async function bench(spec, backend, runs) {
  const colon = spec.lastIndexOf(':');
  const file = colon > 0 ? spec.slice(0, colon) : spec;
  const forced = colon > 0 ? spec.slice(colon + 1).split('x').map(Number)
                           : null;
  const name = path.basename(file, '.json');
  try {
    if (!(await tf.setBackend(backend)))
      throw new Error('backend ' + backend + ' is not available');
    await tf.ready();
    const model = await tf.loadGraphModel(tfjsFiles.fileHandler(tf, file));
    const feed = makeInputs(model, forced);
    await runOnce(model, feed);
    const times = [];
    for (let i = 0; i < runs; ++i) {
      const start = process.hrtime.bigint();
      await runOnce(model, feed);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`${name} ${backend} median_ms: ${median.toFixed(2)} ` +
                `min_ms: ${times[0].toFixed(2)} ` +
                `max_ms: ${times[times.length - 1].toFixed(2)}`);
    for (const t of Object.values(feed))
      t.dispose();
    model.dispose();
  } catch (e) {
    const line = String(e && e.message || e).split('\n')[0];
    console.log(`${name} ${backend} error: ${line.slice(0, 200)}`);
  }
}

async function main() {
  let runs = 10;
  let backends = ['cpu', 'wasm'];
  const files = [];
  for (const arg of process.argv.slice(2)) {
    if (arg.startsWith('--runs='))
      runs = Math.max(1, parseInt(arg.slice(7), 10) || 1);
    else if (arg.startsWith('--backends='))
      backends = arg.slice(11).split(',');
    else
      files.push(arg);
  }
  if (backends.includes('wasm')) {
    try {
      require('@tensorflow/tfjs-backend-wasm');
    } catch (e) {
      console.log('note: @tensorflow/tfjs-backend-wasm is not installed; ' +
                  'wasm rows are skipped');
      backends = backends.filter((b) => b !== 'wasm');
    }
  }
  for (const file of files)
    for (const backend of backends)
      await bench(file, backend, runs);
}
main();
