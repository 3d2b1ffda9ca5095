import SweepTestSupport
import Testing
@testable import PickCore

private func filter(_ store: RecordStore, _ query: String, _ mode: MatchMode = .substring, fields: FieldSelector? = nil,
                    delimiter: String? = nil, previous: FilterResult? = nil, budget: Int = .max) -> FilterResult {
    let pass = FilterPass(store: store, query: query, mode: mode, fields: fields, delimiter: delimiter, previous: previous)
    while !pass.run(budget: budget) {}
    return pass.result
}

/// The model: every record whose shown text matches, by the scalar model.
private func model(_ store: RecordStore, _ query: String, _ mode: MatchMode, fields: FieldSelector? = nil,
                   delimiter: String? = nil) -> [Int] {
    (0..<store.count).filter {
        modelMatches(store.displayText(of: $0, fields: fields, delimiter: delimiter), query, mode)
    }
}

private func randomStore(_ random: inout SplitMix64, count: Int, separator: UInt8 = 0x0A) -> RecordStore {
    var input: [UInt8] = []
    for _ in 0..<count {
        input += randomRecord(&random, lineMode: separator == 0x0A).filter { $0 != separator }
        input.append(separator)
    }
    return makeStore(input, separator: separator, chunks: [1 + random.below(100)])
}

@Suite struct FilterPassTests {
    @Test func keepsMatchesInInputOrder() {
        let store = makeStore("apple\nbanana\ncherry\napricot\nBANANA split\n")
        #expect(Array(filter(store, "an")) == [1, 4])
        #expect(Array(filter(store, "ap", .prefix)) == [0, 3])
        #expect(Array(filter(store, "banana", .exact)) == [1])
        #expect(Array(filter(store, "aiot", .fuzzy)) == [3])
        #expect(Array(filter(store, "BANANA")) == [4])
    }

    @Test func emptyQueryKeepsEverythingWithoutAnIndexArray() {
        let store = makeStore("a\nb\nc\n")
        let result = filter(store, "")
        #expect(result.isAll)
        #expect(Array(result) == [0, 1, 2])
        #expect(result.withRecordIndices { $0 == nil })
    }

    @Test func matchesTheShownTextNotTheMetadataOrCR() {
        let store = makeStore("photo\0icon\u{1f}/x/png.png\nicon\r\nx\r\n")
        #expect(Array(filter(store, "png")) == [])
        #expect(Array(filter(store, "photo", .exact)) == [0])
        #expect(Array(filter(store, "icon", .exact)) == [1])
        #expect(Array(filter(store, "x", .exact)) == [2])
    }

    @Test func matchesTheShownFields() throws {
        let store = makeStore("ID001:John:Developer\nID002:Jane:Manager\nID003:Bob:Designer\n")
        let second = try FieldSelector(parsing: "2")
        #expect(Array(filter(store, "john", fields: second, delimiter: ":")) == [0])
        #expect(Array(filter(store, "id", fields: second, delimiter: ":")) == [])
        #expect(Array(filter(store, "ja", .prefix, fields: second, delimiter: ":")) == [1])
        // The shown text keeps the trailing delimiter, as fzf shows it.
        #expect(Array(filter(store, "bob:", .exact, fields: second, delimiter: ":")) == [2])
    }

