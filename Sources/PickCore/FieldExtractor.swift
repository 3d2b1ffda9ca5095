/// Cuts a record's text into fields and joins the selected ones, as fzf's
/// `Tokenize` + `Transform` + `JoinTokens` do:
///
/// - Default delimiter (`nil` or empty): AWK style, a field is a run of
///   non-blanks with the blanks (space, tab, newline) that follow it;
///   blanks before the first field belong to none.
/// - A literal delimiter string: a field is the text up to and including
///   the next delimiter (Go's `strings.SplitAfter`), so "a,b," has the
///   fields "a,", "b," and "". fzf's `--delimiter` is a regular expression;
///   ours is a literal string (fzf itself treats a one-character delimiter
///   literally).
///
/// Each field keeps what follows it, so the selected fields joined are the
/// original text between them: "foo  bar  baz" with `2,2` gives "bar  bar".
/// Then shown text drops its trailing white space (fzf's
/// `TrimTrailingWhitespaces`) and printed text its last delimiter (fzf's
/// `StripLastDelimiter`: the literal delimiter once, or trailing white
/// space by default): with `-d,` and `2,2,1,3,1`, "foo  ,bar,baz" prints
/// "bar,bar,foo  ,bazfoo  ", as fzf does.
struct FieldExtractor {
    let selector: FieldSelector
    /// The literal delimiter's bytes; nil for AWK-style fields.
    let delimiter: [UInt8]?
    /// Field bounds from the last `tokenize`: start and end, alternating.
    private var tokens: [Int] = []

    init(selector: FieldSelector, delimiter: String?) {
        self.selector = selector
        if let delimiter, !delimiter.isEmpty { self.delimiter = Array(delimiter.utf8) } else { self.delimiter = nil }
    }

    /// Appends the selected fields of `start..<end` to `output`, joined as
    /// fzf joins them (nothing trimmed yet).
    /// - Complexity: O(n + output) for n bytes of text.
    mutating func appendFields(_ base: UnsafeRawPointer, from start: Int, to end: Int, into output: inout [UInt8]) {
        tokenize(base, from: start, to: end)
        let count = tokens.count / 2
        selector.forEachField(fieldCount: count) { field in
            let from = tokens[2 * field - 2], to = tokens[2 * field - 1]
            output.append(contentsOf: UnsafeRawBufferPointer(start: base + from, count: to - from))
        }
    }

    /// The byte ranges of `start..<end` the selector picks, in order, each once.
    mutating func selectedRanges(_ base: UnsafeRawPointer, from start: Int, to end: Int) -> [Range<Int>] {
        tokenize(base, from: start, to: end)
        var picked = Set<Int>()
        selector.forEachField(fieldCount: tokens.count / 2) { picked.insert($0) }
        return picked.sorted().map { tokens[2 * $0 - 2]..<tokens[2 * $0 - 1] }
    }

    /// The end of `output` without its trailing white space: shown text.
    static func shownEnd(_ output: UnsafeRawBufferPointer) -> Int {
        guard let base = output.baseAddress else { return 0 }
        return UTF8Scan.endTrimmingWhitespace(base, from: 0, to: output.count)
    }

    /// The end of `output` without its last delimiter: printed text.
    func acceptedEnd(_ output: UnsafeRawBufferPointer) -> Int {
        guard let base = output.baseAddress else { return 0 }
        guard let delimiter else { return UTF8Scan.endTrimmingWhitespace(base, from: 0, to: output.count) }
        guard output.count >= delimiter.count else { return output.count }
        let start = output.count - delimiter.count
        for offset in 0..<delimiter.count where output[start + offset] != delimiter[offset] { return output.count }
        return start
    }

    private mutating func tokenize(_ base: UnsafeRawPointer, from start: Int, to end: Int) {
        tokens.removeAll(keepingCapacity: true)
        if let delimiter {
            delimiter.withUnsafeBufferPointer { needle in
                var fieldStart = start, index = start
                while let found = ByteSearch.firstMatch(needle, in: base, from: index, to: end, foldASCII: false) {
                    let fieldEnd = found + needle.count
                    tokens.append(fieldStart)
                    tokens.append(fieldEnd)
                    fieldStart = fieldEnd
                    index = fieldEnd
                }
                tokens.append(fieldStart)
                tokens.append(end)
            }
            return
        }
        // AWK style, as fzf's awkTokenizer: blanks are space, tab and newline.
        @inline(__always) func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
        var index = start
        while index < end {
            while index < end && isBlank(base.load(fromByteOffset: index, as: UInt8.self)) { index += 1 }
            guard index < end else { break }
            let fieldStart = index
            while index < end && !isBlank(base.load(fromByteOffset: index, as: UInt8.self)) { index += 1 }
            while index < end && isBlank(base.load(fromByteOffset: index, as: UInt8.self)) { index += 1 }
            tokens.append(fieldStart)
            tokens.append(index)
        }
    }
}
