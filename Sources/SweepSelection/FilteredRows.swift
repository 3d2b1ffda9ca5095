/// How the rows of a `FilteredRows` follow the source items they show.
public enum RowOrder: Sendable, Hashable {
    /// Every source item, in order: row `r` shows item `r`.
    case identity
    /// Source items strictly increase with the row: a filter that keeps the
    /// source's order. Mapping a range is a binary search.
    case ascending
    /// Any order: a sort, a ranked filter. Mapping walks the rows.
    case arbitrary
}

/// The rows of a filtered or sorted view of a one-section source: row `r`
/// shows source item `sourceItem(atRow: r)`, and no source item shows twice.
///
/// An app conforms its own storage (a filter's buffer of indices, a sorted
/// permutation), so ten million rows are neither copied nor boxed. The range
/// mapping in `FilteredRows+Mapping` works on any conforming type; the
/// order says how fast it can be.
public protocol FilteredRows {
    /// The number of rows.
    var rowCount: Int { get }
    /// The source item shown in `row` (`0..<rowCount`).
    func sourceItem(atRow row: Int) -> Int
    /// How the rows follow the source items. A type that claims more order
    /// than it has gets wrong mappings, never a crash.
    var order: RowOrder { get }
    /// The first row whose source item is at least `item` (`rowCount` when
    /// none is): where `item` is or would be. Asked only of `identity` and
    /// `ascending` rows; the default is a binary search over
    /// `sourceItem(atRow:)`. - Complexity: O(log rows).
    func firstRow(atOrAfter item: Int) -> Int
}

extension FilteredRows {
    public func firstRow(atOrAfter item: Int) -> Int {
        if order == .identity { return min(max(item, 0), rowCount) }
        var lower = 0, upper = rowCount
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if sourceItem(atRow: middle) < item { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }
}

/// Every item of a source of `rowCount` items, in order: a view before any
/// filter, or a filter that keeps everything.
public struct AllSourceItems: FilteredRows, Sendable, Hashable {
    public let rowCount: Int

    /// All of `count` items (a negative count is none).
    public init(count: Int) { rowCount = max(0, count) }

    public func sourceItem(atRow row: Int) -> Int { row }
    public var order: RowOrder { .identity }
}

/// Rows given as an array of source items (a sorted permutation, a ranked
/// result), in the order stated.
public struct SourceItemList: FilteredRows, Sendable, Hashable {
    /// The source item of each row.
    public let items: [Int]
    public let order: RowOrder

    /// Rows showing `items` in turn; `order` says whether they ascend
    /// (`identity` is taken as `ascending`: the array may skip items).
    public init(_ items: [Int], order: RowOrder = .arbitrary) {
        self.items = items
        self.order = order == .identity ? .ascending : order
    }

    public var rowCount: Int { items.count }
    public func sourceItem(atRow row: Int) -> Int { items[row] }
}
