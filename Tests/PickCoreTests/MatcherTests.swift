import Foundation
import SweepTestSupport
import Testing
@testable import PickCore

/// An independent model of matching: the query split into words by hand,
/// each word's operators read off, and each word matched on arrays of
/// Unicode scalars (lower case by each scalar's full mapping when the word
/// has no capital; decomposed by Foundation, accents dropped when the word
/// has none).
func modelMatches(_ text: String, _ query: String, _ mode: MatchMode, foldsAccents: Bool = true) -> Bool {
    // Words split at blanks, scalar by scalar; a backslash keeps the blank after it.
    var words: [String] = [], word = String.UnicodeScalarView()
    let scalars = Array(query.unicodeScalars)
    var index = 0
    while index < scalars.count {
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        if scalars[index] == "\\", index + 1 < scalars.count, blank(scalars[index + 1]) {
            word.append(scalars[index + 1])
            index += 2
            continue
        }
        if blank(scalars[index]) {
            if !word.isEmpty { words.append(String(word)) }
            word = String.UnicodeScalarView()
        } else {
            word.append(scalars[index])
        }
        index += 1
    }
    if !word.isEmpty { words.append(String(word)) }
    var groups: [[(text: String, kind: TermKind, negated: Bool)]] = []
    var orNext = false
    for word in words {
        if word == "|" { orNext = !groups.isEmpty; continue }
        // Operators are scalars (a combining mark after one is not part of it).
        var scalars = Array(word.unicodeScalars), negated = false, quoted = false, start = false, end = false
        if scalars.first == "!" { negated = true; scalars.removeFirst() }
        if scalars.first == "'" { quoted = true; scalars.removeFirst() }
        if !quoted && scalars.first == "^" { start = true; scalars.removeFirst() }
        if scalars.suffix(2) == ["\\", "$"] { scalars.removeLast(2); scalars.append("$") } else if scalars.last == "$" { end = true; scalars.removeLast() }
        if scalars.isEmpty { continue }
        let body = String(String.UnicodeScalarView(scalars))
        let kind: TermKind = start && end ? .whole : start ? .prefix : end ? .suffix
            : (quoted || negated) ? .substring : TermKind(mode)
        if orNext { groups[groups.count - 1].append((body, kind, negated)) } else { groups.append([(body, kind, negated)]) }
        orNext = false
    }
    return groups.allSatisfy { group in
        group.contains { modelTermMatches(text, $0.text, $0.kind, foldsAccents: foldsAccents) != $0.negated }
    }
}

let modelAccents: Set<UInt32> = Set(Array(0x0300...0x036F) + Array(0x1AB0...0x1AFF) + Array(0x1DC0...0x1DFF)
                                    + Array(0x20D0...0x20FF) + Array(0xFE20...0xFE2F))

func modelTermMatches(_ text: String, _ term: String, _ kind: TermKind, foldsAccents: Bool) -> Bool {
    func lower(_ string: String) -> String {
        String(String.UnicodeScalarView(string.unicodeScalars.flatMap { $0.properties.lowercaseMapping.unicodeScalars }))
    }
    let caseSensitive = lower(term) != term
    var needleText = caseSensitive ? term : lower(term)
    var haystackText = caseSensitive ? text : lower(text)
    var dropAccents = false
    if foldsAccents {
        dropAccents = !term.decomposedStringWithCanonicalMapping.unicodeScalars.contains { modelAccents.contains($0.value) }
        needleText = needleText.decomposedStringWithCanonicalMapping
        haystackText = haystackText.decomposedStringWithCanonicalMapping
    }
    let needle = Array(needleText.unicodeScalars.filter { !dropAccents || !modelAccents.contains($0.value) })
    let haystack = Array(haystackText.unicodeScalars.filter { !dropAccents || !modelAccents.contains($0.value) })
    if needle.isEmpty { return true }
    switch kind {
    case .substring:
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    case .prefix: return haystack.starts(with: needle)
    case .suffix: return haystack.reversed().starts(with: needle.reversed())
    case .whole: return haystack == needle
    case .fuzzy:
        var index = 0
        for scalar in haystack where index < needle.count && scalar == needle[index] { index += 1 }
        return index == needle.count
    }
}

@Suite struct MatcherTests {
    @Test func substring() {
        let matcher = Matcher(query: "bar", mode: .substring)
        #expect(matcher.matches("foobarbaz"))
        #expect(matcher.matches("BAR"))
        #expect(!matcher.matches("ba r"))
        #expect(!matcher.matches("ba"))
    }

    @Test func prefix() {
        let matcher = Matcher(query: "foo", mode: .prefix)
        #expect(matcher.matches("foobar"))
        #expect(matcher.matches("Foo"))
        #expect(!matcher.matches("a foo"))
    }

    @Test func exactIsTheWholeText() {
        let matcher = Matcher(query: "foo", mode: .exact)
        #expect(matcher.matches("foo"))
        #expect(matcher.matches("FOO"))
        #expect(!matcher.matches("foo "))
        #expect(!matcher.matches("fo"))
    }

