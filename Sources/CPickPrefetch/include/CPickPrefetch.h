#pragma once
// The one thing PickCore needs beyond Swift's standard library: a hint to
// the processor to start loading memory it will read soon. A filter pass
// that re-checks a sparse set of records (a narrowing keystroke) reads
// each from a place the hardware prefetcher cannot guess, and would
// otherwise wait out a cache miss per record. `static inline`, so the
// Swift compiler inlines it into the loops that call it.

/// Starts loading the cache line at `address` for reading; never faults.
static inline void pick_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
