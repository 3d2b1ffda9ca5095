/// Where each record starts in a `RecordStore`'s byte buffer (or in a file
/// whose bytes stay on disk), four bytes a record.
///
/// Why `UInt32` and not `Int`: ten million records take 40 MB of offsets
/// instead of 80 MB, and a filter pass streams half the index memory. The
/// cost of the narrow type is handled, not imposed as a limit: `wraps` holds
/// the indices at which the offsets' high 32 bits grow (one entry per 4 GiB
/// of input, so it stays empty for any input under 4 GiB), and an offset is
/// its low half plus 2³² times the number of wraps at or before it. Input of
/// any size works; under 4 GiB a lookup is a single load.
///
/// The limit that does exist is on the record count, not the bytes:
/// `UInt32.max` (4,294,967,295) records, because filter results keep record
/// indices as `UInt32` for the same reason.
public struct RecordOffsets: Sendable {
    /// The low 32 bits of each offset.
    private(set) var low: [UInt32] = [0]
    /// Ascending indices into `low` at which the high half grows by one.
    private(set) var wraps: [Int] = []

    /// An index holding one offset, 0 (where the first record starts).
    public init() {}

    /// The number of offsets held.
    public var count: Int { low.count }

    /// Adds the next offset, which must not be less than the last one.
    /// - Complexity: amortized O(1).
    public mutating func append(_ offset: Int) {
        let high = offset >> 32
        while wraps.count < high { wraps.append(low.count) }
        low.append(UInt32(truncatingIfNeeded: offset))
    }

    /// Makes room for `count` offsets in all.
    public mutating func reserveCapacity(_ count: Int) { low.reserveCapacity(count) }

    /// Offset `index`.
    /// - Complexity: O(1) under 4 GiB of input, O(log w) past it for w wraps.
    @inline(__always)
    public func offset(_ index: Int) -> Int {
        let value = Int(low[index])
        if wraps.isEmpty { return value }
        return value | (Self.highPart(index, wraps: wraps) << 32)
    }

    @inline(__always)
    static func offset(_ index: Int, low: UnsafeBufferPointer<UInt32>, wraps: [Int]) -> Int {
        let value = Int(low[index])
        if wraps.isEmpty { return value }
        return value | (highPart(index, wraps: wraps) << 32)
    }

    /// The number of wraps at or before `index`.
    static func highPart(_ index: Int, wraps: [Int]) -> Int {
        var lower = 0, upper = wraps.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if wraps[middle] <= index { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }
}
