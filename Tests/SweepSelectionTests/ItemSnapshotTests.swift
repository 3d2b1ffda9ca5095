import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

private typealias Snapshot = ItemSnapshot<String, Int>

private func ip(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

/// A snapshot of `sections` (identifier and items), in chunks of at most `capacity` items.
private func snapshot(_ sections: [(String, [Int])], capacity: Int = 512) -> Snapshot {
    var snapshot = Snapshot(chunkCapacity: capacity)
    for (section, items) in sections {
        snapshot.appendSections([section])
        snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// Every section's items, in order.
private func contents(_ snapshot: Snapshot) -> [[Int]] {
    snapshot.sectionIdentifiers.indices.map { snapshot.items(inSectionAt: $0) }
}

@Suite struct ItemSnapshotExampleTests {
    @Test func queriesAnswerFromTheIdentifiers() {
        let mail = snapshot([("inbox", [10, 11, 12]), ("empty", []), ("sent", [20, 21])])
        #expect(mail.sectionIdentifiers == ["inbox", "empty", "sent"])
        #expect(mail.numberOfSections == 3 && mail.numberOfItems == 5)
        #expect(mail.sectionCounts == [3, 0, 2])
        #expect(mail.numberOfItems(inSection: "sent") == 2 && mail.numberOfItems(inSection: "empty") == 0)
        #expect(mail.itemIdentifiers(inSection: "inbox") == [10, 11, 12])
        #expect(mail.itemIdentifiers == [10, 11, 12, 20, 21])
        #expect(mail.indexPath(for: 21) == ip(1, 2))
        #expect(mail.itemIdentifier(at: ip(2, 0)) == 12)
        #expect(mail.section(containing: 20) == "sent")
        #expect(mail.index(ofSection: "empty") == 1 && mail.sectionIdentifier(at: 2) == "sent")
        #expect(mail.contains(11) && !mail.contains(99))
        #expect(mail.storageIsConsistent)
    }

    @Test func unknownIdentifiersAndPathsAnswerNilOrZeroAndChangeNothing() {
        var mail = snapshot([("inbox", [1, 2])])
        #expect(mail.indexPath(for: 9) == nil && mail.section(containing: 9) == nil)
        #expect(mail.itemIdentifier(at: ip(2)) == nil && mail.itemIdentifier(at: ip(0, 1)) == nil)
        #expect(mail.itemIdentifier(at: ip(-1)) == nil && mail.sectionIdentifier(at: 5) == nil)
        #expect(mail.numberOfItems(inSection: "nope") == 0 && mail.index(ofSection: "nope") == nil)
        #expect(mail.itemIdentifiers(inSection: "nope") == [])
        let refused = [
            mail.appendItems([3], toSection: "nope"),
            mail.insertItems([3], beforeItem: 9), mail.insertItems([3], afterItem: 9),
            mail.moveItem(1, beforeItem: 9), mail.moveItem(9, afterItem: 1),
            mail.insertSections(["x"], beforeSection: "nope"), mail.insertSections(["x"], afterSection: "nope"),
            mail.moveSection("inbox", beforeSection: "nope"), mail.moveSection("nope", afterSection: "inbox"),
        ]
        #expect(refused == [Bool](repeating: false, count: 9))
        mail.deleteItems([9])
        mail.deleteSections(["nope"])
        mail.reconfigureItems([9])
        #expect(contents(mail) == [[1, 2]] && mail.sectionIdentifiers == ["inbox"])
        #expect(mail.reconfiguredItemIdentifiers.isEmpty)
        var empty = Snapshot()
        let appended = empty.appendItems([1])
        #expect(!appended, "no section to append to")
        #expect(empty.numberOfItems == 0 && empty.storageIsConsistent)
    }

    @Test func itemsGoToTheLastSectionBeforeAndAfterOthers() {
        var list = snapshot([("a", [1]), ("b", [2])])
        let done = [list.appendItems([3, 4]), list.insertItems([5], beforeItem: 1),
                    list.insertItems([6, 7], afterItem: 2), list.insertItems([8], afterItem: 4)]
        #expect(done == [true, true, true, true])
        #expect(contents(list) == [[5, 1], [2, 6, 7, 3, 4, 8]])
        #expect(list.indexPath(for: 8) == ip(5, 1) && list.storageIsConsistent)
    }

    @Test func deletesForgetTheItemsAndTheirMarks() {
        var list = snapshot([("a", [1, 2, 3]), ("b", [4, 5])])
        list.reconfigureItems([2, 5])
        list.deleteItems([2, 5, 99])
        #expect(contents(list) == [[1, 3], [4]])
        #expect(!list.contains(2) && list.indexPath(for: 3) == ip(1))
        #expect(list.reconfiguredItemIdentifiers.isEmpty, "a deleted item is not reconfigured")
        list.deleteSections(["a"])
        #expect(list.sectionIdentifiers == ["b"] && !list.contains(1) && list.indexPath(for: 4) == ip(0))
        list.deleteAllItems()
        #expect(list.numberOfSections == 0 && list.numberOfItems == 0 && !list.contains(4))
        #expect(list.storageIsConsistent)
    }

    @Test func itemsMoveWithinAndAcrossSections() {
        var list = snapshot([("a", [1, 2, 3]), ("b", [4, 5])])
        var done = list.moveItem(1, afterItem: 3)
        #expect(done && contents(list) == [[2, 3, 1], [4, 5]])
        done = list.moveItem(3, beforeItem: 5)
        #expect(done && contents(list) == [[2, 1], [4, 3, 5]])
        done = list.moveItem(2, afterItem: 5)
        #expect(done)
        done = list.moveItem(4, beforeItem: 4)
        #expect(done, "onto itself: nothing to do")
        #expect(contents(list) == [[1], [4, 3, 5, 2]])
        #expect(list.section(containing: 2) == "b" && list.indexPath(for: 2) == ip(3, 1))
        #expect(list.storageIsConsistent)
    }

    @Test func sectionsAreInsertedMovedAndDeletedWithTheirItems() {
        var list = snapshot([("a", [1]), ("b", [2]), ("c", [3])])
        var done = [list.insertSections(["x", "y"], beforeSection: "b"), list.insertSections(["z"], afterSection: "c")]
        #expect(done == [true, true] && list.sectionIdentifiers == ["a", "x", "y", "b", "c", "z"])
        done = [list.moveSection("a", afterSection: "c"), list.moveSection("z", beforeSection: "x")]
        #expect(done == [true, true] && list.sectionIdentifiers == ["z", "x", "y", "b", "c", "a"])
        #expect(list.indexPath(for: 1) == ip(0, 5) && list.indexPath(for: 3) == ip(0, 4))
        done = [list.appendItems([7], toSection: "y")]
        #expect(done == [true] && list.indexPath(for: 7) == ip(0, 2))
        list.deleteSections(["y", "c"])
        #expect(list.sectionIdentifiers == ["z", "x", "b", "a"] && list.sectionCounts == [0, 0, 1, 1])
        #expect(!list.contains(7) && !list.contains(3) && list.indexPath(for: 1) == ip(0, 3))
        #expect(list.storageIsConsistent)
    }

    @Test func reconfiguredItemsAreListedInIndexOrderUntilCleared() {
        var list = snapshot([("a", [1, 2, 3]), ("b", [4])])
        list.reconfigureItems([4, 1, 9])
        #expect(list.reconfiguredItemIdentifiers == [1, 4])
        let moved = list.moveItem(4, beforeItem: 1)
        #expect(moved && list.reconfiguredItemIdentifiers == [4, 1], "marks follow their items")
        list.clearReconfiguredItems()
        #expect(list.reconfiguredItemIdentifiers.isEmpty)
    }

    @Test func aRepeatedIdentifierIsRecordedNotTrappedAndDeletingItMendsTheSnapshot() {
        var list = snapshot([("a", [1, 2]), ("b", [3])])
        let appended = list.appendItems([2], toSection: "b")
        #expect(appended && list.containsDuplicateIdentifiers && list.numberOfItems == 4 && list.storageIsConsistent)
        #expect(list.indexPath(for: 2) != nil)
        list.deleteItems([2])
        #expect(contents(list) == [[1], [3]] && !list.containsDuplicateIdentifiers && !list.contains(2))
        list.appendSections(["a"])
        #expect(list.containsDuplicateIdentifiers && list.index(ofSection: "a") == 0)
        list.deleteSections(["a"])
        #expect(list.sectionIdentifiers == ["b"] && !list.containsDuplicateIdentifiers && list.storageIsConsistent)
    }

    @Test func copiesShareStorageUntilOneChanges() {
        let original = snapshot([("a", Array(0..<2000))], capacity: 64)
        var copy = original
        copy.insertItems([-1], beforeItem: 1000)
        copy.deleteItems([5])
        #expect(original.numberOfItems == 2000 && original.indexPath(for: 1000) == ip(1000))
        #expect(copy.numberOfItems == 2000 && copy.indexPath(for: 1000) == ip(1000) && copy.indexPath(for: -1) == ip(999))
        #expect(original.storageIsConsistent && copy.storageIsConsistent)
    }

    @Test func manyItemsSplitIntoChunksAndSmallChunksMergeAfterDeletes() {
        var list = snapshot([("a", Array(0..<100_000))])
        #expect(list.sections[0].chunks.count == 196, "100,000 items in chunks of at most 512, evenly filled")
        #expect(list.indexPath(for: 76_543) == ip(76_543) && list.itemIdentifier(at: ip(99_999)) == 99_999)
        // Seven items of every eight go: every chunk falls under a quarter full.
        list.deleteItems((0..<100_000).filter { $0 % 8 != 0 })
        #expect(list.numberOfItems == 12_500 && list.indexPath(for: 80_000) == ip(10_000))
        #expect(list.sections[0].chunks.count <= 30, "small neighbours merge, up to 512 items a chunk")
        #expect(list.storageIsConsistent)
    }
}

// MARK: - Property test

/// The snapshot as plain arrays: what every edit is checked against.
private struct Model {
    var sections: [String] = []
    var items: [[Int]] = []
    var marked = Set<Int>()

    var all: [Int] { items.flatMap { $0 } }
    func occurrences(of id: Int) -> Int { items.reduce(0) { $0 + $1.filter { $0 == id }.count } }
    func isUnique(_ id: Int) -> Bool { occurrences(of: id) == 1 }
    func place(of id: Int) -> ItemPath? {
        for (section, items) in items.enumerated() {
            if let item = items.firstIndex(of: id) { return ItemPath(section: section, item: item) }
        }
        return nil
    }
}

/// One random edit, made to the snapshot and to the model alike.
private func randomEdit(_ snapshot: inout Snapshot, _ model: inout Model, fresh: inout Int, _ random: inout SplitMix64) {
    func newIDs() -> [Int] {
        (0..<random.below(random.below(4) == 0 ? 40 : 4)).map { _ in
            // Now and then an identifier already there, to exercise repeats.
            if random.below(25) == 0, let any = model.all.randomElement(using: &random) { return any }
            fresh += 1
            return fresh
        }
    }
    func uniqueItem() -> Int? { model.all.filter(model.isUnique).randomElement(using: &random) }
    func anySection() -> String? { random.below(8) == 0 ? "missing" : model.sections.randomElement(using: &random) }
    switch random.below(12) {
    case 0:
        var names = (0..<(1 + random.below(2))).map { _ in "s\(random.below(30))" }
        if random.below(4) != 0 { names = names.filter { !model.sections.contains($0) } }
        snapshot.appendSections(names)
        model.sections += names
        model.items += names.map { _ in [] }
    case 1, 2:
        let ids = newIDs()
        if let section = anySection(), random.below(3) != 0 {
            let found = snapshot.appendItems(ids, toSection: section)
            #expect(found == model.sections.contains(section))
            if let place = model.sections.firstIndex(of: section) { model.items[place] += ids }
        } else {
            let appended = snapshot.appendItems(ids)
            #expect(appended == !model.sections.isEmpty)
            if !model.sections.isEmpty { model.items[model.items.count - 1] += ids }
        }
    case 3, 4:
        let ids = newIDs(), after = random.below(2) == 0
        guard let anchor = uniqueItem() else { return }
        _ = after ? snapshot.insertItems(ids, afterItem: anchor) : snapshot.insertItems(ids, beforeItem: anchor)
        let place = model.place(of: anchor)!
        model.items[place.section].insert(contentsOf: ids, at: place.item + (after ? 1 : 0))
    case 5:
        let doomed = (0..<random.below(random.below(3) == 0 ? 60 : 4)).compactMap { _ in
            random.below(6) == 0 ? -7 : model.all.randomElement(using: &random)
        }
        snapshot.deleteItems(doomed)
        model.items = model.items.map { $0.filter { !doomed.contains($0) } }
        model.marked.subtract(doomed)
    case 6, 7:
        guard let item = uniqueItem(), let anchor = uniqueItem() else { return }
        let after = random.below(2) == 0
        let moved = after ? snapshot.moveItem(item, afterItem: anchor) : snapshot.moveItem(item, beforeItem: anchor)
        #expect(moved)
        guard item != anchor else { return }
        let from = model.place(of: item)!
        model.items[from.section].remove(at: from.item)
        let to = model.place(of: anchor)!
        model.items[to.section].insert(item, at: to.item + (after ? 1 : 0))
    case 8:
        let doomed = (0..<random.below(3)).compactMap { _ in anySection() }
        snapshot.deleteSections(doomed)
        let keep = model.sections.indices.filter { !doomed.contains(model.sections[$0]) }
        model.sections = keep.map { model.sections[$0] }
        model.items = keep.map { model.items[$0] }
        model.marked.formIntersection(model.all)
    case 9:
        guard let anchor = anySection() else { return }
        let names = (0..<(1 + random.below(2))).map { _ in "t\(random.below(30))" }.filter { !model.sections.contains($0) }
        let after = random.below(2) == 0
        let found = after ? snapshot.insertSections(names, afterSection: anchor) : snapshot.insertSections(names, beforeSection: anchor)
        #expect(found == model.sections.contains(anchor))
        guard let place = model.sections.firstIndex(of: anchor) else { return }
        model.sections.insert(contentsOf: names, at: place + (after ? 1 : 0))
        model.items.insert(contentsOf: names.map { _ in [] }, at: place + (after ? 1 : 0))
    case 10:
        guard let section = anySection(), let other = anySection() else { return }
        let after = random.below(2) == 0
        let moved = after ? snapshot.moveSection(section, afterSection: other) : snapshot.moveSection(section, beforeSection: other)
        #expect(moved == (model.sections.contains(section) && model.sections.contains(other)))
        guard moved && section != other else { return }
        let from = model.sections.firstIndex(of: section)!
        let (name, items) = (model.sections.remove(at: from), model.items.remove(at: from))
        let to = model.sections.firstIndex(of: other)! + (after ? 1 : 0)
        model.sections.insert(name, at: to)
        model.items.insert(items, at: to)
    default:
        if random.below(10) == 0 {
            snapshot.clearReconfiguredItems()
            model.marked = []
        } else if random.below(40) == 0 {
            snapshot.deleteAllItems()
            model = Model()
        } else {
            let ids = (0..<random.below(4)).compactMap { _ in random.below(5) == 0 ? -3 : model.all.randomElement(using: &random) }
            snapshot.reconfigureItems(ids)
            model.marked.formUnion(ids.filter { $0 >= 0 })
        }
    }
}

@Suite struct ItemSnapshotPropertyTests {
    @Test(arguments: 0..<150) func editsMatchABruteForceModel(seed: Int) throws {
        var random = SplitMix64(seed: 60_000 + seed)
        var snapshot = Snapshot(chunkCapacity: [2, 3, 5, 16, 512][random.below(5)])
        var model = Model()
        var fresh = 0
        for step in 0..<120 {
            randomEdit(&snapshot, &model, fresh: &fresh, &random)
            #expect(snapshot.storageIsConsistent, "seed \(seed) step \(step)")
            #expect(snapshot.sectionIdentifiers == model.sections, "seed \(seed) step \(step)")
            #expect(contents(snapshot) == model.items, "seed \(seed) step \(step)")
            #expect(snapshot.numberOfItems == model.all.count && snapshot.sectionCounts == model.items.map(\.count))
            let repeats = Set(model.all).count < model.all.count || Set(model.sections).count < model.sections.count
            #expect(snapshot.containsDuplicateIdentifiers == repeats, "seed \(seed) step \(step)")
            #expect(Set(snapshot.reconfiguredItemIdentifiers) == model.marked, "seed \(seed) step \(step)")
            // Lookups by identifier and by place.
            for _ in 0..<4 {
                guard let id = model.all.randomElement(using: &random) else { break }
                if model.isUnique(id) {
                    #expect(snapshot.indexPath(for: id) == model.place(of: id), "seed \(seed) step \(step)")
                } else if let path = snapshot.indexPath(for: id) {
                    #expect(model.items[path.section][path.item] == id, "a repeated identifier is found at one of its places")
                }
                let path = model.place(of: id)!
                #expect(snapshot.itemIdentifier(at: path) == id)
                #expect(snapshot.section(containing: id).map(model.sections.contains) == true)
            }
            #expect(!snapshot.contains(-1) && snapshot.indexPath(for: -1) == nil)
        }
    }
}
