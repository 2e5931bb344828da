/* Calls the entry point of Inputs/dynamic-outputs.mlir compiled by
   tfg-compile (prefix "dyn"): outputs of `?` size in buffers of their
   bound, their sizes returned in `dims`. */
#include "dyn.h"

#include <stdio.h>

static const int64_t n_shape[1] = {0};
static const int64_t buf_shape[] = DYN_INPUT1_SHAPE;
static const int64_t cut_shape[] = DYN_OUTPUT0_SHAPE;
static const int64_t grown_shape[] = DYN_OUTPUT1_SHAPE;

static void run(int64_t n, int null_dims) {
  float buf[6] = {1, 2, 3, 4, 5, 6};
  float cut[DYN_OUTPUT0_ELEMENTS], grown[DYN_OUTPUT1_ELEMENTS];
  int64_t cut_dims[1] = {-1}, grown_dims[1] = {-1};
  tfg_tensor in[2], out[2];
  char error[200] = "";
  int32_t code;
  int64_t i;
  in[0].data = &n, in[0].shape = n_shape, in[0].rank = 0;
  in[0].dtype = TFG_DTYPE_I64, in[0].size_bytes = sizeof(n), in[0].dims = 0;
  in[1].data = buf, in[1].shape = buf_shape, in[1].rank = 1;
  in[1].dtype = TFG_DTYPE_F32, in[1].size_bytes = sizeof(buf);
  in[1].dims = 0;
  out[0].data = cut, out[0].shape = cut_shape, out[0].rank = 1;
  out[0].dtype = TFG_DTYPE_F32, out[0].size_bytes = sizeof(cut);
  out[0].dims = null_dims ? 0 : cut_dims;
  out[1].data = grown, out[1].shape = grown_shape, out[1].rank = 1;
  out[1].dtype = TFG_DTYPE_F32, out[1].size_bytes = sizeof(grown);
  out[1].dims = grown_dims;
  code = dyn_run(in, 2, out, 2, error, sizeof(error));
  printf("n=%lld: %d %s|", (long long)n, (int)code, error);
  if (code == TFG_OK) {
    printf(" cut[%lld]:", (long long)cut_dims[0]);
    for (i = 0; i < cut_dims[0]; ++i)
      printf(" %g", cut[i]);
  }
  printf(" grown_dims=%lld\n", (long long)grown_dims[0]);
  if (code == TFG_OK) {
    printf("  grown:");
    for (i = 0; i < grown_dims[0]; ++i)
      printf(" %g", grown[i]);
    printf("\n");
  }
}

int main(void) {
  printf("dynamic: %d %d bound %lld %lld\n", DYN_OUTPUT0_DYNAMIC,
         DYN_INPUT1_DYNAMIC, (long long)DYN_OUTPUT0_ELEMENTS,
         (long long)DYN_OUTPUT1_ELEMENTS);
  run(-1, 0);
  run(3, 0);
  run(6, 0);
  run(3, 1);
  return 0;
}
