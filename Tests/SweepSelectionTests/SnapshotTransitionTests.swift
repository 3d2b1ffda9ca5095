import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

private typealias Snapshot = ItemSnapshot<String, Int>

private func r(_ items: ClosedRange<Int>, section: Int = 0) -> ItemRange { ItemRange(section: section, items: items) }
private func ip(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

private func snapshot(_ sections: [(String, [Int])]) -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// The error `transition(from:to:)` throws, or nil.
private func transitionError(_ old: Snapshot, _ new: Snapshot) -> ItemIdentifierError? {
    do {
        _ = try Snapshot.transition(from: old, to: new)
        return nil
    } catch {
        return error
    }
}

/// A controller over `counts` allowing multiple selection in normal mode (so a tap activates).
private func controller(_ counts: [Int]) -> SelectionController {
    var configuration = SelectionConfiguration()
    configuration.allowsMultipleSelection = true
    return SelectionController(itemCounts: counts, configuration: configuration)
}

@Suite struct SnapshotTransitionExampleTests {
    @Test func sameSectionsGiveTheBatchTheIdentityDiffGives() throws {
        let old = snapshot([("a", [1, 2, 3, 4, 5]), ("b", [6, 7])])
        let new = snapshot([("a", [1, 9, 3, 4, 2]), ("b", [7, 8])])
        let transition = try Snapshot.transition(from: old, to: new)
        #expect(transition.kind == .batch)
        let update = try #require(transition.update)
        #expect(update.deleted == [r(4...4), r(0...0, section: 1)])
        #expect(update.inserted == [r(1...1), r(1...1, section: 1)])
        #expect(update.moved == [ItemMove(from: ip(1), to: ip(4))], "3 and 4 stay as one run; 2 moves")
        #expect(update == (try ItemUpdate(fromSections: [[1, 2, 3, 4, 5], [6, 7]], to: [[1, 9, 3, 4, 2], [7, 8]])))
        #expect(transition.oldItemCounts == [5, 2] && transition.newItemCounts == [5, 2])
        #expect(transition.map(ip(1)) == ip(4) && transition.map(ip(4)) == nil && transition.map(ip(1, 1)) == ip(0, 1))
        #expect(transition.map(Selection([r(0...1), r(0...1, section: 1)])).ranges == [r(0...0), r(4...4), r(0...0, section: 1)])
    }

    @Test func reconfiguredItemsAreReloadedWhereTheyStayAndNamedWhereTheyLand() throws {
        var old = snapshot([("a", [1, 2, 3, 4])])
        old.reconfigureItems([4])
        var new = old
        new.clearReconfiguredItems()
        new.moveItem(1, afterItem: 4)
        new.insertItems([5], beforeItem: 2)
        new.reconfigureItems([1, 3, 5])
        // New: 5 2 3 4 1. 1 moved (not reloadable), 3 stayed, 5 is new, 4's mark was the old snapshot's.
        let transition = try Snapshot.transition(from: old, to: new)
        #expect(transition.kind == .batch)
        #expect(transition.update?.reloaded == [r(2...2)], "3, at its old place")
        #expect(transition.reconfigured == [r(2...2), r(4...4)], "3 and 1, at their new places")
    }

    @Test func mapNearestCrossesSectionsInOldOrder() throws {
        let old = snapshot([("a", [1, 2, 3]), ("b", [4, 5]), ("c", [6])])
        let later = try Snapshot.transition(from: old, to: snapshot([("a", [1]), ("b", []), ("c", [6])]))
        #expect(later.kind == .batch)
        #expect(later.mapNearest(ip(0)) == ip(0), "a survivor maps to itself")
        #expect(later.mapNearest(ip(1)) == ip(0, 2), "2, 3, 4 and 5 went: the next survivor is 6")
        #expect(later.mapNearest(ip(1, 1)) == ip(0, 2))
        let earlier = try Snapshot.transition(from: old, to: snapshot([("a", [1]), ("b", []), ("c", [])]))
        #expect(earlier.mapNearest(ip(0, 2)) == ip(0), "nothing after 6 survived: the last survivor before it")
        #expect(earlier.mapNearest(ip(1, 1)) == ip(0))
        let none = try Snapshot.transition(from: old, to: snapshot([("a", []), ("b", []), ("c", [])]))
        #expect(none.mapNearest(ip(1)) == nil)
        #expect(later.mapNearest(ip(3)) == nil && later.mapNearest(ip(0, 3)) == nil, "no such old item")
    }

    @Test func changedSectionsGiveARemapByIdentifier() throws {
        let old = snapshot([("a", [1, 2]), ("b", [3, 4])])
        var new = snapshot([("b", [4, 3, 5]), ("c", [1])])
        new.reconfigureItems([3, 5])
        let transition = try Snapshot.transition(from: old, to: new)
        #expect(transition.kind == .remap && transition.update == nil && transition.mapping == nil)
        #expect(transition.oldItemCounts == [2, 2] && transition.newItemCounts == [3, 1])
        #expect(transition.map(ip(0)) == ip(0, 1) && transition.map(ip(1)) == nil)
        #expect(transition.map(ip(0, 1)) == ip(1) && transition.map(ip(1, 1)) == ip(0))
        #expect(transition.map(ip(2, 1)) == nil && transition.map(ip(0, 7)) == nil)
        #expect(transition.mapNearest(ip(1)) == ip(1), "2 went: the next old item, 3, is at [0, 1] now")
        #expect(transition.reconfigured == [r(1...1)], "3; 5 is new")
        #expect(transition.map(Selection([r(0...1), r(0...1, section: 1)])).ranges == [r(0...1), r(0...0, section: 1)])
        let last = try Snapshot.transition(from: old, to: snapshot([("c", [1])]))
        #expect(last.mapNearest(ip(1, 1)) == ip(0), "nothing after 4 survived: the last survivor before it, 1")
    }

    @Test func aShuffleOfManyIsARemapAndOneMoveAmongManyIsABatch() throws {
        var random = SplitMix64(seed: 7)
        let ids = Array(0..<20_000)
        let old = snapshot([("all", ids)])
        let shuffledIDs = ids.shuffled(using: &random)
        let shuffled = try Snapshot.transition(from: old, to: snapshot([("all", shuffledIDs)]))
        #expect(shuffled.kind == .remap, "more than 4,096 items out of order")
        var one = old
        one.moveItem(100, afterItem: 15_000)
        let moved = try Snapshot.transition(from: old, to: one)
        #expect(moved.update == .move(from: ip(100), to: ip(15_000)))
        let reversed = try Snapshot.transition(from: old, to: snapshot([("all", ids.prefix(1000).reversed() + ids.dropFirst(1000))]))
        #expect(reversed.kind == .batch && reversed.update?.moved.count == 999)
        // Every even identifier selected: afterwards exactly the places the shuffle gave them.
        let selection = Selection(stride(from: 0, to: 20_000, by: 2).map { r($0...$0) })
        let shuffledSelection = shuffled.map(selection)
        #expect(shuffledSelection.isValid)
        #expect(Set(shuffledSelection.indexPaths) == Set(shuffledIDs.indices.filter { shuffledIDs[$0] % 2 == 0 }.map { ip($0) }))
    }

    @Test func repeatedIdentifiersAreRefusedNamingBothPlaces() {
        let good = snapshot([("a", [1, 2]), ("b", [3])])
        #expect(transitionError(snapshot([("a", [1, 2]), ("b", [2])]), good)
                == .duplicateIdentifier("2", snapshot: .old, first: ip(1), duplicate: ip(0, 1)))
        #expect(transitionError(good, snapshot([("a", [5, 1, 5])]))
                == .duplicateIdentifier("5", snapshot: .new, first: ip(0), duplicate: ip(2)))
        #expect(transitionError(good, snapshot([("a", [1]), ("b", []), ("a", [2])]))
                == .duplicateSectionIdentifier("a", snapshot: .new, first: 0, duplicate: 2))
        #expect(transitionError(snapshot([("x", []), ("x", [])]), snapshot([("y", [1]), ("y", [1])]))
                == .duplicateSectionIdentifier("x", snapshot: .old, first: 0, duplicate: 1), "the old snapshot first")
        let message = ItemIdentifierError.duplicateSectionIdentifier("inbox", snapshot: .new, first: 0, duplicate: 3).description
        #expect(message.contains("inbox") && message.contains("section 3") && message.contains("new snapshot") && message.contains("unique"))
    }

    @Test func theControllerAppliesABatchAsRangesKeepingAGesture() throws {
        let old = snapshot([("a", Array(0..<10))])
        var new = old
        new.deleteItems([0, 1])
        new.moveItem(5, afterItem: 9)
        let selection = controller(old.sectionCounts)
        selection.select(ip(5), source: .tap)
        selection.selectRanges([r(1...3)], additive: true, source: .api)
        selection.setAnchor(ip(2))
        _ = selection.model.setProvisional(ProvisionalSelection(.select, [r(7...8)]))
        let result = try selection.apply(try Snapshot.transition(from: old, to: new))
        #expect(result.transition.kind == .batch && !result.cancelledProvisional)
        #expect(result.deselectedCount == 1, "item 1 was selected and deleted")
        #expect(selection.itemCounts == [8])
        // New order: 2 3 4 6 7 8 9 5.
        #expect(selection.model.committed.ranges == [r(0...1), r(7...7)])
        #expect(selection.model.provisionalRanges == [r(4...5)], "the sweep over 7 and 8 follows them")
        #expect(selection.anchor == ip(0) && selection.activatedItem == ip(7))
    }

    @Test func theControllerAppliesARemapByIdentifierDroppingAGesture() throws {
        let old = snapshot([("a", [1, 2, 3]), ("b", [4, 5])])
        let new = snapshot([("b", [5, 4]), ("new", [6]), ("a", [3, 2])])
        let selection = controller(old.sectionCounts)
        selection.select(ip(1, 1), source: .tap)
        selection.selectRanges([r(0...1), r(0...0, section: 1)], additive: true, source: .api)
        selection.setAnchor(ip(0))
        _ = selection.model.setProvisional(ProvisionalSelection(.select, [r(2...2)]))
        let result = try selection.apply(try Snapshot.transition(from: old, to: new))
        #expect(result.transition.kind == .remap && result.cancelledProvisional)
        #expect(selection.model.provisionalKind == nil)
        #expect(result.deselectedCount == 1, "1 was selected and deleted")
        #expect(selection.itemCounts == [2, 1, 2])
        #expect(selection.model.committed.ranges == [r(0...1), r(1...1, section: 2)], "5 and 4, and 2")
        #expect(selection.anchor == nil, "the anchor was on 1")
        #expect(selection.activatedItem == ip(0), "5, activated by the tap")
    }

    @Test func aTransitionFromAnotherSnapshotIsRefusedAndChangesNothing() throws {
        let selection = controller([3])
        selection.selectRanges([r(0...1)], additive: true, source: .api)
        let transition = try Snapshot.transition(from: snapshot([("a", [1, 2])]), to: snapshot([("a", [2])]))
        #expect(throws: ItemUpdateError.snapshotCountMismatch(snapshot: [2], itemCounts: [3])) {
            try selection.apply(transition)
        }
        #expect(selection.itemCounts == [3] && selection.model.committed.ranges == [r(0...1)])
        #expect(ItemUpdateError.snapshotCountMismatch(snapshot: [2], itemCounts: [3]).description.contains("snapshot on screen"))
    }

    @Test func fromNothingAndToNothing() throws {
        let empty = Snapshot(), list = snapshot([("a", [1, 2])])
        let appear = try Snapshot.transition(from: empty, to: list)
        #expect(appear.kind == .remap && appear.newItemCounts == [2] && appear.map(Selection([r(0...0)])).isEmpty)
        let vanish = try Snapshot.transition(from: list, to: empty)
        #expect(vanish.map(ip(0)) == nil && vanish.mapNearest(ip(1)) == nil && vanish.newItemCounts == [])
        let selection = controller([2])
        selection.selectRanges([r(0...1)], additive: true, source: .api)
        let result = try selection.apply(vanish)
        #expect(result.deselectedCount == 2 && selection.selectedCount == 0 && selection.itemCounts == [])
        #expect(try Snapshot.transition(from: empty, to: empty).update == ItemUpdate.none)
    }
}
