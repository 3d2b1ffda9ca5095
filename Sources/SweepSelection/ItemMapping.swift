import SweepGeometry

/// Where each item goes in one batch of data changes (`ItemUpdate`): built
/// from the item counts before the batch, it validates the batch, gives the
/// counts after it, and maps index paths and selections from before to after.
///
/// The items that are neither deleted nor moved ("survivors") keep their
/// order and fill, in order, the new indices not taken by inserts and move
/// destinations. In each section that is a piecewise-linear map, kept as
/// segments (old start, new start, count): a new segment begins only where
/// a deleted or moved-away run ends or an inserted or moved-to run begins,
/// so there are at most d + i + 1 segments in a section with d such
/// removed runs and i such taken runs, whatever the item count. Moves are
/// kept apart, sorted, and looked up by binary search.
public struct ItemMapping: Sendable {
    /// A run of surviving items that move together: old items
    /// `oldStart..<oldStart + count` become new items `newStart..<newStart + count`.
    public struct Segment: Hashable, Sendable {
        public var oldStart: Int
        public var newStart: Int
        public var count: Int

        /// A run of `count` items from old index `oldStart` to new index `newStart`.
        public init(oldStart: Int, newStart: Int, count: Int) {
            self.oldStart = oldStart
            self.newStart = newStart
            self.count = count
        }

        /// The old indices the segment covers.
        public var oldItems: Range<Int> { oldStart..<(oldStart + count) }
        /// The new indices the segment covers.
        public var newItems: Range<Int> { newStart..<(newStart + count) }
    }

    /// The batch, as given.
    public let update: ItemUpdate
    /// Items per section before the batch.
    public let oldItemCounts: [Int]
    /// Items per section after the batch.
    public let newItemCounts: [Int]

    // Every section's segments, in section then index order; those of
    // section s are segments[sectionStarts[s]..<sectionStarts[s + 1]].
    private let segments: [Segment]
    private let sectionStarts: [Int]
    // The moves sorted by origin (for `map(_:)`) and by destination (so a
    // selection's carried items come out in index order).
    private let movesByOrigin: [ItemMove]
    private let movesByDestination: [ItemMove]
    // Per section, sorted: old runs that leave (deletes, move origins) and
    // new runs that are filled (inserts, move destinations).
    private let removedRuns: [[ClosedRange<Int>]]
    private let takenRuns: [[ClosedRange<Int>]]

    /// Validates `update` against `oldItemCounts` and builds the mapping.
    ///
    /// - Parameters:
    ///   - oldItemCounts: items per section before the batch.
    ///   - update: the batch.
    ///   - newItemCounts: the counts the data source reports after the
    ///     batch, if it does (UIKit asks it): they must match the counts the
    ///     batch implies, or the batch is refused with `.countMismatch`.
    /// - Throws: `ItemUpdateError` when an index is out of range (before the
    ///   batch for deletes, reloads and move origins; after it for inserts
    ///   and move destinations), when an item is removed or a new index
    ///   filled twice, when a reloaded item is also deleted or moved, or
    ///   when the reported counts do not add up.
    /// - Complexity: O(s + u log u) for s sections and u ranges and moves in
    ///   the batch; never proportional to the item count.
    public init(oldItemCounts: [Int], update: ItemUpdate, newItemCounts reported: [Int]? = nil) throws(ItemUpdateError) {
        let sectionCount = oldItemCounts.count
        for (section, count) in oldItemCounts.enumerated() where count < 0 {
            throw .negativeItemCount(section: section, count: count)
        }
        func checkSection(_ path: ItemPath) throws(ItemUpdateError) {
            guard path.section >= 0 && path.section < sectionCount else {
                throw .noSuchSection(path, sectionCount: sectionCount)
            }
        }
        func checkOld(_ range: ItemRange) throws(ItemUpdateError) {
            try checkSection(range.first)
            let count = oldItemCounts[range.section]
            if range.items.lowerBound < 0 {
                throw .itemOutOfRange(range.first, count: count)
            }
            if range.items.upperBound >= count {
                throw .itemOutOfRange(ItemPath(section: range.section, item: max(range.items.lowerBound, count)), count: count)
            }
        }

        // Old runs that leave their place (deletes, move origins) and new
        // runs that are taken (inserts, move destinations), per section.
        var removed = [[ClosedRange<Int>]](repeating: [], count: sectionCount)
        var taken = [[ClosedRange<Int>]](repeating: [], count: sectionCount)
        for range in update.deleted {
            try checkOld(range)
            removed[range.section].append(range.items)
        }
        for move in update.moved {
            try checkOld(ItemRange(section: move.from.section, items: move.from.item...move.from.item))
            removed[move.from.section].append(move.from.item...move.from.item)
            try checkSection(move.to)
            taken[move.to.section].append(move.to.item...move.to.item)
        }
        for range in update.inserted {
            // Bounds after the batch are checked below, once the new count is known.
            try checkSection(range.first)
            taken[range.section].append(range.items)
        }

        var newCounts = [Int]()
        newCounts.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            removed[section].sort { $0.lowerBound < $1.lowerBound }
            taken[section].sort { $0.lowerBound < $1.lowerBound }
            var removedCount = 0
            for (index, run) in removed[section].enumerated() {
                if index > 0 && removed[section][index - 1].upperBound >= run.lowerBound {
                    throw .itemRemovedTwice(ItemPath(section: section, item: run.lowerBound))
                }
                removedCount += run.count
            }
            // Count the taken runs with overflow checks: they are not validated yet.
            var newCount = oldItemCounts[section] - removedCount
            for run in taken[section] {
                let (width, overflowWidth) = run.upperBound.subtractingReportingOverflow(run.lowerBound)
                let (sum, overflowSum) = newCount.addingReportingOverflow(width)
                guard !overflowWidth && !overflowSum && sum < Int.max else {
                    throw .newItemOutOfRange(ItemPath(section: section, item: run.upperBound), newCount: Int.max)
                }
                newCount = sum + 1
            }
            if let first = taken[section].first, first.lowerBound < 0 {
                throw .newItemOutOfRange(ItemPath(section: section, item: first.lowerBound), newCount: newCount)
            }
            for (index, run) in taken[section].enumerated()
            where index > 0 && taken[section][index - 1].upperBound >= run.lowerBound {
                throw .newItemFilledTwice(ItemPath(section: section, item: run.lowerBound))
            }
            // Sorted and disjoint: the last run reaches furthest.
            if let last = taken[section].last, last.upperBound >= newCount {
                throw .newItemOutOfRange(ItemPath(section: section, item: max(last.lowerBound, newCount)), newCount: newCount)
            }
            newCounts.append(newCount)
        }

