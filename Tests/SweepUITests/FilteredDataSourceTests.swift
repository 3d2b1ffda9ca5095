import SweepGestures
import SweepTestSupport
@_spi(Automation) import SweepUI
import Testing

/// `FilteredDataSource`: a filtered or sorted view of a source whose
/// selection is kept by source item, driven through a real view on a
/// `TestHost`. A list of 44 px rows in a 320 × 440 view: row n's centre is
/// at y 22 + 44n, rows 0–9 on screen.
@MainActor @Suite struct FilteredDataSourceTests {
    private func row(_ n: Int, x: Double = 100) -> Point { Point(x: x, y: 22 + 44 * Double(n)) }

    /// An adapter over "Item 0"…"Item count-1", with an editing list over it.
    private func makeList(count: Int = 100, rows: (any FilteredRows)? = nil) -> (FilteredDataSource, CollectionView, TestHost) {
        let filtered = FilteredDataSource(source: StringItems((0..<count).map { "Item \($0)" }), rows: rows)
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsMultipleSelectionDuringEditing = true
        view.isEditing = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (filtered, view, host)
    }

    private func viewRows(_ view: CollectionView) -> [ClosedRange<Int>] { view.selectedRanges.map(\.items) }

    /// Two fingers from row `from` to row `to`, 20 ms a step; lifted unless told.
    private func sweep(_ host: TestHost, from: Int, to: Int, lift: Bool = true) {
        let arena = host.gestureArena
        var time: UInt32 = 1000
        let start = row(from), end = row(to)
        arena.handle(Input.touches(down: [(0, start), (1, Point(x: start.x + 60, y: start.y))], time: time))
        for step in 1...10 {
            time += 20
            let y = start.y + (end.y - start.y) * Double(step) / 10
            arena.handle(Input.touches(moved: [(0, Point(x: start.x, y: y)), (1, Point(x: start.x + 60, y: y))], time: time))
        }
        if lift { arena.handle(Input.touches(up: [0, 1], time: time + 20)) }
    }

    private func click(_ host: TestHost, row n: Int, modifiers: Modifiers = [], time: Double) {
        host.gestureArena.pointerMoved(to: row(n, x: 200), time: time)
        host.gestureArena.pointerButton(pressed: true, modifiers: modifiers, time: time)
        host.gestureArena.pointerButton(pressed: false, modifiers: modifiers, time: time + 50)
    }

    @Test func rowsShowTheirSourceItems() {
        let (filtered, view, _) = makeList(rows: SourceItemList([7, 3, 42]))
        #expect(view.itemCount == 3)
        #expect(filtered.title(for: ItemPath(item: 0)) == "Item 7")
        #expect(filtered.content(for: ItemPath(item: 2)).title == "Item 42")
        #expect(filtered.copiedText(for: ItemPath(item: 1)) == "Item 3")
        #expect(filtered.title(for: ItemPath(item: 3)) == "", "a row past the end shows nothing")
        #expect(filtered.title(for: ItemPath(section: 1, item: 0)) == "")
        view.selectRanges([ItemRange(section: 0, items: 1...2)])
        #expect(view.copiedText == "Item 3\nItem 42\n")
    }

    @Test func rowsNamingItemsTheSourceLacksShowNothing() {
        let (filtered, view, _) = makeList(count: 5, rows: SourceItemList([4, 9, -2]))
        #expect(filtered.title(for: ItemPath(item: 0)) == "Item 4")
        #expect(filtered.title(for: ItemPath(item: 1)) == "" && filtered.sourceItem(atRow: 1) == nil)
        #expect(filtered.image(for: ItemPath(item: 2)) == nil && filtered.subtitle(for: ItemPath(item: 2)) == nil)
        filtered.selectAllShown()
        #expect(filtered.selectedSourceItems.ranges == [4...4], "only items the source has are selected")
        #expect(view.selectedCount == 3, "the view itself selected its rows")
    }

