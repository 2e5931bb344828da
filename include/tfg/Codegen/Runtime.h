/*===- Runtime.h - C runtime of compiled tfg programs -------------*- C -*-===//
//
// The functions that code compiled by tfg-stablehlo-to-llvm-pipeline calls
// (docs/Codegen.md, "Micro-kernels"): float32 matrix products and
// convolutions on the project's packed GEMM (tfg/Eval/Compute/GemmKernel.h),
// and the thread count they use. This header is C (no MLIR, no C++) and its
// symbols are stable: JIT-compiled code resolves them in the process
// (CompiledFunction registers them), ahead-of-time objects link the static
// library TFGCodegenRuntime (with TFGGemmKernel).
//
// Every kernel takes MLIR memref descriptors by pointer (the C interface
// of a function marked llvm.emit_c_interface): element (i, j, ...) of a
// descriptor d lies at d->aligned[d->offset + i * d->strides[0] + j *
// d->strides[1] + ...]. Kernels ACCUMULATE into their output (out += ...),
// as the linalg ops they replace do, except the fused ones (_bias_act),
// which overwrite it. A kernel whose descriptors disagree in
// shape (which compiled code never passes) leaves its output unchanged and
// counts the call in TfgRtStats::rejectedCalls.
//
//===----------------------------------------------------------------------===*/

#ifndef TFG_CODEGEN_RUNTIME_H
#define TFG_CODEGEN_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Memref descriptors of float32 of rank 1 to 5. */
typedef struct TfgRtMemRef1F32 {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} TfgRtMemRef1F32;

typedef struct TfgRtMemRef2F32 {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
} TfgRtMemRef2F32;

typedef struct TfgRtMemRef3F32 {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[3];
  int64_t strides[3];
} TfgRtMemRef3F32;

typedef struct TfgRtMemRef4F32 {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[4];
  int64_t strides[4];
} TfgRtMemRef4F32;

typedef struct TfgRtMemRef5F32 {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[5];
  int64_t strides[5];
} TfgRtMemRef5F32;

/* Threads of the kernels (the calling thread included); 0 or less: the
 * host's hardware threads. The default is 1. Not to be called while a
 * kernel runs. */
void tfg_rt_set_num_threads(int32_t threads);
int32_t tfg_rt_get_num_threads(void);

/* c[M, N] += a[M, K] * b[K, N] (linalg.matmul). */
void _mlir_ciface_tfg_rt_matmul_f32(TfgRtMemRef2F32 *a, TfgRtMemRef2F32 *b,
                                    TfgRtMemRef2F32 *c);

/* c[B, M, N] += a[B, M, K] * b[B, K, N] (linalg.batch_matmul). */
void _mlir_ciface_tfg_rt_batch_matmul_f32(TfgRtMemRef3F32 *a,
                                          TfgRtMemRef3F32 *b,
                                          TfgRtMemRef3F32 *c);

/* out[N, OH, OW, F] += sum over kh, kw, c of
 *   in[N, oh * sh + kh * dh, ow * sw + kw * dw, c] * filter[kh, kw, c, F]
 * (linalg.conv_2d_nhwc_hwcf; the input is already padded). */
void _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_f32(TfgRtMemRef4F32 *in,
                                              TfgRtMemRef4F32 *filter,
                                              TfgRtMemRef4F32 *out, int64_t sh,
                                              int64_t sw, int64_t dh,
                                              int64_t dw);

/* Activations of the fused epilogues. */
enum {
  TFG_RT_ACTIVATION_NONE = 0,  /* x */
  TFG_RT_ACTIVATION_RELU = 1,  /* max(x, 0) */
  TFG_RT_ACTIVATION_RELU6 = 2, /* min(max(x, 0), 6) */
};

/* out = act(conv + bias[F]) with conv the sum above: the output is
 * OVERWRITTEN (not accumulated), the bias added and the activation applied
 * to each tile of output pixels right after its product. A convolution
 * followed by a bias add and relu/relu6, fused by tfg-linalg-to-ukernels. */
void _mlir_ciface_tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter, TfgRtMemRef4F32 *out,
    TfgRtMemRef1F32 *bias, int64_t sh, int64_t sw, int64_t dh, int64_t dw,
    int64_t activation);

/* out[N, OH, OW, C, M] += sum over kh, kw of
 *   in[N, oh * sh + kh * dh, ow * sw + kw * dw, C] * filter[kh, kw, C, M]
 * (linalg.depthwise_conv_2d_nhwc_hwcm). */
void _mlir_ciface_tfg_rt_depthwise_conv2d_nhwc_hwcm_f32(TfgRtMemRef4F32 *in,
                                                        TfgRtMemRef4F32 *filter,
                                                        TfgRtMemRef5F32 *out,
                                                        int64_t sh, int64_t sw,
                                                        int64_t dh, int64_t dw);

/* Filters packed at compile time (tfg_rt_conv2d_packed_f32): the filter
 * as a K x F matrix (K = KH * KW * C, row-major HWCF) cut into panels of
 * TFG_RT_PACKED_PANEL_COLUMNS columns, the last one zero-padded; panel p
 * holds its K rows one after the other:
 *   packed[(p * K + k) * COLUMNS + j] = filter[k][p * COLUMNS + j]. */
#define TFG_RT_PACKED_PANEL_COLUMNS 16

/* Packs a row-major K x F filter into ceil(F / 16) * K * 16 floats. */
void tfg_rt_pack_filter_f32(const float *filter, int64_t k, int64_t f,
                            float *packed);