        for range in update.reloaded {
            try checkOld(range)
            // The first removed run that ends at or after the reload's start.
            let runs = removed[range.section]
            var low = 0, high = runs.count
            while low < high {
                let mid = (low + high) / 2
                if runs[mid].upperBound < range.items.lowerBound { low = mid + 1 } else { high = mid }
            }
            if low < runs.count && runs[low].lowerBound <= range.items.upperBound {
                throw .reloadOfRemovedItem(ItemPath(section: range.section,
                                                    item: max(runs[low].lowerBound, range.items.lowerBound)))
            }
        }

        if let reported {
            guard reported.count == sectionCount else {
                throw .sectionCountMismatch(expected: sectionCount, reported: reported.count)
            }
            for section in 0..<sectionCount where reported[section] != newCounts[section] {
                throw .countMismatch(section: section, expected: newCounts[section], reported: reported[section])
            }
        }

        // One pass per section: survivors (old indices outside `removed`)
        // fill free slots (new indices outside `taken`) in order.
        var segments: [Segment] = []
        var starts: [Int] = [0]
        starts.reserveCapacity(sectionCount + 1)
        for section in 0..<sectionCount {
            let gone = removed[section], filled = taken[section]
            let oldCount = oldItemCounts[section], newCount = newCounts[section]
            var old = 0, new = 0, g = 0, f = 0
            while true {
                while g < gone.count && gone[g].lowerBound <= old { old = max(old, gone[g].upperBound + 1); g += 1 }
                while f < filled.count && filled[f].lowerBound <= new { new = max(new, filled[f].upperBound + 1); f += 1 }
                guard old < oldCount else { break }
                let oldEnd = g < gone.count ? gone[g].lowerBound : oldCount
                let newEnd = f < filled.count ? filled[f].lowerBound : newCount
                let count = min(oldEnd - old, newEnd - new)
                assert(count > 0, "survivors and free slots out of step")
                segments.append(Segment(oldStart: old, newStart: new, count: count))
                old += count
                new += count
            }
            starts.append(segments.count)
        }

