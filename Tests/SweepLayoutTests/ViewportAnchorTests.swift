import SweepGeometry
import Testing
@testable import SweepLayout

/// The item at the top of a viewport stays there across a change of sizes.
@Suite struct ViewportAnchorTests {
    @Test func theTopRowKeepsItsDistanceFromTheTop() throws {
        let before = SectionedListLayout(itemCounts: [100], rowHeight: 44, width: 320)
        let anchor = try #require(ViewportAnchor(layout: before, offset: 44 * 10 + 12))
        #expect(anchor.item == ItemPath(item: 10) && anchor.distance == 12)
        let taller = SectionedListLayout(itemCounts: [100], rowHeight: 60, width: 320)
        #expect(anchor.offset(in: taller) == 600 + 12)
        // Rows shorter than the distance: the row stays the top one, its last pixel showing.
        let short = SectionedListLayout(itemCounts: [100], rowHeight: 8, width: 320)
        #expect(anchor.offset(in: short) == 80 + 7)
    }

    @Test func aViewportOverAHeaderKeepsTheNextRowBelowIt() throws {
        let before = SectionedListLayout(itemCounts: [5, 5], rowHeight: 44, headerHeight: 28, width: 320)
        // Section 1's header is at 248..<276: a viewport from 250 is 26 above row (1, 0).
        let anchor = try #require(ViewportAnchor(layout: before, offset: 250))
        #expect(anchor.item == ItemPath(section: 1, item: 0) && anchor.distance == -26)
        let after = SectionedListLayout(itemCounts: [5, 5], rowHeight: 44, headerHeight: 40, width: 320)
        #expect(after.frame(of: anchor.item).minY - anchor.offset(in: after) == 26)
    }

    @Test func theStartStaysTheStart() throws {
        let before = SectionedListLayout(itemCounts: [5], rowHeight: 44, headerHeight: 28, width: 320)
        let anchor = try #require(ViewportAnchor(layout: before, offset: 0))
        #expect(anchor.offset(in: SectionedListLayout(itemCounts: [5], rowHeight: 44, headerHeight: 50, width: 320)) == 0)
    }

    @Test func aGridCellKeepsItsPlaceAcrossANewCellSize() throws {
        let before = GridLayout(itemCounts: [500], width: 332)
        // Row 7 starts at 8 + 7 × 108 = 764.
        let anchor = try #require(ViewportAnchor(layout: before, offset: 770))
        #expect(anchor.item == ItemPath(item: 21) && anchor.distance == 6)
        let after = GridLayout(itemCounts: [500], cellSize: Size(width: 60, height: 60), width: 332)
        #expect(anchor.offset(in: after) == after.frame(of: ItemPath(item: 21)).minY + 6)
    }

    @Test func noItemsOrNoNumberNoAnchor() {
        #expect(ViewportAnchor(layout: SectionedListLayout(itemCounts: [0, 0], width: 320), offset: 0) == nil)
        #expect(ViewportAnchor(layout: SectionedListLayout(itemCounts: [3], width: 320), offset: .nan) == nil)
    }
}
