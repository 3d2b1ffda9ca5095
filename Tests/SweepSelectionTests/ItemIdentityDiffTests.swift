import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

private func r(_ items: ClosedRange<Int>, section: Int = 0) -> ItemRange { ItemRange(section: section, items: items) }
private func ip(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

/// The error `body` throws, or nil.
private func identifierError(_ body: () throws(ItemIdentifierError) -> ItemUpdate) -> ItemIdentifierError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// The selection after `update`, over sections of `oldCounts` items before it and `newCounts` after.
private func mapped(_ selected: [ItemRange], _ update: ItemUpdate, _ oldCounts: [Int], _ newCounts: [Int]) throws -> [ItemRange] {
    try ItemMapping(oldItemCounts: oldCounts, update: update, newItemCounts: newCounts).map(Selection(selected)).ranges
}

/// The length of a longest strictly increasing subsequence, the slow obvious way (O(n²)).
private func bruteLISLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return best.max() ?? 0
}

@Suite struct ItemIdentityDiffExampleTests {
    @Test func aReverseMovesAllButOneAndKeepsTheSelection() throws {
        let old = Array(0..<10), new = Array(old.reversed())
        let update = try ItemUpdate(from: old, to: new)
        #expect(update.deleted.isEmpty && update.inserted.isEmpty && update.reloaded.isEmpty)
        #expect(update.moved.count == 9, "one item stays; it is the reference the others move around")
        #expect(update.moved.map(\.to) == update.moved.map(\.to).sorted(), "moves come in destination order")
        let mapping = try ItemMapping(oldItemCounts: [10], update: update, newItemCounts: [10])
        #expect((0..<10).allSatisfy { mapping.map(ip($0)) == ip(9 - $0) })
        #expect(try mapped([r(2...4)], update, [10], [10]) == [r(5...7)])
    }

    @Test func aSortThatMakesNewObjectsKeepsTheSelectionOnTheSameItems() throws {
        // A file list re-sorted by name; the app's objects are new, their keys (paths) are not.
        let shown = ["notes.txt", "b.png", "zeta", "a.md", "c", "Makefile"]
        let sorted = shown.sorted()
        let update = try ItemUpdate(from: shown, to: sorted)
        #expect(update.deleted.isEmpty && update.inserted.isEmpty)
        // "b.png", "c", "notes.txt"... the longest run already in order stays; the rest move.
        let stays = bruteLISLength(sorted.map { shown.firstIndex(of: $0)! })
        #expect(update.moved.count == shown.count - stays)
        // "b.png" (1) and "a.md" (3) selected: afterwards wherever the sort put them.
        let after = try mapped([r(1...1), r(3...3)], update, [6], [6])
        #expect(Set(after.flatMap { $0.items }) == [sorted.firstIndex(of: "b.png")!, sorted.firstIndex(of: "a.md")!])
    }

    @Test func aRefreshWithSomeItemsGoneAndSomeNewKeepsTheSurvivorsSelected() throws {
        let old = [10, 11, 12, 13, 14, 15, 16, 17]
        let new = [9, 11, 12, 20, 21, 17, 15, 16, 22]
        let update = try ItemUpdate(section: 1, from: old, to: new)
        #expect(update.deleted == [r(0...0, section: 1), r(3...4, section: 1)], "10; 13 and 14 coalesced")
        #expect(update.inserted == [r(0...0, section: 1), r(3...4, section: 1), r(8...8, section: 1)])
        #expect(update.moved == [ItemMove(from: ip(7, 1), to: ip(5, 1))], "17 moves; 11, 12, 15, 16 stay in order")
        // Everything selected but 12: the survivors stay selected, the new items are not.
        let after = try mapped([r(0...1, section: 1), r(3...7, section: 1)], update, [0, 8], [0, 9])
        #expect(after == [r(1...1, section: 1), r(5...7, section: 1)], "11, 17, 15, 16")
    }

