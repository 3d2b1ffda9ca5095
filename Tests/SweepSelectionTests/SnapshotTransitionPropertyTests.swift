import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

private typealias Snapshot = ItemSnapshot<Int, Int>

/// A random snapshot: up to five sections of up to a few hundred unique items.
private func randomSnapshot(fresh: inout Int, _ random: inout SplitMix64) -> Snapshot {
    var snapshot = Snapshot(chunkCapacity: [2, 5, 512][random.below(3)])
    let sections = (0..<8).shuffled(using: &random).prefix(random.below(6))
    for section in sections {
        snapshot.appendSections([section])
        let count = random.below(4) == 0 ? random.below(300) : random.below(15)
        snapshot.appendItems((0..<count).map { _ in fresh += 1; return fresh }, toSection: section)
    }
    // Marks on the old snapshot mean nothing to the transition.
    snapshot.reconfigureItems(snapshot.itemIdentifiers.filter { _ in random.below(9) == 0 })
    return snapshot
}

/// `old` after random edits: items inserted, deleted, moved (also across
/// sections and in blocks), a section's items shuffled, items marked as
/// reconfigured; with `sectionEdits`, sections added, deleted and moved too.
private func randomEdits(of old: Snapshot, sectionEdits: Bool, fresh: inout Int, _ random: inout SplitMix64) -> Snapshot {
    var new = old
    new.clearReconfiguredItems()
    func anyItem() -> Int? { new.itemIdentifiers.randomElement(using: &random) }
    for _ in 0..<random.below(12) {
        switch random.below(sectionEdits ? 9 : 6) {
        case 0:
            let ids = (0..<(1 + random.below(6))).map { _ in fresh += 1; return fresh }
            if let anchor = anyItem(), random.below(3) != 0 {
                _ = random.below(2) == 0 ? new.insertItems(ids, beforeItem: anchor) : new.insertItems(ids, afterItem: anchor)
            } else if let section = new.sectionIdentifiers.randomElement(using: &random) {
                new.appendItems(ids, toSection: section)
            }
        case 1:
            // A few scattered items, or a long run.
            let items = new.itemIdentifiers
            guard !items.isEmpty else { break }
            if random.below(2) == 0 {
                new.deleteItems((0..<random.below(5)).map { _ in items[random.below(items.count)] })
            } else {
                let start = random.below(items.count)
                new.deleteItems(Array(items[start..<min(items.count, start + random.below(40))]))
            }
        case 2:
            guard let item = anyItem(), let anchor = anyItem() else { break }
            _ = random.below(2) == 0 ? new.moveItem(item, beforeItem: anchor) : new.moveItem(item, afterItem: anchor)
        case 3:
            // A block moved item by item, keeping its order.
            let items = new.itemIdentifiers
            guard items.count > 2, let anchor = anyItem() else { break }
            let start = random.below(items.count)
            var previous = anchor
            for item in items[start..<min(items.count, start + random.below(20))] where item != anchor {
                new.moveItem(item, afterItem: previous)
                previous = item
            }
        case 4:
            guard let section = new.sectionIdentifiers.randomElement(using: &random) else { break }
            let items = new.itemIdentifiers(inSection: section)
            new.deleteItems(items)
            new.appendItems(random.below(2) == 0 ? items.shuffled(using: &random) : items.reversed(), toSection: section)
        case 5:
            new.reconfigureItems(new.itemIdentifiers.filter { _ in random.below(6) == 0 })
        case 6:
            let section = 10 + random.below(10)
            guard !new.sectionIdentifiers.contains(section) else { break }
            if let anchor = new.sectionIdentifiers.randomElement(using: &random), random.below(2) == 0 {
                new.insertSections([section], beforeSection: anchor)
            } else {
                new.appendSections([section])
            }
            // An old item moves into the new section, ahead of a new one.
            if let item = anyItem(), random.below(2) == 0 {
                fresh += 1
                new.appendItems([fresh], toSection: section)
                new.moveItem(item, beforeItem: fresh)
            }
        case 7:
            if let section = new.sectionIdentifiers.randomElement(using: &random) { new.deleteSections([section]) }
        default:
            guard let section = new.sectionIdentifiers.randomElement(using: &random),
                  let other = new.sectionIdentifiers.randomElement(using: &random) else { break }
            new.moveSection(section, afterSection: other)
        }
    }
    return new
}

/// Every item's index path, by identifier.
private func paths(of snapshot: Snapshot) -> [Int: ItemPath] {
    var result: [Int: ItemPath] = [:]
    for (place, section) in snapshot.sectionIdentifiers.enumerated() {
        for (item, id) in snapshot.itemIdentifiers(inSection: section).enumerated() { result[id] = ItemPath(section: place, item: item) }
    }
    return result
}

