import SweepLayout
import SweepViews

/// What a cell sorts by: a text in natural order (numbers in it by value,
/// case and accents after the letters), an integer, a number, or nothing
/// (sorted last in either direction).
public enum TableSortValue: Hashable, Sendable {
    case text(String)
    case integer(Int64)
    case number(Double)
    case none
}

/// Where a cell's text sits in its column.
public enum CellAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing
}

/// One column of a `TableView` over rows of type `Row` (SwiftUI's
/// `TableColumn`, GTK's `GtkColumnViewColumn`): a stable identifier (what
/// the saved `TableColumnState` names), a title, a width rule, an
/// alignment, and what a cell shows and sorts by.
public struct TableColumn<Row> {
    /// Stable across runs: saved column states refer to it.
    public let id: String
    /// The header's title.
    public var title: String
    /// How wide it asks to be; a person's resize replaces it (`TableColumnState.widths`).
    public var width: ColumnWidth
    /// Numbers and sizes right-aligned (`.trailing`), names leading.
    public var alignment: CellAlignment
    /// Whether a click on the header sorts by it.
    public var isSortable: Bool
    /// Whether the header's menu can hide it (the first column usually not).
    public var isHideable: Bool
    /// The cell's text.
    public var text: (Row) -> String
    /// A picture before the text (a file's icon), nil for none.
    public var image: ((Row) -> ItemImage?)?
    /// What the column sorts by; by default the text. A column's kind is
    /// that of its first row's value: values of another kind sort as none.
    public var sortValue: ((Row) -> TableSortValue)?

    /// A column showing `text`.
    public init(id: String, title: String, width: ColumnWidth = .flexible(minimum: 60, ideal: 140, maximum: 10_000),
                alignment: CellAlignment = .leading, isSortable: Bool = true, isHideable: Bool = true,
                text: @escaping (Row) -> String, image: ((Row) -> ItemImage?)? = nil, sortValue: ((Row) -> TableSortValue)? = nil) {
        self.id = id
        self.title = title
        self.width = width
        self.alignment = alignment
        self.isSortable = isSortable
        self.isHideable = isHideable
        self.text = text
        self.image = image
        self.sortValue = sortValue
    }
}

/// One key of a table's sort: a column and its direction.
public struct TableSortDescriptor: Hashable, Sendable, Codable {
    public var column: String
    public var ascending: Bool

    public init(column: String, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}

/// What a person made of a table's columns, to save and give back
/// (`TableView.columnState`): their order, the widths they dragged, the
/// hidden ones and the sort. Names of columns the table no longer has are
/// ignored when it is given back; columns it does not name keep their
/// defaults and come after the named ones.
public struct TableColumnState: Hashable, Sendable, Codable {
    /// Column identifiers, first to last (hidden ones included).
    public var order: [String]
    /// The widths set by resizing, by column.
    public var widths: [String: Double]
    /// Hidden columns.
    public var hidden: Set<String>
    /// The sort keys, primary first; empty: the rows' own order.
    public var sort: [TableSortDescriptor]

    public init(order: [String] = [], widths: [String: Double] = [:], hidden: Set<String> = [], sort: [TableSortDescriptor] = []) {
        self.order = order
        self.widths = widths
        self.hidden = hidden
        self.sort = sort
    }

    /// The state made sane for columns `ids` (in their default order):
    /// every column once in `order`, unknown names dropped, widths finite,
    /// only hideable columns hidden and at least one shown, and the sort on
    /// known, distinct, sortable columns.
    func normalized(for columnIDs: [String], sortable: Set<String>, hideable: Set<String>) -> TableColumnState {
        // Columns named twice count once (the first).
        var unique = Set<String>()
        let ids = columnIDs.filter { unique.insert($0).inserted }
        let known = Set(ids)
        var seen = Set<String>()
        var order = self.order.filter { known.contains($0) && seen.insert($0).inserted }
        order += ids.filter { !seen.contains($0) }
        let widths = self.widths.filter { known.contains($0.key) && $0.value.isFinite }
            .mapValues { min(max($0, TableColumnGeometry.minimumWidth), TableColumnGeometry.maximumWidth) }
        var hidden = self.hidden.intersection(known).intersection(hideable)
        if hidden.count >= ids.count, let first = order.first { hidden.remove(first) }
        var sortSeen = Set<String>()
        let sort = self.sort.filter { sortable.contains($0.column) && sortSeen.insert($0.column).inserted }
        return TableColumnState(order: order, widths: widths, hidden: hidden, sort: sort)
    }
}
