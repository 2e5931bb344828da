//===- EpilogueReference.h - Epilogue words for the kernel tests -*- C++
//-*-===//
//
// The runtime kernels' epilogue words (TFG_RT_CONV_OVERWRITE and up to
// fifteen TFG_RT_STEP_* steps of four bits, include/tfg/Codegen/Runtime.h)
// built and applied one value at a time: the reference the depthwise and
// matmul kernel tests hold the kernels to.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_UNITTESTS_CODEGEN_EPILOGUEREFERENCE_H
#define TFG_UNITTESTS_CODEGEN_EPILOGUEREFERENCE_H

#include "tfg/Codegen/Runtime.h"

#include <cmath>
#include <cstdint>
#include <initializer_list>

namespace tfg_test {

/// An overwriting epilogue word of `steps`, in order.
inline int64_t epilogueWord(std::initializer_list<int64_t> steps) {
  int64_t w = TFG_RT_CONV_OVERWRITE, shift = 4;
  for (int64_t s : steps) {
    w |= s << shift;
    shift += 4;
  }
  return w;
}

/// The steps of the epilogue word `word` applied to `v`.
inline float applyEpilogue(int64_t word, float v, float bias, float residual) {
  for (int64_t steps = word >> 4; steps; steps >>= 4) {
    switch (steps & 0xf) {
    case TFG_RT_STEP_BIAS:
      v += bias;
      break;
    case TFG_RT_STEP_RESIDUAL:
      v += residual;
      break;
    case TFG_RT_STEP_RELU:
      v = std::isnan(v) ? v : v <= 0.0f ? 0.0f : v;
      break;
    case TFG_RT_STEP_MIN6:
      v = v > 6.0f ? 6.0f : v;
      break;
    }
  }
  return v;
}

} // namespace tfg_test

#endif // TFG_UNITTESTS_CODEGEN_EPILOGUEREFERENCE_H
