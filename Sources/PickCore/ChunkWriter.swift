/// Collects output in one 64 KiB buffer and hands it to the sink when full,
/// so printing a million records makes a few hundred writes, not a million.
struct ChunkWriter: ~Copyable {
    static let capacity = 1 << 16
    private let buffer: UnsafeMutableRawPointer
    private var used = 0

    init() { buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.capacity, alignment: 16) }

    deinit { buffer.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8, _ sink: (UnsafeRawBufferPointer) -> Void) {
        if used == Self.capacity { flush(sink) }
        buffer.storeBytes(of: byte, toByteOffset: used, as: UInt8.self)
        used &+= 1
    }

    /// Fills the buffer and hands it on as often as needed: every chunk but
    /// the last is exactly 64 KiB.
    /// - Complexity: O(n).
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer, _ sink: (UnsafeRawBufferPointer) -> Void) {
        guard var source = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count = min(remaining, Self.capacity - used)
            (buffer + used).copyMemory(from: source, byteCount: count)
            used &+= count
            source += count
            remaining -= count
            if used == Self.capacity { flush(sink) }
        }
    }

    mutating func append(_ string: String, _ sink: (UnsafeRawBufferPointer) -> Void) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0), sink) }
    }

    /// Appends `value` in decimal.
    mutating func append(decimal value: Int, _ sink: (UnsafeRawBufferPointer) -> Void) {
        if Self.capacity - used < 20 { flush(sink) }
        var value = value
        if value < 0 {
            append(UInt8(ascii: "-"), sink)
            value = -value
        }
        var digits = 1, rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var index = used + digits
        repeat {
            index -= 1
            buffer.storeBytes(of: UInt8(truncatingIfNeeded: 0x30 + value % 10), toByteOffset: index, as: UInt8.self)
            value /= 10
        } while value > 0
        used += digits
    }

    mutating func flush(_ sink: (UnsafeRawBufferPointer) -> Void) {
        if used > 0 { sink(UnsafeRawBufferPointer(start: buffer, count: used)) }
        used = 0
    }
}
