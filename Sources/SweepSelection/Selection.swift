import SweepGeometry

/// Selected items across sections: one `IndexRanges` per section.
public struct Selection: Hashable, Sendable {
    private var sections: [IndexRanges] = []
    /// - Complexity: O(1).
    public private(set) var count = 0

    public init() {}

    public init<S: Sequence>(_ ranges: S) where S.Element == ItemRange {
        var change = SelectionChange()
        for range in ranges { insert(range, into: &change) }
    }

    /// The selection of `ranges`, which must be in index order, disjoint and
    /// not adjacent within a section (as `ItemIdentifierDiff.appendCoalescing`
    /// leaves them): each section's tree is built at once, not range by
    /// range. - Complexity: O(s + r).
    @usableFromInline
    init(sortedRanges ranges: [ItemRange]) {
        var sections: [IndexRanges] = []
        var start = 0
        while start < ranges.count {
            let section = ranges[start].section
            var end = start
            while end < ranges.count && ranges[end].section == section { end += 1 }
            while sections.count < section { sections.append(IndexRanges()) }
            sections.append(IndexRanges(sortedRanges: ranges[start..<end].map(\.items)))
            start = end
        }
        self.init(sections: sections)
    }

    /// A selection of the given sections' ranges (built in order by `ItemMapping`).
    /// - Complexity: O(s).
    init(sections: [IndexRanges]) {
        self.sections = sections
        count = sections.reduce(0) { $0 + $1.count }
    }

    /// Drops the sections from `sectionCount` on, lets `body` change each
    /// remaining section's ranges in place, and recounts (batch updates).
    /// - Complexity: O(s) plus `body`.
    mutating func updateSections(keeping sectionCount: Int, _ body: (Int, inout IndexRanges) -> Void) {
        if sections.count > sectionCount { sections.removeSubrange(sectionCount...) }
        for section in sections.indices where !sections[section].isEmpty { body(section, &sections[section]) }
        while sections.last?.isEmpty == true { sections.removeLast() }
        count = sections.reduce(0) { $0 + $1.count }
    }

    /// The number of sections with storage (at least one past the last selected section).
    var sectionCount: Int { sections.count }

    public var isEmpty: Bool { count == 0 }

    /// The ranges of section `section` (empty when none).
    public func ranges(inSection section: Int) -> IndexRanges {
        section >= 0 && section < sections.count ? sections[section] : IndexRanges()
    }

    /// - Complexity: O(log r).
    public func contains(_ item: ItemPath) -> Bool {
        item.section >= 0 && item.section < sections.count && sections[item.section].contains(item.item)
    }

    private mutating func ensureSection(_ section: Int) {
        precondition(section >= 0, "negative section")
        while sections.count <= section { sections.append(IndexRanges()) }
    }

    /// - Complexity: O(log r + k).
    public mutating func insert(_ range: ItemRange, into change: inout SelectionChange) {
        ensureSection(range.section)
        let before = sections[range.section].count
        sections[range.section].insert(range.items) { change.add(ItemRange(section: range.section, items: $0)) }
        count += sections[range.section].count - before
    }

    /// Inserts without reporting the change. - Complexity: O(log r + k).
    public mutating func insert(_ range: ItemRange) {
        ensureSection(range.section)
        let before = sections[range.section].count
        sections[range.section].insert(range.items) { _ in }
        count += sections[range.section].count - before
    }

    /// Empties the selection, keeping its storage for reuse. - Complexity: O(s).
    public mutating func removeAll() {
        for section in sections.indices where !sections[section].isEmpty {
            sections[section].removeAll { _ in }
        }
        count = 0
    }

    /// Calls `body` with every range in index order, without building an array.
    public func forEachRange(_ body: (ItemRange) -> Void) {
        for (section, ranges) in sections.enumerated() {
            ranges.forEachRange { body(ItemRange(section: section, items: $0)) }
        }
    }

    /// - Complexity: O(log r + k).
    public mutating func remove(_ range: ItemRange, into change: inout SelectionChange) {
        guard range.section >= 0 && range.section < sections.count else { return }
        let before = sections[range.section].count
        sections[range.section].remove(range.items) { change.remove(ItemRange(section: range.section, items: $0)) }
        count += sections[range.section].count - before
    }

    /// - Complexity: O(log r + k).
    public mutating func toggle(_ range: ItemRange, into change: inout SelectionChange) {
        ensureSection(range.section)
        let before = sections[range.section].count
        sections[range.section].toggle(range.items,
                                       added: { change.add(ItemRange(section: range.section, items: $0)) },
                                       removed: { change.remove(ItemRange(section: range.section, items: $0)) })
        count += sections[range.section].count - before
    }

    /// - Complexity: O(r).
    public mutating func removeAll(into change: inout SelectionChange) {
        for section in sections.indices {
            sections[section].removeAll { change.remove(ItemRange(section: section, items: $0)) }
        }
        count = 0
    }

    /// Calls `body` with the selected parts of `range`, in order. - Complexity: O(log r + k).
    public func forEachIntersection(with range: ItemRange, _ body: (ItemRange) -> Void) {
        guard range.section >= 0 && range.section < sections.count else { return }
        sections[range.section].forEachIntersection(with: range.items) { body(ItemRange(section: range.section, items: $0)) }
    }

    /// Calls `body` with the unselected parts of `range`, in order. - Complexity: O(log r + k).
    public func forEachGap(in range: ItemRange, _ body: (ItemRange) -> Void) {
        guard range.section >= 0 && range.section < sections.count else { body(range); return }
        sections[range.section].forEachGap(in: range.items) { body(ItemRange(section: range.section, items: $0)) }
    }

    /// Every range in index order (the event log's `[[section, first, last], …]`). - Complexity: O(r).
    public var ranges: [ItemRange] {
        sections.enumerated().flatMap { section, ranges in ranges.ranges.map { ItemRange(section: section, items: $0) } }
    }

    /// The selected index paths in order, produced lazily. - Complexity: O(r) to create.
    public var indexPaths: some Sequence<ItemPath> {
        sections.enumerated().lazy.flatMap { section, ranges in
            ranges.ranges.lazy.flatMap { $0.lazy.map { ItemPath(section: section, item: $0) } }
        }
    }

    /// The first and last selected items.
    public var first: ItemPath? {
        for (section, ranges) in sections.enumerated() { if let item = ranges.first { return ItemPath(section: section, item: item) } }
        return nil
    }

    /// The selected item nearest `item` in index order: in its own section if
    /// any, else the closest section's nearest end. - Complexity: O(log r + s).
    public func nearest(to item: ItemPath) -> ItemPath? {
        if item.section >= 0, item.section < sections.count, let found = sections[item.section].nearest(to: item.item) {
            return ItemPath(section: item.section, item: found)
        }
        for distance in 1..<max(1, sections.count + 1) {
            let after = item.section + distance, before = item.section - distance
            if after >= 0, after < sections.count, let first = sections[after].first { return ItemPath(section: after, item: first) }
            if before >= 0, before < sections.count, let last = sections[before].last { return ItemPath(section: before, item: last) }
        }
        return nil
    }

    /// Every section's ranges are valid and the count adds up.
    public var isValid: Bool {
        sections.allSatisfy(\.isValid) && sections.reduce(0) { $0 + $1.count } == count
    }
}
