//===- Epilogue.h - The epilogue word of the runtime's kernels --*- C++ -*-===//
//
// The epilogue word of tfg/Codegen/Runtime.h (TFG_RT_CONV_OVERWRITE and up
// to 8 TFG_RT_STEP_* steps of 4 bits from bit 4), decoded once per call,
// and the steps applied to a row-major tile of output, for the kernels
// that fold an elementwise epilogue into their stores.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_RUNTIME_EPILOGUE_H
#define TFG_LIB_CODEGEN_RUNTIME_EPILOGUE_H

#include "tfg/Codegen/Runtime.h"

#include <algorithm>
#include <cstdint>

namespace tfg_rt {

struct EpilogueSteps {
  static constexpr int kMax = 8;
  bool overwrite = false;
  int steps[kMax] = {};
  int count = 0;

  /// Decodes `word`: false when it is not one the runtime knows (bits 1-3
  /// set, an unknown step, more than 8, or steps without OVERWRITE).
  bool decode(int64_t word) {
    if (word < 0 || (word & 0xe))
      return false;
    overwrite = word & TFG_RT_CONV_OVERWRITE;
    count = 0;
    for (uint64_t rest = static_cast<uint64_t>(word) >> 4; rest; rest >>= 4) {
      int step = static_cast<int>(rest & 0xf);
      if (step < TFG_RT_STEP_BIAS || step > TFG_RT_STEP_MIN6 || count == kMax)
        return false;
      steps[count++] = step;
    }
    return count == 0 || overwrite;
  }

  bool uses(int step) const {
    return std::find(steps, steps + count, step) != steps + count;
  }

  /// The steps on `rows` rows of `cols` values (row stride `ld`), each a
  /// pass over the tile (in cache, vectorized by the compiler): bias[j *
  /// biasStride] by column, residual row-major with row stride `ld`.
  void apply(float *out, int64_t rows, int64_t cols, int64_t ld,
             const float *bias, int64_t biasStride,
             const float *residual) const {
    // Contiguous rows: the steps other than the bias in one run.
    int64_t runs = ld == cols ? 1 : rows, run = ld == cols ? rows * cols : cols;
    for (int s = 0; s < count; ++s) {
      if (steps[s] == TFG_RT_STEP_BIAS) {
        for (int64_t r = 0; r < rows; ++r) {
          float *o = out + r * ld;
          if (biasStride == 1)
            for (int64_t j = 0; j < cols; ++j)
              o[j] += bias[j];
          else
            for (int64_t j = 0; j < cols; ++j)
              o[j] += bias[j * biasStride];
        }
        continue;
      }
      for (int64_t r = 0; r < runs; ++r) {
        float *o = out + r * ld;
        switch (steps[s]) {
        case TFG_RT_STEP_RESIDUAL: {
          const float *res = residual + r * ld;
          for (int64_t j = 0; j < run; ++j)
            o[j] += res[j];
          break;
        }
        case TFG_RT_STEP_RELU:
          // NaN stays NaN and -0 becomes +0, as with arith.maximumf.
          for (int64_t j = 0; j < run; ++j) {
            float v = o[j];
            o[j] = v != v ? v : v <= 0.0f ? 0.0f : v;
          }
          break;
        case TFG_RT_STEP_MIN6:
          for (int64_t j = 0; j < run; ++j)
            o[j] = o[j] > 6.0f ? 6.0f : o[j];
          break;
        default:
          break;
        }
      }
    }
  }
};

} // namespace tfg_rt

#endif // TFG_LIB_CODEGEN_RUNTIME_EPILOGUE_H
