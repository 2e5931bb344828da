//===- Descriptors.h - Memref descriptor helpers of the runtime -*- C++ -*-===//
//
// What the runtime's kernel files ask of the memref descriptors compiled
// code passes (tfg/Codegen/Runtime.h).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_RUNTIME_DESCRIPTORS_H
#define TFG_LIB_CODEGEN_RUNTIME_DESCRIPTORS_H

#include <cstdint>

namespace tfg_rt {

template <typename D> inline float *base(const D *d) {
  return d->aligned + d->offset;
}

template <typename D> inline bool rowMajor(const D *d, int rank) {
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    if (d->sizes[i] != 1 && d->strides[i] != stride)
      return false;
    stride *= d->sizes[i];
  }
  return true;
}

template <typename D> inline bool nonNegativeSizes(const D *d, int rank) {
  for (int i = 0; i < rank; ++i)
    if (d->sizes[i] < 0)
      return false;
  return true;
}

/// Input rows read by output row `y` stay inside the input: the compiled
/// code pads the input beforehand, so this only rejects inconsistent
/// descriptors.
inline bool windowFits(int64_t in, int64_t out, int64_t k, int64_t stride,
                       int64_t dilation) {
  if (out == 0)
    return true;
  if (k <= 0 || stride <= 0 || dilation <= 0)
    return false;
  return (out - 1) * stride + (k - 1) * dilation < in;
}

/// Whether the CPU has AVX2 and FMA (x86-64 with GCC or Clang; else false).
inline bool cpuHasAvx2Fma() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool has =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
#else
  return false;
#endif
}

} // namespace tfg_rt

#endif // TFG_LIB_CODEGEN_RUNTIME_DESCRIPTORS_H
