'use strict';
// Writes the reference outputs of TensorFlow.js 4.22 (the pure JavaScript
// CPU backend) for the real models of test/ImportExport/tfjs/Inputs, which
// the tfg-run tests compare tfg's interpreter with.
//
//   NODE_PATH=<build>/tfjs/node_modules node make_reference.js MODELS_DIR OUT_DIR [model...]
//
// (from the repository: NODE_PATH=build/tfjs/node_modules node
//  test/Tools/tfg-run/Inputs/make_reference.js test/ImportExport/tfjs/Inputs
//  test/Tools/tfg-run/Inputs)
//
// For each model NAME it writes OUT_DIR/NAME.ref.npz: one array per output
// node (named as TensorFlow.js names the node, in its order). The inputs
// are not written: they are generated exactly as tfg-run's
// --input=NAME=random:SEED generates them (tools/tfg-run/RunSupport.h):
// splitmix64 seeded with SEED (1 for the first input, 2 for the second,
// ...), a float taking the top 24 bits of a draw as a multiple of 2^-24 in
// [0, 1), an integer the draw modulo 10, a bool its lowest bit. Unknown
// dimensions are given in SHAPES below (tfg-run's --input-shape), else
// defaultShape's; the command lines of the tests (test/Tools/tfg-run/*.test)
// match them. Models of another directory may be named too (their
// references then go to OUT_DIR the same way).
const fs = require('fs');
const path = require('path');

console.warn = () => {};
const tf = require('@tensorflow/tfjs');

// An unknown dimension of an input not in SHAPES: 1 for the batch (the
// first), 64 for the others; no shape is a scalar. It prints the shape it
// took, for tfg-run's --input-shape (utils/check-npm-models.sh reads it).
function defaultShape(dims) {
  return dims.map((d, i) => (d == null || d < 0 ? (i == 0 ? 1 : 64) : d));
}

// Shapes for inputs with unknown dimensions.
const SHAPES = {
  antispoof: [1, 128, 128, 3],
  emotion: [1, 64, 64, 1],
  faceboxes: [1, 128, 128, 3],
  handtrack: [1, 320, 320, 3],
};
const MODELS = ['antispoof', 'blazeface', 'emotion', 'faceboxes', 'handtrack',
                'movenet-lightning', 'selfie'];

// model.json and its weight shards, from the model's directory.
const tfjsFiles =
    require(path.join(__dirname, '..', '..', '..', '..', 'utils', 'tfjs_files.js'));

// splitmix64, as tools/tfg-run/RunSupport.cpp.
function makeRandom(seed) {
  const mask = (1n << 64n) - 1n;
  let state = BigInt(seed) & mask;
  return () => {
    state = (state + 0x9E3779B97F4A7C15n) & mask;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & mask;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & mask;
    return z ^ (z >> 31n);
  };
}

function makeInput(input, seed, shape) {
  const next = makeRandom(seed);
  const size = shape.reduce((a, b) => a * b, 1);
  const dtype = input.dtype || 'float32';
  let values;
  if (dtype === 'float32')
    values = Float32Array.from({length: size},
                               () => Number(next() >> 40n) / 16777216);
  else if (dtype === 'bool')
    values = Uint8Array.from({length: size}, () => Number(next() & 1n));
  else
    values = Int32Array.from({length: size}, () => Number(next() % 10n));
  return tf.tensor(values, shape, dtype);
}

// One .npy: the header, then the raw little-endian data.
function npy(dtype, shape, data) {
  const descr = {float32: '<f4', int32: '<i4', bool: '|b1'}[dtype];
  if (!descr)
    throw new Error('no .npy form for dtype ' + dtype);
  const shapeText = shape.length === 1 ? `(${shape[0]},)`
                                       : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, ` +
               `'shape': ${shapeText}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  let body;
  if (dtype === 'float32')
    body = Buffer.from(Float32Array.from(data).buffer);
  else if (dtype === 'int32')
    body = Buffer.from(Int32Array.from(data).buffer);
  else
    body = Buffer.from(Uint8Array.from(data, (v) => v ? 1 : 0).buffer);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), body]);
}

function crc32(buf) {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; ++k)
      crc = (crc >>> 1) ^ (0xEDB88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

// An .npz: a zip of stored (uncompressed) NAME.npy entries.
function npz(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const {name, data} of entries) {
    const fileName = Buffer.from(name + '.npy', 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    parts.push(local, fileName, data);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(fileName.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, end]);
}

async function main() {
  // TFJS_BACKEND=wasm: the WebAssembly backend (installed beside tfjs) for
  // comparing TensorFlow.js's backends with each other.
  const backend = process.env.TFJS_BACKEND || 'cpu';
  if (backend === 'wasm')
    require('@tensorflow/tfjs-backend-wasm');
  await tf.setBackend(backend);
  await tf.ready();
  const [modelsDir, outDir, ...only] = process.argv.slice(2);
  if (!modelsDir || !outDir) {
    console.log('usage: make_reference.js MODELS_DIR OUT_DIR [model...]');
    process.exit(2);
  }
  for (const name of only.length ? only : MODELS) {
    const model =
        await tf.loadGraphModel(tfjsFiles.fileHandler(tf, path.join(modelsDir, name + '.json')));
    const feed = {};
    const described = [];
    model.inputs.forEach((input, i) => {
      const shape = SHAPES[name] || defaultShape(input.shape || []);
      feed[input.name] = makeInput(input, i + 1, shape);
      described.push(`${input.name}=random:${i + 1} (${shape.join('x')})`);
    });
    const outputs = model.outputNodes;
    const result = await model.executeAsync(feed, outputs);
    const list = Array.isArray(result) ? result : [result];
    const entries = [];
    for (let i = 0; i < list.length; ++i)
      entries.push({name: outputs[i],
                    data: npy(list[i].dtype, list[i].shape,
                              await list[i].data())});
    fs.writeFileSync(path.join(outDir, name + '.ref.npz'), npz(entries));
    console.log(`${name}: inputs ${described.join(', ')}; outputs ` +
                outputs.join(','));
  }
}
main();
