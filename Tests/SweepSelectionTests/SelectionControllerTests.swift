import SweepTestSupport
import SweepGeometry
import Testing
@testable import SweepSelection

/// Records every delegate call, and can refuse or redirect.
final class RecordingDelegate: SelectionDelegate {
    var calls: [String] = []
    var redirect: [ItemPath: ItemPath?] = [:]
    var refuseDeselect = false
    var allowSweeps = true

    func shouldSelect(_ item: ItemPath, source: SelectionSource) -> ItemPath? {
        calls.append("shouldSelect \(item)")
        if let answer = redirect[item] { return answer }
        return item
    }
    func didSelect(_ item: ItemPath, source: SelectionSource) { calls.append("didSelect \(item) \(source)") }
    func shouldDeselect(_ item: ItemPath, source: SelectionSource) -> Bool { !refuseDeselect }
    func didDeselect(_ item: ItemPath, source: SelectionSource) { calls.append("didDeselect \(item)") }
    func shouldBeginMultipleSelectionInteraction(at item: ItemPath) -> Bool { allowSweeps }
    func didBeginMultipleSelectionInteraction(at item: ItemPath) { calls.append("didBegin \(item)") }
    func didEndMultipleSelectionInteraction() { calls.append("didEnd") }
    func didActivate(_ item: ItemPath) { calls.append("activate \(item)") }
}

@Suite struct SelectionConfigurationTests {
    @Test func uikitDefaults() {
        let configuration = SelectionConfiguration()
        #expect(configuration.allowsSelection && !configuration.allowsMultipleSelection)
        #expect(!configuration.allowsSelectionDuringEditing && !configuration.allowsMultipleSelectionDuringEditing)
    }

    @Test func multipleDuringEditingImpliesSelectionDuringEditing() {
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        #expect(configuration.allowsSelectionDuringEditing)
        configuration.allowsSelectionDuringEditing = false
        #expect(!configuration.allowsMultipleSelectionDuringEditing)
    }
}

@Suite struct SelectionControllerTests {
    private func ip(_ item: Int, _ section: Int = 0) -> ItemPath { ItemPath(section: section, item: item) }

    private func multiEditing(counts: [Int] = [100]) -> (SelectionController, RecordingDelegate) {
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelectionDuringEditing = true
        let controller = SelectionController(itemCounts: counts, configuration: configuration)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        controller.setEditing(true)
        return (controller, delegate)
    }

    @Test func singleSelectionReplacesThePreviousItemAndActivates() {
        let controller = SelectionController(itemCounts: [10])
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        controller.select(ip(2), source: .tap)
        let change = controller.select(ip(5), source: .tap)
        #expect(change.removed == [ItemRange(section: 0, items: 2...2)] && change.added == [ItemRange(section: 0, items: 5...5)])
        #expect(Array(controller.selectedIndexPaths) == [ip(5)])
        #expect(delegate.calls.contains("didDeselect [0, 2]"))
        #expect(delegate.calls.last == "activate [0, 5]")
    }

    @Test func shouldSelectMayRefuseOrRedirect() {
        let controller = SelectionController(itemCounts: [10])
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        delegate.redirect = [ip(1): nil, ip(2): ip(7)]
        #expect(controller.select(ip(1), source: .click).isEmpty)
        controller.select(ip(2), source: .click)
        #expect(Array(controller.selectedIndexPaths) == [ip(7)])
    }

    @Test func nothingIsSelectedWhileEditingByDefault() {
        let controller = SelectionController(itemCounts: [10])
        controller.setEditing(true)
        #expect(controller.select(ip(1), source: .tap).isEmpty)
    }

    @Test func leavingEditingClearsTheSelection() {
        let (controller, _) = multiEditing()
        controller.selectRanges([ItemRange(section: 0, items: 3...9)], additive: false, source: .click)
        let change = controller.setEditing(false)
        #expect(change.removedCount == 7)
        #expect(controller.selectedCount == 0)
    }

    @Test func programmaticChangesDoNotCallDidSelect() {
        let (controller, delegate) = multiEditing()
        let (change, request) = controller.selectItem(at: ip(4), scrollPosition: .middle)
        #expect(change.addedCount == 1)
        #expect(request == ScrollRequest(item: ip(4), position: .middle))
        controller.deselectItem(at: ip(4))
        #expect(!delegate.calls.contains { $0.hasPrefix("didSelect") || $0.hasPrefix("didDeselect") })
    }

    @Test func selectAllIsOneRangePerSectionAndDeselectAllEmpties() {
        let (controller, _) = multiEditing(counts: [10_000_000, 5, 0])
        let change = controller.selectAll()
        #expect(change.added == [ItemRange(section: 0, items: 0...9_999_999), ItemRange(section: 1, items: 0...4)])
        #expect(controller.selectedCount == 10_000_005)
        #expect(controller.deselectAll().removedCount == 10_000_005)
    }

    @Test func thePredicateForbidsItemsEverywhere() {
        let (controller, _) = multiEditing(counts: [20])
        controller.predicate = ForbiddenItems([ItemRange(section: 0, items: 5...6)])
        controller.selectAll()
        #expect(controller.model.committed.ranges == [ItemRange(section: 0, items: 0...4), ItemRange(section: 0, items: 7...19)])
        #expect(controller.deselectAll().removedCount == 18)
        #expect(controller.select(ip(5), source: .tap).isEmpty)
        _ = controller.updateProvisional(.select, [ItemRange(section: 0, items: 0...10)])
        #expect(!controller.isSelected(ip(6)))
    }

