import Dispatch
import SweepPixman
import Testing
@testable import SweepUI

/// Rows that record what their view asks them to prefetch and cancel, and
/// whose pictures (keyed by row) come from a loader when one is given.
@MainActor
final class PrefetchingRows: @MainActor RowDataSource, CollectionViewPrefetching {
    var numberOfRows: Int
    var calls: [String] = []
    var images: ImageLoader<Int>?

    init(count: Int) { numberOfRows = count }

    func title(forRow row: Int) -> String { "Row \(row)" }
    func subtitle(forRow row: Int) -> String? { nil }
    func image(for item: ItemPath) -> Bitmap? { images?.image(for: item.item, item: item) }

    func prefetchItems(_ ranges: [ItemRange]) {
        calls.append("prefetch \(ranges)")
        images?.prefetch(ranges) { $0.item }
    }

    func cancelPrefetching(_ ranges: [ItemRange]) {
        calls.append("cancel \(ranges)")
        images?.cancelRequests(in: ranges)
    }

    func takeCalls() -> [String] {
        defer { calls.removeAll() }
        return calls
    }
}

/// The view's side of prefetching, without a compositor: a list of 1,000
/// rows of 44 px in a 320 × 440 view (ten rows a screen), frames committed
/// by hand.
@MainActor @Suite struct CollectionViewPrefetchTests {
    private func makeView(_ layout: any CollectionViewLayout = CollectionListLayout(), rows: PrefetchingRows = PrefetchingRows(count: 1000))
        -> (CollectionView, PrefetchingRows) {
        let host = TestHost()
        let view = CollectionView(layout: layout, dataSource: rows)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 320, height: 440))
        return (view, rows)
    }

    private func scroll(_ view: CollectionView, to offset: Double) {
        view.itemView.scrollImmediately(to: offset)
        view.didCommitFrame()
    }

    @Test func theNextScreenInTheScrollingDirectionIsPrefetched() {
        let (view, rows) = makeView()
        view.didCommitFrame()
        // At first the screen below.
        #expect(rows.takeCalls() == ["prefetch [[0, 10, 19]]"])
        view.didCommitFrame()
        #expect(rows.takeCalls().isEmpty)                        // nothing moved: nothing said
        scroll(view, to: 440)
        // Rows 10-19 on screen: 20-29 next; 0-9 are neither now.
        #expect(rows.takeCalls() == ["cancel [[0, 0, 9]]", "prefetch [[0, 20, 29]]"])
        scroll(view, to: 462)
        // Half a row further: row 30 comes into the screen ahead, row 10 stays on screen.
        #expect(rows.takeCalls() == ["prefetch [[0, 30, 30]]"])
        scroll(view, to: 220)
        // Scrolling up: the screen above (rows 0-4, up to the top), and rows 15-30 are left behind.
        #expect(rows.takeCalls() == ["cancel [[0, 15, 30]]", "prefetch [[0, 0, 4]]"])
    }

    @Test func atTheEndNothingLiesAheadAndAJumpCancelsWhatWasWanted() {
        let (view, rows) = makeView()
        view.didCommitFrame()
        _ = rows.takeCalls()
        scroll(view, to: 44 * 1000 - 440)
        #expect(rows.takeCalls() == ["cancel [[0, 0, 19]]"])     // rows 990-999 show; nothing is below
        scroll(view, to: 44 * 1000 - 880)
        // Back up a screen: rows 980-989 show, 970-979 are next, and 990-999 are left behind.
        #expect(rows.takeCalls() == ["cancel [[0, 990, 999]]", "prefetch [[0, 970, 979]]"])
    }

    @Test func aGridPrefetchesTheCellsOfTheNextScreen() {
        let (view, rows) = makeView(CollectionGridLayout())
        view.didCommitFrame()
        // Cells of 100 px with 8 between, two to a row in 320 px; row n starts at 8 + 108n. Rows 0-3
        // (cells 0-7) show in 440 px; rows 4-8 start in the next 440 (the last at 872): cells 8-17.
        #expect(rows.takeCalls() == ["prefetch [[0, 8, 17]]"])
        scroll(view, to: 108 * 4)
        #expect(rows.takeCalls() == ["cancel [[0, 0, 7]]", "prefetch [[0, 18, 25]]"])
    }

    @Test func aDataChangeStartsTheWindowAfresh() throws {
        let rows = PrefetchingRows(count: 1000)
        let (view, _) = makeView(rows: rows)
        view.didCommitFrame()
        scroll(view, to: 440)
        _ = rows.takeCalls()
        // A row inserted at the top: the view keeps showing the same rows, now numbered 11-20.
        rows.numberOfRows = 1001
        try view.performBatchUpdates(.insert(ItemRange(section: 0, items: 0...0)))
        view.didCommitFrame()
        // Rows 21-29 were wanted under the old numbers, but they are other rows now: asked for again.
        #expect(rows.takeCalls() == ["cancel [[0, 10, 10]]", "prefetch [[0, 21, 30]]"])
    }

    @Test func rangesStayWithinTheItemsLeft() throws {
        let rows = PrefetchingRows(count: 1000)
        let (view, _) = makeView(rows: rows)
        view.didCommitFrame()
        scroll(view, to: 440)
        _ = rows.takeCalls()
        // 995 rows deleted: the five left all show. Rows 10-29 were wanted, but none exists now.
        rows.numberOfRows = 5
        try view.performBatchUpdates(.delete(ItemRange(section: 0, items: 0...994)))
        view.didCommitFrame()
        #expect(rows.takeCalls().isEmpty)
        #expect(PrefetchWindow.clipped([ItemRange(section: 0, items: 3...9), ItemRange(section: 2, items: 0...1)], to: [5, 1])
                == [ItemRange(section: 0, items: 3...4)])
    }

    @Test func rangeArithmetic() {
        func r(_ section: Int, _ items: ClosedRange<Int>) -> ItemRange { ItemRange(section: section, items: items) }
        #expect(PrefetchWindow.normalized([r(1, 0...2), r(0, 5...9), r(0, 0...4), r(0, 8...12)]) == [r(0, 0...12), r(1, 0...2)])
        #expect(PrefetchWindow.subtracting([r(0, 0...20), r(1, 0...5)], [r(0, 3...4), r(0, 10...25), r(1, 0...5)])
                == [r(0, 0...2), r(0, 5...9)])
        #expect(PrefetchWindow.subtracting([r(0, 5...9)], [r(0, 0...3), r(0, 12...14)]) == [r(0, 5...9)])
    }

    @Test func aDecodeForARowScrolledAwayNeverRuns() async throws {
        let log = DecodeLog()
        let started = DispatchSemaphore(value: 0), gate = DispatchSemaphore(value: 0)
        let rows = PrefetchingRows(count: 1000)
        rows.images = ImageLoader(size: 8, source: .blocking(threads: 1) { row, _ in
            log.record("\(row)")
            started.signal()
            gate.wait()
            return dot
        }, cacheLimit: 64, cacheByteLimit: 1 << 20, onScreenLimit: 64, prefetchLimit: 64)
        let (view, _) = makeView(rows: rows)
        let image = try #require(PixmanImage(width: 320, height: 440))
        let fonts = try FontSet(scale: 1)
        func draw() { view.draw(in: PixmanCanvas(image: image, scale: 1, fonts: fonts), damage: Region(view.frame)) }
        draw()                                                   // rows 0-9 ask for their pictures
        view.didCommitFrame()                                    // … and 10-19 are prefetched
        #expect(started.wait(timeout: .now() + 5) == .success)
        let first = log.keys
        #expect(first.count == 1)                                // one worker, held inside one row
        scroll(view, to: 44 * 500)                               // a jump: every row asked for is gone
        draw()
        view.didCommitFrame()
        // Waiting now: rows 500-509 on screen and 510-519 ahead, nothing else.
        let waiting = rows.images?.waitingRequests
        #expect(Set((waiting?.onScreen ?? []) + (waiting?.prefetches ?? [])) == Set(500...519).subtracting(first.compactMap(Int.init)))
        for _ in 0..<40 { gate.signal() }
        #expect(await eventually { log.keys.count == 21 })
        await settle(50)
        let decoded = log.keys.compactMap(Int.init)
        #expect(decoded.count == 21 && decoded.dropFirst().allSatisfy { (500...519).contains($0) })
        // Those on screen first.
        #expect(decoded.dropFirst().prefix(10).allSatisfy { (500...509).contains($0) })
    }
}
