/// One section's selected items as sorted, disjoint, non-adjacent closed
/// ranges (the idea behind GTK's roaring-bitmap `GtkBitset`): selecting all
/// of ten million items is one range, and memory grows with the number of
/// ranges, not of items.
///
/// Mutations report what they changed through a callback, so hot paths can
/// collect changes into reused buffers without allocating.
public struct IndexRanges: Hashable, Sendable, CustomStringConvertible {
    private var tree = RangeTree()
    /// The number of items, kept up to date. - Complexity: O(1).
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ ranges: S) where S.Element == ClosedRange<Int> {
        for range in ranges { insert(range) { _ in } }
    }

    /// The set of `ranges`, which must be sorted, disjoint and not adjacent
    /// (as a coalescing pass in index order makes them). - Complexity: O(r).
    init(sortedRanges ranges: [ClosedRange<Int>]) {
        tree = RangeTree(sorted: ranges)
        count = ranges.reduce(0) { $0 + $1.count }
    }

    public var isEmpty: Bool { tree.rangeCount == 0 }
    /// The number of ranges. - Complexity: O(1).
    public var rangeCount: Int { tree.rangeCount }
    /// - Complexity: O(log r).
    public var first: Int? { tree.first()?.lowerBound }
    /// - Complexity: O(log r).
    public var last: Int? { tree.last()?.upperBound }

    /// Every range in order. - Complexity: O(r); prefer `forEachRange` on hot paths.
    public var ranges: [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        result.reserveCapacity(tree.rangeCount)
        tree.forEach { result.append($0) }
        return result
    }

    /// Calls `body` with every range in order, without building an array. - Complexity: O(r).
    public func forEachRange(_ body: (ClosedRange<Int>) -> Void) { tree.forEach(body) }

    /// - Complexity: O(log r).
    public func contains(_ item: Int) -> Bool { tree.range(containing: item) != nil }

    /// Adds `range`; `added` receives each part that was not already present.
    /// - Complexity: O(log r + k) for k ranges merged.
    public mutating func insert(_ range: ClosedRange<Int>, added: (ClosedRange<Int>) -> Void) {
        let low = range.lowerBound, high = range.upperBound
        if let holder = tree.range(containing: low), holder.upperBound >= high { return }
        // The ranges that overlap or touch `range` merge with it.
        let touchLow = low == Int.min ? low : low - 1, touchHigh = high == Int.max ? high : high + 1
        guard let firstTouching = tree.first(endingAtOrAfter: touchLow), firstTouching.lowerBound <= touchHigh,
              let lastTouching = tree.neighbours(of: touchHigh).before else {
            let (before, _, after) = tree.take(startingIn: low...low)
            tree.join(before, range, nil, after)
            count += range.count
            added(range)
            return
        }
        let (before, inside, after) = tree.take(startingIn: firstTouching.lowerBound...lastTouching.lowerBound)
        // The gaps between the merged ranges, inside `range`, are what is new.
        // The cursor is nil once a present range reaches Int.max (nothing can follow it).
        var cursor: Int? = low, covered = 0
        tree.forEach(in: inside) { present in
            covered += present.count
            guard let gapStart = cursor else { return }
            if present.lowerBound > gapStart { added(gapStart...(present.lowerBound - 1)) }
            cursor = present.upperBound == Int.max ? nil : max(gapStart, present.upperBound + 1)
        }
        if let gapStart = cursor, gapStart <= high { added(gapStart...high) }
        let merged = min(low, firstTouching.lowerBound)...max(high, lastTouching.upperBound)
        tree.discard(inside, before: before, after: after)
        tree.join(before, merged, nil, after)
        count += merged.count - covered
    }

    /// Removes `range`; `removed` receives each part that was present.
    /// - Complexity: O(log r + k) for k ranges touched.
    public mutating func remove(_ range: ClosedRange<Int>, removed: (ClosedRange<Int>) -> Void) {
        let low = range.lowerBound, high = range.upperBound
        guard let first = tree.first(endingAtOrAfter: low), first.lowerBound <= high,
              let last = tree.neighbours(of: high).before else { return }
        let (before, inside, after) = tree.take(startingIn: first.lowerBound...last.lowerBound)
        tree.forEach(in: inside) { present in
            let part = max(low, present.lowerBound)...min(high, present.upperBound)
            removed(part)
            count -= part.count
        }
        // What is left of the first and last ranges outside `range` stays.
        let head = first.lowerBound < low ? first.lowerBound...(low - 1) : nil
        let tail = last.upperBound > high ? (high + 1)...last.upperBound : nil
        tree.discard(inside, before: before, after: after)
        tree.join(before, head, tail, after)
    }

    /// Removes the items of `range` and closes the gap: every item after it
    /// moves down by `range.count`, and the ranges on either side join when
    /// they meet (a batch delete). - Complexity: O(log r + k) for k ranges removed.
    public mutating func removeItems(_ range: ClosedRange<Int>) {
        remove(range) { _ in }
        guard range.upperBound != Int.max else { return }
        tree.shift(from: range.upperBound + 1, by: -range.count)
        tree.fuse(at: range.lowerBound)
    }

    /// Opens a gap of `count` absent items at `item`: every item at or after
    /// it moves up by `count`, a range holding `item` splits there (a batch
    /// insert). - Complexity: O(log r).
    public mutating func insertItems(at item: Int, count gap: Int) {
        guard gap > 0 else { return }
        tree.cut(at: item)
        tree.shift(from: item, by: gap)
    }

    /// Flips every item of `range`: present ones go, absent ones come.
    /// - Complexity: O(log r + k).
    public mutating func toggle(_ range: ClosedRange<Int>, added: (ClosedRange<Int>) -> Void, removed: (ClosedRange<Int>) -> Void) {
        // Collect the gaps first (they become the new ranges), then remove what was there.
        var gaps: [ClosedRange<Int>] = []
        forEachGap(in: range) { gaps.append($0) }
        remove(range, removed: removed)
        for gap in gaps { insert(gap, added: added) }
    }

    /// Empties the set; `removed` receives every range.
    public mutating func removeAll(removed: (ClosedRange<Int>) -> Void) {
        tree.forEach(removed)
        tree.removeAll()
        count = 0
    }

    /// Calls `body` with each part of `range` that is present, in order.
    /// - Complexity: O(log r + k).
    public func forEachIntersection(with range: ClosedRange<Int>, _ body: (ClosedRange<Int>) -> Void) {
        tree.forEach(intersecting: range) { present in
            body(max(present.lowerBound, range.lowerBound)...min(present.upperBound, range.upperBound))
        }
    }

    /// Calls `body` with each part of `range` that is absent, in order.
    /// - Complexity: O(log r + k).
    public func forEachGap(in range: ClosedRange<Int>, _ body: (ClosedRange<Int>) -> Void) {
        var cursor = range.lowerBound
        forEachIntersection(with: range) { present in
            if present.lowerBound > cursor { body(cursor...(present.lowerBound - 1)) }
            cursor = present.upperBound == Int.max ? Int.max : present.upperBound + 1
        }
        if cursor <= range.upperBound && !(cursor == Int.max && contains(Int.max)) { body(cursor...range.upperBound) }
    }

    /// The present item nearest to `item` (the later one on a tie), or nil when empty.
    /// - Complexity: O(log r).
    public func nearest(to item: Int) -> Int? {
        let (before, after) = tree.neighbours(of: item)
        if let before, before.upperBound >= item { return item }
        switch (before?.upperBound, after?.lowerBound) {
        case let (b?, a?): return item - b < a - item ? b : a
        case let (b?, nil): return b
        case let (nil, a?): return a
        default: return nil
        }
    }

    /// Whether the ranges are sorted, disjoint and non-adjacent, the count
    /// is right and the tree is heap-ordered.
    public var isValid: Bool {
        var total = 0, previous: ClosedRange<Int>?, ordered = true
        tree.forEach { range in
            total += range.count
            if let previous, previous.upperBound == Int.max || previous.upperBound + 1 >= range.lowerBound { ordered = false }
            previous = range
        }
        return ordered && total == count && tree.isHeapOrdered
    }

    /// The depth of the storage tree: about 2 log2(r) expected, O(r) never in practice.
    var treeDepth: Int { tree.depth }

    public static func == (lhs: IndexRanges, rhs: IndexRanges) -> Bool {
        lhs.count == rhs.count && lhs.rangeCount == rhs.rangeCount && lhs.ranges == rhs.ranges
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        forEachRange { hasher.combine($0) }
    }

    public var description: String { ranges.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ") }
}
