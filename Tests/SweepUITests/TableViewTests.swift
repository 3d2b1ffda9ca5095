import Foundation
import SweepGestures
import SweepInput
@testable import SweepUI
import Testing

/// A file as a details view shows it.
private struct File: Identifiable, Hashable {
    let id: Int
    var name: String
    var size: Int64
    var kind: String
}

private let files = [File(id: 1, name: "notes 10.txt", size: 300, kind: "Text"),
                     File(id: 2, name: "Notes 9.txt", size: 100, kind: "Text"),
                     File(id: 3, name: "photo.png", size: 5_000, kind: "Image"),
                     File(id: 4, name: "archive.zip", size: 100, kind: "Archive"),
                     File(id: 5, name: "Été.txt", size: 42, kind: "Text")]

@MainActor private let fileColumns: [TableColumn<File>] = [
    TableColumn(id: "name", title: "Name", width: .flexible(minimum: 100, ideal: 200, maximum: 10_000), isHideable: false,
                text: \.name, image: { _ in .icon(.document) }),
    TableColumn(id: "size", title: "Size", width: .fixed(100), alignment: .trailing, text: { "\($0.size) B" },
                sortValue: { .integer($0.size) }),
    TableColumn(id: "kind", title: "Kind", width: .fixed(120), text: \.kind),
]

