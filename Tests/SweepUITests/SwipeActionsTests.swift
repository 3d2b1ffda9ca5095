import SweepGestures
import SweepPixman
import Testing
@testable import SweepUI
@testable import SweepViews

/// Swipe actions: a finger sideways on a touchscreen or two fingers
/// scrolling sideways on a touchpad move a row over its actions; letting go
/// opens, closes or (past 60 %) performs the first; a tap on a button
/// performs it, elsewhere closes; vertical motion scrolls instead (decided
/// in the first 10 px, 2:1); a second finger closes the row; editing mode
/// and rows without actions do not swipe; the context menu and screen
/// readers get the same actions.
@MainActor @Suite struct SwipeActionsTests {
    /// Rows of 44 px, 300 px wide; every row but 5 has Archive on the left swipe, Flag and Delete on the right one.
    final class Mailbox: CollectionViewDelegate {
        var performed: [String] = []
        var menuEvents: [MenuEvent] = []
        func collectionView(_ view: CollectionView, trailingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? {
            guard item.item != 5 else { return nil }
            return SwipeActionsConfiguration(actions: [
                SwipeAction(id: "archive", title: "Archive") { [unowned self] in performed.append("archive \($0.item)") },
            ])
        }
        func collectionView(_ view: CollectionView, leadingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? {
            guard item.item != 5 else { return nil }
            return SwipeActionsConfiguration(actions: [
                SwipeAction(id: "flag", title: "Flag") { [unowned self] in performed.append("flag \($0.item)") },
                SwipeAction(id: "delete", title: "Delete", style: .destructive) { [unowned self] in performed.append("delete \($0.item)") },
            ], performsFirstActionWithFullSwipe: false)
        }
        func collectionView(_ view: CollectionView, contextMenuFor item: ItemPath?, trigger: MenuTrigger) -> Menu? {
            Menu([.action("Archive", id: "archive"), .action("Reply", id: "reply")])
        }
        func collectionView(_ view: CollectionView, contextMenu event: MenuEvent) { menuEvents.append(event) }
    }

    private func make() -> (CollectionView, TestHost, Mailbox) {
        let host = TestHost()
        let view = CollectionView(layout: CollectionListLayout(rowHeight: 44), dataSource: StringItems((0..<100).map { "Message \($0)" }))
        let mailbox = Mailbox()
        view.delegate = mailbox
        view.allowsMultipleSelectionDuringEditing = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 300, height: 400))
        return (view, host, mailbox)
    }

    private func row(_ row: Int) -> Double { 22 + 44 * Double(row) }