    @Test func hiddenSelectedItemsStaySelectedAcrossFilters() {
        let (filtered, view, host) = makeList()
        sweep(host, from: 2, to: 5)
        #expect(filtered.selectedSourceItems.ranges == [2...5])
        // A filter keeping the even items: 2 and 4 show selected; 3 and 5 are hidden but stay.
        filtered.show(SourceItemList(Array(stride(from: 0, to: 100, by: 2)), order: .ascending))
        #expect(viewRows(view) == [1...2])
        #expect(filtered.selectedSourceItems.ranges == [2...5])
        // Deselecting a shown one (Ctrl+click toggles) leaves the hidden ones alone.
        click(host, row: 1, modifiers: .control, time: 2000)
        #expect(filtered.selectedSourceItems.ranges == [3...5])
        filtered.show(AllSourceItems(count: 100))
        #expect(viewRows(view) == [3...5])
    }

    @Test func anArbitraryOrderKeepsTheSelectionByItem() {
        let (filtered, view, host) = makeList(count: 20)
        // Reversed: row r shows item 19 - r. Kept at the top, item 0 is now the last row.
        filtered.show(SourceItemList(Array((0..<20).reversed())))
        #expect(view.contentOffset == 44 * 20 - 440)
        filtered.show(SourceItemList(Array((0..<20).reversed())), position: .top)
        sweep(host, from: 0, to: 2)
        #expect(filtered.selectedSourceItems.ranges == [17...19])
        filtered.show(SourceItemList([18, 0, 19, 5]))
        #expect(viewRows(view) == [0...0, 2...2])
        view.selectRanges([ItemRange(section: 0, items: 1...3)], additive: true)
        #expect(filtered.selectedSourceItems.ranges == [0...0, 5...5, 17...19])
        #expect(filtered.isSelected(sourceItem: 17) && !filtered.isSelected(sourceItem: 1))
        #expect(Array(filtered.selectedSourceIndices) == [0, 5, 17, 18, 19])
    }

    @Test func aRunningSweepIsNotCommittedUntilItEnds() {
        let (filtered, view, host) = makeList()
        filtered.selectSourceItems([50...60])
        var events: [SelectionEvent] = []
        filtered.onSelectionChange = { events.append($0) }
        sweep(host, from: 1, to: 4, lift: false)
        #expect(view.isInteracting)
        #expect(filtered.selectedSourceItems.ranges == [50...60], "provisional rows are not committed")
        #expect(filtered.selectedCount == 15, "the count a status line shows includes them")
        #expect(!events.isEmpty && events.allSatisfy(\.isProvisional))
        host.gestureArena.handle(Input.touches(up: [0, 1], time: 1300))
        #expect(filtered.selectedSourceItems.ranges == [1...4, 50...60])
        let last = events.last
        #expect(last?.isProvisional == false && last?.cause == .input)
        #expect(last?.added == [ItemRange(section: 0, items: 1...4)], "the committing event carries the sweep's change")
    }

    @Test func aCancelledSweepOrBandChangesNothing() {
        let (filtered, view, host) = makeList()
        filtered.selectSourceItems([3...3])
        sweep(host, from: 5, to: 8, lift: false)
        view.playSweepCancel()
        #expect(filtered.selectedSourceItems.ranges == [3...3] && filtered.selectedCount == 1)
        view.playBandBegin(from: Point(x: 200, y: 10), to: Point(x: 200, y: 300))
        #expect(filtered.selectedCount > 1)
        #expect(view.handleKey(Input.key(.escape)))
        #expect(filtered.selectedSourceItems.ranges == [3...3] && filtered.selectedCount == 1)
        #expect(viewRows(view) == [3...3])
    }

    @Test func aBandThroughTheViewSelectsItsItems() {
        let (filtered, view, _) = makeList(rows: SourceItemList([10, 20, 30, 40, 50], order: .ascending))
        view.playBandBegin(from: Point(x: 200, y: 30), to: Point(x: 200, y: 120))
        view.playBandEnd()
        #expect(filtered.selectedSourceItems.ranges == [10...10, 20...20, 30...30])
    }

    @Test func selectAllAndInvertActOnTheShownRowsOnly() {
        let (filtered, view, _) = makeList()
        filtered.selectSourceItems([1...1, 90...95])
        filtered.show(SourceItemList([0, 1, 2, 3], order: .ascending))
        filtered.invertShown()
        #expect(viewRows(view) == [0...0, 2...3])
        #expect(filtered.selectedSourceItems.ranges == [0...0, 2...3, 90...95])
        filtered.selectAllShown()
        #expect(filtered.selectedSourceItems.ranges == [0...3, 90...95])
        filtered.invertShown()
        #expect(filtered.selectedSourceItems.ranges == [90...95], "all shown selected: inverting deselects them")
        filtered.selectAllShown()
        filtered.deselectAllShown()
        #expect(filtered.selectedSourceItems.ranges == [90...95])
        filtered.clearSelection()
        #expect(filtered.selectedSourceItems.isEmpty && view.selectedCount == 0)
    }

