/// Word-at-a-time byte scanning ("SIMD within a register"): eight bytes per
/// step in a `UInt64`, with exact per-byte masks (no false positives from
/// borrows), so the hot loops need neither Foundation's `memchr` nor C.
enum SWAR {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080
    static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    /// `0x20` in every byte: OR-ing it folds ASCII upper-case letters to lower case.
    static let caseBits: UInt64 = 0x2020_2020_2020_2020

    /// `byte` in each of the eight lanes.
    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* ones }

    /// The high bit of each byte of `word` that is zero, and nothing else.
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low = (word & lowBits) &+ lowBits
        return ~(low | word | lowBits)
    }

    /// Eight bytes at `pointer + offset`, the byte at the lowest address in
    /// the lowest lane whatever the machine's byte order.
    @inline(__always)
    static func load(_ pointer: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The lane of the lowest set high bit of a non-zero mask.
    @inline(__always)
    static func firstLane(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }

    /// The first index in `from..<to` whose byte is `byte`, or `to`.
    /// - Complexity: O(to - from), eight bytes a step.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in base: UnsafeRawPointer, from: Int, to: Int) -> Int {
        let pattern = broadcast(byte)
        var index = from
        while index &+ 8 <= to {
            let mask = zeroBytes(load(base, index) ^ pattern)
            if mask != 0 { return index &+ firstLane(mask) }
            index &+= 8
        }
        while index < to {
            if base.load(fromByteOffset: index, as: UInt8.self) == byte { return index }
            index &+= 1
        }
        return to
    }

    /// Whether every byte in `from..<to` is below 0x80.
    /// - Complexity: O(to - from), eight bytes a step.
    @inline(__always)
    static func isASCII(_ base: UnsafeRawPointer, from: Int, to: Int) -> Bool {
        var index = from
        var bits: UInt64 = 0
        while index &+ 8 <= to {
            bits |= load(base, index)
            index &+= 8
        }
        while index < to {
            bits |= UInt64(base.load(fromByteOffset: index, as: UInt8.self))
            index &+= 1
        }
        return bits & highBits == 0
    }
}

/// ASCII case folding of one byte: A–Z to a–z, every other byte unchanged.
@inline(__always)
func asciiLower(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
}
