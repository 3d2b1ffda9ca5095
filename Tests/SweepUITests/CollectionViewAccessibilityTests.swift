import SweepAccessibility
import Testing
@testable import SweepUI

/// What a screen reader sees of a list, without a bus: the items on screen
/// as objects, their names and states, selection through them, and objects
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
        let view = CollectionView(style: .list, dataSource: source)
        view.allowsMultipleSelectionDuringEditing = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    @Test func aMillionItemsExposeOnlyTheRowsOnScreenWithTheirNamesAndPlaces() throws {
        let (view, _) = makeList(Spoken((0..<1_000_000).map { "Row \($0)" }))
        let list = try #require(view.accessibleObject)
        let children = list.children()
        #expect(list.role == .listBox && (10...11).contains(children.count), "\(children.count)")
        #expect(children.first?.name() == "spoken Row 0" && children.first?.description() == "subtitle 0")
        #expect(children[3].attributes() == ["posinset": "4", "setsize": "1000000"])
        #expect(children[3].extents?() == Rect(x: 0, y: 132, width: 320, height: 44))
        #expect(list.children().first === children.first, "the same objects while the rows stay on screen")
    }

    @Test func selectionThroughTheListGoesThroughInputsPath() throws {
        let (view, _) = makeList(Spoken((0..<100).map { "Row \($0)" }))
        let list = try #require(view.accessibleObject)
        let selection = try #require(list.selection)
        #expect(selection.selectChild(at: 2) && view.isSelected(ItemPath(section: 0, item: 2)))
        #expect(list.children()[2].states().contains(.selected) && !list.children()[1].states().contains(.selected))
        #expect(selection.selectedChildren().map { $0.name() } == ["spoken Row 2"])
        #expect(!selection.selectChild(at: -1) && !selection.selectChild(at: 1 << 40), "out of range selects nothing")
        #expect(selection.selectAll() && view.selectedCount == 100 && view.isEditing)
        #expect(selection.clearSelection() && view.selectedCount == 0)
        #expect(list.children()[4].actions.first?.name == "activate")
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
        let view = CollectionView(style: .list, dataSource: Spoken((0..<100).map { "Row \($0)" }))
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
        let before = list.children()
        let second = before[1], first = before[0]
        source.titles.insert("New", at: 0)
        try view.performBatchUpdates(.insert(ItemRange(section: 0, items: 0...0)))
        #expect(second.name() == "spoken Row 1", "it still stands for Row 1, now one lower")
        #expect(second.attributes()["posinset"] == "3")
        source.titles.remove(at: 1)   // Row 0
        try view.performBatchUpdates(.delete(ItemRange(section: 0, items: 1...1)))
        #expect(first.states() == [.defunct] && first.actions.isEmpty, "Row 0's object is gone")
        #expect(!list.children().contains { $0 === first })
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
