import SweepSelection
import SweepViews

/// A table's rows in the app's order, as the list data source under the
/// table's sorted view (`FilteredDataSource`): each row is an item whose
/// content carries its index, which the row renderer draws the columns of.
/// New rows are told to the sorted view as a snapshot change by the rows'
/// identifiers, so the selection, the focus and the top row follow them.
@MainActor
final class TableRowSource<Row: Identifiable>: @MainActor ListDataSource, SnapshotSourceRegistering where Row.ID: Sendable {
    private(set) var rows: [Row]
    private var snapshot = ItemSnapshot<Int, Row.ID>()
    private weak var observer: (any SnapshotObserver)?
    /// The column type-ahead and screen readers name a row by.
    var titleColumn: TableColumn<Row>?

    init(rows: [Row]) throws(ItemIdentifierError) {
        self.rows = []
        try setRows(rows)
    }

    /// Shows `newRows`. - Throws: when two rows share an identifier (the old rows stay).
    func setRows(_ newRows: [Row]) throws(ItemIdentifierError) {
        var next = ItemSnapshot<Int, Row.ID>()
        next.appendSections([0])
        _ = next.appendItems(newRows.map(\.id), toSection: 0)
        let transition = try ItemSnapshot.transition(from: snapshot, to: next)
        snapshot = next
        rows = newRows
        observer?.sourceDidApply(transition)
    }

    func addObserver(_ observer: any SnapshotObserver) { self.observer = observer }

    var sectionCounts: [Int] { [rows.count] }

    func row(at item: ItemPath) -> Row? { rows.indices.contains(item.item) ? rows[item.item] : nil }

    func title(for item: ItemPath) -> String {
        guard let row = row(at: item), let column = titleColumn else { return "" }
        return column.text(row)
    }

    func content(for item: ItemPath) -> ItemContent {
        ItemContent(title: title(for: item), value: ItemValue(item.item))
    }
}
