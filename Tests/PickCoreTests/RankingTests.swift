import SweepTestSupport
import Testing
@testable import PickCore

/// The records `query` keeps, in ranked order.
private func ranked(_ records: [String], _ query: String, _ mode: MatchMode = .fuzzy,
                    tiebreaks: [Tiebreak] = Tiebreak.defaultList, history: [String]? = nil, budget: Int = .max) -> [String] {
    let store = makeStore(records.map { $0 + "\n" }.joined())
    let ranks = history.map { HistoryRanks(rankedTexts: $0.map { Array($0.utf8) }) }
    ranks?.index(store)
    let pass = FilterPass(store: store, query: query, mode: mode, ranking: Ranking(tiebreaks: tiebreaks, history: ranks))
    while !pass.run(budget: budget) {}
    return pass.rankedResult().map { store.displayText(of: $0) }
}

/// One term's score in a text, as the filter computes it.
private func score(_ text: String, _ query: String, _ mode: MatchMode = .fuzzy) -> Int? {
    let matcher = Matcher(query: query, mode: mode)
    var bytes = Array(text.utf8)
    let found = matcher.withKernel { kernel -> Int32? in
        bytes.withUnsafeMutableBytes { raw in
            kernel.terms[0].termScore(raw.baseAddress!, 0, raw.count, knownASCII: false, ScoreModel.tables, ScoreScratch())?.score
        }
    }
    return found.map { Int($0) }
}

@Suite struct RankingTests {
    /// fzf's numbers: 16 a character, the first one's boundary bonus doubled, runs keep their first bonus.
    @Test func scoresFollowFzf() {
        // "foo" at the start: 16·3 + 10·2 + 10 + 10.
        #expect(score("foo", "foo") == 88)
        #expect(score("foobar", "foo") == 88)
        // Inside a word: no bonus but the consecutive one (4).
        #expect(score("xfoo", "foo") == 56)
        // Two boundaries: f at the start (10·2), b after "_" (8), a gap of three (−3 −1 −1).
        #expect(score("foo_bar", "fb") == 55)
        // camelCase: B after a lower-case letter (7), a gap of two (−3 −1): the same score.
        #expect(score("FooBar", "fb") == 55)
        // No bonus, a gap of one.
        #expect(score("xfxbx", "fb") == 29)
        // The first character's bonus outweighs a long gap (36 − 16 + 16).
        #expect(score("fxxxxxxxxxxxxxxb", "fb") == 36)
        // One character takes its occurrence with the best bonus.
        #expect(score("xa a", "a") == 36)
        #expect(score("abc", "x") == nil)
    }

    @Test func boundaryMatchesRankAboveScatteredOnes() {
        // As in fzf: "FooBar" and "foo_bar" score alike (the shorter first); a first character at the
        // start outweighs a gap of fourteen; "xfxbx" has no bonus at all.
        #expect(ranked(["xfxbx", "foo_bar", "FooBar", "fxxxxxxxxxxxxxxb"], "fb") == ["FooBar", "foo_bar", "fxxxxxxxxxxxxxxb", "xfxbx"])
    }

    /// The best alignment, not the first: "ab" later at a boundary beats a scattered early one.
    @Test func fuzzyFindsTheBestAlignment() {
        #expect(score("a_x_b ab", "ab")! > score("a_x_b", "ab")!)
        #expect(ranked(["axxxxxxb", "xx ab"], "ab") == ["xx ab", "axxxxxxb"])
    }

    /// Exact above prefix above substring: equal scores at the start, then shorter first.
    @Test func exactThenPrefixThenSubstring() {
        let records = ["xfoo", "foobar", "foo", "a foo b"]
        #expect(ranked(records, "foo") == ["foo", "foobar", "a foo b", "xfoo"])
        #expect(ranked(records, "foo", .substring) == ["foo", "foobar", "a foo b", "xfoo"])
        #expect(ranked(records, "^foo") == ["foo", "foobar"])
        #expect(ranked(["abfoo", "foo", "xx.foo"], "foo$") == ["foo", "xx.foo", "abfoo"])
    }

    @Test func tiebreaksOrderEqualScores() {
        let records = ["bbb xa", "xa", "ccxa"]
        // "a" scores alike in all three (inside a word).
        #expect(ranked(records, "a", tiebreaks: [.length]) == ["xa", "ccxa", "bbb xa"])
        #expect(ranked(records, "a", tiebreaks: [.index]) == ["bbb xa", "xa", "ccxa"])
        #expect(ranked(records, "a", tiebreaks: [.begin]) == ["xa", "ccxa", "bbb xa"])
        #expect(ranked(["xa yy", "xa", "xay"], "a", tiebreaks: [.end]) == ["xa", "xay", "xa yy"])
        // Equal on every criterion: input order.
        #expect(ranked(["ya", "xa", "za"], "a") == ["ya", "xa", "za"])
        #expect(ranked(["ya", "xa", "za"], "a", tiebreaks: [.begin, .length]) == ["ya", "xa", "za"])
    }

