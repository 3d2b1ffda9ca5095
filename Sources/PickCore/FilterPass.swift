/// One filter query over a `RecordStore`, run in slices so the event loop
/// stays responsive: call `run(budget:)` between events until it returns
/// true, and again whenever the store grows (records that arrive after the
/// pass started are checked too; the pass follows `store.count`).
///
/// Incremental: given the result of the previous query, when the new query
/// implies the old one (`Matcher.implies`: each old term, or group of
/// alternatives, is implied by a new one with the same smart-case and
/// accent state: for substring the old term is inside the new one, for
/// prefix it starts it, for fuzzy its characters are a subsequence of the
/// new one's; so typing on, or adding a term, narrows),
/// the pass re-checks only the old matches, then every record the old pass
/// had not reached. Typing one more letter in ten million records costs
/// the old matches, not ten million.
///
/// An empty query keeps every record without an index array
/// (`FilterResult.isAll`), in O(1).
///
/// Ranked (`ranking` not nil): each match's score is computed as it is
/// found, folded with its history rank and tiebreaks into a 4-byte key
/// (`RankLayout`); `rankedResult()` orders the matches by key in O(n)
/// (`RankSort`) once the pass has caught up. Only matches are scored: the
/// byte search stays the gate.
public final class FilterPass {
    /// The records filtered (the pass follows it as it grows).
    public let store: RecordStore
    /// The compiled query.
    public let matcher: Matcher
    /// The fields matched against (`--with-nth`), nil for the whole shown text.
    public let fields: FieldSelector?
    /// The field delimiter (nil: fzf's AWK-style default; nil without `fields`).
    public let delimiter: String?
    /// Whether the pass re-checks a previous result instead of every record.
    public let isIncremental: Bool
    /// How matches are ranked; nil for input order.
    public let ranking: Ranking?

    /// The previous result's matches, re-checked first (ascending).
    private var candidates: [UInt32]
    private var candidateCursor = 0
    /// Records from here on are checked one by one.
    private var nextRecord: Int
    private var matches: [UInt32] = []
    private var matching: RecordMatching
    /// Ranked: one key per match (`RankLayout`), dropped once sorted for good.
    private var keys: [UInt32] = []
    private let layout: RankLayout?
    private let scratch = ScoreScratch()
    /// The last ranking: a permutation of `matches[0..<rankedOrder.count]`
    /// (nil: input order was the ranking), made when `rankedCount` matches were held.
    private var rankedOrder: [UInt32]?
    private var rankedCount = -1
    /// An empty query's history records, first, as of `nextRecord` = `rankedCount`.
    private var leadingOrder: [UInt32]?

    /// A pass for `query` (fzf's extended syntax, see `Matcher`), its plain
    /// terms matched in `mode` against each record's shown text (`fields`
    /// cut with `delimiter`, see `FieldSelector`), accents ignored by terms
    /// without any when `foldsAccents`.
    /// `previous` is the last result on the same store; it is used when the
    /// new query implies its query and the fields are the same.
    /// - Complexity: O(1) (the work is in `run`).
    /// `ranking`: how to rank the matches (nil: input order).
    public init(store: RecordStore, query: String, mode: MatchMode, foldsAccents: Bool = true,
                fields: FieldSelector? = nil, delimiter: String? = nil, previous: FilterResult? = nil,
                ranking: Ranking? = nil) {
        self.store = store
        self.ranking = ranking
        layout = ranking.map { RankLayout($0) }
        let delimiter = fields == nil ? nil : delimiter
        self.fields = fields
        self.delimiter = delimiter
        let matcher = Matcher(query: query, mode: mode, foldsAccents: foldsAccents)
        self.matcher = matcher
        matching = RecordMatching(fields: fields, delimiter: delimiter)
        if let previous, case let .records(records) = previous.storage, !matcher.matchesEverything,
           previous.storeID == ObjectIdentifier(store), previous.fields == fields,
           previous.delimiter == delimiter, matcher.implies(previous.matcher),
           previous.checkedCount <= store.count {
            isIncremental = true
            candidates = records
            nextRecord = previous.checkedCount
        } else {
            isIncremental = false
            candidates = []
            nextRecord = 0
        }
    }

    /// Whether every record the store holds now has been checked. More may
    /// come while the store is not finished; `run` again when it grows.
    public var isCaughtUp: Bool { candidateCursor == candidates.count && nextRecord == store.count }

    /// Checks up to `budget` records (re-checked previous matches count
    /// too) and returns `isCaughtUp`.
    /// - Complexity: O(budget · n) for records of n bytes.
    @discardableResult
    public func run(budget: Int) -> Bool {
        if matcher.matchesEverything {
            nextRecord = store.count
            return true
        }
        var budget = max(0, budget)
        // Work on locals: no exclusivity checks or copies in the loop.
        var matches: [UInt32] = [], matching = RecordMatching(fields: nil, delimiter: nil), keys: [UInt32] = []
        swap(&matches, &self.matches)
        swap(&matching, &self.matching)
        swap(&keys, &self.keys)
        var cursor = candidateCursor, next = nextRecord
        let rank = layout.map { RankContext(layout: $0, history: ranking?.history, tables: ScoreModel.tables, scratch: scratch) }
        matcher.withKernel { kernel in
            store.withView { view in
                // A query of one plain term (the common case) gets a loop of its own, the term's
                // kernel held in registers rather than read through the query's per record. Matches
                // are scored as they are found, while their bytes are in the cache.
                switch (kernel.isSingleTerm, rank) {
                case (true, nil):
                    Self.scan(kernel.terms[0], view, candidates, &cursor, &next, &budget, &matches, &matching, nil, &keys)
                case (false, nil):
                    Self.scan(kernel, view, candidates, &cursor, &next, &budget, &matches, &matching, nil, &keys)
                case let (true, rank?):
                    Self.scan(kernel.terms[0], view, candidates, &cursor, &next, &budget, &matches, &matching, rank, &keys)
                case let (false, rank?):
                    Self.scan(kernel, view, candidates, &cursor, &next, &budget, &matches, &matching, rank, &keys)
                }
            }
        }
        candidateCursor = cursor
        nextRecord = next
        if cursor == candidates.count && !candidates.isEmpty {
            candidates = []
            candidateCursor = 0
        }
        swap(&matches, &self.matches)
        swap(&matching, &self.matching)
        swap(&keys, &self.keys)
        return isCaughtUp
    }