/// Random ranges over sections of `counts` items.
private func randomRanges(counts: [Int], _ random: inout SplitMix64) -> [ItemRange] {
    var ranges: [ItemRange] = []
    for (section, count) in counts.enumerated() where count > 0 {
        for _ in 0..<random.below(5) {
            let start = random.below(count)
            ranges.append(ItemRange(section: section, items: start...min(count - 1, start + random.below(12))))
        }
    }
    return ranges
}

private func ranges(of paths: [ItemPath]) -> [ItemRange] { SnapshotDiff.coalesced(paths) }

@Suite struct SnapshotTransitionPropertyTests {
    @Test(arguments: 0..<400) func theSelectionFollowsItsIdentifiers(seed: Int) throws {
        var random = SplitMix64(seed: 70_000 + seed)
        var fresh = 0
        let old = randomSnapshot(fresh: &fresh, &random)
        let new = randomEdits(of: old, sectionEdits: random.below(2) == 0, fresh: &fresh, &random)
        let transition = try ItemSnapshot.transition(from: old, to: new)

        // The brute force: where every old identifier is now, and the old order.
        let oldOrder = old.itemIdentifiers
        let oldPaths = paths(of: old), newPaths = paths(of: new)
        let sameSections = old.sectionIdentifiers == new.sectionIdentifiers
        #expect(transition.kind == (sameSections ? .batch : .remap), "seed \(seed)")
        #expect(transition.oldItemCounts == old.sectionCounts && transition.newItemCounts == new.sectionCounts)
        for (index, id) in oldOrder.enumerated() {
            let path = oldPaths[id]!
            #expect(transition.map(path) == newPaths[id], "map \(path) seed \(seed)")
            let nearest = oldOrder[index...].first { newPaths[$0] != nil } ?? oldOrder[..<index].last { newPaths[$0] != nil }
            #expect(transition.mapNearest(path) == nearest.flatMap { newPaths[$0] }, "mapNearest \(path) seed \(seed)")
        }
        let marked = new.reconfiguredItemIdentifiers.filter { oldPaths[$0] != nil }
        #expect(transition.reconfigured == ranges(of: marked.map { newPaths[$0]! }), "seed \(seed)")

        if let update = transition.update {
            // The same batch as the identity diff of the item lists, reloads aside, with as few moves.
            let lists = { (snapshot: Snapshot) in snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) } }
            let reference = try ItemUpdate(fromSections: lists(old), to: lists(new))
            #expect(update.deleted == reference.deleted && update.inserted == reference.inserted, "seed \(seed)")
            #expect(update.moved.count == reference.moved.count, "fewest moves, seed \(seed)")
            let movedFrom = Set(update.moved.map(\.from))
            #expect(update.reloaded == ranges(of: marked.map { oldPaths[$0]! }.filter { !movedFrom.contains($0) }), "seed \(seed)")
        }

        // A controller with a selection, an anchor, an activated item and sometimes a gesture.
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelection = true
        let controller = SelectionController(itemCounts: old.sectionCounts, configuration: configuration)
        if let id = oldOrder.randomElement(using: &random) { controller.select(oldPaths[id]!, source: .tap) }
        controller.selectRanges(randomRanges(counts: old.sectionCounts, &random), additive: true, source: .api)
        controller.setAnchor(oldOrder.randomElement(using: &random).flatMap { oldPaths[$0] })
        let kinds: [ProvisionalKind] = [.select, .deselect, .replace, .extend, .toggle]
        if random.below(3) == 0 {
            let kind = kinds[random.below(kinds.count)]
            _ = controller.model.setProvisional(ProvisionalSelection(kind, randomRanges(counts: old.sectionCounts, &random)))
        }
        let gesture = controller.model.provisionalKind != nil
        func identifiers(_ ranges: [ItemRange], in snapshot: Snapshot) -> Set<Int> {
            Set(ranges.flatMap { range in range.items.map { snapshot.itemIdentifier(at: ItemPath(section: range.section, item: $0))! } })
        }
        // A batch keeps the gesture (the effective selection follows); a remap drops it (the committed one follows).
        let selectedBefore = identifiers(sameSections ? controller.model.effectiveRanges : controller.model.committed.ranges, in: old)
        let anchorID = controller.anchor.flatMap { old.itemIdentifier(at: $0) }
        let activatedID = controller.activatedItem.flatMap { old.itemIdentifier(at: $0) }

        let result = try controller.apply(transition)
        let selectedAfter = identifiers(controller.model.effectiveRanges, in: new)
        #expect(selectedAfter == selectedBefore.filter { newPaths[$0] != nil }, "seed \(seed)")
        #expect(result.deselectedCount == selectedBefore.count - selectedAfter.count, "seed \(seed)")
        #expect(result.cancelledProvisional == (gesture && !sameSections))
        #expect(controller.anchor == anchorID.flatMap { newPaths[$0] }, "seed \(seed)")
        #expect(controller.activatedItem == activatedID.flatMap { newPaths[$0] }, "seed \(seed)")
        #expect(controller.itemCounts == new.sectionCounts)
        #expect(controller.model.committed.isValid)
    }
}
