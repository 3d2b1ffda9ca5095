@testable import SweepUI
import Testing

/// Three sections of 50 rows under titled headers.
private final class Sections: ListDataSource {
    var sectionCounts: [Int] { [50, 50, 50] }
    func title(for item: ItemPath) -> String { "Row \(item.section).\(item.item)" }
    func headerTitle(forSection section: Int) -> String? { "Section \(section)" }
}

/// Pinned section headers: the header of the section at the top stays at
/// the view's top while its rows scroll under it, the next header pushes it
/// up, a point on it is no item (a click there selects nothing), and a
/// scroll repaints its strip rather than moving its pixels.
@MainActor @Suite struct PinnedHeadersTests {
    private func make(_ layout: some CollectionViewLayout) -> (CollectionView, TestHost) {
        let host = TestHost()
        let view = CollectionView(layout: layout, dataSource: Sections())
        view.pinsSectionHeaders = true
        view.attach(to: host)
        view.setFrame(Rect(x: 0, y: 0, width: 400, height: 300))
        return (view, host)
    }

    @Test func theHeaderAtTheTopStaysThereUntilTheNextPushesItUp() {
        let (view, host) = make(CollectionListLayout(rowHeight: 40, headerHeight: 30))
        defer { withExtendedLifetime(host) {} }
        #expect(view.itemView.pinnedHeader == nil, "at the top the first header is in its own place")
        // Section 0 spans 0 ..< 30 + 50 × 40 = 2030; section 1's header starts there.
        view.itemView.scrollImmediately(to: 1_000)
        #expect(view.itemView.pinnedHeader?.section == 0 && view.itemView.pinnedHeader?.rect == Rect(x: 0, y: 0, width: 400, height: 30))
        #expect(view.item(at: Point(x: 100, y: 15)) == nil, "no row under the pinned header")
        #expect(view.item(at: Point(x: 100, y: 45)) != nil)
        // 10 px before section 1's header reaches the top: pushed up by 20 px.
        view.itemView.scrollImmediately(to: 2_030 - 10)
        #expect(view.itemView.pinnedHeader?.rect == Rect(x: 0, y: -20, width: 400, height: 30))
        view.itemView.scrollImmediately(to: 2_030 + 500)
        #expect(view.itemView.pinnedHeader?.section == 1)
        #expect(view.itemView.pinnedHeaderStrip == Rect(x: 0, y: 0, width: 400, height: 30))
        view.pinsSectionHeaders = false
        #expect(view.itemView.pinnedHeader == nil && view.itemView.pinnedHeaderStrip == nil)
    }

    @Test func aGridPinsItsHeadersToo() {
        let (view, host) = make(CollectionGridLayout(itemSize: Size(width: 100, height: 100), headerHeight: 30))
        defer { withExtendedLifetime(host) {} }
        view.itemView.scrollImmediately(to: 400)
        #expect(view.itemView.pinnedHeader?.section == 0 && view.itemView.pinnedHeader?.rect.minY == 0)
        #expect(view.item(at: Point(x: 50, y: 10)) == nil && view.item(at: Point(x: 50, y: 150)) != nil)
    }

    @Test func aSelfSizingListPinsItsHeadersToo() {
        let (view, host) = make(SelfSizingListLayout(estimatedRowHeight: 40, headerHeight: 30))
        defer { withExtendedLifetime(host) {} }
        view.itemView.scrollImmediately(to: 600)
        #expect(view.itemView.pinnedHeader?.section == 0)
        #expect(view.item(at: Point(x: 100, y: 10)) == nil && view.item(at: Point(x: 100, y: 100)) != nil)
    }
}
