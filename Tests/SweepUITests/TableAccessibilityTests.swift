import SweepAccessibility
@testable import SweepUI
import Testing

private struct Item: Identifiable {
    let id: Int
    let name: String
    let size: Int
    var isFolder = false
}

@MainActor private let itemColumns = [
    TableColumn<Item>(id: "name", title: "Name", text: \.name),
    TableColumn<Item>(id: "size", title: "Size", alignment: .trailing, text: { "\($0.size) B" }),
]

/// A table is a table of rows of cells to a screen reader, each column with its header; an outline
/// a tree table whose rows open and close and say their level; a name being edited says so.
@MainActor @Suite struct TableAccessibilityTests {
    @Test func rowsAreMadeOfACellPerColumnWithColumnHeaders() throws {
        let table = try TableView(columns: itemColumns, rows: (0..<4).map { Item(id: $0, name: "file \($0)", size: $0 * 100) })
        table.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        let object = try #require(table.collectionView.accessibleObject)
        let shape = try #require(object.table)
        #expect(object.role == .table)
        #expect(shape.rowCount == 4 && shape.columnCount == 2 && object.childCount == 8)
        let cell = try #require(object.child(at: 5))
        #expect(cell.role == .tableCell && cell.name() == "200 B")
        #expect(shape.cell(ofChildAt: 5)! == (row: 2, column: 1, columnSpan: 1))
        #expect(shape.childIndex(row: 3, column: 0) == 6)
        #expect(object.child(at: 6)?.name() == "file 3")
        #expect(object.index(of: cell) == 5)
        #expect(shape.columnHeader(1)?.name() == "Size" && shape.columnHeader(1)?.role == .tableColumnHeader)
        #expect(shape.columnHeader(2) == nil)
        // Selecting a row selects its cells.
        table.collectionView.selectItem(at: ItemPath(item: 2))
        #expect(shape.isSelected(row: 2, column: 1) && cell.states().contains(.selected))
        // The cell's extents are its column's part of the row.
        let extents = try #require(cell.extents?())
        #expect(extents.minX == table.columnGeometry.starts[1] && extents.width == table.columnGeometry.widths[1])
        // A resize keeps every object a reader holds; hiding a column retires the cells, not the rows.
        let row = try #require(object.child(at: 4))
        table.resizeColumn(1, to: 150, final: false)
        #expect(object.child(at: 5) === cell && !cell.states().contains(.defunct))
        table.headerMenuChosen("column:size")
        #expect(shape.columnCount == 1 && object.childCount == 4)
        #expect(cell.states().contains(.defunct) && !row.states().contains(.defunct))
        #expect(object.child(at: 2) === row, "row 2's first cell is the same object, now child 2")
    }

    @Test func anOutlineRowSaysItsLevelOpensAndCloses() async throws {
        let outline = TableOutline<Item>(hasChildren: \.isFolder) { row in
            [Item(id: row.id * 10 + 1, name: "inner", size: 1)]
        }
        let table = try TableView(columns: itemColumns, rows: [Item(id: 1, name: "folder", size: 0, isFolder: true)], outline: outline)
        table.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        let object = try #require(table.collectionView.accessibleObject)
        #expect(object.role == .treeTable)
        let row = try #require(object.child(at: 0))
        #expect(row.states().contains(.expandable) && row.states().contains(.collapsed))
        #expect(row.attributes()["level"] == "1")
        let expand = try #require(row.actions.first { $0.name == "expand" })
        #expect(expand.perform())
        for _ in 0..<10 { await Task.yield() }
        #expect(object.table?.rowCount == 2)
        #expect(row.states().contains(.expanded))
        #expect(object.child(at: 2)?.attributes()["level"] == "2" && object.child(at: 2)?.name() == "inner")
        #expect(row.actions.first { $0.name == "collapse" }?.perform() == true)
        #expect(object.table?.rowCount == 1)
    }

    @Test func aNameBeingEditedSaysSo() throws {
        let table = try TableView(columns: itemColumns, rows: [Item(id: 1, name: "a.txt", size: 1)])
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        table.onRename = { _, _ in nil }
        let object = try #require(table.collectionView.accessibleObject)
        let first = try #require(object.child(at: 0))
        #expect(first.attributes()["editing"] == nil)
        table.beginRenaming(at: ItemPath(item: 0))
        #expect(first.attributes()["editing"] == "true" && first.states().contains(.editable))
        #expect(table.children.contains { $0 === table.nameEditor }, "the editor is in the tree, an entry named Name")
        table.cancelRenaming()
        #expect(first.attributes()["editing"] == nil)
    }
}
