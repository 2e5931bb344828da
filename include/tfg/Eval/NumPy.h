//===- NumPy.h - NumPy .npy and .npz files of host tensors ------*- C++ -*-===//
//
// Reads and writes host tensors in NumPy's file formats, without Python:
// `.npy` (format versions 1.0, 2.0 and 3.0: a magic string, a Python dict
// literal header, then the raw elements) and `.npz` (a zip archive of .npy
// files, one per named array, in the archive's order).
//
// dtypes: `?`/`b1` bool, `i1`..`i8`, `u1`..`u8`, `f2`, `f4`, `f8`, `c8`,
// `c16` in either byte order (big-endian data is converted), `U<n>`
// (UCS-4 text, read as UTF-8 tf strings) and `S<n>` (bytes) as
// !tf_type.string, and `V2` as bfloat16 (NumPy has no bfloat16; this is
// the bytes ml_dtypes writes). Fortran-order arrays are transposed to row
// order. Object arrays (pickles) and structured dtypes are refused.
// Writing: quantized types as their storage ints, sub-byte ints as `i1`/`u1`,
// float8 as `f4`, strings as `U<n>` when all are UTF-8 without NUL, else
// `S<n>`, bfloat16 as `V2` (or `f4` when asked).
//
// Everything read is untrusted: the header is parsed strictly, each size
// is checked against the bytes present before anything is allocated, and
// no array may exceed the byte limit.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_NUMPY_H
#define TFG_EVAL_NUMPY_H

#include "tfg/Eval/HostTensor.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
namespace tfg {

/// Bounds on what a reader accepts.
struct NumPyReadOptions {
  /// The most bytes one array may take in memory (strings: their bytes
  /// plus a per-string overhead).
  int64_t maxBytes = kDefaultHostTensorMaxBytes;
  /// The most bytes all arrays of one .npz may take together.
  int64_t maxTotalBytes = int64_t(4) << 30;
};

/// Choices of a writer.
struct NumPyWriteOptions {
  /// Writes bfloat16 as float32 (`<f4`, exact) instead of `|V2` raw bits.
  bool bfloat16AsFloat32 = false;
  /// The most bytes one array may take in the file (splats are expanded).
  int64_t maxBytes = kDefaultHostTensorMaxBytes;
};

/// A named array of an .npz file (the name without `.npy`).
struct NamedHostTensor {
  std::string name;
  HostTensor tensor;
};

/// Whether `bytes` start like an .npy file (`\x93NUMPY`).
bool isNpy(StringRef bytes);
/// Whether `bytes` start like a zip archive (`PK\x03\x04` or an empty one).
bool isNpz(StringRef bytes);

/// Reads an .npy file held in `bytes`.
llvm::Expected<HostTensor> readNpy(MLIRContext *context, StringRef bytes,
                                   const NumPyReadOptions &options = {});
/// Writes `tensor` as an .npy file (version 1.0, or 2.0 when the header
/// needs it).
llvm::Error writeNpy(const HostTensor &tensor, llvm::raw_ostream &os,
                     const NumPyWriteOptions &options = {});

/// Reads an .npz archive held in `bytes`: stored entries always; deflated
/// entries when tfg is built with zlib (an error otherwise). Every entry
/// must be a `.npy` file; names are unique.
llvm::Expected<std::vector<NamedHostTensor>>
readNpz(MLIRContext *context, StringRef bytes,
        const NumPyReadOptions &options = {});
/// Writes `arrays` as an .npz archive of stored (uncompressed) entries
/// `<name>.npy`, in order. Names must be unique and non-empty.
llvm::Error writeNpz(ArrayRef<NamedHostTensor> arrays, llvm::raw_ostream &os,
                     const NumPyWriteOptions &options = {});

/// Reads a regular file that is either (checked by its magic): an .npy
/// gives one array named `arr_0`
/// (NumPy's name for the first unnamed array).
llvm::Expected<std::vector<NamedHostTensor>>
readNumPyFile(MLIRContext *context, StringRef path,
              const NumPyReadOptions &options = {});

/// Writes `arrays` to `path`, whole or not at all (a temporary file renamed
/// over the target, tfg/Support/OutputFile.h): an .npy file when the path
/// ends in `.npy` (exactly one array), an .npz archive otherwise.
llvm::Error writeNumPyFile(StringRef path, ArrayRef<NamedHostTensor> arrays,
                           const NumPyWriteOptions &options = {});

/// Whether this build reads deflate-compressed .npz entries.
bool canReadCompressedNpz();

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_NUMPY_H