    @Test func byItemCallsReachHiddenItemsAndShowTheShownOnes() {
        let (filtered, view, _) = makeList(rows: SourceItemList([5, 6, 7], order: .ascending))
        var events: [SelectionEvent] = []
        filtered.onSelectionChange = { events.append($0) }
        filtered.selectSourceItems([0...6, 200...300])
        #expect(filtered.selectedSourceItems.ranges == [0...6], "items past the source's end are ignored")
        #expect(viewRows(view) == [0...1])
        #expect(events.last?.added == [ItemRange(section: 0, items: 0...6)] && events.last?.cause == .api)
        filtered.deselectSourceItems([2...5])
        #expect(filtered.selectedSourceItems.ranges == [0...1, 6...6])
        #expect(viewRows(view) == [1...1])
        filtered.deselectSourceItems([40...50])
        #expect(events.count == 2, "a call that changes nothing reports nothing")
    }

    @Test func emptyResultsKeepTheSelection() {
        let (filtered, view, host) = makeList()
        filtered.selectSourceItems([4...8])
        filtered.show(SourceItemList([], order: .ascending))
        #expect(view.itemCount == 0 && view.selectedCount == 0)
        filtered.selectAllShown()
        filtered.invertShown()
        filtered.deselectAllShown()
        click(host, row: 0, time: 100)
        sweep(host, from: 0, to: 3)
        #expect(filtered.selectedSourceItems.ranges == [4...8])
        filtered.show(AllSourceItems(count: 100))
        #expect(viewRows(view) == [4...8])
    }

    @Test func newRowsAtTheEndSelectTheirSelectedItems() {
        let (filtered, view, _) = makeList(rows: SourceItemList([1, 3], order: .ascending))
        filtered.selectSourceItems([3...3, 5...5, 9...9])
        view.setFocus(ItemPath(item: 1))
        filtered.extend(to: SourceItemList([1, 3, 5, 7, 9], order: .ascending))
        #expect(view.itemCount == 5)
        #expect(viewRows(view) == [1...2, 4...4])
        #expect(view.focusedItem == ItemPath(item: 1), "the view keeps its place")
        // Rows that do not begin with the shown ones are shown afresh.
        filtered.extend(to: SourceItemList([0, 9], order: .ascending))
        #expect(view.itemCount == 2 && viewRows(view) == [1...1])
    }

    @Test func aLimitRefusesAChangeAndTheViewShowsTheSelectionAsItWas() {
        let (filtered, view, host) = makeList()
        filtered.selectSourceItems([50...50])
        filtered.show(SourceItemList(Array(0..<40), order: .ascending))
        var asked: [Int] = [], before: [Int] = []
        filtered.shouldChangeSelection = { [unowned filtered] count in
            asked.append(count)
            before.append(filtered.selectedCount)
            return count <= 3
        }
        sweep(host, from: 0, to: 1)
        #expect(filtered.selectedSourceItems.ranges == [0...1, 50...50])
        sweep(host, from: 3, to: 6)
        #expect(asked == [3, 7])
        #expect(before == [1, 3], "asked with the selection before the change")
        #expect(filtered.selectedSourceItems.ranges == [0...1, 50...50])
        #expect(viewRows(view) == [0...1], "the refused rows are deselected again")
        #expect(filtered.selectedCount == 3)
    }

