import SweepGestures
import SweepUI
import Testing

@MainActor @Suite struct ScrollbarTests {
    /// 50,000 rows of 44 px in a 320 × 440 view: 2,199,560 px to scroll.
    private func makeList(count: Int = 50_000) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: StringItems((0..<count).map { "Row \($0)" }))
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    /// A left-button press at `start`, moved to `end` in steps, released, as a pointer would.
    private func drag(_ view: CollectionView, _ host: TestHost, from start: Point, to end: Point, modifiers: Modifiers = []) {
        let arena = host.gestureArena
        _ = view.hover(at: start)
        arena.pointerMoved(to: start, time: 1000)
        arena.pointerButton(pressed: true, modifiers: modifiers, time: 1010)
        for step in 1...12 {
            let t = Double(step) / 12
            let point = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            arena.pointerMoved(to: point, time: 1010 + 8 * Double(step))
            _ = view.hover(at: point)
        }
        arena.pointerButton(pressed: false, modifiers: modifiers, time: 1200)
    }

    private func click(_ view: CollectionView, _ host: TestHost, at point: Point, modifiers: Modifiers = []) {
        _ = view.hover(at: point)
        host.gestureArena.pointerMoved(to: point, time: 2000)
        host.gestureArena.pointerButton(pressed: true, modifiers: modifiers, time: 2010)
        host.gestureArena.pointerButton(pressed: false, modifiers: modifiers, time: 2060)
    }

    private func maxOffset(_ view: CollectionView) -> Double { view.itemView.scrollbar.maxOffset }

    @Test func thePointerOverTheRightEdgeWidensTheScrollbarAndLeavingNarrowsIt() {
        let (view, host) = makeList()
        #expect(!view.itemView.isScrollbarExpanded)
        let damage = view.hover(at: Point(x: 314, y: 200))
        #expect(view.itemView.isScrollbarExpanded)
        #expect(damage.intersects(Rect(x: 310, y: 300, width: 1, height: 1)), "the strip is drawn again")
        _ = view.hover(at: Point(x: 200, y: 200))
        #expect(!view.itemView.isScrollbarExpanded)
        _ = view.hover(at: Point(x: 314, y: 200))
        _ = view.hover(at: nil)
        #expect(!view.itemView.isScrollbarExpanded, "the pointer left the window")
        _ = host.takeDamage()
    }

    @Test func draggingTheThumbToTheBottomReachesTheLastRowAndNeverStartsABand() {
        let (view, host) = makeList()
        let thumb = try! #require(view.itemView.scrollbar.thumb(at: 0, wide: true))
        drag(view, host, from: Point(x: 314, y: thumb.midY), to: Point(x: 300, y: 2000))
        #expect(view.contentOffset == maxOffset(view), "\(view.contentOffset)")
        #expect(!view.isBandActive && view.selectedCount == 0, "a press on the scrollbar selects nothing")
        // Half way: the thumb's middle at the track's middle shows the middle rows.
        drag(view, host, from: Point(x: 314, y: 437 - 16), to: Point(x: 314, y: 220))
        let middle = view.contentOffset / maxOffset(view)
        #expect(abs(middle - 0.5) < 0.01, "\(middle)")
        let row = Int(view.contentOffset / 44)
        #expect(row > 24_000 && row < 25_500, "row \(row) of 50,000 at the top")
    }

    @Test func aClickInTheTroughPagesAndShiftClickJumpsThere() {
        let (view, host) = makeList()
        click(view, host, at: Point(x: 314, y: 300))
        #expect(view.itemView.scroll.target == 396, "nine tenths of the view down")
        host.advance(by: 1000)
        click(view, host, at: Point(x: 314, y: 300), modifiers: .shift)
        let jumped = view.contentOffset / maxOffset(view)
        #expect(abs(jumped - (300 - 16 - 3) / (434 - 32)) < 0.01, "the thumb centred on the click: \(jumped)")
        #expect(view.selectedCount == 0)
        // Back up through the trough above.
        let before = view.itemView.scroll.target
        click(view, host, at: Point(x: 314, y: 10))
        #expect(view.itemView.scroll.target == before - 396)
    }

    @Test func aFingerOnTheStripScrollsTheItemsAndAPressAwayFromItBands() {
        let (view, host) = makeList()
        _ = view.hover(at: nil)
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 314, y: 400))], time: 1000))
        for step in 1...10 { arena.handle(Input.touches(moved: [(0, Point(x: 314, y: 400 - 20 * Double(step)))], time: 1000 + 16 * UInt32(step))) }
        arena.handle(Input.touches(up: [0], time: 1200))
        #expect(view.contentOffset > 150 && view.contentOffset < 260, "the finger panned the items: \(view.contentOffset)")
        // A pointer press on the items (left of the strip) still bands.
        drag(view, host, from: Point(x: 100, y: 20), to: Point(x: 200, y: 200))
        #expect(view.selectedCount > 0)
    }

    @Test func aViewWhoseItemsFitHasNoScrollbar() {
        let (view, _) = makeList(count: 5)
        #expect(view.itemView.scrollbar.grabArea == nil)
        _ = view.hover(at: Point(x: 314, y: 100))
        #expect(!view.itemView.isScrollbarExpanded)
    }
}
