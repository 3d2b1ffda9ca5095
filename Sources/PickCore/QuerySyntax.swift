/// How one term of a query matches a text.
enum TermKind: Hashable, Sendable {
    /// The term's characters in order, not necessarily adjacent.
    case fuzzy
    /// The term anywhere.
    case substring
    /// The text starts with the term.
    case prefix
    /// The text ends with the term.
    case suffix
    /// The text is the term, whole.
    case whole

    init(_ mode: MatchMode) {
        switch mode {
        case .substring: self = .substring
        case .prefix: self = .prefix
        case .exact: self = .whole
        case .fuzzy: self = .fuzzy
        }
    }
}

/// One term of a query as typed: its text without the operators.
struct QueryTerm: Hashable, Sendable {
    var text: String
    var kind: TermKind
    /// `!term`: the text must not match.
    var isNegated: Bool
}

/// fzf's extended search syntax: terms separated by spaces must all match;
/// a lone `|` between terms makes them alternatives; `'` makes a term a
/// substring, `^` anchors it at the start, `$` at the end, `!` negates it
/// (`!^foo`); a backslash before a space makes the space part of the term,
/// and `\$` at a term's end is a dollar sign.
/// Plain terms match as `plainMode` says; negated plain terms as
/// substrings (as fzf: "not fuzzily similar" would hide almost everything).
enum QuerySyntax {
    /// The query as groups that must all match, each a list of
    /// alternatives. Terms left empty by their operators (a lone `!`, `^`,
    /// `$`, `'`) and stray `|`s are dropped; repeated groups are kept once.
    /// - Complexity: O(n) for n characters (plus O(g²) for g groups when removing repeats).
    static func parse(_ query: String, plainMode: MatchMode) -> [[QueryTerm]] {
        var groups: [[QueryTerm]] = []
        var joinsPrevious = false
        for token in tokens(query) {
            if token == "|" {
                joinsPrevious = !groups.isEmpty
                continue
            }
            guard let term = term(token, plainMode: plainMode) else { continue }
            if joinsPrevious {
                if !groups[groups.count - 1].contains(term) { groups[groups.count - 1].append(term) }
            } else {
                groups.append([term])
            }
            joinsPrevious = false
        }
        // A 10,000-character query of repeated words compiles to a few terms.
        var unique: [[QueryTerm]] = []
        var seen = Set<[QueryTerm]>()
        for group in groups where seen.insert(group).inserted { unique.append(group) }
        return unique
    }

    /// The query split at spaces and tabs that are not escaped (`\ ` is a
    /// space inside a term; other backslashes stay as typed).
    static func tokens(_ query: String) -> [String] {
        var tokens: [String] = []
        var current = String.UnicodeScalarView()
        var escaping = false
        // Scalars, not characters: a space stays a separator even with a combining mark after it.
        for character in query.unicodeScalars {
            if escaping {
                if character != " " && character != "\t" { current.append("\\") }
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == " " || character == "\t" {
                if !current.isEmpty { tokens.append(String(current)) }
                current = String.UnicodeScalarView()
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        if !current.isEmpty { tokens.append(String(current)) }
        return tokens
    }

    /// One token's operators; nil when nothing is left to match. Operators
    /// are scalars, not characters: `'` before a combining mark is still a
    /// quote (as `Character` it would be one with the mark).
    static func term(_ token: String, plainMode: MatchMode) -> QueryTerm? {
        var text = Substring(token).unicodeScalars
        let negated = text.first == "!"
        if negated { text = text.dropFirst() }
        let quoted = text.first == "'"
        if quoted { text = text.dropFirst() }
        let anchoredStart = !quoted && text.first == "^"
        if anchoredStart { text = text.dropFirst() }
        // `\$` at the end is a dollar sign, not an anchor.
        let escapedDollar = text.count >= 2 && text.last == "$" && text.dropLast().last == "\\"
        var dollar = false
        if escapedDollar {
            text = text.dropLast(2)
            dollar = true
        }
        let anchoredEnd = !escapedDollar && text.last == "$"
        if anchoredEnd { text = text.dropLast() }
        var termText = String(text)
        if dollar { termText += "$" }
        guard !termText.isEmpty else { return nil }
        let kind: TermKind
        switch (anchoredStart, anchoredEnd) {
        case (true, true): kind = .whole
        case (true, false): kind = .prefix
        case (false, true): kind = .suffix
        case (false, false): kind = quoted || negated ? .substring : TermKind(plainMode)
        }
        return QueryTerm(text: termText, kind: kind, isNegated: negated)
    }

    /// A query that finds `text` as a substring whatever operators it holds
    /// (blanks escaped, a `'` first, a trailing `$` escaped).
    static func literal(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\t" { escaped.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        if escaped.hasSuffix("$") { escaped.insert("\\", at: escaped.index(before: escaped.endIndex)) }
        return "'" + escaped
    }
}