        self.update = update
        self.oldItemCounts = oldItemCounts
        self.newItemCounts = newCounts
        self.segments = segments
        self.sectionStarts = starts
        self.movesByOrigin = update.moved.sorted { $0.from < $1.from }
        self.movesByDestination = update.moved.sorted { $0.to < $1.to }
        self.removedRuns = removed
        self.takenRuns = taken
    }

    /// A mapping that changes nothing.
    public static func identity(itemCounts: [Int]) -> ItemMapping {
        // An empty batch over valid counts cannot fail.
        (try? ItemMapping(oldItemCounts: itemCounts.map { max(0, $0) }, update: ItemUpdate()))!
    }

    /// The surviving runs of `section`, in index order (old and new indices
    /// both increase). - Complexity: O(1).
    public func segments(inSection section: Int) -> ArraySlice<Segment> {
        guard section >= 0 && section < oldItemCounts.count else { return [] }
        return segments[sectionStarts[section]..<sectionStarts[section + 1]]
    }

    /// The number of segments over all sections.
    public var segmentCount: Int { segments.count }

    private func exists(_ item: ItemPath) -> Bool {
        item.section >= 0 && item.section < oldItemCounts.count && item.item >= 0 && item.item < oldItemCounts[item.section]
    }

    /// The index in `segments` of the first segment of `item`'s section that
    /// starts after `item.item` (the section's end index when none does).
    private func segmentIndex(after item: ItemPath) -> Int {
        var low = sectionStarts[item.section], high = sectionStarts[item.section + 1]
        while low < high {
            let mid = (low + high) / 2
            if segments[mid].oldStart <= item.item { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func move(from item: ItemPath) -> ItemMove? {
        guard !movesByOrigin.isEmpty else { return nil }
        var low = 0, high = movesByOrigin.count
        while low < high {
            let mid = (low + high) / 2
            if movesByOrigin[mid].from < item { low = mid + 1 } else { high = mid }
        }
        return low < movesByOrigin.count && movesByOrigin[low].from == item ? movesByOrigin[low] : nil
    }

    /// Where the item at `item` (before the batch) is after it: shifted, or
    /// at its move's destination; nil when it was deleted or did not exist.
    /// A reloaded item stays. - Complexity: O(log g + log m) for g segments
    /// in the section and m moves.
    public func map(_ item: ItemPath) -> ItemPath? {
        guard exists(item) else { return nil }
        if let move = move(from: item) { return move.to }
        let index = segmentIndex(after: item) - 1
        guard index >= sectionStarts[item.section] else { return nil }
        let segment = segments[index]
        guard item.item < segment.oldStart + segment.count else { return nil }
        return ItemPath(section: item.section, item: item.item - segment.oldStart + segment.newStart)
    }

    /// Like `map(_:)`, but a deleted item maps to the first surviving item
    /// after it in its section, else to the last one before it, else nil
    /// (the section lost every old item). Keeps the focus, or the item at
    /// the top of the viewport, near where it was.
    /// - Complexity: O(log g + log m).
    public func mapNearest(_ item: ItemPath) -> ItemPath? {
        if let mapped = map(item) { return mapped }
        guard exists(item) else { return nil }
        let next = segmentIndex(after: item)
        if next < sectionStarts[item.section + 1] {
            return ItemPath(section: item.section, item: segments[next].newStart)
        }
        if next > sectionStarts[item.section] {
            let previous = segments[next - 1]
            return ItemPath(section: item.section, item: previous.newStart + previous.count - 1)
        }
        return nil
    }

    /// The selection after the batch: every surviving selected item shifted,
    /// every selected moved item at its destination, inserted items not
    /// selected, and items outside the old counts dropped. Ranges split
    /// where items are inserted or moved in, and join where the items
    /// between them were deleted or moved out.
    /// - Complexity: O(r) to copy the selection, then as `apply(to:)`.
    public func map(_ selection: Selection) -> Selection {
        var result = selection
        apply(to: &result)
        return result
    }

    /// Makes `selection` the selection after the batch, in place (see
    /// `map(_:)`). Each deleted or moved-out run closes its gap and each
    /// inserted or moved-in run opens one, as one shift of every later range
    /// in the ranges' tree.
    /// - Complexity: O(s + (u + m) log r + k) for s sections, u runs and m
    ///   moves in the batch, r selected ranges and k ranges deleted or
    ///   joined: never proportional to the items, nor to the ranges the
    ///   batch does not touch.
    public func apply(to selection: inout Selection) {
        // Selected items that move, read before anything shifts.
        var carried: [ItemPath] = []
        for move in movesByDestination where selection.contains(move.from) { carried.append(move.to) }
        selection.updateSections(keeping: newItemCounts.count) { section, ranges in
            // Items at or past the old count did not exist: they go first.
            if let last = ranges.last, last >= oldItemCounts[section] {
                ranges.remove(oldItemCounts[section]...Int.max) { _ in }
            }
            // From the end, so each run's old indices are still valid when it is removed.
            for run in removedRuns[section].reversed() { ranges.removeItems(run) }
            // In new-index order: the survivors before a run are in their final places by then.
            for run in takenRuns[section] { ranges.insertItems(at: run.lowerBound, count: run.count) }
        }
        for item in carried { selection.insert(ItemRange(section: item.section, items: item.item...item.item)) }
    }
}
