@testable import SweepUI
import Testing

/// Messages whose snippets wrap to 1, 2 or 3 lines by their length.
private final class Messages: ListDataSource {
    var count: Int
    init(count: Int) { self.count = count }
    var sectionCounts: [Int] { [count] }
    func title(for item: ItemPath) -> String { "Message \(item.item)" }
    func subtitle(for item: ItemPath) -> String? {
        let words = [3, 14, 40][item.item % 3]
        return (0..<words).map { "word\($0)" }.joined(separator: " ")
    }
}

/// A renderer that answers nonsense heights.
private struct Nonsense: ItemRenderer {
    func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) {}
    func height(for content: ItemContent, width: Double, theme: Theme, measurer: TextMeasuring) -> Double? {
        [Double.nan, 0, -5, 1e12, .infinity][Int(content.title.split(separator: " ").last.flatMap { Int($0) } ?? 0) % 5]
    }
}

/// A renderer of pictures at their own aspect across the row (a photo feed),
/// the picture's height over its width in the item's title.
private struct PictureRows: ItemRenderer {
    func draw(_ content: ItemContent, state: ItemState, in bounds: Rect, theme: Theme, canvas: Canvas) {}
    func height(for content: ItemContent, width: Double, theme: Theme, measurer: TextMeasuring) -> Double? {
        [0.5, 0.75, 1.5][Int(content.title.split(separator: " ").last.flatMap { Int($0) } ?? 0) % 3] * width
    }
}

