/// One term of a query, compiled: its bytes in the form the text is
/// compared in (lower case with smart case, decomposed or without accents).
struct TermMatcher: Hashable, Sendable {
    let kind: TermKind
    let isNegated: Bool
    /// The term has an upper-case letter: case is respected.
    let isCaseSensitive: Bool
    let normalization: Normalization
    /// The term's bytes, normalized.
    let needle: [UInt8]
    /// Where each of the needle's scalars starts, then `needle.count`.
    let scalarStarts: [Int]
    let needleIsASCII: Bool
    /// The term has U+FFFD: match the text with ill-formed bytes replaced.
    let decodesText: Bool

    /// - Complexity: O(n) for n bytes of term.
    init(_ term: QueryTerm, foldsAccents: Bool) {
        kind = term.kind
        isNegated = term.isNegated
        let raw = Array(term.text.utf8)
        var lowered: [UInt8] = []
        raw.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                UTF8Scan.appendNormalized(base, from: 0, to: bytes.count, lowercase: true, into: &lowered)
            }
        }
        isCaseSensitive = lowered != raw
        // Accents are ignored while the term has none; a term with accents
        // still finds them written either way (precomposed or combining).
        let normalization: Normalization = !foldsAccents ? .none
            : ScalarNormalization.hasAccent(term.text) ? .decomposed : .accentsFolded
        self.normalization = normalization
        let caseSensitive = isCaseSensitive
        var needle: [UInt8] = []
        raw.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                UTF8Scan.appendNormalized(base, from: 0, to: bytes.count, lowercase: !caseSensitive,
                                          normalization: normalization, into: &needle)
            }
        }
        self.needle = needle
        var starts: [Int] = []
        for (index, byte) in needle.enumerated() where byte & 0xC0 != 0x80 { starts.append(index) }
        starts.append(needle.count)
        scalarStarts = starts
        needleIsASCII = needle.allSatisfy { $0 < 0x80 }
        decodesText = needle.count >= 3 && (0...(needle.count - 3)).contains {
            needle[$0] == 0xEF && needle[$0 + 1] == 0xBF && needle[$0 + 2] == 0xBD
        }
    }

    /// Whether every text this term accepts, `other` accepts too (looking
    /// at the two terms only). A negated term accepts the texts the plain
    /// one refuses, so the implication turns around.
    /// - Complexity: O(n · m) for the two terms' lengths.
    func implies(_ other: TermMatcher) -> Bool {
        guard isNegated == other.isNegated, isCaseSensitive == other.isCaseSensitive,
              normalization == other.normalization else { return false }
        return isNegated ? other.positiveImplies(self) : positiveImplies(other)
    }

    /// Whether a text holding this term (not negated) holds `other` too.
    private func positiveImplies(_ other: TermMatcher) -> Bool {
        if other.needle.isEmpty { return true }
        switch (kind, other.kind) {
        case (_, .substring) where kind != .fuzzy:
            return contains(other.needle)
        case (.prefix, .prefix), (.whole, .prefix):
            return needle.starts(with: other.needle)
        case (.suffix, .suffix), (.whole, .suffix):
            return needle.count >= other.needle.count && needle.suffix(other.needle.count).elementsEqual(other.needle)
        case (.whole, .whole):
            return needle == other.needle
        case (_, .fuzzy):
            return hasSubsequence(other)
        default:
            return false
        }
    }

    private func contains(_ part: [UInt8]) -> Bool {
        guard part.count <= needle.count else { return false }
        return (0...(needle.count - part.count)).contains { needle[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Whether `other`'s scalars appear in this needle in order.
    private func hasSubsequence(_ other: TermMatcher) -> Bool {
        var mine = 0
        for theirs in 0..<(other.scalarStarts.count - 1) {
            let wanted = other.needle[other.scalarStarts[theirs]..<other.scalarStarts[theirs + 1]]
            while mine < scalarStarts.count - 1 && !needle[scalarStarts[mine]..<scalarStarts[mine + 1]].elementsEqual(wanted) {
                mine += 1
            }
            guard mine < scalarStarts.count - 1 else { return false }
            mine += 1
        }
        return true
    }
}
