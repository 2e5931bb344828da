/* Runs the emotion model compiled ahead of time by tfg-compile.

   tfg-compile test/ImportExport/tfjs/Inputs/emotion.json \
       --input-shape=input_1=1x64x64x1 --fetch=Identity:0 \
       --name=emotion -o emotion.o --header emotion.h
   cc -I. examples/aot/emotion.c emotion.o -o emotion $(TFG_AOT_LINK_LIBS)
   ./emotion input.npy [output.npy]

   Reads the input image (a float32 .npy of shape 1x64x64x1), runs the
   model, prints the seven class scores and, when asked, writes them as a
   float32 .npy. Exits 1 with a message on any error, the entry point's
   included. Compiled with --weights=emotion.weights, the program takes
   the weights file first: ./emotion emotion.weights input.npy. */

#include "emotion.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int64_t input_shape[] = EMOTION_INPUT0_SHAPE;
static const int64_t output_shape[] = EMOTION_OUTPUT0_SHAPE;

/* Reads a little-endian float32 C-order .npy (format 1.0 or 2.0) whose
   shape is `shape`; returns the element buffer (malloc'd) or NULL. */
static float *read_npy(const char *path, const int64_t *shape, int rank,
                       int64_t elements) {
  FILE *f = fopen(path, "rb");
  unsigned char magic[8];
  unsigned long header_len;
  char *header = NULL, expected[256];
  float *data = NULL;
  int i, n = 0;
  if (!f) {
    fprintf(stderr, "error: cannot open '%s'\n", path);
    return NULL;
  }
  if (fread(magic, 1, 8, f) != 8 || memcmp(magic, "\x93NUMPY", 6) != 0 ||
      (magic[6] != 1 && magic[6] != 2)) {
    fprintf(stderr, "error: '%s' is not a .npy file\n", path);
    goto done;
  }
  if (magic[6] == 1) {
    unsigned char len[2];
    if (fread(len, 1, 2, f) != 2)
      goto short_file;
    header_len = len[0] | ((unsigned long)len[1] << 8);
  } else {
    unsigned char len[4];
    if (fread(len, 1, 4, f) != 4)
      goto short_file;
    header_len = len[0] | ((unsigned long)len[1] << 8) |
                 ((unsigned long)len[2] << 16) | ((unsigned long)len[3] << 24);
  }
  if (header_len > 65536)
    goto bad_header;
  header = malloc(header_len + 1);
  if (!header || fread(header, 1, header_len, f) != header_len)
    goto short_file;
  header[header_len] = 0;
  /* The dtype and the shape, as numpy writes them. */
  n = snprintf(expected, sizeof(expected), "(");
  for (i = 0; i < rank; ++i)
    n += snprintf(expected + n, sizeof(expected) - n, "%s%lld",
                  i ? ", " : "", (long long)shape[i]);
  snprintf(expected + n, sizeof(expected) - n, rank == 1 ? ",)" : ")");
  if (!strstr(header, "'descr': '<f4'") ||
      !strstr(header, "'fortran_order': False") || !strstr(header, expected))
    goto bad_header;
  data = malloc((size_t)elements * sizeof(float));
  if (!data || fread(data, sizeof(float), (size_t)elements, f) !=
                   (size_t)elements) {
    free(data);
    data = NULL;
    goto short_file;
  }
  goto done;
bad_header:
  fprintf(stderr, "error: '%s' does not hold a float32 array of shape %s\n",
          path, expected);
  goto done;
short_file:
  fprintf(stderr, "error: '%s' is truncated\n", path);
done:
  free(header);
  fclose(f);
  return data;
}

/* Writes `data` as a float32 .npy of shape `shape`. */
static int write_npy(const char *path, const float *data,
                     const int64_t *shape, int rank, int64_t elements) {
  char header[128];
  int n, i, total;
  FILE *f = fopen(path, "wb");
  if (!f)
    return 0;
  n = snprintf(header, sizeof(header),
               "{'descr': '<f4', 'fortran_order': False, 'shape': (");
  for (i = 0; i < rank; ++i)
    n += snprintf(header + n, sizeof(header) - n, "%s%lld", i ? ", " : "",
                  (long long)shape[i]);
  n += snprintf(header + n, sizeof(header) - n, "%s), }",
                rank == 1 ? "," : "");
  /* Magic, version, length, header padded with spaces to 64 bytes, \n. */
  total = (10 + n + 1 + 63) / 64 * 64;
  fwrite("\x93NUMPY\x01\x00", 1, 8, f);
  fputc((total - 10) & 0xff, f);
  fputc(((total - 10) >> 8) & 0xff, f);
  fwrite(header, 1, n, f);
  for (i = 10 + n; i < total - 1; ++i)
    fputc(' ', f);
  fputc('\n', f);
  fwrite(data, sizeof(float), (size_t)elements, f);
  return fclose(f) == 0;
}

int main(int argc, char **argv) {
  float *image, scores[EMOTION_OUTPUT0_ELEMENTS];
  tfg_tensor input, output;
  char error[256];
  int32_t status;
  int i;
#ifdef EMOTION_WEIGHTS_FILE_BYTES
  /* The weights first, from the file tfg-compile wrote beside the object. */
  if (argc < 2 ||
      emotion_load_weights(argv[1], error, sizeof(error)) != TFG_OK) {
    fprintf(stderr, "error: %s\n",
            argc < 2 ? "no weights file given" : error);
    return 1;
  }
  --argc;
  ++argv;
#endif
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: %s input.npy [output.npy]\n", argv[0]);
    return 1;
  }
  image = read_npy(argv[1], input_shape, EMOTION_INPUT0_RANK,
                   EMOTION_INPUT0_ELEMENTS);
  if (!image)
    return 1;
  input.data = image;
  input.shape = input_shape;
  input.rank = EMOTION_INPUT0_RANK;
  input.dtype = EMOTION_INPUT0_DTYPE;
  input.size_bytes = EMOTION_INPUT0_BYTES;
  output.data = scores;
  output.shape = output_shape;
  output.rank = EMOTION_OUTPUT0_RANK;
  output.dtype = EMOTION_OUTPUT0_DTYPE;
  output.size_bytes = sizeof(scores);
  /* Only outputs of `?` size (EMOTION_OUTPUTi_DYNAMIC 1) use dims. */
  input.dims = output.dims = NULL;
  status = emotion_run(&input, 1, &output, 1, error, sizeof(error));
  free(image);
  if (status != TFG_OK) {
    fprintf(stderr, "error: emotion_run returned %d: %s\n", (int)status,
            error);
    return 1;
  }
  printf("%s:", EMOTION_OUTPUT0_NAME);
  for (i = 0; i < EMOTION_OUTPUT0_ELEMENTS; ++i)
    printf(" %.6g", scores[i]);
  printf("\n");
  if (argc == 3 && !write_npy(argv[2], scores, output_shape,
                              EMOTION_OUTPUT0_RANK,
                              EMOTION_OUTPUT0_ELEMENTS)) {
    fprintf(stderr, "error: cannot write '%s'\n", argv[2]);
    return 1;
  }
  return 0;
}
