import SweepTestSupport
import SweepGeometry
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

    @Test func removingItemsClosesTheGapAndJoinsTheRangesOnEitherSide() {
        var set = IndexRanges([0...9, 20...29, 40...49])
        set.removeItems(10...19)
        #expect(set.ranges == [0...19, 30...39])
        #expect(set.count == 30)
        set.removeItems(5...34)
        #expect(set.ranges == [0...9])
        #expect(set.count == 10)
    }

    @Test func insertingItemsOpensAGapThatSplitsARange() {
        var set = IndexRanges([0...9, 20...29])
        set.insertItems(at: 5, count: 3)
        #expect(set.ranges == [0...4, 8...12, 23...32])
        #expect(set.count == 20)
        set.insertItems(at: 40, count: 100)
        #expect(set.ranges == [0...4, 8...12, 23...32])
    }

    @Test func rangesBuiltInOrderStayShallow() {
        var set = IndexRanges()
        for index in 0..<200_000 { set.insert((2 * index)...(2 * index)) { _ in } }
        #expect(set.rangeCount == 200_000)
        // A treap's expected depth is about 2.99 log2(r), 53 for 200,000 ranges; a list would be 200,000.
        #expect(set.treeDepth < 80, "depth \(set.treeDepth)")
        // Every item but the first and last goes; the last closes up to the first.
        set.removeItems(1...399_997)
        #expect(set.ranges == [0...1])
        #expect(set.isValid)
    }

    /// Every operation, shifts included, against an array of flags that
    /// shifts the slow way.
    @Test(arguments: 0..<60) func shiftsAndEditsMatchABruteForceArray(seed: Int) {
        var random = SplitMix64(seed: seed)
        var set = IndexRanges()
        var model = [Bool](repeating: false, count: 300)
        for _ in 0..<300 {
            let a = random.below(260), b = a + random.below(30)
            switch random.below(6) {
            case 0:
                set.insert(a...b) { _ in }
                for i in a...b { model[i] = true }
            case 1:
                set.remove(a...b) { _ in }
                for i in a...b { model[i] = false }
            case 2:
                set.toggle(a...b, added: { _ in }, removed: { _ in })
                for i in a...b { model[i].toggle() }
            case 3:
                set.removeItems(a...b)
                model.removeSubrange(a...b)
                model.append(contentsOf: repeatElement(false, count: b - a + 1))
            default:
                let gap = 1 + random.below(15)
                set.insertItems(at: a, count: gap)
                model.insert(contentsOf: repeatElement(false, count: gap), at: a)
                // Items pushed past the model's end are dropped from both.
                set.remove(300...Int.max) { _ in }
                model.removeLast(gap)
            }
            #expect(set.isValid, "invalid after an operation: \(set)")
            let expected = model.indices.filter { model[$0] }
            #expect(set.count == expected.count)
            #expect(IndexRanges(expected.map { $0...$0 }) == set, "seed \(seed): \(set)")
            if let probe = Optional(random.below(300)) {
                #expect(set.contains(probe) == model[probe])
                let nearest = expected.min { abs($0 - probe) < abs($1 - probe) || (abs($0 - probe) == abs($1 - probe) && $0 > $1) }
                #expect(set.nearest(to: probe) == nearest)
            }
        }
    }

    @Test func equalSetsAreEqualHowEverTheyWereBuilt() {
        var a = IndexRanges(), b = IndexRanges()
        for i in stride(from: 0, to: 100, by: 3) { a.insert(i...(i + 1)) { _ in } }
        for i in stride(from: 0, to: 100, by: 3).reversed() { b.insert(i...(i + 1)) { _ in } }
        b.insert(500...600) { _ in }
        b.remove(500...600) { _ in }
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
    }

    @Test(arguments: 0..<20) func aSetBuiltFromSortedRangesAtOnceIsTheOneInsertsBuild(seed: Int) {
        var random = SplitMix64(seed: 80_000 + seed)
        var ranges: [ClosedRange<Int>] = []
        var next = random.below(5)
        for _ in 0..<random.below(seed == 0 ? 1 : 3000) {
            let end = next + random.below(4)
            ranges.append(next...end)
            next = end + 2 + random.below(6)
        }
        var built = IndexRanges(sortedRanges: ranges)
        #expect(built == IndexRanges(ranges) && built.count == IndexRanges(ranges).count)
        #expect(built.isValid, "sorted, counted, heap-ordered")
        // As balanced as a treap built by inserts: about 3 log2(r) deep.
        let log2 = Int.bitWidth - ranges.count.leadingZeroBitCount
        #expect(built.treeDepth <= 4 * log2 + 4, "depth \(built.treeDepth) for \(ranges.count) ranges")
        // It edits like any other set.
        built.removeItems(0...2)
        built.insert(0...0) { _ in }
        #expect(built.isValid)
        let selection = Selection(sortedRanges: ranges.map { ItemRange(section: 2, items: $0) })
        #expect(selection == Selection(ranges.map { ItemRange(section: 2, items: $0) }))
    }
}

/// `IndexRanges.union`, `subtracting` and `init(sorted:)` against the set of items they stand for.
@Suite struct IndexRangesMergingTests {
    private func items(_ ranges: [ClosedRange<Int>]) -> Set<Int> { Set(ranges.flatMap { $0 }) }

    /// Random sorted, separate ranges within 0..<200.
    private func randomRanges(_ generator: inout some RandomNumberGenerator) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = [], cursor = Int.random(in: 0...5, using: &generator)
        while cursor < 200 {
            let end = min(199, cursor + Int.random(in: 0...6, using: &generator))
            result.append(cursor...end)
            cursor = end + 2 + Int.random(in: 0...8, using: &generator)
        }
        return result
    }

    @Test func unionAndSubtractionAreTheSetOperations() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let a = randomRanges(&generator), b = randomRanges(&generator)
            let union = IndexRanges.union(a, b)
            #expect(items(union) == items(a).union(items(b)))
            #expect(IndexRanges(sorted: union).isValid, "the union is sorted, separate and merged")
            let difference = IndexRanges.subtracting(b, from: a)
            #expect(items(difference) == items(a).subtracting(items(b)))
            #expect(IndexRanges(sorted: difference).isValid)
        }
    }

    @Test func edgesAndUnsortedInput() {
        #expect(IndexRanges.union([0...3], [4...6]) == [0...6], "touching ranges merge")
        #expect(IndexRanges.union([], [2...2]) == [2...2])
        #expect(IndexRanges.subtracting([0...Int.max], from: [5...9, 20...30]).isEmpty)
        #expect(IndexRanges.subtracting([3...3], from: [0...Int.max]) == [0...2, 4...Int.max])
        let unsorted = IndexRanges(sorted: [8...9, 1...2, 2...4])
        #expect(unsorted.ranges == [1...4, 8...9] && unsorted.isValid, "unsorted ranges are inserted one by one")
    }
}