@MainActor @Suite struct TableViewTests {
    /// A table 600 × 400 at the window's origin: header 30 high, rows 32.
    private func makeTable(_ rows: [File] = files, state: TableColumnState = TableColumnState(),
                           width: Double = 600) throws -> (TableView<File>, TestHost) {
        let table = try TableView(columns: fileColumns, rows: rows, state: state)
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: width, height: 400))
        return (table, host)
    }

    private func shownNames(_ table: TableView<File>) -> [String] {
        (0..<table.rows.count).compactMap { table.row(at: ItemPath(item: $0))?.name }
    }

    /// A left click (or, with `to`, a drag) through the arena at window points.
    private func click(_ host: TestHost, at point: Point, to end: Point? = nil, modifiers: Modifiers = [], time: Double = 1000) {
        let arena = host.gestureArena
        arena.pointerMoved(to: point, time: time)
        arena.pointerButton(pressed: true, modifiers: modifiers, time: time + 10)
        if let end {
            for step in 1...10 {
                let t = Double(step) / 10
                arena.pointerMoved(to: Point(x: point.x + (end.x - point.x) * t, y: point.y + (end.y - point.y) * t), time: time + 10 + 8 * Double(step))
            }
        }
        arena.pointerButton(pressed: false, modifiers: modifiers, time: time + 120)
    }

    @Test func theHeaderSitsOverTheRowsAndTheColumnsShareTheWidth() throws {
        let (table, _) = try makeTable()
        #expect(table.collectionView.frame == Rect(x: 0, y: 30, width: 600, height: 370))
        // Name is flexible: it takes what Size and Kind leave.
        #expect(table.columnGeometry.widths == [380, 100, 120])
        #expect(shownNames(table) == files.map(\.name), "no sort: the app's order")
        #expect(table.cursorShape(at: Point(x: 380, y: 15)) == .columnResize)
        #expect(table.cursorShape(at: Point(x: 200, y: 15)) == .default)
    }

    @Test func clickingATitleSortsAgainReversesAndShiftAddsAKey() throws {
        let (table, host) = try makeTable()
        var saved: [TableColumnState] = []
        table.onColumnStateChange = { saved.append($0) }
        click(host, at: Point(x: 430, y: 15))
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "size")])
        #expect(shownNames(table) == ["Été.txt", "Notes 9.txt", "archive.zip", "notes 10.txt", "photo.png"],
                "by size, ties in the app's order")
        click(host, at: Point(x: 430, y: 15), time: 3000)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "size", ascending: false)])
        #expect(shownNames(table).first == "photo.png")
        // Shift+click on Name: a second key breaks the size ties.
        click(host, at: Point(x: 100, y: 15), modifiers: .shift, time: 5000)
        #expect(table.sortDescriptors == [TableSortDescriptor(column: "size", ascending: false), TableSortDescriptor(column: "name")])
        #expect(shownNames(table) == ["photo.png", "notes 10.txt", "archive.zip", "Notes 9.txt", "Été.txt"])
        #expect(table.shownSort.map(\.column) == [1, 0])
        // A plain click on Name: it alone, in natural order (9 before 10, É with E).
        click(host, at: Point(x: 100, y: 15), time: 7000)
        #expect(shownNames(table) == ["archive.zip", "Été.txt", "Notes 9.txt", "notes 10.txt", "photo.png"])
        #expect(saved.count == 4 && saved.last?.sort == [TableSortDescriptor(column: "name")])
    }

    @Test func aSortKeepsTheSelectionTheFocusAndTheirRowsByIdentity() throws {
        let (table, _) = try makeTable()
        let view = table.collectionView
        view.allowsMultipleSelection = true
        view.selectRanges([ItemRange(section: 0, items: 1...2)])
        view.setFocus(ItemPath(item: 2))
        table.sortDescriptors = [TableSortDescriptor(column: "size", ascending: false)]
        #expect(Set(table.selectedRows.map(\.id)) == [2, 3])
        let shownSelected = view.selectedItems.compactMap { table.row(at: $0)?.id }
        #expect(Set(shownSelected) == [2, 3], "the view shows the same rows selected")
        #expect(view.focusedItem.flatMap { table.row(at: $0)?.id } == 3)
    }

    @Test func newRowsAreSortedInAndKeepTheSelection() throws {
        let (table, _) = try makeTable()
        table.collectionView.allowsMultipleSelection = true
        table.sortDescriptors = [TableSortDescriptor(column: "name")]
        table.collectionView.selectItem(at: ItemPath(item: 0))
        #expect(table.selectedRows.map(\.id) == [4])
        var next = files.filter { $0.id != 1 }
        next.insert(File(id: 9, name: "Zebra 2.txt", size: 1, kind: "Text"), at: 0)
        next.append(File(id: 8, name: "aardvark.txt", size: 1, kind: "Text"))
        try table.setRows(next)
        #expect(shownNames(table) == ["aardvark.txt", "archive.zip", "Été.txt", "Notes 9.txt", "photo.png", "Zebra 2.txt"])
        #expect(table.selectedRows.map(\.id) == [4])
        #expect(table.collectionView.selectedItems.map(\.item) == [1])
        #expect(throws: ItemIdentifierError.self) { try table.setRows(files + [files[0]]) }
        #expect(table.rows.count == 6, "refused rows leave the shown ones")
    }

    @Test func draggingAnEdgeResizesAndADoubleClickFitsTheColumn() throws {
        let (table, host) = try makeTable()
        var told: [TableColumnState] = []
        table.onColumnStateChange = { told.append($0) }
        // Size's trailing edge is at 480.
        click(host, at: Point(x: 480, y: 15), to: Point(x: 530, y: 18))
        #expect(table.columnState.widths == ["size": 150])
        #expect(told.count == 1 && told.last?.widths == ["size": 150], "told once, when the drag ended")
        #expect(table.columnGeometry.widths[1] == 150)
        // A double click on Kind's edge fits it to its title and cells.
        // (Name gave back 50: Kind's edge is the view's, 600; the grab reaches 4 inside.)
        let kindEdge = table.columnGeometry.starts[2] + table.columnGeometry.widths[2] - 2
        click(host, at: Point(x: kindEdge, y: 15), time: 3000)
        click(host, at: Point(x: kindEdge, y: 15), time: 3150)
        let fitted = try #require(table.columnState.widths["kind"])
        #expect(fitted > 40 && fitted < 120, "\(fitted)")
        #expect(fitted == table.fittedWidth(of: fileColumns[2]))
    }

    @Test func draggingATitleMovesItsColumn() throws {
        let (table, host) = try makeTable()
        var heard = 0
        table.onColumnStateChange = { _ in heard += 1 }
        // Name (0…380) dragged right past Kind's middle.
        click(host, at: Point(x: 100, y: 15), to: Point(x: 500, y: 15))
        #expect(table.columnState.order == ["size", "kind", "name"])
        #expect(table.sortDescriptors.isEmpty, "a drag is no click")
        #expect(heard == 1)
        // A finger drags Kind back to the front.
        let arena = host.gestureArena
        let kindMiddle = table.columnGeometry.starts[1] + table.columnGeometry.widths[1] / 2
        arena.handle(Input.touches(down: [(0, Point(x: kindMiddle, y: 15))], time: 4000))
        for step in 1...10 { arena.handle(Input.touches(moved: [(0, Point(x: kindMiddle - Double(step) * 20, y: 15))], time: 4000 + UInt32(step) * 16)) }
        arena.handle(Input.touches(up: [0], time: 4300))
        #expect(table.columnState.order == ["kind", "size", "name"])
    }

    @Test func theHeaderMenuHidesAndShowsColumnsButNeverTheLastOne() throws {
        let (table, _) = try makeTable()
        let menu = table.headerMenu()
        #expect(menu.items.compactMap { $0.mark == .checkmark(isOn: true) ? $0.title : nil } == ["Name", "Size", "Kind"])
        #expect(menu.item(withID: "column:name")?.isEnabled == false, "Name is not hideable")
        table.headerMenuChosen("column:size")
        #expect(table.shownColumns.map(\.id) == ["name", "kind"])
        #expect(table.columnState.hidden == ["size"])
        table.headerMenuChosen("column:kind")
        #expect(table.headerMenu().item(withID: "column:size")?.mark == .checkmark(isOn: false))
        table.headerMenuChosen("column:size")
        table.headerMenuChosen("reset-columns")
        #expect(table.shownColumns.map(\.id) == ["name", "size", "kind"] && table.columnState.hidden.isEmpty)
    }

    @Test func theColumnStateSurvivesJSONAndNonsenseInItIsIgnored() throws {
        let (table, _) = try makeTable()
        table.sortDescriptors = [TableSortDescriptor(column: "size", ascending: false)]
        table.resizeColumn(2, to: 77)
        table.moveColumn(2, before: 0)
        table.headerMenuChosen("column:size")
        let data = try JSONEncoder().encode(table.columnState)
        let restored = try JSONDecoder().decode(TableColumnState.self, from: data)
        let (again, _) = try makeTable(state: restored)
        #expect(again.columnState == table.columnState)
        #expect(again.shownColumns.map(\.id) == ["kind", "name"])
        #expect(again.columnGeometry.widths[0] == 77)
        #expect(shownNames(again).first == "photo.png", "sorted as saved, by a hidden column")
        // Names it does not know, twice-named columns, everything hidden, a sort on nothing.
        let odd = TableColumnState(order: ["ghost", "size", "size"], widths: ["ghost": 5, "kind": 1e9], hidden: ["name", "size", "kind"],
                                   sort: [TableSortDescriptor(column: "ghost"), TableSortDescriptor(column: "kind"), TableSortDescriptor(column: "kind")])
        let (sane, _) = try makeTable(state: odd)
        #expect(sane.columnState.order == ["size", "name", "kind"])
        #expect(sane.shownColumns.map(\.id) == ["name"], "Name cannot be hidden")
        #expect(sane.columnState.widths == ["kind": 20_000])
        #expect(sane.sortDescriptors == [TableSortDescriptor(column: "kind")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TableColumnState.self, from: Data("{\"order\":7}".utf8)) }
    }

    @Test func columnsWiderThanTheViewScrollSidewaysWithTheHeader() throws {
        let (table, host) = try makeTable(width: 300)
        // Name shrinks to its 100, Size and Kind keep theirs: 320 wide in a 300 view.
        #expect(table.columnGeometry.contentWidth == 320)
        var wheel = PointerFrame()
        wheel.source = .wheel
        wheel.modifiers = .shift
        wheel.vertical = AxisMotion(value: 15, value120: 120)
        table.collectionView.handleScroll(wheel)
        #expect(table.horizontalOffset == 20, "Shift turns the wheel sideways, clamped at the end")
        #expect(table.collectionView.itemView.scroll.offset == 0, "and does not scroll the rows")
        var fingers = PointerFrame()
        fingers.source = .finger
        fingers.horizontal = AxisMotion(value: -12)
        table.collectionView.handleScroll(fingers)
        #expect(table.horizontalOffset == 8)
        // A finger pans the rows sideways.
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 150, y: 200))], time: 1000))
        for step in 1...10 { arena.handle(Input.touches(moved: [(0, Point(x: 150 + Double(step) * 2, y: 200))], time: 1000 + UInt32(step) * 16)) }
        arena.handle(Input.touches(up: [0], time: 1400))
        #expect(table.horizontalOffset == 0)
        // The header hit-tests where it draws: Size's edge moved left by the offset.
        table.scrollSideways(by: 20)
        #expect(table.cursorShape(at: Point(x: 180, y: 15)) == .columnResize)
    }

    @Test func aLeadingKeyKeepsItsGroupFirstInEitherDirection() throws {
        let (table, _) = try makeTable()
        table.leadingSortKey = { $0.kind == "Archive" ? 0 : 1 }
        #expect(shownNames(table) == ["archive.zip", "notes 10.txt", "Notes 9.txt", "photo.png", "Été.txt"],
                "with no column sorted, the leading key alone, the rows' order kept within")
        table.sortDescriptors = [TableSortDescriptor(column: "name", ascending: false)]
        #expect(shownNames(table).first == "archive.zip")
        table.sortDescriptors = [TableSortDescriptor(column: "name")]
        #expect(shownNames(table) == ["archive.zip", "Été.txt", "Notes 9.txt", "notes 10.txt", "photo.png"])
    }

    @Test func typeAheadAndScreenReadersNameARowByTheSortColumnWhenItSortsByItsText() throws {
        let (table, _) = try makeTable()
        #expect(table.shownRows.title(for: ItemPath(item: 0)) == "notes 10.txt")
        table.sortDescriptors = [TableSortDescriptor(column: "kind")]
        #expect(table.shownRows.title(for: ItemPath(item: 0)) == "Archive")
        table.sortDescriptors = [TableSortDescriptor(column: "size")]
        #expect(table.shownRows.title(for: ItemPath(item: 0)) == "Été.txt", "Size sorts by number: the first column names rows")
    }

    @Test func aFilterShowsSomeSortedRowsAndKeepsTheSelectionOfTheHiddenOnes() throws {
        let (table, _) = try makeTable()
        table.collectionView.allowsMultipleSelection = true
        table.sortDescriptors = [TableSortDescriptor(column: "name", ascending: false)]
        table.collectionView.selectRanges([ItemRange(section: 0, items: 0...4)])
        table.isIncluded = { files[$0].kind == "Text" }
        #expect(shownNames(table).prefix(3) == ["notes 10.txt", "Notes 9.txt", "Été.txt"])
        #expect(table.shownRows.rowCount == 3 && table.shownRows.selectedCount == 5, "hidden rows stay selected")
        table.collectionView.selectRanges([ItemRange(section: 0, items: 0...0)])
        table.isIncluded = nil
        #expect(Set(table.selectedRows.map(\.id)) == [1, 3, 4], "Notes 9 and Été deselected while shown, the rest as they were")
        #expect(table.shownRows.rowCount == 5)
    }

    @Test func noColumnsNoRowsAndAMillionRowsWork() throws {
        let empty = try TableView<File>(columns: [], rows: [])
        empty.setFrame(Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(empty.columnGeometry.widths.isEmpty)
        empty.headerClicked(column: 3, extend: false)
        empty.moveColumn(0, before: 9)
        empty.scrollSideways(by: .nan)
        let many = (0..<1_000_000).map { File(id: $0, name: "file \($0)", size: Int64($0 % 1000), kind: "Text") }
        let (table, _) = try makeTable(many)
        table.sortDescriptors = [TableSortDescriptor(column: "name", ascending: false)]
        #expect(table.row(at: ItemPath(item: 0))?.name == "file 999999")
    }
}

