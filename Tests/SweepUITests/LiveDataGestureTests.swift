import SweepUI
import Testing

/// A band or a sweep running while the data changes (a message arriving,
/// one deleted, one moved) follows its items, as the selection does: it
/// neither drops its selection nor dies, through a `SnapshotDataSource`, a
/// `FilteredDataSource` over one, and `performBatchUpdates`.
@MainActor @Suite struct LiveDataGestureTests {
    private func snapshot(_ names: [String]) -> ItemSnapshot<String, String> {
        var snapshot = ItemSnapshot<String, String>()
        snapshot.appendSections(["s"])
        _ = snapshot.appendItems(names, toSection: "s")
        return snapshot
    }

    private func makeView(_ dataSource: ListDataSource) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: dataSource)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, host)
    }

    private func row(_ row: Int) -> Double { 22 + 44 * Double(row) }

    /// A view over a snapshot source of "m0" to "m29".
    private func makeMessages() throws -> (CollectionView, TestHost, SnapshotDataSource<String, String>, [String]) {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let (view, host) = makeView(source)
        let names = (0..<30).map { "m\($0)" }
        try source.apply(snapshot(names))
        return (view, host, source, names)
    }

    /// Presses the pointer on row `from` (with `modifiers`) and drags it to row `to`: a band.
    private func startBand(_ host: TestHost, from: Int, to: Int, modifiers: Modifiers = []) {
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 100, y: row(from)), time: 0)
        arena.pointerButton(pressed: true, modifiers: modifiers, time: 0)
        arena.pointerMoved(to: Point(x: 150, y: row(to)), time: 50)
    }

    /// Moves two fingers held on row 1 down by 20 px a step, for `steps`.
    private func sweep(_ host: TestHost, steps: ClosedRange<Int>, time: inout UInt32) {
        for step in steps {
            time += 20
            let y = row(1) + Double(step) * 20
            host.gestureArena.handle(Input.touches(moved: [(0, Point(x: 100, y: y)), (1, Point(x: 160, y: y))], time: time))
        }
    }

    /// The names of the view's effectively selected rows (a running band's
    /// or sweep's included), through the source.
    private func selected(_ view: CollectionView, _ source: SnapshotDataSource<String, String>) -> [String] {
        source.sectionCounts.enumerated().flatMap { section, count in
            (0..<count).map { ItemPath(section: section, item: $0) }
        }.filter { view.isSelected($0) }.compactMap { source.itemIdentifier(for: $0) }
    }

    @Test func aBandKeepsItsItemsWhenItemsArriveAboveAndGoesOnSelecting() throws {
        let (view, host, source, shown) = try makeMessages()
        var names = shown
        startBand(host, from: 1, to: 3)
        let arena = host.gestureArena
        #expect(view.isBandActive && selected(view, source) == ["m1", "m2", "m3"])
        // Two messages arrive at the top: the rows move down, the view keeps its top item.
        names.insert(contentsOf: ["new0", "new1"], at: 0)
        try source.apply(snapshot(names))
        #expect(view.isBandActive, "the band runs on")
        #expect(view.isInteracting)
        #expect(selected(view, source) == ["m1", "m2", "m3"], "the band's items stay selected")
        // The band goes on from the same item, over what is under the pointer now.
        arena.pointerMoved(to: Point(x: 150, y: row(5)), time: 100)
        #expect(selected(view, source) == ["m1", "m2", "m3", "m4", "m5"])
        arena.pointerButton(pressed: false, modifiers: [], time: 150)
        #expect(!view.isInteracting)
        #expect(selected(view, source) == ["m1", "m2", "m3", "m4", "m5"])
    }

    @Test func aBandTakesInAnItemInsertedInsideItAndDropsOneDeleted() throws {
        let (view, host, source, shown) = try makeMessages()
        var names = shown
        startBand(host, from: 1, to: 5)
        let arena = host.gestureArena
        names.insert("between", at: 3)
        names.removeAll { $0 == "m4" }
        try source.apply(snapshot(names))
        #expect(view.isBandActive)
        #expect(selected(view, source) == ["m1", "m2", "between", "m3", "m5"])
        arena.pointerButton(pressed: false, modifiers: [], time: 100)
        #expect(selected(view, source) == ["m1", "m2", "between", "m3", "m5"])
    }

    @Test func aShiftBandKeepsExtendingTheSelectionThroughAnUpdate() throws {
        let (view, host, source, shown) = try makeMessages()
        var names = shown
        source.select(["m8"], in: view)
        startBand(host, from: 1, to: 2, modifiers: .shift)
        let arena = host.gestureArena
        names.insert("new", at: 0)
        try source.apply(snapshot(names))
        arena.pointerMoved(to: Point(x: 150, y: row(3)), time: 80)
        arena.pointerButton(pressed: false, modifiers: [], time: 100)
        #expect(selected(view, source) == ["m1", "m2", "m3", "m8"])
    }

    @Test func aTwoFingerSweepKeepsItsStartItemThroughAnUpdate() throws {
        let (view, host, source, shown) = try makeMessages()
        var names = shown
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 100, y: row(1))), (1, Point(x: 160, y: row(1)))], time: 1000))
        var time: UInt32 = 1000
        sweep(host, steps: 1...5, time: &time)
        #expect(view.isInteracting && selected(view, source) == ["m1", "m2", "m3"])
        names.insert("new", at: 0)
        try source.apply(snapshot(names))
        #expect(view.isInteracting, "the sweep runs on")
        #expect(selected(view, source) == ["m1", "m2", "m3"])
        sweep(host, steps: 6...9, time: &time)
        arena.handle(Input.touches(up: [0, 1], time: time + 20))
        #expect(!view.isInteracting)
        #expect(selected(view, source) == ["m1", "m2", "m3", "m4", "m5"])
    }

    /// The same through a remap (a new section in front): the sweep keeps its start item.
    @Test func aTwoFingerSweepKeepsItsStartItemThroughARemap() throws {
        let (view, host, source, names) = try makeMessages()
        let arena = host.gestureArena
        arena.handle(Input.touches(down: [(0, Point(x: 100, y: row(1))), (1, Point(x: 160, y: row(1)))], time: 1000))
        var time: UInt32 = 1000
        sweep(host, steps: 1...5, time: &time)
        var sectioned = ItemSnapshot<String, String>()
        sectioned.appendSections(["top", "s"])
        _ = sectioned.appendItems(["pinned"], toSection: "top")
        _ = sectioned.appendItems(names, toSection: "s")
        try source.apply(sectioned)
        #expect(view.isInteracting, "the sweep runs on")
        #expect(selected(view, source) == ["m1", "m2", "m3"])
        sweep(host, steps: 6...9, time: &time)
        arena.handle(Input.touches(up: [0, 1], time: time + 20))
        #expect(selected(view, source) == ["m1", "m2", "m3", "m4", "m5"])
    }

    /// A new section in front (a remap: items found by identifier) while a Shift band runs: the
    /// band stays on its anchor item and takes in what lies under it again (a mailbox's new day
    /// arriving over a band); the committed selection stays.
    @Test func aBandWhoseItemsAreRemappedFollowsThem() throws {
        let (view, host, source, names) = try makeMessages()
        source.select(["m20"], in: view)
        startBand(host, from: 1, to: 3, modifiers: .shift)
        let arena = host.gestureArena
        #expect(selected(view, source) == ["m1", "m2", "m3", "m20"])
        var sectioned = ItemSnapshot<String, String>()
        sectioned.appendSections(["top", "s"])
        _ = sectioned.appendItems(["pinned"], toSection: "top")
        _ = sectioned.appendItems(names, toSection: "s")
        try source.apply(sectioned)
        #expect(view.isInteracting && view.isBandActive)
        // The new row came in above the rows on screen, which stayed: the band covers the same rows.
        #expect(selected(view, source) == ["m1", "m2", "m3", "m20"])
        arena.pointerButton(pressed: false, modifiers: [], time: 100)
        #expect(!view.isInteracting)
        #expect(selected(view, source) == ["m1", "m2", "m3", "m20"])
    }

    @Test func aBandRunsOnWhileAStreamAppendsRows() throws {
        let items = GrowingItems(count: 30)
        let (view, host) = makeView(items)
        startBand(host, from: 0, to: 2)
        let arena = host.gestureArena
        items.count = 40
        try view.performBatchUpdates(.insert(ItemRange(section: 0, items: 30...39)))
        #expect(view.isBandActive)
        arena.pointerMoved(to: Point(x: 150, y: row(4)), time: 80)
        arena.pointerButton(pressed: false, modifiers: [], time: 100)
        #expect(view.selectedRanges == [ItemRange(section: 0, items: 0...4)])
    }

    @Test func aBandInAFilteredViewFollowsItsRowsThroughASnapshotAndCommitsToTheSourceItems() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        var names = (0..<40).map { "\($0 % 2 == 0 ? "even" : "odd")\($0)" }
        let filtered = FilteredDataSource(source: source)
        let (view, host) = makeView(filtered)
        try source.apply(snapshot(names))
        filtered.isIncluded = { index in names[index].hasPrefix("even") }
        #expect(view.itemCount == 20)
        startBand(host, from: 1, to: 3)
        let arena = host.gestureArena
        #expect(filtered.selectedCount == 3)
        // An even and an odd one arrive at the top.
        names.insert(contentsOf: ["even-new", "odd-new"], at: 0)
        try source.apply(snapshot(names))
        #expect(view.isBandActive, "the band runs on")
        #expect(filtered.selectedCount == 3, "and keeps its three items")
        arena.pointerMoved(to: Point(x: 150, y: row(4)), time: 80)
        arena.pointerButton(pressed: false, modifiers: [], time: 100)
        let chosen = filtered.selectedSourceIndices.map { names[$0] }
        #expect(chosen == ["even2", "even4", "even6", "even8"], "\(chosen)")
    }
}