    /// What scoring a match needs, for the scan's loop.
    struct RankContext {
        let layout: RankLayout
        // Unowned: the pass holds both for the whole scan, and the loop then pays no reference counting.
        unowned(unsafe) let history: HistoryRanks?
        let tables: ScoreModel.Tables
        unowned(unsafe) let scratch: ScoreScratch

        @inline(__always)
        func key<Kernel: TextMatching>(_ record: Int, _ view: StoreView, _ kernel: Kernel,
                                       _ matching: inout RecordMatching) -> UInt32 {
            let (score, length) = matching.score(record, in: view, query: kernel, tables, scratch)
            return layout.key(score: score.score, historyRank: history?.rank(ofRecord: record), length: length,
                              begin: score.begin, end: score.end)
        }
    }

    /// Checks the candidates from `cursor`, then the records from `next`,
    /// `budget` of them at most.
    @inline(__always)
    private static func scan<Kernel: TextMatching>(_ kernel: Kernel, _ view: StoreView, _ candidates: [UInt32],
                                                   _ cursor: inout Int, _ next: inout Int, _ budget: inout Int,
                                                   _ matches: inout [UInt32], _ matching: inout RecordMatching,
                                                   _ rank: RankContext?, _ keys: inout [UInt32]) {
        candidates.withUnsafeBufferPointer { candidates in
            while budget > 0 && cursor < candidates.count {
                let record = candidates[cursor]
                if matching.matches(Int(record), in: view, kernel: kernel) {
                    matches.append(record)
                    if let rank { keys.append(rank.key(Int(record), view, kernel, &matching)) }
                }
                cursor &+= 1
                budget &-= 1
            }
        }
        guard cursor == candidates.count else { return }
        let stop = budget >= view.count - next ? view.count : next + budget
        while next < stop {
            if matching.matches(next, in: view, kernel: kernel) {
                matches.append(UInt32(truncatingIfNeeded: next))
                if let rank { keys.append(rank.key(next, view, kernel, &matching)) }
            }
            next &+= 1
        }
    }

    /// Records `0..<checkedCount` have been decided: every match among them
    /// is in `result`. - Complexity: O(1).
    public var checkedCount: Int {
        candidateCursor < candidates.count ? Int(candidates[candidateCursor]) : nextRecord
    }

    /// The number of matches so far. - Complexity: O(1).
    public var matchCount: Int { matcher.matchesEverything ? nextRecord : matches.count }

    /// The record of match `row` so far (for showing results while the pass
    /// runs without copying them). - Complexity: O(1).
    public func record(atRow row: Int) -> Int {
        if matcher.matchesEverything {
            precondition(row >= 0 && row < nextRecord)
            return row
        }
        return Int(matches[row])
    }

    /// The matches so far in ranked order (`ranking`), for showing: sorted
    /// now if matches came since the last call; rows for matches that come
    /// later are added after the ranked ones, in input order, by `result`
    /// until this is called again. The keys are dropped once the store is
    /// finished and the pass has caught up (nothing more can come). Without
    /// a ranking, `result`. With an empty query, the history's records
    /// first, then the rest in input order.
    /// - Complexity: O(m + 2¹⁶) for m matches when new ones came, else O(1).
    public func rankedResult() -> FilterResult {
        guard let ranking else { return result }
        if matcher.matchesEverything {
            if rankedCount != nextRecord {
                rankedCount = nextRecord
                let first = ranking.history?.leadingRecords(below: nextRecord) ?? []
                leadingOrder = first.isEmpty ? nil : first
            }
            return result
        }
        if rankedCount != matches.count {
            rankedCount = matches.count
            let final = isCaughtUp && store.isFinished
            if final {
                var keys: [UInt32] = []
                swap(&keys, &self.keys)
                rankedOrder = RankSort.order(records: matches, keys: &keys)
            } else {
                var keys = self.keys
                rankedOrder = RankSort.order(records: matches, keys: &keys)
            }
        }
        return result
    }

    /// Whether `rankedResult()` has ranked every match held now.
    public var isRankedUpToDate: Bool {
        ranking == nil || rankedCount == (matcher.matchesEverything ? nextRecord : matches.count)
    }

    /// The matches so far, for showing or for the next pass's `previous`.
    /// Taking it while the pass is not caught up makes the next `run` copy
    /// the matches (copy on write): take it when `run` returns true, and use
    /// `matchCount` / `record(atRow:)` in between.
    /// - Complexity: O(1).
    /// Ranked, the order of the last `rankedResult()` with later matches
    /// after it in input order.
    public var result: FilterResult {
        let ranked: FilterResult.RankedRows?
        if matcher.matchesEverything {
            ranked = leadingOrder.map { .leading($0, sorted: $0.sorted()) }
        } else {
            ranked = rankedOrder.map { .prefix($0) }
        }
        return FilterResult(storage: matcher.matchesEverything ? .all(count: nextRecord) : .records(matches),
                            ranked: ranked, matcher: matcher, checkedCount: checkedCount,
                            fields: fields, delimiter: delimiter, storeID: ObjectIdentifier(store))
    }
}
