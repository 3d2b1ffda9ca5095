/// The order of a list's rows as runs of consecutive row ids: rows can be
/// removed, put back, moved and added in O(runs), never O(rows), so a list
/// of ten million rows reorders a selection of a million as fast as one
/// of ten. Lookups by position are O(log runs).
public struct RowRuns: Equatable, Sendable {
    /// The ids shown, in order, as runs.
    public private(set) var runs: [ClosedRange<Int>]
    /// The position of each run's first row (a prefix sum).
    private var starts: [Int] = []
    public private(set) var count = 0

    /// Rows 0 ..< count in order.
    public init(count: Int) {
        runs = count > 0 ? [0...(count - 1)] : []
        reindex()
    }

    private mutating func reindex() {
        // Neighbouring runs that continue each other are joined.
        var joined: [ClosedRange<Int>] = []
        joined.reserveCapacity(runs.count)
        for run in runs {
            if let last = joined.last, last.upperBound + 1 == run.lowerBound {
                joined[joined.count - 1] = last.lowerBound...run.upperBound
            } else {
                joined.append(run)
            }
        }
        runs = joined
        starts.removeAll(keepingCapacity: true)
        var position = 0
        for run in runs {
            starts.append(position)
            position += run.count
        }
        count = position
    }

    /// The run holding a position. - Complexity: O(log runs).
    private func runIndex(at position: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The id of the row at `position` (0 ..< count).
    public func id(at position: Int) -> Int {
        let index = runIndex(at: position)
        return runs[index].lowerBound + (position - starts[index])
    }

    /// Adds `ids` after the last row.
    public mutating func append(_ ids: ClosedRange<Int>) {
        runs.append(ids)
        reindex()
    }

    /// Removes the rows at `positions` (sorted, disjoint) and returns their
    /// ids in order.
    @discardableResult
    public mutating func remove(_ positions: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var removed: [ClosedRange<Int>] = []
        var kept: [ClosedRange<Int>] = []
        var next = 0   // the next position range to take
        for (index, run) in runs.enumerated() {
            var position = starts[index]
            let end = position + run.count - 1
            while position <= end {
                while next < positions.count && positions[next].upperBound < position { next += 1 }
                let cut = next < positions.count ? positions[next] : nil
                if let cut, cut.lowerBound <= position {
                    // Remove up to the cut's end or the run's.
                    let last = min(cut.upperBound, end)
                    removed.append((run.lowerBound + position - starts[index])...(run.lowerBound + last - starts[index]))
                    position = last + 1
                } else {
                    // Keep up to the next cut or the run's end.
                    let last = min(end, (cut?.lowerBound ?? end + 1) - 1)
                    kept.append((run.lowerBound + position - starts[index])...(run.lowerBound + last - starts[index]))
                    position = last + 1
                }
            }
        }
        runs = kept
        reindex()
        return removed
    }

    /// Inserts `ids` (runs, in order) before `position` (count: at the end).
    public mutating func insert(_ ids: [ClosedRange<Int>], at position: Int) {
        guard !ids.isEmpty else { return }
        let position = max(0, min(position, count))
        if position == count {
            runs += ids
        } else {
            let index = runIndex(at: position)
            let run = runs[index], offset = position - starts[index]
            var replacement: [ClosedRange<Int>] = []
            if offset > 0 { replacement.append(run.lowerBound...(run.lowerBound + offset - 1)) }
            replacement += ids
            replacement.append((run.lowerBound + offset)...run.upperBound)
            runs.replaceSubrange(index...index, with: replacement)
        }
        reindex()
    }

    /// Moves the rows at `positions` (sorted, disjoint) together before
    /// `insertion` (a position before the move), keeping their order; returns
    /// where they are now.
    @discardableResult
    public mutating func move(_ positions: [ClosedRange<Int>], to insertion: Int) -> ClosedRange<Int>? {
        var before = 0
        for range in positions where range.lowerBound < insertion { before += min(range.upperBound, insertion - 1) - range.lowerBound + 1 }
        let moved = remove(positions)
        let total = moved.reduce(0) { $0 + $1.count }
        guard total > 0 else { return nil }
        let target = insertion - before
        insert(moved, at: target)
        return target...(target + total - 1)
    }
}
