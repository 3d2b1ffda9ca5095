import SweepUI
import Testing

/// A view over a `SnapshotDataSource`: the selection, the focus and the
/// top item follow identifiers through snapshots, sections come and go,
/// bad snapshots are refused with the old one kept, and `reloadData`
/// keeps the selection of index paths that still exist.
@MainActor @Suite struct SnapshotDataSourceTests {
    private func snapshot(_ sections: [(String, [String])]) -> ItemSnapshot<String, String> {
        var snapshot = ItemSnapshot<String, String>()
        for (section, items) in sections {
            snapshot.appendSections([section])
            _ = snapshot.appendItems(items, toSection: section)
        }
        return snapshot
    }

    private func makeView(_ source: SnapshotDataSource<String, String>) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: source)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    @Test func theSelectionFollowsIdentifiersThroughAReorderAndDeletes() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let (view, _) = makeView(source)
        let names = (0..<100).map { "item\($0)" }
        try source.apply(snapshot([("all", names)]))
        source.select(["item3", "item4", "item50", "item99"], in: view)
        view.setFocus(ItemPath(item: 50))
        #expect(view.selectedCount == 4)
        // Reversed, without item4.
        try source.apply(snapshot([("all", names.filter { $0 != "item4" }.reversed())]))
        #expect(Set(source.selectedIdentifiers(in: view)) == ["item3", "item50", "item99"])
        #expect(source.itemIdentifier(for: view.focusedItem!) == "item50")
    }

    @Test func sectionsInsertedAndRemovedKeepTheSelectionByIdentifier() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        source.headerTitle = { $0.uppercased() }
        let (view, _) = makeView(source)
        try source.apply(snapshot([("a", ["a1", "a2"]), ("b", ["b1", "b2", "b3"])]))
        source.select(["a2", "b3"], in: view)
        try source.apply(snapshot([("new", ["n1"]), ("b", ["b3", "b1"]), ("c", ["a2"])]))
        #expect(view.selectedItems.map { $0 } == [ItemPath(section: 1, item: 0), ItemPath(section: 2, item: 0)])
        #expect(Array(source.selectedIdentifiers(in: view)) == ["b3", "a2"])
        #expect(source.headerTitle(forSection: 0) == "NEW")
        #expect(view.itemCount == 4)
    }

    @Test func aDuplicateIdentifierIsRefusedAndTheOldSnapshotStays() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let (view, _) = makeView(source)
        try source.apply(snapshot([("s", ["x", "y"])]))
        source.select(["y"], in: view)
        #expect(throws: ItemIdentifierError.self) { try source.apply(snapshot([("s", ["x", "y", "x"])])) }
        #expect(source.snapshot.itemIdentifiers == ["x", "y"])
        #expect(Array(source.selectedIdentifiers(in: view)) == ["y"])
    }

    @Test func theTopItemStaysInPlaceWhenItemsAreInsertedAboveIt() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let (view, _) = makeView(source)
        let names = (0..<200).map { "row\($0)" }
        try source.apply(snapshot([("s", names)]))
        view.itemView.scrollImmediately(to: 44 * 100 + 10)
        try source.apply(snapshot([("s", (0..<30).map { "new\($0)" } + names)]))
        let top = try #require(view.item(at: Point(x: 10, y: 1)))
        #expect(source.itemIdentifier(for: top) == "row100")
        #expect(abs(view.contentOffset - (44 * 130 + 10)) < 0.5)
    }

    @Test func reconfiguringRedrawsWithoutTouchingTheSelection() throws {
        var titles = ["a": "Apple", "b": "Banana"]
        let source = SnapshotDataSource<String, String> { ItemContent(title: titles[$0] ?? "?") }
        let (view, host) = makeView(source)
        try source.apply(snapshot([("s", ["a", "b"])]))
        source.select(["b"], in: view)
        _ = host.takeDamage()
        titles["b"] = "Blueberry"
        source.reconfigureItems(["b"])
        #expect(!host.takeDamage().isEmpty)
        #expect(source.title(for: ItemPath(item: 1)) == "Blueberry")
        #expect(view.selectedCount == 1)
    }

    @Test func reloadDataKeepsTheSelectedIndexPathsThatStillExist() {
        final class Rows: RowDataSource {
            var numberOfRows = 10
            func title(forRow row: Int) -> String { "Row \(row)" }
            func subtitle(forRow row: Int) -> String? { nil }
        }
        let rows = Rows()
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: rows)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        view.selectRanges([ItemRange(section: 0, items: 2...8)])
        view.setFocus(ItemPath(item: 9))
        rows.numberOfRows = 6
        view.reloadData()
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 2...5)])
        #expect(view.focusedItem == ItemPath(item: 5))
        rows.numberOfRows = 12
        view.reloadData()
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 2...5)], "new rows come unselected")
    }

    @Test func aFilterOverASnapshotSourceKeepsHiddenSelectionsThroughNewSnapshots() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let filtered = FilteredDataSource(source: source)
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        var names = ["ant", "bee", "cat", "dog", "eel"]
        try source.apply(snapshot([("s", names)]))
        #expect(view.itemCount == 5)
        view.selectRanges([ItemRange(section: 0, items: 1...2)])   // bee, cat
        filtered.isIncluded = { [names] index in names[index].contains("a") }   // ant, cat: bee is hidden
        #expect(view.itemCount == 2)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 1...1)])
        // New entries arrive and the order changes; the filter is made again over the new order.
        names = ["yak", "eel", "cat", "bat", "bee", "ant", "dog"]
        filtered.isIncluded = nil
        try source.apply(snapshot([("s", names)]))
        let selected = filtered.selectedSourceIndices.map { names[$0] }
        #expect(Set(selected) == ["bee", "cat"])
        #expect(view.itemCount == 7)
        #expect(view.selectedCount == 2)
        // bee leaves the folder: it leaves the selection.
        try source.apply(snapshot([("s", names.filter { $0 != "bee" })]))
        #expect(filtered.selectedCount == 1)
    }

    /// An item whose row goes and comes back keeps its selection whichever
    /// way the rows change (a reconfigure the rows follow, a reorder, a
    /// second view made over the adapter), and nothing is reported for it.
    @Test func aSelectedItemKeepsItsStateAsItsRowGoesAndComesBack() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let filtered = FilteredDataSource(source: source)
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        var unread: Set<String> = ["a", "b", "c", "d", "e"]
        try source.apply(snapshot([("s", ["a", "b", "c", "d", "e"])]))
        filtered.isIncluded = { [unowned source] index in
            source.itemIdentifier(for: ItemPath(item: index)).map { unread.contains($0) } ?? false
        }
        view.selectRanges([ItemRange(section: 0, items: 1...2)])   // b, c
        var reported: [SelectionEvent] = []
        filtered.onSelectionChange = { reported.append($0) }
        func selectedNames() -> [String] {
            filtered.selectedSourceIndices.compactMap { source.itemIdentifier(for: ItemPath(item: $0)) }
        }
        // c is read: its row goes (the rows follow the reconfigure), c stays selected, hidden.
        unread.remove("c")
        source.reconfigureItems(["c"])
        #expect(view.itemCount == 4 && view.selectedRanges == [ItemRange(section: 0, items: 1...1)])
        #expect(selectedNames() == ["b", "c"] && filtered.selectedCount == 2)
        // Marked unread again: its row comes back selected.
        unread.insert("c")
        source.reconfigureItems(["c"])
        #expect(view.itemCount == 5 && view.selectedRanges == [ItemRange(section: 0, items: 1...2)])
        #expect(selectedNames() == ["b", "c"] && filtered.selectedCount == 2)
        #expect(reported.isEmpty, "a row going and coming changes no selection")
        // A reorder with c hidden: b (in the view) and c (in the adapter) follow their names.
        unread.remove("c")
        source.reconfigureItems(["c"])
        try source.apply(snapshot([("s", ["e", "d", "c", "b", "a", "f"])]))
        #expect(selectedNames().sorted() == ["b", "c"] && filtered.selectedCount == 2)
        #expect(view.selectedItems.map { filtered.sourceItem(atRow: $0.item) } == [3])
        // A second view over the adapter shows the same selection; the hidden item stays hidden.
        let second = CollectionView(layout: .list, dataSource: filtered)
        second.allowsMultipleSelection = true
        second.attach(to: host)
        second.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        #expect(second.selectedItems.map { filtered.sourceItem(atRow: $0.item) } == [3])
        #expect(selectedNames().sorted() == ["b", "c"] && filtered.selectedCount == 2)
        // Deselecting by source item reaches shown and hidden items alike.
        filtered.deselectSourceItems([2...3])
        #expect(selectedNames().isEmpty && filtered.selectedCount == 0 && second.selectedCount == 0)
        #expect(reported.last?.change.removed == [ItemRange(section: 0, items: 2...3)])
    }

    @Test func inAFilteredViewTheFocusFollowsItsIdentifierThroughASnapshot() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let filtered = FilteredDataSource(source: source)
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        try source.apply(snapshot([("s", (0..<50).map { "m\($0)" })]))
        view.setFocus(ItemPath(item: 10))
        // Names sorted above the focused one arrive.
        try source.apply(snapshot([("s", (0..<5).map { "a\($0)" } + (0..<50).map { "m\($0)" })]))
        #expect(view.focusedItem.flatMap { filtered.sourceItem(atRow: $0.item) }.flatMap { source.itemIdentifier(for: ItemPath(item: $0)) } == "m10")
    }

    @Test func reconfiguringDoesNotEndARunningBand() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: source)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        try source.apply(snapshot([("s", (0..<30).map { "r\($0)" })]))
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 100, y: 30), time: 0)
        arena.pointerButton(pressed: true, modifiers: [], time: 0)
        arena.pointerMoved(to: Point(x: 150, y: 120), time: 50)
        arena.pointerMoved(to: Point(x: 160, y: 160), time: 80)
        #expect(view.isBandActive)
        source.reconfigureItems(["r1"])
        #expect(view.isBandActive, "a content change leaves the band running")
        arena.pointerButton(pressed: false, modifiers: [], time: 120)
        #expect(view.selectedCount == 4)
    }
}