    @Test func theFocusedItemKeepsTheFocusAndItsPlace() {
        let (filtered, view, _) = makeList()
        view.setFocus(ItemPath(item: 6))
        // Items 4...99 from row 0: item 6 is at row 2 now, and stays 6 rows down the screen.
        filtered.show(SourceItemList(Array(4..<100), order: .ascending))
        #expect(view.focusedItem == ItemPath(item: 2))
        #expect(view.contentOffset == 0, "row 2 cannot be lower than the top allows")
        // Back to every item: back where the view was before the filter, item 6 focused six rows down.
        filtered.show(AllSourceItems(count: 100))
        #expect(view.focusedItem == ItemPath(item: 6) && view.contentOffset == 0)
        // Hidden: the focus goes to the next shown item.
        filtered.show(SourceItemList([1, 2, 10, 11], order: .ascending))
        #expect(view.focusedItem == ItemPath(item: 2))
        // In an arbitrary order a hidden focus goes to the first row.
        filtered.show(SourceItemList([30, 20]))
        #expect(view.focusedItem == ItemPath(item: 0))
        // Scrolled, filtered, the focus moved by the person, every item again: the focused item keeps its place.
        filtered.show(AllSourceItems(count: 100))
        view.itemView.scrollImmediately(to: 44 * 10)
        view.setFocus(ItemPath(item: 12))
        filtered.show(SourceItemList(Array(4..<100), order: .ascending))
        view.setFocus(ItemPath(item: 10))   // item 14, four rows down the screen
        filtered.show(AllSourceItems(count: 100))
        #expect(view.focusedItem == ItemPath(item: 14) && view.contentOffset == 44 * 10)
    }

    @Test func theTopItemStaysAtTheTop() {
        let (filtered, view, _) = makeList()
        view.itemView.scrollImmediately(to: 44 * 50 + 10)
        // Every other item: item 50 is row 25.
        filtered.show(SourceItemList(Array(stride(from: 0, to: 100, by: 2)), order: .ascending))
        #expect(view.contentOffset == 44 * 25 + 10)
        // Item 50 hidden: the next shown item (51, row 1) goes to the top.
        filtered.show(SourceItemList([49, 51, 52] + Array(60..<100), order: .ascending))
        #expect(view.contentOffset == 44)
    }

    @Test func theTopPositionFocusesTheFirstRow() {
        let (filtered, view, _) = makeList()
        view.itemView.scrollImmediately(to: 44 * 30)
        view.setFocus(ItemPath(item: 35))
        filtered.show(SourceItemList(Array(20..<100), order: .ascending), position: .top)
        #expect(view.contentOffset == 0 && view.focusedItem == ItemPath(item: 0))
        filtered.show(SourceItemList([], order: .ascending), position: .top)
        #expect(view.focusedItem == nil)
    }

    @Test func prefetchingReachesTheSourceAsItsOwnItems() {
        let source = PrefetchingItems(count: 10)
        let filtered = FilteredDataSource(source: source, rows: SourceItemList([7, 3, 4, 12]))
        filtered.prefetchItems([ItemRange(section: 0, items: 0...3)])
        filtered.cancelPrefetching([ItemRange(section: 0, items: 1...1), ItemRange(section: 0, items: 9...9)])
        #expect(source.calls == ["prefetch [0, 3, 4] [0, 7, 7]", "cancel [0, 3, 3]"], "item 12 is not the source's")
    }

    @Test func showingRowsReportsNoSelectionChange() {
        let (filtered, _, _) = makeList()
        filtered.selectSourceItems([1...3])
        var events = 0
        filtered.onSelectionChange = { _ in events += 1 }
        filtered.show(SourceItemList([2, 3], order: .ascending))
        filtered.extend(to: SourceItemList([2, 3, 8], order: .ascending))
        filtered.show(AllSourceItems(count: 100))
        #expect(events == 0 && filtered.selectedSourceItems.ranges == [1...3])
    }

    @Test func withoutAViewTheSelectionStillWorks() {
        let filtered = FilteredDataSource(source: StringItems((0..<10).map { "\($0)" }),
                                          rows: SourceItemList([8, 2, 5]))
        filtered.selectSourceItems([0...2])
        filtered.invertShown()
        #expect(filtered.selectedSourceItems.ranges == [0...1, 5...5, 8...8])
        filtered.selectAllShown()
        #expect(filtered.selectedSourceItems.ranges == [0...2, 5...5, 8...8])
        filtered.deselectAllShown()
        #expect(filtered.selectedSourceItems.ranges == [0...1])
        filtered.show(AllSourceItems(count: 10))
        #expect(filtered.rowCount == 10 && filtered.row(showing: 7) == 7)
    }

