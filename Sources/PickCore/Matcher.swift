/// A compiled filter query: what a record's shown text must contain, with
/// fzf's smart case.
///
/// Smart case: the match ignores case while the query has no upper-case
/// letter (lower-casing the query leaves it unchanged), and respects case
/// once it has one. Ignoring case folds ASCII by table, and every other
/// scalar by its full Unicode lowercase mapping (what `Character.lowercased()`
/// does), the latter only for records that are not ASCII.
///
/// Matching works on UTF-8 bytes, never a `String` per record. Because a
/// well-formed needle can only match well-formed text at scalar boundaries,
/// the raw bytes give the same answer as the text shown with U+FFFD for
/// ill-formed bytes; a query that itself contains U+FFFD is matched against
/// the decoded text (ill-formed bytes replaced), so it finds them.
public struct Matcher: Hashable, Sendable {
    /// The filter text, as typed.
    public let query: String
    /// How it matches.
    public let mode: MatchMode
    /// Whether the query has an upper-case letter (smart case).
    public let isCaseSensitive: Bool
    /// The query's bytes, lower-cased unless case-sensitive.
    let needle: [UInt8]
    /// Where each of the needle's scalars starts, then `needle.count`.
    let scalarStarts: [Int]
    let needleIsASCII: Bool
    /// The query has U+FFFD: match the text with ill-formed bytes replaced.
    let decodesText: Bool

    /// - Complexity: O(n) for n bytes of query.
    public init(query: String, mode: MatchMode) {
        self.query = query
        self.mode = mode
        let raw = Array(query.utf8)
        var folded: [UInt8] = []
        raw.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                UTF8Scan.appendNormalized(base, from: 0, to: bytes.count, lowercase: true, into: &folded)
            }
        }
        isCaseSensitive = folded != raw
        needle = isCaseSensitive ? raw : folded
        var starts: [Int] = []
        for (index, byte) in needle.enumerated() where byte & 0xC0 != 0x80 { starts.append(index) }
        starts.append(needle.count)
        scalarStarts = starts
        let needle = needle
        needleIsASCII = needle.allSatisfy { $0 < 0x80 }
        decodesText = needle.count >= 3 && (0...(needle.count - 3)).contains {
            needle[$0] == 0xEF && needle[$0 + 1] == 0xBF && needle[$0 + 2] == 0xBD
        }
    }

    /// Whether every text matches (the query is empty).
    public var matchesEverything: Bool { needle.isEmpty }

    /// Whether every text this matcher accepts, `other` accepts too, by
    /// looking at the two queries only: same mode and case sensitivity, and
    /// for substring `other`'s query is inside this one, for prefix it starts
    /// this one, for exact they are equal, for fuzzy its scalars are a
    /// subsequence of this one's. A filter for this query then need only
    /// re-check `other`'s matches.
    /// - Complexity: O(n · m) for the two queries' lengths (they are short).
    public func implies(_ other: Matcher) -> Bool {
        guard mode == other.mode, isCaseSensitive == other.isCaseSensitive else { return false }
        if other.needle.isEmpty { return true }
        switch mode {
        case .substring:
            guard other.needle.count <= needle.count else { return false }
            return (0...(needle.count - other.needle.count)).contains {
                needle[$0..<($0 + other.needle.count)].elementsEqual(other.needle)
            }
        case .prefix:
            return needle.starts(with: other.needle)
        case .exact:
            return needle == other.needle
        case .fuzzy:
            var mine = 0
            for theirs in 0..<(other.scalarStarts.count - 1) {
                let wanted = other.needle[other.scalarStarts[theirs]..<other.scalarStarts[theirs + 1]]
                while mine < scalarStarts.count - 1
                        && !needle[scalarStarts[mine]..<scalarStarts[mine + 1]].elementsEqual(wanted) {
                    mine += 1
                }
                guard mine < scalarStarts.count - 1 else { return false }
                mine += 1
            }
            return true
        }
    }

    /// Whether `text` (a shown text) matches.
    /// - Complexity: O(n) for n bytes of text (O(n · m) at worst for
    ///   substring candidates, m the query's length).
    public func matches(_ text: String) -> Bool {
        var text = text
        var scratch: [UInt8] = []
        return text.withUTF8 { bytes in
            withKernel { kernel in
                guard let base = bytes.baseAddress else { return kernel.needle.isEmpty }
                return kernel.matches(UnsafeRawPointer(base), 0, bytes.count, knownASCII: false, scratch: &scratch)
            }
        }
    }

    /// Calls `body` with the matcher's pointers for a hot loop.
    func withKernel<R>(_ body: (MatchKernel) throws -> R) rethrows -> R {
        try needle.withUnsafeBufferPointer { needle in
            try scalarStarts.withUnsafeBufferPointer { starts in
                try body(MatchKernel(needle: needle, scalarStarts: starts, mode: mode, foldASCII: !isCaseSensitive,
                                     needleIsASCII: needleIsASCII, decodesText: decodesText))
            }
        }
    }
}
