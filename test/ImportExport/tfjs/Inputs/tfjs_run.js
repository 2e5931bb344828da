'use strict';
// Runs a TF.js graph model with TensorFlow.js 4.22 in node (its model
// initializer first, as GraphModel does) and prints each output of its
// signature, in signature order: "NAME DTYPE [SHAPE] v1 v2 ...".
//
//   node tfjs_run.js MODEL.json NAME=v1,v2,... [...]
//
// Each NAME=values feeds input NAME (a signature key) a vector of the
// input's dtype. Exits 2 when TensorFlow.js cannot be loaded, 1 when the
// model fails to load or run.
const path = require('path');

console.warn = () => {};
let tf;
try {
  tf = require('@tensorflow/tfjs');
} catch (e) {
  console.log('error: @tensorflow/tfjs cannot be loaded: ' + e.message);
  process.exit(2);
}
const tfjsFiles =
    require(path.join(__dirname, '..', '..', '..', '..', 'utils', 'tfjs_files.js'));

async function main() {
  const [file, ...feeds] = process.argv.slice(2);
  const model = await tf.loadGraphModel(tfjsFiles.fileHandler(tf, file));
  const inputs = {};
  for (const feed of feeds) {
    const [name, text] = feed.split('=');
    const info = model.inputs.find(
        (i) => i.name === name || i.name + ':0' === name) || {};
    const values = text.split(',').map(Number);
    inputs[name] = tf.tensor(values, [values.length], info.dtype || 'float32');
  }
  const names = model.outputs.map((o) => o.name);
  const result = await model.executeAsync(inputs, names);
  const list = Array.isArray(result) ? result : [result];
  for (let i = 0; i < list.length; ++i) {
    const data = Array.from(await list[i].data());
    console.log(names[i] + ' ' + list[i].dtype + ' [' + list[i].shape.join(',') +
                '] ' + data.join(' '));
  }
}

main().catch((e) => {
  console.log('error: ' + String(e && e.message || e).split('\n')[0]);
  process.exit(1);
});