    /// Property: the pass agrees with the model, for every mode, with and
    /// without fields, in both separator modes.
    @Test(arguments: MatchMode.allCases)
    func agreesWithTheModel(mode: MatchMode) throws {
        var random = SplitMix64(seed: 31 + mode.hashValue & 0xFF)
        let selectors = [nil, try FieldSelector(parsing: "2"), try FieldSelector(parsing: "-1,1"), try FieldSelector(parsing: "2..")]
        for round in 0..<60 {
            let separator: UInt8 = round % 3 == 0 ? 0 : 0x0A
            let store = randomStore(&random, count: random.below(60), separator: separator)
            let fields = selectors[random.below(selectors.count)]
            let delimiter = random.below(2) == 0 ? nil : ","
            for _ in 0..<10 {
                let query = randomQuery(&random)
                let result = filter(store, query, mode, fields: fields, delimiter: delimiter, budget: 1 + random.below(20))
                #expect(Array(result) == model(store, query, mode, fields: fields, delimiter: delimiter),
                        "\(mode) \(query.debugDescription) fields \(fields?.description ?? "-")")
            }
        }
    }

    /// Property: typing on (the new query implies the old) re-checks only
    /// the old matches and gives what a full pass gives.
    @Test(arguments: MatchMode.allCases)
    func incrementalEqualsFull(mode: MatchMode) {
        var random = SplitMix64(seed: 97 + mode.hashValue & 0xFF)
        var incrementalPasses = 0
        for _ in 0..<80 {
            let store = randomStore(&random, count: 20 + random.below(200))
            var query = "", previous: FilterResult? = nil
            for _ in 0..<5 {
                let letters = ["a", "b", "c", "x", "k", "é", " ", "A"]
                let next = letters[random.below(letters.count)]
                query = random.below(5) == 0 && !query.isEmpty ? String(query.dropLast()) : query + next
                let pass = FilterPass(store: store, query: query, mode: mode, previous: previous)
                while !pass.run(budget: 1 + random.below(50)) {}
                if pass.isIncremental { incrementalPasses += 1 }
                #expect(Array(pass.result) == Array(filter(store, query, mode)), "\(mode) \(query.debugDescription)")
                previous = pass.result
            }
        }
        #expect(mode == .exact || incrementalPasses > 50)
    }

    @Test func anIncrementalPassOnlyChecksThePreviousMatches() {
        let store = makeStore((0..<1000).map { $0 % 10 == 0 ? "abc \($0)" : "xyz \($0)" }.joined(separator: "\n"))
        let first = filter(store, "ab")
        #expect(first.count == 100)
        let pass = FilterPass(store: store, query: "abc", mode: .substring, previous: first)
        #expect(pass.isIncremental)
        // 100 candidates: one budget of 100 is enough.
        #expect(pass.run(budget: 100))
        #expect(pass.result.count == 100)
        // Not incremental: different mode, a shorter query, or fields changed.
        #expect(!FilterPass(store: store, query: "abc", mode: .fuzzy, previous: first).isIncremental)
        #expect(!FilterPass(store: store, query: "a", mode: .substring, previous: first).isIncremental)
        #expect(!FilterPass(store: store, query: "abc", mode: .substring, fields: try! FieldSelector(parsing: "1"),
                            previous: first).isIncremental)
        #expect(!FilterPass(store: makeStore("abc\n"), query: "abc", mode: .substring, previous: first).isIncremental)
    }

    /// Property: any slicing of the work gives the one-pass result.
    @Test func slicesEqualOnePass() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<50 {
            let store = randomStore(&random, count: random.below(300))
            let query = randomQuery(&random)
            let mode = MatchMode.allCases[random.below(4)]
            let whole = Array(filter(store, query, mode))
            let pass = FilterPass(store: store, query: query, mode: mode)
            var steps = 0
            while !pass.run(budget: 1 + random.below(40)) {
                steps += 1
                #expect(pass.matchCount <= whole.count)
                #expect((0..<pass.matchCount).map(pass.record(atRow:)) == Array(whole.prefix(pass.matchCount)))
            }
            #expect(Array(pass.result) == whole)
            #expect(pass.checkedCount == store.count)
        }
    }

    @Test func recordsThatArriveDuringThePassAreFiltered() {
        let store = RecordStore(separator: 0x0A)
        func feed(_ text: String) { Array(text.utf8).withUnsafeBytes { store.append($0) } }
        feed("abc 1\nxyz 2\nab")
        let pass = FilterPass(store: store, query: "abc", mode: .substring)
        #expect(pass.run(budget: 1) == false)
        feed("c 3\nabc 4\n")
        #expect(pass.run(budget: 100))
        #expect(Array(pass.result) == [0, 2, 3])
        // Caught up, then more comes: run again.
        feed("zzz\nlast abc")
        #expect(!pass.isCaughtUp)
        #expect(pass.run(budget: 100))
        #expect(Array(pass.result) == [0, 2, 3])
        store.finish()
        #expect(!pass.isCaughtUp)
        pass.run(budget: 100)
        #expect(Array(pass.result) == [0, 2, 3, 5])
        // An empty query follows the store too.
        let all = FilterPass(store: store, query: "", mode: .fuzzy)
        #expect(all.run(budget: 0))
        #expect(all.result.count == 6)
        #expect(all.result.isAll)
    }

    @Test func aPassCutShortIsAValidPreviousResult() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<40 {
            let store = randomStore(&random, count: 100 + random.below(100))
            let first = FilterPass(store: store, query: "a", mode: .substring)
            first.run(budget: random.below(150))
            let partial = first.result
            #expect(partial.checkedCount <= store.count)
            let next = FilterPass(store: store, query: "ab", mode: .substring, previous: partial)
            while !next.run(budget: 7) {}
            #expect(Array(next.result) == Array(filter(store, "ab")))
            // And a pass cut short while re-checking.
            let third = FilterPass(store: store, query: "abc", mode: .substring, previous: next.result)
            third.run(budget: random.below(20))
            let fourth = FilterPass(store: store, query: "abcx", mode: .substring, previous: third.result)
            while !fourth.run(budget: 3) {}
            #expect(Array(fourth.result) == Array(filter(store, "abcx")))
        }
    }

    @Test func resultLooksUpRowsByRecord() {
        let store = makeStore("a\nb\na\nb\na\n")
        let result = filter(store, "a")
        #expect(Array(result) == [0, 2, 4])
        #expect(result.row(ofRecord: 2) == 1)
        #expect(result.row(ofRecord: 3) == nil)
        #expect(result.firstRow(atOrAfter: 3) == 2)
        #expect(result.firstRow(atOrAfter: 5) == 3)
    }
}

@Suite struct FilterPassBudgetTests {
    /// An unlimited budget after re-checking candidates must not overflow.
    @Test func unlimitedBudgetOnAnIncrementalPass() {
        let store = makeStore("ab 1\nabc 2\nx\nabc\n")
        let first = FilterPass(store: store, query: "ab", mode: .substring)
        first.run(budget: 2)
        let next = FilterPass(store: store, query: "abc", mode: .substring, previous: first.result)
        #expect(next.isIncremental)
        #expect(next.run(budget: .max))
        #expect(Array(next.result) == [1, 3])
    }
}
