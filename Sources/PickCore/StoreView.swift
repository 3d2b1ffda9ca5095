import CPickPrefetch

/// A `RecordStore`'s buffer and index as plain pointers, for loops that
/// touch millions of records (no exclusivity checks, no reference counting).
/// Valid only inside `RecordStore.withView`.
struct StoreView {
    let base: UnsafeRawPointer
    let low: UnsafeBufferPointer<UInt32>
    let wraps: [Int]
    let plainBits: UnsafeBufferPointer<UInt64>
    let count: Int
    let lineMode: Bool

    @inline(__always)
    func offset(_ index: Int) -> Int {
        let value = Int(low[index])
        if wraps.isEmpty { return value }
        return value | (RecordOffsets.highPart(index, wraps: wraps) << 32)
    }

    /// The record's bytes: `start..<end` in `base`.
    @inline(__always)
    func bounds(_ record: Int) -> (start: Int, end: Int) {
        (offset(record), offset(record &+ 1) &- 1)
    }

    /// Whether the record is ASCII and its bytes are its shown text.
    @inline(__always)
    func isPlain(_ record: Int) -> Bool {
        plainBits[record &>> 6] &>> UInt64(record & 63) & 1 != 0
    }

    /// The shown part of `start..<end`: for lines, without a trailing CR and
    /// cut at the first NUL (dmenu metadata follows it).
    @inline(__always)
    func shownRange(_ start: Int, _ end: Int) -> (start: Int, end: Int) {
        guard lineMode else { return (start, end) }
        var end = end
        if end > start && base.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0D { end -= 1 }
        return (start, SWAR.firstIndex(of: 0, in: base, from: start, to: end))
    }

    /// The printed part of `start..<end`: for lines, cut at the first NUL
    /// (a trailing CR is kept: output is byte for byte).
    @inline(__always)
    func textRange(_ start: Int, _ end: Int) -> (start: Int, end: Int) {
        guard lineMode else { return (start, end) }
        return (start, SWAR.firstIndex(of: 0, in: base, from: start, to: end))
    }
}

extension StoreView {
    /// How many candidates ahead a re-check loop starts loading a record's
    /// bytes (and twice as far ahead, its offset): enough to cover a miss
    /// to memory while the records in between are checked.
    static let prefetchDistance = 16

    /// Starts loading what checking `records[index + prefetchDistance]`
    /// will read. Candidates of a narrowing keystroke are scattered over
    /// the store where no hardware prefetcher follows: without this, each
    /// costs a cache miss (and often a TLB miss) in turn.
    @inline(__always)
    func prefetch(_ records: UnsafeBufferPointer<UInt32>, _ index: Int) {
        let far = index &+ 2 &* Self.prefetchDistance
        if far < records.count, let offsets = low.baseAddress { pick_prefetch(offsets + Int(records[far])) }
        let near = index &+ Self.prefetchDistance
        if near < records.count { pick_prefetch(base + offset(Int(records[near]))) }
    }
}
