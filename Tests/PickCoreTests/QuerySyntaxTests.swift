import SweepTestSupport
import Testing
@testable import PickCore

private func matches(_ query: String, _ text: String, _ mode: MatchMode = .substring, foldsAccents: Bool = true) -> Bool {
    Matcher(query: query, mode: mode, foldsAccents: foldsAccents).matches(text)
}

@Suite struct QuerySyntaxTests {
    @Test func spaceSeparatedTermsMustAllMatch() {
        #expect(matches("foo bar", "bar then foo"))
        #expect(!matches("foo bar", "foo alone"))
        #expect(matches("  foo   bar ", "foobar"))
    }

    @Test func operatorsAnchorQuoteAndNegate() {
        #expect(matches("^foo", "foobar") && !matches("^foo", "a foo"))
        #expect(matches("bar$", "foobar") && !matches("bar$", "bar foo"))
        #expect(matches("^foo$", "FOO") && !matches("^foo$", "foo "))
        #expect(matches("!foo", "bar") && !matches("!foo", "a foo"))
        #expect(matches("!^foo", "a foo") && !matches("!^foo", "foo a"))
        #expect(matches("!bar$", "bar foo") && !matches("!bar$", "foo bar"))
        // A quote makes a fuzzy-mode term a substring.
        #expect(matches("fbz", "foo bar baz", .fuzzy))
        #expect(!matches("'fbz", "foo bar baz", .fuzzy))
        #expect(matches("'bar", "foo bar baz", .fuzzy))
        // Negated plain terms are substrings, even in fuzzy mode.
        #expect(matches("!fbz", "foo bar baz", .fuzzy))
        // Anchors override --match prefix or exact for their term.
        #expect(matches("bar$", "foobar", .prefix))
        #expect(matches("foo 'bar", "foo bar baz", .prefix))
    }

    @Test func barMakesAlternatives() {
        #expect(matches("foo | bar", "bar"))
        #expect(matches("foo | bar", "foo"))
        #expect(!matches("foo | bar", "baz"))
        #expect(matches("^a | b$ x", "ax") && matches("^a | b$ x", "xb"))
        #expect(!matches("^a | b$ x", "ab"))
        // Glued to a word, | is a character.
        #expect(matches("a|b", "a|b") && !matches("a|b", "a"))
    }

    @Test func anEscapedSpaceIsPartOfTheTerm() {
        #expect(matches("foo\\ bar", "foo bar"))
        #expect(!matches("foo\\ bar", "bar foo"))
        #expect(matches("^foo\\ b", "foo bar"))
        #expect(matches("a\\$", "cost a$ 5") && !matches("a\\$", "a"))
    }

    @Test func loneOperatorsMatchEverything() {
        for query in ["!", "^", "$", "'", "|", "!^", "^$", "'$", "| |", "!'"] {
            #expect(Matcher(query: query, mode: .fuzzy).matchesEverything, "\(query)")
        }
        #expect(matches("a |", "a") && !matches("a |", "b"))
        #expect(matches("| a", "a") && !matches("| a", "b"))
        #expect(matches("a | | b", "b"))
        #expect(matches("! a", "a"))
    }

    @Test func accentsAreIgnoredByTermsWithoutAny() {
        #expect(matches("cafe", "café"))
        #expect(matches("cafe", "cafe\u{301}"))
        #expect(matches("Ecole", "École"))
        #expect(matches("Ecole", "E\u{301}cole"))
        #expect(matches("ecole$", "l'ÉCOLE"))
        #expect(matches("^ecole$", "École", .fuzzy))
        #expect(matches("nino", "niño", .fuzzy))
        #expect(!matches("!cafe", "café"))
        // A term with an accent wants it, written either way.
        #expect(matches("café", "cafe\u{301}"))
        #expect(matches("cafe\u{301}", "café"))
        #expect(!matches("café", "cafe"))
        // --literal: accents as typed.
        #expect(!matches("cafe", "café", foldsAccents: false))
        #expect(matches("café", "CAFÉ", foldsAccents: false))
    }

    @Test func smartCaseIsPerTerm() {
        #expect(matches("Foo bar", "Foo BAR"))
        #expect(!matches("Foo bar", "foo bar"))
        #expect(Matcher(query: "a B", mode: .substring).isCaseSensitive)
    }

