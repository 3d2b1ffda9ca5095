import SweepAccessibility
import Testing
@testable import SweepUI

/// What a screen reader sees of a list, without a bus: a table of every
/// item made on demand, names and states, selection through it, and objects
/// following their items through data changes.
@MainActor
@Suite struct CollectionViewAccessibilityTests {
    /// Rows whose screen-reader name is longer than their title.
    final class Spoken: RowDataSource {
        var titles: [String]
        init(_ titles: [String]) { self.titles = titles }
        var numberOfRows: Int { titles.count }
        func title(forRow row: Int) -> String { titles[row] }
        func subtitle(forRow row: Int) -> String? { "subtitle \(row)" }
        func accessibleName(for item: ItemPath) -> String? { "spoken \(titles[item.item])" }
    }

    private func makeList(_ source: Spoken) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: source)
        view.allowsMultipleSelectionDuringEditing = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    /// A million rows are a table of a million rows, one column: every row is a child, made when
    /// asked for, so a screen reader hears the true size and place ("row 50 of 1,000").
    @Test func aMillionItemsAreATableOfEveryRowMadeWhenAskedFor() throws {
        let (view, _) = makeList(Spoken((0..<1_000_000).map { "Row \($0)" }))
        let list = try #require(view.accessibleObject)
        let table = try #require(list.table)
        #expect(list.role == .table && list.childCount == 1_000_000 && table.rowCount == 1_000_000 && table.columnCount == 1)
        #expect(list.states().contains(.managesDescendants))
        let last = try #require(list.child(at: 999_999))
        #expect(last.name() == "spoken Row 999999" && last.role == .tableCell && last.indexInParent == 999_999)
        #expect(table.cell(ofChildAt: 999_999)! == (row: 999_999, column: 0, columnSpan: 1))
        #expect(!last.states().contains(.showing) && list.child(at: 3)?.states().contains(.showing) == true, "only rows on screen show")
        #expect(list.child(at: 1_000_000) == nil && list.child(at: -1) == nil)
        // The rows on screen are what a listing gets, the same objects as by index.
        let listed = list.listedChildren
        #expect((10...11).contains(listed.count) && listed.first === list.child(at: 0), "\(listed.count)")
        let fourth = try #require(list.child(at: 3))
        #expect(fourth.name() == "spoken Row 3" && fourth.description() == "subtitle 3")
        #expect(fourth.attributes() == ["posinset": "4", "setsize": "1000000"])
        #expect(fourth.extents?() == Rect(x: 0, y: 132, width: 320, height: 44))
    }

    /// Objects are kept while they are among the latest asked for (a row scrolled away answers as
    /// itself), and let go past the limit, the focused one kept; nothing grows with the rows read.
    @Test func objectsAreKeptForTheLatestRowsAskedForAndTheFocusedOne() throws {
        let (view, _) = makeList(Spoken((0..<1_000_000).map { "Row \($0)" }))
        view.focusDidChange(true)
        view.setFocus(ItemPath(section: 0, item: 7))
        let list = try #require(view.accessibleObject)
        let focused = list.child(at: 7)
        weak var early = list.child(at: 0)
        #expect(early != nil && list.child(at: 0) === early, "the same object while it is kept")
        for index in 100..<(100 + 3 * CollectionView.accessibleObjectLimit) { _ = list.child(at: index) }
        #expect(view.accessibilityState.cache.objects.count <= CollectionView.accessibleObjectLimit)
        #expect(early == nil, "let go: its path now answers as defunct")
        #expect(list.child(at: 7) === focused, "the focused row's object stays")
    }

    @Test func selectionThroughTheListGoesThroughInputsPath() throws {
        let (view, _) = makeList(Spoken((0..<100).map { "Row \($0)" }))
        let list = try #require(view.accessibleObject)
        let selection = try #require(list.selection)
        #expect(selection.selectChild(at: 2) && view.isSelected(ItemPath(section: 0, item: 2)))
        #expect(list.child(at: 2)?.states().contains(.selected) == true && list.child(at: 1)?.states().contains(.selected) == false)
        #expect(selection.selectedChildren().map { $0.name() } == ["spoken Row 2"])
        #expect(!selection.selectChild(at: -1) && !selection.selectChild(at: 1 << 40), "out of range selects nothing")
        #expect(selection.selectAll() && view.selectedCount == 100 && view.isEditing)
        #expect(selection.clearSelection() && view.selectedCount == 0)
        #expect(list.child(at: 4)?.actions.first?.name == "activate")
    }

    /// Where several items may be selected only in editing mode, a person
    /// selects several from normal mode (Shift, Ctrl, the band): the list
    /// says it is multi-selectable there, and SelectChild adds to the
    /// selection as Ctrl+click does, entering editing mode.
    @Test func aListWhoseEditingModeSelectsSeveralIsMultiSelectableAndSelectChildAdds() throws {
        let (view, _) = makeList(Spoken((0..<100).map { "Row \($0)" }))
        let list = try #require(view.accessibleObject)
        let selection = try #require(list.selection)
        #expect(!view.isEditing && list.states().contains(.multiselectable))
        #expect(selection.selectChild(at: 2) && selection.selectChild(at: 5))
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 2...2), ItemRange(section: 0, items: 5...5)])
        #expect(view.isEditing, "the second item entered editing mode, as Ctrl+click does")
        #expect(selection.selectedChildren().map { $0.name() } == ["spoken Row 2", "spoken Row 5"])
    }

    @Test func aSingleSelectionListIsNotMultiSelectableAndSelectChildReplaces() throws {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: Spoken((0..<100).map { "Row \($0)" }))
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        let list = try #require(view.accessibleObject)
        let selection = try #require(list.selection)
        #expect(!list.states().contains(.multiselectable))
        #expect(selection.selectChild(at: 2) && selection.selectChild(at: 5))
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 5...5)] && !view.isEditing)
    }

    @Test func anObjectFollowsItsItemThroughAnInsertAndADeletedOneIsDefunct() throws {
        let source = Spoken((0..<100).map { "Row \($0)" })
        let (view, _) = makeList(source)
        let list = try #require(view.accessibleObject)
        let second = try #require(list.child(at: 1)), first = try #require(list.child(at: 0))
        source.titles.insert("New", at: 0)
        try view.performBatchUpdates(.insert(ItemRange(section: 0, items: 0...0)))
        #expect(second.name() == "spoken Row 1", "it still stands for Row 1, now one lower")
        #expect(second.attributes()["posinset"] == "3")
        source.titles.remove(at: 1)   // Row 0
        try view.performBatchUpdates(.delete(ItemRange(section: 0, items: 1...1)))
        #expect(first.states() == [.defunct] && first.actions.isEmpty, "Row 0's object is gone")
        #expect(first.indexInParent == -1 && !list.listedChildren.contains { $0 === first })
        #expect(second.indexInParent == 1 && list.child(at: 1) === second, "Row 1 is child 1 again, the same object")
    }
}

/// A text field is an entry a screen reader reads and types into; a label reads its text.
@MainActor
@Suite struct TextFieldAccessibilityTests {
    @Test func anEntryReadsAndSetsTheTextAsTyping() throws {
        let field = TextField(text: "ab", placeholder: "Filter")
        var heard: [String] = []
        field.onChange = { heard.append($0) }
        let entry = try #require(field.accessibleObject)
        #expect(entry.role == .entry && entry.name() == "Filter" && entry.text?() == "ab")
        #expect(entry.states().contains(.editable) && !entry.states().contains(.focused))
        #expect(entry.setText?("abc") == true && field.text == "abc" && heard == ["abc"])
        field.accessibleLabel = "Search files"
        #expect(entry.name() == "Search files")
        let label = Label("3 items")
        #expect(label.accessibleObject?.role == .label && label.accessibleObject?.text?() == "3 items")
        // Role overrides: a status line, a field read as something else.
        #expect(Label("3 selected", accessibleRole: .statusBar).accessibleObject?.role == .statusBar)
        field.accessibleRole = .staticText
        field.accessibleDescription = "Filters as you type"
        #expect(entry.role == .staticText && entry.description() == "Filters as you type")
    }
}
