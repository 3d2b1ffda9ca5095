import SweepTestSupport
import Testing
@testable import SweepSelection

@Suite struct IndexRangesTests {
    private func collect(_ body: ((ClosedRange<Int>) -> Void) -> Void) -> [ClosedRange<Int>] {
        var parts: [ClosedRange<Int>] = []
        body { parts.append($0) }
        return parts
    }

    @Test func insertMergesOverlappingAndTouchingRanges() {
        var set = IndexRanges([0...2, 10...12])
        let added = collect { set.insert(3...9, added: $0) }
        #expect(added == [3...9])
        #expect(set.ranges == [0...12])
        #expect(set.count == 13)
    }

    @Test func insertReportsOnlyTheNewParts() {
        var set = IndexRanges([5...10, 20...25])
        let added = collect { set.insert(0...30, added: $0) }
        #expect(added == [0...4, 11...19, 26...30])
        #expect(set.ranges == [0...30])
    }

    @Test func removeSplitsARange() {
        var set = IndexRanges([0...100])
        let removed = collect { set.remove(40...60, removed: $0) }
        #expect(removed == [40...60])
        #expect(set.ranges == [0...39, 61...100])
        #expect(set.count == 80)
    }

    @Test func toggleFlipsEachItem() {
        var set = IndexRanges([0...4, 10...14])
        var added: [ClosedRange<Int>] = [], removed: [ClosedRange<Int>] = []
        set.toggle(3...11, added: { added.append($0) }, removed: { removed.append($0) })
        #expect(set.ranges == [0...2, 5...9, 12...14])
        #expect(added == [5...9])
        #expect(removed == [3...4, 10...11])
    }

    @Test func selectingTenMillionItemsIsOneRange() {
        var set = IndexRanges()
        set.insert(0...9_999_999) { _ in }
        #expect(set.ranges.count == 1)
        #expect(set.count == 10_000_000)
        #expect(set.contains(9_999_999) && !set.contains(10_000_000))
    }

    @Test func selectAllOverAFragmentedSelectionCollapsesToOneRange() {
        var set = IndexRanges()
        for item in stride(from: 0, to: 1_000_000, by: 2) { set.insert(item...item) { _ in } }
        #expect(set.ranges.count == 500_000)
        var added = 0
        set.insert(0...999_999) { added += $0.count }
        #expect(added == 500_000)
        #expect(set.ranges == [0...999_999])
    }

    @Test func nearestFindsTheCloserNeighbour() {
        let set = IndexRanges([10...20, 40...50])
        #expect(set.nearest(to: 15) == 15)
        #expect(set.nearest(to: 25) == 20)
        #expect(set.nearest(to: 35) == 40)
        #expect(set.nearest(to: 0) == 10)
        #expect(set.nearest(to: 99) == 50)
        #expect(IndexRanges().nearest(to: 3) == nil)
    }

    @Test(arguments: 0..<40) func randomOperationsMatchABruteForceSet(seed: Int) {
        var random = SplitMix64(seed: seed)
        var set = IndexRanges()
        var model = Set<Int>()
        for _ in 0..<300 {
            let a = random.below(200), b = a + random.below(20)
            var added = Set<Int>(), removed = Set<Int>()
            switch random.below(3) {
            case 0:
                set.insert(a...b) { added.formUnion($0) }
                #expect(added == Set(a...b).subtracting(model))
                model.formUnion(a...b)
            case 1:
                set.remove(a...b) { removed.formUnion($0) }
                #expect(removed == Set(a...b).intersection(model))
                model.subtract(a...b)
            default:
                set.toggle(a...b, added: { added.formUnion($0) }, removed: { removed.formUnion($0) })
                #expect(added == Set(a...b).subtracting(model))
                #expect(removed == Set(a...b).intersection(model))
                model.formSymmetricDifference(Set(a...b))
            }
            #expect(set.isValid, "ranges not sorted, disjoint and non-adjacent: \(set)")
            #expect(set.count == model.count)
        }
        for item in 0..<230 { #expect(set.contains(item) == model.contains(item)) }
    }
}
