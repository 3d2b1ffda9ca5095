import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

@Suite struct SelectionModelTests {
    private func r(_ items: ClosedRange<Int>, section: Int = 0) -> ItemRange { ItemRange(section: section, items: items) }

    private func model(committed: [ItemRange]) -> SelectionModel {
        var model = SelectionModel()
        model.withCommitted { selection in for range in committed { selection.insert(range) } }
        return model
    }

    @Test func aSweepThatSelectsReportsOnlyNewItems() {
        var model = model(committed: [r(3...4)])
        let first = model.setProvisional(ProvisionalSelection(.select, [r(2...6)]))
        #expect(first.added == [r(2...2), r(5...6)])
        #expect(first.removed.isEmpty)
        // Moving back over items reverts them to their state before the sweep.
        let back = model.setProvisional(ProvisionalSelection(.select, [r(2...3)]))
        #expect(back.removed == [r(5...6)])
        #expect(model.isSelected(ItemPath(item: 4)), "4 was selected before the sweep")
    }

    @Test func aDeselectingSweepRestoresWhatItLeaves() {
        var model = model(committed: [r(0...9)])
        _ = model.setProvisional(ProvisionalSelection(.deselect, [r(2...8)]))
        #expect(!model.isSelected(ItemPath(item: 5)))
        let back = model.setProvisional(ProvisionalSelection(.deselect, [r(2...4)]))
        #expect(back.added == [r(5...8)])
    }

    @Test func aReplacingBandDropsTheRestUntilCancelled() {
        var model = model(committed: [r(0...3), r(20...21)])
        let begin = model.setProvisional(ProvisionalSelection(.replace, [r(2...5)]))
        #expect(begin.added == [r(4...5)])
        #expect(begin.removed == [r(0...1), r(20...21)])
        let cancel = model.cancelProvisional()
        #expect(cancel.added == [r(0...1), r(20...21)])
        #expect(cancel.removed == [r(4...5)])
        #expect(model.committed.ranges == [r(0...3), r(20...21)])
    }

    @Test func extendAndToggleBands() {
        var extend = model(committed: [r(0...1)])
        _ = extend.setProvisional(ProvisionalSelection(.extend, [r(1...3)]))
        extend.commitProvisional()
        #expect(extend.committed.ranges == [r(0...3)])
        var toggle = model(committed: [r(0...1)])
        let change = toggle.setProvisional(ProvisionalSelection(.toggle, [r(1...3)]))
        #expect(change.added == [r(2...3)] && change.removed == [r(1...1)])
        toggle.commitProvisional()
        #expect(toggle.committed.ranges == [r(0...0), r(2...3)])
    }

    @Test func effectiveRangesSpanSections() {
        var model = model(committed: [r(0...1, section: 0)])
        _ = model.setProvisional(ProvisionalSelection(.select, [r(5...9, section: 0), r(0...2, section: 1)]))
        #expect(model.effectiveRanges == [r(0...1), r(5...9), r(0...2, section: 1)])
        #expect(model.count == 10)
    }

    /// The effective selection computed item by item, the slow obvious way.
    private func bruteForce(committed: Set<ItemPath>, kind: ProvisionalKind, covered: Set<ItemPath>,
                            universe: [ItemPath]) -> Set<ItemPath> {
        Set(universe.filter { kind.effective(committed: committed.contains($0), covered: covered.contains($0)) })
    }

    @Test(arguments: 0..<60) func gesturesMatchABruteForceModel(seed: Int) {
        var random = SplitMix64(seed: seed)
        let universe = (0..<3).flatMap { section in (0..<60).map { ItemPath(section: section, item: $0) } }
        var model = SelectionModel()
        var committed = Set<ItemPath>()
        for _ in 0..<15 {
            let kinds: [ProvisionalKind] = [.select, .deselect, .replace, .extend, .toggle]
            let kind = kinds[random.below(kinds.count)]
            var effective = committed
            for _ in 0..<(1 + random.below(6)) {
                var ranges: [ItemRange] = []
                for section in 0..<3 where random.below(2) == 0 {
                    let a = random.below(60), b = min(59, a + random.below(25))
                    ranges.append(ItemRange(section: section, items: a...b))
                }
                var change = SelectionChange()
                model.setProvisional(ProvisionalSelection(kind, ranges), into: &change)
                let covered = Set(ranges.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
                let expected = bruteForce(committed: committed, kind: kind, covered: covered, universe: universe)
                let added = Set(change.added.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
                let removed = Set(change.removed.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
                #expect(added == expected.subtracting(effective), "added, kind \(kind)")
                #expect(removed == effective.subtracting(expected), "removed, kind \(kind)")
                for item in universe { #expect(model.isSelected(item) == expected.contains(item)) }
                effective = expected
            }
            if random.below(3) == 0 {
                // Cancel: back exactly to the committed selection.
                let change = model.cancelProvisional()
                let added = Set(change.added.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
                let removed = Set(change.removed.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } })
                #expect(added == committed.subtracting(effective))
                #expect(removed == effective.subtracting(committed))
            } else {
                model.commitProvisional()
                committed = effective
            }
            #expect(Set(model.committed.indexPaths) == committed)
            #expect(model.committed.isValid)
        }
    }

    @Test func aSweepThatReturnsToItsStartChangesNothing() {
        var model = model(committed: [r(2...3), r(9...9)])
        _ = model.setProvisional(ProvisionalSelection(.select, [r(5...5)]))
        _ = model.setProvisional(ProvisionalSelection(.select, [r(5...12)]))
        _ = model.setProvisional(ProvisionalSelection(.select, [r(1...5)]))
        let back = model.setProvisional(ProvisionalSelection(.select, [r(5...5)]))
        #expect(model.effectiveRanges == [r(2...3), r(5...5), r(9...9)])
        #expect(back.added.isEmpty)
    }
}
