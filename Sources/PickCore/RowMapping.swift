/// Maps a selection kept by record (sorted closed ranges of record indices,
/// so it survives filtering) to and from the rows of a filter result (row
/// `r` shows record `result[r]`). Plain `ClosedRange<Int>`, no dependency
/// on the Sweep modules: the picker converts to and from its selection type.
public struct RowMapping: Sendable {
    /// The rows: row `r` shows record `result[r]`.
    public let result: FilterResult

    /// A mapping for the rows of `result`. - Complexity: O(1).
    public init(result: FilterResult) { self.result = result }

    /// The rows that show the records in `records` (sorted by lower bound),
    /// as sorted, disjoint, non-adjacent row ranges: records that the
    /// filter hides drop out, and record ranges whose rows touch merge.
    /// - Complexity: O(r log m) for r ranges and m rows.
    public func rows(for records: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var rows: [ClosedRange<Int>] = []
        for range in records {
            let first = result.firstRow(atOrAfter: range.lowerBound)
            let last = range.upperBound == Int.max
                ? result.count - 1 : result.firstRow(atOrAfter: range.upperBound + 1) - 1
            guard first <= last else { continue }
            Self.appendMerging(first...last, to: &rows)
        }
        return rows
    }

    /// The records shown in `rows` (sorted by lower bound; rows past the
    /// end are ignored), as sorted, disjoint ranges with consecutive record
    /// indices joined.
    /// - Complexity: O(k log m) for k record ranges out of m rows (each run
    ///   of rows with consecutive records is found by a binary search for
    ///   its end, since record indices strictly increase), O(1) a range for
    ///   `isAll`; never a step per row.
    public func records(for rows: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var records: [ClosedRange<Int>] = []
        let count = result.count
        for range in rows {
            let first = max(range.lowerBound, 0), last = min(range.upperBound, count - 1)
            guard first <= last else { continue }
            if result.isAll {
                Self.appendMerging(first...last, to: &records)
                continue
            }
            result.withRecordIndices { indices in
                guard let indices else { return }
                appendRuns(indices, first, last, to: &records)
            }
        }
        return records
    }

    /// Appends the runs of consecutive records in `indices[first...last]`.
    private func appendRuns(_ indices: UnsafeBufferPointer<UInt32>, _ first: Int, _ last: Int,
                            to records: inout [ClosedRange<Int>]) {
        // Record indices strictly increase, so the rows are one run exactly
        // when the records at the ends are as far apart as the rows.
        var first = first
        while first <= last {
            var low = first, high = last
            // The longest run from `first`: binary search for its end.
            while low < high {
                let middle = low + (high - low + 1) / 2
                if Int(indices[middle]) - Int(indices[first]) == middle - first { low = middle } else { high = middle - 1 }
            }
            Self.appendMerging(Int(indices[first])...Int(indices[low]), to: &records)
            first = low + 1
        }
    }

    private static func appendMerging(_ range: ClosedRange<Int>, to ranges: inout [ClosedRange<Int>]) {
        if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
            ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }
}
