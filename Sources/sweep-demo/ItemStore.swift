import SweepUI

/// The split view's items: the rows of a base source (generated, or the
/// lines of `--items`) that have not been deleted, in the base's order.
/// The rows shown are kept as sorted ranges of base rows, so deleting a
/// million selected rows out of ten million, and putting them back, costs
/// O(ranges), never O(rows). Restored rows return to their places because
/// the order is the base's. A base that grows (a file still being read)
/// shows its new rows only when told (`appendArrivedRows`), so the views'
/// counts change only with a batch update.
final class ItemStore: RowDataSource {
    let base: RowDataSource
    /// The base rows shown, as sorted disjoint ranges.
    private(set) var shown: IndexRanges
    /// The shown ranges in order, and the position of each one's first row
    /// (a prefix sum), rebuilt after each change for O(log ranges) lookups.
    private var shownRanges: [ClosedRange<Int>] = []
    private var starts: [Int] = []
    /// The base rows taken so far; the base may have more that arrived since.
    private(set) var baseCount: Int

    init(base: RowDataSource) {
        self.base = base
        baseCount = base.numberOfRows
        shown = IndexRanges(baseCount > 0 ? [0...(baseCount - 1)] : [])
        reindex()
    }

    /// Shows the base rows that arrived since the last call after every
    /// other row (they come after every base row, deleted or not) and
    /// returns their positions; nil when none arrived.
    /// - Complexity: O(shown ranges).
    func appendArrivedRows() -> ClosedRange<Int>? {
        let total = base.numberOfRows
        guard total > baseCount else { return nil }
        let first = shown.count
        shown.insert(baseCount...(total - 1)) { _ in }
        baseCount = total
        reindex()
        return first...(shown.count - 1)
    }

    private func reindex() {
        starts.removeAll(keepingCapacity: true)
        shownRanges = shown.ranges
        var position = 0
        for range in shownRanges {
            starts.append(position)
            position += range.count
        }
    }

    var numberOfRows: Int { shown.count }

    /// The index of the shown range holding a position. - Complexity: O(log ranges).
    private func rangeIndex(atPosition position: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The base row at a position. - Complexity: O(log ranges).
    func baseRow(at position: Int) -> Int {
        let index = rangeIndex(atPosition: position)
        return shownRanges[index].lowerBound + (position - starts[index])
    }

    /// The position of a shown base row (or where it would be). - Complexity: O(log ranges).
    func position(ofBase row: Int) -> Int {
        var low = 0, high = shownRanges.count
        while low < high {
            let mid = (low + high) / 2
            if shownRanges[mid].upperBound < row { low = mid + 1 } else { high = mid }
        }
        guard low < shownRanges.count else { return shown.count }
        return starts[low] + max(0, row - shownRanges[low].lowerBound)
    }

    func title(forRow row: Int) -> String { base.title(forRow: baseRow(at: row)) }
    func subtitle(forRow row: Int) -> String? { base.subtitle(forRow: baseRow(at: row)) }

    /// Removes the rows at `positions` (sorted, disjoint ranges of positions)
    /// and returns them as base rows, to restore later.
    func delete(_ positions: [ClosedRange<Int>]) -> IndexRanges {
        var removed = IndexRanges()
        for range in positions {
            // A range of positions covers one or more shown ranges of base rows.
            var position = range.lowerBound
            while position <= range.upperBound {
                let index = rangeIndex(atPosition: position)
                let row = shownRanges[index].lowerBound + (position - starts[index])
                let runEnd = min(shownRanges[index].upperBound, row + (range.upperBound - position))
                removed.insert(row...runEnd) { _ in }
                position += runEnd - row + 1
            }
        }
        for range in removed.ranges { shown.remove(range) { _ in } }
        reindex()
        return removed
    }

    /// Puts base rows back; returns the positions they have now, in order.
    func restore(_ rows: IndexRanges) -> [ClosedRange<Int>] {
        for range in rows.ranges { shown.insert(range) { _ in } }
        reindex()
        return rows.ranges.map { range in
            let start = position(ofBase: range.lowerBound)
            return start...(start + range.count - 1)
        }
    }
}