/// Renaming in place: F2 or a slow second click opens the editor over the
/// name; Enter asks the app, which may refuse with a message; Escape, the
/// focus leaving or a press on the header cancel.
@MainActor @Suite struct TableRenameTests {
    private func makeTable() throws -> (TableView<File>, TestHost, Ref) {
        let table = try TableView(columns: fileColumns, rows: files)
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: 600, height: 400))
        let asked = Ref()
        table.onRename = { row, name in
            asked.names.append("\(row.id):\(name)")
            return name.contains("/") ? "A name cannot contain “/”" : nil
        }
        return (table, host, asked)
    }

    final class Ref { var names: [String] = [] }

    private func type(_ text: String, into field: TextField) {
        for character in text.unicodeScalars {
            var key = Input.key(KeySym(rawValue: character.value))
            key.text = String(character)
            _ = field.handleKey(key)
        }
    }

    @Test func f2OpensTheEditorOverTheNameWithTheNameSelectedWithoutItsExtension() throws {
        let (table, host, asked) = try makeTable()
        defer { withExtendedLifetime(host) {} }
        let view = table.collectionView
        view.selectItem(at: ItemPath(item: 2))
        view.setFocus(ItemPath(item: 2))
        #expect(view.handleKey(Input.key(.f2)))
        #expect(table.isEditingName && table.children.count == 3)
        #expect(table.nameEditor.text == "photo.png" && table.nameEditor.selection == 0..<5)
        // Over the Name cell of row 2 (y 30 + 64), after the icon.
        let frame = table.nameEditor.frame
        #expect(frame.minY == 94 && frame.height == 32 && frame.minX > 24 && frame.maxX <= 380, "\(frame)")
        type("sunset", into: table.nameEditor)
        _ = table.nameEditor.handleKey(Input.key(.returnKey))
        #expect(asked.names == ["3:sunset.png"])
        #expect(!table.isEditingName && table.children.count == 2)
        #expect(table.selectedRows.map(\.id) == [3], "the selection stays")
    }

    /// An on-screen keyboard comes up under the rename and the window (the table) gets lower:
    /// the renamed row scrolls into the room left and the editor stays open over it.
    @Test func aTableMadeLowerWhileRenamingKeepsTheRowInSight() throws {
        let many = (1...40).map { File(id: $0, name: "file \($0).txt", size: 1, kind: "Text") }
        let table = try TableView(columns: fileColumns, rows: many)
        let host = TestHost()
        table.attach(to: host)
        table.onRename = { _, _ in nil }
        table.setFrame(Rect(x: 0, y: 0, width: 600, height: 400))
        // Row 10 (y 30 + 320 = 350) is on screen; the table becomes 200 high.
        table.beginRenaming(at: ItemPath(item: 10))
        #expect(table.isEditingName && table.nameEditor.frame.minY == 350)
        table.setFrame(Rect(x: 0, y: 0, width: 600, height: 200))
        #expect(table.isEditingName, "the edit went on")
        let frame = table.nameEditor.frame
        #expect(frame.minY >= 30 && frame.maxY <= 200 && frame.height == 32, "\(frame)")
        #expect(table.nameEditor.text == "file 11.txt")
    }

    @Test func aRefusedNameKeepsTheEditorOpenWithTheMessageAndEscapeCancels() throws {
        let (table, host, asked) = try makeTable()
        table.beginRenaming(at: ItemPath(item: 0))
        table.nameEditor.text = "a/b"
        _ = table.nameEditor.handleKey(Input.key(.returnKey))
        #expect(asked.names == ["1:a/b"])
        #expect(table.isEditingName, "refused: still editing")
        #expect(table.nameEditor.accessibleDescription == "A name cannot contain “/”")
        let message = try #require(table.messageFrame(under: table.nameEditor.frame))
        #expect(message.minY == table.nameEditor.frame.maxY)
        _ = host.takeDamage()
        _ = table.nameEditor.handleKey(Input.key(.escape))
        #expect(!table.isEditingName && asked.names.count == 1, "Escape renames nothing")
        // The name unchanged: Enter closes without asking.
        table.beginRenaming(at: ItemPath(item: 0))
        _ = table.nameEditor.handleKey(Input.key(.returnKey))
        #expect(!table.isEditingName && asked.names.count == 1)
        // The focus leaving cancels, and a press on the header does too.
        table.beginRenaming(at: ItemPath(item: 1))
        table.nameEditor.focusDidChange(false)
        #expect(!table.isEditingName)
        table.beginRenaming(at: ItemPath(item: 1))
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 100, y: 15), time: 1000)
        arena.pointerButton(pressed: true, modifiers: [], time: 1010)
        arena.pointerButton(pressed: false, modifiers: [], time: 1050)
        #expect(!table.isEditingName)
    }

    @Test func aSlowSecondClickOnTheFocusedNameRenamesAndADoubleClickDoesNot() throws {
        let (table, host, _) = try makeTable()
        let arena = host.gestureArena
        func click(x: Double = 60, y: Double, at time: Double) {
            arena.pointerMoved(to: Point(x: x, y: y), time: time)
            arena.pointerButton(pressed: true, modifiers: [], time: time + 5)
            arena.pointerButton(pressed: false, modifiers: [], time: time + 40)
        }
        click(y: 46, at: 1000)
        #expect(table.selectedRows.map(\.id) == [1])
        host.advance(by: 1000)
        #expect(!table.isEditingName, "a first click selects only")
        click(y: 46, at: 3000)
        #expect(!table.isEditingName, "not before the double-click time")
        host.advance(by: 500)
        #expect(table.isEditingName, "the second, slow click on the name opens the editor")
        table.cancelRenaming()
        // A double click on it activates instead.
        var activated: [Int] = []
        table.collectionView.activatesOnDoubleClick = true
        table.collectionView.onActivate = { activated.append($0.item) }
        click(y: 46, at: 6000)
        click(y: 46, at: 6100)
        host.advance(by: 1000)
        #expect(!table.isEditingName && activated == [0])
        // A click past the name's text (on the empty part of its cell) selects without renaming.
        click(x: 300, y: 46, at: 9000)
        host.advance(by: 1000)
        #expect(!table.isEditingName)
    }

    @Test func aRowOutOfSightIsScrolledToAtOnceAndAHiddenColumnClosesTheEditor() throws {
        let many = (0..<200).map { File(id: $0, name: "file \($0).txt", size: Int64($0), kind: "Text") }
        let table = try TableView(columns: fileColumns, rows: many)
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: 600, height: 400))
        table.onRename = { _, _ in nil }
        table.beginRenaming(at: ItemPath(item: 150))
        #expect(table.isEditingName)
        let frame = table.nameEditor.frame
        #expect(table.collectionView.frame.contains(frame), "placed over the row, scrolled to at once: \(frame)")
        #expect(table.nameEditor.text == "file 150.txt")
        // Scrolled far away: the edit closes rather than type into a row out of sight.
        table.collectionView.itemView.scrollImmediately(to: 0)
        table.didCommitFrame()
        #expect(!table.isEditingName)
        // Renaming Kind, then Kind hidden: the editor goes (it never edits another column).
        table.renameColumn = "kind"
        table.beginRenaming(at: ItemPath(item: 1))
        #expect(table.isEditingName && table.nameEditor.text == "Text")
        table.headerMenuChosen("column:kind")
        table.didCommitFrame()
        #expect(!table.isEditingName)
    }

    @Test func whileEditingTheBandAndSweepsAreOffAndARowGoneCancels() throws {
        let (table, host, _) = try makeTable()
        table.beginRenaming(at: ItemPath(item: 4))
        let arena = host.gestureArena
        // A band drag across the rows (starting outside the editor) selects nothing.
        arena.pointerMoved(to: Point(x: 500, y: 40), time: 1000)
        arena.pointerButton(pressed: true, modifiers: [], time: 1010)
        for step in 1...8 { arena.pointerMoved(to: Point(x: 500, y: 40 + Double(step) * 20), time: 1010 + Double(step) * 10) }
        arena.pointerButton(pressed: false, modifiers: [], time: 1200)
        #expect(table.selectedRows.count <= 1, "no band while editing: \(table.selectedRows.map(\.id))")
        table.beginRenaming(at: ItemPath(item: 4))
        try table.setRows(Array(files.prefix(3)))
        table.placeNameEditor()
        #expect(!table.isEditingName, "the edited row went away")
    }
}

