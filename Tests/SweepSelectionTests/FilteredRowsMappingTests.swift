import SweepTestSupport
import Testing
@testable import SweepSelection

/// Model: sorted runs of a set of indices.
private func runs<S: Sequence>(_ values: S) -> [ClosedRange<Int>] where S.Element == Int {
    var result: [ClosedRange<Int>] = []
    for value in Set(values).sorted() {
        if let last = result.last, last.upperBound + 1 == value { result[result.count - 1] = last.lowerBound...value }
        else { result.append(value...value) }
    }
    return result
}

/// Rows that claim ascending order without proving it (the binary searches
/// must cope with a type that lies).
private struct ClaimedAscending: FilteredRows {
    let items: [Int]
    var rowCount: Int { items.count }
    func sourceItem(atRow row: Int) -> Int { items[row] }
    var order: RowOrder { .ascending }
}

@Suite struct FilteredRowsMappingTests {
    @Test func ascendingRowsMapBothWays() {
        let rows = SourceItemList([0, 2, 3, 5], order: .ascending)
        #expect(rows.rowRanges(showing: [0...0, 2...5]) == [0...3])
        #expect(rows.rowRanges(showing: [1...1, 4...4]) == [])
        #expect(rows.rowRanges(showing: [3...4]) == [2...2])
        #expect(rows.sourceRanges(inRows: [0...3]) == [0...0, 2...3, 5...5])
        #expect(rows.sourceRanges(inRows: [1...2, 7...9]) == [2...3])
        #expect(rows.row(showing: 3) == 2 && rows.row(showing: 4) == nil)
        #expect(rows.firstRow(atOrAfter: 4) == 3 && rows.firstRow(atOrAfter: 6) == 4 && rows.firstRow(atOrAfter: -3) == 0)
    }

    @Test func allItemsMapOneToOne() {
        let rows = AllSourceItems(count: 3)
        #expect(rows.rowRanges(showing: [1...10]) == [1...2])
        #expect(rows.sourceRanges(inRows: [0...0, 1...2]) == [0...2])
        #expect(rows.rowRanges(showing: [0...Int.max]) == [0...2])
        #expect(rows.row(showing: 3) == nil && rows.row(showing: 2) == 2)
        #expect(AllSourceItems(count: -4).rowCount == 0)
    }

    @Test func anArbitraryOrderMapsThroughTheRows() {
        // A sort: row 0 shows item 9, row 1 item 3, and so on.
        let rows = SourceItemList([9, 3, 7, 1, 4, 8])
        #expect(rows.rowRanges(showing: [3...4]) == [1...1, 4...4])
        #expect(rows.rowRanges(showing: [7...9]) == [0...0, 2...2, 5...5])
        #expect(rows.sourceRanges(inRows: [1...2]) == [3...3, 7...7])
        #expect(rows.sourceRanges(inRows: [0...5]) == [1...1, 3...4, 7...9])
        #expect(rows.row(showing: 7) == 2 && rows.row(showing: 2) == nil)
    }

    @Test func rowsWithinBoundsOnly() {
        let rows = SourceItemList([0, 2, 3, 5, 8, 9], order: .ascending)
        #expect(rows.rowRanges(showing: [0...9], within: 4..<6) == [4...5])
        #expect(rows.rowRanges(showing: [0...3], within: 4..<6) == [])
        #expect(rows.rowRanges(showing: [0...9], within: 5..<40) == [5...5])
        let shuffled = SourceItemList([8, 0, 9, 2])
        #expect(shuffled.rowRanges(showing: [8...9], within: 1..<4) == [2...2])
    }

