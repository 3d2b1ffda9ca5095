import SweepTestSupport
import Testing
@testable import PickCore

/// The fast ways of ranking agree with the plain ones on many random records
/// and queries (seeded): a one-character term's best occurrence found eight
/// bytes a step, the single-term loop that scores from the occurrence its
/// search found, and a pass split into pieces run in any order.
@Suite struct RankingAgreementTests {
    /// Bytes records are made of: letters of both cases, digits, delimiters,
    /// punctuation and white space (and, where `unicode`, an accented letter).
    private static let alphabet = Array("aabbcAB01 /-_.:xyz".utf8)

    private static func record(_ random: inout SplitMix64, unicode: Bool) -> [UInt8] {
        let length = Int(random.next() % 41)
        var bytes: [UInt8] = []
        for _ in 0..<length {
            if unicode && random.next() % 23 == 0 {
                bytes += Array("é".utf8)
            } else {
                bytes.append(alphabet[Int(random.next() % UInt64(alphabet.count))])
            }
        }
        return bytes
    }

    /// A query of one to three characters no query syntax reads specially.
    private static func query(_ random: inout SplitMix64) -> String {
        let characters = Array("abAB0-./_x:")
        let length = 1 + Int(random.next() % 3)
        return String((0..<length).map { _ in characters[Int(random.next() % UInt64(characters.count))] })
    }

    /// A substring term's score written out plainly from `ScoreModel`: every
    /// occurrence's bonus from the byte classes; the first at a word
    /// boundary, else the first best; the span scored byte by byte.
    private static func referenceScore(_ text: [UInt8], _ needle: [UInt8], fold: Bool) -> TermScore? {
        guard text.count >= needle.count else { return nil }
        let classes = text.map { ScoreModel.CharClass(rawValue: ScoreModel.tables.charClass($0))! }
        var best = -1, bestBonus: Int32 = -1
        for index in 0...(text.count - needle.count) {
            let found = needle.indices.allSatisfy { (fold ? asciiLower(text[index + $0]) : text[index + $0]) == needle[$0] }
            guard found else { continue }
            let bonus = ScoreModel.bonus(index == 0 ? .white : classes[index - 1], classes[index])
            if bonus > bestBonus {
                best = index
                bestBonus = bonus
            }
            if bonus >= ScoreModel.boundary { break }
        }
        guard best >= 0 else { return nil }
        let score = text.withUnsafeBytes { TermScorer.span($0.baseAddress!, 0, at: best, count: needle.count, ScoreModel.tables) }
        return TermScore(score: score, begin: best, end: best + needle.count)
    }

    @Test func oneTermScoresAsWrittenOut() {
        var random = SplitMix64(seed: 28)
        let scratch = ScoreScratch()
        for _ in 0..<300 {
            let query = Self.query(&random)
            for mode in [MatchMode.substring, .fuzzy] {
                let matcher = Matcher(query: query, mode: mode)
                let term = matcher.compiled.groups[0][0]
                // A fuzzy term of one character scores as a substring; longer ones align (not checked here).
                if mode == .fuzzy && term.needle.count > 1 { continue }
                for _ in 0..<40 {
                    let text = Self.record(&random, unicode: false)
                    // Other bytes before and after the text, as in a store (the scorer must not take them).
                    let before = Self.record(&random, unicode: false).prefix(9), after = Self.record(&random, unicode: false)
                    let buffer = Array(before) + text + after + [0x0A]
                    let found = matcher.withKernel { kernel in
                        buffer.withUnsafeBytes { bytes in
                            kernel.terms[0].termScore(bytes.baseAddress!, before.count, before.count + text.count,
                                                      knownASCII: true, ScoreModel.tables, scratch)
                        }
                    }
                    let expected = Self.referenceScore(text, term.needle, fold: !term.isCaseSensitive)
                    #expect(found == expected, "\(query) (\(mode)) in \(String(decoding: text, as: UTF8.self))")
                }
            }
        }
    }

