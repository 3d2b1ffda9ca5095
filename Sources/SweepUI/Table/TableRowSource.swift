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
    /// The rows' identifiers as last told; nil at first and after rows were
    /// inserted or removed in one place (made from `rows` when next needed).
    private var snapshot: ItemSnapshot<Int, Row.ID>? = ItemSnapshot<Int, Row.ID>()
    private weak var observer: (any SnapshotObserver)?
    /// The column type-ahead and screen readers name a row by.
    var titleColumn: TableColumn<Row>?

    /// The first rows are checked, not kept as a snapshot: a million rows'
    /// identifiers and their index cost ~45 MB for a diff that only a later
    /// `setRows` needs, which makes it from `rows` then.
    init(rows: [Row]) throws(ItemIdentifierError) {
        try Self.check(rows)
        self.rows = rows
        snapshot = nil
    }

    /// Shows `newRows`. - Throws: when two rows share an identifier (the old rows stay).
    func setRows(_ newRows: [Row]) throws(ItemIdentifierError) {
        let next = Self.snapshot(of: newRows)
        var old = snapshot ?? Self.snapshot(of: rows)
        let transition: SnapshotTransition
        do {
            transition = try ItemSnapshot.transition(from: old, to: next)
        } catch let error where error.isAboutOldSnapshot {
            // Rows inserted in place showed an identifier twice (a folder linked beside itself):
            // the later copies go first, then everything else follows its identity.
            _ = try ItemSnapshot.transition(from: ItemSnapshot<Int, Row.ID>(), to: next)
            removeLaterDuplicates()
            old = Self.snapshot(of: rows)
            transition = (try? ItemSnapshot.transition(from: old, to: next)) ?? Self.replacing(rows.count, with: newRows.count)
        }
        snapshot = next
        rows = newRows
        observer?.sourceDidApply(transition)
    }

    /// Inserts `newRows` before row `index`, told as a batch (no identifiers compared).
    func insertRows(_ newRows: [Row], at index: Int) {
        guard !newRows.isEmpty, index >= 0, index <= rows.count else { return }
        let oldCount = rows.count
        rows.insert(contentsOf: newRows, at: index)
        snapshot = nil
        let update = ItemUpdate.insert(ItemRange(section: 0, items: index...(index + newRows.count - 1)))
        tell(update, oldCount: oldCount)
    }

    /// Removes the rows in `range`, told as a batch.
    func removeRows(_ range: Range<Int>) {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= rows.count else { return }
        let oldCount = rows.count
        rows.removeSubrange(range)
        snapshot = nil
        tell(ItemUpdate.delete(ItemRange(section: 0, items: range.lowerBound...(range.upperBound - 1))), oldCount: oldCount)
    }

    private func tell(_ update: ItemUpdate, oldCount: Int) {
        guard let mapping = try? ItemMapping(oldItemCounts: [oldCount], update: update) else { return }
        observer?.sourceDidApply(SnapshotTransition(batch: mapping))
    }

    /// Removes every row whose identifier an earlier row has, told as one batch.
    private func removeLaterDuplicates() {
        var seen = Set<Row.ID>(), repeated: [ItemRange] = []
        for (index, row) in rows.enumerated() where !seen.insert(row.id).inserted {
            if let last = repeated.last, last.items.upperBound + 1 == index {
                repeated[repeated.count - 1] = ItemRange(section: 0, items: last.items.lowerBound...index)
            } else {
                repeated.append(ItemRange(section: 0, items: index...index))
            }
        }
        guard !repeated.isEmpty else { return }
        let oldCount = rows.count
        for range in repeated.reversed() { rows.removeSubrange(range.items) }
        tell(ItemUpdate.delete(repeated), oldCount: oldCount)
    }

    private static func snapshot(of rows: [Row]) -> ItemSnapshot<Int, Row.ID> {
        var snapshot = ItemSnapshot<Int, Row.ID>()
        snapshot.appendSections([0])
        _ = snapshot.appendItems(rows.map(\.id), toSection: 0)
        return snapshot
    }

    /// Every old row deleted and every new one inserted.
    private static func replacing(_ oldCount: Int, with newCount: Int) -> SnapshotTransition {
        var update = ItemUpdate()
        if oldCount > 0 { update.deleted = [ItemRange(section: 0, items: 0...(oldCount - 1))] }
        if newCount > 0 { update.inserted = [ItemRange(section: 0, items: 0...(newCount - 1))] }
        // Counts that agree with the update cannot fail to map.
        let mapping = try? ItemMapping(oldItemCounts: [oldCount], update: update)
        return mapping.map { SnapshotTransition(batch: $0) } ?? SnapshotTransition(batch: ItemMapping.identity(itemCounts: [newCount]))
    }

    func addObserver(_ observer: any SnapshotObserver) { self.observer = observer }

    /// Throws when two of `rows` share an identifier (naming the first pair),
    /// as a snapshot of them would, with only a set of the identifiers.
    static func check(_ rows: [Row]) throws(ItemIdentifierError) {
        var seen = Set<Row.ID>(minimumCapacity: rows.count)
        for (index, row) in rows.enumerated() where !seen.insert(row.id).inserted {
            let first = rows.firstIndex { $0.id == row.id } ?? index
            throw .duplicateIdentifier(String(describing: row.id), snapshot: .new,
                                       first: ItemPath(section: 0, item: first), duplicate: ItemPath(section: 0, item: index))
        }
    }

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

extension ItemIdentifierError {
    /// Whether the fault is in the snapshot before the change.
    var isAboutOldSnapshot: Bool {
        switch self {
        case .duplicateIdentifier(_, let snapshot, _, _), .duplicateSectionIdentifier(_, let snapshot, _, _): snapshot == .old
        case .sectionCountMismatch: false
        }
    }
}