    /// Row ranges past the ends, empty rows, and a type that claims an
    /// order it does not have give answers, never a trap.
    @Test func badInputNeverTraps() {
        let rows = SourceItemList([4, 6], order: .ascending)
        #expect(rows.sourceRanges(inRows: [-5...(-1), 2...9]) == [])
        #expect(rows.rowRanges(showing: [Int.min...Int.max]) == [0...1])
        #expect(SourceItemList([]).sourceRanges(inRows: [0...3]) == [])
        #expect(SourceItemList([], order: .ascending).rowRanges(showing: [0...3]) == [])
        let liar = ClaimedAscending(items: [9, 2, 7, 1, Int.max, Int.min, 3])
        for range in [0...6, 2...5, 4...4] {
            for found in liar.sourceRanges(inRows: [range]) { #expect(found.lowerBound <= found.upperBound) }
        }
        _ = liar.rowRanges(showing: [0...Int.max, Int.min...(-1)])
        _ = SourceItemList([Int.max, Int.min, 0]).sourceRanges(inRows: [0...2])
    }

    @Test func denseAndSparseArbitraryRowsGiveTheSameRuns() {
        var random = SplitMix64(seed: 11)
        // Dense: a shuffled permutation of 0..<5000 (a bit per item).
        var permutation = Array(0..<5000)
        permutation.shuffle(using: &random)
        let dense = SourceItemList(permutation)
        #expect(dense.sourceRanges(inRows: [0...4999]) == [0...4999])
        let half = dense.sourceRanges(inRows: [0...2499])
        #expect(half == runs(permutation[0...2499]))
        // Sparse: items far apart (a sort).
        let sparse = SourceItemList((0..<300).map { _ in random.below(1_000_000_000) })
        #expect(sparse.sourceRanges(inRows: [0...299]) == runs(sparse.items))
    }

    /// Property: against sets of indices, for every order, random rows and
    /// random selections.
    @Test func agreesWithTheBruteForceModel() {
        var random = SplitMix64(seed: 23)
        for round in 0..<600 {
            let sourceCount = random.below(80)
            let kept = (0..<sourceCount).filter { _ in random.below(3) != 0 }
            let rows: any FilteredRows
            switch round % 3 {
            case 0: rows = AllSourceItems(count: sourceCount)
            case 1: rows = SourceItemList(kept, order: .ascending)
            default: rows = SourceItemList(kept.shuffled(using: &random))
            }
            let shown = (0..<rows.rowCount).map { rows.sourceItem(atRow: $0) }

            let selected = Set((0..<sourceCount).filter { _ in random.below(3) == 0 })
            #expect(rows.rowRanges(showing: IndexRanges(runs(selected))) == runs(shown.indices.filter { selected.contains(shown[$0]) }))
            let lower = random.below(shown.count + 1), upper = lower + random.below(shown.count - lower + 1)
            #expect(rows.rowRanges(showing: IndexRanges(runs(selected)), within: lower..<upper)
                    == runs((lower..<upper).filter { selected.contains(shown[$0]) }))

            let chosenRows = (0..<shown.count).filter { _ in random.below(2) == 0 }
            let expected = runs(chosenRows.map { shown[$0] })
            #expect(rows.sourceRanges(inRows: runs(chosenRows)) == expected)
            // Unmerged single rows, and rows given backwards, give the same.
            #expect(rows.sourceRanges(inRows: chosenRows.map { $0...$0 }) == expected)
            #expect(rows.sourceRanges(inRows: chosenRows.reversed().map { $0...$0 }) == expected)
            // Round trip: the items of rows map back to those rows.
            #expect(rows.rowRanges(showing: IndexRanges(expected)) == runs(chosenRows))

            let probe = random.below(sourceCount + 2) - 1
            #expect(rows.row(showing: probe) == shown.firstIndex(of: probe))
            if rows.order != .arbitrary {
                #expect(rows.firstRow(atOrAfter: probe) == (shown.firstIndex { $0 >= probe } ?? shown.count))
            }
        }
    }
}

/// `SourceItemBits`: a selection carried from one order of rows to another as a bit per item.
@Suite struct SourceItemBitsTests {
    @Test func rowsToBitsToOtherRows() {
        let old = SourceItemList([5, 1, 9, 3, 7, 0], order: .arbitrary)
        let bits = old.itemBits(inRows: [0...1, 3...3, 9...12], itemCount: 10)
        #expect(bits.count == 3 && bits.ranges == [1...1, 3...3, 5...5], "rows 0, 1, 3: items 5, 1, 3; rows past the end ignored")
        let new = SourceItemList([0, 1, 2, 3, 4, 5, 6], order: .ascending)
        #expect(new.rowRanges(showing: bits) == [1...1, 3...3, 5...5])
        let reversed = SourceItemList([9, 7, 5, 3, 1], order: .arbitrary)
        #expect(reversed.rowRanges(showing: bits) == [2...4])
        var outside = SourceItemBits(itemCount: 4)
        outside.insert(-1)
        outside.insert(4)
        outside.insert(2)
        outside.insert(2)
        #expect(outside.count == 1 && outside.ranges == [2...2] && !outside.contains(9))
        #expect(new.rowRanges(showing: SourceItemBits(itemCount: 0)).isEmpty)
    }
}
