import SweepGeometry
import SweepLayout
import Testing
@testable import SweepInteraction

@Suite struct SweepSessionTests {
    let list = FakeGrid(count: 50, columns: 1)
    let grid = FakeGrid(count: 50, columns: 4)

    @Test func theStartItemDecidesTheMode() {
        let onUnselected = SweepSession.begin(at: list.centre(of: 3), input: .touch2, geometry: list,
                                              isSelected: { _ in false }, shouldBegin: { _ in true })
        #expect(onUnselected?.mode == .select)
        let onSelected = SweepSession.begin(at: list.centre(of: 3), input: .touch2, geometry: list,
                                            isSelected: { $0.item == 3 }, shouldBegin: { _ in true })
        #expect(onSelected?.mode == .deselect)
    }

    @Test func noItemOrARefusalMeansNoSweep() {
        #expect(SweepSession.begin(at: Point(x: 45, y: 5), input: .touch2, geometry: grid,
                                   isSelected: { _ in false }, shouldBegin: { _ in true }) == nil, "a gap between cells")
        #expect(SweepSession.begin(at: list.centre(of: 3), input: .touch2, geometry: list,
                                   isSelected: { _ in false }, shouldBegin: { _ in false }) == nil)
    }

    @Test func theSpanRunsFromStartToCurrentInIndexOrder() throws {
        var sweep = try #require(SweepSession.begin(at: grid.centre(of: 5), input: .swipe, geometry: grid,
                                                    isSelected: { _ in false }, shouldBegin: { _ in true }))
        #expect(sweep.span(in: grid) == [ItemRange(section: 0, items: 5...5)])
        // Down two rows in a 4-column grid: row-major, so 5 through 13.
        let movedDown = sweep.move(to: grid.centre(of: 13), geometry: grid)
        #expect(movedDown)
        #expect(sweep.span(in: grid) == [ItemRange(section: 0, items: 5...13)])
        // Back up above the start: the span flips to 1 through 5.
        let movedUp = sweep.move(to: grid.centre(of: 1), geometry: grid)
        #expect(movedUp)
        #expect(sweep.span(in: grid) == [ItemRange(section: 0, items: 1...5)])
    }

    @Test func movingWithinAnItemChangesNothing() throws {
        var sweep = try #require(SweepSession.begin(at: list.centre(of: 2), input: .touch2, geometry: list,
                                                    isSelected: { _ in false }, shouldBegin: { _ in true }))
        let moved = sweep.move(to: Point(x: list.centre(of: 2).x + 3, y: list.centre(of: 2).y + 3), geometry: list)
        #expect(!moved)
    }

    @Test func aGapCountsAsTheNearestItem() throws {
        var sweep = try #require(SweepSession.begin(at: list.centre(of: 0), input: .touch2, geometry: list,
                                                    isSelected: { _ in false }, shouldBegin: { _ in true }))
        // The gap under row 2 and a point past the end both land on an item.
        _ = sweep.move(to: Point(x: 20, y: 2 * 50 + 45), geometry: list)
        #expect(sweep.current == ItemPath(item: 2))
        _ = sweep.move(to: Point(x: 20, y: 99_999), geometry: list)
        #expect(sweep.current == ItemPath(item: 49))
    }
}