/// A table selects as a list does: a band across its rows, Shift+Down, Ctrl+A, type-ahead on the
/// sort column; and a finger drags a column's edge.
@MainActor @Suite struct TableSelectionTests {
    private func makeTable() throws -> (TableView<File>, TestHost) {
        let table = try TableView(columns: fileColumns, rows: files)
        let host = TestHost()
        table.attach(to: host)
        table.setFrame(Rect(x: 0, y: 0, width: 600, height: 400))
        table.collectionView.allowsMultipleSelection = true
        return (table, host)
    }

    @Test func aBandAcrossTheRowsSelectsThem() throws {
        let (table, host) = try makeTable()
        let arena = host.gestureArena
        // From row 1 down to row 3 (rows 32 high under the 30 px header).
        arena.pointerMoved(to: Point(x: 200, y: 30 + 40), time: 1000)
        arena.pointerButton(pressed: true, modifiers: [], time: 1010)
        for step in 1...10 { arena.pointerMoved(to: Point(x: 220, y: 70 + Double(step) * 8), time: 1010 + Double(step) * 10) }
        arena.pointerButton(pressed: false, modifiers: [], time: 1200)
        #expect(table.selectedRows.map(\.id) == [2, 3, 4], "\(table.selectedRows.map(\.id))")
    }

