import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

private func r(_ items: ClosedRange<Int>, section: Int = 0) -> ItemRange { ItemRange(section: section, items: items) }
private func ip(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

private func selection(_ ranges: [ItemRange]) -> Selection { Selection(ranges) }

private func itemMapping(_ counts: [Int], _ update: ItemUpdate) throws -> ItemMapping {
    try ItemMapping(oldItemCounts: counts, update: update)
}

@Suite struct ItemUpdateExampleTests {
    @Test func deletingFromTheMiddleOfASelectAllOfTenMillionStaysOneRange() throws {
        let all = selection([r(0...9_999_999)])
        let mapping = try itemMapping([10_000_000], .delete(r(4_500_000...5_499_999)))
        #expect(mapping.newItemCounts == [9_000_000])
        #expect(mapping.segmentCount == 2)
        let mapped = mapping.map(all)
        #expect(mapped.ranges == [r(0...8_999_999)])
        #expect(mapped.count == 9_000_000)
        #expect(mapped.isValid)
    }

    @Test func aFragmentedSelectAllStaysAHandfulOfRanges() throws {
        // Ten million items, all selected but three holes; one million deleted in two runs.
        let selected = selection([r(0...99), r(200...4_999_999), r(5_000_010...8_999_999), r(9_000_001...9_999_999)])
        let update = ItemUpdate.delete(r(1_000_000...1_499_999), r(6_000_000...6_499_999))
        let mapped = try itemMapping([10_000_000], update).map(selected)
        #expect(mapped.ranges == [r(0...99), r(200...4_499_999), r(4_500_010...7_999_999), r(8_000_001...8_999_999)])
        #expect(mapped.count == selected.count - 1_000_000)
    }

    @Test func anInsertInsideASelectedRangeSplitsIt() throws {
        let mapping = try itemMapping([100], .insert(r(50...52)))
        #expect(mapping.newItemCounts == [103])
        #expect(mapping.map(selection([r(0...99)])).ranges == [r(0...49), r(53...102)])
        #expect(mapping.map(ip(49)) == ip(49))
        #expect(mapping.map(ip(50)) == ip(53))
    }

    @Test func aDeleteThatMakesTwoRangesAdjacentJoinsThem() throws {
        let mapping = try itemMapping([40], .delete(r(10...19)))
        #expect(mapping.map(selection([r(0...9), r(20...29), r(35...35)])).ranges == [r(0...19), r(25...25)])
    }

    @Test func aMoveCarriesTheSelection() throws {
        let mapping = try itemMapping([10], .move(from: ip(3), to: ip(7)))
        #expect(mapping.map(selection([r(3...3)])).ranges == [r(7...7)])
        #expect(mapping.map(ip(3)) == ip(7))
        // Items 4...7 shift up to fill the gap; 8 and 9 stay.
        #expect(mapping.map(ip(4)) == ip(3) && mapping.map(ip(7)) == ip(6) && mapping.map(ip(8)) == ip(8))
        // An unselected item moved out of a selected run joins its two halves,
        // and a selected item moved into an unselected run stands alone.
        let swap = try itemMapping([10], ItemUpdate(moved: [ItemMove(from: ip(5), to: ip(0)), ItemMove(from: ip(9), to: ip(3))]))
        #expect(swap.map(selection([r(0...4), r(6...9)])).ranges == [r(1...9)])
    }

    @Test func aReloadKeepsTheSelection() throws {
        let mapping = try itemMapping([10], .reload(r(2...6)))
        #expect(mapping.newItemCounts == [10])
        #expect(mapping.map(selection([r(1...3), r(6...6)])).ranges == [r(1...3), r(6...6)])
        #expect((0..<10).allSatisfy { mapping.map(ip($0)) == ip($0) })
    }

    @Test func aMoveAcrossSectionsCarriesTheSelectionAndTheCounts() throws {
        let mapping = try itemMapping([5, 5], .move(from: ip(2, 0), to: ip(0, 1)))
        #expect(mapping.newItemCounts == [4, 6])
        let mapped = mapping.map(selection([r(2...3, section: 0), r(0...0, section: 1)]))
        #expect(mapped.ranges == [r(2...2, section: 0), r(0...1, section: 1)])
        #expect(mapping.map(ip(0, 1)) == ip(1, 1))
    }

    @Test func gtkItemsChangedIsADeleteAndAnInsertAtOnePlace() throws {
        // A re-sort that makes new objects in GTK: items-changed(0, 10, 10) drops the selection;
        // a batch that says what moved keeps it.
        let resort = try itemMapping([10], .replace(at: 0, removed: 10, added: 10))
        #expect(resort.map(selection([r(2...4)])).isEmpty)
        let moves = (0..<10).map { ItemMove(from: ip($0), to: ip(9 - $0)) }
        #expect(try itemMapping([10], .move(moves)).map(selection([r(2...4)])).ranges == [r(5...7)])
    }

    @Test func mapNearestKeepsTheViewportNearWhereItWas() throws {
        let mapping = try itemMapping([20, 5], ItemUpdate(deleted: [r(5...9), r(15...19), r(0...4, section: 1)]))
        #expect(mapping.map(ip(7)) == nil)
        #expect(mapping.mapNearest(ip(7)) == ip(5), "the next survivor, old 10")
        #expect(mapping.mapNearest(ip(17)) == ip(9), "no survivor after: the last one before, old 14")
        #expect(mapping.mapNearest(ip(2, 1)) == nil, "the section lost every item")
        #expect(mapping.mapNearest(ip(12)) == ip(7))
        #expect(mapping.mapNearest(ip(20)) == nil && mapping.map(ip(-1)) == nil, "not an item before the batch")
    }

    @Test func invalidBatchesAreRefusedWithTheItemAtFault() {
        func error(_ counts: [Int], _ update: ItemUpdate, reported: [Int]? = nil) -> ItemUpdateError? {
            do {
                _ = try ItemMapping(oldItemCounts: counts, update: update, newItemCounts: reported)
                return nil
            } catch {
                return error
            }
        }
        #expect(error([10], .delete(r(8...10))) == .itemOutOfRange(ip(10), count: 10))
        #expect(error([10], .delete(r(-1...2))) == .itemOutOfRange(ip(-1), count: 10))
        #expect(error([10], .delete(r(0...0, section: 1))) == .noSuchSection(ip(0, 1), sectionCount: 1))
        #expect(error([10], .delete(r(0...4), r(4...6))) == .itemRemovedTwice(ip(4)))
        #expect(error([10], ItemUpdate(deleted: [r(0...4)], moved: [ItemMove(from: ip(2), to: ip(0))])) == .itemRemovedTwice(ip(2)))
        #expect(error([10], .insert(r(10...11))) == nil, "appending two: the new count is 12")
        #expect(error([10], .insert(r(11...11))) == .newItemOutOfRange(ip(11), newCount: 11))
        #expect(error([10], .insert(r(-1...0))) == .newItemOutOfRange(ip(-1), newCount: 12))
        #expect(error([10], .insert(r(0...0, section: 3))) == .noSuchSection(ip(0, 3), sectionCount: 1))
        #expect(error([10], .insert(r(0...3), r(3...3))) == .newItemFilledTwice(ip(3)))
        #expect(error([10], .insert(r(0...Int.max))) != nil)
        #expect(error([10], .move(from: ip(0), to: ip(10))) == .newItemOutOfRange(ip(10), newCount: 10))
        #expect(error([10], ItemUpdate(inserted: [r(2...2)], moved: [ItemMove(from: ip(0), to: ip(2))])) == .newItemFilledTwice(ip(2)))
        #expect(error([10], ItemUpdate(deleted: [r(3...5)], reloaded: [r(0...3)])) == .reloadOfRemovedItem(ip(3)))
        #expect(error([10], ItemUpdate(moved: [ItemMove(from: ip(7), to: ip(0))], reloaded: [r(6...9)])) == .reloadOfRemovedItem(ip(7)))
        #expect(error([10], .delete(r(0...1)), reported: [9]) == .countMismatch(section: 0, expected: 8, reported: 9))
        #expect(error([10], .none, reported: [10, 0]) == .sectionCountMismatch(expected: 1, reported: 2))
        #expect(error([-1], .none) == .negativeItemCount(section: 0, count: -1))
        #expect(error([10], .delete(r(0...1)), reported: [8]) == nil)
        #expect(ItemUpdateError.countMismatch(section: 0, expected: 8, reported: 9).description.contains("must be equal"))
    }

    @Test func theModelMapsAGestureInProgressAndTheAnchor() throws {
        var model = SelectionModel()
        model.withCommitted { $0.insert(r(0...9)) }
        model.anchor = ip(8)
        _ = model.setProvisional(ProvisionalSelection(.deselect, [r(4...6)]))
        let deleted = model.apply(try itemMapping([20], .delete(r(2...5))))
        #expect(deleted == 2, "2 and 3 were effectively selected; 4 and 5 deselected by the sweep")
        #expect(model.provisionalKind == .deselect)
        #expect(model.provisionalRanges == [r(2...2)])
        #expect(model.committed.ranges == [r(0...5)])
        #expect(model.effectiveRanges == [r(0...1), r(3...5)])
        #expect(model.anchor == ip(4))
        model.apply(try itemMapping([16], .delete(r(4...4))))
        #expect(model.anchor == nil, "a deleted anchor is gone")
        let cancel = model.cancelProvisional()
        #expect(cancel.added == [r(2...2)])
    }

    @Test func theControllerUpdatesCountsSelectionAndActivatedItem() throws {
        let controller = SelectionController(itemCounts: [10, 10])
        controller.select(ip(4, 1), source: .tap)
        #expect(controller.activatedItem == ip(4, 1))
        let result = try controller.apply(ItemUpdate(inserted: [r(0...1, section: 1)]))
        #expect(controller.itemCounts == [10, 12])
        #expect(controller.activatedItem == ip(6, 1) && controller.isSelected(ip(6, 1)) && controller.anchor == ip(6, 1))
        #expect(result.deselectedCount == 0)
        #expect(result.mapping.mapNearest(ip(9, 1)) == ip(11, 1))
        #expect(throws: ItemUpdateError.itemOutOfRange(ip(12, 1), count: 12)) {
            try controller.apply(.delete(r(12...12, section: 1)))
        }
        #expect(controller.itemCounts == [10, 12], "a refused batch changes nothing")
        let delete = try controller.apply(.delete(r(5...6, section: 1)))
        #expect(delete.deselectedCount == 1)
        #expect(controller.activatedItem == nil && controller.selectedCount == 0 && controller.anchor == nil)
        #expect(controller.itemCounts == [10, 10])
    }

    @Test func aSelectAllFollowsABatchAtTenMillionInOneRangePerSection() throws {
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        let controller = SelectionController(itemCounts: [10_000_000, 10_000_000], configuration: configuration)
        controller.setEditing(true)
        controller.selectAll()
        let update = ItemUpdate(deleted: [r(0...999_999)], inserted: [r(0...9, section: 1)],
                                moved: [ItemMove(from: ip(5_000_000), to: ip(10, 1))], reloaded: [r(2_000_000...2_000_010)])
        let result = try controller.apply(update, newItemCounts: [8_999_999, 10_000_011])
        #expect(result.deselectedCount == 1_000_000)
        #expect(controller.model.committed.ranges == [r(0...8_999_998), r(10...10_000_010, section: 1)])
        #expect(controller.selectedCount == 20_000_000 - 1_000_000)
    }
}

