//===- HeapCount.h - Bytes the allocator gives out, counted -----*- C++ -*-===//
//
// The benchmark's own malloc family (HeapCount.cpp) forwards to the C
// library's and counts the bytes of the blocks alive, so that an import's
// memory can be read at the allocator: what it holds at its peak, without
// the pages of code a first import faults in, thread stacks, or the
// allocator's free lists and page rounding, all of which resident memory
// counts and which at 1k nodes outweigh the graph.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_BENCH_HEAPCOUNT_H
#define TFG_BENCH_HEAPCOUNT_H

#include <cstdint>

namespace tfg_bench {

/// Whether the allocator's blocks are counted in this build (glibc, no
/// sanitizer).
bool heapCounted();

/// Starts counting (before, blocks are not counted) and starts the peak
/// over from the bytes alive now.
void resetHeapPeak();

/// Bytes in blocks alive now, and the most alive at once since
/// resetHeapPeak(), both relative to what was alive when counting started
/// (freeing blocks allocated before makes them smaller).
int64_t heapLiveBytes();
int64_t heapPeakBytes();

} // namespace tfg_bench

#endif // TFG_BENCH_HEAPCOUNT_H
