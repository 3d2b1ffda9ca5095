/// A `Matcher` as pointers, for matching millions of texts in a loop.
struct MatchKernel {
    let needle: UnsafeBufferPointer<UInt8>
    let scalarStarts: UnsafeBufferPointer<Int>
    let mode: MatchMode
    /// Ignore case (the needle is lower case).
    let foldASCII: Bool
    let needleIsASCII: Bool
    let decodesText: Bool

    /// Whether the text `start..<end` of `base` matches. `knownASCII` says
    /// the text is ASCII (skips a check); `scratch` holds a lower-cased copy
    /// when one is needed.
    /// - Complexity: O(n) for n bytes (plus O(m) a substring candidate).
    @inline(__always)
    func matches(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool,
                 scratch: inout [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if decodesText && !knownASCII { return matchesNormalized(base, start, end, scratch: &scratch) }
        if !foldASCII { return matchesBytes(base, start, end, foldASCII: false) }
        // A match with ASCII folding alone is a match (non-ASCII scalars of
        // the text matched the lower-case needle as they are); no match is
        // final only when the text is ASCII.
        if matchesBytes(base, start, end, foldASCII: true) { return true }
        if knownASCII || SWAR.isASCII(base, from: start, to: end) { return false }
        return matchesNormalized(base, start, end, scratch: &scratch)
    }

    /// Matches a lower-cased (when ignoring case), well-formed copy.
    private func matchesNormalized(_ base: UnsafeRawPointer, _ start: Int, _ end: Int,
                                   scratch: inout [UInt8]) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        UTF8Scan.appendNormalized(base, from: start, to: end, lowercase: foldASCII, into: &scratch)
        return scratch.withUnsafeBytes { copy in
            guard let copyBase = copy.baseAddress else { return false }
            return matchesBytes(copyBase, 0, copy.count, foldASCII: false)
        }
    }

    @inline(__always)
    private func matchesBytes(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, foldASCII: Bool) -> Bool {
        switch mode {
        case .substring:
            return ByteSearch.firstMatch(needle, in: base, from: start, to: end, foldASCII: foldASCII) != nil
        case .prefix:
            return end - start >= needle.count && ByteSearch.matches(needle, at: start, in: base, foldASCII: foldASCII)
        case .exact:
            return end - start == needle.count && ByteSearch.matches(needle, at: start, in: base, foldASCII: foldASCII)
        case .fuzzy:
            var at = start
            if needleIsASCII {
                for byte in needle {
                    guard let found = ByteSearch.firstIndex(of: byte, in: base, from: at, to: end, foldASCII: foldASCII)
                    else { return false }
                    at = found &+ 1
                }
                return true
            }
            // Scalar by scalar: each scalar's bytes, in order, not overlapping.
            for scalar in 0..<(scalarStarts.count - 1) {
                let part = UnsafeBufferPointer(rebasing: needle[scalarStarts[scalar]..<scalarStarts[scalar + 1]])
                guard let found = ByteSearch.firstMatch(part, in: base, from: at, to: end, foldASCII: foldASCII)
                else { return false }
                at = found &+ part.count
            }
            return true
        }
    }
}
