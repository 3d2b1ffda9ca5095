/// What matches a text given as bytes: one term's kernel or a whole query's.
protocol TextMatching {
    /// Whether the text `start..<end` of `base` matches (`knownASCII`: it is
    /// ASCII; `scratch`: room for a normalized copy).
    func matches(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool, scratch: inout [UInt8]) -> Bool
    /// The score of a text that matched (see `ScoreModel`).
    func score(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool, _ tables: ScoreModel.Tables,
               _ scratch: ScoreScratch) -> QueryScore
}

/// One compiled term as pointers, for matching millions of texts in a loop.
struct MatchKernel: TextMatching {
    let needle: UnsafeBufferPointer<UInt8>
    let scalarStarts: UnsafeBufferPointer<Int>
    let kind: TermKind
    /// Ignore case (the needle is lower case).
    let foldASCII: Bool
    let needleIsASCII: Bool
    let decodesText: Bool
    /// What non-ASCII text goes through before comparing (the needle went through it too).
    let normalization: Normalization

    /// A substring term, or a fuzzy term of one ASCII character: on ASCII
    /// text its score follows from its first occurrence, which the search
    /// that matched the text found (`TermScorer.substring(first:)`).
    var scoresFromFirstOccurrence: Bool {
        !needle.isEmpty && (kind == .substring || (kind == .fuzzy && needle.count == 1 && needleIsASCII))
    }

    /// Whether the text `start..<end` of `base` matches. `knownASCII` says
    /// the text is ASCII (skips a check); `scratch` holds a normalized copy
    /// when one is needed.
    /// - Complexity: O(n) for n bytes (plus O(m) a substring candidate).
    @inline(__always)
    func matches(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool,
                 scratch: inout [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        if decodesText && !knownASCII { return matchesNormalized(base, start, end, scratch: &scratch) }
        if !foldASCII && normalization == .none { return matchesBytes(base, start, end, foldASCII: false) }
        // A match on the bytes as they are (ASCII folded) is a match: the
        // needle's scalars are already in the normalized form. No match is
        // final only when the text is ASCII, which normalizing leaves alone.
        if matchesBytes(base, start, end, foldASCII: foldASCII) { return true }
        if knownASCII || SWAR.isASCII(base, from: start, to: end) { return false }
        return matchesNormalized(base, start, end, scratch: &scratch)
    }

    /// `matches` as a call, for queries of several terms: the single-term
    /// loop keeps the inlined copy to itself.
    @inline(never)
    func matchesOutOfLine(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool,
                          scratch: inout [UInt8]) -> Bool {
        matches(base, start, end, knownASCII: knownASCII, scratch: &scratch)
    }

    /// Matches a lower-cased (when ignoring case), well-formed, normalized copy.
    private func matchesNormalized(_ base: UnsafeRawPointer, _ start: Int, _ end: Int,
                                   scratch: inout [UInt8]) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        UTF8Scan.appendNormalized(base, from: start, to: end, lowercase: foldASCII, normalization: normalization,
                                  into: &scratch)
        return scratch.withUnsafeBytes { copy in
            guard let copyBase = copy.baseAddress else { return false }
            return matchesBytes(copyBase, 0, copy.count, foldASCII: false)
        }
    }

    @inline(__always)
    private func matchesBytes(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, foldASCII: Bool) -> Bool {
        // Substring first and apart: the compiler then inlines the common
        // case's search into the filter's loop, and the rest stays a call.
        if kind == .substring {
            return ByteSearch.firstMatch(needle, in: base, from: start, to: end, foldASCII: foldASCII) != nil
        }
        return matchesOtherKinds(base, start, end, foldASCII: foldASCII)
    }

    private func matchesOtherKinds(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, foldASCII: Bool) -> Bool {
        switch kind {
        case .substring:
            return ByteSearch.firstMatch(needle, in: base, from: start, to: end, foldASCII: foldASCII) != nil
        case .prefix:
            return end - start >= needle.count && ByteSearch.matches(needle, at: start, in: base, foldASCII: foldASCII)
        case .suffix:
            return end - start >= needle.count
                && ByteSearch.matches(needle, at: end - needle.count, in: base, foldASCII: foldASCII)
        case .whole:
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

/// A whole query as pointers: every group must have a term that matches
/// (a negated term matches when its text does not).
struct QueryKernel: TextMatching {
    let terms: UnsafeBufferPointer<MatchKernel>
    let negated: UnsafeBufferPointer<Bool>
    /// Where each group's terms end in `terms`.
    let groupEnds: UnsafeBufferPointer<Int>
    /// One group of one plain term: the loop calls it directly.
    let isSingleTerm: Bool

    /// Whether the text `start..<end` of `base` matches the query.
    /// - Complexity: O(t · n) for t terms and n bytes.
    @inline(__always)
    func matches(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool,
                 scratch: inout [UInt8]) -> Bool {
        if isSingleTerm { return terms[0].matchesOutOfLine(base, start, end, knownASCII: knownASCII, scratch: &scratch) }
        var term = 0
        for groupEnd in groupEnds {
            var found = false
            while term < groupEnd {
                if !found && terms[term].matchesOutOfLine(base, start, end, knownASCII: knownASCII, scratch: &scratch) != negated[term] {
                    found = true
                }
                term &+= 1
            }
            if !found { return false }
        }
        return true
    }
}