    /// Property: random filters (ascending and shuffled) and random edits
    /// through the view and the adapter, against a set of source items.
    @Test func agreesWithABruteForceModel() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let count = 10 + random.below(60)
            let (filtered, view, _) = makeList(count: count)
            var model = Set<Int>()
            var shown = Array(0..<count)
            for _ in 0..<40 {
                switch random.below(10) {
                case 0:
                    var kept = (0..<count).filter { _ in random.below(3) != 0 }
                    let ascending = random.below(2) == 0
                    if !ascending { kept.shuffle(using: &random) }
                    filtered.show(SourceItemList(kept, order: ascending ? .ascending : .arbitrary))
                    shown = kept
                case 1 where !shown.isEmpty:
                    let first = random.below(shown.count), last = min(shown.count - 1, first + random.below(6))
                    let additive = random.below(2) == 0
                    view.selectRanges([ItemRange(section: 0, items: first...last)], additive: additive)
                    if !additive { model.subtract(shown) }
                    model.formUnion(shown[first...last])
                case 2 where shown.count > 1:
                    // A sweep on screen: it deselects when it starts on a selected row.
                    let first = random.below(min(shown.count, 10)), last = random.below(min(shown.count, 10))
                    let select = !model.contains(shown[first])
                    view.itemView.scrollImmediately(to: 0)
                    view.playSweepBegin(at: row(first, x: 100))
                    view.playSweepMove(to: row(last, x: 100))
                    if random.below(4) == 0 {
                        view.playSweepCancel()
                    } else {
                        view.playSweepEnd()
                        let span = shown[min(first, last)...max(first, last)]
                        if select { model.formUnion(span) } else { model.subtract(span) }
                    }
                case 3:
                    let low = random.below(count), high = min(count - 1, low + random.below(8))
                    filtered.selectSourceItems([low...high])
                    model.formUnion(low...high)
                case 4:
                    let low = random.below(count), high = min(count - 1, low + random.below(8))
                    filtered.deselectSourceItems([low...high])
                    model.subtract(low...high)
                case 5:
                    filtered.invertShown()
                    let shownSet = Set(shown)
                    model = model.subtracting(shownSet).union(shownSet.subtracting(model))
                case 6:
                    filtered.selectAllShown()
                    model.formUnion(shown)
                case 7:
                    filtered.deselectAllShown()
                    model.subtract(shown)
                case 8 where random.below(4) == 0:
                    filtered.clearSelection()
                    model.removeAll()
                default:
                    if let row = shown.indices.randomElement(using: &random) {
                        view.deselectItem(at: ItemPath(item: row))
                        model.remove(shown[row])
                    }
                }
                #expect(Array(filtered.selectedSourceIndices) == model.sorted())
                #expect(filtered.selectedCount == model.count)
                let expectedRows = shown.indices.filter { model.contains(shown[$0]) }
                #expect(view.selectedItems.map(\.item) == expectedRows, "the view shows the selected items' rows")
            }
        }
    }

    // MARK: - One owner: the view holds the shown part of the selection, the adapter only the hidden part

    @Test func whatTheViewRefusesIsNotSelectedAnywhere() {
        let filtered = FilteredDataSource(source: StringItems((0..<20).map { "Item \($0)" }))
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsSelection = true   // single selection, not editing
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        filtered.selectSourceItems([2...4])
        #expect(view.selectedCount == 1, "a single-selection view keeps one row")
        #expect(filtered.selectedSourceItems.ranges == view.selectedRanges.map(\.items),
                "the adapter reports what the view shows, not a second opinion")
        #expect(filtered.selectedCount == 1)
        // Hidden items are the adapter's alone: a filter hiding them keeps them, whatever the view allows.
        filtered.show(SourceItemList([0, 1], order: .ascending))
        filtered.selectSourceItems([10...12])
        #expect(view.selectedCount == 0 && filtered.selectedCount == 4)
        #expect(filtered.selectedSourceItems.ranges.contains(10...12))
    }

    @Test func whatIsReportedIsWhatTheViewKept() {
        let filtered = FilteredDataSource(source: StringItems((0..<20).map { "Item \($0)" }))
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        defer { withExtendedLifetime(host) {} }
        var events: [SelectionEvent] = []
        filtered.onSelectionChange = { events.append($0) }
        filtered.selectSourceItems([1...1])
        filtered.selectSourceItems([5...5])
        // Single selection: 5 replaced 1, and the event says so.
        #expect(events.last?.added.map(\.items) == [5...5] && events.last?.removed.map(\.items) == [1...1], "\(events)")
        filtered.clearSelection()
        #expect(events.last?.removed.map(\.items) == [5...5])
        filtered.selectSourceItems([2...4])
        #expect(events.last?.added.map(\.items) == [4...4] && filtered.selectedSourceItems.ranges == [4...4], "\(events)")
    }

    @Test func aSelectionMadeBeforeTheViewWaitsForItsPolicy() {
        let filtered = FilteredDataSource(source: StringItems((0..<20).map { "Item \($0)" }))
        filtered.selectSourceItems([0...4])
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        #expect(filtered.selectedSourceItems.ranges == [0...4], "a view just made (single selection by default) drops nothing")
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        defer { withExtendedLifetime(host) {} }
        #expect(viewRows(view) == [0...4], "attached, configured: the view shows them selected")
        #expect(filtered.selectedSourceItems.ranges == [0...4] && filtered.selectedCount == 5)
        // A second view over the adapter takes the whole selection too.
        let second = CollectionView(layout: .list, dataSource: filtered)
        second.allowsMultipleSelection = true
        second.attach(to: host)
        #expect(viewRows(second) == [0...4] && filtered.selectedCount == 5)
        withExtendedLifetime(view) {}
    }

    @Test func aShrinkingSourceKeepsTheSelectedItemsOfRowsTheAppShows() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        var snapshot = ItemSnapshot<String, String>()
        snapshot.appendSections(["s"])
        _ = snapshot.appendItems(["a", "b", "c", "d", "e"])
        try source.apply(snapshot)
        let filtered = FilteredDataSource(source: source)
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        defer { withExtendedLifetime(host) {} }
        // The app's own rows (not isIncluded's): a change is shown afresh, read through the old rows.
        filtered.show(SourceItemList([0, 2, 4], order: .ascending))
        filtered.selectSourceItems([4...4])
        snapshot.deleteItems(["a"])
        try source.apply(snapshot)
        #expect(filtered.selectedSourceItems.ranges == [3...3], "e, now item 3, stays selected")
        #expect(filtered.isSelected(sourceItem: 3))
    }

    @Test func eachChangeByTheAdapterIsReportedOnceToTheAppAndOnceByTheView() {
        let (filtered, view, _) = makeList()
        var adapterEvents: [SelectionEvent] = [], viewEvents: [SelectionEvent] = []
        filtered.onSelectionChange = { adapterEvents.append($0) }
        view.onSelectionChange = { viewEvents.append($0) }
        filtered.show(SourceItemList(Array(0..<50), order: .ascending))
        viewEvents.removeAll()
        // Items 40...60: 40...49 show, 50...60 are hidden.
        filtered.selectSourceItems([40...60])
        #expect(adapterEvents.count == 1 && adapterEvents[0].added.map(\.items) == [40...60])
        #expect(viewEvents.count == 1 && viewEvents[0].added.map(\.items) == [40...49], "the view reports its rows once")
        filtered.deselectSourceItems([45...55])
        #expect(adapterEvents.count == 2 && adapterEvents[1].removed.map(\.items) == [45...55])
        #expect(viewEvents.count == 2 && viewEvents[1].removed.map(\.items) == [45...49])
        #expect(filtered.selectedSourceItems.ranges == [40...44, 56...60])
    }

    @Test func aSweepTheAdapterEndsLeavesNothingBehindForTheNextCommit() {
        let (filtered, view, host) = makeList()
        var events: [SelectionEvent] = []
        filtered.onSelectionChange = { events.append($0) }
        sweep(host, from: 1, to: 3, lift: false)
        #expect(filtered.selectedCount == 3, "a running sweep counts")
        filtered.selectSourceItems([50...50])
        #expect(!view.isInteracting, "the adapter's change ends the sweep")
        #expect(filtered.selectedSourceItems.ranges == [50...50], "and its provisional rows are gone")
        host.gestureArena.handle(Input.touches(up: [0, 1], time: 5000))
        events.removeAll()
        click(host, row: 7, modifiers: .control, time: 6000)
        #expect(events.count == 1)
        #expect(events.first?.added.map(\.items) == [7...7] && events.first?.removed.isEmpty == true,
                "the committed event carries the click alone")
        #expect(filtered.selectedSourceItems.ranges == [7...7, 50...50])
    }
}

