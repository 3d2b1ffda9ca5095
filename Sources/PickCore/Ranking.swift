/// How a filter pass ranks its matches (nil ranking: input order, `--no-sort`).
///
/// Order: the query's score, highest first; then, with a history, the
/// records chosen before, the most frecent first; then the tiebreaks in
/// turn; then input order. An empty query keeps input order, with the
/// history's records first.
public struct Ranking {
    /// What orders matches of equal score (before input order, which always ends it).
    public var tiebreaks: [Tiebreak]
    /// The records chosen before, by rank; nil for none.
    public var history: HistoryRanks?

    public init(tiebreaks: [Tiebreak] = Tiebreak.defaultList, history: HistoryRanks? = nil) {
        self.tiebreaks = tiebreaks
        self.history = history
    }
}

/// A match's rank as one `UInt32`, smaller first, so ten million matches
/// sort by a counting sort of the bits that differ (`RankSort`). From the
/// top: the score (12 bits, 4095 minus the score, scores above 4095 tie),
/// the history rank (up to 10 bits; ranks past the field's room tie, and
/// records not in the history come after every one that is), then the
/// tiebreaks before `index`, sharing what is left (20 bits for one, 10 for
/// two, 6 or 7 for three; larger values tie at the field's maximum). Input
/// order needs no bits: the sort is stable over matches in input order.
struct RankLayout {
    static let scoreBits = 12
    private(set) var historyBits = 0
    /// Each tiebreak's field: its shift and width (width 0: not used).
    private(set) var length = (shift: 0, bits: 0)
    private(set) var begin = (shift: 0, bits: 0)
    private(set) var end = (shift: 0, bits: 0)

    init(_ ranking: Ranking) {
        if let history = ranking.history, history.entryCount > 0 {
            historyBits = min(10, Self.bitsFor(history.entryCount))
        }
        let used = Array(ranking.tiebreaks.prefix { $0 != .index })
        var room = 32 - Self.scoreBits - historyBits
        var shift = room
        for (position, criterion) in used.enumerated() {
            let bits = room / (used.count - position)
            room -= bits
            shift -= bits
            switch criterion {
            case .length: length = (shift, bits)
            case .begin: begin = (shift, bits)
            case .end: end = (shift, bits)
            case .index: break
            }
        }
    }

    /// Bits to hold 0...count (count itself means "not in the history").
    static func bitsFor(_ count: Int) -> Int { Int.bitWidth - count.leadingZeroBitCount }

    @inline(__always)
    private static func field(_ value: Int, _ place: (shift: Int, bits: Int)) -> UInt32 {
        guard place.bits > 0 else { return 0 }
        let maximum = (1 &<< place.bits) &- 1
        return UInt32(truncatingIfNeeded: min(max(value, 0), maximum)) &<< UInt32(place.shift)
    }

    /// The key of a match: its score, its history rank (nil: not in the
    /// history), its shown text's length and where its match begins and ends.
    @inline(__always)
    func key(score: Int32, historyRank: Int?, length: Int, begin: Int, end: Int) -> UInt32 {
        let scoreMax = (1 &<< Self.scoreBits) &- 1
        var key = Self.field(scoreMax &- min(Int(max(score, 0)), scoreMax), (32 - Self.scoreBits, Self.scoreBits))
        if historyBits > 0 {
            let none = (1 &<< historyBits) &- 1
            key |= Self.field(min(historyRank ?? none, none), (32 - Self.scoreBits - historyBits, historyBits))
        }
        key |= Self.field(length, self.length)
        key |= Self.field(begin, self.begin)
        key |= Self.field(length &- end, self.end)
        return key
    }
}