/* The epilogue word of tfg_rt_conv2d_packed_f32: bit 0 OVERWRITE (the
 * output is set to the product; else the product is added to it), bits 1-3
 * zero, then up to 8 steps of 4 bits from bit 4 on, applied in order to
 * each output element x after the product (a zero step ends the list);
 * steps need OVERWRITE. */
enum {
  TFG_RT_CONV_OVERWRITE = 1,
  TFG_RT_STEP_BIAS = 1,     /* x + bias[f] */
  TFG_RT_STEP_RESIDUAL = 2, /* x + residual[n, y, x, f] */
  TFG_RT_STEP_RELU = 3,     /* max(x, 0) (arith.maximumf: NaN stays) */
  TFG_RT_STEP_MIN6 = 4,     /* min(x, 6) (arith.minimumf: NaN stays) */
};

/* out[N, OH, OW, F] (=, or += without OVERWRITE) the convolution of `in`
 * (already padded) with a KH x KW filter given packed, then the epilogue's
 * steps on each tile of output pixels while it is in cache. `out` and
 * `residual` are row-major; `residual` is the output itself or does not
 * overlap it; `bias` and `residual` are read only when a step uses them.
 * A call whose descriptors disagree (packed size, shapes, window, steps)
 * leaves `out` unchanged and counts as rejected. */
void _mlir_ciface_tfg_rt_conv2d_packed_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef1F32 *packed, TfgRtMemRef4F32 *out,
    TfgRtMemRef1F32 *bias, TfgRtMemRef4F32 *residual, int64_t kh, int64_t kw,
    int64_t sh, int64_t sw, int64_t dh, int64_t dw, int64_t epilogue);

/* out[N, OH, OW, C, M] (=, or += without OVERWRITE) the depthwise
 * convolution
 *   sum over kh, kw of pad(in)[n, oh * sh + kh * dh, ow * sw + kw * dw, c]
 *                      * filter[kh, kw, c, m]
 * where pad(in) is PH x PW with `in` (H x W) at row pt, column pl and zeros
 * around it (pt = pl = 0, PH = H, PW = W: no padding), then the epilogue's
 * steps (the word of tfg_rt_conv2d_packed_f32, TFG_RT_STEP_*) on each value
 * before it is stored: bias[c, m], residual[n, oh, ow, c, m], relu, min 6.
 * `filter`, `out` and `residual` are row-major; `residual` is the output
 * itself or does not overlap it; `bias` and `residual` are read only when a
 * step uses them. A call whose descriptors disagree leaves `out` unchanged
 * and counts as rejected. (lib/Codegen/Runtime/Depthwise.cpp) */
void _mlir_ciface_tfg_rt_depthwise_f32(
    TfgRtMemRef4F32 *in, TfgRtMemRef4F32 *filter, TfgRtMemRef5F32 *out,
    TfgRtMemRef2F32 *bias, TfgRtMemRef5F32 *residual, int64_t sh, int64_t sw,
    int64_t dh, int64_t dw, int64_t pt, int64_t pl, int64_t ph, int64_t pw,
    int64_t epilogue);

/* c[M, N] (=, or += without OVERWRITE) a[M, K] * b[K, N], then the
 * epilogue's steps (the word of tfg_rt_conv2d_packed_f32, TFG_RT_STEP_*)
 * on each tile of rows of c right after its product: bias[n] by column,
 * residual[m, n], relu, min 6. `c` and `residual` are row-major;
 * `residual` is c itself or does not overlap it; `bias` and `residual`
 * are read only when a step uses them. A call whose descriptors disagree
 * leaves c unchanged and counts as rejected.
 * (lib/Codegen/Runtime/MatmulEpilogue.cpp) */
void _mlir_ciface_tfg_rt_matmul_epilogue_f32(
    TfgRtMemRef2F32 *a, TfgRtMemRef2F32 *b, TfgRtMemRef2F32 *c,
    TfgRtMemRef1F32 *bias, TfgRtMemRef2F32 *residual, int64_t epilogue);

/* The allocator of compiled code's buffers (memref.alloc / dealloc, lowered
 * with finalize-memref-to-llvm's use-generic-functions): 64-byte aligned
 * (or more); freed blocks of 32 KiB or more are kept by size, up to 1 GiB
 * in all, for the next allocation of the same size instead of going back
 * to the system. Thread-safe. A null pointer when out of memory. */
void *_mlir_memref_to_llvm_alloc(uint64_t size);
void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment, uint64_t size);
void _mlir_memref_to_llvm_free(void *ptr);
/* Frees the kept blocks; the bytes kept now. */
void tfg_rt_release_buffers(void);
int64_t tfg_rt_cached_buffer_bytes(void);

/* Work and wall time of the kernels since the last reset (all threads of a
 * call count once): floating-point operations (2 per multiply-add) and
 * nanoseconds, per family. */
typedef struct TfgRtStats {
  int64_t gemmCalls, gemmFlops, gemmNanos; /* matmul, batch_matmul */
  int64_t convCalls, convFlops, convNanos; /* conv2d */
  int64_t depthwiseCalls, depthwiseFlops, depthwiseNanos;
  int64_t rejectedCalls;
} TfgRtStats;

void tfg_rt_reset_stats(void);
void tfg_rt_get_stats(TfgRtStats *stats);

#ifdef __cplusplus
}
#endif

#endif /* TFG_CODEGEN_RUNTIME_H */