/// Rows as tall as their text under a `SelfSizingListLayout`: measured as
/// they come into view, the rows on screen stay put while rows above them
/// are measured, jumps to an item and to the end land exactly, a width
/// change wraps them again with the top row kept, and nonsense heights stand
/// as the estimate.
@MainActor @Suite struct SelfSizingRowsTests {
    private func make(count: Int = 10_000, renderer: any ItemRenderer = ListRowRenderer(secondaryLineLimit: 3))
        -> (CollectionView, SelfSizingListLayout, TestHost) {
        let host = TestHost()
        let layout = SelfSizingListLayout(estimatedRowHeight: 50)
        let view = CollectionView(layout: layout, dataSource: Messages(count: count))
        view.renderer = renderer
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 400, height: 600))
        _ = host.takeDamage()
        return (view, layout, host)
    }

    private func height(_ view: CollectionView, _ item: Int) -> Double { view.layout.frame(of: ItemPath(item: item)).height }

    /// Glides and flings run to their end.
    private func settle(_ view: CollectionView, _ host: TestHost) {
        for _ in 0..<400 where view.isAnimating {
            host.advance(by: 16)
            _ = view.advanceAnimations(to: host.now)
        }
    }

    /// A row's height from a picture of its own aspect, through the renderer's measure.
    @Test func rowsAsTallAsTheirPicturesAtTheirAspect() {
        let (view, _, host) = make(renderer: PictureRows())
        defer { withExtendedLifetime(host) {} }
        #expect(height(view, 0) == 200 && height(view, 1) == 300 && height(view, 2) == 600, "400 px wide: 1:2, 3:4, 3:2")
        // A new width: the pictures keep their aspect.
        view.setFrame(Rect(x: 0, y: 0, width: 300, height: 600))
        #expect(height(view, 0) == 150 && height(view, 1) == 225)
    }

    @Test func rowsInViewAreAsTallAsTheirLines() {
        let (view, layout, host) = make()
        defer { withExtendedLifetime(host) {} }
        // One line of snippet, two or three: three heights, the same for every row of a kind.
        let one = height(view, 0), two = height(view, 1), three = height(view, 2)
        #expect(one < two && two < three, "\(one) \(two) \(three)")
        #expect(height(view, 3) == one && height(view, 4) == two && height(view, 5) == three)
        #expect(one >= 44, "never under the renderer's minimum")
        // Rows far below were not measured: still the estimate, and a million would cost nothing.
        #expect(height(view, 9_000) == 50)
        #expect(layout.sections[0].measuredCount < 100)
    }

    @Test func rowsMeasuredAboveTheViewportDoNotMoveWhatIsShown() {
        let (view, _, host) = make()
        view.scrollToItem(ItemPath(item: 9_999), position: .bottom)
        settle(view, host)
        // At the end exactly: the last row's bottom is the viewport's.
        let last = view.itemView.windowRect(of: ItemPath(item: 9_999))
        #expect(abs(last.maxY - 600) < 0.5, "\(last)")
        // Up a few pixels at a time: each row on screen moves by exactly the scroll, however the rows above measure.
        for _ in 0..<30 {
            let top = view.item(at: Point(x: 10, y: 300))!
            let before = view.itemView.windowRect(of: top).minY
            view.itemView.scrollImmediately(to: view.itemView.scroll.offset - 37)
            view.reportScroll()
            #expect(abs(view.itemView.windowRect(of: top).minY - (before + 37)) < 0.5)
        }
    }

    @Test func scrollingToAnItemLandsOnItExactly() {
        let (view, _, host) = make()
        for target in [5_000, 120, 7_777] {
            view.scrollToItem(ItemPath(item: target), position: .top)
            settle(view, host)
            #expect(abs(view.itemView.windowRect(of: ItemPath(item: target)).minY) < 0.5, "row \(target)")
            #expect(height(view, target) != 50 || target % 3 == 0, "the row was measured")
        }
    }

    @Test func aNewWidthWrapsTheRowsAgainWithTheTopRowKept() {
        let (view, _, host) = make()
        defer { withExtendedLifetime(host) {} }   // the view holds its host weakly
        view.itemView.scrollImmediately(to: 3_000)
        let top = view.item(at: Point(x: 10, y: 1))!
        // A row on screen whose snippet takes two lines at 400 px (the longest kind takes the limit of three).
        let long = ItemPath(item: top.item + (1 - top.item % 3 + 3) % 3)
        let wide = height(view, long.item)
        view.setFrame(Rect(x: 0, y: 0, width: 250, height: 600))
        #expect(height(view, long.item) > wide, "narrower, the long snippet takes more lines: \(wide) → \(height(view, long.item))")
        #expect(view.item(at: Point(x: 10, y: 1)) == top, "the same row at the top")
    }

    /// Pixels copied by a scroll land where the content is: a row's window
    /// position moves by the change's `dy`, or the whole view is repainted.
    @Test func aScrollsCopiedPixelsMatchTheContentWhileRowsAreMeasured() {
        let (view, _, host) = make()
        view.scrollToItem(ItemPath(item: 9_999), position: .bottom)
        settle(view, host)
        _ = view.itemView.takeScrollChange()
        for step in [37.0, 400, 2_500, 45_000, 13] {
            let probe = view.item(at: Point(x: 10, y: 300))!
            let before = view.itemView.windowRect(of: probe).minY
            view.itemView.scrollImmediately(to: view.itemView.scroll.offset - step)
            guard let change = view.itemView.takeScrollChange() else { continue }
            let repaintsAll = change.damage.rects.contains { $0.contains(view.frame) }
            if !repaintsAll {
                #expect(abs(view.itemView.windowRect(of: probe).minY - (before + change.dy)) < 0.5,
                        "a scroll up by \(step): the pixels moved \(change.dy)")
            }
        }
    }

    @Test func aReconfiguredRowIsMeasuredAgain() {
        let (view, layout, host) = make(count: 50)
        defer { withExtendedLifetime(host) {} }
        #expect(layout.sections[0].isMeasured(0))
        view.reconfigureItems(at: [ItemPath(item: 0)])
        #expect(layout.sections[0].isMeasured(0), "measured again at once, being on screen")
        view.renderer = ListRowRenderer(secondaryLineLimit: 1)
        #expect(height(view, 2) == height(view, 0), "one line of snippet each with the new renderer")
    }

    @Test func nonsenseHeightsStandAsTheEstimate() {
        let (view, layout, host) = make(renderer: Nonsense())
        defer { withExtendedLifetime(host) {} }
        for item in 0..<10 { #expect(height(view, item) == 50) }
        #expect(layout.contentSize.height == 50 * 10_000)
    }

    @Test func heightsFollowTheirRowsThroughAnInsertAbove() throws {
        let source = Messages(count: 100)
        let host = TestHost()
        let layout = SelfSizingListLayout(estimatedRowHeight: 50)
        let view = CollectionView(layout: layout, dataSource: source)
        view.renderer = ListRowRenderer(secondaryLineLimit: 3)
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 400, height: 600))
        let third = height(view, 2)
        source.count = 103
        try view.performBatchUpdates(ItemUpdate(inserted: [ItemRange(section: 0, items: 0...2)]))
        // Old row 2 is row 5 now (its text says another row's, but its measured height moved with it).
        #expect(layout.sections[0].isMeasured(5))
        #expect(height(view, 5) == third)
    }
}
