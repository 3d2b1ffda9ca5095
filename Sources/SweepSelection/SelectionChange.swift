import SweepGeometry

/// What an operation changed in the effective selection: the items that
/// became selected and those that stopped being selected, as ranges in index
/// order. It drives damage and the event log.
public struct SelectionChange: Hashable, Sendable {
    public private(set) var added: [ItemRange] = []
    public private(set) var removed: [ItemRange] = []

    public init() {}

    public init(added: [ItemRange], removed: [ItemRange]) {
        for range in added { self.add(range) }
        for range in removed { self.remove(range) }
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
    public var addedCount: Int { added.reduce(0) { $0 + $1.count } }
    public var removedCount: Int { removed.reduce(0) { $0 + $1.count } }

    /// Records newly selected items, merging with the previous range when they touch.
    public mutating func add(_ range: ItemRange) {
        Self.append(range, to: &added)
    }

    /// Records newly deselected items.
    public mutating func remove(_ range: ItemRange) {
        Self.append(range, to: &removed)
    }

    /// Empties the change, keeping its storage for reuse.
    public mutating func reset() {
        added.removeAll(keepingCapacity: true)
        removed.removeAll(keepingCapacity: true)
    }

    /// Appends `other`'s ranges (callers keep the order meaningful).
    public mutating func formUnion(_ other: SelectionChange) {
        for range in other.added { add(range) }
        for range in other.removed { remove(range) }
    }

    private static func append(_ range: ItemRange, to list: inout [ItemRange]) {
        if let last = list.last, last.section == range.section, last.items.upperBound + 1 == range.items.lowerBound {
            list[list.count - 1] = ItemRange(section: last.section, items: last.items.lowerBound...range.items.upperBound)
        } else {
            list.append(range)
        }
    }
}
