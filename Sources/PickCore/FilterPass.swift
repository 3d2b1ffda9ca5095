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

    /// The previous result's matches, re-checked first (ascending).
    private var candidates: [UInt32]
    private var candidateCursor = 0
    /// Records from here on are checked one by one.
    private var nextRecord: Int
    private var matches: [UInt32] = []
    private var matching: RecordMatching

    /// A pass for `query` (fzf's extended syntax, see `Matcher`), its plain
    /// terms matched in `mode` against each record's shown text (`fields`
    /// cut with `delimiter`, see `FieldSelector`), accents ignored by terms
    /// without any when `foldsAccents`.
    /// `previous` is the last result on the same store; it is used when the
    /// new query implies its query and the fields are the same.
    /// - Complexity: O(1) (the work is in `run`).
    public init(store: RecordStore, query: String, mode: MatchMode, foldsAccents: Bool = true,
                fields: FieldSelector? = nil, delimiter: String? = nil, previous: FilterResult? = nil) {
        self.store = store
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
        var matches: [UInt32] = [], matching = RecordMatching(fields: nil, delimiter: nil)
        swap(&matches, &self.matches)
        swap(&matching, &self.matching)
        var cursor = candidateCursor, next = nextRecord
        matcher.withKernel { kernel in
            store.withView { view in
                // A query of one plain term (the common case) gets a loop of its own, the term's
                // kernel held in registers rather than read through the query's per record.
                if kernel.isSingleTerm {
                    Self.scan(kernel.terms[0], view, candidates, &cursor, &next, &budget, &matches, &matching)
                } else {
                    Self.scan(kernel, view, candidates, &cursor, &next, &budget, &matches, &matching)
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
        return isCaughtUp
    }

    /// Checks the candidates from `cursor`, then the records from `next`,
    /// `budget` of them at most.
    @inline(__always)
    private static func scan<Kernel: TextMatching>(_ kernel: Kernel, _ view: StoreView, _ candidates: [UInt32],
                                                   _ cursor: inout Int, _ next: inout Int, _ budget: inout Int,
                                                   _ matches: inout [UInt32], _ matching: inout RecordMatching) {
        candidates.withUnsafeBufferPointer { candidates in
            while budget > 0 && cursor < candidates.count {
                let record = candidates[cursor]
                if matching.matches(Int(record), in: view, kernel: kernel) { matches.append(record) }
                cursor &+= 1
                budget &-= 1
            }
        }
        guard cursor == candidates.count else { return }
        let stop = budget >= view.count - next ? view.count : next + budget
        while next < stop {
            if matching.matches(next, in: view, kernel: kernel) { matches.append(UInt32(truncatingIfNeeded: next)) }
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

    /// The matches so far, for showing or for the next pass's `previous`.
    /// Taking it while the pass is not caught up makes the next `run` copy
    /// the matches (copy on write): take it when `run` returns true, and use
    /// `matchCount` / `record(atRow:)` in between.
    /// - Complexity: O(1).
    public var result: FilterResult {
        FilterResult(storage: matcher.matchesEverything ? .all(count: nextRecord) : .records(matches),
                     matcher: matcher, checkedCount: checkedCount, fields: fields, delimiter: delimiter,
                     storeID: ObjectIdentifier(store))
    }
}
