/* Calls the entry point of Inputs/small.mlir compiled by tfg-compile
   (prefix "small") right and in every wrong way the ABI checks; with
   WEIGHTS_FILE defined, the weights are in that file and are loaded
   first (after the failing loads argv[2..] name). */
#include "small.h"

#include <stdio.h>
#include <string.h>

static const int64_t x_shape[] = SMALL_INPUT0_SHAPE;
static const int64_t y_shape[] = SMALL_INPUT1_SHAPE;
static const int64_t bad_shape[] = {2, 4};
static float x[6] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f}, s[6];
static int32_t y[3] = {1, 2, 3}, m[3];
static tfg_tensor in[2], out[2];

static void reset(void) {
  int i;
  in[0].data = x, in[0].shape = x_shape, in[0].rank = 2;
  in[0].dtype = TFG_DTYPE_F32, in[0].size_bytes = sizeof(x);
  in[1].data = y, in[1].shape = y_shape, in[1].rank = 1;
  in[1].dtype = TFG_DTYPE_I32, in[1].size_bytes = sizeof(y);
  out[0] = in[0], out[0].data = s, out[0].size_bytes = sizeof(s);
  out[1] = in[1], out[1].data = m, out[1].size_bytes = sizeof(m);
  for (i = 0; i < 6; ++i)
    s[i] = -7.0f;
}

static void call(const char *what, int64_t num_in, int64_t num_out) {
  char error[200] = "unset";
  int32_t code = small_run(in, num_in, out, num_out, error, sizeof(error));
  /* A failed call leaves the outputs as they were. */
  printf("%s: %d %s%s\n", what, (int)code, error,
         code != TFG_OK && s[0] != -7.0f ? " OUTPUT WRITTEN" : "");
  reset();
}

int main(int argc, char **argv) {
  char error[200];
  (void)argc;
  reset();
#ifdef WEIGHTS_FILE
  call("before load", 2, 2);
  printf("missing: %d %s\n",
         (int)small_load_weights(argv[1], error, sizeof(error)), error);
  printf("truncated: %d %s\n",
         (int)small_load_weights(argv[2], error, sizeof(error)), error);
  printf("corrupt: %d %s\n",
         (int)small_load_weights(argv[3], error, sizeof(error)), error);
  printf("null path: %d\n", (int)small_load_weights(NULL, NULL, 0));
  call("after failed load", 2, 2);
  printf("load: %d '%s'\n",
         (int)small_load_weights(WEIGHTS_FILE, error, sizeof(error)), error);
#else
  (void)argv;
  (void)error;
#endif
  call("ok", 2, 2);
  {
    char error2[200];
    small_run(in, 2, out, 2, error2, sizeof(error2));
    printf("s: %g %g %g %g %g %g\n", s[0], s[1], s[2], s[3], s[4], s[5]);
    printf("m: %d %d %d\n", (int)m[0], (int)m[1], (int)m[2]);
    reset();
  }
  call("inputs", 1, 2);
  call("outputs", 2, 3);
  in[0].dtype = TFG_DTYPE_F64;
  call("dtype", 2, 2);
  in[1].rank = 2;
  call("rank", 2, 2);
  in[0].shape = bad_shape;
  call("dimension", 2, 2);
  out[1].shape = NULL;
  call("null shape", 2, 2);
  in[0].data = NULL;
  call("null data", 2, 2);
  out[0].size_bytes = 20;
  call("small buffer", 2, 2);
  out[0].data = x;
  call("overlap", 2, 2);
  out[1].data = s + 4;
  call("overlap outputs", 2, 2);
  printf("null error buffer: %d\n",
         (int)small_run(NULL, 2, out, 2, NULL, 0));
  printf("null arrays: %d\n", (int)small_run(NULL, 2, NULL, 2, error, 200));
  {
    /* A message is cut to the buffer's size, NUL-terminated. */
    char tiny[8];
    in[0].dtype = TFG_DTYPE_I8;
    small_run(in, 2, out, 2, tiny, sizeof(tiny));
    printf("tiny: '%s'\n", tiny);
    reset();
  }
  return 0;
}