    @Test func severalTermsAddTheirScores() {
        // Both terms at boundaries beat one at a boundary.
        #expect(ranked(["xfoo xbar", "foo bar", "foo xbar"], "foo bar") == ["foo bar", "foo xbar", "xfoo xbar"])
        // Negated terms score nothing; alternatives score their best.
        #expect(ranked(["xfoo", "foo"], "foo !zzz") == ["foo", "xfoo"])
        #expect(ranked(["xbar", "foo"], "zzz | foo | bar") == ["foo", "xbar"])
    }

    @Test func rankingIsTheSameInSlicesAndWithoutAccentsOrCase() {
        let records = (0..<300).map { "r\($0 % 7)x\($0)" } + ["Café Noir", "cafe", "x café"]
        // "café" scores as "cafe" at a word's start in both: the shorter first.
        #expect(ranked(records, "cafe", .substring, budget: 7) == ["cafe", "x café", "Café Noir"])
        #expect(ranked(records, "r3", .substring, budget: 13) == ranked(records, "r3", .substring))
    }

    @Test func typingOnRanksTheNarrowerMatches() {
        let store = makeStore("axxb\nab\nzzz\nxab\n")
        let first = FilterPass(store: store, query: "a", mode: .fuzzy, ranking: Ranking())
        first.run(budget: .max)
        let narrower = FilterPass(store: store, query: "ab", mode: .fuzzy, previous: first.rankedResult(), ranking: Ranking())
        narrower.run(budget: .max)
        #expect(narrower.isIncremental)
        // "ab" at the start (62), "axxb" (48: a gap of two), "xab" (36: no bonus).
        #expect(Array(narrower.rankedResult()) == [1, 0, 3])
        // The matches in input order stay available.
        #expect(Array(narrower.rankedResult().inInputOrder) == [0, 1, 3])
    }

    @Test func noRankingKeepsInputOrder() {
        let store = makeStore("xfoo\nfoo\n")
        let pass = FilterPass(store: store, query: "foo", mode: .fuzzy)
        pass.run(budget: .max)
        #expect(Array(pass.rankedResult()) == [0, 1])
        #expect(!pass.rankedResult().isRanked)
    }

    /// Matches that arrive after a ranking are shown after the ranked ones until the next ranking.
    @Test func laterMatchesFollowTheRankedOnes() {
        let store = RecordStore(separator: 0x0A)
        Array("xfoo\nfoo\n".utf8).withUnsafeBytes { store.append($0) }
        let pass = FilterPass(store: store, query: "foo", mode: .fuzzy, ranking: Ranking())
        pass.run(budget: .max)
        #expect(Array(pass.rankedResult()) == [1, 0])
        Array("yfoo\nfoo bar\n".utf8).withUnsafeBytes { store.append($0) }
        pass.run(budget: .max)
        #expect(Array(pass.result) == [1, 0, 2, 3])
        #expect(!pass.isRankedUpToDate)
        store.finish()
        #expect(Array(pass.rankedResult()) == [1, 3, 0, 2])
    }

    @Test func tiebreakListsParse() throws {
        #expect(try Tiebreak.parseList("length") == [.length])
        #expect(try Tiebreak.parseList("begin, length,index") == [.begin, .length, .index])
        #expect(throws: PickError.invalidTiebreak(token: "size", list: "length,size")) { try Tiebreak.parseList("length,size") }
        #expect(throws: PickError.invalidTiebreak(token: "begin", list: "begin,begin")) { try Tiebreak.parseList("begin,begin") }
        #expect(throws: PickError.invalidTiebreak(token: "", list: "")) { try Tiebreak.parseList("") }
        #expect("\(PickError.invalidTiebreak(token: "size", list: "length,size"))".contains("use length, begin, end or index"))
    }

    /// The counting sort against a comparison sort, keys with few and many differing bits.
    @Test func rankSortIsAStableSortByKey() {
        var random = SplitMix64(seed: 28)
        for spread in [UInt32(0), 3, 0xFF, 0xFFFF, 0xFFFF_FFFF] {
            let count = 2000
            let records = (0..<count).map { UInt32($0 * 3) }
            var keys = (0..<count).map { _ in UInt32(truncatingIfNeeded: random.next()) & spread }
            let expected = zip(keys, records).enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map { $0.element.1 }
            let order = RankSort.order(records: records, keys: &keys)
            #expect((order ?? records) == expected, "spread \(spread)")
            #expect((order == nil) == (spread == 0))
        }
    }
}
