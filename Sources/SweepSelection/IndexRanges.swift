/// One section's selected items as sorted, disjoint, non-adjacent closed
/// ranges (the idea behind GTK's roaring-bitmap `GtkBitset`): selecting all
/// of ten million items is one range, and memory grows with the number of
/// ranges, not of items.
///
/// Mutations report what they changed through a callback, so hot paths can
/// collect changes into reused buffers without allocating.
public struct IndexRanges: Hashable, Sendable, CustomStringConvertible {
    public private(set) var ranges: [ClosedRange<Int>] = []
    /// The number of items, kept up to date. - Complexity: O(1).
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ ranges: S) where S.Element == ClosedRange<Int> {
        for range in ranges { insert(range) { _ in } }
    }

    public var isEmpty: Bool { ranges.isEmpty }
    public var first: Int? { ranges.first?.lowerBound }
    public var last: Int? { ranges.last?.upperBound }

    /// The index of the first range whose upper bound is at least `value`.
    /// - Complexity: O(log r).
    @inline(__always)
    private func firstIndex(upperAtLeast value: Int) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// - Complexity: O(log r).
    public func contains(_ item: Int) -> Bool {
        let index = firstIndex(upperAtLeast: item)
        return index < ranges.count && ranges[index].lowerBound <= item
    }

    /// Adds `range`; `added` receives each part that was not already present.
    /// - Complexity: O(log r + k) for k ranges merged.
    public mutating func insert(_ range: ClosedRange<Int>, added: (ClosedRange<Int>) -> Void) {
        // Ranges that overlap or touch `range` merge with it.
        let start = firstIndex(upperAtLeast: range.lowerBound == Int.min ? Int.min : range.lowerBound - 1)
        var end = start
        var lower = range.lowerBound, upper = range.upperBound
        var cursor = range.lowerBound
        var covered = 0
        while end < ranges.count && ranges[end].lowerBound <= (range.upperBound == Int.max ? Int.max : range.upperBound + 1) {
            let existing = ranges[end]
            if existing.lowerBound > cursor { added(cursor...min(existing.lowerBound - 1, range.upperBound)) }
            cursor = max(cursor, existing.upperBound == Int.max ? Int.max : existing.upperBound + 1)
            lower = min(lower, existing.lowerBound)
            upper = max(upper, existing.upperBound)
            covered += existing.count
            end += 1
        }
        if cursor <= range.upperBound { added(cursor...range.upperBound) }
        let merged = lower...upper
        count += merged.count - covered
        if start == end {
            ranges.insert(merged, at: start)
        } else {
            ranges[start] = merged
            if end - start > 1 { ranges.removeSubrange((start + 1)..<end) }
        }
    }

    /// Removes `range`; `removed` receives each part that was present.
    /// - Complexity: O(log r + k) for k ranges touched.
    public mutating func remove(_ range: ClosedRange<Int>, removed: (ClosedRange<Int>) -> Void) {
        let start = firstIndex(upperAtLeast: range.lowerBound)
        var end = start
        while end < ranges.count && ranges[end].lowerBound <= range.upperBound {
            let existing = ranges[end]
            let part = max(existing.lowerBound, range.lowerBound)...min(existing.upperBound, range.upperBound)
            removed(part)
            count -= part.count
            end += 1
        }
        guard start < end else { return }
        let head = ranges[start].lowerBound < range.lowerBound ? ranges[start].lowerBound...(range.lowerBound - 1) : nil
        let tail = ranges[end - 1].upperBound > range.upperBound ? (range.upperBound + 1)...ranges[end - 1].upperBound : nil
        switch (head, tail) {
        case let (head?, tail?):
            ranges[start] = head
            if end - start == 1 { ranges.insert(tail, at: start + 1) } else {
                ranges[start + 1] = tail
                if end - start > 2 { ranges.removeSubrange((start + 2)..<end) }
            }
        case let (head?, nil):
            ranges[start] = head
            if end - start > 1 { ranges.removeSubrange((start + 1)..<end) }
        case let (nil, tail?):
            ranges[end - 1] = tail
            if end - 1 > start { ranges.removeSubrange(start..<(end - 1)) }
        case (nil, nil):
            ranges.removeSubrange(start..<end)
        }
    }

    /// Appends `range` after every present item, joining the last range when
    /// they touch (building a set in index order, as `ItemMapping` does).
    /// - Complexity: O(1) amortized.
    mutating func append(_ range: ClosedRange<Int>) {
        if let last = ranges.last {
            precondition(last.upperBound < range.lowerBound, "append out of order")
            if last.upperBound + 1 == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound...range.upperBound
                count += range.count
                return
            }
        }
        ranges.append(range)
        count += range.count
    }

    mutating func reserveCapacity(_ capacity: Int) {
        ranges.reserveCapacity(capacity)
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
        for range in ranges { removed(range) }
        ranges.removeAll(keepingCapacity: true)
        count = 0
    }

    /// Calls `body` with each part of `range` that is present, in order.
    /// - Complexity: O(log r + k).
    public func forEachIntersection(with range: ClosedRange<Int>, _ body: (ClosedRange<Int>) -> Void) {
        var index = firstIndex(upperAtLeast: range.lowerBound)
        while index < ranges.count && ranges[index].lowerBound <= range.upperBound {
            body(max(ranges[index].lowerBound, range.lowerBound)...min(ranges[index].upperBound, range.upperBound))
            index += 1
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
        guard !ranges.isEmpty else { return nil }
        let index = firstIndex(upperAtLeast: item)
        if index < ranges.count && ranges[index].lowerBound <= item { return item }
        let after = index < ranges.count ? ranges[index].lowerBound : nil
        let before = index > 0 ? ranges[index - 1].upperBound : nil
        switch (before, after) {
        case let (b?, a?): return item - b < a - item ? b : a
        case let (b?, nil): return b
        case let (nil, a?): return a
        default: return nil
        }
    }

    /// Whether the ranges are sorted, disjoint, non-adjacent and the count is right.
    public var isValid: Bool {
        var total = 0
        for (index, range) in ranges.enumerated() {
            total += range.count
            if index > 0 && ranges[index - 1].upperBound + 1 >= range.lowerBound { return false }
        }
        return total == count
    }

    public var description: String { ranges.map { "\($0.lowerBound)...\($0.upperBound)" }.joined(separator: ", ") }
}
