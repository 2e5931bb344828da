// Times the cases of tfg-kernel-bench on TensorFlow.js 4.22's cpu and wasm
// backends (docs/Performance.md, "Host kernels"):
//   NODE_PATH=.../node_modules node bench/tfjs_kernels.js [cpu] [wasm]
const tf = require('@tensorflow/tfjs-core');
require('@tensorflow/tfjs-backend-cpu');
const wasm = require('@tensorflow/tfjs-backend-wasm');
async function main() {
  const backends = process.argv.slice(2).length ? process.argv.slice(2) : ['cpu', 'wasm'];
  for (const backend of backends) {
    if (backend === 'wasm') wasm.setThreadsCount && wasm.setThreadsCount(1);
    await tf.setBackend(backend);
    await tf.ready();
    const cases = [
      ['Conv2D 1x112x112x32 -> 64, 3x3', 2*112*112*64*9*32, () => [tf.randomUniform([1,112,112,32]), tf.randomUniform([3,3,32,64])], (x,f) => tf.conv2d(x,f,1,'same')],
      ['Conv2D 1x56x56x128 -> 128, 1x1', 2*56*56*128*128, () => [tf.randomUniform([1,56,56,128]), tf.randomUniform([1,1,128,128])], (x,f) => tf.conv2d(x,f,1,'same')],
      ['Conv2D 1x224x224x3 -> 32, 3x3 s2', 2*112*112*32*27, () => [tf.randomUniform([1,224,224,3]), tf.randomUniform([3,3,3,32])], (x,f) => tf.conv2d(x,f,2,'same')],
      ['DepthwiseConv2dNative 1x112x112x64, 3x3', 2*112*112*64*9, () => [tf.randomUniform([1,112,112,64]), tf.randomUniform([3,3,64,1])], (x,f) => tf.depthwiseConv2d(x,f,1,'same')],
      ['MatMul 256x256x256', 2*256**3, () => [tf.randomUniform([256,256]), tf.randomUniform([256,256])], (a,b) => tf.matMul(a,b)],
    ];
    console.log(`backend ${backend}` + (backend === 'wasm' ? ` threads ${wasm.getThreadsCount ? wasm.getThreadsCount() : '?'}` : ''));
    for (const [name, flops, make, fn] of cases) {
      const [a, b] = make();
      let best = 1e30;
      const runs = backend === 'cpu' ? 3 : 10;
      for (let i = 0; i < runs; ++i) {
        const t0 = process.hrtime.bigint();
        const y = fn(a, b); y.dataSync(); y.dispose();
        const t = Number(process.hrtime.bigint() - t0) / 1e9;
        best = Math.min(best, t);
      }
      console.log(`${name.padEnd(42)} ${(best*1e3).toFixed(3).padStart(9)} ms ${(flops/best/1e9).toFixed(2).padStart(8)} GFLOP/s`);
    }
  }
}
main();
