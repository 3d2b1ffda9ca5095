import SweepGeometry
import SweepLayout
import Testing

/// `SelfSizingListLayout`: unmeasured it answers as a list of rows of the
/// estimate does; measured, its frames tile the content with each row's own
/// height, and every query (the item at a point, the items in a rectangle,
/// paging) follows them; heights move with their rows and go with a new width.
@MainActor
struct SelfSizingListLayoutTests {
    private func prepared(_ counts: [Int], headers: Bool = false, width: Double = 300) -> SelfSizingListLayout {
        let layout = SelfSizingListLayout(estimatedRowHeight: 40, headerHeight: 24)
        layout.prepare(for: LayoutContext(itemCounts: counts, showsHeaders: headers, width: width))
        return layout
    }

    @Test func unmeasuredItAnswersAsAListOfTheEstimate() {
        let counts = [3, 0, 2000, 5]
        let layout = prepared(counts, headers: true)
        let list = SectionedListLayout(itemCounts: counts, rowHeight: 40, headerHeight: 24, width: 300)
        #expect(layout.contentSize == list.contentSize)
        for y in stride(from: -10.0, to: list.contentSize.height + 20, by: 37.5) {
            let point = Point(x: 10, y: y)
            #expect(layout.item(at: point) == list.item(at: point), "at \(y)")
            #expect(layout.nearestItem(to: point) == list.nearestItem(to: point), "nearest at \(y)")
            let rect = Rect(x: 0, y: y, width: 300, height: 333)
            #expect(layout.items(in: rect) == list.items(in: rect), "in \(rect)")
            #expect(layout.sections(in: rect) == list.sections(in: rect))
        }
        for section in counts.indices { #expect(layout.headerFrame(ofSection: section) == list.headerFrame(ofSection: section)) }
    }

    @Test func measuredRowsTileTheContentAtTheirOwnHeights() {
        let layout = prepared([50, 30], headers: true)
        var heights: [ItemPath: Double] = [:]
        var measured: [(item: ItemPath, height: Double)] = []
        for section in 0..<2 {
            for item in stride(from: 0, to: section == 0 ? 50 : 30, by: 3) {
                let path = ItemPath(section: section, item: item)
                heights[path] = Double(20 + (item * 13) % 90)
                measured.append((path, heights[path]!))
            }
        }
        #expect(layout.setMeasuredHeights(measured))
        #expect(!layout.setMeasuredHeights(measured), "the same heights again change nothing")
        var y = 0.0
        for section in 0..<2 {
            #expect(layout.headerFrame(ofSection: section)?.minY == y)
            y += 24
            for item in 0..<(section == 0 ? 50 : 30) {
                let path = ItemPath(section: section, item: item)
                let frame = layout.frame(of: path)
                #expect(frame.minY == y && frame.height == (heights[path] ?? 40), "\(path)")
                #expect(layout.item(at: Point(x: 5, y: frame.midY)) == path)
                #expect(layout.items(in: Rect(x: 0, y: frame.minY, width: 10, height: frame.height)) ==
                        [ItemRange(section: section, items: item...item)], "only \(path) in its own frame")
                y += frame.height
            }
        }
        #expect(layout.contentSize.height == y)
        #expect(layout.unmeasuredItems(in: Rect(x: 0, y: 0, width: 300, height: 200), limit: 100).allSatisfy { heights[$0] == nil })
    }

    @Test func heightsThatAreNoLengthStandAsTheEstimate() {
        let layout = prepared([4])
        layout.setMeasuredHeights([(ItemPath(section: 0, item: 0), .nan), (ItemPath(section: 0, item: 1), -3),
                                   (ItemPath(section: 0, item: 2), 1e9), (ItemPath(section: 9, item: 0), 50)])
        #expect(layout.contentSize.height == 160)
        #expect(layout.unmeasuredItems(in: Rect(x: 0, y: 0, width: 300, height: 160), limit: 10) == [ItemPath(section: 0, item: 3)])
    }

    @Test func measuredHeightsMoveWithTheirRowsAndGoWithANewWidth() {
        let layout = prepared([10])
        layout.setMeasuredHeights([(ItemPath(section: 0, item: 4), 100)])
        // Two rows inserted at the top: row 4 is row 6 now.
        layout.itemsMoved(toCounts: [12]) { ItemPath(section: 0, item: $0.item + 2) }
        layout.prepare(for: LayoutContext(itemCounts: [12], width: 300))
        #expect(layout.frame(of: ItemPath(section: 0, item: 6)).height == 100)
        #expect(layout.contentSize.height == 11 * 40 + 100)
        layout.prepare(for: LayoutContext(itemCounts: [12], width: 200))
        #expect(layout.contentSize.height == 12 * 40, "a new width wraps every row anew")
    }

    @Test func pagingGoesAboutAViewportAcrossRowsOfAnyHeight() {
        let layout = prepared([100])
        layout.setMeasuredHeights((0..<100).map { (ItemPath(section: 0, item: $0), Double($0 % 2 == 0 ? 20 : 100)) })
        let next = layout.item(pagingFrom: ItemPath(section: 0, item: 0), down: true, viewportHeight: 600)!
        let moved = layout.frame(of: next).minY - layout.frame(of: ItemPath(section: 0, item: 0)).minY
        #expect(moved > 400 && moved < 700, "\(moved)")
        let back = layout.item(pagingFrom: next, down: false, viewportHeight: 600)!
        #expect(back.item <= 1, "back within a row of the start: \(back)")
    }
}
