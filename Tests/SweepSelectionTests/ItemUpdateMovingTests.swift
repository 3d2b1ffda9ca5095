import SweepGeometry
import Testing
@testable import SweepSelection

/// `ItemUpdate.moving`: the batch a drag's reorder makes, checked against
/// moving the items of an array.
@Suite struct ItemUpdateMovingTests {
    private func r(_ items: ClosedRange<Int>, section: Int = 0) -> ItemRange { ItemRange(section: section, items: items) }

    /// Where each old item ends up, by the batch's mapping.
    private func order(after update: ItemUpdate, count: Int) throws -> [Int] {
        let mapping = try ItemMapping(oldItemCounts: [count], update: update)
        var result = [Int](repeating: -1, count: count)
        for item in 0..<count {
            guard let new = mapping.map(ItemPath(section: 0, item: item)) else { continue }
            result[new.item] = item
        }
        return result
    }

    /// The same move on an array: the items of `ranges`, in order, before `insertion`.
    private func moved(_ ranges: [ItemRange], to insertion: Int, count: Int) -> [Int] {
        let moving = ranges.flatMap { Array($0.items) }
        let rest = (0..<count).filter { !moving.contains($0) }
        let before = moving.filter { $0 < insertion }.count
        var result = rest
        result.insert(contentsOf: moving, at: insertion - before)
        return result
    }

    @Test func rowsMoveDownPastTheOthersAndTheGapCloses() throws {
        let ranges = [r(1...3)]
        #expect(try order(after: .moving(ranges, to: ItemPath(section: 0, item: 8)), count: 10) == moved(ranges, to: 8, count: 10))
        #expect(try order(after: .moving(ranges, to: ItemPath(section: 0, item: 8)), count: 10) == [0, 4, 5, 6, 7, 1, 2, 3, 8, 9])
    }

    @Test func scatteredRowsGatherAtTheTopOrTheEnd() throws {
        let ranges = [r(2...2), r(5...6), r(9...9)]
        for insertion in [0, 4, 7, 10] {
            #expect(try order(after: .moving(ranges, to: ItemPath(section: 0, item: insertion)), count: 10)
                    == moved(ranges, to: insertion, count: 10), "to \(insertion)")
        }
    }

    @Test func droppingWhereTheyAreChangesNothing() throws {
        #expect(try order(after: .moving([r(3...5)], to: ItemPath(section: 0, item: 4)), count: 8) == Array(0..<8))
    }

    @Test func theSelectionFollowsTheMovedItems() throws {
        let mapping = try ItemMapping(oldItemCounts: [10], update: .moving([r(1...3)], to: ItemPath(section: 0, item: 8)))
        #expect(mapping.map(Selection([r(1...3)])).ranges == [r(5...7)])
    }
}