/// A source that records what it is asked to load ahead.
@MainActor
private final class PrefetchingItems: @MainActor RowDataSource, CollectionViewPrefetching {
    let numberOfRows: Int
    var calls: [String] = []

    init(count: Int) { numberOfRows = count }

    func title(forRow row: Int) -> String { "Item \(row)" }
    func subtitle(forRow row: Int) -> String? { nil }
    func prefetchItems(_ ranges: [ItemRange]) { calls.append("prefetch " + ranges.map(\.description).joined(separator: " ")) }
    func cancelPrefetching(_ ranges: [ItemRange]) { calls.append("cancel " + ranges.map(\.description).joined(separator: " ")) }
}

/// Clearing a filter goes back to where the reader was before it: the
/// focused item and the scroll offset, unless they moved the focus while
/// filtered or the item is gone.
@MainActor @Suite struct FilterClearingTests {
    private func makeMail(_ count: Int = 1000) -> (CollectionView, FilteredDataSource, TestHost, [String]) {
        let names = (0..<count).map { $0 % 97 == 50 ? "grace \($0)" : "mail \($0)" }
        let filtered = FilteredDataSource(source: StringItems(names))
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsMultipleSelection = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        view.focusDidChange(true)
        return (view, filtered, host, names)
    }

    @Test func clearingTheFilterReturnsToTheFocusAndOffsetFromBefore() {
        let (view, filtered, _, names) = makeMail()
        view.selectRanges([ItemRange(section: 0, items: 1...4)])
        view.setFocus(ItemPath(item: 4))
        filtered.isIncluded = { names[$0].hasPrefix("g") }
        filtered.isIncluded = { names[$0].hasPrefix("grace") }
        #expect(view.itemCount == 10)
        #expect(view.focusedItem.flatMap { filtered.sourceItem(atRow: $0.item) } == 50, "the hidden focus went to the next shown item")
        filtered.isIncluded = nil
        #expect(view.focusedItem == ItemPath(item: 4), "the focus is back on the row it was on")
        #expect(view.contentOffset == 0, "and the view at the top, where it was")
        #expect(filtered.selectedCount == 4 && view.selectedRanges == [ItemRange(section: 0, items: 1...4)])
    }

