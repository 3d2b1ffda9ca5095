import SweepGestures
import SweepUI
import Testing

/// Keyboard focus between components, the focus ring, type-ahead find,
/// and what selection observers are told. No compositor: a `TestHost`.
@MainActor @Suite struct FocusTests {
    private func makeList(_ titles: [String]) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems(titles))
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    private func typed(_ text: String) -> KeyEvent {
        KeyEvent(keysym: KeySym(character: text.first!) ?? .space, text: text, modifiers: [], isRepeat: false, time: 0)
    }

    @Test func theFocusRingShowsOnlyWhileTheViewHasTheFocus() {
        let (view, host) = makeList((0..<20).map { "Row \($0)" })
        view.setFocus(ItemPath(item: 3))
        #expect(view.focusedItem == ItemPath(item: 3))
        #expect(view.itemView.model.focusedItem == nil, "no ring before the view has the focus")
        _ = host.takeDamage()
        view.focusDidChange(true)
        #expect(view.isFocused)
        #expect(view.itemView.model.focusedItem == ItemPath(item: 3))
        #expect(!host.takeDamage().isEmpty, "the ring's row is repainted")
        view.focusDidChange(false)
        #expect(view.itemView.model.focusedItem == nil)
        #expect(view.focusedItem == ItemPath(item: 3), "the focus item stays for when the focus comes back")
    }

    @Test func typingMovesTheFocusToTheNextTitleWithThatPrefix() {
        let titles = ["apple", "Banana", "blueberry", "cherry", "Blackcurrant", "date"]
        let (view, host) = makeList(titles)
        view.focusDidChange(true)
        #expect(view.handleKey(typed("b")))
        #expect(view.focusedItem == ItemPath(item: 1), "case is ignored")
        host.advance(by: 100)
        #expect(view.handleKey(typed("l")))
        #expect(view.focusedItem == ItemPath(item: 2), "\"bl\" is blueberry, after Banana")
        host.advance(by: 100)
        #expect(view.handleKey(typed("a")))
        #expect(view.focusedItem == ItemPath(item: 4), "\"bla\" moves on to Blackcurrant")
        // A pause starts a new prefix; the search starts after the focused item and wraps.
        host.advance(by: 1500)
        #expect(view.handleKey(typed("a")))
        #expect(view.focusedItem == ItemPath(item: 0), "wraps around to apple")
        #expect(view.selectedCount == 0, "type-ahead moves the focus, it selects nothing")
    }

    @Test func theSameLetterAgainStepsThroughItsItems() {
        let (view, host) = makeList(["sun", "moon", "sky", "star", "sea"])
        view.focusDidChange(true)
        var found: [Int] = []
        for _ in 0..<4 {
            _ = view.handleKey(typed("s"))
            found.append(view.focusedItem?.item ?? -1)
            host.advance(by: 200)
        }
        #expect(found == [0, 2, 3, 4])
    }

    @Test func textThatMatchesNothingIsStillTakenAndMovesNothing() {
        let (view, _) = makeList(["one", "two"])
        view.focusDidChange(true)
        view.setFocus(ItemPath(item: 1))
        #expect(view.handleKey(typed("z")))
        #expect(view.focusedItem == ItemPath(item: 1))
        view.isTypeAheadEnabled = false
        #expect(!view.handleKey(typed("o")), "with type-ahead off, typed text is not the view's")
    }

    /// Sections of titles, some of them empty.
    private final class Sections: ListDataSource {
        let titles: [[String]]
        init(_ titles: [[String]]) { self.titles = titles }
        var sectionCounts: [Int] { titles.map(\.count) }
        func title(for item: ItemPath) -> String { titles[item.section][item.item] }
    }

    /// A focused list over `titles` in sections.
    private func makeSectioned(_ titles: [[String]]) -> CollectionView {
        let view = CollectionView(layout: .list, dataSource: Sections(titles))
        view.attach(to: TestHost())
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        view.focusDidChange(true)
        return view
    }

    @Test func typeAheadCrossesSectionsAndSkipsEmptyOnes() {
        let view = makeSectioned([["ab", "ac"], [], ["ad", "zz", "ae"]])
        view.setFocus(ItemPath(section: 0, item: 1))
        _ = view.handleKey(typed("z"))
        #expect(view.focusedItem == ItemPath(section: 2, item: 1))
    }

    @Test func typeAheadWithNoFocusSkipsAnEmptyFirstSection() {
        let view = makeSectioned([[], ["kiwi", "lime"]])
        #expect(view.handleKey(typed("l")))
        #expect(view.focusedItem == ItemPath(section: 1, item: 1))
    }

    @Test func observersGetTheAddedAndRemovedRangesAndTheCause() {
        let (view, _) = makeList((0..<50).map { "Row \($0)" })
        var events: [SelectionEvent] = []
        view.onSelectionChange = { events.append($0) }
        view.selectRanges([ItemRange(section: 0, items: 2...5)])
        view.deselectItem(at: ItemPath(item: 3))
        #expect(events.count == 2)
        #expect(events[0].added == [ItemRange(section: 0, items: 2...5)] && events[0].removed.isEmpty)
        #expect(events[0].cause == .api && !events[0].isProvisional)
        #expect(events[1].removed == [ItemRange(section: 0, items: 3...3)] && events[1].added.isEmpty)
    }

    @Test func aGridDoesNotTakeThePrimarySelectionByDefaultAndAListCanOptOut() {
        final class PrimaryHost: ComponentHost {
            let gestureArena = GestureArena()
            var now = 0.0
            var offered = 0
            func invalidate(_ region: Region) {}
            func schedule(after milliseconds: Double, _ body: @escaping () -> Void) -> TimerToken { TimerToken(0) }
            func cancel(_ timer: TimerToken) {}
            func selectionDidChange(in component: Component) { offered += 1 }
        }
        let host = PrimaryHost()
        let list = CollectionView(layout: .list, dataSource: StringItems(["a", "b"]))
        let grid = CollectionView(layout: .grid, dataSource: StringItems(["a", "b"]))
        list.allowsMultipleSelection = true
        grid.allowsMultipleSelection = true
        list.attach(to: host)
        grid.attach(to: host)
        #expect(list.ownsPrimarySelection && !grid.ownsPrimarySelection)
        list.selectAll()
        grid.selectAll()
        #expect(host.offered == 1)
        list.ownsPrimarySelection = false
        list.deselectAll()
        #expect(host.offered == 1)
    }

    @Test func anAppButtonCalledDoneIsTheAppsAlone() {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems(["a"]))
        view.allowsMultipleSelectionDuringEditing = true
        let controller = CollectionViewController(collectionView: view, title: "Items")
        controller.extraTrailingItems = [ToolbarItem(id: "done", title: "Finished")]
        controller.doneButtonTitle = "Fertig"
        controller.attach(to: host)
        controller.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        view.isEditing = true
        let ids = controller.toolbar.trailingItems.map(\.id)
        #expect(ids == ["done", CollectionViewController.ItemID.done])
        #expect(controller.toolbar.trailingItems.last?.title == "Fertig")
    }
}