    @Test func fuzzyIsTheCharactersInOrder() {
        let matcher = Matcher(query: "fbz", mode: .fuzzy)
        #expect(matcher.matches("foo bar baz"))
        #expect(matcher.matches("FBZ"))
        #expect(!matcher.matches("zbf"))
        #expect(!matcher.matches("fb"))
        #expect(Matcher(query: "éz", mode: .fuzzy).matches("Éa z"))
        #expect(!Matcher(query: "éé", mode: .fuzzy).matches("é"))
    }

    @Test func smartCase() {
        #expect(!Matcher(query: "abc", mode: .substring).isCaseSensitive)
        #expect(Matcher(query: "aBc", mode: .substring).isCaseSensitive)
        #expect(Matcher(query: "abc", mode: .substring).matches("xABCx"))
        #expect(!Matcher(query: "Abc", mode: .substring).matches("xabcx"))
        #expect(Matcher(query: "Abc", mode: .substring).matches("xAbcx"))
        #expect(!Matcher(query: "123 -", mode: .substring).isCaseSensitive)
    }

    @Test func unicodeCaseFolding() {
        #expect(Matcher(query: "é", mode: .substring).matches("CAFÉ"))
        #expect(!Matcher(query: "É", mode: .substring).matches("café"))
        #expect(Matcher(query: "straße", mode: .substring).matches("STRAßE"))
        // The Kelvin sign lower-cases to an ASCII k.
        #expect(Matcher(query: "k", mode: .substring).matches("5 \u{212A}"))
        #expect(Matcher(query: "σ", mode: .exact).matches("Σ"))
        #expect(Matcher(query: "日本", mode: .prefix).matches("日本語"))
    }

    @Test func emptyQueryMatchesEverything() {
        for mode in MatchMode.allCases {
            #expect(Matcher(query: "", mode: mode).matches(""))
            #expect(Matcher(query: "", mode: mode).matchesEverything)
        }
    }

    @Test func queriesFindTheirTextInLongRecords() {
        // Past the eight-byte word loop and into its tail, at every offset.
        for length in [1, 2, 3, 7, 8, 9, 16, 17] {
            let needle = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            for offset in 0..<40 {
                let text = String(repeating: "-", count: offset) + needle.uppercased() + String(repeating: "-", count: 40 - offset)
                #expect(Matcher(query: needle, mode: .substring).matches(text))
                #expect(!Matcher(query: needle + "!", mode: .substring).matches(text))
                #expect(Matcher(query: needle, mode: .fuzzy).matches(text))
            }
        }
    }

    @Test func aReplacementCharacterInTheQueryFindsIllFormedBytes() {
        let store = makeStore([0x61, 0xFF, 0x62, 0x0A])
        let pass = FilterPass(store: store, query: "a\u{FFFD}b", mode: .substring)
        pass.run(budget: .max)
        #expect(Array(pass.result) == [0])
    }

    /// Property: the byte-level matcher agrees with the scalar model on
    /// the shown texts, for every mode.
    @Test(arguments: MatchMode.allCases)
    func agreesWithTheModel(mode: MatchMode) {
        var random = SplitMix64(seed: 7 + mode.hashValue & 0xFF)
        for _ in 0..<3000 {
            let text = String(decoding: randomRecord(&random).filter { $0 != 0x0A && $0 != 0 && $0 != 0x0D }, as: UTF8.self)
            let query: String
            if random.below(3) == 0, !text.isEmpty {
                // A piece of the text, case changed sometimes.
                let scalars = Array(text.unicodeScalars)
                let start = random.below(scalars.count), end = min(scalars.count, start + 1 + random.below(4))
                let piece = String(String.UnicodeScalarView(scalars[start..<end]))
                query = random.below(2) == 0 ? piece.lowercased() : piece
            } else {
                query = randomQuery(&random)
            }
            let matcher = Matcher(query: query, mode: mode)
            #expect(matcher.matches(text) == modelMatches(text, query, mode), "\(mode) \(query.debugDescription) in \(text.debugDescription)")
        }
    }

    @Test func impliesWhenTheNewQueryOnlyNarrows() {
        func implies(_ new: String, _ old: String, _ mode: MatchMode) -> Bool {
            Matcher(query: new, mode: mode).implies(Matcher(query: old, mode: mode))
        }
        #expect(implies("abc", "ab", .substring))
        #expect(implies("xabc", "ab", .substring))
        #expect(!implies("ab", "abc", .substring))
        #expect(implies("abc", "ab", .prefix))
        #expect(!implies("xab", "ab", .prefix))
        #expect(implies("abc", "abc", .exact))
        #expect(!implies("abcd", "abc", .exact))
        #expect(implies("axbyc", "abc", .fuzzy))
        #expect(!implies("acb", "abc", .fuzzy))
        #expect(implies("anything", "", .fuzzy))
        // Smart case changed: not incremental.
        #expect(!implies("abC", "ab", .substring))
        // Plain terms of another mode: implied only where the kinds agree.
        #expect(Matcher(query: "abc", mode: .prefix).implies(Matcher(query: "ab", mode: .substring)))
        #expect(!Matcher(query: "abc", mode: .fuzzy).implies(Matcher(query: "ab", mode: .substring)))
    }
}
