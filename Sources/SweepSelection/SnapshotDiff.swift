import SweepGeometry

/// The parts of a snapshot diff that do not depend on the identifier type:
/// which runs of matched items stay, which old items were deleted, and
/// index paths gathered into ranges.
@usableFromInline
enum SnapshotDiff {
    /// Items consecutive in both snapshots: old items
    /// `oldStart..<oldStart + count` of section `oldSection` are new items
    /// `newStart..<newStart + count` of section `newSection`.
    @usableFromInline
    struct Run: Sendable {
        @usableFromInline var oldSection: Int
        @usableFromInline var oldStart: Int
        @usableFromInline var newSection: Int
        @usableFromInline var newStart: Int
        @usableFromInline var count: Int

        @inlinable
        init(oldSection: Int, oldStart: Int, newSection: Int, newStart: Int, count: Int) {
            self.oldSection = oldSection
            self.oldStart = oldStart
            self.newSection = newSection
            self.newStart = newStart
            self.count = count
        }
    }

    /// Runs of consecutive matches gathered in new order: a match that
    /// continues the run being built (the next new item and the next old
    /// one) lengthens it, any other starts a new run.
    @usableFromInline
    struct Runs {
        @usableFromInline var done: [Run] = []
        @usableFromInline var current = Run(oldSection: -1, oldStart: 0, newSection: -1, newStart: 0, count: 0)

        @inlinable
        init() {}

        /// `count` items from old `from` on matched new items from (`section`, `item`) on.
        @inlinable
        mutating func add(from: ItemPath, toSection section: Int, item: Int, count: Int) {
            if current.newSection == section && current.newStart + current.count == item
                && current.oldSection == from.section && current.oldStart + current.count == from.item {
                current.count += count
                return
            }
            if current.count > 0 { done.append(current) }
            current = Run(oldSection: from.section, oldStart: from.item, newSection: section, newStart: item, count: count)
        }

        /// Every run, the last one included.
        @inlinable
        mutating func finish() -> [Run] {
            if current.count > 0 { done.append(current) }
            current.count = 0
            return done
        }
    }

    /// Which of `runs` (in new order) stay put; the others move. Per
    /// section, of the runs that stay in it, the heaviest (most items) set
    /// whose old starts increase: since runs are disjoint intervals of old
    /// indices, an increasing sequence of items never needs part of a run,
    /// so this keeps a longest increasing subsequence of the items and
    /// moves the fewest. A run that changes section always moves.
    /// - Complexity: O(r log r) for r runs; O(r) when they kept their order.
    @usableFromInline
    static func keptRuns(_ runs: [Run]) -> [Bool] {
        var kept = [Bool](repeating: false, count: runs.count)
        var first = 0
        while first < runs.count {
            var end = first
            while end < runs.count && runs[end].newSection == runs[first].newSection { end += 1 }
            let staying = (first..<end).filter { runs[$0].oldSection == runs[$0].newSection }
            let heaviest = heaviestIncreasing(starts: staying.map { runs[$0].oldStart }, weights: staying.map { runs[$0].count })
            for (index, run) in staying.enumerated() { kept[run] = heaviest[index] }
            first = end
        }
        return kept
    }

    /// Marks the set of indices whose `starts` increase (in index order)
    /// with the largest total weight, by dynamic programming over a Fenwick
    /// tree of prefix maxima keyed by the rank of each start.
    /// - Complexity: O(r log r); O(r) when `starts` already increase.
    @usableFromInline
    static func heaviestIncreasing(starts: [Int], weights: [Int]) -> [Bool] {
        let count = starts.count
        if zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) { return [Bool](repeating: true, count: count) }
        var rank = [Int](repeating: 0, count: count)
        for (position, index) in starts.indices.sorted(by: { starts[$0] < starts[$1] }).enumerated() { rank[index] = position + 1 }
        // tree[k]: the best (total, last index) among prefixes ending at ranks its node covers.
        var tree = [(total: Int, index: Int)](repeating: (0, -1), count: count + 1)
        var previous = [Int](repeating: -1, count: count)
        var best = (total: 0, index: -1)
        for index in 0..<count {
            var before = (total: 0, index: -1)
            var node = rank[index] - 1
            while node > 0 {
                if tree[node].total > before.total { before = tree[node] }
                node -= node & -node
            }
            let total = before.total + weights[index]
            previous[index] = before.index
            if total > best.total { best = (total, index) }
            node = rank[index]
            while node <= count {
                if total > tree[node].total { tree[node] = (total, index) }
                node += node & -node
            }
        }
        var kept = [Bool](repeating: false, count: count)
        var index = best.index
        while index >= 0 {
            kept[index] = true
            index = previous[index]
        }
        return kept
    }

    /// The old items no run covers, as ranges in index order: the deleted
    /// items. - Complexity: O(s + r log r); O(s + r) when the runs are in old order.
    @usableFromInline
    static func unmatched(by runs: [Run], oldItemCounts: [Int]) -> [ItemRange] {
        var covered = runs
        let inOrder = zip(runs, runs.dropFirst()).allSatisfy {
            ($0.oldSection, $0.oldStart) < ($1.oldSection, $1.oldStart)
        }
        if !inOrder { covered.sort { ($0.oldSection, $0.oldStart) < ($1.oldSection, $1.oldStart) } }
        var deleted: [ItemRange] = []
        var next = 0
        for (section, count) in oldItemCounts.enumerated() {
            var item = 0
            while next < covered.count && covered[next].oldSection == section {
                if covered[next].oldStart > item {
                    deleted.append(ItemRange(section: section, items: item...(covered[next].oldStart - 1)))
                }
                item = covered[next].oldStart + covered[next].count
                next += 1
            }
            if item < count { deleted.append(ItemRange(section: section, items: item...(count - 1))) }
        }
        return deleted
    }

    /// `paths` in index order, consecutive items of a section joined into
    /// one range. - Complexity: O(k log k).
    @usableFromInline
    static func coalesced(_ paths: [ItemPath]) -> [ItemRange] {
        var ranges: [ItemRange] = []
        for path in paths.sorted() where ranges.last?.last != path {
            ItemIdentifierDiff.appendCoalescing(&ranges, section: path.section, item: path.item)
        }
        return ranges
    }
}