@Suite struct KeySymTests {
    @Test func lettersMatchWithAndWithoutShift() {
        #expect(KeySym.a.matches(letter: "a"))
        #expect(KeySym(character: "A")!.matches(letter: "a"))
        #expect(!KeySym.b.matches(letter: "a"))
        #expect(KeySym(character: "é") == KeySym(rawValue: 0xe9))
        #expect(KeySym(character: "中") == nil)
        #expect(KeySym.digits[7] == KeySym(character: "7"))
    }
}

@MainActor @Suite struct DoubleClickTests {
    @Test func aDoubleClickActivatesWhereOneClickOnlySelects() {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems((0..<20).map { "Row \($0)" }))
        view.allowsMultipleSelection = true
        view.activatesOnDoubleClick = true
        var activated: [Int] = []
        view.onActivate = { activated.append($0.item) }
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        func click(row: Int, at time: Double) {
            host.now = time
            let point = Point(x: 100, y: 22 + 44 * Double(row))
            host.gestureArena.pointerMoved(to: point, time: time)
            host.gestureArena.pointerButton(pressed: true, modifiers: [], time: time)
            host.gestureArena.pointerButton(pressed: false, modifiers: [], time: time + 30)
        }
        click(row: 2, at: 1000)
        #expect(activated.isEmpty)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 2...2)])
        click(row: 2, at: 1200)
        #expect(activated == [2])
        click(row: 5, at: 3000)
        click(row: 5, at: 3600)
        #expect(activated == [2], "too slow for a double click")
        click(row: 6, at: 5000)
        click(row: 7, at: 5100)
        #expect(activated == [2], "two items are not a double click")
    }
}

