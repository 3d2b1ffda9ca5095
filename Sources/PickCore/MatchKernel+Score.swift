extension MatchKernel {
    /// The term's score in the text `start..<end` of `base`, nil when it
    /// does not match there. As `matches`: the bytes as they are first
    /// (ASCII folded), then, for text that is not ASCII, a normalized copy.
    /// - Complexity: O(n) for n bytes; O(n · m) for a fuzzy term of m bytes.
    func termScore(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool, _ tables: ScoreModel.Tables,
                   _ scratch: ScoreScratch) -> TermScore? {
        if needle.isEmpty { return TermScore(score: 0, begin: 0, end: 0) }
        if decodesText && !knownASCII { return scoreNormalized(base, start, end, tables, scratch) }
        if !foldASCII && normalization == .none { return scoreBytes(base, start, end, fold: false, tables, scratch) }
        if let found = scoreBytes(base, start, end, fold: foldASCII, tables, scratch) { return found }
        if knownASCII || SWAR.isASCII(base, from: start, to: end) { return nil }
        return scoreNormalized(base, start, end, tables, scratch)
    }

    private func scoreNormalized(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, _ tables: ScoreModel.Tables,
                                 _ scratch: ScoreScratch) -> TermScore? {
        var copy = scratch.normalized
        scratch.normalized = []
        copy.removeAll(keepingCapacity: true)
        UTF8Scan.appendNormalized(base, from: start, to: end, lowercase: foldASCII, normalization: normalization, into: &copy)
        let found = copy.withUnsafeBytes { bytes -> TermScore? in
            guard let copyBase = bytes.baseAddress else { return nil }
            return scoreBytes(copyBase, 0, bytes.count, fold: false, tables, scratch)
        }
        scratch.normalized = copy
        return found
    }

    private func scoreBytes(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, fold: Bool, _ tables: ScoreModel.Tables,
                            _ scratch: ScoreScratch) -> TermScore? {
        let count = needle.count
        switch kind {
        case .substring:
            return TermScorer.substring(needle, base, start, end, fold: fold, tables)
        case .prefix:
            guard end - start >= count, ByteSearch.matches(needle, at: start, in: base, foldASCII: fold) else { return nil }
            return TermScorer.anchored(count, base, start, at: start, tables)
        case .suffix:
            guard end - start >= count, ByteSearch.matches(needle, at: end - count, in: base, foldASCII: fold) else { return nil }
            return TermScorer.anchored(count, base, start, at: end - count, tables)
        case .whole:
            guard end - start == count, ByteSearch.matches(needle, at: start, in: base, foldASCII: fold) else { return nil }
            return TermScorer.anchored(count, base, start, at: start, tables)
        case .fuzzy:
            return TermScorer.fuzzy(needle, scalarStarts: scalarStarts, isASCII: needleIsASCII, base, start, end, fold: fold,
                                    tables, scratch)
        }
    }
}

/// A matched record's score over the whole query: the sum of its groups'
/// scores (a group of alternatives scores its best matching alternative;
/// negated terms score nothing), and the span the scored terms cover.
struct QueryScore: Equatable {
    var score: Int32
    var begin: Int
    var end: Int
}

extension MatchKernel {
    /// The score of a text this term matched, as a query of this one term.
    @inline(__always)
    func score(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool, _ tables: ScoreModel.Tables,
               _ scratch: ScoreScratch) -> QueryScore {
        guard let found = termScore(base, start, end, knownASCII: knownASCII, tables, scratch) else {
            return QueryScore(score: 0, begin: 0, end: 0)
        }
        return QueryScore(score: found.score, begin: found.begin, end: found.end)
    }
}

extension QueryKernel {
    /// The query's score for a text it matches.
    /// - Complexity: O(t · n) for t terms and n bytes (fuzzy terms O(n · m)).
    func score(_ base: UnsafeRawPointer, _ start: Int, _ end: Int, knownASCII: Bool, _ tables: ScoreModel.Tables,
               _ scratch: ScoreScratch) -> QueryScore {
        var total: Int32 = 0, begin = Int.max, last = 0
        var term = 0
        for groupEnd in groupEnds {
            var best: TermScore?
            while term < groupEnd {
                if !negated[term], let found = terms[term].termScore(base, start, end, knownASCII: knownASCII, tables, scratch),
                   found.score > best?.score ?? -1 {
                    best = found
                }
                term &+= 1
            }
            if let best {
                total &+= best.score
                begin = min(begin, best.begin)
                last = max(last, best.end)
            }
        }
        return QueryScore(score: total, begin: begin == .max ? 0 : begin, end: last)
    }
}