    @Test func aLongRunOfDeletionsIsOneRange() throws {
        let old = Array(0..<1000)
        let new = Array(0..<100) + Array(900..<1000) + [5000, 5001, 5002]
        let update = try ItemUpdate(from: old, to: new)
        #expect(update == ItemUpdate(deleted: [r(100...899)], inserted: [r(200...202)]))
        #expect(try ItemUpdate(from: old, to: [Int]()) == .delete(r(0...999)))
        #expect(try ItemUpdate(from: [Int](), to: old) == .insert(r(0...999)))
        #expect(try ItemUpdate(from: old, to: old.map { $0 + 1000 }) == ItemUpdate(deleted: [r(0...999)], inserted: [r(0...999)]))
    }

    @Test func unchangedIdentifiersGiveAnEmptyBatch() throws {
        #expect(try ItemUpdate(from: Array(0..<100), to: Array(0..<100)).isEmpty)
        #expect(try ItemUpdate(from: [String](), to: [String]()).isEmpty)
        // Any collection of identifiers: a reversed view, a range, a string's characters.
        #expect(try ItemUpdate(from: (0..<5).reversed(), to: 0..<5).moved.count == 4)
        #expect(try ItemUpdate(from: "abcd", to: "abdc").moved.count == 1)
    }

    @Test func oneMovedItemIsOneMoveNotN() throws {
        let old = Array(0..<1000)
        var toBack = old
        toBack.append(toBack.removeFirst())
        #expect(try ItemUpdate(from: old, to: toBack) == .move(from: ip(0), to: ip(999)))
        var toFront = old
        toFront.insert(toFront.removeLast(), at: 0)
        #expect(try ItemUpdate(from: old, to: toFront) == .move(from: ip(999), to: ip(0)))
        var middle = old
        middle.insert(middle.remove(at: 300), at: 700)
        let update = try ItemUpdate(from: old, to: middle)
        #expect(update == .move(from: ip(300), to: ip(700)))
        #expect(try mapped([r(300...300)], update, [1000], [1000]) == [r(700...700)])
    }

    @Test func duplicateIdentifiersAreRefusedWithBothOffsets() {
        #expect(identifierError { () throws(ItemIdentifierError) in try ItemUpdate(from: [1, 2, 3, 2], to: [1]) }
                == .duplicateIdentifier("2", snapshot: .old, first: ip(1), duplicate: ip(3)))
        // A duplicate of an old identifier, and a duplicate of a new one.
        #expect(identifierError { () throws(ItemIdentifierError) in try ItemUpdate(section: 2, from: [1, 2], to: [2, 1, 2]) }
                == .duplicateIdentifier("2", snapshot: .new, first: ip(0, 2), duplicate: ip(2, 2)))
        #expect(identifierError { () throws(ItemIdentifierError) in try ItemUpdate(from: ["a"], to: ["x", "a", "x"]) }
                == .duplicateIdentifier("x", snapshot: .new, first: ip(0), duplicate: ip(2)))
        // Across sections: identifiers are unique among all of them.
        #expect(identifierError { () throws(ItemIdentifierError) in try ItemUpdate(fromSections: [[1, 2], [3, 1]], to: [[], []]) }
                == .duplicateIdentifier("1", snapshot: .old, first: ip(0, 0), duplicate: ip(1, 1)))
        #expect(identifierError { () throws(ItemIdentifierError) in try ItemUpdate(fromSections: [[1], [], [2]], to: [[5], [], [5]]) }
                == .duplicateIdentifier("5", snapshot: .new, first: ip(0, 0), duplicate: ip(0, 2)))
        #expect(identifierError { () throws(ItemIdentifierError) in try ItemUpdate(fromSections: [[1]], to: [[1], []]) }
                == .sectionCountMismatch(old: 1, new: 2))
        let message = ItemIdentifierError.duplicateIdentifier("42", snapshot: .new, first: ip(0), duplicate: ip(5)).description
        #expect(message.contains("42") && message.contains("[0, 5]") && message.contains("new snapshot") && message.contains("unique"))
    }

    @Test func anItemThatChangesSectionIsAMoveAcrossSections() throws {
        let old = [["a", "b", "c"], ["d", "e"], []]
        let new = [["a", "c"], ["e", "d", "b"], ["x"]]
        let update = try ItemUpdate(fromSections: old, to: new)
        #expect(update.deleted.isEmpty)
        #expect(update.inserted == [r(0...0, section: 2)])
        // "b" goes to section 1; in section 1 "e" and "d" swap: one of them moves.
        #expect(update.moved.contains(ItemMove(from: ip(1, 0), to: ip(2, 1))))
        #expect(update.moved.count == 2)
        let mapping = try ItemMapping(oldItemCounts: [3, 2, 0], update: update, newItemCounts: [2, 3, 1])
        #expect(mapping.map(ip(1, 0)) == ip(2, 1) && mapping.map(ip(0, 1)) == ip(1, 1) && mapping.map(ip(1, 1)) == ip(0, 1))
        #expect(mapping.map(Selection([r(1...2, section: 0), r(0...0, section: 1)])).ranges
                == [r(1...1, section: 0), r(1...2, section: 1)])
    }

    @Test func theLongestIncreasingSubsequenceIsMarked() {
        #expect(ItemIdentifierDiff.longestIncreasingSubsequence([]) == [])
        #expect(ItemIdentifierDiff.longestIncreasingSubsequence([3, 1, 2, 5, 4]) == [false, true, true, true, false]
                || ItemIdentifierDiff.longestIncreasingSubsequence([3, 1, 2, 5, 4]) == [false, true, true, false, true])
        #expect(ItemIdentifierDiff.longestIncreasingSubsequence([5, 4, 3]).filter { $0 }.count == 1)
        #expect(ItemIdentifierDiff.longestIncreasingSubsequence(Array(0..<100)).allSatisfy { $0 })
    }
}