/// `selectionFollowsFocus`: outside editing mode the arrows select the
/// focused item alone and Ctrl+arrows move only the focus; in editing mode
/// arrows move the focus and Space toggles. And a click moves the ring.
@MainActor @Suite struct SelectionFollowsFocusTests {
    private func makeList(multiple: Bool = true) -> (CollectionView, TestHost, RecordingDelegate) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems((0..<20).map { "Row \($0)" }))
        if multiple {
            view.allowsMultipleSelection = true
        } else {
            view.allowsSelection = true
            view.allowsMultipleSelectionDuringEditing = true
        }
        let delegate = RecordingDelegate()
        view.delegate = delegate
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        view.focusDidChange(true)
        return (view, host, delegate)
    }

    private func press(_ view: CollectionView, _ key: KeySym, _ modifiers: Modifiers = [], times: Int = 1) {
        for _ in 0..<times { #expect(view.handleKey(Input.key(key, modifiers))) }
    }

    private func selected(_ view: CollectionView) -> [Int] { view.selectedItems.map(\.item) }

    @Test func plainArrowsSelectTheFocusedItemAloneAndCtrlArrowsOnlyMoveTheFocus() {
        let (view, _, delegate) = makeList()
        press(view, .down)
        #expect(view.focusedItem == ItemPath(item: 0) && selected(view) == [0], "the first arrow selects the first item")
        press(view, .down)
        #expect(selected(view) == [1])
        press(view, .down, .control, times: 2)
        #expect(view.focusedItem == ItemPath(item: 3) && selected(view) == [1], "Ctrl moves the focus only")
        press(view, .down, .shift)
        #expect(selected(view) == Array(3...4), "Shift selects from the anchor the Ctrl move left")
        press(view, .end)
        #expect(selected(view) == [19] && view.focusedItem == ItemPath(item: 19))
        #expect(!view.isEditing, "the arrows stay in normal mode")
        #expect(delegate.calls.contains("didSelect 1 key") && !delegate.calls.contains { $0.hasPrefix("activate") },
                "arrows select (did-select) but never activate: \(delegate.calls)")
    }

    @Test func anArrowOntoAnItemOfASeveralItemSelectionKeepsOnlyIt() {
        let (view, _, _) = makeList()
        press(view, .down, times: 2)
        press(view, .down, .shift, times: 3)
        #expect(selected(view) == Array(1...4))
        press(view, .up)
        #expect(selected(view) == [3] && view.focusedItem == ItemPath(item: 3))
    }

    @Test func inEditingModeArrowsMoveTheFocusAndSpaceToggles() {
        let (view, _, _) = makeList()
        view.allowsMultipleSelectionDuringEditing = true
        view.isEditing = true
        press(view, .down, times: 3)
        #expect(view.focusedItem == ItemPath(item: 2) && selected(view).isEmpty)
        press(view, .space)
        press(view, .down, times: 2)
        press(view, .space)
        #expect(selected(view) == [2, 4])
    }

    @Test func singleSelectionFollowsTheFocusAndTurningItOffLeavesTheSelection() {
        let (view, _, _) = makeList(multiple: false)
        press(view, .down, times: 3)
        #expect(selected(view) == [2])
        view.selectionFollowsFocus = false
        press(view, .down, times: 2)
        #expect(selected(view) == [2] && view.focusedItem == ItemPath(item: 4))
    }

    @Test func aClickTakesTheFocusRingWithIt() {
        let (view, host, _) = makeList()
        view.selectionFollowsFocus = false
        press(view, .down, times: 3)
        #expect(view.itemView.model.focusedItem == ItemPath(item: 2))
        _ = host.takeDamage()
        let point = Point(x: 100, y: 22 + 44 * 6)
        host.gestureArena.pointerMoved(to: point, time: 1000)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: 1000)
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 1030)
        #expect(view.focusedItem == ItemPath(item: 6))
        #expect(view.itemView.model.focusedItem == ItemPath(item: 6), "the ring is drawn on the clicked item")
        let damage = host.takeDamage()
        #expect(damage.intersects(Rect(x: 0, y: 44 * 2 + 10, width: 320, height: 20)), "the old ring's row is repainted")
        press(view, .down)
        #expect(view.itemView.model.focusedItem == ItemPath(item: 7))
    }
}

