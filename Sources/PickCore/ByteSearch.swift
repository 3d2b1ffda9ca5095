/// Searching bytes for a needle, optionally folding ASCII case of the text
/// (the needle is then already lower case). Eight positions a step: a
/// candidate must match the needle's first byte at its start and its last
/// byte at its end (two anchors, so common letters rarely cost a full
/// compare); only candidates are compared whole.
enum ByteSearch {
    /// The OR mask that folds a lane for comparing with `byte`: `0x20` in
    /// every lane when folding and `byte` is a lower-case letter (then
    /// `text | 0x20 == byte` exactly when the text byte is that letter in
    /// either case), else 0.
    @inline(__always)
    static func foldMask(_ byte: UInt8, _ foldASCII: Bool) -> UInt64 {
        foldASCII && byte &- 0x61 < 26 ? SWAR.caseBits : 0
    }

    @inline(__always)
    private static func byteAt(_ base: UnsafeRawPointer, _ index: Int, _ foldASCII: Bool) -> UInt8 {
        let byte = base.load(fromByteOffset: index, as: UInt8.self)
        return foldASCII ? asciiLower(byte) : byte
    }

    /// Whether `needle` is at `index` (bounds already checked).
    @inline(__always)
    static func matches(_ needle: UnsafeBufferPointer<UInt8>, at index: Int, in base: UnsafeRawPointer,
                        skipping skip: Int = 0, foldASCII: Bool) -> Bool {
        var offset = skip
        let count = needle.count
        while offset < count {
            if byteAt(base, index &+ offset, foldASCII) != needle[offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// The first index in `from...(to - needle.count)` where `needle` starts,
    /// or nil.
    /// - Complexity: O(n) for n bytes, plus O(m) a candidate.
    @inline(__always)
    static func firstMatch(_ needle: UnsafeBufferPointer<UInt8>, in base: UnsafeRawPointer, from: Int, to: Int,
                           foldASCII: Bool) -> Int? {
        let count = needle.count
        if count == 0 { return from }
        let lastStart = to &- count
        if lastStart < from { return nil }
        let first = needle[0], last = needle[count &- 1]
        let firstPattern = SWAR.broadcast(first), lastPattern = SWAR.broadcast(last)
        let firstFold = foldMask(first, foldASCII), lastFold = foldMask(last, foldASCII)
        var index = from
        // Both eight-byte loads inside from..<to.
        while index &+ count &+ 7 <= to {
            var candidates = SWAR.zeroBytes((SWAR.load(base, index) | firstFold) ^ firstPattern)
                & SWAR.zeroBytes((SWAR.load(base, index &+ count &- 1) | lastFold) ^ lastPattern)
            while candidates != 0 {
                let at = index &+ SWAR.firstLane(candidates)
                if count <= 2 || matches(needle, at: at, in: base, skipping: 1, foldASCII: foldASCII) { return at }
                candidates &= candidates &- 1
            }
            index &+= 8
        }
        if index <= lastStart && lastStart &- from >= 7 {
            // The last starts in one overlapping window ending at `to`; its
            // lanes before `index` were checked above.
            let window = lastStart &- 7
            var candidates = SWAR.zeroBytes((SWAR.load(base, window) | firstFold) ^ firstPattern)
                & SWAR.zeroBytes((SWAR.load(base, window &+ count &- 1) | lastFold) ^ lastPattern)
            candidates &= ~0 &<< UInt64((index &- window) &<< 3)
            while candidates != 0 {
                let at = window &+ SWAR.firstLane(candidates)
                if count <= 2 || matches(needle, at: at, in: base, skipping: 1, foldASCII: foldASCII) { return at }
                candidates &= candidates &- 1
            }
            return nil
        }
        while index <= lastStart {
            if byteAt(base, index, foldASCII) == first && byteAt(base, index &+ count &- 1, foldASCII) == last
                && (count <= 2 || matches(needle, at: index, in: base, skipping: 1, foldASCII: foldASCII)) {
                return index
            }
            index &+= 1
        }
        return nil
    }

    /// The first index in `from..<to` whose byte is `byte` (after folding),
    /// or nil.
    /// - Complexity: O(n), eight bytes a step.
    @inline(__always)
    static func firstIndex(of byte: UInt8, in base: UnsafeRawPointer, from: Int, to: Int, foldASCII: Bool) -> Int? {
        let pattern = SWAR.broadcast(byte), fold = foldMask(byte, foldASCII)
        var index = from
        while index &+ 8 <= to {
            let mask = SWAR.zeroBytes((SWAR.load(base, index) | fold) ^ pattern)
            if mask != 0 { return index &+ SWAR.firstLane(mask) }
            index &+= 8
        }
        if index < to && to &- from >= 8 {
            // The rest in one overlapping window ending at `to`.
            let window = to &- 8
            let mask = SWAR.zeroBytes((SWAR.load(base, window) | fold) ^ pattern) & (~0 &<< UInt64((index &- window) &<< 3))
            return mask != 0 ? window &+ SWAR.firstLane(mask) : nil
        }
        while index < to {
            if byteAt(base, index, foldASCII) == byte { return index }
            index &+= 1
        }
        return nil
    }
}