// MARK: - Property tests

/// `count` unique identifiers drawn from 0..<4·count, so old and new overlap partly.
private func uniqueIdentifiers(_ count: Int, _ random: inout SplitMix64) -> [Int] {
    var pool = Set<Int>()
    while pool.count < count { pool.insert(random.below(4 * max(count, 1))) }
    return Array(pool).shuffled(using: &random)
}

/// `old` after random deletes, inserts of fresh identifiers and one kind of reorder.
private func randomChange(of old: [Int], fresh: inout Int, _ random: inout SplitMix64) -> [Int] {
    // From none to four in ten deleted; a few in a hundred leaves isolated holes in long runs.
    let deletePerMille = [0, 10, 50, 200, 400][random.below(5)]
    var new = old.filter { _ in random.below(1000) >= deletePerMille }
    switch random.below(5) {
    case 0: break
    case 1: new.shuffle(using: &random)
    case 2: new.reverse()
    case 3: new.sort()
    default:
        // A few items moved one by one.
        for _ in 0..<random.below(4) where !new.isEmpty {
            let item = new.remove(at: random.below(new.count))
            new.insert(item, at: random.below(new.count + 1))
        }
    }
    for _ in 0..<random.below(8) {
        fresh += 1
        new.insert(fresh, at: random.below(new.count + 1))
    }
    return new
}

/// Checks `update` against the identifiers it came from: the mapping of
/// every item and of a random selection, the coalesced ranges, and the
/// fewest moves (a longest increasing subsequence of each section's stayers stays).
private func checkDiff(old: [[Int]], new: [[Int]], update: ItemUpdate, seed: Int, _ random: inout SplitMix64) throws {
    var newPath: [Int: ItemPath] = [:]
    for (section, ids) in new.enumerated() {
        for (item, id) in ids.enumerated() { newPath[id] = ItemPath(section: section, item: item) }
    }
    let mapping = try ItemMapping(oldItemCounts: old.map(\.count), update: update, newItemCounts: new.map(\.count))
    var selected: [ItemRange] = []
    var expected = Set<ItemPath>()
    for (section, ids) in old.enumerated() {
        for (item, id) in ids.enumerated() {
            #expect(mapping.map(ItemPath(section: section, item: item)) == newPath[id], "seed \(seed)")
            if random.below(3) == 0 {
                selected.append(ItemRange(section: section, items: item...item))
                if let path = newPath[id] { expected.insert(path) }
            }
        }
    }
    let after = mapping.map(Selection(selected))
    #expect(Set(after.indexPaths) == expected, "exactly the surviving selected identifiers, seed \(seed)")
    #expect(after.isValid)

    // Ranges are coalesced: none touches the next in its section.
    for ranges in [update.deleted, update.inserted] {
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.section < $1.section || $0.items.upperBound + 1 < $1.items.lowerBound })
    }
    // The fewest moves: every item that changes section, plus, per section,
    // the stayers outside a longest increasing subsequence.
    let oldPath = Dictionary(uniqueKeysWithValues: old.enumerated().flatMap { section, ids in
        ids.enumerated().map { ($1, ItemPath(section: section, item: $0)) }
    })
    var fewest = 0
    for (section, ids) in new.enumerated() {
        let survivors = ids.compactMap { oldPath[$0] }
        let stayers = survivors.filter { $0.section == section }.map(\.item)
        fewest += survivors.count - bruteLISLength(stayers)
    }
    #expect(update.moved.count == fewest, "seed \(seed)")
    #expect(update.reloaded.isEmpty)
}