// MARK: - Property tests against a brute-force model

/// A random batch with UIKit's semantics and what it does, item by item.
private struct RandomBatch {
    var oldCounts: [Int]
    var update: ItemUpdate
    var newCounts: [Int]
    /// Per section, what each new index holds: the old item it was (its
    /// identity), or nil for an inserted item.
    var newItems: [[ItemPath?]]
    /// Old items that were deleted or moved away (not survivors in place).
    var removed: Set<ItemPath>

    /// Where each old item is after the batch.
    var destination: [ItemPath: ItemPath] {
        var result: [ItemPath: ItemPath] = [:]
        for (section, items) in newItems.enumerated() {
            for (index, identity) in items.enumerated() {
                if let identity { result[identity] = ItemPath(section: section, item: index) }
            }
        }
        return result
    }
}

/// Groups sorted indices into runs, splits some runs at random, shuffles them.
private func randomRuns(_ indices: [Int], section: Int, _ random: inout SplitMix64) -> [ItemRange] {
    var runs: [ItemRange] = []
    for index in indices.sorted() {
        if let last = runs.last, last.items.upperBound + 1 == index, random.below(4) != 0 {
            runs[runs.count - 1] = ItemRange(section: section, items: last.items.lowerBound...index)
        } else {
            runs.append(ItemRange(section: section, items: index...index))
        }
    }
    runs.shuffle(using: &random)
    return runs
}

