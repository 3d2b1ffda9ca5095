/// The records a filter pass kept: row `r` of the list shows record
/// `self[r]`. In input order, or ranked (`isRanked`, from
/// `FilterPass.rankedResult()`): then the rows follow the ranking.
///
/// An empty query keeps everything without an index array: `isAll`, and row
/// `r` is record `r` (ten million records cost nothing), unless a history
/// puts its records first. Otherwise the record indices are a `[UInt32]`,
/// four bytes a match, in input order, and a ranked result has a second
/// array, the ranked order, four bytes more.
public struct FilterResult: RandomAccessCollection, Sendable {
    /// A row.
    public typealias Index = Int
    /// The record index a row shows.
    public typealias Element = Int

    enum Storage: Sendable {
        case all(count: Int)
        case records([UInt32])
    }

    /// How ranked rows map to records. A struct rather than an enum of two
    /// cases with arrays: such an enum keeps its case in the spare bits of
    /// an array's pointer, where LeakSanitizer does not recognize it, and
    /// `make test-asan` reported the array as leaked.
    struct RankedRows: Sendable {
        /// With `.records`: rows `0..<order.count` show these records, a
        /// permutation of the first `order.count` matches; later rows
        /// (matches that arrived after the ranking) show the matches in
        /// input order. With `.all`: these records first, then every other
        /// record in input order.
        let order: [UInt32]
        /// With `.all`: `order` ascending; nil with `.records`.
        let sortedLeading: [UInt32]?

        static func prefix(_ order: [UInt32]) -> RankedRows { RankedRows(order: order, sortedLeading: nil) }

        static func leading(_ first: [UInt32], sorted: [UInt32]) -> RankedRows {
            RankedRows(order: first, sortedLeading: sorted)
        }
    }

    let storage: Storage
    /// The ranked order, nil for input order.
    let ranked: RankedRows?
    /// The query this result answers.
    public let matcher: Matcher
    /// Records `0..<checkedCount` were looked at; later ones (input that
    /// came after, or a pass cut short) were not.
    public let checkedCount: Int
    let fields: FieldSelector?
    let delimiter: String?
    let storeID: ObjectIdentifier

    init(storage: Storage, ranked: RankedRows? = nil, matcher: Matcher, checkedCount: Int, fields: FieldSelector?,
         delimiter: String?, storeID: ObjectIdentifier) {
        self.storage = storage
        self.ranked = ranked
        self.matcher = matcher
        self.checkedCount = checkedCount
        self.fields = fields
        self.delimiter = delimiter
        self.storeID = storeID
    }

    /// Whether every checked record is kept (empty query): row `r` is record
    /// `r` unless the result is ranked (history records first).
    public var isAll: Bool {
        if case .all = storage { return true }
        return false
    }

    /// Whether rows follow a ranking rather than input order (then
    /// `firstRow(atOrAfter:)` does not apply).
    public var isRanked: Bool { ranked != nil }

    /// The same matches in input order.
    public var inInputOrder: FilterResult {
        FilterResult(storage: storage, matcher: matcher, checkedCount: checkedCount, fields: fields, delimiter: delimiter,
                     storeID: storeID)
    }

    /// The first row, 0. - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The number of rows. - Complexity: O(1).
    public var endIndex: Int {
        switch storage {
        case let .all(count): return count
        case let .records(records): return records.count
        }
    }

    /// The record shown in `row`. - Complexity: O(1); O(log h) for h
    /// history records shown first.
    @inline(__always)
    public subscript(row: Int) -> Int {
        if let ranked { return rankedRecord(row, ranked) }
        switch storage {
        case let .all(count):
            precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
            return row
        case let .records(records): return Int(records[row])
        }
    }

    private func rankedRecord(_ row: Int, _ ranked: RankedRows) -> Int {
        switch (ranked.sortedLeading, storage) {
        case let (nil, .records(records)):
            let order = ranked.order
            return Int(row < order.count ? order[row] : records[row])
        case let (sorted?, .all(count)):
            precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
            let first = ranked.order
            if row < first.count { return Int(first[row]) }
            // The (row - first.count)th record not among `sorted`: skip the ones below it.
            let rest = row - first.count
            var lower = 0, upper = sorted.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if Int(sorted[middle]) - middle <= rest { lower = middle + 1 } else { upper = middle }
            }
            return rest + lower
        default:
            preconditionFailure("ranked rows of another kind of result")
        }
    }

    /// The first row whose record is at least `record` (`count` if none):
    /// where `record` is or would be. For results in input order only.
    /// - Complexity: O(log m) for m rows.
    public func firstRow(atOrAfter record: Int) -> Int {
        switch storage {
        case let .all(count): return Swift.min(Swift.max(record, 0), count)
        case let .records(records):
            var lower = 0, upper = records.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if Int(records[middle]) < record { lower = middle + 1 } else { upper = middle }
            }
            return lower
        }
    }

    /// The row that shows `record`, or nil when the filter hides it.
    /// - Complexity: O(log m); O(m) ranked.
    public func row(ofRecord record: Int) -> Int? {
        if ranked != nil { return indices.first { self[$0] == record } }
        let row = firstRow(atOrAfter: record)
        return row < count && self[row] == record ? row : nil
    }

    /// Calls `body` with the kept record indices in input order, or nil for `isAll`.
    /// - Complexity: O(1).
    public func withRecordIndices<R>(_ body: (UnsafeBufferPointer<UInt32>?) throws -> R) rethrows -> R {
        switch storage {
        case .all: return try body(nil)
        case let .records(records): return try records.withUnsafeBufferPointer { try body($0) }
        }
    }
}