/// A one-section source whose count the test grows (a stream of lines).
@MainActor private final class GrowingItems: @MainActor ListDataSource {
    var count: Int
    init(count: Int) { self.count = count }
    var sectionCounts: [Int] { [count] }
    func title(for item: ItemPath) -> String { "Row \(item.item)" }
}

/// Where the view stays when items arrive above what it shows:
/// `insertionAnchoring` chooses the rows on screen (the default) or, at the
/// very top, the top; a running band and a fling keep their rows either way.
@MainActor @Suite struct InsertionAnchoringTests {
    private func makeView(_ anchoring: InsertionAnchoring) throws -> (CollectionView, TestHost, SnapshotDataSource<String, String>, ItemSnapshot<String, String>) {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: source)
        view.allowsMultipleSelection = true
        view.insertionAnchoring = anchoring
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        var snapshot = ItemSnapshot<String, String>()
        snapshot.appendSections(["inbox"])
        _ = snapshot.appendItems((0..<200).map { "m\($0)" })
        try source.apply(snapshot)
        return (view, host, source, snapshot)
    }

    private func arrive(_ names: [String], in source: SnapshotDataSource<String, String>, _ snapshot: inout ItemSnapshot<String, String>) throws {
        if let first = snapshot.itemIdentifiers.first { _ = snapshot.insertItems(names, beforeItem: first) }
        try source.apply(snapshot)
    }

    @Test func byDefaultTheRowsOnScreenStayEvenAtTheTop() throws {
        var (view, _, source, snapshot) = try makeView(.visibleItems)
        try arrive(["new1", "new2"], in: source, &snapshot)
        #expect(view.contentOffset == 88, "m0 is still the top row")
    }

    @Test func topAnchoringShowsArrivalsAtTheTopAndKeepsTheRowsLowerDown() throws {
        var (view, _, source, snapshot) = try makeView(.top)
        try arrive(["new1", "new2"], in: source, &snapshot)
        #expect(view.contentOffset == 0, "the new messages show at the top")
        view.itemView.scrollImmediately(to: 440)
        try arrive(["new3"], in: source, &snapshot)
        #expect(view.contentOffset == 484, "scrolled down, the reader's rows stay")
    }

    @Test func aBandAtTheTopKeepsItsRowsWhateverTheAnchoring() throws {
        var (view, host, source, snapshot) = try makeView(.top)
        let arena = host.gestureArena
        arena.pointerMoved(to: Point(x: 100, y: 66), time: 0)
        arena.pointerButton(pressed: true, modifiers: [], time: 0)
        arena.pointerMoved(to: Point(x: 150, y: 154), time: 50)
        try arrive(["new1"], in: source, &snapshot)
        #expect(view.contentOffset == 44 && view.isBandActive, "the rows under the band stay under it")
        arena.pointerButton(pressed: false, modifiers: [], time: 100)
        #expect(view.selectedItems.compactMap { source.itemIdentifier(for: $0) } == ["m1", "m2", "m3"])
    }

    @Test func aFlingGoesOnThroughArrivals() throws {
        var (view, host, source, snapshot) = try makeView(.top)
        view.itemView.scrollImmediately(to: 2000)
        view.itemView.fling(velocity: 1.5, time: host.now)
        _ = view.advanceAnimations(to: host.now + 100)
        let before = view.contentOffset
        try arrive(["new1", "new2"], in: source, &snapshot)
        #expect(view.itemView.scroll.isFlinging, "the fling was not stopped")
        #expect(view.contentOffset == before + 88, "and its rows stayed")
        _ = view.advanceAnimations(to: host.now + 200)
        #expect(view.contentOffset > before + 88, "it goes on")
    }
}
