import SweepAccessibility
import SweepGeometry

/// What a screen reader sees of a table: its rows' list is a table (a tree
/// table for an outline) whose rows are made of a cell per shown column,
/// each column with its header; an outline row's first cell says its
/// level, whether it opens and is open, and can be opened and closed.
@MainActor
final class TableAccessibleColumns<Row: Identifiable>: AccessibleTableColumns where Row.ID: Sendable {
    private unowned let table: TableView<Row>
    /// Header objects by column identifier, kept so a reader holds the same one.
    private var headers: [String: AccessibleObject] = [:]

    init(table: TableView<Row>) { self.table = table }

    var count: Int { max(1, table.shownColumns.count) }

    func header(_ column: Int) -> AccessibleObject? {
        guard table.shownColumns.indices.contains(column) else { return nil }
        let id = table.shownColumns[column].id
        if let made = headers[id] { return made }
        let header = AccessibleObject(role: .tableColumnHeader)
        header.parent = table.collectionView.accessibleObject
        header.name = { [unowned table] in table.columns.first { $0.id == id }?.title ?? "" }
        header.states = { AccessibleStates.usable }
        header.extents = { [unowned table, unowned self] in
            guard let index = table.shownColumns.firstIndex(where: { $0.id == id }) else { return .zero }
            return extents(ofColumn: index, inRow: table.header.frame)
        }
        headers[id] = header
        return header
    }

    func text(of item: ItemPath, column: Int) -> String {
        guard table.shownColumns.indices.contains(column), let row = table.row(at: item) else { return "" }
        return table.shownColumns[column].text(row)
    }

    func outline(of item: ItemPath) -> (level: Int, expandable: Bool, expanded: Bool)? {
        guard let tree = table.tree, let row = table.row(at: item) else { return nil }
        return (table.depth(at: item) + 1, tree.hasChildren(row), tree.isExpanded(row.id))
    }

    func parent(of item: ItemPath) -> ItemPath? {
        let level = table.depth(at: item)
        guard level > 0 else { return nil }
        // The nearest row above that is one level up.
        var row = item.item - 1
        while row >= 0, table.depth(at: ItemPath(item: row)) >= level { row -= 1 }
        return row >= 0 ? ItemPath(item: row) : nil
    }

    func setExpanded(_ item: ItemPath, _ expanded: Bool) -> Bool {
        guard let row = table.row(at: item), table.tree?.hasChildren(row) == true else { return false }
        if expanded { table.expand(row.id) } else { table.collapse(row.id) }
        return true
    }

    func isEditing(_ item: ItemPath, column: Int) -> Bool {
        guard case .editing(let id, _, _) = table.renameState, let row = table.row(at: item), row.id == id,
              table.shownColumns.indices.contains(column) else { return false }
        return table.shownColumns[column].id == table.renamedColumn?.id
    }

    func extents(ofColumn column: Int, inRow row: Rect) -> Rect {
        let geometry = table.columnGeometry
        guard column >= 0, column < geometry.starts.count else { return row }
        let x = table.collectionView.frame.minX + table.columnsOrigin + geometry.starts[column]
        return Rect(x: x, y: row.minY, width: geometry.widths[column], height: row.height)
    }
}
