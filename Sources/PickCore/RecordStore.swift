/// The picker's records, kept as the bytes that were read: one growing
/// buffer for every record's bytes and an index of where each starts
/// (`RecordOffsets`, four bytes a record), never a `String` per record, so
/// ten million records of 30 bytes take about 300 MB of bytes, 40 MB of
/// offsets and 1.25 MB of flags.
///
/// Input arrives in chunks of any size (`append(_:)`); a record may span
/// chunks. Records end at `separator` (newline, or NUL for `--read0`); the
/// separator is kept in the buffer after each record but is not part of it.
/// `finish()` at the end of input makes a non-empty tail the last record.
/// Empty records (two separators in a row) are records, as in fzf.
///
/// Not thread-safe: append, read and filter on one thread (the picker's
/// event loop interleaves them, with `FilterPass` running in slices).
public final class RecordStore {
    /// The byte that ends a record: 0x0A for lines, 0x00 for `--read0`.
    public let separator: UInt8
    /// The number of complete records. - Complexity: O(1).
    public private(set) var count = 0
    /// Whether `finish()` was called: no more records will come.
    public private(set) var isFinished = false

    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var used = 0
    /// `count + 1` entries: record `k` is the bytes from `offsets[k]` up to
    /// `offsets[k + 1] - 1` (the byte before the next start is its
    /// separator); the last entry is where the unfinished tail starts.
    private var offsets = RecordOffsets()
    /// Bit `k` is set when record `k` is ASCII and, for lines, has no NUL
    /// (no dmenu metadata) and no trailing CR: its bytes are its shown text,
    /// and matching may take the fast path without looking at it first.
    private var plainBits: [UInt64] = []
    /// Non-zero when the unfinished tail has a byte that makes it not plain.
    private var pendingFlags: UInt64 = 0

    /// An empty store whose records end at `separator`.
    public init(separator: UInt8) {
        self.separator = separator
        capacity = 1 << 16
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Whether records are lines (`separator` is a newline): only then does a
    /// trailing CR drop from the shown text and a NUL start dmenu metadata.
    public var isLineMode: Bool { separator == 0x0A }

    /// The bytes held, records, separators and the unfinished tail.
    /// - Complexity: O(1).
    public var byteCount: Int { used }

    /// Makes room for `bytes` bytes of input and `records` records in all,
    /// so reading a file whose size is known does not copy the buffer as it
    /// grows.
    /// - Complexity: O(n) for the bytes held.
    public func reserveCapacity(bytes: Int, records: Int = 0) {
        if bytes > capacity { grow(to: bytes) }
        if records > 0 {
            offsets.reserveCapacity(records + 1)
            plainBits.reserveCapacity((records + 63) / 64)
        }
    }

    /// Adds a chunk of input; records that it completes become visible in
    /// `count`, a partial record at its end waits for the next chunk.
    /// - Complexity: O(n) for n bytes in the chunk (amortized: the buffer
    ///   doubles when full; `reserveCapacity(bytes:)` with a known input
    ///   size avoids the copies and the fresh pages they touch).
    public func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(!isFinished, "RecordStore.append after finish()")
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if used + bytes.count > capacity { grow(to: used + bytes.count) }
        (base + used).copyMemory(from: source, byteCount: bytes.count)
        let end = used + bytes.count
        var index = used
        used = end
        // Work on locals so the loop pays no exclusivity checks on `self`.
        var offsets = RecordOffsets(), bits: [UInt64] = []
        swap(&offsets, &self.offsets)
        swap(&bits, &plainBits)
        var count = self.count
        var start = offsets.offset(count)
        // One pass finds separators and classifies records: `flags` gathers
        // the high bit of every non-ASCII byte (and, for lines, of every
        // NUL) of the record so far.
        var flags = pendingFlags
        let lineMode = isLineMode, separatorPattern = SWAR.broadcast(separator)
        @inline(__always) func endRecord(at end: Int) {
            let plain = flags == 0
                && !(lineMode && end > start && base.load(fromByteOffset: end - 1, as: UInt8.self) == 0x0D)
            Self.addRecord(count: &count, end: end, plain: plain, offsets: &offsets, bits: &bits)
            flags = 0
            start = end + 1
        }
        while index &+ 8 <= end {
            let word = SWAR.load(base, index)
            var separators = SWAR.zeroBytes(word ^ separatorPattern)
            var special = (word & SWAR.highBits) | (lineMode ? SWAR.zeroBytes(word) : 0)
            while separators != 0 {
                let lowest = separators & (0 &- separators)
                flags |= special & (lowest &- 1)
                special &= ~(lowest | (lowest &- 1))
                endRecord(at: index &+ SWAR.firstLane(separators))
                separators &= separators &- 1
            }
            flags |= special
            index &+= 8
        }
        while index < end {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == separator {
                endRecord(at: index)
            } else if byte >= 0x80 || (lineMode && byte == 0) {
                flags |= SWAR.highBits
            }
            index &+= 1
        }
        pendingFlags = flags
        swap(&offsets, &self.offsets)
        swap(&bits, &plainBits)
        self.count = count
    }

    /// Ends the input: a non-empty unfinished tail becomes the last record
    /// (input without a final separator). Appending after this is an error.
    /// - Complexity: O(n) for the tail's bytes.
    public func finish() {
        guard !isFinished else { return }
        let start = offsets.offset(count)
        if start < used {
            if used + 1 > capacity { grow(to: used + 1) }
            base.storeBytes(of: separator, toByteOffset: used, as: UInt8.self)
            used += 1
            let plain = pendingFlags == 0
                && !(isLineMode && base.load(fromByteOffset: used - 2, as: UInt8.self) == 0x0D)
            var count = self.count
            Self.addRecord(count: &count, end: used - 1, plain: plain, offsets: &offsets, bits: &plainBits)
            self.count = count
            pendingFlags = 0
        }
        isFinished = true
    }

    /// Calls `body` with the exact bytes of `record` (without its
    /// separator), valid only during the call.
    /// - Complexity: O(1) (O(log w) past 4 GiB of input).
    public func withBytes<R>(of record: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(record >= 0 && record < count, "record \(record) out of 0..<\(count)")
        let start = offsets.offset(record), end = offsets.offset(record + 1) - 1
        return try body(UnsafeRawBufferPointer(start: base + start, count: end - start))
    }

    /// Calls `body` with a view of the buffer and index for hot loops; the
    /// view is valid only during the call (appending may move the buffer).
    func withView<R>(_ body: (StoreView) throws -> R) rethrows -> R {
        try offsets.low.withUnsafeBufferPointer { low in
            try plainBits.withUnsafeBufferPointer { bits in
                try body(StoreView(base: UnsafeRawPointer(base), low: low, wraps: offsets.wraps, plainBits: bits,
                                   count: count, lineMode: isLineMode))
            }
        }
    }

    @inline(__always)
    private static func addRecord(count: inout Int, end: Int, plain: Bool, offsets: inout RecordOffsets,
                                  bits: inout [UInt64]) {
        precondition(count < Int(UInt32.max), "RecordStore holds at most UInt32.max records")
        if count & 63 == 0 { bits.append(0) }
        if plain { bits[count &>> 6] |= 1 &<< UInt64(count & 63) }
        offsets.append(end + 1)
        count &+= 1
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, 2 * capacity)
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newBase.copyMemory(from: base, byteCount: used)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
