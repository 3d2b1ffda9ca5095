import SweepTestSupport
import Testing
@testable import PickCore

/// The highlighted parts of `text` as strings.
private func marked(_ query: String, _ text: String, _ mode: MatchMode = .substring) -> [String] {
    let bytes = Array(text.utf8)
    return Matcher(query: query, mode: mode).highlights(in: text).map { String(decoding: bytes[$0], as: UTF8.self) }
}

@Suite struct HighlightTests {
    /// --nth 2: only the matches inside the second field are marked, where it is in the whole text.
    @Test func onlyTheMatchedFieldsAreMarked() throws {
        let fields = try FieldSelector(parsing: "2")
        let matcher = Matcher(query: "ba", mode: .substring)
        // "ba" is in the first field too, but only field 2 ("bar baz"'s "bar ") was matched.
        #expect(matcher.highlights(in: "bay bar baz", fields: fields, delimiter: nil) == [4..<6])
        #expect(Matcher(query: "x", mode: .substring).highlights(in: "x:y:x", fields: fields, delimiter: ":") == [])
        let both = try FieldSelector(parsing: "1,3")
        #expect(Matcher(query: "x", mode: .substring).highlights(in: "x:y:x", fields: both, delimiter: ":") == [0..<1, 4..<5])
    }

    @Test func substringPrefixSuffixAndWholeMarkTheirPart() {
        #expect(Matcher(query: "bar", mode: .substring).highlights(in: "foobarbar") == [3..<6])
        #expect(marked("^foo", "FOO foo") == ["FOO"])
        #expect(Matcher(query: "foo$", mode: .substring).highlights(in: "foo foo") == [4..<7])
        #expect(marked("^foo$", "FOO") == ["FOO"])
        #expect(marked("'ar", "bar", .fuzzy) == ["ar"])
    }

    @Test func fuzzyMarksEachCharacterOfATightAlignment() {
        #expect(Matcher(query: "fbz", mode: .fuzzy).highlights(in: "foo bar baz") == [0..<1, 8..<9, 10..<11])
        // The first alignment's end, then as late as possible: "ab" in "a xab" is the last two.
        #expect(Matcher(query: "ab", mode: .fuzzy).highlights(in: "a xab") == [3..<5])
        #expect(marked("éz", "Éa z", .fuzzy) == ["É", "z"])
    }

    @Test func everyTermThatMatchesIsMarkedButNegatedOnesAreNot() {
        #expect(marked("bar foo", "foo bar") == ["foo", "bar"])
        #expect(marked("!baz foo", "foo bar") == ["foo"])
        #expect(marked("x | bar", "foo bar") == ["bar"])
        #expect(marked("", "foo").isEmpty)
        #expect(marked("zzz", "foo").isEmpty)
    }

    @Test func foldedCharactersMapBackToTheTextAsShown() {
        // É is two bytes, the combining accent two more: the marks cover them.
        #expect(marked("cafe", "CAFÉ!") == ["CAFÉ"])
        #expect(marked("cafe", "a cafe\u{301}") == ["cafe"])
        #expect(marked("ecole$", "l'École") == ["École"])
        #expect(marked("k", "5 \u{212A}") == ["\u{212A}"])
        #expect(marked("ss", "STRASSE straße") == ["SS"])
    }

    @Test func aLongTextIsMarkedInItsVisibleStartOnly() {
        let clock = ContinuousClock()
        let text = String(repeating: "a", count: 1_000_000)
        let term = String(repeating: "a", count: 5000) + "b"
        var marks: [Range<Int>] = []
        let elapsed = clock.measure { marks = Matcher(query: term + " a", mode: .substring).highlights(in: text) }
        #expect(marks == [0..<1])
        #expect(elapsed < .seconds(2))
        #expect(Matcher(query: "b", mode: .substring).highlights(in: String(repeating: "a", count: 5000) + "b").isEmpty)
    }

    /// Property: marks lie inside the text on character boundaries, apart
    /// from nothing else; a query of plain terms only that matches marks
    /// something; a single substring term marks text that matches it whole.
    @Test func marksAreWellFormedAndAgreeWithMatching() {
        var random = SplitMix64(seed: 4242)
        for _ in 0..<3000 {
            let text = String(decoding: randomRecord(&random).filter { $0 != 0x0A && $0 != 0 && $0 != 0x0D }, as: UTF8.self)
            let query = randomQuery(&random)
            let mode = MatchMode.allCases[random.below(4)]
            let matcher = Matcher(query: query, mode: mode)
            let marks = matcher.highlights(in: text)
            let bytes = Array(text.utf8)
            for mark in marks {
                #expect(mark.lowerBound >= 0 && mark.lowerBound < mark.upperBound && mark.upperBound <= bytes.count)
                let piece = Array(String(decoding: bytes[mark], as: UTF8.self).utf8)
                #expect(piece == Array(bytes[mark]), "a mark splits a character: \(query.debugDescription) in \(text.debugDescription)")
            }
            let plain = matcher.compiled.groups.allSatisfy { $0.allSatisfy { !$0.isNegated } }
            if plain && !matcher.matchesEverything && matcher.matches(text) {
                #expect(!marks.isEmpty, "\(mode) \(query.debugDescription) in \(text.debugDescription)")
            }
            if matcher.compiled.groups.count == 1, matcher.compiled.groups[0].count == 1,
               let term = matcher.compiled.groups.first?.first, term.kind == .substring, !term.isNegated, let mark = marks.first {
                let piece = String(decoding: bytes[mark], as: UTF8.self)
                #expect(matcher.matches(piece), "\(query.debugDescription) marks \(piece.debugDescription) in \(text.debugDescription)")
            }
        }
    }
}