/// Builds a random batch, then applies it the slow obvious way: survivors
/// keep their order and fill the new indices that inserts and moves leave free.
private func randomBatch(_ random: inout SplitMix64) -> RandomBatch {
    let sections = 1 + random.below(3)
    let oldCounts = (0..<sections).map { _ in random.below(4) == 0 ? random.below(3) : random.below(40) }
    var deleted: [[Int]] = Array(repeating: [], count: sections)
    var reloaded: [[Int]] = Array(repeating: [], count: sections)
    var origins: [ItemPath] = []
    let deleteRate = random.below(4), moveRate = random.below(3)
    for section in 0..<sections {
        for item in 0..<oldCounts[section] {
            let roll = random.below(12)
            if roll < deleteRate {
                deleted[section].append(item)
            } else if roll < deleteRate + moveRate {
                origins.append(ItemPath(section: section, item: item))
            } else if roll == 11 {
                reloaded[section].append(item)
            }
        }
    }
    // Sometimes delete a long run (a range, not single items).
    if random.below(3) == 0 {
        let section = random.below(sections)
        if oldCounts[section] > 0 {
            let start = random.below(oldCounts[section]), end = min(oldCounts[section] - 1, start + random.below(15))
            let busy = Set(origins.filter { $0.section == section }.map(\.item)).union(reloaded[section])
            deleted[section] = Array(Set(deleted[section]).union((start...end).filter { !busy.contains($0) }))
        }
    }
    origins.shuffle(using: &random)
    let moveSections = origins.map { _ in random.below(sections) }
    let insertCounts = (0..<sections).map { _ in random.below(3) == 0 ? 0 : random.below(8) }
    var newCounts: [Int] = []
    var newItems: [[ItemPath?]] = []
    var inserted: [ItemRange] = []
    var moves: [ItemMove] = []
    for section in 0..<sections {
        let movedOut = origins.filter { $0.section == section }.count
        let movedIn = moveSections.filter { $0 == section }.count
        let newCount = oldCounts[section] - deleted[section].count - movedOut + insertCounts[section] + movedIn
        newCounts.append(newCount)
        var slots = Array(0..<newCount)
        slots.shuffle(using: &random)
        let taken = slots.prefix(insertCounts[section] + movedIn)
        var items = [ItemPath?](repeating: nil, count: newCount)
        var isTaken = [Bool](repeating: false, count: newCount)
        for index in taken { isTaken[index] = true }
        // The first taken slots (in shuffled order) receive moved items, the rest are inserts.
        var slot = taken.startIndex
        for (origin, destination) in zip(origins, moveSections) where destination == section {
            let index = taken[slot]
            slot += 1
            items[index] = origin
            moves.append(ItemMove(from: origin, to: ItemPath(section: section, item: index)))
        }
        inserted += randomRuns(Array(taken[slot...]), section: section, &random)
        // Survivors fill the free slots in order.
        let removed = Set(deleted[section]).union(origins.filter { $0.section == section }.map(\.item))
        var survivors = (0..<oldCounts[section]).filter { !removed.contains($0) }.makeIterator()
        for index in 0..<newCount where !isTaken[index] {
            items[index] = ItemPath(section: section, item: survivors.next()!)
        }
        precondition(survivors.next() == nil)
        newItems.append(items)
    }
    moves.shuffle(using: &random)
    let update = ItemUpdate(
        deleted: (0..<sections).flatMap { randomRuns(deleted[$0], section: $0, &random) },
        inserted: inserted.shuffled(using: &random),
        moved: moves,
        reloaded: (0..<sections).flatMap { randomRuns(reloaded[$0], section: $0, &random) })
    let removed = Set((0..<sections).flatMap { section in deleted[section].map { ItemPath(section: section, item: $0) } })
        .union(origins)
    return RandomBatch(oldCounts: oldCounts, update: update, newCounts: newCounts, newItems: newItems, removed: removed)
}

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