    @Test func aFocusMovedWhileFilteredStaysWhereThePersonPutIt() {
        let (view, filtered, _, names) = makeMail()
        view.setFocus(ItemPath(item: 4))
        filtered.isIncluded = { names[$0].hasPrefix("grace") }
        _ = view.handleKey(Input.key(.down, .control))
        _ = view.handleKey(Input.key(.down, .control))
        let chosen = view.focusedItem.flatMap { filtered.sourceItem(atRow: $0.item) }
        #expect(chosen == 244)
        filtered.isIncluded = nil
        #expect(view.focusedItem == ItemPath(item: 244), "the chosen message keeps the focus")
        #expect(view.contentOffset > 0, "and stays in view")
    }

    @Test func aScrolledPlaceComesBackTooAndSurvivesItemsArrivingMeanwhile() throws {
        let source = SnapshotDataSource<String, String> { ItemContent(title: $0) }
        let filtered = FilteredDataSource(source: source)
        let host = TestHost()
        let view = CollectionView(layout: .list, dataSource: filtered)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        var names = (0..<500).map { $0 % 50 == 7 ? "grace \($0)" : "mail \($0)" }
        var snapshot = ItemSnapshot<String, String>()
        snapshot.appendSections(["s"])
        _ = snapshot.appendItems(names)
        try source.apply(snapshot)
        view.setFocus(ItemPath(item: 205))
        view.scrollToItem(ItemPath(item: 200), position: .top)
        view.itemView.scrollImmediately(to: 200 * 44)
        filtered.isIncluded = { names[$0].hasPrefix("grace") }
        // Two messages arrive at the top while filtered.
        names.insert(contentsOf: ["new 1", "new 2"], at: 0)
        _ = snapshot.insertItems(["new 1", "new 2"], beforeItem: "mail 0")
        try source.apply(snapshot)
        filtered.isIncluded = nil
        #expect(view.focusedItem == ItemPath(item: 207), "mail 205, two rows lower now")
        #expect(view.contentOffset == 202 * 44, "mail 200 still at the top")
    }

}