    @Test func aLongQueryIsQuickAndSane() {
        let clock = ContinuousClock()
        let long = String(repeating: "ab ", count: 3334)
        let elapsed = clock.measure {
            let matcher = Matcher(query: long, mode: .fuzzy)
            #expect(matcher.matches("xab"))
            #expect(!matcher.matches("xa"))
            #expect(Matcher(query: long + "c", mode: .fuzzy).implies(matcher))
            let varied = (0..<2000).map { "w\($0)" }.joined(separator: " ")
            #expect(!Matcher(query: varied, mode: .substring).matches("w1 w2"))
            #expect(!Matcher(query: varied + " x", mode: .substring).implies(Matcher(query: varied, mode: .substring)))
            let oneTerm = String(repeating: "z", count: 10_000)
            #expect(!Matcher(query: oneTerm, mode: .substring).matches("zzz"))
            #expect(Matcher(query: oneTerm, mode: .prefix).matches(oneTerm + "!"))
        }
        #expect(elapsed < .seconds(2))
    }

    @Test func invalidUTF8InTheQueryFindsIllFormedBytes() {
        let query = String(decoding: [0x61, 0xFF, 0x20, 0xC3], as: UTF8.self)
        let store = makeStore([0x61, 0xFE, 0x62, 0xC3, 0x0A, 0x61, 0x62, 0x0A])
        let pass = FilterPass(store: store, query: query, mode: .substring)
        pass.run(budget: .max)
        #expect(Array(pass.result) == [0])
    }

    @Test func literalQueriesFindTheirTextAsItIs() {
        for text in ["a b", "!x", "^y$", "'q", "|", "cost 5$", "tab\there"] {
            let matcher = Matcher(query: Matcher.literalQuery(text), mode: .fuzzy)
            #expect(matcher.matches("<" + text + ">"), "\(text)")
            #expect(!matcher.matches("~"), "\(text)")
        }
    }

    /// Found by fuzzing (Fuzz/fuzz-filter-text): operators were read as Characters, and `'`
    /// before a combining mark is one Character with it, so the quote was matched as text.
    @Test func operatorsBeforeACombiningMarkAreStillOperators() {
        let mark = "\u{0301}"
        let quoted = Matcher(query: Matcher.literalQuery(mark + "ab"), mode: .fuzzy)
        #expect(quoted.matches("x" + mark + "ab"))
        #expect(Matcher(query: "!" + mark, mode: .fuzzy).matches("plain"))
        #expect(!Matcher(query: "!" + mark, mode: .fuzzy).matches("e" + mark))
        #expect(Matcher(query: "^" + mark + "a", mode: .fuzzy).matches(mark + "ab"))
        #expect(!Matcher(query: "^" + mark + "a", mode: .fuzzy).matches("b" + mark + "a"))
        #expect(Matcher(query: "a\\$", mode: .substring).matches("a$b"), "\\$ is still a dollar sign")
        #expect(Matcher(query: "ab$", mode: .substring).matches("xab") && !Matcher(query: "ab$", mode: .substring).matches("abx"))
    }

    @Test func impliesAcrossTerms() {
        func implies(_ new: String, _ old: String, _ mode: MatchMode = .substring) -> Bool {
            Matcher(query: new, mode: mode).implies(Matcher(query: old, mode: mode))
        }
        #expect(implies("foo b", "foo"))
        #expect(implies("foo bar", "foo ba"))
        #expect(!implies("foo", "foo bar"))
        #expect(implies("^abc", "ab"))
        #expect(implies("abc$", "bc$"))
        #expect(!implies("abc$", "ab$"))
        #expect(implies("!ab", "!abc"))
        #expect(!implies("!abc", "!ab"))
        #expect(implies("a", "a | b"))
        #expect(!implies("a | b", "a"))
        #expect(implies("x a", "a | b"))
        #expect(!implies("cafe", "café"))
    }

    /// Property: with accents as typed (`--literal`), the matcher agrees with the model too.
    @Test func literalAgreesWithTheModel() {
        var random = SplitMix64(seed: 2024)
        for _ in 0..<3000 {
            let text = String(decoding: randomRecord(&random).filter { $0 != 0x0A && $0 != 0 && $0 != 0x0D }, as: UTF8.self)
            let query = randomQuery(&random)
            let mode = MatchMode.allCases[random.below(4)]
            #expect(Matcher(query: query, mode: mode, foldsAccents: false).matches(text)
                    == modelMatches(text, query, mode, foldsAccents: false), "\(mode) \(query.debugDescription) in \(text.debugDescription)")
        }
    }
}
