/// A compiled filter query in fzf's extended syntax (see `QuerySyntax`):
/// space-separated terms that must all match, `|` between alternatives,
/// `'substring`, `^prefix`, `suffix$`, `!negation`, `\ ` for a space.
///
/// Each term has smart case: it ignores case while it has no upper-case
/// letter (lower-casing it leaves it unchanged), and respects case once it
/// has one. Ignoring case folds ASCII by table, and every other scalar by
/// its full Unicode lowercase mapping (what `Character.lowercased()` does),
/// the latter only for records that are not ASCII. With `foldsAccents`, a
/// term without accents ignores them in the text ("cafe" finds "café",
/// precomposed or with a combining accent), and a term with accents finds
/// them however they are composed.
///
/// Matching works on UTF-8 bytes, never a `String` per record. Because a
/// well-formed needle can only match well-formed text at scalar boundaries,
/// the raw bytes give the same answer as the text shown with U+FFFD for
/// ill-formed bytes; a term that itself contains U+FFFD is matched against
/// the decoded text (ill-formed bytes replaced), so it finds them.
public struct Matcher: Hashable, Sendable {
    /// The filter text, as typed.
    public let query: String
    /// How plain terms (no `'`, `^`, `$`) match.
    public let mode: MatchMode
    /// Whether terms without accents ignore the text's accents.
    public let foldsAccents: Bool
    /// Whether some term has an upper-case letter (smart case).
    public var isCaseSensitive: Bool { compiled.groups.contains { $0.contains { $0.isCaseSensitive } } }
    let compiled: CompiledQuery

    /// - Complexity: O(n) for n bytes of query.
    public init(query: String, mode: MatchMode, foldsAccents: Bool = true) {
        self.query = query
        self.mode = mode
        self.foldsAccents = foldsAccents
        let groups = QuerySyntax.parse(query, plainMode: mode).map { group in
            group.map { TermMatcher($0, foldsAccents: foldsAccents) }
        }
        compiled = CompiledQuery(groups: groups)
    }

    /// A query that finds `text` as it is, as a substring: its spaces and
    /// operator characters are not syntax.
    public static func literalQuery(_ text: String) -> String { QuerySyntax.literal(text) }

    public static func == (lhs: Matcher, rhs: Matcher) -> Bool {
        lhs.query == rhs.query && lhs.mode == rhs.mode && lhs.foldsAccents == rhs.foldsAccents
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(query)
        hasher.combine(mode)
        hasher.combine(foldsAccents)
    }

    /// Whether every text matches (the query has no term).
    public var matchesEverything: Bool { compiled.groups.isEmpty }

    /// Whether every text this matcher accepts, `other` accepts too, by
    /// looking at the two queries only: each of `other`'s groups is implied
    /// by one of this query's groups (each of whose alternatives implies one
    /// of `other`'s). For single terms: same smart-case state, and for
    /// substring `other`'s term is inside this one, for prefix it starts
    /// this one, for fuzzy its scalars are a subsequence of this one's. A
    /// filter for this query then need only re-check `other`'s matches.
    /// - Complexity: O(n · m) for the two queries' lengths (they are short);
    ///   false without looking for queries of many terms.
    public func implies(_ other: Matcher) -> Bool {
        let mine = compiled.groups, theirs = other.compiled.groups
        if theirs.isEmpty { return true }
        let termPairs = mine.reduce(0) { $0 + $1.count } * theirs.reduce(0) { $0 + $1.count }
        guard termPairs <= 4096 else { return false }
        return theirs.allSatisfy { required in
            mine.contains { group in group.allSatisfy { term in required.contains { term.implies($0) } } }
        }
    }

    /// Whether `text` (a shown text) matches.
    /// - Complexity: O(t · n) for t terms and n bytes of text (O(n · m) at
    ///   worst for substring candidates, m a term's length).
    public func matches(_ text: String) -> Bool {
        var text = text
        var scratch: [UInt8] = []
        return text.withUTF8 { bytes in
            withKernel { kernel in
                guard let base = bytes.baseAddress else {
                    // An empty text still has to meet negated terms.
                    return withUnsafeBytes(of: UInt8(0)) { kernel.matches($0.baseAddress!, 0, 0, knownASCII: true, scratch: &scratch) }
                }
                return kernel.matches(UnsafeRawPointer(base), 0, bytes.count, knownASCII: false, scratch: &scratch)
            }
        }
    }

    /// Calls `body` with the matcher's pointers for a hot loop.
    func withKernel<R>(_ body: (QueryKernel) throws -> R) rethrows -> R {
        try withExtendedLifetime(compiled) { try body(compiled.kernel) }
    }
}
