import SweepGeometry

/// Index-order navigation over sections of `counts[s]` items, shared by the
/// list and grid layouts. Empty sections are skipped.
struct ItemCounts: Hashable, Sendable {
    let counts: [Int]

    init(_ counts: [Int]) {
        self.counts = counts
    }

    /// The first item of the first non-empty section at or after `section`. - Complexity: O(sections skipped).
    func firstItem(atOrAfterSection section: Int) -> ItemPath? {
        guard section >= 0, section < counts.count, let found = counts[section...].firstIndex(where: { $0 > 0 }) else { return nil }
        return ItemPath(section: found, item: 0)
    }

    var firstItem: ItemPath? { firstItem(atOrAfterSection: 0) }

    var lastItem: ItemPath? {
        guard let section = counts.lastIndex(where: { $0 > 0 }) else { return nil }
        return ItemPath(section: section, item: counts[section] - 1)
    }

    func item(after item: ItemPath) -> ItemPath? {
        if item.item + 1 < counts[item.section] { return ItemPath(section: item.section, item: item.item + 1) }
        return firstItem(atOrAfterSection: item.section + 1)
    }

    func item(before item: ItemPath) -> ItemPath? {
        if item.item > 0 { return ItemPath(section: item.section, item: item.item - 1) }
        guard item.section > 0, let previous = counts[..<item.section].lastIndex(where: { $0 > 0 }) else { return nil }
        return ItemPath(section: previous, item: counts[previous] - 1)
    }

    /// Every item from `start` through `end` in index order, into `result` (emptied first).
    /// - Complexity: O(sections between).
    func ranges(from start: ItemPath, through end: ItemPath, into result: inout [ItemRange]) {
        result.removeAll(keepingCapacity: true)
        let low = min(start, end), high = max(start, end)
        guard low.section != high.section else {
            result.append(ItemRange(section: low.section, items: low.item...high.item))
            return
        }
        if counts[low.section] > low.item {
            result.append(ItemRange(section: low.section, items: low.item...(counts[low.section] - 1)))
        }
        for section in (low.section + 1)..<high.section where counts[section] > 0 {
            result.append(ItemRange(section: section, items: 0...(counts[section] - 1)))
        }
        result.append(ItemRange(section: high.section, items: 0...high.item))
    }
}
