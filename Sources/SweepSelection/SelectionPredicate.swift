import SweepGeometry

/// Decides which items may be selected (disabled rows, placeholders).
/// Selection operations ask for whole ranges, so select-all and bands stay
/// range-based with a range-backed predicate.
public protocol SelectionPredicate: Sendable {
    func canSelect(_ item: ItemPath) -> Bool
    /// The selectable parts of `range`, in order.
    func selectableParts(of range: ItemRange) -> [ItemRange]
    /// Whether every item of `range` is selectable (the fast path of gesture updates).
    func allowsAll(of range: ItemRange) -> Bool
}

extension SelectionPredicate {
    public func allowsAll(of range: ItemRange) -> Bool { selectableParts(of: range) == [range] }
}

/// Every item is selectable.
public struct AllowAllItems: SelectionPredicate {
    public init() {}
    public func canSelect(_ item: ItemPath) -> Bool { true }
    public func selectableParts(of range: ItemRange) -> [ItemRange] { [range] }
    public func allowsAll(of range: ItemRange) -> Bool { true }
}

/// Forbids the items in a range set (disabled rows).
/// - Complexity: O(log r + k) per range query.
public struct ForbiddenItems: SelectionPredicate {
    public var forbidden: Selection

    public init(_ forbidden: [ItemRange]) {
        self.forbidden = Selection(forbidden)
    }

    public func canSelect(_ item: ItemPath) -> Bool { !forbidden.contains(item) }

    public func selectableParts(of range: ItemRange) -> [ItemRange] {
        var parts: [ItemRange] = []
        forbidden.forEachGap(in: range) { parts.append($0) }
        return parts
    }

    public func allowsAll(of range: ItemRange) -> Bool {
        var clear = true
        forbidden.forEachIntersection(with: range) { _ in clear = false }
        return clear
    }
}

/// A predicate from a closure asked item by item.
/// - Complexity: O(items) per range query: keep it for small views.
public struct ItemPredicate: SelectionPredicate {
    private let test: @Sendable (ItemPath) -> Bool

    public init(_ test: @escaping @Sendable (ItemPath) -> Bool) {
        self.test = test
    }

    public func canSelect(_ item: ItemPath) -> Bool { test(item) }

    public func selectableParts(of range: ItemRange) -> [ItemRange] {
        var parts: [ItemRange] = []
        var start: Int?
        for item in range.items {
            if test(ItemPath(section: range.section, item: item)) {
                if start == nil { start = item }
            } else if let first = start {
                parts.append(ItemRange(section: range.section, items: first...(item - 1)))
                start = nil
            }
        }
        if let first = start { parts.append(ItemRange(section: range.section, items: first...range.items.upperBound)) }
        return parts
    }
}
