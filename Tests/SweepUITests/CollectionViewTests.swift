import SweepGestures
import SweepUI
import Testing

/// The component driven by synthetic input through a gesture arena, with
/// no compositor: sweeps, bands, clicks, keys, autoscroll on the host's
/// timers, and the delegate. A list of 1,000 rows of 44 px in a 320 × 440
/// view: row n's centre is at y 22 + 44n.
@MainActor @Suite struct CollectionViewTests {
    private func row(_ n: Int, x: Double = 200) -> Point { Point(x: x, y: 22 + 44 * Double(n)) }

    /// A list that allows several items while editing, as UIKit's sample does.
    private func makeList(count: Int = 1000) -> (CollectionView, TestHost, RecordingDelegate) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems((0..<count).map { "Row \($0)" }))
        view.allowsMultipleSelectionDuringEditing = true
        let delegate = RecordingDelegate()
        view.delegate = delegate
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host, delegate)
    }

    /// Two fingers down at `from`'s row, moved together to `to` in steps of 20 ms.
    private func twoFingerDrag(_ host: TestHost, from: Point, to: Point, steps: Int = 10, lift: Bool = true) -> UInt32 {
        let arena = host.gestureArena
        var time: UInt32 = 1000
        arena.handle(Input.touches(down: [(0, from), (1, Point(x: from.x + 60, y: from.y))], time: time))
        for step in 1...steps {
            time += 20
            let y = from.y + (to.y - from.y) * Double(step) / Double(steps)
            arena.handle(Input.touches(moved: [(0, Point(x: from.x, y: y)), (1, Point(x: from.x + 60, y: y))], time: time))
        }
        if lift {
            time += 20
            arena.handle(Input.touches(up: [0, 1], time: time))
        }
        return time
    }

    private func click(_ host: TestHost, at point: Point, modifiers: Modifiers = [], time: Double) {
        host.gestureArena.pointerMoved(to: point, time: time)
        host.gestureArena.pointerButton(pressed: true, modifiers: modifiers, time: time)
        host.gestureArena.pointerButton(pressed: false, modifiers: modifiers, time: time + 50)
    }

    /// The view keeps its state in a few owners (its modes, the selection
    /// controller, the item view, the accessibility state), not one field
    /// per feature: at most 20 stored properties, lazy ones included.
    @Test func theViewKeepsAtMostTwentyStoredProperties() {
        let view = CollectionView(layout: .list, dataSource: StringItems(["a"]))
        let stored = Mirror(reflecting: view).children.compactMap(\.label)
        #expect(stored.count <= 20, "\(stored.count) stored properties: \(stored)")
    }

    @Test func aTwoFingerSweepEntersEditingAndSelectsItsSpan() {
        let (view, host, delegate) = makeList()
        _ = twoFingerDrag(host, from: row(1, x: 100), to: row(4, x: 100))
        #expect(view.isEditing)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 1...4)])
        #expect(delegate.calls == ["editing true", "didBegin 1", "didEnd"])
        #expect(!host.takeDamage().isEmpty)
    }

    /// Found by fuzzing (Fuzz/fuzz-collection): a touchpad hold, finger scrolling after it (the
    /// sweep), then the fingers lifted with no `axis_stop`: the selection stayed provisional.
    @Test func aTouchpadSweepEndsWhenTheFingersLiftWithoutAnAxisStop() {
        let (view, host, _) = makeList()
        let arena = host.gestureArena
        arena.pointerMoved(to: row(2), time: 1000)
        view.touchesBegan()
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        var frame = PointerFrame()
        frame.source = .finger
        frame.vertical = AxisMotion(value: 100, value120: nil, stopped: false)
        frame.time = 1400
        view.handleScroll(frame)
        #expect(view.isInteracting, "the scroll swept")
        arena.handle(.holdEnd(cancelled: false, time: 1500))
        host.advance(by: 3000)
        #expect(!view.isInteracting)
        #expect(view.isEditing && Array(view.selectedItems).map(\.item) == [2, 3, 4])
    }

    /// Found by fuzzing (Fuzz/fuzz-collection): the hold ended before the scrolling began (as
    /// libinput ends it when the fingers move), and no `axis_stop` came.
    @Test func aTouchpadSweepWhoseScrollingStopsWithoutAnAxisStopEnds() throws {
        let (view, host, _) = makeList()
        let arena = host.gestureArena
        arena.pointerMoved(to: row(2), time: 1000)
        view.touchesBegan()
        arena.handle(.holdBegin(fingers: 2, time: 1000))
        arena.handle(.holdEnd(cancelled: true, time: 1400))
        var frame = PointerFrame()
        frame.source = .finger
        frame.vertical = AxisMotion(value: 100, value120: nil, stopped: false)
        frame.time = 1400
        view.handleScroll(frame)
        #expect(view.isInteracting, "the scroll swept")
        // The window's gesture timer, at the sweep's deadline (AppWindow arms it after each scroll).
        let deadline = try #require(arena.nextDeadline)
        #expect(deadline == 1400 + HoldScrollSweepGestureRecognizer().silenceTimeout)
        arena.advance(to: deadline)
        #expect(!view.isInteracting)
        #expect(view.isEditing && Array(view.selectedItems).map(\.item) == [2, 3, 4])
    }

    @Test func aSweepStartedOnASelectedRowDeselects() {
        let (view, host, _) = makeList()
        view.isEditing = true
        view.selectRanges([ItemRange(section: 0, items: 0...9)])
        _ = twoFingerDrag(host, from: row(3, x: 100), to: row(5, x: 100))
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 0...2), ItemRange(section: 0, items: 6...9)])
    }

    @Test func aBandWithShiftExtendsTheSelectionAndEntersEditing() {
        let (view, host, delegate) = makeList()
        click(host, at: row(0), time: 100)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 0...0)] && !view.isEditing)
        let arena = host.gestureArena
        arena.pointerMoved(to: row(2), time: 300)
        arena.pointerButton(pressed: true, modifiers: .shift, time: 300)
        for step in 1...6 { arena.pointerMoved(to: Point(x: 200, y: row(2).y + 22 * Double(step)), time: 300 + 16 * Double(step)) }
        arena.pointerButton(pressed: false, modifiers: .shift, time: 420)
        #expect(view.isEditing)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 0...0), ItemRange(section: 0, items: 2...5)])
        #expect(delegate.calls.contains("band began extend") && delegate.calls.contains("band ended extend"))
        #expect(delegate.calls.first == "didSelect 0 click" && delegate.calls.contains("activate 0"))
    }

    @Test func shiftArrowsInNormalModeEnterEditingAndExtendFromTheClickedRow() {
        let (view, host, _) = makeList()
        click(host, at: row(3), time: 100)
        #expect(view.handleKey(Input.key(.down, .shift)))
        #expect(view.handleKey(Input.key(.down, .shift)))
        #expect(view.isEditing)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 3...5)])
        #expect(view.handleKey(Input.key(.a, .control)))
        #expect(view.selectedCount == 1000)
        #expect(view.handleKey(Input.key(.escape)))
        #expect(!view.isEditing && view.selectedCount == 0)
    }

    @Test func aSweepHeldAtTheBottomEdgeAutoscrollsOnTheHostsTimers() {
        let (view, host, _) = makeList()
        let time = twoFingerDrag(host, from: row(1, x: 100), to: Point(x: 100, y: 432), lift: false)
        #expect(host.pendingTimers > 0)
        host.advance(by: 600)
        #expect(view.contentOffset > 100)
        let last = view.effectiveSelectedRanges.last?.items.upperBound ?? 0
        #expect(last > 10, "the sweep extends over the rows that scrolled under the fingers")
        host.gestureArena.handle(Input.touches(up: [0, 1], time: time + 620))
        #expect(view.selectedRanges.first?.items.lowerBound == 1 && view.selectedCount == last)
        host.advance(by: 100)
        #expect(host.pendingTimers == 0, "autoscroll stops with the sweep")
    }

    @Test func theDelegateMayRefuseAPersonsSelectionButNotTheApps() {
        let (view, host, delegate) = makeList()
        delegate.refuse = [2]
        click(host, at: row(2), time: 100)
        #expect(view.selectedCount == 0)
        view.selectItem(at: ItemPath(item: 2), scrollPosition: .none)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 2...2)])
        #expect(!delegate.calls.contains { $0.hasPrefix("didSelect") }, "programmatic selection calls no did-select")
    }

    @Test func copiedTextIsTheSelectedTitlesInOrder() {
        let (view, _, _) = makeList()
        view.isEditing = true
        view.selectRanges([ItemRange(section: 0, items: 7...8), ItemRange(section: 0, items: 2...2)])
        #expect(view.copiedText == "Row 2\nRow 7\nRow 8\n")
    }

    @Test func aRightClickSelectsAnUnselectedItemOnly() {
        let (view, _, _) = makeList()
        view.isEditing = true
        view.selectRanges([ItemRange(section: 0, items: 0...3)])
        view.handleSecondaryClick(at: row(2))
        #expect(view.selectedCount == 4, "a right click on a selected item keeps the selection")
        view.handleSecondaryClick(at: row(6))
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 6...6)])
    }

    @Test func twoViewsInOneHostKeepTheirOwnSelections() {
        let host = TestHost()
        let items = StringItems((0..<100).map { "Item \($0)" })
        let left = CollectionView(layout: .list, dataSource: items, name: "left")
        let right = CollectionView(layout: .grid, dataSource: items, name: "right")
        for view in [left, right] {
            view.allowsMultipleSelection = true
            view.attach(to: host)
        }
        left.setFrame(Rect(x: 0, y: 0, width: 300, height: 400))
        right.setFrame(Rect(x: 301, y: 0, width: 300, height: 400))
        click(host, at: Point(x: 100, y: 22), time: 100)
        click(host, at: Point(x: 301 + 58, y: 58), time: 300)
        #expect(left.selectedRanges == [ItemRange(section: 0, items: 0...0)])
        #expect(right.selectedRanges == [ItemRange(section: 0, items: 0...0)])
        // Two columns spread over 300 px: the second starts at 8 + 100 + 84.
        click(host, at: Point(x: 301 + 192 + 50, y: 58), modifiers: .control, time: 500)
        #expect(right.selectedCount == 2 && left.selectedCount == 1)
    }
}

/// Numbers as the toolbar, the demo's titles and the picker's status show them.
@Suite struct NumberTextTests {
    @Test func thousandsAreGroupedWithCommas() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1000) == "1,000")
        #expect(NumberText.grouped(1_000_000) == "1,000,000")
        #expect(NumberText.grouped(16_777_216) == "16,777,216")
        #expect(NumberText.grouped(-1234) == "-1,234")
        #expect(NumberText.grouped(-999) == "-999")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }
}
