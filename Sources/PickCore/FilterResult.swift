/// The records a filter pass kept, in input order: row `r` of the list
/// shows record `self[r]`.
///
/// An empty query keeps everything without an index array: `isAll`, and row
/// `r` is record `r` (ten million records cost nothing). Otherwise the
/// record indices are a `[UInt32]`, four bytes a match.
public struct FilterResult: RandomAccessCollection, Sendable {
    /// A row.
    public typealias Index = Int
    /// The record index a row shows.
    public typealias Element = Int

    enum Storage: Sendable {
        case all(count: Int)
        case records([UInt32])
    }

    let storage: Storage
    /// The query this result answers.
    public let matcher: Matcher
    /// Records `0..<checkedCount` were looked at; later ones (input that
    /// came after, or a pass cut short) were not.
    public let checkedCount: Int
    let fields: FieldSelector?
    let delimiter: String?
    let storeID: ObjectIdentifier

    /// Whether every checked record is kept (empty query): row `r` is record `r`.
    public var isAll: Bool {
        if case .all = storage { return true }
        return false
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

    /// The record shown in `row`. - Complexity: O(1).
    @inline(__always)
    public subscript(row: Int) -> Int {
        switch storage {
        case let .all(count):
            precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
            return row
        case let .records(records): return Int(records[row])
        }
    }

    /// The first row whose record is at least `record` (`count` if none):
    /// where `record` is or would be.
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
    /// - Complexity: O(log m).
    public func row(ofRecord record: Int) -> Int? {
        let row = firstRow(atOrAfter: record)
        return row < count && self[row] == record ? row : nil
    }

    /// Calls `body` with the kept record indices, or nil for `isAll`.
    /// - Complexity: O(1).
    public func withRecordIndices<R>(_ body: (UnsafeBufferPointer<UInt32>?) throws -> R) rethrows -> R {
        switch storage {
        case .all: return try body(nil)
        case let .records(records): return try records.withUnsafeBufferPointer { try body($0) }
        }
    }
}