/// A controller's toolbar buttons are in the Tab order: Tab arrives on the
/// first, goes through them to the list; Shift+Tab comes back from the
/// list to the last; Space presses one; Escape returns to the list.
@MainActor @Suite struct ToolbarFocusTests {
    private func key(_ keysym: KeySym, _ modifiers: Modifiers = []) -> KeyEvent { Input.key(keysym, modifiers) }

    @Test func tabGoesThroughTheButtonsAndTheListAndSpacePressesOne() {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems((0..<5).map { "Row \($0)" }))
        view.allowsMultipleSelectionDuringEditing = true
        let controller = CollectionViewController(collectionView: view, title: "Items")
        controller.editButtonTitle = "Edit"
        controller.attach(to: host)
        controller.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        controller.focusDidChange(true)
        controller.focusArrivedByTab(backward: false)
        #expect(controller.focusedToolbarItem == CollectionViewController.ItemID.edit && !view.isFocused, "Tab arrived on Edit")
        #expect(controller.toolbar.focusedItemID == CollectionViewController.ItemID.edit, "the ring is drawn there")
        #expect(controller.handleKey(key(.space)) && view.isEditing, "Space pressed Edit")
        #expect(controller.focusedToolbarItem == CollectionViewController.ItemID.done, "Edit became Done: the focus is on Done")
        #expect(controller.handleKey(key(.tab)) && controller.focusedToolbarItem == nil && view.isFocused, "Tab: the list")
        #expect(!controller.handleKey(key(.tab)), "Tab from the list leaves the controller")
        #expect(controller.handleKey(key(.leftTab, .shift)) && controller.focusedToolbarItem == CollectionViewController.ItemID.done)
        #expect(controller.handleKey(key(.leftTab, .shift)) && controller.focusedToolbarItem == CollectionViewController.ItemID.selectAll)
        #expect(!controller.handleKey(key(.leftTab, .shift)), "Shift+Tab from the first button leaves the controller")
        #expect(controller.handleKey(key(.right)) && controller.focusedToolbarItem == CollectionViewController.ItemID.done)
        #expect(controller.handleKey(key(.escape)) && controller.focusedToolbarItem == nil && view.isFocused && view.isEditing,
                "Escape on a button goes back to the list, still editing")
        controller.focusDidChange(false)
        #expect(controller.focusedToolbarItem == nil && controller.toolbar.focusedItemID == nil && !view.isFocused)
    }
}
