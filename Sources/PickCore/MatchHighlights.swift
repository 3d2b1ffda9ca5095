/// A shown text in the form a term compares it in (lower-cased, decomposed
/// or without accents), with where each of its bytes came from, so that
/// positions found in it name bytes of the text as shown.
struct NormalizedText {
    private(set) var bytes: [UInt8] = []
    /// For each byte of `bytes`, the range of the text's scalar it came from.
    private var origins: [Range<Int>] = []

    /// - Complexity: O(n) for n bytes of text.
    init(_ text: [UInt8], lowercase: Bool, normalization: Normalization) {
        text.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var index = 0
            while index < raw.count {
                let length = UTF8Scan.decode(base, index, raw.count).length
                let before = bytes.count
                UTF8Scan.appendNormalized(base, from: index, to: index + length, lowercase: lowercase,
                                          normalization: normalization, into: &bytes)
                origins.append(contentsOf: repeatElement(index..<(index + length), count: bytes.count - before))
                index += length
            }
        }
    }

    /// The text's bytes that `range` of the normalized bytes came from.
    func original(_ range: Range<Int>) -> Range<Int> {
        origins[range.lowerBound].lowerBound..<origins[range.upperBound - 1].upperBound
    }
}

extension TermMatcher {
    /// Where this term matches in `text` (normalized as it compares), as
    /// ranges of its bytes: the first occurrence of a substring, the
    /// anchored part of a prefix, suffix or whole text, and for fuzzy terms
    /// each character of the first alignment, drawn tight (the last
    /// character as early as it can be, the others as late as they can be
    /// before it). Empty when it does not match.
    /// - Complexity: O(n · m) for n bytes of text and m of term.
    func positions(in text: [UInt8]) -> [Range<Int>] {
        let count = needle.count, length = text.count
        guard count > 0, count <= length else { return [] }
        func isAt(_ part: ArraySlice<UInt8>, _ index: Int) -> Bool {
            index + part.count <= length && text[index..<(index + part.count)].elementsEqual(part)
        }
        switch kind {
        case .substring:
            guard let start = (0...(length - count)).first(where: { isAt(needle[...], $0) }) else { return [] }
            return [start..<(start + count)]
        case .prefix: return isAt(needle[...], 0) ? [0..<count] : []
        case .suffix: return isAt(needle[...], length - count) ? [(length - count)..<length] : []
        case .whole: return count == length && isAt(needle[...], 0) ? [0..<length] : []
        case .fuzzy:
            let scalars = (0..<(scalarStarts.count - 1)).map { needle[scalarStarts[$0]..<scalarStarts[$0 + 1]] }
            // Forward: where the first alignment ends.
            var at = 0
            var lastStart = 0
            for scalar in scalars {
                guard let found = (at..<length).first(where: { isAt(scalar, $0) }) else { return [] }
                lastStart = found
                at = found + scalar.count
            }
            // Backward from there: each earlier character as late as it can be.
            var ranges = [lastStart..<(lastStart + scalars[scalars.count - 1].count)]
            var limit = lastStart
            for scalar in scalars.dropLast().reversed() {
                guard let found = (0..<limit).reversed().first(where: { $0 + scalar.count <= limit && isAt(scalar, $0) })
                else { return [] }
                ranges.append(found..<(found + scalar.count))
                limit = found
            }
            return ranges.reversed()
        }
    }
}

extension Matcher {
    /// The highlights in a whole record's text when only `fields` of it were
    /// matched (`--nth`): the query's matches inside each of those fields,
    /// at their places in the text; nothing outside them. (A fuzzy term that
    /// matched across two fields is not highlighted.)
    public func highlights(in text: String, fields: FieldSelector, delimiter: String?) -> [Range<Int>] {
        let bytes = Array(text.utf8.prefix(Self.highlightedPrefix))
        var extractor = FieldExtractor(selector: fields, delimiter: delimiter)
        let ranges = bytes.withUnsafeBytes { buffer in
            buffer.baseAddress.map { extractor.selectedRanges($0, from: 0, to: buffer.count) } ?? []
        }
        return ranges.flatMap { field in
            highlights(in: String(decoding: bytes[field], as: UTF8.self)).map { ($0.lowerBound + field.lowerBound)..<($0.upperBound + field.lowerBound) }
        }
    }

    /// How much of a text `highlights(in:)` looks at, in bytes.
    public static let highlightedPrefix = 4096

    /// The bytes of `text` (a shown text, UTF-8 offsets) that the query's
    /// terms matched, for highlighting: every term that is not negated and
    /// matches contributes its positions (see each kind's rule), mapped back
    /// through case and accent folding to the characters as shown. Meant for
    /// the rows being drawn, not for every record. The ranges are in order,
    /// apart (touching ones joined), inside the first `highlightedPrefix`
    /// bytes (no row shows more).
    /// - Complexity: O(t · n · m) for t terms, n bytes of text, m of a term.
    public func highlights(in text: String) -> [Range<Int>] {
        // A row shows the start of a long text only; looking further could
        // cost seconds (a long term against a megabyte of near-misses).
        let bytes = Array(text.utf8.prefix(Self.highlightedPrefix))
        var forms: [String: NormalizedText] = [:]
        var ranges: [Range<Int>] = []
        for term in compiled.groups.joined() where !term.isNegated {
            let key = "\(term.isCaseSensitive) \(term.normalization)"
            let form = forms[key] ?? NormalizedText(bytes, lowercase: !term.isCaseSensitive, normalization: term.normalization)
            forms[key] = form
            ranges += term.positions(in: form.bytes).map(form.original)
        }
        // In order and apart: a decomposed character's parts map to the same bytes.
        var joined: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        return joined
    }
}