    /// The same list of 44 px rows over a snapshot source of items 0 to 49, for data changes.
    private func makeSnapshotList() throws -> (CollectionView, TestHost, Mailbox, SnapshotDataSource<String, Int>) {
        let source = SnapshotDataSource<String, Int> { ItemContent(title: "\($0)") }
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: source)
        let mailbox = Mailbox()
        view.delegate = mailbox
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 300, height: 400))
        var snapshot = ItemSnapshot<String, Int>()
        snapshot.appendSections(["all"])
        snapshot.appendItems(Array(0..<50))
        try source.apply(snapshot)
        return (view, host, mailbox, source)
    }

    /// One finger from (`x`, row `from`) moved by `dx`, `dy` in `steps`, 16 ms apart, and lifted (unless `lift` is false).
    private func drag(_ host: TestHost, row from: Int, x: Double = 200, dx: Double, dy: Double = 0, steps: Int = 10,
                      lift: Bool = true, time: inout UInt32) {
        let start = Point(x: x, y: row(from))
        host.gestureArena.handle(Input.touches(down: [(0, start)], time: time))
        for step in 1...steps {
            time += 16
            let f = Double(step) / Double(steps)
            host.gestureArena.handle(Input.touches(moved: [(0, Point(x: start.x + dx * f, y: start.y + dy * f))], time: time))
        }
        if lift {
            time += 100  // held still before lifting: no flick
            host.gestureArena.handle(Input.touches(moved: [(0, Point(x: start.x + dx, y: start.y + dy))], time: time))
            host.gestureArena.handle(Input.touches(up: [0], time: time))
        }
    }

    /// Runs the clock `ms` forward a frame at a time, the view's animations
    /// advanced only while it animates (as a window draws) and the timers run.
    private func settle(_ view: CollectionView, _ host: TestHost, ms: Double = 300) {
        for _ in 0..<Int(ms / 16) {
            host.advance(by: 16)
            if view.isAnimating { _ = view.advanceAnimations(to: host.now) }
        }
    }

    @Test func aFingerSidewaysOpensTheRowAndATapOnItsButtonPerformsIt() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 2, dx: -90, time: &time)
        #expect(view.itemView.swipe?.item == ItemPath(item: 2))
        #expect(view.contentOffset == 0, "the list did not scroll")
        settle(view, host)
        let archive = try! #require(view.itemView.swipe).openWidth(.trailing)
        #expect(view.itemView.swipe?.offset == -archive, "open: the Archive button shows")
        #expect(view.selectedCount == 0 && mailbox.performed.isEmpty)
        // The button is at the row's right end.
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 300 - archive / 2, y: row(2)))], time: time + 500))
        host.gestureArena.handle(Input.touches(up: [0], time: time + 550))
        settle(view, host, ms: 600)
        #expect(mailbox.performed == ["archive 2"], "performed once the row slid away (and the row, kept, slid back)")
        #expect(view.itemView.swipe == nil || view.itemView.swipe?.offset == 0)
        #expect(view.selectedCount == 0, "the tap selected nothing")
    }

    @Test func aTapElsewhereClosesAnOpenRowAndSelectsNothing() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 2, dx: 90, time: &time)
        settle(view, host)
        #expect((view.itemView.swipe?.offset ?? 0) > 0, "open on the left: Flag and Delete")
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 250, y: row(6)))], time: time + 500))
        host.gestureArena.handle(Input.touches(up: [0], time: time + 550))
        settle(view, host)
        #expect(view.itemView.swipe == nil && view.selectedCount == 0 && mailbox.performed.isEmpty)
    }

    @Test func aFullSwipePerformsTheFirstActionOnlyWhereAllowed() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 3, dx: -250, time: &time)
        settle(view, host)
        #expect(mailbox.performed == ["archive 3"])
        // The left side does not perform on a full swipe: it stays open on its buttons.
        drag(host, row: 4, dx: 260, time: &time)
        settle(view, host)
        #expect(mailbox.performed == ["archive 3"])
        #expect(view.itemView.swipe?.offset == view.itemView.swipe?.openWidth(.leading))
    }

    @Test func aShortSwipeClosesAgain() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 2, dx: -20, time: &time)
        settle(view, host)
        #expect(view.itemView.swipe == nil && mailbox.performed.isEmpty)
    }

    /// The direction is decided in the first 10 px: sideways only when twice as wide as tall.
    @Test(arguments: [(4.0, 60.0), (30.0, 20.0), (-14.0, 10.0)])
    func motionThatIsNotClearlySidewaysScrolls(dx: Double, dy: Double) {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(mailbox) {} }
        view.itemView.scrollImmediately(to: 400)
        var time: UInt32 = 1000
        drag(host, row: 3, dx: dx, dy: dy, time: &time)
        #expect(view.itemView.swipe == nil)
        #expect(view.contentOffset != 400, "it scrolled")
    }

    @Test func rowsWithoutActionsAndEditingModeDoNotSwipe() {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(mailbox) {} }
        var time: UInt32 = 1000
        drag(host, row: 5, dx: -120, time: &time)
        #expect(view.itemView.swipe == nil)
        view.setEditing(true)
        drag(host, row: 2, x: 150, dx: -120, time: &time)
        #expect(view.itemView.swipe == nil)
    }

    /// A second finger during a swipe: the pan is no longer one finger's, the row closes, nothing is performed.
    @Test func aSwipeThatTurnsIntoASweepClosesTheRow() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 2, dx: -200, lift: false, time: &time)
        #expect(view.itemView.swipe?.item == ItemPath(item: 2))
        time += 16
        host.gestureArena.handle(Input.touches(down: [(1, Point(x: 150, y: row(3)))], time: time))
        for step in 1...8 {
            time += 16
            host.gestureArena.handle(Input.touches(moved: [(0, Point(x: 0, y: row(2) + Double(step) * 10)),
                                                           (1, Point(x: 150, y: row(3) + Double(step) * 10))], time: time))
        }
        host.gestureArena.handle(Input.touches(up: [0, 1], time: time + 16))
        settle(view, host)
        #expect(view.itemView.swipe == nil && mailbox.performed.isEmpty)
    }

    /// Dragged the row's whole width: nothing is left to slide, and the action is performed anyway.
    @Test func aSwipeAcrossTheWholeRowPerformsAtOnce() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 3, x: 290, dx: -400, time: &time)
        settle(view, host, ms: 50)
        #expect(mailbox.performed == ["archive 3"])
    }

    /// An action chosen by a full swipe is performed even when a tap interrupts the slide away.
    @Test func aChosenActionIsPerformedWhenInterrupted() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 3, dx: -250, time: &time)
        #expect(mailbox.performed.isEmpty && view.isAnimating, "sliding away")
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 100, y: row(8)))], time: time + 20))
        host.gestureArena.handle(Input.touches(up: [0], time: time + 60))
        #expect(mailbox.performed == ["archive 3"])
    }

    /// A second tap while a chosen action's row slides away performs that action, and no other.
    @Test func aSecondTapDuringTheSlidePerformsOnlyTheChosenAction() {
        let (view, host, mailbox) = make()
        var time: UInt32 = 1000
        drag(host, row: 2, dx: 200, time: &time)
        settle(view, host)
        let open = try! #require(view.itemView.swipe)
        // Tap Delete (the second leading button), then again where the first now widens.
        let delete = open.buttons(in: view.itemView.windowRect(of: ItemPath(item: 2)))[1].rect
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: delete.midX, y: row(2)))], time: time + 500))
        host.gestureArena.handle(Input.touches(up: [0], time: time + 520))
        host.gestureArena.handle(Input.touches(down: [(0, Point(x: 40, y: row(2)))], time: time + 600))
        host.gestureArena.handle(Input.touches(up: [0], time: time + 620))
        settle(view, host, ms: 600)
        #expect(mailbox.performed == ["delete 2"])
        #expect(view.itemView.swipe == nil, "the row, kept, slid back and let go")
    }

    /// An action that moves its own row (a pin re-sorting it): the row, followed, slides back closed.
    @Test func aRowItsActionMovesSlidesBack() throws {
        let (view, host, mailbox, source) = try makeSnapshotList()
        final class Pinning: CollectionViewDelegate {
            let source: SnapshotDataSource<String, Int>
            init(_ source: SnapshotDataSource<String, Int>) { self.source = source }
            func collectionView(_ view: CollectionView, trailingSwipeActionsFor item: ItemPath) -> SwipeActionsConfiguration? {
                SwipeActionsConfiguration(actions: [SwipeAction(id: "pin", title: "Pin") { [unowned self] item in
                    guard let id = source.itemIdentifier(for: item) else { return }
                    var snapshot = source.snapshot
                    snapshot.deleteItems([id])
                    _ = snapshot.insertItems([id], beforeItem: 0)
                    try? source.apply(snapshot)
                }])
            }
        }
        let pinning = Pinning(source)
        view.delegate = pinning
        defer { withExtendedLifetime((mailbox, pinning)) {} }
        var time: UInt32 = 1000
        drag(host, row: 4, dx: -260, time: &time)
        settle(view, host, ms: 600)
        #expect(source.itemIdentifier(for: ItemPath(item: 0)) == 4, "pinned to the top")
        #expect(view.itemView.swipe == nil, "and closed there")
    }

    /// A swiped row follows its item through a data change, and one whose item went ends.
    @Test func aSwipedRowFollowsItsItemThroughAChange() throws {
        let (view, host, mailbox, source) = try makeSnapshotList()
        var snapshot = source.snapshot
        var time: UInt32 = 1000
        drag(host, row: 2, dx: -90, lift: false, time: &time)
        snapshot.insertItems([100], beforeItem: 0)
        try source.apply(snapshot, animatingDifferences: true)
        #expect(view.itemView.swipe?.item == ItemPath(item: 3), "item 2 is at 3 now, still swiped")
        // The finger goes on moving it, and lets go: open.
        time += 16
        host.gestureArena.handle(Input.touches(moved: [(0, Point(x: 100, y: row(2)))], time: time))
        time += 100
        host.gestureArena.handle(Input.touches(up: [0], time: time))
        settle(view, host)
        #expect(view.itemView.swipe?.item == ItemPath(item: 3) && (view.itemView.swipe?.offset ?? 0) < 0)
        snapshot.deleteItems([2])
        try source.apply(snapshot)
        #expect(view.itemView.swipe == nil && mailbox.performed.isEmpty)
    }

    @Test func aWheelOrEditingModeClosesTheRow() {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(mailbox) {} }
        var time: UInt32 = 1000
        drag(host, row: 2, dx: -90, time: &time)
        settle(view, host)
        var notch = PointerFrame()
        notch.source = .wheel
        notch.vertical = AxisMotion(value: 15, value120: 120, stopped: false)
        view.handleScroll(notch)
        settle(view, host)
        #expect(view.itemView.swipe == nil)
        drag(host, row: 2, dx: -90, time: &time)
        settle(view, host)
        view.setEditing(true)
        #expect(view.itemView.swipe == nil)
    }

    // MARK: - Touchpad

    private func fingers(_ view: CollectionView, dx: Double = 0, dy: Double = 0, stopped: Bool = false, time: UInt32) {
        var frame = PointerFrame()
        frame.source = .finger
        if dx != 0 || stopped { frame.horizontal = AxisMotion(value: dx, value120: nil, stopped: stopped) }
        if dy != 0 || stopped { frame.vertical = AxisMotion(value: dy, value120: nil, stopped: stopped) }
        frame.time = time
        view.handleScroll(frame)
    }

    @Test func twoTouchpadFingersScrollingSidewaysSwipeTheRowUnderThePointer() {
        let (view, host, mailbox) = make()
        host.gestureArena.pointerMoved(to: Point(x: 150, y: row(3)), time: 1000)
        // Natural scrolling: fingers moving left scroll right (positive), and the row follows them left.
        for step in 0..<15 { fingers(view, dx: 8, time: 1000 + UInt32(step) * 16) }
        #expect(view.itemView.swipe?.item == ItemPath(item: 3) && (view.itemView.swipe?.offset ?? 0) < -100)
        #expect(view.contentOffset == 0)
        fingers(view, stopped: true, time: 1400)
        settle(view, host)
        #expect(view.itemView.swipe?.offset == -(view.itemView.swipe?.openWidth(.trailing) ?? 0), "open")
        // A click on the button (a mouse after the touchpad) archives.
        let width = view.itemView.swipe?.openWidth(.trailing) ?? 0
        host.gestureArena.pointerMoved(to: Point(x: 300 - width / 2, y: row(3)), time: 2000)
        host.gestureArena.pointerButton(pressed: true, modifiers: [], time: 2000)
        host.gestureArena.pointerButton(pressed: false, modifiers: [], time: 2050)
        settle(view, host)
        #expect(mailbox.performed == ["archive 3"] && view.selectedCount == 0)
    }

    @Test func touchpadFingersThatGoUpOrDownFirstScroll() {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(mailbox) {} }
        host.gestureArena.pointerMoved(to: Point(x: 150, y: row(3)), time: 1000)
        fingers(view, dx: 2, dy: 12, time: 1000)
        for step in 1..<10 { fingers(view, dx: 20, time: 1000 + UInt32(step) * 16) }
        #expect(view.itemView.swipe == nil)
        #expect(view.contentOffset == 12)
        fingers(view, stopped: true, time: 1300)
        // A new stroke decides again.
        for step in 0..<10 { fingers(view, dx: -12, time: 1400 + UInt32(step) * 16) }
        #expect((view.itemView.swipe?.offset ?? 0) > 0, "right: the leading actions")
    }

    /// A view that scrolls sideways (a table's columns) keeps touchpad strokes for that.
    @Test func aViewThatScrollsSidewaysKeepsTouchpadStrokes() {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(mailbox) {} }
        var sideways = 0.0
        view.scrollMode.sideways = { sideways += $0 }
        host.gestureArena.pointerMoved(to: Point(x: 150, y: row(3)), time: 1000)
        for step in 0..<10 { fingers(view, dx: 10, time: 1000 + UInt32(step) * 16) }
        #expect(view.itemView.swipe == nil && sideways == 100)
    }

    // MARK: - The same actions elsewhere

    @Test func theContextMenuOffersTheActionsTheAppsMenuLacks() throws {
        let (view, host, mailbox) = make()
        host.recordsMenus = true
        view.handleSecondaryClick(at: Point(x: 100, y: row(2)))
        let shown = try #require(host.shownMenu)
        // The app's Archive stands for the swipe's; Flag and Delete come after a separator.
        #expect(shown.menu.items.map(\.id) == ["archive", "reply", "", "flag", "delete"])
        #expect(shown.menu.items.last?.isDestructive == true)
        shown.answer(.chosen("flag"))
        #expect(mailbox.performed == ["flag 2"] && mailbox.menuEvents.isEmpty, "the action's own handler")
        shown.answer(.chosen("archive"))
        #expect(mailbox.menuEvents == [.chosen("archive")], "the app's own entry goes to the app")
    }

    @Test func aMenusSwipeActionFollowsItsItemThroughAChange() throws {
        let (view, host, mailbox, source) = try makeSnapshotList()
        var snapshot = source.snapshot
        host.recordsMenus = true
        view.handleSecondaryClick(at: Point(x: 100, y: 22 + 44 * 3))
        let shown = try #require(host.shownMenu)
        snapshot.insertItems([100], beforeItem: 0)
        try source.apply(snapshot)
        shown.answer(.chosen("flag"))
        #expect(mailbox.performed == ["flag 4"], "item 3 moved to 4")
        view.handleSecondaryClick(at: Point(x: 100, y: 22 + 44 * 3))
        let again = try #require(host.shownMenu)
        // The menu's item (selected for it) goes.
        let menuItem = try #require(Array(view.selectedItems).first.flatMap { source.itemIdentifier(for: $0) })
        snapshot.deleteItems([menuItem])
        try source.apply(snapshot)
        again.answer(.chosen("flag"))
        #expect(mailbox.performed == ["flag 4"], "its item went: nothing")
    }

    @Test func screenReadersGetTheActionsAsTheRowsActions() throws {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(host) {} }
        let list = try #require(view.accessibleObject)
        let row = try #require(list.child(at: 2))
        #expect(row.actions.map(\.name) == ["activate", "Flag", "Delete", "Archive"])
        #expect(row.actions[3].perform())
        #expect(mailbox.performed == ["archive 2"])
        #expect(list.child(at: 5)?.actions.map(\.name) == ["activate"])
    }

    @Test func aDataChangeThatRemovesTheSwipedItemEndsTheSwipe() throws {
        let (view, host, mailbox, source) = try makeSnapshotList()
        var snapshot = source.snapshot
        var time: UInt32 = 1000
        drag(host, row: 2, dx: -90, time: &time)
        #expect(view.itemView.swipe != nil)
        snapshot.deleteItems([2])
        try source.apply(snapshot)
        #expect(view.itemView.swipe == nil, "its item went")
        settle(view, host)
        #expect(mailbox.performed.isEmpty)
    }

    // MARK: - The reveal's arithmetic

    @Test func theRevealClampsReleasesAndPlacesItsButtons() {
        var reveal = SwipeReveal(item: ItemPath(item: 0), leading: [], trailing: [
            .init(title: "Archive", color: .black, width: 80), .init(title: "More", color: .white, width: 70),
        ])
        #expect(reveal.clamped(50, rowWidth: 300) == 0, "no leading actions: it does not move right")
        #expect(reveal.clamped(-500, rowWidth: 300) == -300 && reveal.clamped(.nan, rowWidth: 300) == 0)
        reveal.move(to: -75)
        #expect(reveal.release(velocity: 0, rowWidth: 300) == .open(.trailing), "half of 150 shows")
        #expect(reveal.release(velocity: 0.8, rowWidth: 300) == .close, "flicked back")
        reveal.move(to: -30)
        #expect(reveal.release(velocity: -0.8, rowWidth: 300) == .open(.trailing), "flicked open")
        #expect(reveal.release(velocity: 0, rowWidth: 300) == .close)
        reveal.move(to: -200)
        #expect(reveal.release(velocity: 0, rowWidth: 300) == .perform(.trailing), "past 60 % of 300")
        #expect(reveal.buttons(in: Rect(x: 0, y: 0, width: 300, height: 44)).map(\.rect.width) == [200], "the first covers it all")
        reveal.move(to: -75)
        let half = reveal.buttons(in: Rect(x: 0, y: 0, width: 300, height: 44))
        #expect(half.map(\.index) == [0, 1] && half.map(\.rect.width) == [40, 35] && half[0].rect.maxX == 300, "shrunk, the first at the edge")
        reveal.slide(to: 0, at: 100)
        #expect(reveal.advance(to: 200) && reveal.offset > -75 && reveal.offset < 0)
        #expect(!reveal.advance(to: 300) && reveal.offset == 0 && reveal.isClosed)
        let stiff = SwipeReveal(item: ItemPath(item: 0), leading: [.init(title: "Flag", color: .black, width: 80)], trailing: [],
                                fullSwipeLeading: false)
        #expect(stiff.clamped(400, rowWidth: 300) == 120, "past its buttons it resists, 40 px at most")
    }

    /// Drawn: the button's colour in the uncovered part, the row's content moved over the rest.
    @Test func theSwipedRowIsDrawnOverItsButtons() throws {
        let (view, host, mailbox) = make()
        defer { withExtendedLifetime(mailbox) {} }
        var time: UInt32 = 1000
        drag(host, row: 1, dx: -90, time: &time)
        settle(view, host)
        let image = try #require(PixmanImage(width: 300, height: 400))
        view.draw(in: PixmanCanvas(image: image, scale: 1, fonts: try FontSet(scale: 1)), damage: Region(Rect(x: 0, y: 0, width: 300, height: 400)))
        let grey = image.pixel(x: 297, y: Int(row(1)) - 18)
        #expect(grey == image.pixel(x: 300 - 4, y: Int(row(1)) + 18), "the button fills its part")
        #expect(grey != image.pixel(x: 297, y: Int(row(3))), "not a row's background")
    }
}
