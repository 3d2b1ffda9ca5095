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
    /// Ranked: one key per match (`RankLayout`), dropped once sorted for good.
    private var keys: [UInt32] = []
    private let layout: RankLayout?
    /// How rounds are spread over threads.
    public let parallelism: FilterParallelism
    /// Each piece's buffers (the first for a round on this thread).
    private var parts: [ScanPart]
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
    /// `ranking`: how to rank the matches (nil: input order); `parallelism`:
    /// how to spread its work over threads (by default, `FilterPass.parallelism`).
    public init(store: RecordStore, query: String, mode: MatchMode, foldsAccents: Bool = true,
                fields: FieldSelector? = nil, delimiter: String? = nil, previous: FilterResult? = nil,
                ranking: Ranking? = nil, parallelism: FilterParallelism = FilterPass.parallelism) {
        self.store = store
        self.ranking = ranking
        layout = ranking.map { RankLayout($0) }
        let delimiter = fields == nil ? nil : delimiter
        self.fields = fields
        self.delimiter = delimiter
        let matcher = Matcher(query: query, mode: mode, foldsAccents: foldsAccents)
        self.matcher = matcher
        parts = [ScanPart(fields: fields, delimiter: delimiter)]
        self.parallelism = parallelism
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
    /// too) and returns `isCaughtUp`. With `parallelism` wider than one,
    /// the records are checked in rounds, each split into consecutive
    /// pieces that run at once and are joined in order: the result is the
    /// same as one thread's.
    /// - Complexity: O(budget · n) for records of n bytes.
    @discardableResult
    public func run(budget: Int) -> Bool {
        if matcher.matchesEverything {
            nextRecord = store.count
            return true
        }
        var budget = max(0, budget)
        var cursor = candidateCursor, next = nextRecord
        let rank = layout.map { RankContext(layout: $0, history: ranking?.history, tables: ScoreModel.tables) }
        matcher.withKernel { kernel in
            store.withView { view in
                candidates.withUnsafeBufferPointer { candidates in
                    // A query of one plain term (the common case) gets loops of its own, the term's
                    // kernel held in registers rather than read through the query's per record. Matches
                    // are scored as they are found, while their bytes are in the cache; a substring
                    // term's score starts from the occurrence the search found.
                    let term = rank != nil && kernel.isSingleTerm && fields == nil
                        && kernel.terms[0].scoresFromFirstOccurrence ? kernel.terms[0] : nil
                    rounds(kernel, term, view, candidates, &cursor, &next, &budget, rank)
                }
            }
        }
        candidateCursor = cursor
        nextRecord = next
        if cursor == candidates.count && !candidates.isEmpty {
            candidates = []
            candidateCursor = 0
        }
        return isCaughtUp
    }

    /// Records a round checks at most, a piece at least: rounds keep the
    /// pieces' buffers bounded (their pages are touched only as matches
    /// fill them), pieces big enough to be worth a thread. A round of 2¹⁹
    /// takes 2–4 ms on ten million records: waking the other threads for
    /// smaller rounds left one idle for part of each (a narrowing
    /// keystroke on 10M records took 47 ms with 2¹⁷, 31 ms with 2¹⁹).
    static let roundSize = 1 << 19
    static let minimumPiece = 1 << 14

    /// Checks the candidates from `cursor`, then the records from `next`,
    /// `budget` of them at most, in rounds.
    private func rounds(_ kernel: QueryKernel, _ term: MatchKernel?, _ view: StoreView,
                        _ candidates: UnsafeBufferPointer<UInt32>, _ cursor: inout Int,
                        _ next: inout Int, _ budget: inout Int, _ rank: RankContext?) {
        while budget > 0 && cursor < candidates.count {
            let count = min(budget, candidates.count &- cursor, Self.roundSize)
            round(kernel, term, view, candidates, cursor, count, fromCandidates: true, rank)
            cursor &+= count
            budget &-= count
        }
        guard cursor == candidates.count else { return }
        while budget > 0 && next < view.count {
            let count = min(budget, view.count &- next, Self.roundSize)
            round(kernel, term, view, candidates, next, count, fromCandidates: false, rank)
            next &+= count
            budget &-= count
        }
    }

    /// Checks `count` candidates or records from `start`: on this thread, or
    /// in pieces at once; then appends the pieces' matches and keys in order.
    private func round(_ kernel: QueryKernel, _ term: MatchKernel?, _ view: StoreView,
                       _ candidates: UnsafeBufferPointer<UInt32>, _ start: Int, _ count: Int,
                       fromCandidates: Bool, _ rank: RankContext?) {
        let pieces = max(1, min(parallelism.width, count / Self.minimumPiece))
        while parts.count < pieces { parts.append(ScanPart(fields: fields, delimiter: delimiter)) }
        let parts = self.parts
        if pieces == 1 {
            Self.scan(kernel, term, view, candidates, start..<(start &+ count), fromCandidates, parts[0], rank)
        } else {
            // The pieces read the same store, query and candidates, and each writes its own part only.
            let round = Round(kernel: kernel, term: term, view: view, candidates: candidates, start: start, count: count,
                              pieces: pieces, fromCandidates: fromCandidates, parts: parts, rank: rank)
            parallelism.perform(pieces) { piece in round.run(piece) }
        }
        for part in parts.prefix(pieces) {
            matches.append(contentsOf: UnsafeBufferPointer(start: part.found.records, count: part.found.count))
            if rank != nil { keys.append(contentsOf: UnsafeBufferPointer(start: part.found.keys, count: part.found.count)) }
        }
    }

    /// A round's pieces, for the threads that check them.
    private struct Round: @unchecked Sendable {
        let kernel: QueryKernel
        let term: MatchKernel?
        let view: StoreView
        let candidates: UnsafeBufferPointer<UInt32>
        let start: Int, count: Int, pieces: Int
        let fromCandidates: Bool
        let parts: [ScanPart]
        let rank: RankContext?

        func run(_ piece: Int) {
            let low = start &+ count &* piece / pieces, high = start &+ count &* (piece &+ 1) / pieces
            FilterPass.scan(kernel, term, view, candidates, low..<high, fromCandidates, parts[piece], rank)
        }
    }

    /// What scoring a match needs, for the scan's loop.
    struct RankContext {
        let layout: RankLayout
        // Unmanaged: the pass holds it for the whole scan, and the loop then pays no reference
        // counting. (Not `unowned(unsafe)`: an optional struct holding an `unowned(unsafe)` optional
        // read as present when it was nil in debug builds.)
        let history: Unmanaged<HistoryRanks>?
        let tables: ScoreModel.Tables

        init(layout: RankLayout, history: HistoryRanks?, tables: ScoreModel.Tables) {
            self.layout = layout
            self.history = history.map { Unmanaged.passUnretained($0) }
            self.tables = tables
        }

        /// The record's rank in the history, nil when it names it not.
        @inline(__always)
        func historyRank(_ record: Int) -> Int? {
            history?._withUnsafeGuaranteedRef { $0.rank(ofRecord: record) }
        }

        @inline(__always)
        func key<Kernel: TextMatching>(_ record: Int, _ view: StoreView, _ kernel: Kernel,
                                       _ matching: inout RecordMatching, _ scratch: ScoreScratch) -> UInt32 {
            let (score, length) = matching.score(record, in: view, query: kernel, tables, scratch)
            return layout.key(score: score.score, historyRank: historyRank(record), length: length,
                              begin: score.begin, end: score.end)
        }
    }

    /// Where a piece writes its matches and their keys: room for a round,
    /// written without the checks an array's append makes.
    struct Found {
        let records: UnsafeMutablePointer<UInt32>
        let keys: UnsafeMutablePointer<UInt32>
        var count = 0

        @inline(__always)
        mutating func add(_ record: Int) {
            records[count] = UInt32(truncatingIfNeeded: record)
            count &+= 1
        }

        @inline(__always)
        mutating func add(_ record: Int, key: UInt32) {
            records[count] = UInt32(truncatingIfNeeded: record)
            keys[count] = key
            count &+= 1
        }
    }

    /// One piece's matches, keys and buffers: each piece of a round has its
    /// own, so pieces on different threads share nothing they write.
    final class ScanPart {
        var found: Found
        var matching: RecordMatching
        let scratch = ScoreScratch()

        init(fields: FieldSelector?, delimiter: String?) {
            // Pages are only touched as matches fill them.
            found = Found(records: .allocate(capacity: FilterPass.roundSize), keys: .allocate(capacity: FilterPass.roundSize))
            matching = RecordMatching(fields: fields, delimiter: delimiter)
        }

        deinit {
            found.records.deallocate()
            found.keys.deallocate()
        }
    }

    /// Checks candidates `range` (or records `range`) into `part`. `term`: the
    /// query's one substring term, whose score on a plain record starts from
    /// the occurrence the search found (nil: search, then score).
    fileprivate static func scan(_ kernel: QueryKernel, _ term: MatchKernel?, _ view: StoreView,
                                 _ candidates: UnsafeBufferPointer<UInt32>, _ range: Range<Int>,
                                 _ fromCandidates: Bool, _ part: ScanPart, _ rank: RankContext?) {
        // Work on locals: no exclusivity checks in the loop.
        var found = part.found, matching = RecordMatching(fields: nil, delimiter: nil)
        found.count = 0
        swap(&matching, &part.matching)
        let records = fromCandidates ? UnsafeBufferPointer(rebasing: candidates[range]) : nil
        // Each loop its own function, its kernel's search inlined in it.
        switch (rank, term, kernel.isSingleTerm) {
        case (nil, _, true):
            gate(kernel.terms[0], view, records, range, &found, &matching)
        case (nil, _, false):
            gate(kernel, view, records, range, &found, &matching)
        case let (rank?, term?, _):
            scoreFromOccurrence(term, view, records, range, &found, &matching, rank, part.scratch)
        case let (rank?, nil, true):
            score(kernel.terms[0], view, records, range, &found, &matching, rank, part.scratch)
        case let (rank?, nil, false):
            score(kernel, view, records, range, &found, &matching, rank, part.scratch)
        }
        part.found = found
        swap(&matching, &part.matching)
    }

    // The loops below call no closures: a closure the optimizer specializes
    // late keeps the search it calls out of line.

    /// Input order: matches only. (Each kernel type a function of its own,
    /// with the generic loop inlined: the optimizer then inlines the search.)
    @inline(never)
    private static func gate(_ kernel: MatchKernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                             _ range: Range<Int>, _ found: inout Found, _ matching: inout RecordMatching) {
        gateLoop(kernel, view, records, range, &found, &matching)
    }

    @inline(never)
    private static func gate(_ kernel: QueryKernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                             _ range: Range<Int>, _ found: inout Found, _ matching: inout RecordMatching) {
        gateLoop(kernel, view, records, range, &found, &matching)
    }

    @inline(__always)
    private static func gateLoop<Kernel: TextMatching>(_ kernel: Kernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                                                       _ range: Range<Int>, _ found: inout Found,
                                                       _ matching: inout RecordMatching) {
        if let records {
            for index in records.indices {
                view.prefetch(records, index)
                let record = Int(records[index])
                if matching.matches(record, in: view, kernel: kernel) { found.add(record) }
            }
            return
        }
        var record = range.lowerBound
        while record < range.upperBound {
            if matching.matches(record, in: view, kernel: kernel) { found.add(record) }
            record &+= 1
        }
    }

    /// Ranked: each match, then its key.
    @inline(never)
    private static func score(_ kernel: MatchKernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                              _ range: Range<Int>, _ found: inout Found, _ matching: inout RecordMatching,
                              _ rank: RankContext, _ scratch: ScoreScratch) {
        scoreLoop(kernel, view, records, range, &found, &matching, rank, scratch)
    }

    @inline(never)
    private static func score(_ kernel: QueryKernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                              _ range: Range<Int>, _ found: inout Found, _ matching: inout RecordMatching,
                              _ rank: RankContext, _ scratch: ScoreScratch) {
        scoreLoop(kernel, view, records, range, &found, &matching, rank, scratch)
    }

    @inline(__always)
    private static func scoreLoop<Kernel: TextMatching>(_ kernel: Kernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                                                        _ range: Range<Int>, _ found: inout Found,
                                                        _ matching: inout RecordMatching, _ rank: RankContext,
                                                        _ scratch: ScoreScratch) {
        if let records {
            for index in records.indices {
                view.prefetch(records, index)
                let record = Int(records[index])
                if matching.matches(record, in: view, kernel: kernel) {
                    found.add(record, key: rank.key(record, view, kernel, &matching, scratch))
                }
            }
            return
        }
        var record = range.lowerBound
        while record < range.upperBound {
            if matching.matches(record, in: view, kernel: kernel) {
                found.add(record, key: rank.key(record, view, kernel, &matching, scratch))
            }
            record &+= 1
        }
    }

    /// Ranked, one substring term (or fuzzy character) matched against the
    /// whole text: on a plain record the search that decides the match
    /// finds the first occurrence, and scoring goes on from there.
    @inline(never)
    private static func scoreFromOccurrence(_ term: MatchKernel, _ view: StoreView, _ records: UnsafeBufferPointer<UInt32>?,
                                            _ range: Range<Int>, _ found: inout Found, _ matching: inout RecordMatching,
                                            _ rank: RankContext, _ scratch: ScoreScratch) {
        if let records {
            for index in records.indices {
                view.prefetch(records, index)
                scoreFromOccurrence(Int(records[index]), term, view, &found, &matching, rank, scratch)
            }
            return
        }
        var record = range.lowerBound
        while record < range.upperBound {
            scoreFromOccurrence(record, term, view, &found, &matching, rank, scratch)
            record &+= 1
        }
    }

    @inline(__always)
    private static func scoreFromOccurrence(_ record: Int, _ term: MatchKernel, _ view: StoreView, _ found: inout Found,
                                            _ matching: inout RecordMatching, _ rank: RankContext, _ scratch: ScoreScratch) {
        guard view.isPlain(record) else {
            guard matching.matches(record, in: view, kernel: term) else { return }
            found.add(record, key: rank.key(record, view, term, &matching, scratch))
            return
        }
        let (start, end) = view.bounds(record)
        let needle = term.needle, fold = term.foldASCII
        guard let first = ByteSearch.firstMatch(needle, in: view.base, from: start, to: end, foldASCII: fold) else { return }
        let score: TermScore
        if needle.count == 1 && needle[0] < 0x80 {
            // One character: its best occurrence's bonus, from the class tables.
            let (best, bonus) = TermScorer.bestOccurrence(of: needle[0], view.base, start, end, fold: fold, rank.tables,
                                                          first: first)
            score = TermScore(score: ScoreModel.match &+ bonus &* ScoreModel.firstCharMultiplier, begin: best &- start,
                              end: best &- start &+ 1)
        } else {
            score = TermScorer.substring(needle, view.base, start, end, fold: fold, rank.tables, first: first)
        }
        found.add(record, key: rank.layout.key(score: score.score, historyRank: rank.historyRank(record),
                                               length: end &- start, begin: score.begin, end: score.end))
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