    @Test func shiftRangesReplaceOrAdd() {
        let (controller, _) = multiEditing()
        controller.select(ip(50), source: .click)
        controller.selectRanges([ItemRange(section: 0, items: 10...12)], additive: false, source: .click)
        #expect(controller.model.committed.ranges == [ItemRange(section: 0, items: 10...12)])
        controller.selectRanges([ItemRange(section: 0, items: 20...21)], additive: true, source: .click)
        #expect(controller.selectedCount == 5)
    }

    @Test func aSweepAsksBeginsAndEnds() {
        let (controller, delegate) = multiEditing()
        #expect(controller.beginMultipleSelection(at: ip(3)))
        _ = controller.updateProvisional(.select, [ItemRange(section: 0, items: 3...8)])
        controller.commitProvisional()
        controller.endMultipleSelection()
        #expect(controller.selectedCount == 6)
        #expect(delegate.calls == ["didBegin [0, 3]", "didEnd"])
        delegate.allowSweeps = false
        #expect(!controller.beginMultipleSelection(at: ip(3)))
    }

    @Test func returningFromAnActivatedItemDeselectsIt() {
        let controller = SelectionController(itemCounts: [10])
        controller.select(ip(3), source: .tap)
        #expect(controller.activatedItem == ip(3))
        #expect(controller.returnFromActivation().removed == [ItemRange(section: 0, items: 3...3)])
        #expect(controller.selectedCount == 0)
    }

    @Test func nearestSelectedItem() {
        let (controller, _) = multiEditing(counts: [100, 100])
        controller.selectRanges([ItemRange(section: 1, items: 40...45)], additive: false, source: .click)
        #expect(controller.nearestSelectedItem(to: ip(90, 1)) == ip(45, 1))
        #expect(controller.nearestSelectedItem(to: ip(3, 0)) == ip(40, 1))
    }

    @Test(arguments: 0..<30) func policiesAreNeverViolated(seed: Int) {
        var random = SplitMix64(seed: seed)
        var configuration = SelectionConfiguration()
        configuration.allowsMultipleSelection = random.below(2) == 0
        configuration.allowsMultipleSelectionDuringEditing = random.below(2) == 0
        let controller = SelectionController(itemCounts: [40, 40], configuration: configuration,
                                             predicate: ForbiddenItems([ItemRange(section: 0, items: 10...12), ItemRange(section: 1, items: 0...0)]))
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        for _ in 0..<200 {
            let item = ItemPath(section: random.below(2), item: random.below(45))
            let range = ItemRange(section: item.section, items: item.item...(item.item + random.below(15)))
            switch random.below(9) {
            case 0: controller.select(item, source: .tap)
            case 1: controller.toggle(item, source: .click)
            case 2: controller.selectRanges([range], additive: random.below(2) == 0, source: .click)
            case 3: controller.selectAll()
            case 4: controller.setEditing(!controller.isEditing)
            case 5:
                let kinds: [ProvisionalKind] = [.select, .deselect, .replace, .extend, .toggle]
                _ = controller.updateProvisional(kinds[random.below(5)], [range])
            case 6: controller.commitProvisional()
            case 7: _ = controller.cancelProvisional()
            default: controller.deselect(item, source: .tap)
            }
            let selected = controller.model.effectiveRanges.flatMap { range in range.items.map { ItemPath(section: range.section, item: $0) } }
            if !configuration.allowsMultipleSelection(editing: controller.isEditing) {
                #expect(selected.count <= 1, "more than one item in single-selection mode: \(selected)")
            }
            #expect(!selected.contains { $0.section == 0 && (10...12).contains($0.item) || $0 == ItemPath(section: 1, item: 0) })
            #expect(!selected.contains { $0.item >= 40 }, "an item that does not exist")
            #expect(controller.model.committed.isValid)
        }
    }
}

/// Replacing the selection with ranges in order is a merge of the two lists:
/// checked against the range-by-range path on random selections.
@Suite struct SelectionReplacementTests {
    @Test func aWholeNewSelectionInOrderReportsWhatARangeByRangeOneWould() {
        var random = SplitMix64(seed: 43)
        for _ in 0..<300 {
            func randomRanges() -> [ItemRange] {
                var ranges: [ItemRange] = [], item = random.below(5)
                for section in 0..<2 {
                    item = random.below(5)
                    while item < 200 && random.below(8) != 0 {
                        let length = 1 + random.below(6)
                        ranges.append(ItemRange(section: section, items: item...(item + length - 1)))
                        item += length + 1 + random.below(10)
                    }
                }
                return ranges
            }
            let before = randomRanges(), after = randomRanges()
            var configuration = SelectionConfiguration()
            configuration.allowsMultipleSelection = true
            let fast = SelectionController(itemCounts: [300, 300], configuration: configuration)
            let slow = SelectionController(itemCounts: [300, 300], configuration: configuration)
            for controller in [fast, slow] { _ = controller.selectRanges(before, additive: true, source: .api) }
            let change = fast.selectRanges(after, additive: false, source: .api)
            // The slow path: deselect what goes, then select what comes, range by range.
            var expected = SelectionChange()
            for range in before { for item in range.items where !after.contains(where: { $0.section == range.section && $0.items.contains(item) }) {
                expected.remove(ItemRange(section: range.section, items: item...item)) } }
            for range in after { for item in range.items where !before.contains(where: { $0.section == range.section && $0.items.contains(item) }) {
                expected.add(ItemRange(section: range.section, items: item...item)) } }
            #expect(change == expected)
            #expect(fast.model.committed.ranges == Selection(after).ranges && fast.model.committed.count == Selection(after).count)
            // Out of order, the range-by-range path: the same selection.
            _ = slow.selectRanges(after.reversed(), additive: false, source: .api)
            #expect(fast.model.committed.ranges == slow.model.committed.ranges)
        }
    }
}