private func items(of ranges: [ItemRange]) -> Set<ItemPath> {
    Set(ranges.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
}

@Suite struct ItemUpdatePropertyTests {
    @Test(arguments: 0..<400) func mappingMatchesABruteForceModel(seed: Int) throws {
        var random = SplitMix64(seed: seed)
        let batch = randomBatch(&random)
        let mapping = try ItemMapping(oldItemCounts: batch.oldCounts, update: batch.update, newItemCounts: batch.newCounts)
        #expect(mapping.newItemCounts == batch.newCounts)
        let destination = batch.destination

        // Every old item goes where the brute force puts it.
        for (section, count) in batch.oldCounts.enumerated() {
            for item in 0..<count {
                let path = ItemPath(section: section, item: item)
                #expect(mapping.map(path) == destination[path], "map \(path) seed \(seed)")
                // mapNearest: the next survivor in place after a deleted item, else the one before.
                var nearest = destination[path]
                if batch.update.deleted.contains(where: { $0.section == section && $0.items.contains(item) }) {
                    let after = ((item + 1)..<count).first { !batch.removed.contains(ItemPath(section: section, item: $0)) }
                    let before = (0..<item).last { !batch.removed.contains(ItemPath(section: section, item: $0)) }
                    nearest = (after ?? before).flatMap { destination[ItemPath(section: section, item: $0)] }
                }
                #expect(mapping.mapNearest(path) == nearest, "mapNearest \(path) seed \(seed)")
            }
            #expect(mapping.map(ItemPath(section: section, item: count)) == nil)
        }

        // Segments: at most one more than the runs that leave or are taken, per section.
        let runs = batch.update.deleted.count + batch.update.inserted.count + 2 * batch.update.moved.count
        #expect(mapping.segmentCount <= runs + batch.oldCounts.count)
        for section in batch.oldCounts.indices {
            let segments = mapping.segments(inSection: section)
            #expect(zip(segments, segments.dropFirst()).allSatisfy { $0.oldItems.upperBound < $1.oldStart || $0.newItems.upperBound < $1.newStart })
        }

        // Exactly the items whose identity was selected are selected afterwards.
        let selected = randomRanges(counts: batch.oldCounts, &random)
        let mapped = mapping.map(Selection(selected))
        let selectedItems = items(of: selected)
        var expected = Set<ItemPath>()
        for (section, items) in batch.newItems.enumerated() {
            for (index, identity) in items.enumerated() where identity.map(selectedItems.contains) == true {
                expected.insert(ItemPath(section: section, item: index))
            }
        }
        #expect(Set(mapped.indexPaths) == expected, "seed \(seed)")
        #expect(mapped.count == expected.count)
        #expect(mapped.isValid)
        #expect(mapped.ranges.allSatisfy { $0.items.lowerBound >= 0 && $0.items.upperBound < batch.newCounts[$0.section] })
    }

    @Test(arguments: 0..<300) func theModelAndGesturesFollowTheirItems(seed: Int) throws {
        var random = SplitMix64(seed: 10_000 + seed)
        let batch = randomBatch(&random)
        let mapping = try ItemMapping(oldItemCounts: batch.oldCounts, update: batch.update)
        let committed = randomRanges(counts: batch.oldCounts, &random)
        let covered = randomRanges(counts: batch.oldCounts, &random)
        let kinds: [ProvisionalKind?] = [nil, .select, .deselect, .replace, .extend, .toggle]
        let kind = kinds[random.below(kinds.count)]
        var model = SelectionModel()
        model.withCommitted { selection in for range in committed { selection.insert(range) } }
        if let kind { _ = model.setProvisional(ProvisionalSelection(kind, covered)) }
        let total = batch.oldCounts.reduce(0, +)
        if total > 0 && random.below(4) != 0 {
            var index = random.below(total), section = 0
            while index >= batch.oldCounts[section] { index -= batch.oldCounts[section]; section += 1 }
            model.anchor = ItemPath(section: section, item: index)
        }
        let oldAnchor = model.anchor
        let committedItems = items(of: committed), coveredItems = items(of: covered)
        func effective(_ identity: ItemPath) -> Bool {
            guard let kind else { return committedItems.contains(identity) }
            return kind.effective(committed: committedItems.contains(identity), covered: coveredItems.contains(identity))
        }
        let before = model.count

        let deleted = model.apply(mapping)

        #expect(model.provisionalKind == kind)
        #expect(model.anchor == oldAnchor.flatMap { batch.destination[$0] }, "the anchor follows, seed \(seed)")
        var after = 0
        for (section, items) in batch.newItems.enumerated() {
            for (index, identity) in items.enumerated() {
                let expected = identity.map(effective) ?? false
                after += expected ? 1 : 0
                #expect(model.isSelected(ItemPath(section: section, item: index)) == expected, "seed \(seed)")
            }
        }
        #expect(model.count == after)
        #expect(deleted == before - after)
        #expect(model.committed.isValid)
        #expect(Set(model.committed.indexPaths) == Set(batch.newItems.enumerated().flatMap { section, items in
            items.enumerated().compactMap { index, identity in
                identity.map(committedItems.contains) == true ? ItemPath(section: section, item: index) : nil
            }
        }))
        // Committing after the batch keeps exactly the effective selection.
        model.commitProvisional()
        #expect(model.committed.count == after && model.committed.isValid)
    }

    @Test(arguments: 0..<100) func batchesInARowComposeLikeTheBruteForce(seed: Int) throws {
        // Several batches in a row on one controller, checked against
        // identities carried through every batch.
        var random = SplitMix64(seed: 20_000 + seed)
        var batch = randomBatch(&random)
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        let controller = SelectionController(itemCounts: batch.oldCounts, configuration: configuration)
        controller.setEditing(true)
        controller.selectRanges(randomRanges(counts: batch.oldCounts, &random), additive: true, source: .api)
        // Identity of the item at each current index; inserted items get fresh identities.
        var fresh = 1_000_000
        var identities: [[Int]] = batch.oldCounts.enumerated().map { section, count in (0..<count).map { section * 1000 + $0 } }
        var selected = Set(controller.selectedIndexPaths.map { identities[$0.section][$0.item] })
        for _ in 0..<5 {
            try controller.apply(batch.update, newItemCounts: batch.newCounts)
            identities = batch.newItems.map { items in
                items.map { identity in
                    if let identity { return identities[identity.section][identity.item] }
                    fresh += 1
                    return fresh
                }
            }
            let now = Set(controller.selectedIndexPaths.map { identities[$0.section][$0.item] })
            let alive = Set(identities.joined())
            #expect(now == selected.intersection(alive), "seed \(seed)")
            #expect(controller.itemCounts == batch.newCounts)
            selected = now
            // The next batch starts from the current counts: build one of the same
            // section count, or stop.
            var next = randomBatch(&random)
            var tries = 0
            while next.oldCounts.count != batch.newCounts.count && tries < 20 { next = randomBatch(&random); tries += 1 }
            guard next.oldCounts.count == batch.newCounts.count else { break }
            // Resize by a plain batch first: delete or insert at the end of each section.
            var resize = ItemUpdate()
            var resizedItems: [[ItemPath?]] = []
            for (section, count) in batch.newCounts.enumerated() {
                let target = next.oldCounts[section]
                if count > target { resize.deleted.append(ItemRange(section: section, items: target...(count - 1))) }
                if count < target { resize.inserted.append(ItemRange(section: section, items: count...(target - 1))) }
                resizedItems.append((0..<target).map { $0 < count ? ItemPath(section: section, item: $0) : nil })
            }
            if !resize.isEmpty {
                try controller.apply(resize)
                identities = resizedItems.map { items in
                    items.map { identity in
                        if let identity { return identities[identity.section][identity.item] }
                        fresh += 1
                        return fresh
                    }
                }
                selected = selected.intersection(Set(identities.joined()))
                #expect(Set(controller.selectedIndexPaths.map { identities[$0.section][$0.item] }) == selected)
            }
            batch = next
        }
        #expect(controller.model.committed.isValid)
    }
}