@Suite struct ItemIdentityDiffPropertyTests {
    @Test(arguments: 0..<300) func aDiffKeepsTheSelectionOnTheSameIdentifiers(seed: Int) throws {
        var random = SplitMix64(seed: 30_000 + seed)
        let old = uniqueIdentifiers([random.below(4), random.below(60), random.below(400)][random.below(3)], &random)
        var fresh = 1_000_000
        let new = randomChange(of: old, fresh: &fresh, &random)
        let update = try ItemUpdate(from: old, to: new)
        try checkDiff(old: [old], new: [new], update: update, seed: seed, &random)
        // The same in another section.
        let section = random.below(3)
        var elsewhere = update
        elsewhere.deleted = update.deleted.map { ItemRange(section: section, items: $0.items) }
        elsewhere.inserted = update.inserted.map { ItemRange(section: section, items: $0.items) }
        elsewhere.moved = update.moved.map {
            ItemMove(from: ItemPath(section: section, item: $0.from.item), to: ItemPath(section: section, item: $0.to.item))
        }
        #expect(try ItemUpdate(section: section, from: old, to: new) == elsewhere)
    }

    @Test(arguments: 0..<200) func aDiffAcrossSectionsKeepsTheSelectionOnTheSameIdentifiers(seed: Int) throws {
        var random = SplitMix64(seed: 40_000 + seed)
        let sections = 1 + random.below(4)
        let all = uniqueIdentifiers(random.below(2) == 0 ? random.below(80) : random.below(400), &random)
        // Deal the identifiers into sections, change them all together, deal them again.
        func deal(_ ids: [Int]) -> [[Int]] {
            var result = [[Int]](repeating: [], count: sections)
            for id in ids { result[random.below(sections)].append(id) }
            return result
        }
        let old = deal(all)
        var fresh = 1_000_000
        let changed = randomChange(of: all, fresh: &fresh, &random)
        // Often keep most items in their old section, so that sections both keep and lose items.
        let oldSection = Dictionary(uniqueKeysWithValues: old.enumerated().flatMap { section, ids in ids.map { ($0, section) } })
        var new = [[Int]](repeating: [], count: sections)
        let stickiness = random.below(11)
        for id in changed {
            let section = oldSection[id].flatMap { random.below(10) < stickiness ? $0 : nil } ?? random.below(sections)
            new[section].append(id)
        }
        let update = try ItemUpdate(fromSections: old, to: new)
        try checkDiff(old: old, new: new, update: update, seed: seed, &random)
        #expect(update.moved.map(\.to) == update.moved.map(\.to).sorted(), "moves come in destination order")
    }

    @Test(arguments: 0..<100) func oneMovedItemIsAtMostOneMove(seed: Int) throws {
        var random = SplitMix64(seed: 50_000 + seed)
        let old = uniqueIdentifiers(1 + random.below(300), &random)
        var new = old
        let from = random.below(new.count), to = random.below(new.count)
        new.insert(new.remove(at: from), at: to)
        let update = try ItemUpdate(from: old, to: new)
        if from == to {
            #expect(update == .none)
        } else if abs(from - to) == 1 {
            // Two neighbours swapped: either may be the one that moves.
            #expect(update == .move(from: ip(from), to: ip(to)) || update == .move(from: ip(to), to: ip(from)), "seed \(seed)")
        } else {
            #expect(update == .move(from: ip(from), to: ip(to)), "seed \(seed)")
        }
    }
}
