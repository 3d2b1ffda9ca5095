import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

/// `SortedSourceItems` following a snapshot's batch: the rows it keeps are
/// exactly the filter run afresh over the new items, and the row batch it
/// reports moves every row that stays to the row its item has now.
@Suite struct SortedSourceItemsTests {
    private typealias Snapshot = ItemSnapshot<Int, Int>

    @Test func lookupsAcrossChunksAndEdits() {
        var rows = SortedSourceItems(stride(from: 0, to: 6000, by: 3))
        #expect(rows.rowCount == 2000)
        #expect(rows.sourceItem(atRow: 0) == 0 && rows.sourceItem(atRow: 1999) == 5997)
        #expect(rows.firstRow(atOrAfter: 4) == 2 && rows.firstRow(atOrAfter: 6) == 2 && rows.firstRow(atOrAfter: 9000) == 2000)
        #expect(rows.row(showing: 1500) == 500 && rows.row(showing: 1501) == nil)
    }

    /// Random snapshots of a few thousand items, random edits (inserts,
    /// deletes, moves, reconfigured items whose inclusion flips), checked
    /// against the rows made afresh.
    @Test(arguments: 0..<40) func followingABatchEqualsFilteringAfresh(seed: Int) throws {
        var random = SplitMix64(seed: seed)
        var fresh = 0
        var included: [Int: Bool] = [:]
        func newItem() -> Int {
            fresh += 1
            included[fresh] = random.below(3) != 0
            return fresh
        }
        var old = Snapshot()
        old.appendSections([0])
        old.appendItems((0..<(500 + random.below(3000))).map { _ in newItem() })
        var rows = SortedSourceItems(old.itemIdentifiers.indices.filter { included[old.itemIdentifiers[$0]]! })
        for _ in 0..<5 {
            var new = old
            new.clearReconfiguredItems()
            for _ in 0..<(1 + random.below(20)) {
                let ids = new.itemIdentifiers
                guard let target = ids.randomElement(using: &random) else { break }
                switch random.below(5) {
                case 0: new.insertItems((0..<(1 + random.below(4))).map { _ in newItem() }, beforeItem: target)
                case 1: new.deleteItems([target])
                case 2: if let other = ids.randomElement(using: &random), other != target { new.moveItem(target, afterItem: other) }
                case 3:
                    included[target]!.toggle()
                    new.reconfigureItems([target])
                default: new.appendItems([newItem()])
                }
            }
            let transition = try Snapshot.transition(from: old, to: new)
            let mapping = try #require(transition.mapping)
            let newIDs = new.itemIdentifiers
            var followed = rows
            let result = try #require(followed.follow(mapping, reconfigured: transition.reconfigured, limit: .max) {
                included[newIDs[$0]]!
            })
            let expected = newIDs.indices.filter { included[newIDs[$0]]! }
            #expect((0..<followed.rowCount).map { followed.sourceItem(atRow: $0) } == expected, "seed \(seed)")
            // The row batch is valid and takes each row that stays to its item's new row.
            let rowMapping = try ItemMapping(oldItemCounts: [rows.rowCount], update: result.update, newItemCounts: [followed.rowCount])
            let oldIDs = old.itemIdentifiers
            for row in 0..<rows.rowCount {
                let id = oldIDs[rows.sourceItem(atRow: row)]
                let newRow = new.indexPath(for: id).flatMap { followed.row(showing: $0.item) }
                #expect(rowMapping.map(ItemPath(item: row))?.item == newRow, "seed \(seed) row \(row)")
            }
            for row in result.shownAgain { #expect(included[newIDs[followed.sourceItem(atRow: row)]]!) }
            old = new
            rows = followed
        }
    }

    @Test func aBatchTouchingMoreThanTheLimitChangesNothing() throws {
        var old = Snapshot()
        old.appendSections([0])
        old.appendItems(Array(0..<100))
        var new = old
        new.appendItems(Array(100..<200))
        let transition = try Snapshot.transition(from: old, to: new)
        var rows = SortedSourceItems(0..<100)
        #expect(rows.follow(try #require(transition.mapping), reconfigured: [], limit: 50) { _ in true } == nil)
        #expect(rows.rowCount == 100)
    }
}
