'use strict';
// Loads a TF.js graph model from files for TensorFlow.js in node, the way
// the project's scripts all do (the oracle test, the reference outputs of
// tfg-run's tests, the benchmarks): model.json and the weight shards its
// manifest lists, read from the model's own directory. A shard path that
// leaves that directory is refused, as tfg's importer refuses it.
//
//   const {fileHandler} = require('.../utils/tfjs_files.js');
//   const model = await tf.loadGraphModel(fileHandler(tf, 'model.json'));
const fs = require('fs');
const path = require('path');

function shardPath(dir, p) {
  const full = path.resolve(dir, p);
  if (path.relative(dir, full).startsWith('..') || path.isAbsolute(p))
    throw new Error('weight shard "' + p + '" is outside the model directory');
  return full;
}

function fileHandler(tf, file) {
  return {
    load: async () => {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      const dir = path.resolve(path.dirname(file));
      return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
        const specs = [];
        const buffers = [];
        for (const group of manifest) {
          specs.push(...group.weights);
          for (const p of group.paths)
            buffers.push(fs.readFileSync(shardPath(dir, p)));
        }
        const all = Buffer.concat(buffers);
        return [specs, all.buffer.slice(all.byteOffset,
                                        all.byteOffset + all.byteLength)];
      });
    },
  };
}

module.exports = {fileHandler};
