'use strict';
// Loads TF.js graph models from their files with TensorFlow.js (the pure
// JavaScript CPU backend), runs each exported model and its original on the
// same deterministic inputs, and compares their outputs: floats within a
// tolerance, integers and booleans exactly.
//
//   node tfjs_compare.js [--load-only] ORIGINAL.json EXPORTED.json [...]
//
// Prints one line per pair ("PASS name: ..." or "FAIL name: ...") and last
// how many of them were as their original; exits 1 when a pair failed, 2 when TensorFlow.js
// cannot be loaded (make deps installs it into the build tree; NODE_PATH
// names that node_modules).
const fs = require('fs');
const path = require('path');

// Quiet: TensorFlow.js advises on backends and on execute() by warnings.
console.warn = () => {};
let tf;
try {
  tf = require('@tensorflow/tfjs');
} catch (e) {
  console.log('error: @tensorflow/tfjs cannot be loaded (make deps installs ' +
              'it into <build>/tfjs/node_modules): ' + e.message);
  process.exit(2);
}

// model.json and its weight shards, from the model's directory.
const tfjsFiles =
    require(path.join(__dirname, '..', '..', '..', '..', 'utils', 'tfjs_files.js'));

// The first line of an error's message, at most 300 characters.
function describe(e) {
  const line = String(e && e.message || e).split('\n')[0];
  return line.length > 300 ? line.slice(0, 300) + '...' : line;
}

// A deterministic generator (a 32-bit linear congruential one).
function makeRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

// Unknown dimensions: 1 for the batch, 64 for the others.
function makeInputs(model) {
  const random = makeRandom(12345);
  const feed = {};
  for (const input of model.inputs) {
    const shape = (input.shape || []).map((d, i) =>
        d == null || d < 0 ? (i == 0 ? 1 : 64) : d);
    const size = shape.reduce((a, b) => a * b, 1);
    let values;
    switch (input.dtype) {
    case 'int32':
      values = Int32Array.from({length: size}, () => Math.floor(random() * 256));
      break;
    case 'bool':
      values = Uint8Array.from({length: size}, () => random() < 0.5 ? 1 : 0);
      break;
    case 'string':
      values = Array.from({length: size}, (_, i) => 'text ' + i);
      break;
    default:
      values = Float32Array.from({length: size}, () => random());
    }
    feed[input.name] = tf.tensor(values, shape, input.dtype || 'float32');
  }
  return feed;
}

async function run(model, feed, outputs) {
  const result = await model.executeAsync(feed, outputs);
  const list = Array.isArray(result) ? result : [result];
  const values = [];
  const fed = new Set(Object.values(feed));
  for (const t of list) {
    values.push({shape: t.shape, dtype: t.dtype, data: await t.data()});
    // An output may be an input itself.
    if (!fed.has(t))
      t.dispose();
  }
  return values;
}

// Floats: |a - b| <= 1e-3 + 1e-3 |b|, NaN only against NaN.
function compareValues(name, a, b) {
  if (a.dtype !== b.dtype)
    return `output ${name}: dtype ${b.dtype}, original ${a.dtype}`;
  if (a.shape.join(',') !== b.shape.join(','))
    return `output ${name}: shape [${b.shape}], original [${a.shape}]`;
  const isFloat = a.dtype === 'float32' || a.dtype === 'complex64';
  for (let i = 0; i < a.data.length; ++i) {
    const x = a.data[i], y = b.data[i];
    if (x === y || (isFloat && Number.isNaN(x) && Number.isNaN(y)))
      continue;
    if (isFloat && Math.abs(x - y) <= 1e-3 + 1e-3 * Math.abs(x))
      continue;
    return `output ${name}: element ${i} is ${y}, original ${x}`;
  }
  return null;
}

async function comparePair(original, exported, loadOnly) {
  const a = await tf.loadGraphModel(tfjsFiles.fileHandler(tf, original));
  let b;
  try {
    b = await tf.loadGraphModel(tfjsFiles.fileHandler(tf, exported));
  } catch (e) {
    return 'the export does not load: ' + describe(e);
  }
  if (loadOnly)
    return null;
  const outputs = a.outputNodes;
  const feed = makeInputs(a);
  const want = await run(a, feed, outputs);
  let got;
  try {
    got = await run(b, feed, outputs);
  } catch (e) {
    return 'the export does not run: ' + describe(e);
  }
  for (const t of Object.values(feed))
    t.dispose();
  for (let i = 0; i < outputs.length; ++i) {
    const why = compareValues(outputs[i], want[i], got[i]);
    if (why)
      return why;
  }
  return null;
}

async function main() {
  await tf.setBackend('cpu');
  const args = process.argv.slice(2);
  const loadOnly = args[0] === '--load-only';
  if (loadOnly)
    args.shift();
  if (args.length == 0 || args.length % 2) {
    console.log('usage: tfjs_compare.js [--load-only] ORIGINAL.json ' +
                'EXPORTED.json [...]');
    process.exit(2);
  }
  let passed = 0, failed = 0;
  for (let i = 0; i < args.length; i += 2) {
    let why;
    try {
      why = await comparePair(args[i], args[i + 1], loadOnly);
    } catch (e) {
      why = describe(e);
    }
    if (why) {
      ++failed;
      console.log(`FAIL ${args[i]}: ${why}`);
    } else {
      ++passed;
      console.log(`PASS ${args[i]}`);
    }
  }
  console.log(`${passed + failed} models: ${passed} as the original, ${failed} not`);
  process.exit(failed ? 1 : 0);
}
main();