    /// Records one per line, random, some not ASCII (scored through the general path).
    private static func store(_ random: inout SplitMix64, count: Int) -> RecordStore {
        var bytes: [UInt8] = []
        for _ in 0..<count {
            bytes += record(&random, unicode: true)
            bytes.append(0x0A)
        }
        return makeStore(bytes)
    }

    private static func rankedRecords(_ store: RecordStore, _ query: String, _ mode: MatchMode, budget: Int = .max,
                                      previous: FilterResult? = nil,
                                      parallelism: FilterParallelism = .serial) -> (ranked: [Int], inOrder: [Int]) {
        let pass = FilterPass(store: store, query: query, mode: mode, previous: previous, ranking: Ranking(),
                              parallelism: parallelism)
        while !pass.run(budget: budget) {}
        let result = pass.rankedResult()
        return (Array(result), Array(result.inInputOrder))
    }

    /// Where two lists of records first differ (and what each holds there), nil when they are the same.
    private static func firstDifference(_ one: [Int], _ other: [Int]) -> String? {
        guard one != other else { return nil }
        let index = zip(one, other).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(one.count, other.count)
        return "row \(index): \(index < one.count ? "\(one[index])" : "none") against \(index < other.count ? "\(other[index])" : "none")"
    }

    /// The single-term loop (scores from the search's occurrence) against the
    /// general one: the same term with a negated term that never matches,
    /// which scores nothing, so every key is the same.
    @Test func singleTermLoopRanksAsTheGeneralOne() {
        var random = SplitMix64(seed: 6)
        let store = Self.store(&random, count: 3_000)
        for _ in 0..<60 {
            let query = Self.query(&random)
            for mode in [MatchMode.substring, .fuzzy] {
                let fast = Self.rankedRecords(store, query, mode)
                let general = Self.rankedRecords(store, query + " !qqqqqqqqqq", mode)
                #expect(Self.firstDifference(fast.ranked, general.ranked) == nil, "\(query) (\(mode))")
                #expect(Self.firstDifference(fast.inOrder, general.inOrder) == nil, "\(query) (\(mode))")
            }
        }
    }

    /// Pieces run in reverse order on one thread: the result is still the
    /// serial one, whole, in slices and typing on.
    @Test func piecesJoinInOrder() {
        var random = SplitMix64(seed: 77)
        let store = Self.store(&random, count: 5 * FilterPass.minimumPiece + 123)
        let reversed = FilterParallelism(width: 4) { count, body in
            for piece in (0..<count).reversed() { body(piece) }
        }
        for (query, mode) in [("a", MatchMode.substring), ("B", .substring), ("a", .fuzzy), ("ab", .fuzzy), ("x.", .substring)] {
            let serial = Self.rankedRecords(store, query, mode)
            #expect(!serial.ranked.isEmpty)
            let pieces = Self.rankedRecords(store, query, mode, parallelism: reversed)
            let slices = Self.rankedRecords(store, query, mode, budget: 50_000, parallelism: reversed)
            for other in [pieces, slices] {
                #expect(Self.firstDifference(other.ranked, serial.ranked) == nil, "\(query) (\(mode))")
                #expect(Self.firstDifference(other.inOrder, serial.inOrder) == nil, "\(query) (\(mode))")
            }
        }
        // Typing on re-checks the previous matches in pieces too.
        let first = FilterPass(store: store, query: "a", mode: .substring, ranking: Ranking(), parallelism: reversed)
        first.run(budget: .max)
        let narrower = Self.rankedRecords(store, "ab", .substring, previous: first.rankedResult().inInputOrder,
                                          parallelism: reversed)
        let whole = Self.rankedRecords(store, "ab", .substring)
        #expect(Self.firstDifference(narrower.ranked, whole.ranked) == nil)
        #expect(Self.firstDifference(narrower.inOrder, whole.inOrder) == nil)
    }
}
