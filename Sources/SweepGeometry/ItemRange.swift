/// A run of consecutive items in one section, both ends included: the unit
/// in which selections, change sets and hit-test results are expressed.
public struct ItemRange: Hashable, Sendable, CustomStringConvertible {
    public var section: Int
    public var items: ClosedRange<Int>

    public init(section: Int, items: ClosedRange<Int>) {
        self.section = section
        self.items = items
    }

    public var count: Int { items.count }
    public var first: ItemPath { ItemPath(section: section, item: items.lowerBound) }
    public var last: ItemPath { ItemPath(section: section, item: items.upperBound) }

    public var description: String { "[\(section), \(items.lowerBound), \(items.upperBound)]" }
}
