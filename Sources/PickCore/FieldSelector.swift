/// Which fields of a record to show (`--with-nth`) or print
/// (`--accept-nth`), in fzf's syntax: comma-separated parts, each a field
/// index `N`, an open range `N..` or `..M`, a closed range `N..M`, or `..`
/// (every field). Fields count from 1; a negative index counts from the end
/// (-1 is the last field). fzf's templates (`{1} {3}`) are not supported.
///
/// How fields are cut and joined is fzf's too:
///
/// - The default delimiter (nil or ""): AWK style, a field is a run of
///   non-blanks with the blanks (space, tab, newline) after it.
/// - A literal delimiter string: a field is the text up to and including
///   the next delimiter ("a,b," has the fields "a,", "b," and ""). fzf's
///   `--delimiter` is a regular expression; ours is a literal string.
/// - Selected fields are concatenated as they are, each with what follows
///   it: "foo  bar  baz" with `2,2` is "bar  bar  ". The shown text then
///   drops trailing white space ("bar  bar"; with `-d:` and `2`,
///   "ID:John:Dev" shows "John:", as in fzf); printed text (`--accept-nth`)
///   drops the last delimiter instead, or trailing white space by default
///   (`-d,` with `2,2,1,3,1` prints "bar,bar,foo  ,bazfoo  " for
///   "foo  ,bar,baz", as fzf does).
public struct FieldSelector: Hashable, Sendable, CustomStringConvertible {
    /// One part of the expression: `lower...upper` with nil for an open end.
    public struct Part: Hashable, Sendable {
        /// The first field (1-based; negative counts from the end), nil for the first.
        public var lower: Int?
        /// The last field (1-based; negative counts from the end), nil for the last.
        public var upper: Int?

        /// - Complexity: O(1).
        public init(lower: Int?, upper: Int?) {
            self.lower = lower
            self.upper = upper
        }
    }

    /// The comma-separated parts, in order (a field may be selected twice).
    public let parts: [Part]

    /// A selector from parts already parsed. - Complexity: O(1).
    public init(parts: [Part]) { self.parts = parts }

    /// Parses fzf's expression, with fzf's rules: only digits, `-`, `.` and
    /// `,`; no index is 0; a range may not go from a negative to a positive
    /// index (`-2..3`).
    /// - Throws: `PickError.invalidFieldExpression` naming the bad part.
    /// - Complexity: O(n) for n characters.
    public init(parsing expression: String) throws(PickError) {
        var parts: [Part] = []
        for token in expression.split(separator: ",", omittingEmptySubsequences: false) {
            guard let part = Self.parsePart(String(token)) else {
                throw .invalidFieldExpression(token: String(token), expression: expression)
            }
            parts.append(part)
        }
        self.parts = parts
    }

    /// fzf's `ParseRange` on one comma-separated part.
    private static func parsePart(_ token: String) -> Part? {
        guard token.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || ($0 >= 0x30 && $0 <= 0x39) })
        else { return nil }
        func index(_ text: Substring) -> Int? {
            guard let value = Int(text), value != 0 else { return nil }
            return value
        }
        if token == ".." { return Part(lower: nil, upper: nil) }
        if token.hasPrefix("..") {
            guard let upper = index(token.dropFirst(2)) else { return nil }
            return Part(lower: nil, upper: upper)
        }
        if token.hasSuffix("..") {
            guard let lower = index(token.dropLast(2)) else { return nil }
            return Part(lower: lower, upper: nil)
        }
        if token.contains("..") {
            let ends = token.split(separator: "..", omittingEmptySubsequences: false)
            guard ends.count == 2, let lower = index(ends[0]), let upper = index(ends[1]),
                  !(lower < 0 && upper > 0) else { return nil }
            return Part(lower: lower, upper: upper)
        }
        guard let single = index(Substring(token)) else { return nil }
        return Part(lower: single, upper: single)
    }

    /// The expression, in fzf's syntax.
    public var description: String {
        parts.map { part in
            switch (part.lower, part.upper) {
            case (nil, nil): return ".."
            case let (lower?, upper?) where lower == upper: return "\(lower)"
            case let (lower, upper): return "\(lower.map(String.init) ?? "")..\(upper.map(String.init) ?? "")"
            }
        }.joined(separator: ",")
    }

    /// Calls `body` with each selected 1-based field number, in order, for a
    /// record of `fieldCount` fields (fields that do not exist are skipped;
    /// a field may come more than once).
    /// - Complexity: O(selected fields).
    @inline(__always)
    func forEachField(fieldCount count: Int, _ body: (Int) -> Void) {
        for part in parts {
            var lower = part.lower ?? 1, upper = part.upper ?? count
            if lower < 0 { lower += count + 1 }
            if upper < 0 { upper += count + 1 }
            lower = max(lower, 1)
            upper = min(upper, count)
            if lower <= upper { for field in lower...upper { body(field) } }
        }
    }
}
