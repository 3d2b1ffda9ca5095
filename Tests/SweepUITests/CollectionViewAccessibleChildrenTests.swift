import SweepAccessibility
import Testing
@testable import SweepUI

/// A list's accessible children beyond plain rows: section headings among
/// the items, the focused item listed when it scrolls away, role overrides,
/// checked and disabled rows, the detail button's action, and content
/// changed in place.
@MainActor
@Suite struct CollectionViewAccessibleChildrenTests {
    /// Two titled sections of options; a checkmark on the chosen ones, the last option disabled, a detail button on the first.
    final class Options: ListDataSource {
        var counts = [3, 40]
        var checked: Set<ItemPath> = [ItemPath(section: 0, item: 1)]
        var sectionCounts: [Int] { counts }
        func title(for item: ItemPath) -> String { "Option \(item.section).\(item.item)" }
        func headerTitle(forSection section: Int) -> String? { "Section \(section)" }
        func accessibleDescription(for item: ItemPath) -> String? { item.item == 0 ? "the first" : nil }
        func content(for item: ItemPath) -> ItemContent {
            ItemContent(title: title(for: item),
                        accessory: checked.contains(item) ? .checkmark : item.item == 0 ? .detailButton : .none,
                        isDisabled: item == ItemPath(section: 1, item: 39))
        }
    }

    /// A delegate that hears the detail button.
    final class Details: CollectionViewDelegate {
        var tapped: [ItemPath] = []
        func collectionView(_ view: CollectionView, accessoryButtonTappedFor item: ItemPath) { tapped.append(item) }
    }

    private func makeList(_ source: Options) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: CollectionListLayout(headerHeight: 30), dataSource: source)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    /// Glides to the last item and lets the glide finish (the animation clock in ms).
    private func scrollToEnd(_ view: CollectionView) {
        view.scrollToItem(ItemPath(section: 1, item: 39), position: .bottom)
        for time in stride(from: 0.0, through: 5000, by: 16) { _ = view.advanceAnimations(to: time) }
    }

    private func summary(_ list: AccessibleObject) -> [String] {
        list.listedChildren.map { "\($0.role.name): \($0.name())" }
    }

    @Test func sectionHeadersAreHeadingsBeforeTheirItemsAndCannotBeSelected() throws {
        let (view, _) = makeList(Options())
        let list = try #require(view.accessibleObject)
        let shown = summary(list)
        #expect(Array(shown.prefix(6)) == ["heading: Section 0", "table cell: Option 0.0", "table cell: Option 0.1", "table cell: Option 0.2",
                                          "heading: Section 1", "table cell: Option 1.0"], "\(shown)")
        // Every child, on screen or not: 2 headings and 43 items; a heading is a row of its own.
        #expect(list.childCount == 45 && list.table?.rowCount == 45 && list.child(at: 44)?.name() == "Option 1.39")
        #expect(list.child(at: 4)?.role == .heading && list.table?.cell(ofChildAt: 4).map { $0 == (row: 4, column: 0, columnSpan: 1) } == true)
        let selection = try #require(list.selection)
        #expect(!selection.selectChild(at: 0) && view.selectedCount == 0, "a heading is not an item")
        #expect(selection.selectChild(at: 5) && view.isSelected(ItemPath(section: 1, item: 0)), "child 5 is Option 1.0")
        #expect(selection.selectedChildren().map { $0.name() } == ["Option 1.0"])
        #expect(list.child(at: 2)?.attributes() == ["posinset": "2", "setsize": "3"])
        #expect(list.child(at: 0)?.extents?() == Rect(x: 0, y: 0, width: 320, height: 30))
    }

    @Test func theFocusedItemStaysListedWhenItScrollsAway() throws {
        let (view, _) = makeList(Options())
        view.focusDidChange(true)
        view.setFocus(ItemPath(section: 0, item: 2))
        let list = try #require(view.accessibleObject)
        let focused = try #require(list.listedChildren.first { $0.states().contains(.focused) })
        #expect(focused.name() == "Option 0.2")
        scrollToEnd(view)
        let after = list.listedChildren
        #expect(!after.contains { $0.name() == "Option 0.1" }, "scrolled away: \(summary(list))")
        #expect(after.first === focused && focused.states().contains(.focused), "the focused item leads, the same object")
        #expect(focused.states().contains(.showing), "the focused item counts as showing: the next frame scrolls to it")
        #expect(list.child(at: 2)?.states().contains(.showing) == false, "a row scrolled away does not show")
        #expect(after.last?.name() == "Option 1.39")
    }

    @Test func rolesStatesDescriptionsAndTheDetailAction() throws {
        let source = Options()
        let (view, _) = makeList(source)
        let details = Details()
        view.delegate = details
        view.accessibleRole = .listBox
        view.accessibleItemRole = .checkBox
        let list = try #require(view.accessibleObject)
        #expect(list.role == .listBox)
        let items = list.listedChildren.filter { $0.role != .heading }
        #expect(items.allSatisfy { $0.role == .checkBox && $0.states().contains(.checkable) })
        #expect(items.filter { $0.states().contains(.checked) }.map { $0.name() } == ["Option 0.1"])
        #expect(items[0].description() == "the first" && items[1].description() == "")
        // The detail button's action: the delegate hears it; nothing is selected.
        #expect(items[0].actions.map(\.name) == ["activate", "show details"] && items[1].actions.map(\.name) == ["activate"])
        #expect(items[0].actions[1].perform() && details.tapped == [ItemPath(section: 0, item: 0)] && view.selectedCount == 0)
        // Content changed in place: the same objects read the new checkmark.
        source.checked = [ItemPath(section: 0, item: 2)]
        view.reconfigureItems(at: [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2)])
        #expect(items.filter { $0.states().contains(.checked) }.map { $0.name() } == ["Option 0.2"])
    }

    @Test func aDisabledItemIsNotEnabled() throws {
        let (view, _) = makeList(Options())
        scrollToEnd(view)
        let list = try #require(view.accessibleObject)
        let last = try #require(list.listedChildren.last)
        #expect(last.name() == "Option 1.39" && !last.states().contains(.enabled) && !last.states().contains(.sensitive))
        #expect(list.listedChildren.dropLast().last?.states().contains(.enabled) == true)
    }
}