    @Test func shiftDownCtrlAAndTypeAheadWorkOnTheSortedRows() throws {
        let (table, _) = try makeTable()
        let view = table.collectionView
        table.sortDescriptors = [TableSortDescriptor(column: "name")]   // archive, Été, Notes 9, notes 10, photo
        view.selectItem(at: ItemPath(item: 0))
        view.setFocus(ItemPath(item: 0))
        #expect(view.handleKey(Input.key(.down, .shift)))
        #expect(Set(table.selectedRows.map(\.id)) == [4, 5])
        #expect(view.handleKey(Input.key(.a, .control)))
        #expect(table.selectedRows.count == 5)
        // Typing finds a row by the sort column (Name): "p" is photo.png, the last row.
        var key = Input.key(.p)
        key.text = "p"
        _ = view.handleKey(Input.key(.escape))
        _ = view.handleKey(key)
        #expect(view.focusedItem == ItemPath(item: 4))
    }

    @Test func columnsChangingUnderARunningBandBreakNothing() throws {
        let (table, host) = try makeTable()
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 200, y: 70), time: 1000)
        arena.pointerButton(pressed: true, modifiers: [], time: 1010)
        for step in 1...5 { arena.pointerMoved(to: Point(x: 220, y: 70 + Double(step) * 10), time: 1010 + Double(step) * 10) }
        // Mid-band: a column hidden, the columns moved, widths of nonsense.
        table.columnState = TableColumnState(order: ["kind", "name"], widths: ["name": .nan, "kind": -4], hidden: ["size"])
        for step in 6...10 { arena.pointerMoved(to: Point(x: 220, y: 70 + Double(step) * 10), time: 1010 + Double(step) * 10) }
        arena.pointerButton(pressed: false, modifiers: [], time: 1200)
        #expect(table.shownColumns.map(\.id) == ["kind", "name"])
        #expect(table.selectedRows.map(\.id) == [2, 3, 4, 5], "the band ran on over rows 1 to 4")
        #expect(table.columnGeometry.widths.allSatisfy { $0 >= 24 && $0.isFinite })
    }

    @Test func aFingerDragsAColumnsEdge() throws {
        let (table, host) = try makeTable()
        let arena = host.gestureArena
        // Size's edge is at 480; a finger lands 6 px off it, within its 12 px.
        arena.handle(Input.touches(down: [(0, Point(x: 474, y: 15))], time: 1000))
        for step in 1...10 { arena.handle(Input.touches(moved: [(0, Point(x: 474 + Double(step) * 5, y: 15))], time: 1000 + UInt32(step) * 16)) }
        arena.handle(Input.touches(up: [0], time: 1300))
        let width = try #require(table.columnState.widths["size"])
        #expect(width > 130 && width < 160, "\(width)")
        #expect(table.sortDescriptors.isEmpty, "a drag on an edge sorts nothing")
    }
}
